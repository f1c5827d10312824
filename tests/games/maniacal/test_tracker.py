"""A Maniacal table session: the book's examples played through the tracker, refusals, laws."""
from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED, History, Viewer, parse_event

from .draft import step

TRACKER = find_game("maniacal").tracker
assert TRACKER is not None
THREE = {"mode": "standard", "attraction_start": 0,
         "seats": [{"name": "Simon"}, {"name": "Hassan"}, {"name": "Dave"}]}


def session(setup: dict[str, Any], *events: dict[str, Any]) -> History:
    history = History(TRACKER, TRACKER.parse_setup(setup))
    for event in events:
        step(history, event)
    return history


def view(history: History, viewer: Viewer = SHARED) -> dict[str, Any]:
    return TRACKER.state_json(history.setup, history.state, viewer)


def seat(history: History, sid: str) -> dict[str, Any]:
    return next(s for s in view(history)["seats"] if s["id"] == sid)


def test_starting_money_by_seat_and_lackey():
    h = session(THREE)
    assert [s["money"] for s in view(h)["seats"]] == [8, 9, 10]
    assert all(s["henchmen"] == 1 and s["infamy"] == 0 for s in view(h)["seats"])


def test_bodyguards_add_a_henchman():
    h = session({**THREE, "bodyguards": True, "bodyguards_house_rule": True})
    assert seat(h, "simon")["henchmen"] == 2


def test_setup_round_trips_and_refuses_other_counts():
    setup = TRACKER.parse_setup({**THREE, "money_bonus": "5, 3, 1", "round_2_weeks": 7})
    assert TRACKER.parse_setup(setup.to_json()) == setup
    with pytest.raises(InvalidInput) as err:
        TRACKER.parse_setup({**THREE, "seats": [{"name": "Solo"}]})
    assert err.value.field == "seats"
    # the attraction start is asked when a track first moves (test_board_values_later.py)
    late = TRACKER.parse_setup({"seats": THREE["seats"]})
    assert late.attraction_start is None and TRACKER.parse_setup(late.to_json()) == late


def _recruitment_session() -> History:
    """The book's recruitment example (maniacal.txt:150-165) with the derived fill-in of
    golden/recruitment.toml, scores set through the attraction counters."""
    setup = {**THREE, "seats": [{"name": "Simon"}, {"name": "Hassan"}, {"name": "Dave"}]}
    scores = {"hassan": (6, 0, 0, 4), "simon": (4, 3, 3, 0), "dave": (0, 1, 8, 0)}
    events: list[dict[str, Any]] = []
    for sid, values in scores.items():
        for kind, amount in zip(("beasts", "criminals", "scientists", "mystics"), values,
                                strict=True):
            if amount:
                events.append({"kind": kind, "seat": sid, "amount": amount})
    events.append({"kind": "henchmen-phase"})
    return session(setup, *events)


def test_the_books_recruitment_example_through_the_tracker():
    h = _recruitment_session()
    for raw in ({"seat": "hassan", "type": "beasts", "cost": 3, "name": "Royal Jelly"},
                {"seat": "simon", "type": "beasts", "cost": 4, "name": "Hammerhead"},
                {"seat": "simon", "type": "criminals", "cost": 3, "name": "Ms. Nomer"},
                {"seat": "dave", "type": "scientists", "cost": 5, "name": "Gray Matter"},
                {"seat": "simon", "type": "scientists", "cost": 3, "name": "Centrifuge"},
                {"seat": "hassan", "type": "mystics", "cost": 1, "name": "Occulus"},
                {"seat": "hassan", "type": "mystics", "cost": 3, "name": "The Minister"}):
        h.append(parse_event(TRACKER, {"kind": "recruit", **raw}))
    assert seat(h, "hassan")["henchmen"] == 4  # Lackey + 3
    assert seat(h, "simon")["henchmen"] == 4
    assert seat(h, "dave")["henchmen"] == 2
    assert seat(h, "dave")["criminals"] == 1 and seat(h, "dave")["scientists"] == 3
    # Magpie (cost 2) cannot be paid by the best remaining score of 1
    with pytest.raises(InvalidInput) as err:
        h.append(parse_event(TRACKER, {"kind": "recruit", "seat": "dave", "type": "criminals",
                                       "cost": 2, "name": "Magpie"}))
    assert err.value.field == "cost"
    # two Beasts taken: no third
    with pytest.raises(InvalidInput) as err:
        h.append(parse_event(TRACKER, {"kind": "recruit", "seat": "hassan", "type": "beasts",
                                       "cost": 0}))
    assert err.value.field == "type"


