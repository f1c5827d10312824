"""Issue 41's Syndicate findings, each a test: sleepers, trades, the hand of Operation cards
(a count), bonus chips, research markers and Sovereign cards other than a tax are recorded
and refused where the rules refuse them; a seat's collection waits until the Sovereign card
has been resolved for everyone; the listed moves include every legal kind (exchange, selling
a card ...), each accepted; a refusal says what can be done now once, naming its rule entry.
Numbers and lines are the rulebook's (syndicate.txt, cited per test)."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED, History, parse_event

GAME = find_game("space-syndicate")
TRACKER = GAME.tracker
assert TRACKER is not None
THREE = {"mode": "standard", "seats": [
    {"name": "Ana", "credits": 40, "influence": 20, "crew": 20, "assault": 1,
     "racket_credits": 3, "racket_influence": 0, "racket_crew": 3},
    {"name": "Ben", "credits": 40, "influence": 20, "crew": 20, "assault": 0,
     "racket_credits": 2, "racket_influence": 1, "racket_crew": 0},
    {"name": "Cy", "credits": 40, "influence": 20, "crew": 20,
     "racket_credits": 1, "racket_influence": 1, "racket_crew": 1}]}
TWO = {**THREE, "seats": THREE["seats"][:2]}
DUEL = {**TWO, "mode": "phantom"}


def table(setup: dict[str, Any] | None = None) -> History:
    return History(TRACKER, TRACKER.parse_setup(setup or THREE))


def play(h: History, *events: dict[str, Any]) -> dict[str, Any]:
    for e in events:
        h.append(parse_event(TRACKER, e))
    return TRACKER.state_json(h.setup, h.state, SHARED)


def refused(h: History, event: dict[str, Any], rule: str, *words: str) -> InvalidInput:
    """The event is refused, naming `rule` (an entry the rules reference has), saying what
    can be done now once, and changing nothing."""
    version = h.version
    with pytest.raises(InvalidInput) as err:
        h.append(parse_event(TRACKER, event))
    assert err.value.rule == rule, (err.value.rule, err.value.detail)
    assert rule in GAME.rules
    for w in words:
        assert w in err.value.detail, err.value.detail
    assert err.value.detail.count("What can be done now") == 1, err.value.detail
    assert "syndicate.txt" not in err.value.detail and "(rule " not in err.value.detail
    assert h.version == version
    return err.value


def seat(state: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in state["seats"] if s["id"] == sid)


def line(h: History) -> str:
    return str(TRACKER.describe(h.event_at(h.version), {s.id: s.name for s in h.setup.seats},
                                SHARED))


def to_card(h: History, **card: Any) -> dict[str, Any]:
    while TRACKER.state_json(h.setup, h.state, SHARED)["phase"] == "turns":
        play(h, {"kind": "end-turn"})
    return play(h, {"kind": "sovereign-card", **({"card": "other"} | card)})


def to_collection(h: History) -> dict[str, Any]:
    to_card(h)
    return play(h, {"kind": "card-resolved"})


def moves(h: History) -> list[dict[str, Any]]:
    return [dict(m) for m in TRACKER.moves(h.setup, h.state)]


# --- sleepers (syndicate.txt:179-183, 423, 528-534, 665) -------------------------------------

def test_sleepers_one_at_a_time_activated_on_your_turn_played_later():
    h = table()
    state = play(h, {"kind": "sleeper", "seat": "ana"})
    assert seat(state, "ana")["sleeper"] and seat(state, "ana")["hand"] == 3
    refused(h, {"kind": "sleeper", "seat": "ana"}, "sleepers", "only one at a time")
    refused(h, {"kind": "sleeper", "seat": "ana", "action": "play"}, "sleepers",
            "at a later point")
    refused(h, {"kind": "sleeper", "seat": "ben"}, "player-turn", "It is Ana's turn")
    state = play(h, {"kind": "sleeper", "seat": "ana", "action": "replace"})
    assert seat(state, "ana")["hand"] == 2 and state["discard"] == 1  # the burned one
    play(h, {"kind": "end-turn"})
    assert {"kind": "sleeper", "seat": "ana", "action": "play"} in moves(h)
    state = play(h, {"kind": "sleeper", "seat": "ana", "action": "play",
                     "text": "Ben's mission fails"})
    assert not seat(state, "ana")["sleeper"] and state["discard"] == 2
    assert "Ana turns up their sleeper and plays it: Ben's mission fails" in line(h)
    refused(h, {"kind": "sleeper", "seat": "ana", "action": "play"}, "sleepers",
            "no activated sleeper")
    refused(h, {"kind": "sleeper", "seat": "ben", "action": "replace"}, "sleepers",
            "no activated sleeper to burn")


def test_a_sleeper_needs_a_card_in_hand():
    h = table()
    play(h, {"kind": "holdings", "seat": "ana", "hand": 0})
    refused(h, {"kind": "sleeper", "seat": "ana"}, "operation-card", "no Operation card")


# --- trades (syndicate.txt:649-655, 688) -------------------------------------------------------

def test_trades_are_between_players_whose_turn_it_is_not():
    h = table()
    refused(h, {"kind": "trade", "seat": "ana", "partner": "ben", "give_credits": 2},
            "trading", "It is Ana's turn")
    refused(h, {"kind": "trade", "seat": "ben", "partner": "ana", "give_credits": 2},
            "trading", "It is Ana's turn")
    state = play(h, {"kind": "trade", "seat": "ben", "partner": "cy", "give_credits": 5,
                     "give_chips": 0, "get_crew": 3, "get_cards": 1})
    ben, cy = seat(state, "ben"), seat(state, "cy")
    assert (ben["credits"], ben["crew"], ben["hand"]) == (35, 23, 5)
    assert (cy["credits"], cy["crew"], cy["hand"]) == (45, 17, 3)
    assert line(h) == ("Ben and Cy trade: Ben gives 5 credits; Cy gives 3 crew, 1 Operation "
                       "card.")
    play(h, {"kind": "end-turn"})  # now Ben's turn: Ana and Cy may trade, Ben may not
    play(h, {"kind": "trade", "seat": "ana", "partner": "cy", "text": "no assaults on Ana"})
    refused(h, {"kind": "trade", "seat": "cy", "partner": "ben", "give_crew": 1}, "trading")


def test_trades_happen_in_phase_1_only():
    h = table()
    to_card(h)
    refused(h, {"kind": "trade", "seat": "ben", "partner": "cy", "give_credits": 1},
            "trading", "during Phase 1 only")


def test_a_trade_moves_only_what_each_side_holds():
    h = table()
    refused(h, {"kind": "trade", "seat": "ben", "partner": "cy", "give_chips": 1}, "trading",
            "Ben holds only 0 bonus chips")
    refused(h, {"kind": "trade", "seat": "ben", "partner": "cy", "get_credits": 41},
            "trading", "Cy holds only 40 credits")
    refused(h, {"kind": "trade", "seat": "ben", "partner": "cy"}, "trading",
            "Say what changes hands")
    refused(h, {"kind": "trade", "seat": "ben", "partner": "ben", "give_credits": 1},
            "trading", "between two players")


def test_two_players_trade_only_on_the_phantom_s_turn():
    """In a two-player game the player whose turn it is cannot trade, so nobody can; on the
    Phantom's turn both may (syndicate.txt:651, 688; reading 44)."""
    h = table(TWO)
    refused(h, {"kind": "trade", "seat": "ben", "partner": "ana", "give_credits": 1},
            "trading")
    h = table(DUEL)
    play(h, {"kind": "end-turn"}, {"kind": "end-turn"})
    state = play(h, {"kind": "trade", "seat": "ana", "partner": "ben", "give_credits": 1})
    assert state["turn"] == "phantom" and seat(state, "ben")["credits"] == 41


