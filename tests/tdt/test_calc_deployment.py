"""fund-deployment: the rulebook's worked examples (golden/deployment.toml) and properties."""
from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.games.tdt.calculators import deployment
from tests.tdt import golden

CASES = golden.cases("deployment")


@pytest.mark.parametrize("case", CASES, ids=golden.ids(CASES))
def test_golden(case: dict[str, Any]) -> None:
    golden.check(case, "fund-deployment")


def test_example_is_the_rulebook_zero_cost_ride() -> None:
    op = deployment.OPERATIONS[0]
    assert op.run(op.example).result["cost"] == 0


def test_squad_cost_table() -> None:
    assert [deployment.squad_cost(n) for n in range(1, 7)] == [1, 1, 1, 2, 2, 3]


def test_derived_cost_is_marked() -> None:
    answer = deployment.fund_deployment({"squads": [{"size": 4}]})
    assert answer.steps[0].provenance == "derived" and answer.steps[0].note


def test_seven_refused_names_the_limit() -> None:
    with pytest.raises(InvalidInput) as err:
        deployment.fund_deployment({"squads": [{"size": 6, "group": "a"}, {"size": 1,
                                                                         "group": "A"}]})
    assert "6" in err.value.allowed


squad = st.fixed_dictionaries({
    "size": st.integers(1, 6),
    "origin": st.sampled_from([o.value for o in deployment.Origin]),
    "funded": st.booleans(),
})
modifier = st.fixed_dictionaries({"label": st.just("ability"), "amount": st.integers(-3, 3)})


@given(st.lists(squad, min_size=1, max_size=6), st.lists(modifier, max_size=3),
       st.none() | st.integers(0, 12))
def test_cost_never_negative_and_discount_at_most_one(
        squads: list[dict[str, Any]], mods: list[dict[str, Any]], funding: int | None) -> None:
    data: dict[str, Any] = {"squads": squads, "modifiers": mods}
    if funding is not None:
        data["funding"] = funding
    answer = deployment.fund_deployment(data)
    cost = answer.result["cost"]
    funded = [s for s in squads if s["funded"]]
    fares = sum(deployment.squad_cost(s["size"]) for s in funded)
    discount = any(s["origin"] != "mission" for s in funded)
    assert cost >= 0
    assert cost == max(0, fares - (1 if discount else 0) + sum(m["amount"] for m in mods))
    discounts = [s for s in answer.steps if s.value == -1 and s.rule == "fund-deployment"]
    assert len(discounts) <= 1
    if funding is not None:
        assert answer.result.get("spend", 0) <= funding
        if answer.result["automatic_failure"]:
            assert answer.result["spend"] == 0


@given(st.lists(st.integers(1, 3), min_size=2, max_size=3))
def test_separate_cost_reported_matches_riding_alone(sizes: list[int]) -> None:
    sizes = sizes if sum(sizes) <= 6 else [sizes[0], 1]
    alone = deployment.fund_deployment({"squads": [{"size": n} for n in sizes]})
    together = deployment.fund_deployment({"squads": [{"size": n, "group": "g"} for n in sizes]})
    assert together.result["cost_if_travelling_separately"] == alone.result["cost"]


def test_riding_together_can_cost_more() -> None:
    # 3 + 3 ride as a Squad of 6 (3 Funding); alone they cost 1 + 1.
    answer = deployment.fund_deployment({"squads": [{"size": 3, "group": "g"},
                                                    {"size": 3, "group": "g"}]})
    assert (answer.result["cost"], answer.result["cost_if_travelling_separately"]) == (3, 2)


def test_each_players_discount_is_its_own_step() -> None:
    answer = deployment.fund_deployment({"squads": [
        {"size": 4, "origin": "base", "player": "Ana"},
        {"size": 4, "origin": "base", "player": "Ben"}]})
    discounts = [s.text for s in answer.steps if s.value == -1]
    assert len(discounts) == 2
    assert any("Ana's" in t for t in discounts) and any("Ben's" in t for t in discounts)


def test_mixed_travel_squad_discount_is_marked_derived() -> None:
    answer = deployment.fund_deployment({"squads": [
        {"size": 2, "origin": "base", "player": "Ana", "group": "r"},
        {"size": 2, "origin": "base", "player": "Ben", "group": "r"}]})
    discount = next(s for s in answer.steps if s.value == -1)
    assert discount.provenance == "derived" and "riders" in discount.note
    assert "funded by Ana" in answer.steps[0].text
