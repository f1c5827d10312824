"""Scheming: Coordination (Requisition Resources, Plotting, Build Gadgets, Commit Forces to
Squads; hiring in Syndicate), played in turns from the Team Leader, one action a turn, until
everyone passes; then Place Staging Markers. Prices come from the game's own calculators
(requisition, plotting-cost, gadget-cost, hire-henchman) and are paid in the Resource the
rules name.

Readings we chose:
- The Betrayer coordinates apart from Goodman's organization, at the same time (Betraying the
  Organization), so their Coordination actions take no turn.
- Goodman's handing out of Resources and Henchmen is part of his Requisition (an exchange,
  exchange.py); his Infamy-for-Resource trades and the Team Leader's reassignment are paid.
- Syndicate's Team Leader pays its own Infamy, 3 a Resource (the mode headings of the page are
  out of place; see the README), and takes from the Communal Vault with `withdraw`.
"""
from __future__ import annotations

from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker.chain import evolve as replace

from ..calculators.costs.gadgets import Shift, gadget_cost
from ..calculators.costs.hiring import hire_henchman
from ..calculators.costs.plotting import PlotAction, PlotTarget, plot_action_cost
from ..calculators.costs.requisition import Role, requisition_rate
from ..modes import PlayMode
from .events import Event
from .forms import Agency, Resource, Stage
from .rounds import COORDINATION, STAGING, at_step, take_turn, working
from .setup import SessionSetup
from .state import BASE, Squad, State, henchman, holding, name, pay, put, refuse

Played = tuple[State, dict[str, Any]]
MARKERS = {PlayMode.SYNDICATE: 3}
"""Staging Markers a seat places each round: five, three in Syndicate (Place Staging
Markers)."""
BLANKS = 4
"""Each colour has four blank markers besides the numbered 1, 2 and 3."""


def _coordinate(setup: SessionSetup, state: State, seat: str, what: str,
                rule: str = "coordination") -> State:
    """A Coordination action by `seat`: in Scheming's Coordination, on its turn (the
    Betrayer's take no turn)."""
    state = at_step(setup, state, Stage.SCHEMING, COORDINATION, what, rule=rule)
    if seat == state.betrayer:
        return state
    return take_turn(setup, state, seat)


def requisition(setup: SessionSetup, state: State, event: Event) -> Played:
    seat = setup.seat(event.seat or "")
    mode = setup.mode
    if mode is PlayMode.CUTTHROAT:
        if seat.goodman:
            role = Role.GOODMAN
        elif seat.id == state.betrayer:
            role = Role.BETRAYER
        else:
            raise refuse("seat", "In Cutthroat only General Goodman (and a Betrayer, from the "
                         "Bolthole) requisitions Resources; a loyal Henchman asks Goodman.",
                         "General Goodman or the Betrayer", "requisition-resources")
    elif seat.id == state.team_leader:
        role = Role.TEAM_LEADER
    elif mode is PlayMode.MAYHEM:
        role = Role.OTHER
    elif state.team_leader is None:
        raise refuse("seat", "In Syndicate the Team Leader requisitions: record who holds the "
                     "Team Leader token first.", "the Team Leader", "requisition-resources")
    else:
        raise refuse("seat", f"In Syndicate only the Team Leader ({name(setup, state.team_leader)}"
                     ") requisitions Resources.", name(setup, state.team_leader),
                     "requisition-resources")
    state = _coordinate(setup, state, seat.id, "Resources are requisitioned in Coordination",
                        "requisition-resources")
    rate = requisition_rate(mode, role)
    count, faceless = event.count or 0, event.faceless or 0
    if not count and not faceless:
        raise refuse("count", "Requisition at least one Resource (or, in Mayhem, one Faceless "
                     "Henchman).", "1 or more", "requisition-resources")
    cost = rate * count
    kind = Resource(event.resource or "funding")
    mine = state.seat(seat.id)
    if cost:
        state = pay(setup, state, mine, Resource.INFAMY,
                    cost, f"{count} {kind.word} at {rate} Infamy each", "requisition-resources",
                    "count")
        mine = state.seat(seat.id)
    lines = [f"{name(setup, seat.id)}: {rate} Infamy buys 1 Resource [requisition-resources]",
             f"{count} {kind.word} × {rate} = {cost} Infamy"]
    mine = replace(mine, purse=mine.purse.plus(kind, count))
    if faceless:
        if mode is not PlayMode.MAYHEM:
            raise refuse("faceless", "Buying Faceless Henchmen with VP at Requisition is a "
                         "Mayhem rule.", "0", "requisition-resources")
        if mine.vp_other < faceless:
            raise refuse("faceless", f"Each Faceless Henchman costs 1 VP; {name(setup, seat.id)} "
                         f"holds {mine.vp_other} VP to spend.", f"at most {mine.vp_other}",
                         "requisition-resources")
        mine = replace(mine, vp_other=mine.vp_other - faceless,
                       faceless=None if mine.faceless is None else mine.faceless + faceless)
        lines.append(f"{faceless} Faceless Henchmen to the Base for {faceless} VP")
    return put(state, mine), {"cost": cost, "working": "\n".join(lines)}


