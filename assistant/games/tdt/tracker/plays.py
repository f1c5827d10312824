"""Events the rulebook settles by a calculation, worked out by the game's own calculators
(the ones the API offers) from the session's state, each applied whole as one event:
betraying (betrayal-eligibility, force-betrayal, betrayal-transfer), building a Gadget
(gadget-cost), hiring a Named Henchman in Syndicate (hire-henchman), completing a mission
(mission) and funding a Deployment (fund-deployment). Each returns the new
state and the fields its stored event records (the working among them).

Readings we chose:
- On betraying, VP held (Goodman's awards and other VP) and Resources pass to Goodman; the
  objective cards (and their VP) and Gadgets stay (Betraying the Organization; derived for the
  objectives' VP, since the cards stay with the Betrayer).
- The session keeps one Resources count per seat (for the tie-break), not one per kind, so
  what a price in Data Cache, Corruption or Infamy takes comes off that count, and a seat
  holding fewer Resources in all cannot pay it.
- On betraying, what the Betrayer collects (N × active triggers, plus 1 per VP handed over;
  the resource's icon is lost, see betrayal-transfer) is added to their Resources.
- A hire's VP comes out of the seat's other VP (mission rewards and the like): objective VP
  stays on the cards in the Vault.
"""
from __future__ import annotations

from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker.chain import evolve as replace

from ..calculators import betrayal as calc
from ..calculators import conflict as conflict_calc
from ..calculators import missions
from ..calculators.costs.gadgets import Shift, gadget_cost
from ..calculators.costs.hiring import hire_henchman
from ..calculators.deployment import fund_deployment
from ..modes import PlayMode
from .events import Event, EventKind, ObjectiveKind, Stage
from .rounds import advance, clock_reached_zero, guard, working
from .setup import GOODMAN_ID, SessionSetup
from .state import GLOBAL_EVENT_VP, SeatState, State, _put
from .state import apply as apply_ledger

Played = tuple[State, dict[str, Any]]


def _fields(refusal: InvalidInput, names: dict[str, str], default: str) -> InvalidInput:
    """A calculator's refusal named by this event's fields (its own are the API form's)."""
    return InvalidInput(names.get(refusal.field, default), refusal.detail, refusal.allowed)


def _henchman(setup: SessionSetup, state: State, event: Event, what: str) -> SeatState:
    seat = setup.seat(event.seat or "")
    if seat.goodman:
        raise InvalidInput("seat", f"General Goodman has no miniature on the War Map, so he "
                           f"does not {what}; pick a Named Henchman.", "a Named Henchman's seat")
    return state.seat(seat.id)


def betray(setup: SessionSetup, state: State, event: Event) -> Played:
    """A voluntary or forced betrayal, checked and handed over by the betrayal calculators."""
    if setup.mode is not PlayMode.CUTTHROAT:
        raise InvalidInput("kind", f"Betrayals belong to Cutthroat; this table plays "
                           f"{setup.mode.title()}.", "Cutthroat only")
    seat = _henchman(setup, state, event, "betray")
    name = setup.seat(seat.id).name
    if state.betrayer is not None:
        raise InvalidInput("seat", f"{setup.seat(state.betrayer).name} has already betrayed; "
                           "there is only one Betrayer (rule betrayal-eligibility).",
                           "no Betrayer yet")
    roster = [calc.Henchman(setup.seat(s.id).name, s.vp_held, len(s.triggers),
                            s.count(ObjectiveKind.DISLOYAL_SIDE_JOB))
              for s in state.seats if s.id != GOODMAN_ID]
    lines: list[str] = []
    cost = 0
    goodman = state.seat(GOODMAN_ID)
    if event.forced:
        check = calc.force_betrayal(roster, name)
        lines.append(working(check))
        if not check.result["allowed"]:
            raise InvalidInput("forced", f"Goodman may force out the Henchman with the most "
                               f"Disloyal Side Jobs, at least 1 (rule force-betrayal); {name} "
                               f"has {check.result['disloyal']}, the most is "
                               f"{check.result['most_disloyal']}.", "the most Disloyal Side Jobs")
        if setup.rounds:
            cost = int(check.result["cost"])
            if goodman.resources < cost:
                raise InvalidInput("forced", f"Forcing {name} out costs General Goodman {cost} "
                                   f"Infamy (rule force-betrayal); he holds {goodman.resources} "
                                   "Resources in all.", f"{cost} or more Resources")
    else:
        check = calc.betrayal_eligibility(roster, name)
        lines.append(working(check))
        ok = check.result["conditions"]
        if not ok["someone_scored"]:
            raise InvalidInput("seat", "Nobody may betray until a Named Henchman has scored a "
                               "VP (rule betrayal-eligibility).", "after the first VP")
        if not check.result["may_betray"]:
            low = min(h.vp for h in roster)
            raise InvalidInput("seat", f"{name} has {len(seat.triggers)} active triggers and "
                               f"{seat.vp_held} VP (lowest {low}); betraying needs 3 or more "
                               "triggers, or last place in VP (rule betrayal-eligibility).",
                               "3+ triggers or last in VP")
    handed = seat.vp_goodman + seat.vp_other
    collects = 0
    if setup.rounds:
        transfer = calc.betrayal_transfer(handed, {}, len(seat.triggers), len(roster))
        collects = int(transfer.result["betrayer_collects"])
        lines.append(f"{seat.resources} Resources go to General Goodman "
                     "[betraying-the-organization]")
        lines.append(working(transfer))
    state = _put(state, replace(goodman, vp_other=goodman.vp_other + handed,
                                resources=goodman.resources + seat.resources - cost))
    state = _put(state, replace(seat, vp_goodman=0, vp_other=0, resources=collects))
    fields: dict[str, Any] = {}
    if setup.rounds:
        fields = {"amount": handed, "count": seat.resources, "collects": collects,
                  "cost": cost if event.forced else None, "working": "\n".join(lines)[:2000]}
    return replace(state, betrayer=seat.id), fields


