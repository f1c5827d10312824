"""Issue 29 (6): a finished game of each of the five games, exported (the shared view of every
stored event, private entries sealed) and imported, folds to the same versions, the same
shared state at every version, the same history lines and the same final score. Secrets the
rules revealed are public and travel with the history; unrevealed ones stay out, counted."""
from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SEALED, History, Viewer, fold, parse_event

from .maniacal.draft import step
from .maniacal.test_tracker import THREE, _play_round
from .table_kit import Table, export, imported, same_shared_history
from .tdt.tracker.test_score import GAME as TDT_GAME
from .tdt.tracker.test_score import SETUP as TDT_SETUP
from .vigilante.table import finish_turns


def round_trip(history: History) -> dict[str, Any]:
    data = export(history)
    same_shared_history(history, imported(history.tracker, data))
    return data


def sealed(data: dict[str, Any]) -> int:
    return sum(1 for e in data["events"] if e.get(SEALED))


def finished_tdt() -> History:
    tracker = find_game("tdt").tracker
    assert tracker is not None
    history = fold(tracker, TDT_SETUP, [parse_event(tracker, e) for e in
                                        [*TDT_GAME[:-2], {"kind": "undo"}, TDT_GAME[-3],
                                         *TDT_GAME[-2:]]])
    assert tracker.score(history.setup, history.state).result["final"] is True
    return history


def test_tdt_finished_game_exports_whole():
    round_trip(finished_tdt())


def finished_maniacal() -> History:
    tracker = find_game("maniacal").tracker
    assert tracker is not None
    h = History(tracker, tracker.parse_setup({**THREE, "round_2_weeks": 8, "round_3_weeks": 8,
                                              "money_bonus": "3, 2, 1"}))
    for event in ({"kind": "henchmen-phase"}, {"kind": "start-contracts"},
                  {"kind": "contract", "seat": "simon", "weeks": 5, "difficulty": "hard",
                   "team": 1, "target": 5, "successes": 6, "success_infamy": 5,
                   "success_money": 4, "effect": "injured", "scheme": "steal",
                   "scheme_by": "dave"}):
        step(h, event)
    _play_round(h)
    for event in ({"kind": "henchmen-phase"}, {"kind": "start-contracts"}):
        step(h, event)
    with pytest.raises(InvalidInput):  # the round-3 Contract Key row is still missing
        _play_round(h)
    for event in ({"kind": "table-values", "round_3_easy": 0, "round_3_hard": 2,
                   "round_3_legendary": 4}, {"kind": "clean-up"}):
        h.append(parse_event(tracker, event))
    for _ in range(2):
        step(h, {"kind": "henchmen-phase"})
        h.append(parse_event(tracker, {"kind": "start-contracts"}))
        if tracker.state_json(h.setup, h.state, Viewer())["round"] == 3:
            _play_round(h)
            break
    assert tracker.score(h.setup, h.state).result["final"] is True
    return h


def test_maniacal_finished_game_exports_whole():
    round_trip(finished_maniacal())


def finished_space_syndicate() -> History:
    tracker = find_game("space-syndicate").tracker
    assert tracker is not None
    t = Table(tracker, dict(tracker.example_setup))
    for event in (*tracker.example_events,
                  {"kind": "resources", "seat": "ana", "credits": 40},
                  {"kind": "resources", "seat": "ben", "credits": 35},
                  {"kind": "resources", "seat": "cy", "credits": 0, "influence": 0, "crew": 0},
                  {"kind": "vp", "seat": "ben", "amount": 5, "reason": "Award"},
                  {"kind": "note", "text": "a mistake"}, {"kind": "undo"},
                  {"kind": "round", "to": 6}, {"kind": "star-drawn", "round": 5},
                  {"kind": "end-turn"}, {"kind": "end-turn"}, {"kind": "end-turn"},
                  {"kind": "sovereign-card"}, {"kind": "card-resolved"},
                  *({"kind": "mat", "seat": s, "racket_credits": 2, "racket_influence": 1,
                     "racket_crew": 1} for s in ("ben", "cy")),
                  *({"kind": "collect", "seat": s} for s in ("ana", "ben", "cy")),
                  {"kind": "end-round"}):
        t.send(dict(event))
    assert not tracker.score(t.history.setup, t.history.state).summary.startswith("Provisional")
    return t.history


def test_space_syndicate_finished_game_exports_whole():
    round_trip(finished_space_syndicate())


