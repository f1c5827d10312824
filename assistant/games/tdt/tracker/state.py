"""The state that matters for the end of the game, and how one event changes it.

`apply` checks the event against the rules first and raises InvalidInput if it breaks one;
it never half-applies. Readings we chose (the rulebook is silent or garbled):
- Tech track floor 1 (derived; see costs.TECH_FLOOR_NOTE). The start is not in the rulebook,
  so it is unknown until the table sets it (at creation or with a `tech` event).
- A VP loss comes out of the bucket it names (Goodman's awards or other VP) and may not take
  it below 0: a Vault holds no negative VP.
- A Nefarious Plan is revealed once per seat in Cutthroat, once per team in Mayhem (each team
  keeps one), never in Syndicate. It does not count as a completed objective for the Cutthroat
  tie-break: it is revealed at the end, not claimed into the Vault during play (derived).
Betrayals, Gadgets, hires, missions, Deployments and the round's steps are worked out by the
game's calculators in plays.py and rounds.py; this module keeps the ledger's own events.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker.chain import Chain
from assistant.tracker.chain import evolve as replace

from ..modes import PlayMode
from .events import Event, EventKind, ObjectiveKind, Stage, VpSource
from .setup import GOODMAN_ID, SessionSetup

GLOBAL_EVENT_VP = 1
"""A solved Global Event gives 1 VP (Monologuing › Global Events)."""


@dataclass(frozen=True)
class Objective:
    kind: ObjectiveKind
    vp: int
    title: str | None
    version: int
    """The version at which it was recorded."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "vp": self.vp, "title": self.title,
                "version": self.version}


@dataclass(frozen=True)
class Note:
    text: str
    seat: str | None
    version: int


@dataclass(frozen=True)
class SeatState:
    id: str
    vp_goodman: int = 0
    vp_other: int = 0
    objectives: tuple[Objective, ...] = ()
    triggers: frozenset[int] = frozenset()
    """Active Betrayal Triggers by number; 1 is the Team Leader trigger."""
    resources: int = 0
    gadgets: int = 0

    def vp_from(self, *kinds: ObjectiveKind) -> int:
        return sum(o.vp for o in self.objectives if o.kind in kinds)

    @property
    def vp_objectives(self) -> int:
        return self.vp_from(ObjectiveKind.SIDE_JOB, ObjectiveKind.DISLOYAL_SIDE_JOB,
                            ObjectiveKind.DIRECTIVE, ObjectiveKind.GLOBAL_EVENT)

    @property
    def vp_nefarious(self) -> int:
        return self.vp_from(ObjectiveKind.NEFARIOUS_PLAN)

    @property
    def vp_held(self) -> int:
        """VP before trigger penalties (what "last in VP" is judged on)."""
        return self.vp_goodman + self.vp_other + self.vp_objectives + self.vp_nefarious

    def count(self, *kinds: ObjectiveKind) -> int:
        return sum(1 for o in self.objectives if o.kind in kinds)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "vp": self.vp_held, "vp_goodman": self.vp_goodman,
                "vp_other": self.vp_other, "vp_objectives": self.vp_objectives,
                "vp_nefarious": self.vp_nefarious, "triggers": sorted(self.triggers),
                "resources": self.resources, "gadgets": self.gadgets,
                "objectives": [o.to_json() for o in self.objectives]}


@dataclass(frozen=True)
class State:
    seats: tuple[SeatState, ...]
    clock: int
    tech: int | None
    doomsday_revealed: bool = False
    doomsday_completed: bool = False
    betrayer: str | None = None
    team_leader: str | None = None
    notes: Chain[Note] = field(default_factory=Chain)
    round: int = 1
    stage: Stage = Stage.SCHEMING
    phase: int = 0
    """The Villainy Phase, 1-3 (0 in other stages)."""
    hires: int = 0
    """Syndicate: Named Henchmen hired this round (in play until the round ends)."""
    attacked: frozenset[str] = frozenset()
    """Seats that initiated a Conflict this Villainy Phase (once per Phase)."""
    deployed: frozenset[str] = frozenset()
    """Seats that funded their Deployment this Villainy Phase (one Phase Marker each)."""
    missions: frozenset[str] = frozenset()
    """Resource and Doomsday Missions completed (casefolded names): never completed twice."""

    def seat(self, seat_id: str) -> SeatState:
        return next(s for s in self.seats if s.id == seat_id)

    def to_json(self) -> dict[str, Any]:
        return {"clock": self.clock, "tech": self.tech,
                "doomsday_revealed": self.doomsday_revealed,
                "doomsday_completed": self.doomsday_completed, "betrayer": self.betrayer,
                "team_leader": self.team_leader, "seats": [s.to_json() for s in self.seats],
                "notes": [{"text": n.text, "seat": n.seat, "version": n.version}
                          for n in self.notes]}


