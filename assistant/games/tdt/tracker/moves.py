"""What the rules allow now, as complete request bodies (Tracker.moves), the round's next step
first so that always taking the first move plays the game to its end.

Each candidate is kept only if the session would accept it here (the same `play` the session
applies), so a listed move is never refused."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker.fields import check_form

from ..components import RESOURCE_MISSIONS
from ..modes import PlayMode
from .events import EVENT_FORMS, EventKind, ObjectiveKind, Stage, build_event
from .plays import play
from .setup import SessionSetup
from .state import State

Move = dict[str, Any]


def legal(setup: SessionSetup, state: State, move: Move) -> bool:
    kind = EventKind(move["kind"])
    values = check_form(EVENT_FORMS[kind], {k: v for k, v in move.items() if k != "kind"})
    try:
        play(setup, state, build_event(kind, values), 0)
    except InvalidInput:
        return False
    return True


def moves(setup: SessionSetup, state: State, finished: bool) -> list[Move]:
    if finished:
        return []
    out: list[Move] = []
    for move in _candidates(setup, state):
        if legal(setup, state, move) and move not in out:
            out.append(move)
    return out


def _first(setup: SessionSetup, state: State, options: Iterator[Move]) -> Iterator[Move]:
    """The first legal option only: one choice per kind is enough to show a way on."""
    for move in options:
        if legal(setup, state, move):
            yield move
            return


def _candidates(setup: SessionSetup, state: State) -> Iterator[Move]:
    hench = [s.id for s in setup.henchmen]
    if setup.rounds:
        yield {"kind": "next"}
        yield from _first(setup, state, ({"kind": "objective", "seat": s, "objective": o.value,
                                          "vp": 1} for o in _objectives(setup, state)
                                         for s in hench))
        if state.stage is Stage.VILLAINY:
            yield from _first(setup, state, (
                {"kind": "conflict", "seat": a, "target": b, "offence": "combat",
                 "offence_total": 2, "defence": "stealth", "defence_total": 2,
                 "target_offence": "combat", "target_offence_total": 2,
                 "target_defence": "stealth", "target_defence_total": 2}
                for a in hench for b in hench if a != b))
            yield from _first(setup, state, ({"kind": "deploy", "seat": s, "squad_1": 1,
                                              "from_1": "base"} for s in hench))
            yield from _first(setup, state, (
                {"kind": "mission", "seat": s, "mission": "resource", "title": m.name,
                 **{a: 9 for a in ("combat", "stealth", "cunning", "diplomacy")}}
                for m in RESOURCE_MISSIONS if m.name.casefold() not in state.missions
                for s in hench))
        if setup.mode is PlayMode.CUTTHROAT:
            for forced in (False, True):
                yield from _first(setup, state, ({"kind": "betrayal", "seat": s,
                                                  "forced": forced} for s in hench))
        if setup.mode is not PlayMode.MAYHEM:
            yield {"kind": "doomsday-completed"}
            yield {"kind": "doomsday-revealed"}
        yield from _first(setup, state, ({"kind": "gadget", "seat": s} for s in hench))
        yield from _first(setup, state, ({"kind": "hire", "seat": s} for s in hench))
    elif state.clock > 0:  # a ledger ends when the clock reaches 0
        yield {"kind": "clock", "to": state.clock - 1}
    yield from _corrections(setup, state, hench)


def _objectives(setup: SessionSetup, state: State) -> list[ObjectiveKind]:
    if state.stage is Stage.ENDGAME:
        return [ObjectiveKind.NEFARIOUS_PLAN]
    if state.stage is Stage.MONOLOGUING:
        return [ObjectiveKind.SIDE_JOB, ObjectiveKind.DIRECTIVE,
                ObjectiveKind.DISLOYAL_SIDE_JOB]
    return [ObjectiveKind.GLOBAL_EVENT]


def _corrections(setup: SessionSetup, state: State, hench: list[str]) -> Iterator[Move]:
    """The ledger's own entries, one legal choice each. Hand-set corrections (the clock, the
    Technology Track, counted Resources and Gadgets) stay possible but are not offered as what
    to do next, except the track's level while nobody has said it (Gadgets need it)."""
    seat = state.seat(hench[0])
    yield {"kind": "vp", "seat": seat.id, "amount": 1, "reason": "mission reward"}
    yield {"kind": "trigger", "seat": seat.id, "trigger": 2, "active": 2 not in seat.triggers}
    leader = next((s for s in hench if s != state.team_leader), None)
    if leader is not None:
        yield {"kind": "team-leader", "seat": leader}
    if state.tech is None:
        yield {"kind": "tech", "to": 1}
    if not setup.rounds:
        yield {"kind": "resources", "seat": seat.id,
               "count": seat.resources + 1 if seat.resources < 200 else seat.resources - 1}
    yield {"kind": "note", "text": "A note for the record."}