def test_the_tie_goes_to_the_player_order_and_others_are_refused():
    h = _recruitment_session()
    h.append(parse_event(TRACKER, {"kind": "recruit", "seat": "dave", "type": "scientists",
                                   "cost": 5}))
    with pytest.raises(InvalidInput) as err:  # Dave 3, Simon 3: Simon is 1st
        h.append(parse_event(TRACKER, {"kind": "recruit", "seat": "dave", "type": "scientists",
                                       "cost": 3}))
    assert err.value.field == "seat" and err.value.allowed == "simon"


def _to_contracts(*extra: dict[str, Any]) -> History:
    return session(THREE, {"kind": "henchmen-phase"}, {"kind": "start-contracts"}, *extra)


def test_the_books_time_track_example():
    h = _to_contracts({"kind": "room", "seat": "simon"},
                      {"kind": "contract", "seat": "hassan", "weeks": 4, "difficulty": "easy"},
                      {"kind": "room", "seat": "dave"})
    assert view(h)["active"] == "dave"  # on top of Simon at 7
    h.append(parse_event(TRACKER, {"kind": "visit", "seat": "dave", "location": "underground"}))
    assert view(h)["active"] == "simon"
    assert [seat(h, s)["weeks_left"] for s in ("simon", "hassan", "dave")] == [7, 4, 5]


def test_only_the_active_player_acts():
    h = _to_contracts()
    with pytest.raises(InvalidInput) as err:
        h.append(parse_event(TRACKER, {"kind": "room", "seat": "dave"}))
    assert err.value.field == "seat" and err.value.allowed == "simon"


def test_passing_order_becomes_next_round_order_and_salaries_are_paid():
    h = _to_contracts({"kind": "pass", "seat": "simon"}, {"kind": "pass", "seat": "hassan"})
    with pytest.raises(InvalidInput):  # Dave still has time
        h.append(parse_event(TRACKER, {"kind": "clean-up"}))
    h.append(parse_event(TRACKER, {"kind": "pass", "seat": "dave"}))
    h.append(parse_event(TRACKER, {"kind": "clean-up", "fire": "dave"}))
    state = view(h)
    assert state["round"] == 2 and state["phase"] == "base-building"
    assert state["player_order"] == ["simon", "hassan", "dave"]
    assert [s["money"] for s in state["seats"]] == [7, 8, 9]  # $1 each for the Lackey
    assert seat(h, "dave")["henchmen"] == 0  # fired after being paid


def test_round_2_needs_its_time_track_start_from_the_board():
    h = _to_contracts(*({"kind": "pass", "seat": s} for s in ("simon", "hassan", "dave")),
                      {"kind": "clean-up"}, {"kind": "henchmen-phase"})
    with pytest.raises(InvalidInput) as err:
        h.append(parse_event(TRACKER, {"kind": "start-contracts"}))
    assert err.value.field == "round_2_weeks"
    h.append(parse_event(TRACKER, {"kind": "table-values", "round_2_weeks": 9}))
    h.append(parse_event(TRACKER, {"kind": "start-contracts"}))
    assert seat(h, "simon")["weeks_left"] == 9


def _play_round(h: History) -> None:
    """Everyone passes; then the Clean-up as the session lists it (who goes unpaid filled in
    where the owner would have to choose)."""
    while view(h)["active"]:
        h.append(parse_event(TRACKER, {"kind": "pass", "seat": view(h)["active"]}))
    listed = dict(TRACKER.moves(h.setup, h.state)[0])
    h.append(parse_event(TRACKER, listed if listed["kind"] == "clean-up"
                         else {"kind": "clean-up"}))


