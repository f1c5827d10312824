"""What the referee checks and does with one event (`play`), and what the rules allow now
(`moves`). Each part of the round has its own module (scheming, villainy, monologuing; the
table's bookkeeping in ledger); `play` sends an event to its part and returns the new state
with the event as stored (the fields the session worked out filled in, its working among
them). A refusal (InvalidInput) names the rule entry it applies and changes nothing.

`moves` lists complete request bodies, the round's next step first (so always taking the
first move plays the game to its end), then what whoever is to act may do, pre-filled with
the likely values. Each is kept only if `play` accepts it here, so a listed move is never
refused."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker.chain import evolve as replace
from assistant.tracker.fields import check_form

from ..components import RESOURCE_MISSIONS
from ..modes import PlayMode
from .events import Event, build_event
from .forms import EVENT_FORMS, EventKind, ObjectiveKind, Resource, Stage
from .ledger import (
    clock,
    completed,
    faceless,
    gadgets,
    high_alert,
    note,
    resources,
    revealed,
    team_leader,
    tech,
    trigger,
    vp,
)
from .monologuing import betray, flip_global_event, goodman_plot, objective, recall, tithe
from .rounds import (
    COORDINATION,
    DEPLOYMENT,
    DIRECTIVES,
    PLOTTING,
    TITHE,
    TURN_STEPS,
    advance,
    at_step,
    clock_reached_zero,
    now,
    take_turn,
    whose_turn,
)
from .scheming import build_gadget, hire, plot, requisition, squads, staging, withdraw
from .setup import SessionSetup
from .state import State, henchman, refuse
from .villainy import (
    bribe,
    complete_mission,
    conflict,
    corrupt_agency,
    damage,
    deploy,
    exchange,
    move_agent,
    pass_deployment,
    spoils,
)

Fields = dict[str, Any]
Handler = Callable[[SessionSetup, State, Event], tuple[State, Fields]]


def _plain(fn: Callable[[SessionSetup, State, Event], State]) -> Handler:
    return lambda setup, state, event: (fn(setup, state, event), {})


def _team_leader(setup: SessionSetup, state: State, event: Event) -> tuple[State, Fields]:
    new, cost = team_leader(setup, state, event)
    return new, ({"cost": cost} if cost is not None else {})


def _declare(setup: SessionSetup, state: State, event: Event) -> State:
    """Cutthroat: Goodman declares his plan complete in his Plotting Actions, which sends the
    game to Endgame and Scoring; elsewhere the plan is complete when its requirements are."""
    cutthroat = setup.mode is PlayMode.CUTTHROAT and setup.rounds
    if cutthroat:
        state = at_step(setup, state, Stage.MONOLOGUING, PLOTTING, "General Goodman declares "
                        "his Doomsday Plan complete during his Plotting Actions",
                        rule="goodman-plotting-cutthroat")
    state = completed(setup, state, event)
    if cutthroat:
        state = replace(state, stage=Stage.ENDGAME, phase=0, step=0, turn=None)
    return state


def _pass(setup: SessionSetup, state: State, event: Event) -> State:
    """A seat lets its turn go by, wherever the round is played in turns."""
    seat = setup.seat(event.seat or "")
    if not setup.rounds:
        raise refuse("kind", "This session keeps a plain ledger: it follows no turns.",
                     "the ledger's events", "turn-order")
    stage, step = state.stage, state.step
    if stage is Stage.SCHEMING and step == COORDINATION:
        return take_turn(setup, state, seat.id, passing=True)
    if stage is Stage.VILLAINY and step == DEPLOYMENT:
        return pass_deployment(setup, state, henchman(setup, state, seat.id,
                                                                "deploy"))
    if stage is Stage.MONOLOGUING and step <= DIRECTIVES:
        turn = state.turn
        tithe_over = turn is not None and turn.step == "tithe" and (
            turn.done or not turn.may(seat.id))
        if setup.mode is not PlayMode.MAYHEM and step <= TITHE and not tithe_over:
            state = at_step(setup, state, Stage.MONOLOGUING, TITHE, "A tithe of nothing")
            return take_turn(setup, state, seat.id, passing=True)
        state = at_step(setup, state, Stage.MONOLOGUING, DIRECTIVES, "Passing on a Directive")
        return take_turn(setup, state, seat.id, passing=True)
    raise refuse("kind", f"Nothing is played in turns now ({now(setup, state)}), so there is "
                 "no turn to pass.", "Next step", "turn-order")


HANDLERS: dict[EventKind, Handler] = {
    EventKind.VP: _plain(vp),
    EventKind.TRIGGER: _plain(trigger),
    EventKind.RESOURCES: _plain(resources),
    EventKind.GADGETS: _plain(gadgets),
    EventKind.HENCHMEN: _plain(faceless),
    EventKind.CLOCK: _plain(clock),
    EventKind.TECH: _plain(tech),
    EventKind.HIGH_ALERT: _plain(high_alert),
    EventKind.DOOMSDAY_REVEALED: _plain(revealed),
    EventKind.DOOMSDAY_COMPLETED: _plain(_declare),
    EventKind.TEAM_LEADER: _team_leader,
    EventKind.NEXT: lambda setup, state, event: advance(setup, state),
    EventKind.PASS: _plain(_pass),
    EventKind.REQUISITION: requisition,
    EventKind.WITHDRAW: _plain(withdraw),
    EventKind.PLOT: plot,
    EventKind.GADGET: build_gadget,
    EventKind.SQUADS: _plain(squads),
    EventKind.HIRE: hire,
    EventKind.STAGING: _plain(staging),
    EventKind.AGENT: _plain(move_agent),
    EventKind.DEPLOY: deploy,
    EventKind.CONFLICT: conflict,
    EventKind.DAMAGE: _plain(damage),
    EventKind.BRIBE: bribe,
    EventKind.SPOILS: _plain(spoils),
    EventKind.MISSION: complete_mission,
    EventKind.CORRUPT_AGENCY: corrupt_agency,
    EventKind.EXCHANGE: _plain(exchange),
    EventKind.RECALL: _plain(recall),
    EventKind.TITHE: _plain(tithe),
    EventKind.BETRAYAL: betray,
    EventKind.GOODMAN_PLOT: _plain(goodman_plot),
    EventKind.GLOBAL_EVENT: flip_global_event,
}


def play(setup: SessionSetup, state: State, event: Event, version: int) -> tuple[State, Event]:
    """The state after `event` and the event as stored (its worked-out fields filled in), or
    InvalidInput and no change. A ledger session (setup.rounds False) has no round to follow."""
    k = event.kind
    if k is EventKind.NEXT and not setup.rounds:
        raise refuse("kind", "This session keeps a plain ledger (it was stored before the "
                     "session followed the rounds), so it has no round to move on.",
                     "the ledger's events", "round-structure")
    if k is EventKind.NOTE:
        return note(setup, state, event, version), event
    if k is EventKind.OBJECTIVE:
        new, fields = objective(setup, state, event, version)
    else:
        new, fields = HANDLERS[k](setup, state, event)
    if setup.rounds:
        new = clock_reached_zero(setup, new)
    return new, (replace(event, **fields) if fields else event)


# --- what the rules allow now -------------------------------------------------------------------

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
        if move not in out and legal(setup, state, move):
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
        if state.stage is Stage.SCHEMING:
            yield from _scheming(setup, state, hench)
        elif state.stage is Stage.VILLAINY:
            yield from _villainy(setup, state, hench)
        elif state.stage is Stage.MONOLOGUING:
            yield from _monologuing(setup, state, hench)
        yield from _first(setup, state, ({"kind": "objective", "seat": s,
                                          "objective": o.value, "vp": 1}
                                         for o in _objectives(setup, state) for s in hench))
        if setup.mode is PlayMode.SYNDICATE:
            yield {"kind": "doomsday-completed"}
        if setup.mode is not PlayMode.MAYHEM:
            yield {"kind": "doomsday-revealed"}
    elif state.clock > 0:  # a ledger ends when the clock reaches 0
        yield {"kind": "clock", "to": state.clock - 1}
    yield from _corrections(setup, state, hench)


def _turn_seats(setup: SessionSetup, state: State) -> list[str]:
    if TURN_STEPS.get((state.stage, state.step)) is None:
        return []
    return whose_turn(setup, state)[:1]


def _scheming(setup: SessionSetup, state: State, hench: list[str]) -> Iterator[Move]:
    for seat in _turn_seats(setup, state):
        mine = state.seat(seat)
        if seat in hench:
            if not mine.squads_known:
                yield {"kind": "squads", "seat": seat, "size_1": 1, "named_in": 1}
            yield {"kind": "gadget", "seat": seat}
            yield {"kind": "plot", "seat": seat, "option": "side-jobs"}
            yield {"kind": "hire", "seat": seat}
        yield {"kind": "requisition", "seat": seat,
               "resource": "funding", "count": 1}
        yield {"kind": "pass", "seat": seat}
    for seat in hench:
        if state.seat(seat).markers is None:
            yield {"kind": "staging", "seat": seat}


def _villainy(setup: SessionSetup, state: State, hench: list[str]) -> Iterator[Move]:
    if state.step == DEPLOYMENT:
        for seat in hench:
            mine = state.seat(seat)
            if seat in state.deployed or seat in state.passed:
                continue
            if mine.squads_known:  # every Squad, else the first one it can fund
                sizes = {f"squad_{n}": s.size for n, s in enumerate(mine.squads, 1) if s.size}
                yield from _first(setup, state, iter([
                    {"kind": "deploy", "seat": seat, **sizes},
                    *({"kind": "deploy", "seat": seat, "squad_1": 0, key: size}
                      for key, size in sizes.items())]))
            else:
                yield {"kind": "deploy", "seat": seat, "squad_1": 1, "from_1": "base"}
            yield {"kind": "pass", "seat": seat}
    deployed = [s for s in hench if s in state.deployed]
    yield from _first(setup, state, (
        {"kind": "conflict", "seat": a, "target": b, "offence": "combat", "offence_total": 2,
         "defence": "stealth", "defence_total": 2, "target_offence": "combat",
         "target_offence_total": 2, "target_defence": "stealth", "target_defence_total": 2}
        for a in deployed for b in hench if a != b))
    yield from _first(setup, state, (
        {"kind": "spoils", "seat": s, "action": "generate", "tile": tile}
        for tile in sorted(state.missions) for s in deployed))
    yield from _first(setup, state, (  # the Squads just meeting the printed requirements
        {"kind": "mission", "seat": s, "mission": "resource", "title": m.name,
         **m.active.as_dict()}
        for m in RESOURCE_MISSIONS if m.name.casefold() not in state.missions
        for s in deployed))


def _monologuing(setup: SessionSetup, state: State, hench: list[str]) -> Iterator[Move]:
    if state.step == 0:
        yield from ({"kind": "recall", "seat": s} for s in hench
                    if not state.seat(s).named_home)
    if setup.mode is PlayMode.CUTTHROAT:
        for forced in (False, True):
            yield from _first(setup, state, ({"kind": "betrayal", "seat": s, "forced": forced}
                                             for s in hench))
    for seat in _turn_seats(setup, state) or whose_turn(setup, state)[:1]:
        if state.step <= TITHE and setup.mode is not PlayMode.MAYHEM:
            yield {"kind": "tithe", "seat": seat, "item": "infamy", "count": 0}
        yield {"kind": "objective", "seat": seat, "objective": "directive", "vp": 1}
        yield {"kind": "pass", "seat": seat}
    yield from _first(setup, state, ({"kind": "objective", "seat": s, "objective": "side-job",
                                      "vp": 1} for s in hench))
    if setup.mode is PlayMode.CUTTHROAT:
        yield {"kind": "doomsday-completed"}
        yield {"kind": "goodman-plot", "seat": "goodman", "option": "draw-directives"}


def _objectives(setup: SessionSetup, state: State) -> list[ObjectiveKind]:
    if state.stage is Stage.ENDGAME:
        return [ObjectiveKind.NEFARIOUS_PLAN]
    if state.stage is Stage.MONOLOGUING:
        return [ObjectiveKind.DISLOYAL_SIDE_JOB]
    return [ObjectiveKind.GLOBAL_EVENT]


def _corrections(setup: SessionSetup, state: State, hench: list[str]) -> Iterator[Move]:
    """At a table that follows the rounds, only what play still needs: the track's level while
    nobody has said it (Gadgets need it), the Team Leader while nobody has said who holds the
    token, and an exchange between players. A ledger (no rounds) offers its own entries, one
    legal choice each. Hand-set corrections (VP, Triggers, the clock, counted Resources) stay
    possible either way: the seat's steppers and toggles record them, so they do not crowd
    what the page offers as the next step."""
    seat = state.seat(hench[0])
    if state.tech is None:
        yield {"kind": "tech", "to": 1}
    if setup.rounds:
        if state.team_leader is None:
            yield {"kind": "team-leader", "seat": hench[0]}
        yield from _first(setup, state, (
            {"kind": "exchange", "seat": a, "target": b, "item": r.value, "count": 1}
            for a in hench for r in Resource if state.seat(a).purse.of(r)
            for b in hench if b != a))
        return
    yield {"kind": "vp", "seat": seat.id, "amount": 1, "reason": "mission reward"}
    yield {"kind": "trigger", "seat": seat.id, "trigger": 2, "active": 2 not in seat.triggers}
    leader = next((s for s in hench if s != state.team_leader), None)
    if leader is not None:
        yield {"kind": "team-leader", "seat": leader}
    yield {"kind": "resources", "seat": seat.id,
           "count": seat.resources + 1 if seat.resources < 200 else seat.resources - 1}
    yield {"kind": "note", "text": "A note for the record."}
