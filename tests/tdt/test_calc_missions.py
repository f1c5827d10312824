"""missions calculators: golden cases (golden/missions.toml)."""
from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.games.tdt.calculators import missions

CASES = tomllib.loads((Path(__file__).parent / "golden" / "missions.toml").read_text())["case"]
Calc = Callable[[Mapping[str, Any]], Explained]
RUN: dict[str, Calc] = {"mission": missions.mission, "spoils": missions.spoils}


def dig(result: Any, path: str) -> Any:
    for part in path.split("."):
        result = result[int(part)] if isinstance(result, list) else result[part]
    return result


def run(case: dict[str, Any]) -> Explained:
    return RUN[case.get("op", next(iter(RUN)))](case["input"])


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden(case: dict[str, Any]) -> None:
    assert case["source"]
    if "error" in case:
        with pytest.raises(InvalidInput) as err:
            run(case)
        assert err.value.field == case["error"]
        assert err.value.allowed
        return
    answer = run(case)
    for path, expected in case["expect"].items():
        assert dig(answer.result, path) == expected, path
    assert answer.steps and answer.summary


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