def withdraw(setup: SessionSetup, state: State, event: Event) -> State:
    """Syndicate: the Team Leader takes Resources from the Communal Vault to a seat."""
    if setup.mode is not PlayMode.SYNDICATE:
        raise refuse("kind", "The Communal Vault is a Syndicate rule.", "Syndicate only",
                     "syndicate-communal-vault")
    state = at_step(setup, state, Stage.SCHEMING, COORDINATION, "The Team Leader takes from "
                    "the Communal Vault during Requisition Resources",
                    rule="syndicate-communal-vault")
    kind = Resource(event.resource or "funding")
    n = event.count or 0
    if not state.communal.can_pay(kind, n):
        raise refuse("count", f"The Communal Vault holds {holding(state.communal, kind)}.",
                     f"at most {state.communal.of(kind) + state.communal.unsorted}",
                     "syndicate-communal-vault")
    mine = state.seat(setup.seat(event.seat or "").id)
    state = replace(state, communal=state.communal.paid(kind, n))
    return put(state, replace(mine, purse=mine.purse.plus(kind, n)))


def plot(setup: SessionSetup, state: State, event: Event) -> Played:
    seat = henchman(setup, state, event.seat, "plot with Espionage")
    state = _coordinate(setup, state, seat.id, "Plotting is a Coordination action", "plotting")
    target = PlotTarget(event.option or PlotTarget.SIDE_JOBS)
    tile = (event.tile or "").strip()
    alert = state.spoils(tile) if tile else 0
    try:
        cost, steps = plot_action_cost(PlotAction(target, bool(event.occupied), alert
                                                  if target in (PlotTarget.SWITCH_RESOURCE,
                                                                PlotTarget.REMOVE_RESOURCE)
                                                  else 0))
    except InvalidInput as refusal:
        raise refuse("occupied", refusal.detail, refusal.allowed, "plotting-costs") from None
    state = pay(setup, state, state.seat(seat.id), Resource.ESPIONAGE, cost,
                f"This Plotting action ({target.value.replace('-', ' ')})", "plotting")
    lines = [f"{s.text} [{s.rule}]" for s in steps]
    if target is PlotTarget.REVEAL_DOOMSDAY and not state.doomsday_flipped:
        state = state.with_alert(Agency.CIA, state.alert_of(Agency.CIA) + 1)
        state = replace(state, doomsday_flipped=True)
        lines.append("The first Doomsday Mission flipped: a High Alert token goes on the CIA "
                     "HQ [plotting-costs]")
    elif target is PlotTarget.GADGET:
        state = replace(state, rnd=state.rnd + 1)
    elif tile and target is not PlotTarget.SIDE_JOBS:  # the tile leaves: its Spoils go too
        state = replace(state.with_spoils(tile, 0), missions=state.missions - {tile.casefold()})
    return state, {"cost": cost, "working": "\n".join(lines)}


def build_gadget(setup: SessionSetup, state: State, event: Event) -> Played:
    """One Gadget from R&D at the Technology Track's level (gadget-cost)."""
    seat = henchman(setup, state, event.seat, "build Gadgets")
    who = name(setup, seat.id)
    state = _coordinate(setup, state, seat.id, "A Gadget is built during Coordination",
                        "build-gadgets")
    if state.tech is None:
        raise refuse("kind", "The Technology Track's level is not known yet (the rulebook "
                     "gives no start): read the level the Tech Marker shows on the board's "
                     "Technology Track and set it first with a Technology Track correction.",
                     "a Technology Track level, 1-5", "build-gadgets")
    if setup.refereed and state.rnd <= 0:
        raise refuse("kind", "R&D holds no Gadget to buy: new ones come out with Plotting.",
                     "a Gadget in R&D", "build-gadgets")
    if setup.refereed and not seat.named_home:
        raise refuse("seat", f"{who} is out on the War Map: a Named Henchman buys a Gadget "
                     "from their Base Tile.", "a Named Henchman at their Base", "build-gadgets")
    shift = event.shift or Shift.NONE
    try:
        answer = gadget_cost(state.tech, [shift])
    except InvalidInput as refusal:  # the shift would leave the track
        raise refuse("shift", refusal.detail, refusal.allowed, "build-gadgets") from None
    data, corruption = int(answer.result["data_cache"]), int(answer.result["corruption"])
    if corruption:
        state = pay(setup, state, state.seat(seat.id), Resource.CORRUPTION, corruption,
                    f"Moving the track from level {state.tech}", "build-gadgets", "shift")
    state = pay(setup, state, state.seat(seat.id), Resource.DATA_CACHE, data,
                "The Gadget", "build-gadgets")
    level = int(answer.result["level"])
    mine = state.seat(seat.id)
    state = put(state, replace(mine, gadgets=mine.gadgets + 1))
    return replace(state, tech=level, rnd=max(0, state.rnd - 1)), {
        "cost": data + corruption, "to": level, "working": working(answer)}


