"""The table's own bookkeeping: VP with its reason, Betrayal Triggers, the Doomsday Plan, the
Team Leader token, notes, and the hand-set corrections (a count the table reads off the
board: Resources by kind, Gadgets, Faceless Henchmen, the clock, the Technology Track, High
Alert tokens). A correction is recorded as such in the history and never blocked by the
round: it is how a table that does not track a component keeps the count right.

Readings we chose:
- A VP loss comes out of the bucket it names (Goodman's awards or other VP) and may not take
  it below 0: a Vault holds no negative VP.
- VP General Goodman awards come out of the VP he holds (his starting assets, a Betrayer's
  hand-over, Directive rewards): he gives his own VP tokens away (derived; the rulebook has
  him start with VP and collect them, and the only use it gives them is telling the world of
  a Henchman's deeds). An award beyond what the session counts is not refused (a Goodman
  reward the table did not record would be missing): his count stops at 0.
"""
from __future__ import annotations

from assistant.tracker.chain import evolve as replace

from ..calculators.costs.requisition import REASSIGN_COST, ReassignReading
from ..modes import PlayMode
from .events import Event
from .forms import Agency, EventKind, Resource, Stage, VpSource
from .rounds import COORDINATION, at_step
from .setup import GOODMAN_ID, SessionSetup
from .state import Note, Purse, State, goodman_seat, name, pay, put, refuse


def vp(setup: SessionSetup, state: State, event: Event) -> State:
    seat = state.seat(setup.seat(event.seat or "").id)
    amount = event.amount or 0
    if amount == 0:
        raise refuse("amount", "A VP change of 0 changes nothing.", "a non-zero number",
                     "villain-prestige")
    goodman = event.source is VpSource.GOODMAN
    if goodman:
        if setup.mode is not PlayMode.CUTTHROAT:
            raise refuse("source", f"VP awarded by Goodman belong to Cutthroat; this table "
                         f"plays {setup.mode.title()}.", "Cutthroat only", "goodman-role")
        if seat.id == GOODMAN_ID:
            raise refuse("seat", "Goodman awards VP to his Named Henchmen, not to himself.",
                         "a Named Henchman's seat", "goodman-awards-vp")
    held = seat.vp_goodman if goodman else seat.vp_other
    if held + amount < 0:
        label = "from Goodman" if goodman else "from other sources"
        raise refuse("amount", f"{name(setup, seat.id)} holds {held} VP {label}; they cannot "
                     f"lose {-amount}.", f"a loss of at most {held}", "villain-prestige")
    if goodman and amount > 0 and setup.refereed:  # his own VP, as far as he holds them
        pool = state.seat(GOODMAN_ID)
        state = put(state, replace(pool, vp_other=max(0, pool.vp_other - amount)))
        seat = state.seat(seat.id)
    if goodman:
        return put(state, replace(seat, vp_goodman=held + amount))
    return put(state, replace(seat, vp_other=held + amount))


def trigger(setup: SessionSetup, state: State, event: Event) -> State:
    seat = setup.seat(event.seat or "")
    if seat.goodman:
        raise refuse("seat", "General Goodman has no Betrayal Triggers; pick a Named "
                     "Henchman.", "a Named Henchman's seat", "betrayal-triggers")
    mine = state.seat(seat.id)
    number = event.trigger or 0
    on = bool(event.active)
    if on == (number in mine.triggers):
        raise refuse("active", f"Betrayal Trigger {number} of {seat.name} is already "
                     f"{'on' if on else 'off'}.", "on" if not on else "off",
                     "betrayal-triggers")
    triggers = mine.triggers | {number} if on else mine.triggers - {number}
    return put(state, replace(mine, triggers=frozenset(triggers)))


def resources(setup: SessionSetup, state: State, event: Event) -> State:
    """Resources counted at the table: the kinds given are set; a count without kinds (an
    older table's) says how many the seat holds in all, their kinds not said."""
    seat = state.seat(setup.seat(event.seat or "").id)
    given = {r: getattr(event, r.attr) for r in Resource if getattr(event, r.attr) is not None}
    if not given and event.count is None:
        raise refuse("funding", "Say how many of which Resource the seat holds now.",
                     "Funding, Espionage, Corruption, Data Cache or Infamy", "resources")
    purse = seat.purse
    if event.count is not None and not given:
        purse = Purse(unsorted=event.count)
    for kind, n in given.items():
        purse = purse.set(kind, n)
    if event.count is not None and given:
        purse = replace(purse, unsorted=max(0, event.count - sum(given.values())))
    return put(state, replace(seat, purse=purse))


def gadgets(setup: SessionSetup, state: State, event: Event) -> State:
    seat = state.seat(setup.seat(event.seat or "").id)
    return put(state, replace(seat, gadgets=event.count or 0))


def faceless(setup: SessionSetup, state: State, event: Event) -> State:
    seat = state.seat(setup.seat(event.seat or "").id)
    return put(state, replace(seat, faceless=event.count or 0))


