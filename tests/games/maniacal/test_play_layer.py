"""Issue 41, Maniacal: the play layer. The Scheme deck, its discard pile and each hand (a
count: the cards are hidden), the Mercenary and Power decks, henchmen by kind, rooms built,
Contract rooms; a cancelled effect puts back exactly what it changed; and every limit the
coverage map lists as enforced refused in a reachable state, naming its rule entry."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED, History, parse_event

from .draft import step

TRACKER = find_game("maniacal").tracker
assert TRACKER is not None
RULES = find_game("maniacal").rules
THREE = {"mode": "standard", "attraction_start": 0,
         "seats": [{"name": "Simon"}, {"name": "Hassan"}, {"name": "Dave"}]}
EASY = {"kind": "contract", "weeks": 3, "difficulty": "easy", "team": 1, "target": 3,
        "success_infamy": 3, "success_money": 5, "failure_infamy": 1, "failure_money": 1}


def table(setup: dict[str, Any] | None = None, *events: dict[str, Any]) -> History:
    h = History(TRACKER, TRACKER.parse_setup(setup or THREE))
    for event in events:
        step(h, event)
    return h


def contracts(*events: dict[str, Any], setup: dict[str, Any] | None = None) -> History:
    return table(setup, {"kind": "henchmen-phase"}, {"kind": "start-contracts"}, *events)


def add(h: History, event: dict[str, Any]) -> None:
    h.append(parse_event(TRACKER, event))


def refused(h: History, event: dict[str, Any], rule: str, field: str | None = None
            ) -> InvalidInput:
    """`event` is refused, changes nothing, names `rule` (an entry the rules reference has)
    and says it in player words (no citation, no rule id)."""
    before = h.version
    with pytest.raises(InvalidInput) as err:
        add(h, event)
    assert h.version == before
    assert err.value.rule == rule, (err.value.rule, err.value.detail)
    assert rule in RULES
    assert ".txt" not in err.value.detail and "(rule" not in err.value.detail
    if field is not None:
        assert err.value.field == field, err.value.field
    return err.value


def view(h: History) -> dict[str, Any]:
    return TRACKER.state_json(h.setup, h.state, SHARED)


def seat(h: History, sid: str) -> dict[str, Any]:
    return next(s for s in view(h)["seats"] if s["id"] == sid)


def passes(h: History) -> None:
    while view(h)["active"]:
        add(h, {"kind": "pass", "seat": view(h)["active"]})


# --- the Scheme deck, its discard pile and the hands (maniacal.txt:74, 82, 252-260)

def test_each_player_starts_with_one_scheme_drawn_from_the_deck():
    h = table()
    assert [s["schemes"] for s in view(h)["seats"]] == [1, 1, 1]
    assert view(h)["scheme_deck"] == 25 - 3 and view(h)["scheme_discard"] == 0


def test_the_underground_draws_a_scheme_and_a_played_one_goes_to_the_discards():
    h = contracts({"kind": "visit", "seat": "simon", "location": "underground"})
    assert seat(h, "simon")["schemes"] == 2 and view(h)["scheme_deck"] == 21
    add(h, {**EASY, "seat": "hassan", "successes": 3, "scheme": "target",
            "scheme_by": "simon"})
    assert seat(h, "simon")["schemes"] == 1 and view(h)["scheme_discard"] == 1
    add(h, {"kind": "scheme", "seat": "hassan", "effect": "reroll"})  # after his own contract
    assert seat(h, "hassan")["schemes"] == 0 and view(h)["scheme_discard"] == 2


def test_a_scheme_reward_and_a_rooms_draw_come_from_the_deck():
    h = contracts({**EASY, "seat": "simon", "successes": 3, "effect": "scheme"})
    assert seat(h, "simon")["schemes"] == 2 and view(h)["scheme_deck"] == 21
    add(h, {"kind": "draw", "seat": "hassan", "card": "scheme", "reason": "a room"})
    assert seat(h, "hassan")["schemes"] == 2 and view(h)["scheme_deck"] == 20
    refused(h, {"kind": "draw", "seat": "dave", "card": "scheme"}, "schemes", "seat")


def test_an_empty_scheme_deck_is_made_again_from_the_discards():
    h = contracts({"kind": "decks", "scheme_deck": 0, "scheme_discard": 4})
    add(h, {"kind": "visit", "seat": "simon", "location": "underground"})
    assert view(h)["scheme_deck"] == 3 and view(h)["scheme_discard"] == 0
    assert seat(h, "simon")["schemes"] == 2
    assert "(correction)" in TRACKER.describe(h.event_at(h.version - 1), {}, SHARED)


def test_a_scheme_from_an_empty_hand_is_refused_and_a_correction_fixes_the_hand():
    h = contracts({**EASY, "seat": "simon", "successes": 3, "scheme": "target",
                   "scheme_by": "dave"})
    # Dave's one Scheme is spent: he cannot play another on Hassan's attempt
    refused(h, {**EASY, "seat": "hassan", "successes": 3, "scheme": "steal",
                "scheme_by": "dave"}, "schemes", "scheme_by")
    refused(h, {**EASY, "seat": "simon", "successes": 3}, "time-track", "seat")
    add(h, {"kind": "schemes", "seat": "dave", "amount": 1, "reason": "forgot a draw"})
    assert view(h)["scheme_deck"] == 21  # the card came from the deck
    add(h, {**EASY, "seat": "hassan", "successes": 3, "scheme": "steal", "scheme_by": "dave"})
    h2 = contracts({"kind": "schemes", "seat": "simon", "amount": -1})
    assert view(h2)["scheme_discard"] == 1
    refused(h2, {"kind": "scheme", "seat": "simon", "effect": "reroll"}, "schemes", "seat")


def test_schemes_are_played_in_the_contract_phase_only():
    h = table()
    refused(h, {"kind": "scheme", "seat": "simon", "effect": "reroll"}, "round-structure",
            "kind")


# --- the Mercenary deck (maniacal.txt:74, 307-310, 320, 341)

def test_the_lounge_draws_a_mercenary_who_goes_back_under_the_deck_when_paid():
    h = contracts({"kind": "visit", "seat": "simon", "location": "lounge"})
    assert seat(h, "simon")["mercenaries"] == 1 and view(h)["mercenary_deck"] == 7
    passes(h)
    add(h, {"kind": "clean-up"})
    assert seat(h, "simon")["mercenaries"] == 0 and view(h)["mercenary_deck"] == 8
    assert seat(h, "simon")["money"] == 8 - 2  # the Mercenary and the Lackey paid


def test_an_unpaid_or_captured_mercenary_leaves_the_game():
    h = contracts({"kind": "visit", "seat": "simon", "location": "lounge"},
                  {"kind": "visit", "seat": "hassan", "location": "lounge"},
                  {"kind": "money", "seat": "simon", "amount": -8})
    assert view(h)["mercenary_deck"] == 6
    add(h, {**EASY, "seat": "dave", "successes": 0, "effect": "captured"})
    add(h, {**EASY, "seat": "hassan", "successes": 0, "effect": "captured",
            "henchman": "mercenary"})
    assert view(h)["mercenaries_out"] == 1 and seat(h, "hassan")["mercenaries"] == 0
    passes(h)
    add(h, {"kind": "clean-up"})  # Simon has $0: his Mercenary goes unpaid (and his Lackey)
    assert view(h)["mercenaries_out"] == 2 and view(h)["mercenary_deck"] == 6
    assert seat(h, "simon")["henchmen"] == 0


def test_an_empty_mercenary_deck_draws_nothing_and_bodyguards_come_from_it():
    five = {"attraction_start": 0, "bodyguards": True,
            "seats": [{"name": n} for n in ("Ann", "Bo", "Cy", "Di", "Ed")]}
    h = contracts(setup=five)
    assert view(h)["mercenary_deck"] == 3 and seat(h, "ann")["crew"]["bodyguard"] == 1
    add(h, {"kind": "decks", "mercenary_deck": 0})
    add(h, {"kind": "visit", "seat": "ann", "location": "lounge"})
    assert seat(h, "ann")["mercenaries"] == 0 and seat(h, "ann")["weeks_left"] == 6


def test_a_mercenarys_injury_and_power_leave_with_it():
    h = contracts({"kind": "visit", "seat": "simon", "location": "lounge"},
                  {"kind": "pass", "seat": "hassan"}, {"kind": "pass", "seat": "dave"})
    attempt = {**EASY, "seat": "simon", "successes": 0, "effect": "injured"}
    refused(h, attempt, "injury", "henchman")  # the Lackey or the Mercenary?
    add(h, {**attempt, "henchman": "mercenary"})
    add(h, {"kind": "draw", "seat": "simon", "card": "power", "henchman": "mercenary"})
    assert seat(h, "simon")["injuries"] == 1 and seat(h, "simon")["powers"] == 1
    assert view(h)["power_deck"] == 13
    passes(h)
    add(h, {"kind": "clean-up"})
    assert seat(h, "simon")["injuries"] == 0 and seat(h, "simon")["powers"] == 0
    assert view(h)["power_discard"] == 1


# --- a cancelled effect puts back exactly what it changed (maniacal.txt:272)

def _without_cards(h: History) -> dict[str, Any]:
    """The state apart from the Scheme played and the contract's record."""
    out = view(h)
    for key in ("scheme_discard", "contracts", "scheme_deck", "decks_text"):
        out.pop(key)
    for row in out["seats"]:
        for key in ("schemes", "positive_schemes", "crew_text"):
            row.pop(key)
    return out


