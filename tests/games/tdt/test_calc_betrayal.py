"""Cutthroat betrayal: eligibility, forced betrayal, the hand-over (calculators/betrayal.py)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.explain import Provenance
from assistant.games.tdt.calculators.betrayal import (
    OPERATIONS,
    Henchman,
    Resource,
    betrayal_eligibility,
    betrayal_transfer,
    force_betrayal,
    force_betrayal_cost,
)
from assistant.games.tdt.modes import PlayMode

OPS = {op.slug: op for op in OPERATIONS}


ROSTER = [Henchman("Azura", 5, 1), Henchman("Boris", 2, 3), Henchman("Jin", 2, 0)]


def test_names_match_regardless_of_case_and_spaces() -> None:
    out = betrayal_eligibility(ROSTER, "  jin ")
    assert out.result["may_betray"] is True


def test_goodman_vp_reading_is_derived_with_reason() -> None:
    out = betrayal_eligibility(ROSTER, "Jin")
    step = out.steps[1]
    assert step.provenance is Provenance.DERIVED and "Goodman" in step.note


def test_mayhem_has_no_betrayal() -> None:
    out = betrayal_eligibility(ROSTER, "Jin", mode=PlayMode.MAYHEM)
    assert out.result["may_betray"] is False


rosters = st.lists(st.tuples(st.integers(0, 20), st.integers(0, 5)), min_size=3, max_size=6)


@given(rosters, st.data())
def test_eligibility_follows_the_four_conditions(raw: list[tuple[int, int]],
                                                 data: st.DataObject) -> None:
    roster = [Henchman(f"H{i}", vp, trig) for i, (vp, trig) in enumerate(raw)]
    me = data.draw(st.sampled_from(roster))
    exists = data.draw(st.booleans())
    got = betrayal_eligibility(roster, me.name, exists).result["may_betray"]
    lowest = min(h.vp for h in roster)
    expected = (max(h.vp for h in roster) >= 1 and not exists
                and (me.triggers >= 3 or me.vp == lowest))
    assert got == expected


@given(rosters, st.data())
def test_last_place_ignores_trigger_penalties(raw: list[tuple[int, int]],
                                              data: st.DataObject) -> None:
    """Changing only trigger counts never changes who is last."""
    roster = [Henchman(f"H{i}", vp, trig) for i, (vp, trig) in enumerate(raw)]
    me = data.draw(st.sampled_from(roster))
    shuffled = [Henchman(h.name, h.vp, data.draw(st.integers(0, 5))) for h in roster]
    a = betrayal_eligibility(roster, me.name).result["conditions"]["last_in_vp"]
    b = betrayal_eligibility(shuffled, me.name).result["conditions"]["last_in_vp"]
    assert a == b


@given(st.integers(0, 50))
def test_force_cost_is_12_minus_2k_floored(k: int) -> None:
    cost = force_betrayal_cost(k)
    assert 0 <= cost <= 12
    assert cost == max(0, 12 - 2 * k)
    assert force_betrayal_cost(k + 1) <= cost


def test_force_tie_reading_is_marked_derived() -> None:
    roster = [Henchman("A", disloyal=2), Henchman("B", disloyal=2), Henchman("C")]
    out = force_betrayal(roster, "A")
    tie = out.steps[1]
    assert tie.provenance is Provenance.DERIVED and "tie" in tie.note.lower()
    assert "B" in tie.text


def test_force_resource_reading_is_marked() -> None:
    out = force_betrayal([Henchman("A", disloyal=1), Henchman("B"), Henchman("C")], "A")
    cost_step = next(s for s in out.steps if s.text.startswith("Cost"))
    assert cost_step.provenance is Provenance.DERIVED and "Infamy" in cost_step.note


def test_transfer_marks_the_lost_icons_unknown() -> None:
    out = betrayal_transfer(3, {Resource.ESPIONAGE: 2}, 4, 5)
    unknown = [s for s in out.steps if s.provenance is Provenance.UNKNOWN]
    assert unknown and all(s.note for s in unknown)
    assert out.result["betrayer_collects"] == 5 * 4 + 3
    assert out.result["to_goodman"]["resources"]["espionage"] == 2
    assert "[lost resource]" in out.summary


def test_transfer_rejects_negative_resources() -> None:
    with pytest.raises(InvalidInput) as info:
        betrayal_transfer(1, {Resource.DATA_CACHE: -1}, 0, 4)
    assert info.value.field == "data_cache"


@given(st.integers(0, 30), st.integers(0, 5), st.integers(3, 6), st.none() | st.integers(0, 20))
def test_transfer_arithmetic(vp: int, triggers: int, in_play: int, factor: int | None) -> None:
    out = betrayal_transfer(vp, {}, triggers, in_play, factor)
    n = in_play if factor is None else factor
    assert out.result["betrayer_collects"] == n * triggers + vp >= vp


def test_last_in_vp_step_says_goodman_is_left_out() -> None:
    answer = betrayal_eligibility([Henchman("Azura", 4), Henchman("Boris", 2),
                                   Henchman("Jin", 1)], "Jin")
    last = next(s for s in answer.steps if "lowest" in s.text)
    assert "Goodman is left out" in last.text
    assert last.provenance == "derived" and "not a Named Henchman" in last.note
