"""agents calculators (golden cases: golden/agents.toml, run by tests/games/test_golden.py)."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.games.tdt.calculators import agents


@pytest.mark.parametrize("op", agents.OPERATIONS, ids=[op.slug for op in agents.OPERATIONS])
def test_example_runs(op: Any) -> None:
    answer = op.run(op.example)
    assert answer.summary and answer.steps


def test_leftover_reading_is_marked_derived() -> None:
    answer = agents.agent_arrival({"tile_alert": 2, "hq_alert": 0, "henchmen_on_tile": 0})
    assert any(s.provenance == "derived" and s.note == agents.LEFTOVER_NOTE
               for s in answer.steps)


@pytest.mark.parametrize("alert", range(0, 6))
def test_corrupt_costs(alert: int) -> None:
    costs = [o["cost"] for o in agents.corrupt_agency({"hq_alert": alert}).result["options"]]
    assert costs == [max(1, alert), max(1, alert), max(2, 2 * alert)]