# --- the hand of Operation cards (syndicate.txt:323, 479, 508, 615) ----------------------------

def test_the_hand_is_a_count_dealt_drawn_played_and_sold():
    h = table()
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    assert [s["hand"] for s in state["seats"]] == [4, 4, 4] and state["deck"] == 78 - 12
    state = play(h, {"kind": "mission", "seat": "ana", "winning_faces": [6], "roll": 6},
                 {"kind": "sell-card", "seat": "ana", "resource": "crew"})
    assert seat(state, "ana")["hand"] == 2 and state["discard"] == 2
    to_collection(h)
    state = play(h, {"kind": "collect", "seat": "ana"})  # 2 + 1 die still ARMED
    assert seat(state, "ana")["hand"] == 2 + 3 and state["deck"] == 78 - 12 - 3
    assert "Ana draws 3 Operation cards (5 in hand)" in line(h)
    state = play(h, {"kind": "collect", "seat": "ben"})  # both dice ARMED: 2 + 2
    assert seat(state, "ben")["hand"] == 8


def test_an_empty_hand_plays_no_mission_and_sells_nothing():
    h = table()
    play(h, {"kind": "holdings", "seat": "ana", "hand": 0})
    refused(h, {"kind": "mission", "seat": "ana", "winning_faces": [6], "roll": 6},
            "operation-card", "holds no Operation card")
    refused(h, {"kind": "sell-card", "seat": "ana", "resource": "credits"}, "operation-card",
            "nothing to sell")
    refused(h, {"kind": "robbery", "seat": "ana", "target": "ben", "winning_faces": [6],
                "dice_unfortified": 1, "roll": 1}, "operation-card")
    assert not any(m["kind"] in ("mission", "sell-card", "sleeper") for m in moves(h))