def initial(setup: SessionSetup) -> State:
    over = setup.rounds and setup.clock == 0  # a table set up on 0 has nothing to play
    return State(tuple(SeatState(s.id) for s in setup.seats), setup.clock, setup.tech,
                 team_leader=setup.team_leader, stage=Stage.OVER if over else Stage.SCHEMING)


def apply(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    """The state after `event` (recorded as `version`), or InvalidInput and no change."""
    return _HANDLERS[event.kind](setup, state, event, version)


# --- helpers -------------------------------------------------------------------------------

def _refuse(field: str, detail: str, allowed: str | None = None) -> InvalidInput:
    return InvalidInput(field, detail, allowed)


def _name(setup: SessionSetup, seat_id: str) -> str:
    return setup.seat(seat_id).name


def _seat(setup: SessionSetup, state: State, event: Event, *, henchman: bool = False) -> SeatState:
    seat = setup.seat(event.seat or "")
    if henchman and seat.goodman:
        raise _refuse("seat", f"General Goodman has no {event.kind.value.replace('-', ' ')}s; "
                      "pick a Named Henchman.", "a Named Henchman's seat")
    return state.seat(seat.id)


def _put(state: State, seat: SeatState) -> State:
    return replace(state, seats=tuple(seat if s.id == seat.id else s for s in state.seats))


def _cutthroat_only(setup: SessionSetup, field: str, what: str) -> None:
    if setup.mode is not PlayMode.CUTTHROAT:
        raise _refuse(field, f"{what} belong to Cutthroat; this table plays "
                      f"{setup.mode.title()}.", "Cutthroat only")


# --- one handler per kind ------------------------------------------------------------------

def _vp(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    seat = _seat(setup, state, event)
    amount = event.amount or 0
    if amount == 0:
        raise _refuse("amount", "A VP change of 0 changes nothing.", "a non-zero number")
    if event.source is VpSource.GOODMAN:
        _cutthroat_only(setup, "source", "VP awarded by Goodman")
        if seat.id == GOODMAN_ID:
            raise _refuse("seat", "Goodman awards VP to his Named Henchmen, not to himself.",
                          "a Named Henchman's seat")
        held = seat.vp_goodman
    else:
        held = seat.vp_other
    if held + amount < 0:
        label = "from Goodman" if event.source is VpSource.GOODMAN else "from other sources"
        raise _refuse("amount", f"{_name(setup, seat.id)} holds {held} VP {label}; they cannot "
                      f"lose {-amount}.", f"a loss of at most {held}")
    if event.source is VpSource.GOODMAN:
        return _put(state, replace(seat, vp_goodman=held + amount))
    return _put(state, replace(seat, vp_other=held + amount))


def _trigger(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    seat = _seat(setup, state, event, henchman=True)
    number = event.trigger or 0
    on = bool(event.active)
    if on == (number in seat.triggers):
        raise _refuse("active", f"Betrayal Trigger {number} of {_name(setup, seat.id)} is "
                      f"already {'on' if on else 'off'}.", "on" if not on else "off")
    triggers = seat.triggers | {number} if on else seat.triggers - {number}
    return _put(state, replace(seat, triggers=frozenset(triggers)))


def _objective(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    seat = _seat(setup, state, event, henchman=True)
    kind = event.objective or ObjectiveKind.SIDE_JOB
    name = _name(setup, seat.id)
    vp = event.vp
    if kind is ObjectiveKind.DISLOYAL_SIDE_JOB:
        _cutthroat_only(setup, "objective", "Disloyal Side Jobs")
    if kind is ObjectiveKind.DIRECTIVE and state.betrayer == seat.id:
        raise _refuse("objective", f"{name} is the Betrayer; Goodman Directives are for loyal "
                      "Named Henchmen.", "a loyal Named Henchman")
    if kind is ObjectiveKind.GLOBAL_EVENT:
        if vp not in (None, GLOBAL_EVENT_VP):
            raise _refuse("vp", "Solving a Global Event gives 1 VP.", "1")
        vp = GLOBAL_EVENT_VP
    if kind is ObjectiveKind.NEFARIOUS_PLAN:
        if setup.mode is PlayMode.SYNDICATE:
            raise _refuse("objective", "Syndicate deals no Nefarious Plans.",
                          "Cutthroat or Mayhem")
        owner = _plan_holder(setup, state, seat.id)
        if owner is not None:
            whose = ("This team" if setup.mode is PlayMode.MAYHEM else name)
            raise _refuse("objective", f"{whose} already revealed a Nefarious Plan "
                          f"({_name(setup, owner)}); there is one per "
                          f"{'team' if setup.mode is PlayMode.MAYHEM else 'player'}.",
                          "one Nefarious Plan")
    if vp is None:
        raise _refuse("vp", f"Say how many VP the {kind.value.replace('-', ' ')} gave.",
                      "a whole number 0 or more")
    return _put(state, replace(seat, objectives=(*seat.objectives,
                                                 Objective(kind, vp, event.title, version))))


def _plan_holder(setup: SessionSetup, state: State, seat_id: str) -> str | None:
    team = setup.seat(seat_id).team
    mates = {s.id for s in setup.seats
             if s.id == seat_id or (team is not None and s.team is not None
                                    and s.team.casefold() == team.casefold())}
    for seat in state.seats:
        if seat.id in mates and seat.count(ObjectiveKind.NEFARIOUS_PLAN):
            return seat.id
    return None


def _resources(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    seat = _seat(setup, state, event)
    return _put(state, replace(seat, resources=event.count or 0))


def _gadgets(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    seat = _seat(setup, state, event)
    return _put(state, replace(seat, gadgets=event.count or 0))


def _clock(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    to = event.to or 0
    if to == state.clock:
        raise _refuse("to", f"The clock is already at {to}.", "another space")
    if setup.mode is PlayMode.CUTTHROAT and to == 0 and state.doomsday_completed:
        raise _refuse("to", "Goodman completed his plan, which ended the game before the clock "
                      "could reach 0.", "1-10")
    return replace(state, clock=to)


def _tech(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    if event.to == state.tech:
        raise _refuse("to", f"The Technology Track is already at {event.to}.", "another level")
    return replace(state, tech=event.to)


def _revealed(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    _no_plan_in_mayhem(setup)
    if state.doomsday_revealed:
        raise _refuse("kind", "The Doomsday Plan is already revealed.", "once")
    return replace(state, doomsday_revealed=True)


def _completed(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    _no_plan_in_mayhem(setup)
    if state.doomsday_completed:
        raise _refuse("kind", "The Doomsday Plan is already completed.", "once")
    if state.clock == 0:
        raise _refuse("kind", "The clock reached 0: the game ended before the plan was done.",
                      "a clock above 0")
    return replace(state, doomsday_revealed=True, doomsday_completed=True)


def _no_plan_in_mayhem(setup: SessionSetup) -> None:
    if setup.mode is PlayMode.MAYHEM:
        raise _refuse("kind", "Mayhem has no Doomsday Plan; the game ends when the clock "
                      "reaches 0.", "Cutthroat or Syndicate")


def _team_leader(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    seat = _seat(setup, state, event, henchman=True)
    return replace(state, team_leader=seat.id)


def _note(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    if event.seat is not None:
        setup.seat(event.seat)
    return replace(state, notes=state.notes.added(Note(event.text or "", event.seat, version)))


_HANDLERS: dict[EventKind, Callable[[SessionSetup, State, Event, int], State]] = {
    EventKind.VP: _vp, EventKind.TRIGGER: _trigger, EventKind.OBJECTIVE: _objective,
    EventKind.RESOURCES: _resources, EventKind.GADGETS: _gadgets, EventKind.CLOCK: _clock,
    EventKind.TECH: _tech, EventKind.DOOMSDAY_REVEALED: _revealed,
    EventKind.DOOMSDAY_COMPLETED: _completed,
    EventKind.TEAM_LEADER: _team_leader, EventKind.NOTE: _note,
}