def test_a_cancelled_capture_puts_back_the_henchman_its_powers_and_its_exhaustion():
    before = [{"kind": "henchmen", "seat": "simon", "amount": 1, "type": "mystics"},
              {"kind": "powers", "seat": "simon", "amount": 2}]
    attempt = {**EASY, "seat": "simon", "team": 2, "successes": 0}
    h = contracts(*before, {**attempt, "effect": "captured", "henchman": "mystics",
                            "lost_powers": 2})
    assert seat(h, "simon")["crew"]["mystics"] == 0 and seat(h, "simon")["powers"] == 0
    assert seat(h, "simon")["exhausted"] == 1 and view(h)["power_discard"] == 2
    add(h, {"kind": "scheme", "seat": "simon", "effect": "cancel"})
    plain = contracts(*before, {**attempt, "effect": "none"})
    assert _without_cards(h) == _without_cards(plain)
    assert seat(h, "simon")["exhausted"] == 2 and view(h)["power_discard"] == 0


def test_a_cancelled_injury_takes_exactly_its_token_off():
    h = contracts({"kind": "injuries", "seat": "dave", "amount": 1},  # someone else's token
                  {**EASY, "seat": "simon", "successes": 0, "effect": "injured",
                   "scheme": "injury", "scheme_by": "hassan"})
    assert seat(h, "simon")["injuries"] == 2
    add(h, {"kind": "scheme", "seat": "simon", "effect": "cancel"})
    assert seat(h, "simon")["injuries"] == 1 and seat(h, "dave")["injuries"] == 1
    add(h, {"kind": "schemes", "seat": "simon", "amount": 1})
    add(h, {"kind": "scheme", "seat": "simon", "effect": "cancel"})  # the rival's Injury next
    assert seat(h, "simon")["injuries"] == 0
    assert view(h)["contracts"][-1]["cancelled"] == ["effect", "scheme-injury"]