def build_gadget(setup: SessionSetup, state: State, event: Event) -> Played:
    """One Gadget from R&D at the Technology Track's level (gadget-cost)."""
    seat = _henchman(setup, state, event, "build Gadgets")
    if state.tech is None:
        raise InvalidInput("kind", "The Technology Track's level is not known yet (the "
                           "rulebook gives no start): read the level the Tech Marker shows on "
                           "the board's Technology Track and set it first with a Technology "
                           "Track correction.", "a Technology Track level, 1-5")
    shift = event.shift or Shift.NONE
    try:
        answer = gadget_cost(state.tech, [shift])
    except InvalidInput as refusal:  # the shift would leave the track
        raise _fields(refusal, {}, "shift") from None
    cost = int(answer.result["data_cache"]) + int(answer.result["corruption"])
    name = setup.seat(seat.id).name
    if seat.resources < cost:
        raise InvalidInput("seat", f"The Gadget costs {answer.result['data_cache']} Data Cache"
                           + (f" and {answer.result['corruption']} Corruption"
                              if answer.result["corruption"] else "")
                           + f" at track level {state.tech} (rule build-gadgets); {name} holds "
                           f"{seat.resources} Resources in all.", f"{cost} or more Resources")
    level = int(answer.result["level"])
    state = _put(state, replace(seat, resources=seat.resources - cost, gadgets=seat.gadgets + 1))
    return replace(state, tech=level), {"cost": cost, "to": level, "working": working(answer)}


