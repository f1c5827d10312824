"""Issue 30, Maniacal: the session follows the round's own structure, refuses what the rules
forbid at that point (citing the rule), works contracts and Clean-up out with the calculators
as one event each, and scores with its reasons."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED, History, fold, parse_event, stored_event

from .draft import sales, step

TRACKER = find_game("maniacal").tracker
assert TRACKER is not None
THREE = {"mode": "standard", "attraction_start": 0,
         "seats": [{"name": "Simon"}, {"name": "Hassan"}, {"name": "Dave"}]}
EASY = {"kind": "contract", "weeks": 3, "difficulty": "easy", "team": 1, "target": 3,
        "success_infamy": 3, "success_money": 5, "failure_infamy": 1, "failure_money": 1}


def history(setup: dict[str, Any] | None = None, *events: dict[str, Any]) -> History:
    h = History(TRACKER, TRACKER.parse_setup(setup or THREE))
    for event in events:
        add(h, event)
    return h


def contracts(*events: dict[str, Any]) -> History:
    return history(None, {"kind": "henchmen-phase"}, {"kind": "start-contracts"}, *events)


def add(h: History, event: dict[str, Any]) -> None:
    step(h, event)


def refused(h: History, event: dict[str, Any]) -> InvalidInput:
    before = h.version
    with pytest.raises(InvalidInput) as err:
        add(h, event)
    assert h.version == before
    return err.value


def view(h: History) -> dict[str, Any]:
    return TRACKER.state_json(h.setup, h.state, SHARED)


def seat(h: History, sid: str) -> dict[str, Any]:
    return next(s for s in view(h)["seats"] if s["id"] == sid)


def line(h: History) -> str:
    names = {s.id: s.name for s in h.setup.seats}
    return TRACKER.describe(h.event_at(h.version), names, SHARED)


# --- Schemes: only against a committed attempt, applied with it as one event

def test_a_negative_scheme_before_the_attempt_is_refused_and_gives_no_infamy():
    h = contracts()
    err = refused(h, {"kind": "scheme", "seat": "dave", "effect": "target"})  # Simon active
    assert err.field == "effect"
    assert "committed" in err.detail and err.rule == "negative-schemes"
    assert "What can be done now:" in err.detail
    assert seat(h, "dave")["infamy"] == 0
    add(h, {"kind": "room", "seat": "simon", "room": "Lab"})
    assert seat(h, "dave")["infamy"] == 0


def test_the_scheme_and_the_attempt_are_one_event_undone_together():
    h = contracts()
    add(h, {**EASY, "seat": "simon", "successes": 4, "scheme": "target", "scheme_by": "dave"})
    # Target 3 + 2 = 5 against 4 successes: the failure line (maniacal.txt:262)
    assert seat(h, "simon")["infamy"] == 1 and seat(h, "simon")["money"] == 8 + 1
    assert seat(h, "dave")["infamy"] == 2  # maniacal.txt:267
    h.append(parse_event(TRACKER, {"kind": "undo"}))
    assert seat(h, "dave")["infamy"] == 0 and seat(h, "simon")["infamy"] == 0
    assert seat(h, "simon")["weeks_left"] == 8


def test_an_older_sessions_scheme_before_the_attempt_still_folds():
    """Stored before the referee: a negative Scheme recorded ahead of its attempt."""
    setup = TRACKER.parse_setup(THREE)
    rows = [*sales("simon", "hassan", "dave"), {"kind": "henchmen-phase"},
            {"kind": "start-contracts"},
            {"kind": "scheme", "seat": "dave", "effect": "steal"},
            {"kind": "contract", "seat": "simon", "weeks": 3, "difficulty": "easy",
             "success": True, "infamy": 2, "money": 4}]
    h = fold(TRACKER, setup, [stored_event(TRACKER, r) for r in rows])
    assert seat(h, "dave")["money"] == 13 and seat(h, "dave")["infamy"] == 2
    assert seat(h, "simon")["money"] == 8 + 4 - 3


# --- the contract line says what was received

def test_the_contract_line_shows_what_was_received_after_a_theft():
    h = contracts()
    add(h, {**EASY, "seat": "simon", "successes": 3, "scheme": "steal", "scheme_by": "Dave"})
    assert h.event_at(h.version)["scheme_by"] == "dave"  # typed by name, kept as the seat
    assert seat(h, "simon")["money"] == 8 + 5 - 3 and seat(h, "dave")["money"] == 10 + 3
    text = line(h)
    assert "an Easy contract" in text and "a easy" not in text
    assert "receives +3 Infamy and $2" in text and "+$5" not in text
    assert "Dave took $3 of the $5 reward" in text
    assert "Dave +2 Infamy" in text
    assert "3 successes vs Target 3" in text


def test_a_hand_set_result_is_marked_as_a_correction():
    h = contracts({"kind": "contract", "seat": "simon", "weeks": 3, "difficulty": "hard",
                   "success": True, "infamy": 4, "money": 3})
    assert "a Hard contract" in line(h) and "(correction)" in line(h)
    add(h, {"kind": "money", "seat": "simon", "amount": 2, "reason": "room effect"})
    assert line(h) == "Simon +$2 (correction: room effect)"


def test_the_target_must_fit_the_difficulty():
    h = contracts()
    err = refused(h, {**EASY, "seat": "simon", "target": 9, "successes": 9})
    assert err.field == "target" and err.allowed == "1-4"  # maniacal.txt:211


# --- the structure of a round

def test_the_same_action_room_twice_in_a_round_is_refused():
    h = contracts({"kind": "rooms", "seat": "simon", "amount": 1},  # a second room built
                  {"kind": "room", "seat": "simon", "room": "Lab"},
                  {"kind": "pass", "seat": "hassan"}, {"kind": "pass", "seat": "dave"})
    err = refused(h, {"kind": "room", "seat": "simon", "room": "lab", "figure": "henchman"})
    assert err.field == "room" and "once a round" in err.detail
    assert err.rule == "action-rooms"
    add(h, {"kind": "room", "seat": "simon", "room": "Vault", "figure": "henchman"})
    err = refused(h, {"kind": "room", "seat": "simon", "room": "Den", "figure": "henchman"})
    assert err.field == "room" and "built 2 rooms and used 2" in err.detail


def test_a_legendary_contract_in_round_1_is_refused():
    h = contracts()
    err = refused(h, {**EASY, "seat": "simon", "difficulty": "legendary", "target": 6,
                      "successes": 6})
    assert err.field == "difficulty" and err.allowed == "easy, hard"
    assert "4 Easy and 2 Hard" in err.detail and err.rule == "setup-contracts"


def _to_round(n: int, **values: Any) -> History:
    h = history({**THREE, "round_2_weeks": 8, "round_3_weeks": 8, **values})
    for _ in range(n - 1):
        add(h, {"kind": "henchmen-phase"})
        add(h, {"kind": "start-contracts"})
        while view(h)["active"]:
            add(h, {"kind": "pass", "seat": view(h)["active"]})
        add(h, {"kind": "clean-up"})
    add(h, {"kind": "henchmen-phase"})
    add(h, {"kind": "start-contracts"})
    return h


def test_legendary_contracts_follow_the_contract_key():
    h = _to_round(2, round_3_easy=3, round_3_hard=3, round_3_legendary=0)
    add(h, {**EASY, "seat": "simon", "difficulty": "legendary", "target": 4,
            "successes": 4})  # round 2: 2 Easy, 2 Hard, 2 Legendary (maniacal.txt:325)
    h = _to_round(3, round_3_easy=3, round_3_hard=3, round_3_legendary=0)
    err = refused(h, {**EASY, "seat": "simon", "difficulty": "legendary", "target": 4,
                      "successes": 4})
    assert err.field == "difficulty" and "Contract Key" in err.detail


def test_bodyguards_at_two_players_are_the_tables_own_rule_never_silent():
    two = {"attraction_start": 0, "seats": [{"name": "Ana"}, {"name": "Bo"}],
           "bodyguards": True}
    with pytest.raises(InvalidInput) as err:
        TRACKER.parse_setup(two)
    assert err.value.field == "bodyguards" and "5-player" in err.value.detail
    assert err.value.rule == "bodyguard-option"
    h = history({**two, "bodyguards_house_rule": True})
    assert seat(h, "ana")["henchmen"] == 2
    assert "the table's own rule" in view(h)["variant_text"]
    five = {"attraction_start": 0, "bodyguards": True,
            "seats": [{"name": n} for n in ("A", "B", "C", "D", "E")]}
    assert view(history(five))["variant_text"] == "Bodyguards"
    saved = {**two, "seats": [{"name": "Ana", "id": "ana"}, {"name": "Bo", "id": "bo"}]}
    older = TRACKER.parse_setup(saved)  # stored before this question was asked
    assert older.bodyguards_house_rule and TRACKER.parse_setup(older.to_json()) == older


def test_the_henchmen_phase_waits_for_every_players_three_picks():
    h = history(None, {"kind": "build", "seat": "simon", "cost": 5, "type": "beasts",
                       "points": 4})
    before = h.version
    with pytest.raises(InvalidInput) as err:
        h.append(parse_event(TRACKER, {"kind": "henchmen-phase"}))
    assert h.version == before and err.value.field == "kind"
    assert "still to pick: Simon 2, Hassan 3, Dave 3" in err.value.detail
    assert err.value.rule == "room-draft"
    assert TRACKER.moves(h.setup, h.state)[0] == {"kind": "sell", "seat": "simon", "cost": 0}


def test_only_the_token_with_most_weeks_left_acts_top_of_its_stack_first():
    h = contracts()
    assert view(h)["active"] == "simon"  # 1st player on top of the stack on 8
    err = refused(h, {"kind": "pass", "seat": "dave"})
    assert err.field == "seat" and err.allowed == "simon"
    add(h, {"kind": "room", "seat": "simon", "room": "Lab"})  # Simon 8 → 7
    assert view(h)["active"] == "hassan"  # on top of what is left on 8
    add(h, {**EASY, "seat": "hassan", "successes": 3})  # 8 → 5
    add(h, {"kind": "room", "seat": "dave", "room": "Lab"})  # Dave 8 → 7, on top of Simon
    assert view(h)["active"] == "dave"  # maniacal.txt:184, 189


# --- exhausted figures, injured henchmen, team size

def test_the_supervillain_activates_one_room_a_round():
    h = contracts({"kind": "rooms", "seat": "simon", "amount": 1},
                  {"kind": "room", "seat": "simon", "room": "Lab"},
                  {"kind": "pass", "seat": "hassan"}, {"kind": "pass", "seat": "dave"})
    err = refused(h, {"kind": "room", "seat": "simon", "room": "Vault"})
    assert err.field == "figure" and err.rule == "exhausted"


def test_exhausted_and_injured_henchmen_do_not_go_on_contracts():
    h = contracts({**EASY, "seat": "simon", "successes": 3})  # the Lackey is exhausted
    add(h, {"kind": "pass", "seat": "hassan"})
    add(h, {"kind": "pass", "seat": "dave"})
    assert seat(h, "simon")["exhausted"] == 1
    err = refused(h, {**EASY, "seat": "simon", "weeks": 3, "successes": 3})
    assert err.field == "team" and "exhausted" in err.detail
    err = refused(h, {"kind": "room", "seat": "simon", "room": "Lab", "figure": "henchman"})
    assert err.field == "figure"
    h = contracts({**EASY, "seat": "simon", "successes": 0, "effect": "injured"})
    add(h, {"kind": "henchmen", "seat": "simon", "amount": 1})
    add(h, {"kind": "pass", "seat": "hassan"})
    add(h, {"kind": "pass", "seat": "dave"})
    # 2 henchmen: the Lackey exhausted and injured, the new one fresh
    add(h, {**EASY, "seat": "simon", "successes": 3})
    h = contracts({"kind": "injuries", "seat": "simon", "amount": 1})
    err = refused(h, {**EASY, "seat": "simon", "successes": 3})
    assert err.rule == "contract-attempt"
    assert err.field == "team" and "injured" in err.detail


def test_the_team_must_be_the_cards_size():
    h = contracts({"kind": "henchmen", "seat": "simon", "amount": 1})
    err = refused(h, {**EASY, "seat": "simon", "team": 3, "successes": 4})
    assert err.field == "team" and "exactly 3" in err.detail and err.allowed == \
        "a team of at most 2"
    add(h, {**EASY, "seat": "simon", "team": 2, "successes": 4})
    assert seat(h, "simon")["exhausted"] == 2


def test_a_captured_team_member_is_not_exhausted_but_gone():
    h = contracts({"kind": "henchmen", "seat": "simon", "amount": 1, "type": "beasts"})
    attempt = {**EASY, "seat": "simon", "team": 2, "successes": 0, "effect": "captured"}
    err = refused(h, attempt)  # a Lackey or the Beast: the owner says which
    assert err.field == "henchman" and err.rule == "captured"
    assert "1 Beast, 1 Lackey" in err.detail
    add(h, {**attempt, "henchman": "beasts"})
    assert seat(h, "simon")["henchmen"] == 1 and seat(h, "simon")["exhausted"] == 1
    assert seat(h, "simon")["crew"]["beasts"] == 0 and seat(h, "simon")["crew"]["lackey"] == 1


# --- Clean-up through the calculator, one line saying who lost what

def test_the_clean_up_line_says_who_lost_henchmen_unpaid():
    h = contracts({"kind": "henchmen", "seat": "dave", "amount": 2, "type": "mystics"},
                  {"kind": "money", "seat": "dave", "amount": -9},
                  *({"kind": "pass", "seat": s} for s in ("simon", "hassan", "dave")))
    err = refused(h, {"kind": "clean-up", "fire": "hassan"})  # the owner chooses who goes
    assert err.field == "unpaid" and err.rule == "salaries"
    assert "2 Mystics, 1 Lackey" in err.detail
    add(h, {"kind": "clean-up", "fire": "Hassan", "unpaid": "Dave: mystic, Dave: mystics"})
    assert h.event_at(h.version)["unpaid"] == "dave: 2 mystics"
    assert h.event_at(h.version)["fire"] == "hassan: lackey"
    text = line(h)
    assert "Dave pays $1 and loses 2 henchmen unpaid (Mystic, Mystic)" in text
    assert "Simon pays $1" in text and "Hassan pays $1, fires a Lackey" in text
    assert "Reseed 2 Easy, 2 Hard, 2 Legendary; round 2 next." in text
    assert seat(h, "dave")["henchmen"] == 1 and seat(h, "dave")["money"] == 0
    assert seat(h, "hassan")["henchmen"] == 0
    assert seat(h, "simon")["exhausted"] == 0 and view(h)["round"] == 2


# --- the score: the calculator's answer with each seat's standing

def _finished(bonus: str = "3, 2, 1", *last: dict[str, Any]) -> History:
    """A three-round game played to its end, `last` recorded just before the final Clean-up."""
    h = history({**THREE, "round_2_weeks": 8, "round_3_weeks": 8, "money_bonus": bonus,
                 "round_3_easy": 2, "round_3_hard": 2, "round_3_legendary": 2})
    for r in range(3):
        add(h, {"kind": "henchmen-phase"})
        add(h, {"kind": "start-contracts"})
        if r == 0:
            add(h, {**EASY, "seat": "simon", "successes": 3})
        while view(h)["active"]:
            add(h, {"kind": "pass", "seat": view(h)["active"]})
        if r == 2:
            for event in last:
                add(h, event)
        add(h, {"kind": "clean-up"})
    return h


def test_the_score_is_provisional_until_the_end_then_final_with_reasons():
    h = contracts({**EASY, "seat": "simon", "successes": 3})
    early = TRACKER.score(h.setup, h.state).to_json()
    assert early["result"]["final"] is False
    assert early["summary"].startswith("Provisional")
    h = _finished()
    assert TRACKER.finished(h.setup, h.state) and TRACKER.moves(h.setup, h.state) == []
    score = TRACKER.score(h.setup, h.state).to_json()["result"]
    assert score["final"] is True and score["unit"] == "Infamy"
    first, second, third = score["standings"]
    # money after three rounds of $1 salaries: Simon 8+5-3=10, Hassan 9-3=6, Dave 10-3=7
    assert first["name"] == "Simon" and first["total"] == 3 + 3 and first["winner"]
    assert [s["text"] for s in first["steps"]] == [
        "Simon: $10, money place 1 → +3 Infamy.", "Simon: 3 Infamy + 3 money bonus = 6.",
        "1 henchman, the first tie-break."]
    assert second["name"] == "Dave" and second["total"] == 2
    assert "behind Simon on total Infamy" in second["tie"]
    assert third["name"] == "Hassan" and third["total"] == 1


def test_a_tie_for_first_waits_for_the_laugh_and_says_why():
    h = _finished("0, 0, 0", {"kind": "infamy", "seat": "hassan", "amount": 3})
    assert not TRACKER.finished(h.setup, h.state)
    moves = TRACKER.moves(h.setup, h.state)
    assert {m["seat"] for m in moves} == {"simon", "hassan"}
    score = TRACKER.score(h.setup, h.state).to_json()["result"]
    assert score["final"] is False
    assert "level on Infamy and henchmen" in score["standings"][1]["tie"]
    err = refused(h, {"kind": "laugh", "seat": "dave"})
    assert err.field == "seat"
    add(h, {"kind": "laugh", "seat": "hassan"})
    score = TRACKER.score(h.setup, h.state).to_json()["result"]
    assert score["final"] is True and score["standings"][0]["name"] == "Hassan"
    assert "most sinister laugh" in score["standings"][1]["tie"]
