"""missions calculators (golden cases: golden/missions.toml, run by tests/games/test_golden.py)."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.games.tdt.calculators import missions


@pytest.mark.parametrize("op", missions.OPERATIONS, ids=[op.slug for op in missions.OPERATIONS])
def test_example_runs(op: Any) -> None:
    answer = op.run(op.example)
    assert answer.summary and answer.steps


def test_community_requirements_are_flagged() -> None:
    answer = missions.mission({"kind": "resource", "tile": "Skin Trade",
                               "squads": [{"combat": 9}]})
    assert answer.steps[0].provenance == "community"


def test_unknown_hq_readings_are_flagged() -> None:
    answer = missions.mission({"kind": "hq", "tile": "CIA", "high_alert": 0,
                               "squads": [{"combat": 9}]})
    assert any(s.provenance == "unknown" and s.note == missions.NO_ALERT_NOTE
               for s in answer.steps)


def test_no_rewards_when_not_completed() -> None:
    answer = missions.mission({"kind": "resource", "tile": "Skin Trade", "squads": [{}],
                               "rewards": [{"kind": "funding", "amount": 2}]})
    assert answer.result["completed"] is False and "rewards" not in answer.result
