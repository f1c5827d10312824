"""Tomorrow Dies Today at the table: the session tracker behind the game's `tracker` slot.

Seats are the Named Henchmen in play (plus General Goodman in Cutthroat). The parts:
forms.py (the forms and their enums), events.py (an event as the referee reads it), setup.py
(the table's fixed part), state.py (the frozen state), rounds.py and turns.py (the round, its
Actions in order, whose turn it is), referee.py (`play` and `moves`), with the round's parts
in scheming.py, villainy.py, monologuing.py and ledger.py, score.py (the final score and
`finished`), board.py (the page's board and the state it reads), words.py (history lines).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.tracker import Board, TrackerBase, Viewer, Wording
from assistant.tracker.fields import check_form

from .board import board, state_json
from .events import Event, build_event
from .forms import EVENT_FORMS, SETUP_FORM, EventKind
from .referee import moves, play
from .score import final_score, finished
from .setup import SessionSetup, dealt, parse_setup
from .state import State, initial
from .words import describe

EXAMPLE_SETUP: Mapping[str, Any] = {"mode": "cutthroat", "seats": [
    {"goodman": True, "player": "Gil"}, {"henchman": "Azura Badeau", "player": "Ana"},
    {"henchman": "Jin Feng", "player": "Jo"}, {"henchman": "Boris Myasneek", "player": "Bo"}]}
RAW_EXAMPLE_EVENTS = (
    {"kind": "tech", "to": 1},
    {"kind": "team-leader", "seat": "azura-badeau"},
    {"kind": "exchange", "seat": "goodman", "target": "jin-feng", "item": "data-cache",
     "count": 3},
    {"kind": "squads", "seat": "azura-badeau", "size_1": 1, "named_in": 1},
    {"kind": "gadget", "seat": "jin-feng"},
    {"kind": "pass", "seat": "boris-myasneek"},
    {"kind": "requisition", "seat": "goodman", "resource": "funding", "count": 2},
    {"kind": "staging", "seat": "azura-badeau"},
    {"kind": "next"},
    {"kind": "deploy", "seat": "azura-badeau", "squad_1": 1},
    {"kind": "vp", "seat": "jin-feng", "amount": 2, "reason": "mission reward"},
    {"kind": "trigger", "seat": "azura-badeau", "trigger": 3, "active": True},
    {"kind": "next"}, {"kind": "next"}, {"kind": "next"},
    {"kind": "betrayal", "seat": "boris-myasneek"},
    {"kind": "objective", "seat": "jin-feng", "objective": "side-job", "vp": 2,
     "title": "Smash and grab"},
    {"kind": "next"},
)


class TdtTracker(TrackerBase):
    setup_form = SETUP_FORM
    event_forms = {kind.value: form for kind, form in EVENT_FORMS.items()}
    example_events: tuple[dict[str, Any], ...] = ()
    """Filled in below, once the session can work out their stored forms."""
    wording = Wording(seat="Named Henchman", seats="Named Henchmen",
                      follows="VP, Betrayal Triggers, objectives, Resources, Squads, the "
                              "Doomsday Clock and the Technology Track, and the final score")
    example_setup = EXAMPLE_SETUP
    end_rule = "game-over"

    def parse_setup(self, data: Mapping[str, Any]) -> SessionSetup:
        return parse_setup(data)

    def parse_event(self, kind: str, values: Mapping[str, Any]) -> Event:
        return build_event(kind, values)

    def initial(self, setup: SessionSetup) -> State:
        return initial(setup)

    def dealt(self, setup: SessionSetup) -> dict[str, Any]:
        """What the seeded setup dealt, as the start form's values (a page shows the deal)."""
        return dealt(setup)

    def start_seat(self, setup: SessionSetup) -> str | None:
        """The Team Leader at the start, where the table said: actions go from the Team
        Leader, then clockwise (rulebook glossary, Team Leader). None if not entered."""
        return setup.team_leader

    def resolve(self, setup: SessionSetup, state: State, event: Event) -> Event:
        """The event with what the session worked out filled in (a refused one is left as
        sent: `apply` refuses it, saying what can be done instead)."""
        try:
            return play(setup, state, event, 0)[1]
        except InvalidInput:
            return event

    def apply(self, setup: SessionSetup, state: State, event: Event, version: int) -> State:
        return play(setup, state, event, version)[0]

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return describe(event, names)

    def state_json(self, setup: SessionSetup, state: State, viewer: Viewer) -> dict[str, Any]:
        return state_json(setup, state)

    def round_of(self, setup: SessionSetup, state: State) -> int | None:
        """The round in play (the chart of the game reads each round's end)."""
        return int(state.round)

    def score(self, setup: SessionSetup, state: State) -> Explained:
        return final_score(setup, state, finished(setup, state))

    def finished(self, setup: SessionSetup, state: State) -> bool:
        return finished(setup, state)

    def moves(self, setup: SessionSetup, state: State) -> Sequence[Mapping[str, Any]]:
        return moves(setup, state, finished(setup, state))

    def board(self, setup: SessionSetup) -> Board:
        return board(setup)


def _stored(raw: Sequence[Mapping[str, Any]]) -> tuple[dict[str, Any], ...]:
    """The example events as the session stores them (the worked-out fields filled in), so
    each is its own stored form."""
    setup = parse_setup(EXAMPLE_SETUP)
    state, out = initial(setup), []
    for i, body in enumerate(raw, 1):
        kind = str(body["kind"])
        values = check_form(EVENT_FORMS[EventKind(kind)], {k: v for k, v in body.items()
                                                          if k != "kind"})
        state, event = play(setup, state, build_event(kind, values), i)
        out.append(event.to_json())
    return tuple(out)


TdtTracker.example_events = _stored(RAW_EXAMPLE_EVENTS)
TRACKER = TdtTracker()