def squads(setup: SessionSetup, state: State, event: Event) -> State:
    """Commit Forces to Squads: the seat's Squads at its Base as they now stand (a correction
    sets any Squad, wherever it is)."""
    seat = henchman(setup, state, event.seat, "command Squads")
    who = name(setup, seat.id)
    sizes = (event.size_1, event.size_2, event.size_3)
    if all(s is None for s in sizes) and event.named_in is None:
        raise refuse("size_1", "Say how many Henchmen each Squad now holds.", "0-6",
                     "commit-squads")
    correction = bool(event.correction) or not setup.rounds
    if not correction:
        state = _coordinate(setup, state, seat.id, "Forces are committed to Squads during "
                            "Coordination", "commit-squads")
    old = state.seat(seat.id).squads
    named_in = event.named_in
    if named_in is None:
        named_in = next((i for i, s in enumerate(old, 1) if s.named), 0)
    new = []
    for i, (squad, size) in enumerate(zip(old, sizes, strict=True), 1):
        size = squad.size if size is None else size
        named = named_in == i
        changed = size != squad.size or named != squad.named
        if changed and not correction and not squad.home:
            raise refuse(f"size_{i}", f"{who}'s Squad {i} is at {squad.at}: Squads are formed "
                         "and disbanded at the Base.", f"{squad.size} (unchanged)",
                         "commit-squads")
        if named and size < 1:
            raise refuse("named_in", f"Squad {i} holds nobody, so the Named Henchman cannot "
                         "ride in it.", "a Squad with Henchmen", "commit-squads")
        new.append(Squad(size, named, squad.at if size else BASE))
    mine = state.seat(seat.id)
    faceless = mine.faceless
    if not correction and faceless is not None:
        pool = faceless + sum(s.size - s.named for s in old if s.home)
        need = sum(s.size - s.named for s in new if s.home)
        if need > pool:
            raise refuse("size_1", f"{who} has {pool} Faceless Henchmen at the Base to put in "
                         f"Squads there; these Squads need {need}.", f"at most {pool}",
                         "commit-squads")
        faceless = pool - need
    return put(state, replace(mine, squads=(new[0], new[1], new[2]), squads_known=True,
                              faceless=faceless))


def hire(setup: SessionSetup, state: State, event: Event) -> Played:
    """Syndicate: a Named Henchman brought into play for VP (hire-henchman), a Plotting
    action."""
    if setup.mode is not PlayMode.SYNDICATE:
        raise refuse("kind", "Hiring a Named Henchman for VP is a Syndicate rule.",
                     "Syndicate only", "hire-named-henchman")
    seat = henchman(setup, state, event.seat, "hire")
    state = _coordinate(setup, state, seat.id, "A Named Henchman is hired with a Plotting "
                        "action", "hire-named-henchman")
    in_play = len(setup.henchmen) + state.hires
    if in_play >= 6:
        raise refuse("kind", "Six Named Henchmen are in play: nobody more can be hired.",
                     "fewer than six in play", "hire-named-henchman")
    answer = hire_henchman(in_play, state.doomsday_revealed)
    cost = int(answer.result["total"])
    mine = state.seat(seat.id)
    if mine.vp_other < cost:
        raise refuse("seat", f"Hiring with {in_play} Named Henchmen in play costs {cost} VP; "
                     f"{name(setup, seat.id)} holds {mine.vp_other} VP to spend.",
                     f"{cost} or more VP", "hire-named-henchman")
    state = put(state, replace(mine, vp_other=mine.vp_other - cost))
    return replace(state, hires=state.hires + 1), {"cost": cost, "working": working(answer)}


def staging(setup: SessionSetup, state: State, event: Event) -> State:
    """Place Staging Markers: the seat's numbered markers (the Phases it deploys in) and its
    blanks, placed once a round."""
    seat = henchman(setup, state, event.seat, "place Staging Markers")
    who = name(setup, seat.id)
    state = at_step(setup, state, Stage.SCHEMING, STAGING, "Staging Markers are placed at the "
                    "end of Scheming")
    if seat.markers is not None and setup.rounds:
        raise refuse("seat", f"{who} has placed their Staging Markers this round: a marker on "
                     "the table stays there.", "another Named Henchman",
                     "place-staging-markers")
    flags = (event.phase_1, event.phase_2, event.phase_3)
    tiles = (event.tile_1, event.tile_2, event.tile_3)
    markers = tuple((t or "").strip() if on else None
                    for on, t in zip(flags, tiles, strict=True))
    numbered = sum(m is not None for m in markers)
    total = MARKERS.get(setup.mode, 5)
    blanks = total - numbered if event.blanks is None else event.blanks
    if blanks > BLANKS or blanks < 0 or numbered + blanks != total:
        raise refuse("blanks", f"Each player places {total} Staging Markers (numbered ones and "
                     f"up to {BLANKS} blanks); {who} would place {numbered} numbered and "
                     f"{blanks} blank.", f"{max(0, total - numbered)} blanks"
                     if total - numbered <= BLANKS else "more numbered markers",
                     "place-staging-markers")
    return put(state, replace(seat, markers=(markers[0], markers[1], markers[2])))
