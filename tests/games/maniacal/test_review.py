"""Review fixes: Schemes around a contract (one negative per attempt, the $3 theft, positive
Schemes right after your own contract, the +2 weeks landing), and refusals that were silent."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED, History, parse_event

from .draft import step

GAME = find_game("maniacal")
TRACKER = GAME.tracker
assert TRACKER is not None
THREE = {"mode": "standard", "attraction_start": 0,
         "seats": [{"name": "Simon"}, {"name": "Hassan"}, {"name": "Dave"}]}


def session(*events: dict[str, Any]) -> History:
    history = History(TRACKER, TRACKER.parse_setup(THREE))
    for event in ({"kind": "henchmen-phase"}, {"kind": "start-contracts"}, *events):
        step(history, event)
    return history


def add(history: History, event: dict[str, Any]) -> None:
    history.append(parse_event(TRACKER, event))


def seat(history: History, sid: str) -> dict[str, Any]:
    state = TRACKER.state_json(history.setup, history.state, SHARED)
    return next(s for s in state["seats"] if s["id"] == sid)


def active(history: History) -> str | None:
    return TRACKER.state_json(history.setup, history.state, SHARED)["active"]


# --- positive Schemes are played "before or after resolving a contract" (maniacal.txt:258),
# but the time is paid before the card is flipped (205, 209): after the contract the token
# has already moved, often so far that someone else is now on the leftmost space.

def test_consolation_scheme_after_your_own_failed_contract():
    h = session({"kind": "contract", "seat": "simon", "weeks": 4, "difficulty": "easy",
                 "success": False, "infamy": 1, "money": 1})
    assert active(h) == "hassan"
    add(h, {"kind": "scheme", "seat": "simon", "effect": "consolation"})  # maniacal.txt:273
    assert seat(h, "simon")["infamy"] == 1 + 2 and seat(h, "simon")["money"] == 8 + 1 + 2


def test_consolation_needs_a_failed_contract():
    h = session({"kind": "contract", "seat": "simon", "weeks": 4, "difficulty": "easy",
                 "success": True, "infamy": 3, "money": 2})
    with pytest.raises(InvalidInput) as err:
        add(h, {"kind": "scheme", "seat": "simon", "effect": "consolation"})
    assert err.value.field == "effect"


def test_after_the_next_action_the_contract_is_no_longer_yours_to_follow_up():
    h = session({"kind": "contract", "seat": "simon", "weeks": 4, "difficulty": "easy"},
                {"kind": "room", "seat": "hassan"})
    with pytest.raises(InvalidInput) as err:
        add(h, {"kind": "scheme", "seat": "simon", "effect": "consolation"})
    assert err.value.field == "seat"


def test_gain_two_weeks_after_a_contract_can_land_on_tokens_and_asks_where():
    # Simon 8 -> 3 (contract 5); Hassan 8 -> 5 (contract 3). Simon's +2 weeks: 3 -> 5,
    # where Hassan's token is. The book does not say top or bottom (maniacal.txt:270).
    h2 = session({"kind": "contract", "seat": "simon", "weeks": 5, "difficulty": "easy"},
                 {"kind": "room", "seat": "hassan", "weeks": 3})
    # Hassan now on 5; Simon's contract is no longer the last action: refused
    with pytest.raises(InvalidInput):
        add(h2, {"kind": "scheme", "seat": "simon", "effect": "weeks"})
    h3 = session({"kind": "room", "seat": "simon", "weeks": 3},          # Simon 8 -> 5
                  {"kind": "contract", "seat": "hassan", "weeks": 5, "difficulty": "easy"})
    # Hassan 8 -> 3; his +2 weeks lands on 5 where Simon's token is
    with pytest.raises(InvalidInput) as err:
        add(h3, {"kind": "scheme", "seat": "hassan", "effect": "weeks"})
    assert err.value.field == "landing"
    add(h3, {"kind": "scheme", "seat": "hassan", "effect": "weeks", "landing": "bottom"})
    assert seat(h3, "hassan")["weeks_left"] == 5
    state = TRACKER.state_json(h3.setup, h3.state, SHARED)
    assert state["time_text"].startswith("8: Dave; 5: Hassan, Simon")  # Simon still on top


def test_gain_two_weeks_cannot_bring_back_a_token_that_ran_out():
    h = session({"kind": "room", "seat": "simon", "weeks": 3},
                {"kind": "contract", "seat": "hassan", "weeks": 5, "difficulty": "easy"},
                {"kind": "contract", "seat": "dave", "weeks": 5, "difficulty": "easy"},
                {"kind": "contract", "seat": "simon", "weeks": 5, "difficulty": "easy"})
    assert seat(h, "simon")["weeks_left"] == 0
    with pytest.raises(InvalidInput) as err:
        add(h, {"kind": "scheme", "seat": "simon", "effect": "weeks"})
    assert err.value.field == "effect"


# --- negative Schemes: one per contract attempt, recorded with it (maniacal.txt:256-257)

def test_one_negative_scheme_per_attempt_played_by_an_opponent():
    h = session()
    with pytest.raises(InvalidInput) as err:  # the active player cannot scheme on themself
        add(h, {"kind": "contract", "seat": "simon", "weeks": 3, "difficulty": "easy",
                "scheme": "target", "scheme_by": "simon"})
    assert err.value.field == "scheme_by"
    with pytest.raises(InvalidInput) as err:  # an effect needs who played it
        add(h, {"kind": "contract", "seat": "simon", "weeks": 3, "difficulty": "easy",
                "scheme": "target"})
    assert err.value.field == "scheme_by"
    add(h, {"kind": "contract", "seat": "simon", "weeks": 3, "difficulty": "easy",
            "scheme": "target", "scheme_by": "hassan"})
    add(h, {"kind": "contract", "seat": "hassan", "weeks": 3, "difficulty": "easy",
            "scheme": "week", "scheme_by": "simon"})
    assert seat(h, "hassan")["infamy"] == 2 and seat(h, "simon")["infamy"] == 2


def test_the_three_dollar_scheme_moves_money_to_its_player():
    h = session()
    add(h, {"kind": "contract", "seat": "simon", "weeks": 3, "difficulty": "easy",
            "success": True, "infamy": 2, "money": 4, "scheme": "steal", "scheme_by": "dave"})
    assert seat(h, "simon")["money"] == 8 + 4 - 3  # maniacal.txt:266
    assert seat(h, "dave")["money"] == 10 + 3 and seat(h, "dave")["infamy"] == 2


def test_the_three_dollar_scheme_takes_nothing_from_a_failure():
    h = session()
    add(h, {"kind": "contract", "seat": "simon", "weeks": 3, "difficulty": "easy",
            "success": False, "infamy": 1, "money": 1, "scheme": "steal", "scheme_by": "dave"})
    assert seat(h, "simon")["money"] == 9 and seat(h, "dave")["money"] == 10


def test_the_extra_week_scheme_is_charged_with_the_contract():
    h = session()
    add(h, {"kind": "contract", "seat": "simon", "weeks": 3, "difficulty": "easy",
            "scheme": "week", "scheme_by": "dave"})  # maniacal.txt:264
    assert seat(h, "simon")["weeks_left"] == 8 - 3 - 1


# --- calculators

def run(slug: str, data: dict[str, Any]) -> Any:
    op = GAME.setup if slug == "setup" else GAME.calculators[slug]
    assert op is not None
    return op.run(data)


def test_contract_outcome_takes_one_negative_scheme_only():
    with pytest.raises(InvalidInput) as err:
        run("contract-outcome", {"difficulty": "easy", "target": 4, "successes": 9,
                                 "scheme_target": True, "scheme_steal": True})
    assert err.value.field == "scheme_target"


def test_contract_outcome_says_when_a_scheme_does_not_apply():
    answer = run("contract-outcome", {"difficulty": "easy", "target": 2, "successes": 3,
                                      "consolation": True, "success_money": 2})
    assert answer.result["money_gained"] == 2
    assert any("consolation" in s.text.lower() and "only after a fail" in s.text.lower()
               for s in answer.steps)
    assert "an easy contract" in answer.summary


def test_success_odds_with_an_empty_pool_says_so():
    # a rival's Scheme can take a pool down to 0 dice (maniacal.txt:263)
    answer = run("success-odds", {"recommended": "brawn", "target": 3,
                                  "faces": [{"trait": "brawn", "value": 1}]})
    assert answer.result["chance"] == 0.0
    assert "no dice" in answer.summary and "Pool: ." not in [s.text for s in answer.steps]


def test_setup_states_the_draft_per_round():
    answer = run("setup", {"mode": "standard", "players": 4})
    texts = [s.text for s in answer.steps]
    draft = next(t for t in texts if t.startswith("Room draft"))
    assert "20" in draft and "5, 4, 3" in draft and "counter-clockwise" in draft


def test_time_track_gain_after_own_contract_lands_where_the_table_says():
    base = {"round": 1, "order": "A, B, C", "actions": [
        {"action": "room", "weeks": 3},                 # A 8 -> 5
        {"action": "contract", "weeks": 5},             # B 8 -> 3
        {"action": "regain", "player": "B"}]}           # B 3 -> 5, onto A
    with pytest.raises(InvalidInput) as err:
        run("time-track", base)
    assert err.value.field == "actions.2.landing"
    base["actions"][2]["landing"] = "top"
    answer = run("time-track", base)
    assert answer.result["spaces"]["5"] == ["A", "B"]


def test_clean_up_takes_the_tables_own_round_2_row_for_the_other_key_reading():
    # maniacal.txt:325 "if it's Round 2 ... 2 Easy, 2 Hard, 2 Legendary" can name the round
    # being cleaned up; a table reading it so enters its board's row for round 2.
    players = [{"name": "A", "money": 3}, {"name": "B", "money": 3}]
    default = run("clean-up", {"round": 1, "players": players})
    assert default.result["reseed"] == {"easy": 2, "hard": 2, "legendary": 2}
    own = run("clean-up", {"round": 1, "players": players, "round_2_easy": 3,
                           "round_2_hard": 2, "round_2_legendary": 1})
    assert own.result["reseed"] == {"easy": 3, "hard": 2, "legendary": 1}
    with pytest.raises(InvalidInput) as err:
        run("clean-up", {"round": 1, "players": players, "round_2_easy": 3})
    assert err.value.field == "round_2_easy"


def test_the_session_remembers_the_die_faces_for_the_odds():
    # the face table is lost (maniacal.txt:226): the table enters it once per game
    h = session()
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    assert state["die_faces"] == [] and "die faces" in state["missing_text"]
    add(h, {"kind": "table-values", "faces_brawn": "0, 1, 2*"})
    with pytest.raises(InvalidInput) as err:
        add(h, {"kind": "table-values", "faces_magic": "1, two"})
    assert err.value.field == "faces_magic"
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    assert state["die_faces"] == [{"trait": "brawn", "value": 0, "icon": False},
                                  {"trait": "brawn", "value": 1, "icon": False},
                                  {"trait": "brawn", "value": 2, "icon": True}]
    odds = run("success-odds", {"recommended": "brawn", "target": 4, "brawn": 1,
                                "faces": state["die_faces"]})
    assert odds.result["exact"] == "1/3"  # only the icon face, doubled to 4
    again = TRACKER.parse_setup({**THREE, "faces_stealth": "1,1, 2 *"})
    assert TRACKER.parse_setup(again.to_json()) == again


def test_cancel_undoes_the_capture_of_your_own_contract():
    h = session({"kind": "contract", "seat": "simon", "weeks": 4, "difficulty": "hard",
                 "success": True, "infamy": 4, "money": 3, "effect": "captured"})
    assert seat(h, "simon")["henchmen"] == 0  # the Lackey was taken
    add(h, {"kind": "scheme", "seat": "simon", "effect": "cancel"})  # maniacal.txt:272
    assert seat(h, "simon")["henchmen"] == 1
    with pytest.raises(InvalidInput) as err:  # the one Scheme in hand was played
        add(h, {"kind": "scheme", "seat": "simon", "effect": "cancel"})
    assert err.value.field == "seat" and err.value.rule == "schemes"
    add(h, {"kind": "schemes", "seat": "simon", "amount": 1})
    with pytest.raises(InvalidInput) as err:  # nothing left to cancel
        add(h, {"kind": "scheme", "seat": "simon", "effect": "cancel"})
    assert err.value.field == "effect" and err.value.rule == "positive-schemes"


def test_a_rivals_injury_scheme_lands_with_the_contract_and_can_be_cancelled():
    h = session()
    add(h, {"kind": "contract", "seat": "simon", "weeks": 3, "difficulty": "easy",
            "success": False, "scheme": "injury", "scheme_by": "hassan"})  # maniacal.txt:265
    assert seat(h, "simon")["injuries"] == 1  # after a failure too (reading M-17)
    add(h, {"kind": "scheme", "seat": "simon", "effect": "cancel"})
    assert seat(h, "simon")["injuries"] == 0


def test_cancel_before_any_contract_is_refused():
    h = session()
    with pytest.raises(InvalidInput) as err:
        add(h, {"kind": "scheme", "seat": "simon", "effect": "cancel"})
    assert err.value.field == "effect"


def test_gain_two_weeks_on_the_start_space_moves_nothing_and_asks_nothing():
    answer = run("time-track", {"round": 1, "order": "A, B, C",
                                "actions": [{"action": "regain"}]})
    assert answer.result["spaces"]["8"] == ["C", "B", "A"] and answer.result["active"] == "A"
    h = session({"kind": "scheme", "seat": "simon", "effect": "weeks"})
    assert active(h) == "simon" and seat(h, "simon")["weeks_left"] == 8