def test_a_cancel_after_the_token_was_taken_off_by_hand_is_refused():
    h = contracts({**EASY, "seat": "simon", "successes": 0, "effect": "injured"},
                  {"kind": "injuries", "seat": "simon", "amount": -1})
    refused(h, {"kind": "scheme", "seat": "simon", "effect": "cancel"}, "positive-schemes",
            "effect")


def test_the_follow_up_schemes_are_listed_after_your_own_contract():
    h = contracts({**EASY, "seat": "simon", "successes": 0, "effect": "injured"})
    listed = [m for m in TRACKER.moves(h.setup, h.state) if m.get("seat") == "simon"]
    assert {"kind": "scheme", "seat": "simon", "effect": "consolation"} in listed
    assert {"kind": "scheme", "seat": "simon", "effect": "cancel"} in listed
    assert any(m["kind"] == "contract-room" for m in listed)


# --- Powers (maniacal.txt:275-278)

def test_a_power_reward_comes_from_the_power_deck_and_a_capture_discards_the_powers():
    h = contracts({**EASY, "seat": "simon", "successes": 3, "effect": "power"})
    assert seat(h, "simon")["powers"] == 1 and view(h)["power_deck"] == 13
    add(h, {"kind": "henchmen", "seat": "hassan", "amount": 1, "type": "beasts"})
    refused(h, {**EASY, "seat": "hassan", "successes": 0, "effect": "captured",
                "henchman": "beasts", "lost_powers": 1}, "powers", "lost_powers")
    refused(h, {**EASY, "seat": "hassan", "successes": 0, "effect": "captured",
                "henchman": "scientists"}, "captured", "henchman")