def test_the_deck_running_out_is_the_table_s_call():
    """The book does not say what happens when the Operation deck runs out (reading 35)."""
    h = table()
    play(h, {"kind": "deck", "deck": 2})
    to_collection(h)
    state = play(h, {"kind": "collect", "seat": "ana"})
    assert state["deck"] == 0 and seat(state, "ana")["hand"] == 4 + 2
    assert "ran out 2 cards short" in line(h)
    assert line(h).startswith("Ana draws 2")


# --- bonus chips (syndicate.txt:315, 435, 619-621) ---------------------------------------------

def test_a_first_base_takes_the_bonus_chip_lying_there():
    h = table()
    state = play(h, {"kind": "buy-base", "seat": "ana", "zone": "inner"})
    assert seat(state, "ana")["chips"] == 1 and state["chips_left"]["inner"] == 2
    state = play(h, {"kind": "buy-base", "seat": "ana", "zone": "inner", "chip": "no"})
    assert seat(state, "ana")["chips"] == 1 and state["chips_left"]["inner"] == 2
    play(h, {"kind": "deck", "chips_exo": 0})
    refused(h, {"kind": "buy-base", "seat": "ana", "zone": "exo", "chip": "yes"},
            "bonus-chips", "No bonus chip is left")
    state = play(h, {"kind": "buy-base", "seat": "ana", "zone": "exo"})
    assert seat(state, "ana")["chips"] == 1  # none left there: auto takes none


def test_bonus_chips_are_played_on_your_own_turn():
    h = table()
    refused(h, {"kind": "bonus-chip", "seat": "ana", "credits": 3}, "bonus-chips",
            "holds no bonus chip")
    play(h, {"kind": "buy-base", "seat": "ana", "zone": "exo"},
         {"kind": "buy-base", "seat": "ana", "zone": "exo"})
    refused(h, {"kind": "bonus-chip", "seat": "ben"}, "player-turn")
    state = play(h, {"kind": "bonus-chip", "seat": "ana", "credits": 3, "level": "assault"},
                 {"kind": "bonus-chip", "seat": "ana", "crew": 1})  # no limit a turn
    ana = seat(state, "ana")
    assert ana["chips"] == 0 and ana["assault"] == 2 and ana["credits"] == 40 - 16 + 3
    play(h, {"kind": "end-turn"})
    refused(h, {"kind": "bonus-chip", "seat": "ana"}, "player-turn", "It is Ben's turn")


# --- special bases and research (syndicate.txt:214-236, 565-577) ------------------------------

def test_research_markers_go_down_in_collection_one_per_station():
    h = table()
    play(h, {"kind": "end-turn"},
         {"kind": "buy-base", "seat": "ben", "zone": "exo", "special": "research-station"})
    refused(h, {"kind": "research", "seat": "ben", "track": "tech"}, "resource-collection",
            "in Resource Collection")
    to_collection(h)
    refused(h, {"kind": "research", "seat": "ben", "track": "tech"}, "resource-collection",
            "has not collected")
    play(h, {"kind": "collect", "seat": "ben"})
    assert {"kind": "research", "seat": "ben", "track": "tech", "action": "marker"} in moves(h)
    state = play(h, {"kind": "research", "seat": "ben", "track": "tech"})
    assert seat(state, "ben")["tech_research"] == 1
    refused(h, {"kind": "research", "seat": "ben", "track": "tech"}, "research",
            "One research marker per Research Station a round")
    refused(h, {"kind": "research", "seat": "ben", "track": "assault"}, "research",
            "owns no Military Installation")