def clock(setup: SessionSetup, state: State, event: Event) -> State:
    to = event.to or 0
    if to == state.clock:
        raise refuse("to", f"The clock is already at {to}.", "another space", "world-reacts")
    if setup.mode is PlayMode.CUTTHROAT and to == 0 and state.doomsday_completed:
        raise refuse("to", "Goodman completed his plan, which ended the game before the clock "
                     "could reach 0.", "1-10", "goal-cutthroat")
    if setup.rounds and state.stage is Stage.ENDGAME:
        raise refuse("to", "The game is in Endgame and Scoring: the clock no longer moves.",
                     "Nefarious Plans, then Next step", "clock-reaches-zero")
    return replace(state, clock=to)


def tech(setup: SessionSetup, state: State, event: Event) -> State:
    if event.to == state.tech:
        raise refuse("to", f"The Technology Track is already at {event.to}.", "another level",
                     "build-gadgets")
    return replace(state, tech=event.to)


def high_alert(setup: SessionSetup, state: State, event: Event) -> State:
    """High Alert tokens counted on an Agent HQ, or on a mission tile (its Spoils)."""
    tile = (event.tile or "").strip()
    to = event.to or 0
    key = tile.casefold().replace(" hq", "").replace(" headquarters", "").strip()
    for agency in Agency:
        if key == agency.value:
            if state.alert_of(agency) == to:
                raise refuse("to", f"The {agency.word} HQ already has {to} High Alert.",
                             "another count", "high-alert-tokens")
            return state.with_alert(agency, to)
    if not tile:
        raise refuse("tile", "Name the tile: CIA HQ, Interpol HQ or a mission tile.",
                     "a tile's name", "high-alert-tokens")
    if state.spoils(tile) == to:
        raise refuse("to", f"{tile} already holds {to} High Alert.", "another count",
                     "high-alert-tokens")
    return state.with_spoils(tile, to)


def revealed(setup: SessionSetup, state: State, event: Event) -> State:
    _no_plan_in_mayhem(setup)
    if state.doomsday_revealed:
        raise refuse("kind", "The Doomsday Plan is already revealed.", "once",
                     "syndicate-doomsday-reveal")
    if setup.rounds and state.stage is Stage.ENDGAME:
        raise refuse("kind", "The game is in Endgame and Scoring: the Doomsday Plan no longer "
                     "changes.", "Nefarious Plans, then Next step", "scoring-cutthroat")
    return replace(state, doomsday_revealed=True)


def completed(setup: SessionSetup, state: State, event: Event) -> State:
    _no_plan_in_mayhem(setup)
    if state.doomsday_completed:
        raise refuse("kind", "The Doomsday Plan is already completed.", "once",
                     "setup-doomsday-plan")
    if state.clock == 0:
        raise refuse("kind", "The clock reached 0: the game ended before the plan was done.",
                     "a clock above 0", "clock-reaches-zero")
    if setup.rounds and state.stage is Stage.ENDGAME:
        raise refuse("kind", "The game is in Endgame and Scoring: the Doomsday Plan no longer "
                     "changes.", "Nefarious Plans, then Next step", "scoring-cutthroat")
    return replace(state, doomsday_revealed=True, doomsday_completed=True)


def _no_plan_in_mayhem(setup: SessionSetup) -> None:
    if setup.mode is PlayMode.MAYHEM:
        raise refuse("kind", "Mayhem has no Doomsday Plan; the game ends when the clock "
                     "reaches 0.", "Cutthroat or Syndicate", "goal-mayhem")


def team_leader(setup: SessionSetup, state: State, event: Event) -> tuple[State, int | None]:
    """The token to a Named Henchman; Goodman's reassignment in his Requisition (Cutthroat)
    costs him Infamy (1, as Requisition Resources says; the glossary says 3)."""
    seat = setup.seat(event.seat or "")
    if seat.goodman:
        raise refuse("seat", "The Team Leader token goes to a Named Henchman, not to General "
                     "Goodman.", "a Named Henchman's seat", "team-leader")
    if not event.reassign:
        return replace(state, team_leader=seat.id), None
    if setup.mode is not PlayMode.CUTTHROAT:
        raise refuse("reassign", f"Only General Goodman reassigns the token, and only in "
                     f"Cutthroat; this table plays {setup.mode.title()}.", "false", "team-leader")
    state = at_step(setup, state, Stage.SCHEMING, COORDINATION,
                    "Goodman reassigns the Team Leader during his Requisition Resources",
                    "reassign", "requisition-resources")
    cost = REASSIGN_COST[ReassignReading.SCHEMING]
    goodman = goodman_seat(setup) or GOODMAN_ID
    state = pay(setup, state, state.seat(goodman), Resource.INFAMY, cost,
                "Reassigning the Team Leader", "requisition-resources", "reassign")
    return replace(state, team_leader=seat.id), cost


def note(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    if event.seat is not None:
        setup.seat(event.seat)
    return replace(state, notes=state.notes.added(Note(event.text or "", event.seat, version)))


CORRECTIONS = frozenset({EventKind.RESOURCES, EventKind.GADGETS, EventKind.HENCHMEN,
                         EventKind.CLOCK, EventKind.TECH, EventKind.HIGH_ALERT})
"""Counts the table sets by hand; their history lines say so."""
