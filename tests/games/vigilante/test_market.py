"""Issue 41, Vigilante: the Hero Market, the Recruit action's Influence payment from the hand,
and the Mercenaries variant (vigilante.txt:203-205, :538-556, :668-674, :700-714)."""
from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.tracker import parse_event

from ..test_no_dead_ends import assert_not_a_dead_end
from ..test_tracker_laws import _events
from .table import (
    ROUND_1,
    SETUP,
    START,
    TRACKER,
    add,
    ended,
    line,
    play,
    refused,
    seat,
    shared,
)

CARDS = {**SETUP, "starting_cards": 3}
MERCS = {**CARDS, "mercenaries": True}


def card(place: int, name: str, influence: int, **more: Any) -> dict[str, Any]:
    return {"kind": "market", "place": place, "name": name, "influence": influence,
            "health": 2, "attack": 1, **more}


def recruit(**more: Any) -> dict[str, Any]:
    return {"kind": "recruit", "seat": "gwen", **more}


def test_the_market_has_three_places_and_four_with_mercenaries():
    h = play(setup=CARDS)
    assert len(shared(h)["market"]) == 3
    err = refused(h, card(4, "Nox", 4))
    assert err.rule == "setup-hero-market" and err.field == "place"
    err = refused(h, card(1, "Hired Gun", 3, mercenary=True))
    assert err.rule == "variant-mercenaries"
    h = play(card(4, "Nox", 4), setup=MERCS)
    assert shared(h)["market"][3]["name"] == "Nox"
    assert line(h) == ("Hero Market place 4: Nox (Hero, Influence 4, Attack 1, Health 2) is "
                       "turned face up")


def test_a_recruit_from_the_market_pays_from_the_hand_and_leaves_its_place_to_refill():
    h = play(START, card(1, "Nox", 4), ROUND_1, setup=CARDS)
    err = refused(h, recruit(place=1, cards=2, paid=3))
    assert err.rule == "action-recruit" and "Nox costs 4 Influence; 3 is not enough" in err.detail
    err = refused(h, recruit(place=1, cards=4, paid=9))
    assert err.rule == "action-recruit" and "Gwen holds 3 cards" in err.detail
    err = refused(h, recruit(place=1, paid=4))            # the hand is counted: how many?
    assert err.rule == "action-recruit" and err.field == "cards"
    add(h, recruit(place=1, cards=2, paid=5))
    gwen = seat(h, "gwen")
    assert gwen["hand"] == 1 and gwen["team"][0]["name"] == "Nox"
    assert gwen["actions_left"] == 3 and shared(h)["to_act"] == "ivan"
    words = line(h)
    assert "discarding 2 cards worth 5 Influence for a cost of 4 (1 lost)" in words
    assert "turn up the next Hero into place 1" in words
    assert shared(h)["market"][0] == {"place": 1, "known": False}


def test_a_recruit_of_an_unrecorded_card_says_its_numbers():
    h = play(START, ROUND_1, setup=SETUP)                  # no hands counted, no Market kept
    err = refused(h, recruit(place=2))
    assert err.rule == "action-recruit" and err.field == "name"
    add(h, recruit(place=2, name="Vex", influence=2, health=2, attack=1))
    assert seat(h, "gwen")["team"][0]["name"] == "Vex" and seat(h, "gwen")["hand"] is None


def test_a_typed_name_must_match_the_card_recorded_at_the_place():
    h = play(START, card(1, "Nox", 4), ROUND_1, setup=CARDS)
    err = refused(h, recruit(place=1, name="Titan", cards=1, paid=4))
    assert err.rule == "action-recruit" and "holds Nox" in err.detail


def test_a_mercenary_is_paid_for_used_and_discarded_joining_no_team():
    h = play(START, card(2, "Hired Gun", 3, mercenary=True), ROUND_1, setup=MERCS)
    add(h, recruit(place=2, cards=1, paid=3))
    gwen = seat(h, "gwen")
    assert gwen["team"] == [] and gwen["hand"] == 2
    assert "recruits the Mercenary Hired Gun" in line(h) and "discarded" in line(h)