def test_full_research_becomes_a_level_on_your_own_turn():
    h = table()
    play(h, {"kind": "buy-base", "seat": "ana", "zone": "exo",
             "special": "military-installation"},
         {"kind": "holdings", "seat": "ana", "assault_research": 2})
    refused(h, {"kind": "research", "seat": "ana", "track": "assault", "action": "level-up"},
            "research", "How many research boxes")
    refused(h, {"kind": "research", "seat": "ana", "track": "assault", "action": "level-up",
                "boxes": 3}, "research", "not all full")
    state = play(h, {"kind": "research", "seat": "ana", "track": "assault",
                     "action": "level-up", "boxes": 2})
    assert seat(state, "ana")["assault"] == 2 and seat(state, "ana")["assault_research"] == 0
    play(h, {"kind": "holdings", "seat": "ana", "assault_research": 2}, {"kind": "end-turn"})
    refused(h, {"kind": "research", "seat": "ana", "track": "assault", "action": "level-up",
                "boxes": 2}, "research", "It is Ben's turn")


def test_an_assault_takes_a_special_base_and_clears_its_research():
    h = table()
    play(h, {"kind": "end-turn"},
         {"kind": "buy-base", "seat": "ben", "zone": "exo", "special": "research-station"},
         {"kind": "holdings", "seat": "ben", "tech_research": 2}, {"kind": "end-turn"})
    refused(h, {"kind": "assault", "seat": "cy", "target": "ben", "zone": "exo",
                "special": "casino", "roll": 6}, "special-bases", "no Casino")
    state = play(h, {"kind": "assault", "seat": "cy", "target": "ben", "zone": "exo",
                     "special": "research-station", "roll": 6})
    assert seat(state, "ben")["tech_research"] == 0
    assert seat(state, "cy")["specials"]["research-station"] == 1
    assert "its research is cleared" in line(h)


def test_special_bases_are_among_the_bases_owned():
    h = table()
    refused(h, {"kind": "holdings", "seat": "ana", "mining_centers": 1}, "special-bases",
            "special bases are among them")
    play(h, {"kind": "buy-base", "seat": "ana", "zone": "exo", "special": "casino"})
    refused(h, {"kind": "buy-base", "seat": "ana", "zone": "exo", "special": "casino"},
            "casino", "one Casino")
    refused(h, {"kind": "holdings", "seat": "ben", "casinos": 1}, "special-bases")
    refused(h, {"kind": "holdings", "seat": "ana", "tech_research": 1}, "research",
            "none on record")


def test_the_casino_s_plus_one_is_its_owner_s():
    """Only the Casino's owner adds +1 to a mission roll (syndicate.txt:234, 577)."""
    h = table()
    play(h, {"kind": "bases", "seat": "ben", "exo": 1},
         {"kind": "holdings", "seat": "ben", "casinos": 1})
    refused(h, {"kind": "mission", "seat": "ana", "winning_faces": [6], "casino": True,
                "roll": 5}, "casino", "Ben owns the Casino")


# --- the Sovereign card (syndicate.txt:460-477, 641-645) --------------------------------------