def complete_mission(setup: SessionSetup, state: State, event: Event) -> Played:
    """A mission completed by one Named Henchman's Squads (the mission calculator), its
    rewards received: VP (with the Doomsday Affinity's +1) and Resources (doubled by a
    Resource Mission's Affinity, times the HQ's High Alert tokens)."""
    seat = _henchman(setup, state, event, "complete missions")
    name = setup.seat(seat.id).name
    if state.betrayer == seat.id:
        raise InvalidInput("seat", f"{name} is the Betrayer: the Betrayer may not complete "
                           "missions (rule betrayer-powers).", "a loyal Named Henchman")
    tile = (event.title or "").strip()
    if event.mission != "hq" and tile.casefold() in state.missions:
        raise InvalidInput("title", f"{tile} is already completed: a completed mission is not "
                           "completed again for its rewards (rule complete-missions).",
                           "a mission not yet completed")
    squad = {"player": name, "combat": event.combat or 0, "stealth": event.stealth or 0,
             "cunning": event.cunning or 0, "diplomacy": event.diplomacy or 0,
             "affinity": bool(event.affinity)}
    try:
        answer = missions.mission({
            "kind": event.mission, "tile": tile, "squads": [squad],
            "high_alert": event.high_alert or 0,
            "rewards": [{"kind": "vp", "amount": event.reward_vp or 0, "label": "VP"},
                        {"kind": "funding", "amount": event.reward_resources or 0,
                         "label": "Resources"}]})
    except InvalidInput as refusal:  # a tile the game's data does not know
        detail = refusal.detail.replace(" Or leave it empty and type the requirements.", "")
        raise InvalidInput("title", f"{detail} Name a tile the game knows, or record its "
                           "rewards as VP and Resources.", refusal.allowed) from None
    if not answer.result["completed"]:
        raise InvalidInput("combat", f"{answer.summary} A mission is completed when the "
                           "Squads' totals meet or exceed its requirements (rule "
                           "complete-missions).", "totals meeting the requirements")
    got = {r["kind"]: int(r["amount"]) for r in answer.result["rewards"]}
    vp = got.get("vp", 0) + (1 if name in answer.result.get("affinity_vp", ()) else 0)
    resources = got.get("funding", 0)
    state = _put(state, replace(seat, vp_other=seat.vp_other + vp,
                                resources=seat.resources + resources))
    done = state.missions | ({answer.result["tile"].casefold()} if event.mission != "hq"
                             else set())
    return replace(state, missions=frozenset(done)), {
        "title": answer.result["tile"], "amount": vp, "count": resources,
        "working": working(answer)[:2000]}


STEALS = ("stealth", "cunning", "diplomacy")
"""Offensive Attributes whose successes steal a Resource (Funding, Espionage, Corruption)."""


def conflict(setup: SessionSetup, state: State, event: Event) -> Played:
    """A Conflict between two Named Henchmen (the conflict calculator): the successes each
    side spends on stealing move that many Resources from the other (as many as they hold)."""
    seat = _henchman(setup, state, event, "fight Conflicts")
    target = setup.seat(event.target or "", "target")
    if target.goodman or target.id == seat.id:
        raise InvalidInput("target", "A Conflict is fought against another Named Henchman's "
                           "Squads on the same tile (rule conflict-resolution).",
                           "another Named Henchman's seat")
    name = setup.seat(seat.id).name
    if seat.id in state.attacked:
        raise InvalidInput("seat", f"{name} already started a Conflict this Phase: a Conflict "
                           "may be started once per Phase (rule conflict-resolution).",
                           "another Named Henchman, or the next Phase")
    try:
        answer = conflict_calc.conflict({"sides": [
            {"name": name, "offence": event.offence, "offence_total": event.offence_total,
             "defence": event.defence, "defence_total": event.defence_total,
             "target": target.name},
            {"name": target.name, "offence": event.target_offence,
             "offence_total": event.target_offence_total, "defence": event.target_defence,
             "defence_total": event.target_defence_total, "target": name}]})
    except InvalidInput as refusal:
        raise _fields(refusal, {"sides.0.defence": "defence",
                                "sides.1.defence": "target_defence"}, "target") from None
    sides = answer.result["sides"]
    moved = []
    for side, steals, field in ((sides[0], event.steals or 0, "steals"),
                                (sides[1], event.target_steals or 0, "target_steals")):
        net = int(side["attack"]["net"])
        if steals and side["offence"] not in STEALS:
            raise InvalidInput(field, f"{side['name']} attacks with "
                               f"{side['offence'].capitalize()}, whose successes deal damage, "
                               "not theft (rule conflict-effects).", "0")
        if steals > net:
            raise InvalidInput(field, f"{side['name']} has {net} success(es) after the "
                               f"defence (rule conflict-resolution); {steals} cannot steal.",
                               f"0-{net}")
        moved.append(steals)
    mine, theirs = state.seat(seat.id), state.seat(target.id)
    took = min(moved[0], theirs.resources)  # successes land at the same moment
    lost = min(moved[1], mine.resources)
    state = _put(state, replace(mine, resources=mine.resources - lost + took))
    state = _put(state, replace(state.seat(target.id), resources=theirs.resources - took + lost))
    return replace(state, attacked=state.attacked | {seat.id}), {
        "count": took, "collects": lost, "working": working(answer)[:2000]}