VIG_SETUP = {"mode": "brought-to-justice", "rounds": 2, "starting_events": 1,
             "good": 2, "evil": 1, "neutral": 1,
             "seats": [{"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}, {"name": "Pim"}]}


def finished_vigilante() -> History:
    """Owners reveal from their phones ("as entered"), one player's phone is gone and the
    table types the card shown."""
    tracker = find_game("vigilante").tracker
    assert tracker is not None
    t = Table(tracker, VIG_SETUP)
    for seat, identity in (("gwen", "guardian"), ("ivan", "investigator"),
                           ("asha", "assassin"), ("pim", "guardian")):
        t.send({"kind": "identity", "seat": seat, "identity": identity}, phone=seat)
    t.send({"kind": "identity", "seat": "pim", "identity": "profiteer"}, phone="pim")
    t.send({"kind": "investigate", "seat": "gwen", "target": "asha", "spot": 1,
            "seen": "evil"}, phone="gwen")
    for event in ({"kind": "new-event", "type": "hacking", "die": 3},   # starting Event
                  {"kind": "starter", "seat": "asha", "name": "Nox", "influence": 4,
                   "health": 1},
                  {"kind": "starter", "seat": "pim", "name": "Titan", "influence": 7,
                   "health": 5},
                  {"kind": "new-event", "type": "jailbreak", "die": 1},  # round 1
                  {"kind": "jail", "seat": "gwen", "count": 6},
                  {"kind": "jail", "seat": "ivan", "count": 9},
                  {"kind": "undo"},  # the table fixes Ivan's jail; Pim's entry stays
                  {"kind": "jail", "seat": "ivan", "count": 7},
                  {"kind": "hit", "seat": "asha", "slot": 1, "cubes": 1,
                   "cause": "villain-attack"},
                  {"kind": "jail", "seat": "pim", "count": 4}):
        t.send(event)
    for new_event in (None, {"kind": "new-event", "type": "paramedic", "die": 3}):
        if new_event:
            t.send(new_event)  # round 2, the last
        finish_turns(t.history)  # every player draws on each turn, dice matching no Event
        t.send({"kind": "trigger"})
        t.send({"kind": "end-round"})
    t.send({"kind": "undo", "seat": "pim"}, phone="pim")  # Pim takes back the profiteer...
    t.send({"kind": "revert", "seat": "pim", "to_version": 5}, phone="pim")  # ...and back
    for seat in ("gwen", "ivan", "asha"):
        t.send({"kind": "reveal", "seat": seat}, phone=seat)
    t.send({"kind": "reveal", "seat": "pim", "identity": "profiteer"})  # Pim's phone is gone
    verdict = tracker.score(t.history.setup, t.history.state).result
    assert verdict["final"] and verdict["winners"] == ["Gwen", "Ivan", "Pim"]
    return t.history


def test_vigilante_finished_game_exports_whole_with_its_reveals():
    """Issue 29 (d): the export carries every revealed Identity and imports to the same
    verdict. The private entries travel sealed (counted), never read."""
    history = finished_vigilante()
    tracker = history.tracker
    data = round_trip(history)
    reveals = [e for e in data["events"] if e["kind"] == "reveal"]
    assert [(e["seat"], e["identity"], e.get("own_phone", False)) for e in reveals] == [
        ("gwen", "guardian", True), ("ivan", "investigator", True),
        ("asha", "assassin", True), ("pim", "profiteer", False)]
    assert sealed(data) == 6  # five identities and one investigation, their contents out
    secrets = [e for e in data["events"] if e["kind"] in tracker.private_events]
    assert all(set(e) <= {"kind", "seat", "target", "spot", SEALED} for e in secrets)
    assert '"seen"' not in json.dumps(data)


def finished_master_plan() -> History:
    tracker = find_game("master-plan").tracker
    assert tracker is not None
    t = Table(tracker, dict(tracker.example_setup))
    t.send({"kind": "plan", "seat": "ben", "requirements": "Gem"}, phone="ben")
    t.send({"kind": "plan", "seat": "cat", "requirements": "Crown, Mask"}, phone="cat")
    t.send({"kind": "note", "text": "Cat's plan is still secret"})
    for event in tracker.example_events:  # Ben's Hex claims the Gem at the end
        t.send(dict(event))
    assert t.view(Viewer("ben"))["seats"][1]["declare_now"] is True
    t.send({"kind": "declare-win", "seat": "ben"}, phone="ben")
    state = t.view()
    assert state["winner"] == "ben" and state["revealed_plan"] == ["Gem"] and state["over"]
    return t.history


def test_master_plan_finished_game_exports_whole_with_the_revealed_plan():
    history = finished_master_plan()
    tracker = history.tracker
    data = round_trip(history)
    assert data["events"][-1] == {"kind": "declare-win", "seat": "ben", "requirements": "Gem",
                                  "own_phone": True}
    assert sealed(data) == 2 and "Crown, Mask" not in json.dumps(data)
    again = imported(tracker, data)
    assert tracker.score(again.setup, again.state).result["winners"] == ["Ben"]


FINISHED = {"tdt": finished_tdt, "maniacal": finished_maniacal,
            "space-syndicate": finished_space_syndicate, "vigilante": finished_vigilante,
            "master-plan": finished_master_plan}
"""A finished game of each of the five games, for the API's own round trip
(tests/sessions/test_finished_games.py)."""