def test_a_card_other_than_a_tax_is_resolved_seat_by_seat_in_player_order():
    h = table()
    play(h, {"kind": "bases", "seat": "cy", "middle": 1},
         {"kind": "fortified", "seat": "cy", "middle": 1})
    to_card(h, card="crackdown")
    refused(h, {"kind": "sovereign-effect", "seat": "ben"}, "sovereign-card-phase",
            "Ana comes before Ben")
    refused(h, {"kind": "sovereign-effect", "seat": "ana", "lose_credits": 41},
            "sovereign-card-phase", "Ana holds 40 credits")
    refused(h, {"kind": "tax", "seat": "ana", "per_base": 2}, "taxes", "not a Tax card")
    state = play(h, {"kind": "sovereign-effect", "seat": "ana", "lose_influence": 5})
    assert seat(state, "ana")["influence"] == 15 and seat(state, "ana")["resolved"]
    refused(h, {"kind": "sovereign-effect", "seat": "ana"}, "sovereign-card-phase",
            "resolved this round already")
    play(h, {"kind": "sovereign-effect", "seat": "ben"})
    refused(h, {"kind": "sovereign-effect", "seat": "cy", "seize": "middle"}, "crackdowns",
            "no unfortified MIDDLE base")
    state = play(h, {"kind": "sovereign-effect", "seat": "cy", "seize": "middle",
                     "seize_fortified": True, "text": "a crackdown on Cy"})
    assert seat(state, "cy")["bases"] == 0 and state["card_resolved"]
    assert line(h) == ("The Sovereign card is resolved for Cy: loses a fortified MIDDLE base "
                       "to the Sovereign (a crackdown on Cy).")
    refused(h, {"kind": "card-resolved"}, "sovereign-card-phase", "before Resource Collection")


def test_pardons_come_before_the_card_is_resolved_and_spare_their_buyer():
    h = table()
    play(h, {"kind": "bases", "seat": "ben", "exo": 2})
    to_card(h)
    state = play(h, {"kind": "pardon", "seat": "ben"})  # 2 bases: 10 influence
    assert seat(state, "ben")["influence"] == 10
    refused(h, {"kind": "pardon", "seat": "ben"}, "pardon", "pardoned this round already")
    play(h, {"kind": "sovereign-effect", "seat": "ana"})
    refused(h, {"kind": "sovereign-effect", "seat": "ben", "lose_credits": 5}, "pardon",
            "bought a pardon")
    refused(h, {"kind": "pardon", "seat": "cy"}, "pardon", "resolution has begun")


def test_collection_waits_until_the_card_is_resolved_for_everyone():
    """The defect: a collection was accepted before every seat's tax, and the pending tax
    could then no longer be recorded (syndicate.txt:477)."""
    h = table()
    play(h, {"kind": "bases", "seat": "ana", "exo": 1}, {"kind": "bases", "seat": "cy",
                                                          "exo": 1})
    to_card(h, card="tax", per_base=3)
    play(h, {"kind": "tax", "seat": "ana"})
    refused(h, {"kind": "collect", "seat": "ana"}, "resource-collection",
            "still to be resolved for Ben, Cy")
    refused(h, {"kind": "end-round"}, "sovereign-card-phase", "Ben, Cy")
    refused(h, {"kind": "card-resolved"}, "taxes", "Cy still to pay")
    assert moves(h)[0]["kind"] == "tax" and moves(h)[0]["seat"] == "ben"
    state = play(h, {"kind": "tax", "seat": "ben"}, {"kind": "tax", "seat": "cy"})
    assert seat(state, "cy")["credits"] == 37 and state["card_resolved"]
    play(h, {"kind": "collect", "seat": "ana"})
    refused(h, {"kind": "tax", "seat": "ana", "per_base": 3}, "sovereign-card-phase")


def test_a_tax_card_charges_the_same_for_every_base():
    h = table()
    play(h, {"kind": "bases", "seat": "ana", "exo": 2})
    to_card(h, card="tax")
    refused(h, {"kind": "tax", "seat": "ana"}, "taxes", "printed on the card")
    play(h, {"kind": "tax", "seat": "ana", "per_base": 4})
    refused(h, {"kind": "tax", "seat": "ben", "per_base": 5}, "taxes", "charges 4 credits")
    state = play(h, {"kind": "tax", "seat": "ben"})
    assert seat(state, "ana")["credits"] == 32
    h = table()
    while TRACKER.state_json(h.setup, h.state, SHARED)["phase"] == "turns":
        play(h, {"kind": "end-turn"})
    refused(h, {"kind": "sovereign-card", "card": "other", "per_base": 2}, "taxes",
            "Only a Tax card")


def test_a_card_that_lowers_the_alert_sends_the_destroyer_away():
    """If the alert drops while the Destroyer is on the board, it leaves (syndicate.txt:639)."""
    h = table({**THREE, "advanced": True})
    play(h, {"kind": "alert", "to": 6}, {"kind": "destroyer", "territory": "Koss"})
    state = to_card(h, alert_change=-2)
    assert state["alert"] == 4 and state["destroyer"] is None