def deploy(setup: SessionSetup, state: State, event: Event) -> Played:
    """One Named Henchman's Deployment this Phase, priced by the fund-deployment calculator
    and paid from their Resources."""
    seat = _henchman(setup, state, event, "deploy Squads")
    name = setup.seat(seat.id).name
    if seat.id in state.deployed:
        raise InvalidInput("seat", f"{name} already funded a Deployment this Phase: each "
                           "player has one Staging Marker per Phase (rule "
                           "place-staging-markers).", "another Named Henchman")
    squads = [{"size": size, "origin": origin, "player": name}
              for size, origin in ((event.squad_1, event.from_1), (event.squad_2, event.from_2),
                                   (event.squad_3, event.from_3)) if size]
    if not squads:
        raise InvalidInput("squad_1", "Name at least one Squad to fund (a player who funds "
                           "none does not deploy).", "1-6 henchmen")
    modifiers = [{"label": "ability", "amount": event.modifier}] if event.modifier else []
    answer = fund_deployment({"squads": squads, "destination": event.destination or "mission",
                              "modifiers": modifiers})
    cost = int(answer.result["cost"])
    if seat.resources < cost:
        raise InvalidInput("seat", f"This Deployment costs {cost} Funding (rule "
                           f"fund-deployment); {name} holds {seat.resources} Resources in all. "
                           "A player who cannot fund any Squad spends nothing and does not "
                           "deploy (rule must-deploy).", f"{cost} or more Resources")
    state = _put(state, replace(seat, resources=seat.resources - cost))
    return replace(state, deployed=state.deployed | {seat.id}), {
        "cost": cost, "working": working(answer)[:2000]}


def hire(setup: SessionSetup, state: State, event: Event) -> Played:
    """Syndicate: a Named Henchman brought into play for VP (hire-henchman)."""
    if setup.mode is not PlayMode.SYNDICATE:
        raise InvalidInput("kind", "Hiring a Named Henchman for VP is a Syndicate rule (rule "
                           "hire-named-henchman).", "Syndicate only")
    seat = _henchman(setup, state, event, "hire")
    in_play = len(setup.henchmen) + state.hires
    if in_play >= 6:
        raise InvalidInput("kind", "Six Named Henchmen are in play: nobody more can be hired "
                           "(rule hire-named-henchman).", "fewer than six in play")
    answer = hire_henchman(in_play, state.doomsday_revealed)
    cost = int(answer.result["total"])
    if seat.vp_other < cost:
        raise InvalidInput("seat", f"Hiring with {in_play} Named Henchmen in play costs {cost} "
                           f"VP (rule hire-named-henchman); {setup.seat(seat.id).name} holds "
                           f"{seat.vp_other} VP to spend.", f"{cost} or more VP")
    state = _put(state, replace(seat, vp_other=seat.vp_other - cost))
    return replace(state, hires=state.hires + 1), {"cost": cost, "working": working(answer)}


def play(setup: SessionSetup, state: State, event: Event, version: int) -> tuple[State, Event]:
    """The state after `event` and the event as stored (its worked-out fields filled in), or
    InvalidInput and no change. A ledger session (setup.rounds False) has no round to follow."""
    k = EventKind
    if setup.rounds:
        guard(setup, state, event)
    elif event.kind is k.NEXT:
        raise InvalidInput("kind", "This session keeps a plain ledger (it was stored before "
                           "the session followed the rounds), so it has no round to move on.",
                           "the ledger's events")
    fields: dict[str, Any] = {}
    if event.kind is k.NEXT:
        new, fields = advance(setup, state)
    elif event.kind is k.BETRAYAL:
        new, fields = betray(setup, state, event)
    elif event.kind is k.GADGET:
        new, fields = build_gadget(setup, state, event)
    elif event.kind is k.HIRE:
        new, fields = hire(setup, state, event)
    elif event.kind is k.MISSION:
        new, fields = complete_mission(setup, state, event)
    elif event.kind is k.DEPLOY:
        new, fields = deploy(setup, state, event)
    elif event.kind is k.CONFLICT:
        new, fields = conflict(setup, state, event)
    else:
        new = apply_ledger(setup, state, event, version)
        if event.objective is ObjectiveKind.GLOBAL_EVENT and event.vp is None:
            fields = {"vp": GLOBAL_EVENT_VP}  # so its line says what it gave
    if setup.rounds:
        new = clock_reached_zero(setup, new)
        if (event.kind is k.DOOMSDAY_COMPLETED and setup.mode is PlayMode.CUTTHROAT):
            new = replace(new, stage=Stage.ENDGAME, phase=0)
    return new, (replace(event, **fields) if fields else event)
