"""Syndicate sessions: the tracker's rules, checked through the kernel's History."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED, History, Viewer, parse_event

GAME = find_game("space-syndicate")
TRACKER = GAME.tracker
assert TRACKER is not None


def history(setup: dict[str, Any] | None = None) -> History:
    return History(TRACKER, TRACKER.parse_setup(setup or TRACKER.example_setup))


def play(h: History, *events: dict[str, Any]) -> dict[str, Any]:
    for e in events:
        h.append(parse_event(TRACKER, e))
    return TRACKER.state_json(h.setup, h.state, SHARED)


def seat(state: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in state["seats"] if s["id"] == sid)


def to_collection(h: History) -> dict[str, Any]:
    """The rest of Phase 1 passed, a Sovereign card that touches nobody drawn and resolved."""
    while TRACKER.state_json(h.setup, h.state, SHARED)["phase"] == "turns":
        play(h, {"kind": "end-turn"})
    return play(h, {"kind": "sovereign-card", "card": "other"}, {"kind": "card-resolved"})


def test_example_session_runs():
    h = history()
    state = play(h, *TRACKER.example_events)
    ana = seat(state, "ana")  # 14 - 8 (EXO base) - 5 (tech) + 3 (mat) + 3 (EXO base)
    assert ana["credits"] == 14 - 8 - 5 + 3 + 3 and ana["tech_markers"] == 1 and ana["exo"] == 1
    assert state["alert"] == 3 and state["round"] == 1 and state["alert_max"] == 6
    assert state["phase"] == "collection" and ana["collected"]


def test_setup_round_trips():
    setup = TRACKER.parse_setup({**TRACKER.example_setup, "orange_from": 3, "red_from": 5,
                                 "black_market_prices": "20, 25"})
    assert TRACKER.parse_setup(setup.to_json()) == setup
    assert setup.to_json()["game"] == "space-syndicate"


@pytest.mark.parametrize(("seats", "mode"), [(1, "standard"), (6, "standard"),
                                             (3, "phantom")])
def test_setup_refuses_counts(seats, mode):
    with pytest.raises(InvalidInput) as err:
        TRACKER.parse_setup({"mode": mode, "seats": [{"name": f"P{i}"} for i in range(seats)]})
    assert err.value.field == "seats" and err.value.allowed


def test_black_market_ladder_and_unknown_prices():
    """Figure 2 (syndicate.txt:591): 5, then 10, then 15; box 4 is not in the book."""
    h = history()
    play(h, {"kind": "resources", "seat": "ana", "credits": 100})
    for _ in range(3):
        play(h, {"kind": "buy-level", "seat": "ana", "track": "tech"})
    assert seat(TRACKER.state_json(h.setup, h.state, SHARED), "ana")["credits"] == 70
    with pytest.raises(InvalidInput) as err:
        play(h, {"kind": "buy-level", "seat": "ana", "track": "tech"})
    assert err.value.field == "track" and err.value.rule == "black-market"
    state = play(h, {"kind": "table-values", "black_market_prices": "20"},
                 {"kind": "buy-level", "seat": "ana", "track": "tech"})
    assert seat(state, "ana")["credits"] == 50
    with pytest.raises(InvalidInput) as err:  # on the buyer's own turn only
        play(h, {"kind": "buy-level", "seat": "ben", "track": "tech"})
    assert err.value.rule == "player-turn"


def test_take_back_once_per_round():
    """Resource Collection step 5 (syndicate.txt:483, 605): one marker in total per round."""
    h = history()
    play(h, {"kind": "resources", "seat": "ana", "credits": 30},
         {"kind": "buy-level", "seat": "ana", "track": "tech"},
         {"kind": "buy-level", "seat": "ana", "track": "assault"})
    with pytest.raises(InvalidInput) as err:  # not in Phase 1
        play(h, {"kind": "take-back", "seat": "ana", "track": "assault"})
    assert err.value.rule == "black-market" and "Resource Collection" in err.value.detail
    to_collection(h)
    play(h, {"kind": "take-back", "seat": "ana", "track": "assault"})
    with pytest.raises(InvalidInput):
        play(h, {"kind": "take-back", "seat": "ana", "track": "tech"})
    play(h, {"kind": "round", "to": 2})
    state = to_collection(h)
    state = play(h, {"kind": "take-back", "seat": "ana", "track": "tech"})
    assert seat(state, "ana")["next_tech_price"] == 5


def test_destroyer_comes_at_max_and_leaves_when_paid_or_lowered():
    """Sovereign Blockade (syndicate.txt:631-639)."""
    h = history()
    state = play(h, {"kind": "alert", "to": 5}, {"kind": "failed-mission", "territory": "Koss"})
    assert state["alert"] == 6 and state["destroyer"] is None
    play(h, {"kind": "bases", "seat": "ben", "exo": 1})
    state = play(h, {"kind": "failed-mission", "territory": "Koss", "zone": "exo",
                     "owner": "ben"})
    assert state["destroyer"] == "Koss" and state["destroyer_owner"] == "ben"
    state = play(h, {"kind": "assault"})
    assert state["destroyer"] == "Koss"
    with pytest.raises(InvalidInput):
        play(h, {"kind": "pay-destroyer", "seat": "ben"})
    state = play(h, {"kind": "resources", "seat": "ben", "influence": 12},
                 {"kind": "pay-destroyer", "seat": "ben"})
    assert state["destroyer"] is None and seat(state, "ben")["influence"] == 2
    state = play(h, {"kind": "failed-mission", "territory": "Etna"}, {"kind": "alert", "to": 5})
    assert state["destroyer"] is None


def test_no_destroyer_without_advanced_rules():
    h = history({"mode": "standard", "seats": [{"name": "A"}, {"name": "B"}]})
    state = play(h, {"kind": "alert", "to": 6}, {"kind": "failed-mission", "territory": "X"})
    assert state["destroyer"] is None
    with pytest.raises(InvalidInput):
        play(h, {"kind": "destroyer", "territory": "X"})


def test_bases_respect_the_zones():
    """3 INNER territories (syndicate.txt:315); fortify only what you own."""
    h = history()
    play(h, {"kind": "bases", "seat": "ana", "inner": 2})
    with pytest.raises(InvalidInput) as err:
        play(h, {"kind": "bases", "seat": "ben", "inner": 2})
    assert err.value.field == "inner" and err.value.allowed == "0-1"
    with pytest.raises(InvalidInput):
        play(h, {"kind": "fortified", "seat": "ana", "inner": 3})
    state = play(h, {"kind": "fortified", "seat": "ana", "inner": 2})
    ana = seat(state, "ana")
    assert ana["pardon"] == 10 and ana["upkeep"] == 12 and ana["inner_fortified"] == 2


def test_score_from_state_and_shared_ties():
    h = history()
    state = play(h, {"kind": "resources", "seat": "ana", "credits": 40},
                 {"kind": "resources", "seat": "ben", "credits": 35},
                 {"kind": "vp", "seat": "ben", "amount": 5, "reason": "Award"},
                 {"kind": "resources", "seat": "cy", "credits": 0, "influence": 0, "crew": 0})
    answer = TRACKER.score(h.setup, h.state).to_json()
    assert answer["result"]["winners"] == ["Ana", "Ben"] and answer["result"]["tie_shared"]
    assert answer["summary"].startswith("Provisional")
    play(h, {"kind": "round", "to": 6}, {"kind": "star-drawn", "round": 5})
    assert TRACKER.score(h.setup, h.state).summary.startswith("Provisional")
    play(h, *({"kind": "end-turn"},) * 3, {"kind": "sovereign-card"},
         {"kind": "card-resolved"}, {"kind": "end-round"})
    final = TRACKER.score(h.setup, h.state).to_json()
    assert not final["summary"].startswith("Provisional") and final["result"]["final"]
    assert seat(state, "ben")["score"] == 40


def test_star_card_sets_the_last_round():
    h = history()
    with pytest.raises(InvalidInput):
        play(h, {"kind": "star-drawn", "round": 5})
    state = play(h, {"kind": "round", "to": 7}, {"kind": "star-drawn", "round": 6})
    assert state["last_round"] == 7


def test_phantom_mode():
    h = history({"mode": "phantom", "seats": [{"name": "Ana"}, {"name": "Ben"}]})
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    assert state["phantom_bases"] == 5
    state = play(h, {"kind": "phantom-bases", "count": 6, "fortified": 2})
    assert state["phantom_bases"] == 6
    board = TRACKER.board(h.setup)
    assert any(a.event == "phantom-bases" for a in board.actions)


def test_bands_are_table_values():
    h = history({**TRACKER.example_setup, "orange_from": 3, "red_from": 5})
    assert play(h, {"kind": "alert", "to": 4})["band"] == "orange"
    with pytest.raises(InvalidInput):
        play(h, {"kind": "table-values", "red_from": 2})


def test_every_viewer_sees_the_same_public_state():
    h = history()
    play(h, *TRACKER.example_events)
    shared = TRACKER.state_json(h.setup, h.state, SHARED)
    assert TRACKER.state_json(h.setup, h.state, Viewer("ana")) == shared


def test_collect_uses_the_mat_entered_once():
    """Fidge & Co. (syndicate.txt:350): 3/0/2 to start, 3/0/3 racketeering each round."""
    h = history({"mode": "standard", "seats": [
        {"name": "Fidge", "syndicate": "Fidge & Co.", "credits": 3, "influence": 0, "crew": 2,
         "racket_credits": 3, "racket_influence": 0, "racket_crew": 3},
        {"name": "Ben", "credits": 0, "influence": 0, "crew": 0}]})
    assert TRACKER.parse_setup(h.setup.to_json()) == h.setup
    play(h, {"kind": "bases", "seat": "ben", "exo": 1, "inner": 1})
    to_collection(h)
    state = play(h, {"kind": "collect", "seat": "fidge"})
    fidge = seat(state, "fidge")
    assert (fidge["credits"], fidge["influence"], fidge["crew"]) == (6, 0, 5)
    with pytest.raises(InvalidInput) as err:
        play(h, {"kind": "collect", "seat": "ben"})
    assert err.value.field == "seat"
    state = play(h, {"kind": "mat", "seat": "ben", "racket_credits": 2, "racket_influence": 1,
                     "racket_crew": 0},
                 {"kind": "collect", "seat": "ben"})
    ben = seat(state, "ben")  # EXO pays 3/3/3 first; 3 crew cannot pay the INNER's 6: flipped
    assert (ben["credits"], ben["influence"], ben["crew"]) == (5, 4, 3)
    with pytest.raises(InvalidInput, match="collected this round already"):
        play(h, {"kind": "collect", "seat": "ben", "bonus_crew": 3})
    play(h, {"kind": "round", "to": 2})
    to_collection(h)
    state = play(h, {"kind": "collect", "seat": "ben", "bonus_crew": 3})
    ben = seat(state, "ben")  # 3 held + 3 bonus + 3 EXO = 9: the INNER is paid this time
    assert (ben["credits"], ben["crew"]) == (5 + 2 + 3 + 9, 3)
    play(h, {"kind": "round", "to": 3})
    to_collection(h)
    with pytest.raises(InvalidInput) as err:
        play(h, {"kind": "collect", "seat": "ben", "flipped_middle": 1})
    assert err.value.field == "flipped_middle"
