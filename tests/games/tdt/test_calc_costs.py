"""Scheming costs: plotting, gadgets, requisition, hiring (calculators/costs.py).

Also the contract checks shared by the three calculator modules written together
(costs, betrayal, clock): examples run, forms match, steps cite known rule ids and explain
every derived or unknown value.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance
from assistant.games import Operation
from assistant.games.tdt.calculators import betrayal, clock, costs
from assistant.games.tdt.calculators.costs import (
    PLOT_TABLE,
    REQUISITION_RATES,
    TECH_MAX,
    TECH_MIN,
    PlayMode,
    PlotAction,
    PlotTarget,
    Role,
    Shift,
    buy_gadget,
    gadget_cost,
    hire_henchman,
    plot_action_cost,
    plotting_cost,
    requisition,
)
from tests.games.golden import cases_in, check

GOLDEN = Path(__file__).parent / "golden"
OPS: dict[str, Operation] = {op.slug: op for m in (costs, betrayal, clock) for op in m.OPERATIONS}


# --- contract checks for costs, betrayal and clock --------------------------------------------

BRIEF_IDS = set("""
action agent agent-headquarters affinity attributes base betrayal-triggers conflict corruption
cutthroat damage data-cache deploy disbanded espionage gadget global-events goodman-directive
goodmans-organization henchman-faceless henchman-named idle in-play infamy mayhem mission-active
mission-complete mission-doomsday mission-inactive mission-resource mission-tile mission-type
side-job-betrayal side-job-loyal nefarious-plan objective occupied phase player resolution
resources reward round special-abilities spend squad stage syndicate team-leader tile vault
villain-prestige war-map world
components-overview game-modes goal-cutthroat goal-syndicate goal-mayhem
setup-war-map characters-in-play pick-characters goodman-role syndicate-communal-vault
syndicate-building-the-base setup-resource-missions setup-doomsday-missions setup-base-tiles
setup-goodman-assets setup-starting-henchmen setup-doomsday-plan setup-nefarious-plans
setup-side-jobs setup-tracks doomsday-clock-start setup-betrayal-triggers
round-structure stage-timers turn-order mayhem-turn-order
security-sweep coordination requisition-resources plotting plotting-costs hire-named-henchman
build-gadgets commit-squads place-staging-markers reveal-staging-markers remove-blank-markers
voluntary-recall tithe-to-goodman betrayal-eligibility betraying-the-organization
betrayer-powers complete-objectives goodman-directives-claiming side-jobs-claiming
disloyal-side-jobs goodman-plotting-cutthroat force-betrayal plotting-syndicate-mayhem
team-leader-passing world-reacts global-events-reveal clock-reaches-zero
syndicate-doomsday-reveal
""".split())

ALL_CASES = [c for name in ("costs", "betrayal", "clock")
             for c in cases_in(GOLDEN / f"{name}.toml")]


def test_the_three_modules_export_the_briefed_slugs() -> None:
    assert set(OPS) == {"plotting-cost", "gadget-cost", "requisition", "hire-henchman",
                        "betrayal-eligibility", "force-betrayal", "betrayal-transfer",
                        "world-reacts"}


@pytest.mark.parametrize("op", OPS.values(), ids=lambda op: op.slug)
def test_operation_contract(op: Operation) -> None:
    names = {f.name for f in op.form}
    assert set(op.example) <= names
    assert set(op.rules) <= BRIEF_IDS
    out = op.run(op.example)
    assert out.steps and out.summary
    out.to_json()


def check_steps(out: Explained) -> None:
    for step in out.steps:
        assert step.rule in BRIEF_IDS, step
        assert step.text.strip()
        if step.provenance in (Provenance.DERIVED, Provenance.UNKNOWN):
            assert step.note, f"derived/unknown step without its reasoning: {step}"


@pytest.mark.parametrize("case", ALL_CASES, ids=[c["name"] for c in ALL_CASES])
def test_steps_cite_known_rules_and_explain_readings(case: Mapping[str, Any]) -> None:
    out = check(case)
    if out is not None:
        check_steps(out)


def test_the_calculators_are_registered_with_the_game() -> None:
    from assistant.games import find_game

    game = find_game("tdt")
    for slug in OPS:
        assert game.calculator(slug) is OPS[slug]


# --- plotting ---------------------------------------------------------------------------------

def test_plot_table_matches_the_rulebook_rows() -> None:
    base = {t: row.base for t, row in PLOT_TABLE.items()}
    assert base == {
        PlotTarget.SIDE_JOBS: 1, PlotTarget.GADGET: 1, PlotTarget.SWITCH_RESOURCE: 1,
        PlotTarget.REMOVE_RESOURCE: 2, PlotTarget.REVEAL_DOOMSDAY: 1,
        PlotTarget.REMOVE_INACTIVE_DOOMSDAY: 2, PlotTarget.REMOVE_ACTIVE_DOOMSDAY: 3,
        PlotTarget.REMOVE_COMPLETED_DOOMSDAY: 4}


def test_icon_readings_are_marked_derived() -> None:
    out = plotting_cost([PlotAction(PlotTarget.SWITCH_RESOURCE, high_alert=1)])
    assert [s.provenance for s in out.steps[:2]] == [Provenance.DERIVED, Provenance.DERIVED]
    plain = plotting_cost([PlotAction(PlotTarget.SIDE_JOBS)])
    assert plain.steps[0].provenance is Provenance.RULEBOOK


def test_first_flip_only_once_in_a_list() -> None:
    out = plotting_cost([PlotAction(PlotTarget.REVEAL_DOOMSDAY)] * 3)
    assert sum(1 for s in out.steps if "CIA HQ" in s.text) == 1


def test_without_espionage_there_is_no_affordability_answer() -> None:
    out = plotting_cost([PlotAction(PlotTarget.GADGET)])
    assert "affordable" not in out.result


def test_negative_high_alert_from_a_direct_caller() -> None:
    with pytest.raises(InvalidInput) as info:
        plot_action_cost(PlotAction(PlotTarget.REMOVE_RESOURCE, high_alert=-1), "actions.0")
    assert info.value.field == "actions.0.high_alert"


plot_actions = st.builds(
    lambda target, occupied, alerts: PlotAction(
        target, occupied and PLOT_TABLE[target].occupied_counts,
        alerts if PLOT_TABLE[target].high_alert_counts else 0),
    st.sampled_from(list(PlotTarget)), st.booleans(), st.integers(0, 10))


@given(st.lists(plot_actions, min_size=1, max_size=20), st.integers(0, 99))
def test_plotting_costs_are_positive_and_add_up(actions: list[PlotAction], held: int) -> None:
    out = plotting_cost(actions, held)
    assert all(c >= 1 for c in out.result["costs"])
    assert out.result["total"] == sum(out.result["costs"])
    assert out.result["affordable"] == (out.result["total"] <= held)


@given(plot_actions)
def test_modifiers_only_ever_add(action: PlotAction) -> None:
    cost, _ = plot_action_cost(action)
    assert cost == PLOT_TABLE[action.target].base + action.occupied + action.high_alert


# --- gadgets ----------------------------------------------------------------------------------

def test_gadget_at_five_stays_five() -> None:
    buy = buy_gadget(5)
    assert (buy.data_cache, buy.level_after) == (5, 5)


def test_lowering_then_buying_costs_corruption_at_the_old_level() -> None:
    buy = buy_gadget(4, Shift.LOWER)
    assert (buy.corruption, buy.data_cache, buy.level_after) == (4, 3, 4)


def test_level_out_of_range_from_a_direct_caller() -> None:
    with pytest.raises(InvalidInput) as info:
        gadget_cost(0, [Shift.NONE])
    assert info.value.field == "level"


def test_the_chosen_floor_is_explained() -> None:
    out = gadget_cost(1, [Shift.NONE])
    first = out.steps[0]
    assert first.provenance is Provenance.DERIVED
    assert "no lowest level" in first.note


@given(st.integers(TECH_MIN, TECH_MAX), st.lists(st.sampled_from(list(Shift)), min_size=1,
                                                 max_size=10))
def test_gadget_track_stays_in_range(level: int, shifts: list[Shift]) -> None:
    try:
        out = gadget_cost(level, shifts)
    except InvalidInput as exc:
        assert exc.field.startswith("purchases.") and exc.field.endswith(".shift")
        return
    for p in out.result["purchases"]:
        assert TECH_MIN <= p["data_cache"] <= TECH_MAX
        assert TECH_MIN <= p["level_after"] <= TECH_MAX
        assert p["corruption"] in (0, p["level_before"])
        assert p["level_after"] == min(p["data_cache"] + 1, TECH_MAX)
    assert out.result["data_cache"] >= len(shifts)


# --- requisition ------------------------------------------------------------------------------

def test_rates_per_mode_and_role() -> None:
    rates = {key: value[0] for key, value in REQUISITION_RATES.items()}
    assert rates == {(PlayMode.CUTTHROAT, Role.GOODMAN): 1,
                     (PlayMode.CUTTHROAT, Role.BETRAYER): 1,
                     (PlayMode.SYNDICATE, Role.TEAM_LEADER): 3,
                     (PlayMode.MAYHEM, Role.TEAM_LEADER): 2,
                     (PlayMode.MAYHEM, Role.OTHER): 3}


def test_mode_heading_reading_is_marked_derived() -> None:
    out = requisition(PlayMode.SYNDICATE, Role.TEAM_LEADER, 3)
    assert out.steps[0].provenance is Provenance.DERIVED
    assert "heading" in out.steps[0].note


def test_reassignment_shows_both_readings() -> None:
    out = requisition(PlayMode.CUTTHROAT, Role.GOODMAN, 5, 0, reassign_team_leader=True)
    step = next(s for s in out.steps if "Team Leader" in s.text)
    assert step.value == 1 and "3" in step.text
    assert step.provenance is Provenance.UNKNOWN


def test_betrayer_cites_betrayer_powers() -> None:
    out = requisition(PlayMode.CUTTHROAT, Role.BETRAYER, 2)
    assert out.steps[0].rule == "betrayer-powers"


@given(st.sampled_from(list(REQUISITION_RATES)), st.integers(0, 99),
       st.none() | st.integers(0, 99))
def test_requisition_never_overspends(key: tuple[PlayMode, Role], infamy: int,
                                      wanted: int | None) -> None:
    mode, role = key
    r = requisition(mode, role, infamy, wanted).result
    assert r["infamy_spent"] == r["resources"] * r["rate"]
    assert r["infamy_left"] == infamy - r["infamy_spent"] >= 0
    assert r["infamy_left"] < r["rate"] or r["resources"] == r["wanted"]
    assert r["resources"] + r["short"] == r["wanted"]


# --- hiring -----------------------------------------------------------------------------------

@given(st.integers(1, 5), st.booleans())
def test_hire_cost_is_rate_times_in_play(in_play: int, revealed: bool) -> None:
    out = hire_henchman(in_play, revealed)
    assert out.result["total"] == (3 if revealed else 2) * in_play > 0