# --- the listed moves and the refusals' words --------------------------------------------------

def test_moves_list_exchange_and_selling_and_each_is_accepted():
    h = table()
    play(h, {"kind": "buy-base", "seat": "ana", "zone": "exo"})
    kinds = [m["kind"] for m in moves(h)]
    for kind in ("end-turn", "mission", "exchange", "sell-card", "sleeper", "buy-base",
                 "fortify-base", "buy-level", "bonus-chip", "trade"):
        assert kind in kinds, kind
    for move in moves(h):
        h.check(parse_event(TRACKER, move))


def test_every_listed_move_is_accepted_through_a_round():
    h = table({**THREE, "advanced": True})
    play(h, {"kind": "bases", "seat": "ben", "exo": 1},
         {"kind": "holdings", "seat": "ben", "research_stations": 1, "tech_research": 1})
    for _ in range(40):
        listed = moves(h)
        for move in listed:
            h.check(parse_event(TRACKER, move))
        if h.state.round == 2:
            break
        play(h, listed[0])
    assert h.state.round == 2


def test_a_refusal_says_what_can_be_done_now_once():
    h = table()
    for event in ({"kind": "collect", "seat": "ana"}, {"kind": "end-round"},
                  {"kind": "pardon", "seat": "ben"},
                  {"kind": "buy-base", "seat": "cy", "zone": "exo"}):
        with pytest.raises(InvalidInput) as err:
            h.append(parse_event(TRACKER, event))
        assert err.value.detail.count("What can be done now") == 1, err.value.detail
        assert err.value.rule in GAME.rules


def test_the_extended_turn_counts_actions_not_what_comes_free():
    """1 or 2 of the 8 actions a turn (syndicate.txt:661): activating a sleeper and playing a
    chip count; research turned into a level and trades do not."""
    h = table({**THREE, "extended_turn": True})
    play(h, {"kind": "holdings", "seat": "ana", "chips": 1},
         {"kind": "sleeper", "seat": "ana"}, {"kind": "bonus-chip", "seat": "ana"})
    refused(h, {"kind": "sell-card", "seat": "ana", "resource": "crew"}, "extended-turn",
            "1 or 2 actions")
    play(h, {"kind": "trade", "seat": "ben", "partner": "cy", "give_credits": 1})


# --- more of Phase 1's limits ------------------------------------------------------------------

def test_a_mission_card_s_round_must_have_come():
    """Outside EXO a card names a round; the current round must be at least it
    (syndicate.txt:164, 499; reading 7)."""
    h = table()
    refused(h, {"kind": "mission", "seat": "ana", "zone": "middle", "round_required": 3,
                "winning_faces": [6], "roll": 6}, "mission-eligibility")


def test_a_cooperative_mission_needs_another_player_s_base():
    """Cooperative: the reward is split with the player who controls the territory
    (syndicate.txt:500)."""
    h = table()
    refused(h, {"kind": "mission", "seat": "ana", "cooperative": True, "winning_faces": [6],
                "roll": 6}, "cooperative-missions", "another player who owns the base")


def test_no_exchange_in_resource_collection():
    """Exchanges only on your own turn; never in Resource Collection (syndicate.txt:583,
    611)."""
    h = table()
    to_collection(h)
    refused(h, {"kind": "exchange", "seat": "ana", "get": "crew"}, "player-turn",
            "Phase 3")


def test_the_alert_never_passes_its_maximum():
    """6 with 2-3 players, 8 with 4-5 (syndicate.txt:629)."""
    h = table()
    refused(h, {"kind": "alert", "to": 7}, "alert-level", "maximum with 3 players is 6")


def test_the_phantom_takes_no_other_action():
    """Besides its assaults and fortifying, the Phantom does nothing (syndicate.txt:691)."""
    h = table(DUEL)
    play(h, {"kind": "end-turn"}, {"kind": "end-turn"})
    refused(h, {"kind": "mission", "seat": "phantom", "winning_faces": [6], "roll": 6},
            "missions", "no seat")
    refused(h, {"kind": "buy-base", "seat": "phantom", "zone": "exo"}, "buying-bases")