# --- rooms: built, used once a round; Contract rooms (maniacal.txt:191-199, 229-236)

def test_a_room_is_activated_only_if_built_and_each_once_a_round():
    h = contracts({"kind": "rooms", "seat": "simon", "amount": -1})  # sold it all, say
    refused(h, {"kind": "room", "seat": "simon", "room": "Lab"}, "action-rooms", "room")
    add(h, {"kind": "rooms", "seat": "simon", "amount": 1})
    add(h, {"kind": "room", "seat": "simon", "room": "Lab"})
    assert seat(h, "simon")["rooms_used"] == 1


def test_a_contract_room_costs_no_time_and_exhausts_a_figure_off_the_team():
    h = contracts({"kind": "rooms", "seat": "simon", "amount": 1},
                  {"kind": "henchmen", "seat": "simon", "amount": 1, "type": "criminals"},
                  {**EASY, "seat": "simon", "successes": 3})
    add(h, {"kind": "contract-room", "seat": "simon", "room": "Cloaks & Costumes",
            "figure": "henchman"})
    assert seat(h, "simon")["weeks_left"] == 5 and seat(h, "simon")["exhausted"] == 2
    refused(h, {"kind": "contract-room", "seat": "simon", "room": "cloaks & costumes",
                "figure": "supervillain"}, "contract-rooms", "room")
    add(h, {"kind": "contract-room", "seat": "simon", "room": "Vault"})  # the Supervillain
    assert seat(h, "simon")["villain_used"] is True
    refused(h, {"kind": "contract-room", "seat": "dave"}, "contract-rooms", "seat")


def test_a_contract_room_with_every_figure_exhausted_is_refused():
    h = contracts({"kind": "rooms", "seat": "simon", "amount": 2},
                  {"kind": "room", "seat": "simon", "room": "Lab"},       # the Supervillain
                  {"kind": "pass", "seat": "hassan"}, {"kind": "pass", "seat": "dave"},
                  {**EASY, "seat": "simon", "successes": 3})               # the Lackey
    refused(h, {"kind": "contract-room", "seat": "simon", "room": "Vault",
                "figure": "henchman"}, "exhausted", "figure")


# --- positive Schemes (maniacal.txt:258, 271)

def test_refresh_needs_an_exhausted_henchman():
    h = contracts()
    refused(h, {"kind": "scheme", "seat": "simon", "effect": "refresh"}, "positive-schemes",
            "effect")
    add(h, {**EASY, "seat": "simon", "successes": 3})
    add(h, {"kind": "scheme", "seat": "simon", "effect": "refresh"})
    assert seat(h, "simon")["exhausted"] == 0


def test_a_positive_scheme_by_a_player_who_is_not_active_is_refused():
    h = contracts()
    refused(h, {"kind": "scheme", "seat": "dave", "effect": "reroll"}, "time-track", "seat")


# --- the round's frame (maniacal.txt:87-106, 137-148, 176-185, 318-327)

def test_phases_come_in_order():
    h = table()
    refused(h, {"kind": "recruit", "seat": "simon", "type": "beasts", "cost": 0},
            "round-structure", "kind")
    refused(h, {"kind": "pass", "seat": "simon"}, "round-structure", "kind")


