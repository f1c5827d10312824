"""agents calculators: golden cases (golden/agents.toml)."""
from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.games.tdt.calculators import agents

CASES = tomllib.loads((Path(__file__).parent / "golden" / "agents.toml").read_text())["case"]
Calc = Callable[[Mapping[str, Any]], Explained]
RUN: dict[str, Calc] = {"agent-arrival": agents.agent_arrival,
                        "corrupt-agency": agents.corrupt_agency}


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