def test_a_full_team_recruits_a_mercenary_only_if_the_table_allows_it():
    heroes = [{"kind": "starter", "seat": "gwen", "name": "S", "influence": 1,
               "health": 3}]
    h = play(START, *heroes, card(1, "Hired Gun", 3, mercenary=True), ROUND_1,
             setup={**MERCS, "full_team_mercenary": "refuse"})
    for n in range(3):
        add(h, recruit(name=f"H{n}", influence=0, health=2, attack=1),
            *({"kind": "draw", "seat": s} for s in ("ivan", "asha", "pim")))
    assert len(seat(h, "gwen")["team"]) == 4
    err = refused(h, recruit(place=1, cards=1, paid=3))
    assert err.rule == "variant-mercenaries" and "full" in err.detail


def test_three_mercenaries_in_the_market_force_a_free_pick_by_the_next_player():
    """The current player's left-hand neighbour picks one, free, before anything else."""
    h = play(START, ROUND_1, card(1, "Gun A", 2, mercenary=True),
             card(2, "Gun B", 2, mercenary=True), setup=MERCS)
    add(h, {"kind": "draw", "seat": "gwen"}, card(3, "Gun C", 2, mercenary=True))
    assert "Ivan must use one free" in line(h)
    assert TRACKER.moves(h.setup, h.state) == [{"kind": "mercenary", "seat": "ivan",
                                                "place": 1}]
    err = refused(h, {"kind": "draw", "seat": "ivan"})
    assert err.rule == "variant-mercenaries" and "Ivan uses one of them free" in err.detail
    err = refused(h, {"kind": "mercenary", "seat": "asha", "place": 1})
    assert err.rule == "variant-mercenaries" and err.field == "seat"
    add(h, {"kind": "mercenary", "seat": "ivan", "place": 2})
    assert shared(h)["mercenary_due"] is None and seat(h, "ivan")["actions_left"] == 4
    add(h, {"kind": "draw", "seat": "ivan"})
    err = refused(h, {"kind": "mercenary", "seat": "asha", "place": 1})
    assert err.rule == "variant-mercenaries"                 # only 2 are left


def test_the_bounty_hunter_reads_the_market_at_the_end_when_the_table_says_so():
    """Bounty scope "with-market": the Heroes recorded face up in the Market at the end count
    (a table setting; the rulebook names no pool, vigilante.txt:336)."""
    for scope, won in (("players", True), ("with-market", False)):
        h = ended({"kind": "starter", "seat": "asha", "name": "Ace", "influence": 5,
                   "health": 3}, {"kind": "defeat", "seat": "asha", "slot": 1},
                  {"kind": "jail", "seat": "pim", "count": 4}, card(1, "Colossus", 9),
                  setup={**SETUP, "bounty_scope": scope})
        for who, ident in (("gwen", "guardian"), ("ivan", "guardian"), ("asha", "assassin"),
                           ("pim", "bounty-hunter")):
            add(h, {"kind": "reveal", "seat": who, "identity": ident})
        result = TRACKER.score(h.setup, h.state).result
        assert ("Pim" in result["winners"]) is won, scope
    assert shared(h)["market_text"].startswith("1. Colossus (Influence 9)")


@settings(max_examples=10, deadline=None)
@given(st.data())
def test_no_dead_end_with_mercenaries_and_counted_hands(data: Any) -> None:
    """Issue 30's property on a table with the variant and counted hands: every reachable
    state lists moves, each accepted, until the rules end the game."""
    h = play(setup={**MERCS, "rounds": 1, "starting_events": 0})
    mercs = st.builds(lambda p: card(p, f"Gun {p}", 2, mercenary=True), st.integers(1, 4))
    for _ in range(50):
        moves = assert_not_a_dead_end(h)
        if not moves:
            break
        pick = data.draw(st.integers(0, 4))
        raw = (data.draw(mercs) if pick == 0 else data.draw(_events("vigilante")) if pick == 1
               else data.draw(st.sampled_from(moves)))
        if raw["kind"] in ("undo", "revert"):
            continue
        try:
            h.append(parse_event(TRACKER, raw))
        except InvalidInput:
            assert raw not in moves
