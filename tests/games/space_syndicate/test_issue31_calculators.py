"""Issue 31, item 11: laws of the Extended Turn, robbery consequence and tax default
calculators for any input, up to their largest (5 players and 200 turns, 3 consequence
dice, 18 bases)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.games.space_syndicate.calculators.extended_turn import MAX_TURNS
from assistant.games.space_syndicate.calculators.taxes import MAX_BASES

GAME = find_game("space-syndicate")
TURN, ROB, TAX = (GAME.calculator(s) for s in ("extended-turn", "robbery-consequence",
                                               "tax-default"))
SEATS = ["Red", "Blue", "Green", "Yellow", "Black"]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 5), actions=st.lists(st.integers(0, 2), max_size=MAX_TURNS))
def test_extended_turn_ends_only_when_everyone_passed(n, actions):
    seats = SEATS[:n]
    try:
        r = TURN.run({"seats": ", ".join(seats), "actions": actions}).result
    except InvalidInput as err:
        # refused only for a turn after the end: everyone out before it
        assert err.field.startswith("actions.")
        i = int(err.field.split(".")[1])
        assert TURN.run({"seats": ", ".join(seats), "actions": actions[:i]}).result[
            "phase_over"]
        return
    assert r["phase_over"] == (len(r["out"]) == n)
    assert actions.count(0) == len(r["out"])          # each pass puts one player out, once
    assert r["next"] is None or r["next"] not in r["out"]
    assert sorted(r["in"] + r["out"]) == sorted(seats)


@settings(max_examples=60, deadline=None)
@given(dice=st.integers(0, 3), fortified=st.booleans(), credits=st.integers(0, 40),
       rolled=st.lists(st.integers(1, 6), max_size=3), phantom=st.booleans())
def test_robbery_moves_exactly_the_dice_rolled(dice, fortified, credits, rolled, phantom):
    data = {"card_zone": "INNER", "victim_zones": "INNER", "dice_unfortified": dice,
            "dice_fortified": dice, "fortified": fortified, "rolled": rolled,
            "victim_credits": credits, "phantom_victim": phantom}
    if len(rolled) != dice:
        with pytest.raises(InvalidInput):
            ROB.run(data)
        return
    r = ROB.run(data).result
    assert r["stolen"] == sum(rolled)
    assert r["paid"] + r["short"] == r["stolen"]
    assert r["paid"] == (r["stolen"] if phantom else min(r["stolen"], credits))


@settings(max_examples=60, deadline=None)
@given(credits=st.integers(0, 200),
       taxes=st.lists(st.integers(0, 20), min_size=1, max_size=MAX_BASES))
def test_taxes_paid_never_exceed_credits_and_every_base_is_paid_or_flipped(credits, taxes):
    bases = [{"name": f"B{i}", "tax": t} for i, t in enumerate(taxes)]
    r = TAX.run({"credits": credits, "bases": bases}).result
    assert sorted(r["paid"] + r["flipped"]) == sorted(b["name"] for b in bases)
    assert r["credits_paid"] == sum(taxes[int(b[1:])] for b in r["paid"]) <= credits
    assert r["credits_after"] == credits - r["credits_paid"]
    # a base flips only when what was left at its turn could not pay it
    if sum(taxes) <= credits:
        assert r["flipped"] == []