def test_a_fourth_pick_and_a_build_you_cannot_pay_are_refused():
    h = table()
    refused(h, {"kind": "build", "seat": "simon", "cost": 9, "type": "beasts", "points": 5},
            "build-room", "cost")
    for _ in range(3):
        add(h, {"kind": "sell", "seat": "simon", "cost": 1})
    refused(h, {"kind": "sell", "seat": "simon", "cost": 1}, "room-draft", "kind")


def test_an_action_without_the_time_for_it_is_refused():
    h = contracts({"kind": "room", "seat": "simon", "room": "Lab", "weeks": 5},  # 8 -> 3
                  {"kind": "pass", "seat": "hassan"}, {"kind": "pass", "seat": "dave"})
    refused(h, {**EASY, "seat": "simon", "weeks": 4, "successes": 3}, "contract-time-cost",
            "weeks")
    add(h, {"kind": "visit", "seat": "simon", "location": "underground"})  # 3 -> 1
    refused(h, {"kind": "visit", "seat": "simon", "location": "lounge"}, "actions-and-time",
            "weeks")


def test_the_hospital_charges_two_dollars_a_token_and_only_for_tokens_there():
    h = contracts({"kind": "injuries", "seat": "simon", "amount": 2},
                  {"kind": "money", "seat": "simon", "amount": -5})
    refused(h, {"kind": "visit", "seat": "simon", "location": "hospital", "injuries": 3},
            "hoodlum-hospital", "injuries")
    refused(h, {"kind": "visit", "seat": "simon", "location": "hospital", "injuries": 2},
            "hoodlum-hospital", "injuries")  # $4 against $3
    add(h, {"kind": "visit", "seat": "simon", "location": "hospital", "injuries": 1})
    assert seat(h, "simon")["money"] == 1 and seat(h, "simon")["injuries"] == 1


def test_a_second_lackey_is_refused():
    h = table()
    refused(h, {"kind": "henchmen", "seat": "simon", "amount": 1, "type": "lackey"},
            "setup-supervillains", "amount")


def test_each_player_fires_at_most_one_henchman():
    h = contracts()
    passes(h)
    refused(h, {"kind": "clean-up", "fire": "Simon, simon"}, "firing", "fire")
    refused(h, {"kind": "clean-up", "fire": "Nobody"}, "setup-player-order", "fire")


def test_after_round_3s_clean_up_only_the_scores_values_and_the_laugh_are_taken():
    h = table({**THREE, "round_2_weeks": 8, "round_3_weeks": 8, "round_3_easy": 2,
               "round_3_hard": 2, "round_3_legendary": 2})
    for _ in range(3):
        step(h, {"kind": "henchmen-phase"})
        add(h, {"kind": "start-contracts"})
        passes(h)
        add(h, {"kind": "clean-up"})
    assert view(h)["phase"] == "over" and not TRACKER.finished(h.setup, h.state)
    refused(h, {"kind": "infamy", "seat": "simon", "amount": 2}, "end-of-game", "kind")
    add(h, {"kind": "table-values", "money_bonus": "3, 2, 1"})
    assert TRACKER.finished(h.setup, h.state)
    refused(h, {"kind": "table-values", "money_bonus": "9, 2, 1"}, "end-of-game", "kind")
    add(h, {"kind": "note", "text": "good game"})


def test_a_round_3_contract_key_row_that_does_not_add_up_is_refused_and_named():
    h = table({**THREE, "round_2_weeks": 8, "round_3_weeks": 8, "round_3_easy": 2,
               "round_3_hard": 2, "round_3_legendary": 2})
    for _ in range(2):
        step(h, {"kind": "henchmen-phase"})
        add(h, {"kind": "start-contracts"})
        passes(h)
        add(h, {"kind": "clean-up"})
    step(h, {"kind": "henchmen-phase"})
    add(h, {"kind": "start-contracts"})
    add(h, {"kind": "table-values", "round_3_easy": 5})  # 5 + 2 + 2 is not the map's 6
    refused(h, {**EASY, "seat": "simon", "successes": 3}, "contract-key", "round_3_easy")
    assert any(m["kind"] == "pass" for m in TRACKER.moves(h.setup, h.state))