def test_a_whole_game_to_the_final_score():
    h = session({**THREE, "round_2_weeks": 8, "round_3_weeks": 8, "money_bonus": "3, 2, 1"},
                {"kind": "henchmen-phase"}, {"kind": "start-contracts"},
                {"kind": "contract", "seat": "simon", "weeks": 5, "difficulty": "hard",
                 "success": True, "infamy": 5, "money": 4, "effect": "injured",
                 "scheme": "steal", "scheme_by": "dave"})
    _play_round(h)
    step(h, {"kind": "henchmen-phase"})
    h.append(parse_event(TRACKER, {"kind": "start-contracts"}))
    with pytest.raises(InvalidInput):  # the round-3 Contract Key row is still missing
        _play_round(h)
    h.append(parse_event(TRACKER, {"kind": "table-values", "round_3_easy": 0,
                                   "round_3_hard": 2, "round_3_legendary": 4}))
    h.append(parse_event(TRACKER, {"kind": "clean-up"}))
    for _ in range(2):
        step(h, {"kind": "henchmen-phase"})
        h.append(parse_event(TRACKER, {"kind": "start-contracts"}))
        if view(h)["round"] == 3:
            _play_round(h)
            break
    state = view(h)
    assert state["phase"] == "over"
    score = TRACKER.score(h.setup, h.state)
    assert score.result["final"] is True
    assert score.result["rows"][0]["name"] == "Simon"
    assert "Simon" in score.summary


def test_score_without_the_bonus_says_what_is_missing():
    h = session(THREE, {"kind": "infamy", "seat": "dave", "amount": 4})
    answer = TRACKER.score(h.setup, h.state)
    assert answer.result["bonus_missing"] is True
    assert answer.result["rows"][0]["name"] == "Dave"


def test_no_secrets_every_viewer_sees_the_same():
    h = _to_contracts({"kind": "room", "seat": "simon"})
    assert view(h) == view(h, Viewer("simon"))


def test_every_board_event_is_a_known_kind():
    board = TRACKER.board(TRACKER.parse_setup(THREE))
    kinds = {c.event for c in board.counters} | {a.event for a in board.actions}
    assert kinds <= set(TRACKER.event_forms)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["simon", "hassan", "dave"]),
                          st.sampled_from(["money", "build", "sell"]),
                          st.integers(-12, 12)), max_size=25))
def test_money_never_negative(ops):
    h = session(THREE)
    for sid, kind, n in ops:
        raw: dict[str, Any] = {"kind": kind, "seat": sid}
        if kind == "money":
            raw["amount"] = n
        else:
            raw.update(cost=abs(n))
            if kind == "build":
                raw.update(type="beasts", points=1)
        try:
            h.append(parse_event(TRACKER, raw))
        except InvalidInput:
            continue
        assert all(s["money"] >= 0 for s in view(h)["seats"])


@settings(max_examples=60, deadline=None)
@given(money=st.integers(0, 6), hench=st.integers(0, 6), mercs=st.integers(0, 3))
def test_unpaid_henchmen_leave_at_clean_up(money, hench, mercs):
    h = _to_contracts()
    for kind, target in (("money", money - 8), ("henchmen", hench - 1),
                         ("mercenaries", mercs)):
        if target:
            h.append(parse_event(TRACKER, {"kind": kind, "seat": "simon", "amount": target}))
    _play_round(h)
    s = seat(h, "simon")
    paid_mercs = min(mercs, money)
    assert s["money"] == money - paid_mercs - min(hench, money - paid_mercs)
    assert s["henchmen"] == min(hench, money - paid_mercs)
    assert s["mercenaries"] == 0 and s["money"] >= 0


def test_a_tie_for_first_waits_for_the_tables_laugh_call():
    h = session({"attraction_start": 0, "seats": [{"name": "Ana"}, {"name": "Bo"}],
                 "round_2_weeks": 8, "round_3_weeks": 8, "money_bonus": "0, 0",
                 "round_3_easy": 0, "round_3_hard": 3, "round_3_legendary": 3})
    for _ in range(3):
        step(h, {"kind": "henchmen-phase"})
        h.append(parse_event(TRACKER, {"kind": "start-contracts"}))
        _play_round(h)
    assert view(h)["phase"] == "over" and view(h)["no_laugh"] is False
    shared = TRACKER.score(h.setup, h.state)
    assert shared.result["shared"] is True and shared.result["winners"] == ["Ana", "Bo"]
    h.append(parse_event(TRACKER, {"kind": "laugh", "seat": "bo"}))
    called = TRACKER.score(h.setup, h.state)
    assert called.result["winners"] == ["Bo"] and not called.result["shared"]
