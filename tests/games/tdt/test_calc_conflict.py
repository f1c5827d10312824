"""conflict: order independence (golden cases: golden/conflict.toml, run by
tests/games/test_golden.py)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.games.tdt.calculators import conflict
from tests.games.golden import cases_in

CASES = cases_in(Path(__file__).parent / "golden" / "conflict.toml")
ATTRS = ["combat", "stealth", "cunning", "diplomacy"]


@pytest.mark.parametrize(("total", "successes"), [(0, 0), (1, 0), (2, 1), (3, 1), (7, 3), (8, 4)])
def test_one_success_per_two_points(total: int, successes: int) -> None:
    assert conflict.successes(total) == successes


def test_effect_menu_follows_the_offence() -> None:
    answer = conflict.conflict(conflict.OPERATIONS[0].example)
    azura, jin = answer.result["sides"]
    assert azura["attack"]["effects_per_success"][1] == conflict.EFFECTS[conflict.Attribute.COMBAT]
    assert "Funding" in jin["attack"]["effects_per_success"][1]
    assert len(answer.result["named_henchman_damaged"]) == 2


def test_shared_defence_reading_is_marked_derived() -> None:
    case = next(c for c in CASES if c["name"].startswith("three sides, two attack"))
    steps = conflict.conflict(case["input"]).steps
    assert any(s.provenance == "derived" and s.note == conflict.SPLIT_NOTE for s in steps)


@st.composite
def fights(draw: st.DrawFn) -> list[dict[str, Any]]:
    n = draw(st.integers(2, 5))
    names = [f"S{i}" for i in range(n)]
    sides = []
    for name in names:
        off, dfn = draw(st.permutations(ATTRS))[:2]
        target = draw(st.sampled_from([x for x in names if x != name] + ["none"]))
        sides.append({"name": name, "offence": off, "offence_total": draw(st.integers(0, 15)),
                      "defence": dfn, "defence_total": draw(st.integers(0, 15)),
                      "target": target})
    return sides


def by_name(result: Any) -> dict[str, Any]:
    return {side["name"]: side for side in result["sides"]}


@given(fights(), st.randoms())
def test_outcome_does_not_depend_on_listing_order(sides: list[dict[str, Any]], rnd: Any) -> None:
    shuffled = list(sides)
    rnd.shuffle(shuffled)
    first = by_name(conflict.conflict({"sides": sides}).result)
    second = by_name(conflict.conflict({"sides": shuffled}).result)
    assert first == second


@given(fights())
def test_net_never_negative_nor_above_offence(sides: list[dict[str, Any]]) -> None:
    for side in conflict.conflict({"sides": sides}).result["sides"]:
        if side["attack"]:
            assert 0 <= side["attack"]["net"] <= side["offence_successes"]
