"""A Vigilante table for the tests: play events in order, refuse one, read lines and seats,
and play the rest of a round's turns (each player drawing, dice that match no Event)."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED, History, Viewer, parse_event

GAME = find_game("vigilante")
TRACKER = GAME.tracker
assert TRACKER is not None

SETUP: dict[str, Any] = {
    "mode": "brought-to-justice", "rounds": 2, "starting_events": 1, "good": 2, "evil": 1,
    "neutral": 1, "seats": [{"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}, {"name": "Pim"}]}
START = {"kind": "new-event", "type": "hacking", "die": 3}
ROUND_1 = {"kind": "new-event", "type": "jailbreak", "die": 1}
ROUND_2 = {"kind": "new-event", "type": "paramedic", "die": 2}
SEATS = ("gwen", "ivan", "asha", "pim")
QUIET_DIE = 6
"""A die number no Event token of these tests carries: nothing goes off."""


def starter(seat: str, name: str = "Starter", **more: Any) -> dict[str, Any]:
    return {"kind": "starter", "seat": seat, "name": name, "influence": 1, "health": 3,
            "attack": 2, **more}


def play(*events: dict[str, Any], setup: dict[str, Any] | None = None) -> History:
    history = History(TRACKER, TRACKER.parse_setup(setup or SETUP))
    for event in events:
        add(history, event)
    return history


def add(history: History, *events: dict[str, Any]) -> History:
    for event in events:
        history.append(parse_event(TRACKER, event))
    return history


def refused(history: History, event: dict[str, Any]) -> InvalidInput:
    """The event is refused, changes nothing, names a rule entry the game has, and says what
    can be done now (or that the game is over)."""
    before, version = history.state, history.version
    with pytest.raises(InvalidInput) as err:
        history.append(parse_event(TRACKER, event))
    assert history.state == before and history.version == version
    assert err.value.rule in GAME.rules, (err.value.rule, err.value.detail)
    assert "What can be done now:" in err.value.detail or "game is over" in err.value.detail \
        or "Nothing is" in err.value.detail, err.value.detail
    return err.value


def line(history: History, version: int | None = None) -> str:
    names = {s.id: s.name for s in history.setup.seats}
    return TRACKER.describe(history.event_at(version or history.version), names, SHARED)


def shared(history: History) -> dict[str, Any]:
    return TRACKER.state_json(history.setup, history.state, SHARED)


def seat(history: History, sid: str, viewer: str | None = None) -> dict[str, Any]:
    view = TRACKER.state_json(history.setup, history.state,
                              Viewer(viewer) if viewer else SHARED)
    return dict(next(s for s in view["seats"] if s["id"] == sid))


def to_act(history: History) -> str | None:
    return shared(history)["to_act"]


def finish_turns(history: History, die: int = QUIET_DIE) -> History:
    """Every player still to act draws a card, and submits a quiet die after the 4th."""
    for _ in range(40):
        view = shared(history)
        if view["die_due"]:
            add(history, {"kind": "die", "seat": view["die_due"], "die": die})
        elif view["to_act"]:
            add(history, {"kind": "draw", "seat": view["to_act"]})
        else:
            return history
    raise AssertionError("the turns did not end")


def whole_round(history: History, new_event: dict[str, Any], **trigger: Any) -> History:
    add(history, new_event)
    finish_turns(history)
    return add(history, {"kind": "trigger", **trigger}, {"kind": "end-round"})


def ended(*before: dict[str, Any], setup: dict[str, Any] | None = None) -> History:
    """Both rounds of SETUP played (each player drawing); `before` at setup."""
    h = play(START, *before, setup=setup)
    whole_round(h, ROUND_1)
    return whole_round(h, ROUND_2)
