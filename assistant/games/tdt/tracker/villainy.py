"""Villainy, each Phase in the book's order (villainy-phases): the Agents move, players fund
and make their Deployments (only those with a Staging Marker for the Phase, and each must
Deploy if able), Generate or Collect Spoils, Complete Missions and take the rewards; between
any two Actions, players on a tile may exchange or fight one Conflict a Phase. The game's own
calculators price and check each (fund-deployment, conflict, mission, corrupt-agency), and
the event stores their working.

Readings we chose:
- Only a seat that funded its Deployment this Phase acts: initiates a Conflict, completes a
  mission, generates or collects Spoils, or corrupts an Agency (Deploy, steps 3-4; an Idle
  Squad only defends, pays an Agent off, or works Spoils with its Affinity).
- A Conflict is initiated once per Phase by each seat (Player vs. Player Interactions).
- A Conflict's thefts take the Resource its Attribute names (Stealth: Funding, Cunning:
  Espionage, Diplomacy: Corruption); a Named Henchman sent home lets the attacker take all of
  one Resource of their choice (Conflict; the Glossary says all Infamy, which is one choice).
- Actions go tile by tile (Taking Turns), each Action for every tile before the next, so no
  Spoils after a mission was completed this Phase and no Deployment after either.
"""
from __future__ import annotations

from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import plural
from assistant.tracker.chain import evolve as replace

from ..calculators import conflict as conflict_calc
from ..calculators import missions
from ..calculators.agents import CorruptOption, corrupt_cost
from ..calculators.deployment import fund_deployment
from .events import Event
from .forms import Agency, Item, Resource, Stage
from .rounds import DEPLOYMENT, MISSIONS, SPOILS, able_to_deploy, at_step, marker, now, working
from .setup import SessionSetup
from .state import (
    BASE,
    Purse,
    SeatState,
    Squad,
    State,
    henchman,
    holding,
    name,
    pay,
    put,
    refuse,
)

Played = tuple[State, dict[str, Any]]
STEALS = {"stealth": Resource.FUNDING, "cunning": Resource.ESPIONAGE,
          "diplomacy": Resource.CORRUPTION}
"""Offensive Attributes whose successes steal a Resource, and which (Conflict effects)."""


def in_villainy(setup: SessionSetup, state: State, what: str, rule: str,
                field: str = "kind") -> None:
    if setup.rounds and state.stage is not Stage.VILLAINY:
        raise refuse(field, f"{what} in a Villainy Phase; the game is at {now(setup, state)}.",
                     "Villainy", rule)


def _deployed(setup: SessionSetup, state: State, seat: SeatState, what: str, rule: str,
              field: str = "seat") -> None:
    """Only Squads funded this Phase act (Deploy, steps 3-4)."""
    if setup.refereed and seat.id not in state.deployed:
        raise refuse(field, f"{name(setup, seat.id)} funded no Deployment this Phase: their "
                     f"Squads sit Idle and cannot {what}.", "a Named Henchman who deployed "
                     "this Phase", rule)


def deploy(setup: SessionSetup, state: State, event: Event) -> Played:
    """One Named Henchman's Deployment this Phase, priced by the fund-deployment calculator
    and paid in Funding; the Squads it funds move to the Phase's Staging Marker."""
    seat = henchman(setup, state, event.seat, "deploy Squads")
    who = name(setup, seat.id)
    state = at_step(setup, state, Stage.VILLAINY, DEPLOYMENT, "Squads are funded and deployed "
                    "before the Phase's other Actions", rule="fund-deployment")
    if seat.id in state.deployed:
        raise refuse("seat", f"{who} already funded a Deployment this Phase: each player "
                     "deploys once a Phase, to that Phase's Staging Marker.",
                     "another Named Henchman", "place-staging-markers")
    if seat.id in state.passed:
        raise refuse("seat", f"{who} let this Phase's Deployment go by.",
                     "another Named Henchman", "fund-deployment")
    tile = marker(state, seat)
    if setup.rounds and seat.markers is not None and tile is None:
        raise refuse("seat", f"{who} placed no Staging Marker for Phase {state.phase}, so does "
                     "not Deploy this Phase.", "a Named Henchman with this Phase's marker",
                     "villainy-phases")
    where = (event.tile or "").strip() or tile or f"the Phase {state.phase} marker's tile"
    going_home = event.destination == "base"
    rows = []
    moved = []
    origins: dict[str, Any] = {}
    for n, (size, origin) in enumerate(((event.squad_1, event.from_1),
                                        (event.squad_2, event.from_2),
                                        (event.squad_3, event.from_3)), 1):
        if not size:
            continue
        if seat.squads_known:
            squad = seat.squads[n - 1]
            if squad.size != size:
                raise refuse(f"squad_{n}", f"{who}'s Squad {n} holds {squad.size} Henchmen.",
                             str(squad.size), "commit-squads")
            origin = ("base" if squad.home else "stays"
                      if squad.at.casefold() == where.casefold() else "mission")
            moved.append(n)
            origins[f"from_{n}"] = origin
        rows.append({"size": size, "origin": origin, "player": who})
    if not rows:
        raise refuse("squad_1", "Name at least one Squad to fund (a player who funds none "
                     "passes: the Deployment fails).", "1-6 henchmen", "fund-deployment")
    modifiers = [{"label": "ability", "amount": event.modifier}] if event.modifier else []
    answer = fund_deployment({"squads": rows, "destination": event.destination or "mission",
                              "modifiers": modifiers})
    cost = int(answer.result["cost"])
    mine = state.seat(seat.id)
    if not mine.purse.can_pay(Resource.FUNDING, cost):
        raise refuse("seat", f"This Deployment costs {cost} Funding; {who} holds "
                     f"{holding(mine.purse, Resource.FUNDING)}. A player who cannot fund any "
                     "Squad spends nothing: the Deployment fails (pass).",
                     f"{cost} or more Funding", "must-deploy")
    state = pay(setup, state, mine, Resource.FUNDING, cost, "This Deployment", "fund-deployment")
    if moved:
        mine = state.seat(seat.id)
        squads = list(mine.squads)
        for n in moved:
            squads[n - 1] = replace(squads[n - 1], at=BASE if going_home else where)
        state = put(state, replace(mine, squads=(squads[0], squads[1], squads[2])))
    named = (event.tile or "").strip() or tile
    return replace(state, deployed=state.deployed | {seat.id}), {
        **origins, **({"tile": named} if named and not going_home else {}), "cost": cost,
        "working": working(answer)[:2000]}


def pass_deployment(setup: SessionSetup, state: State, seat: SeatState) -> State:
    """A seat lets this Phase's Deployment go by: it has no marker for the Phase, or cannot
    fund a Squad (the Deployment fails)."""
    who = name(setup, seat.id)
    if seat.id in state.deployed or seat.id in state.passed:
        raise refuse("seat", f"{who} has already settled this Phase's Deployment.",
                     "another Named Henchman", "fund-deployment")
    if able_to_deploy(state, seat):
        raise refuse("seat", f"{who} has a Staging Marker for Phase {state.phase} and can fund "
                     "a Squad, so must Deploy.", "a Deployment", "must-deploy")
    return replace(state, passed=state.passed | {seat.id})


def conflict(setup: SessionSetup, state: State, event: Event) -> Played:
    """A Conflict between two Named Henchmen (the conflict calculator): each side's thefts and
    claims move Resources at the same moment."""
    seat = henchman(setup, state, event.seat, "fight Conflicts")
    in_villainy(setup, state, "Conflicts happen", "conflict-resolution")
    target = setup.seat(event.target or "", "target")
    if target.goodman or target.id == seat.id:
        raise refuse("target", "A Conflict is fought against another Named Henchman's Squads "
                     "on the same tile.", "another Named Henchman's seat",
                     "conflict-resolution")
    who = name(setup, seat.id)
    _deployed(setup, state, seat, "initiate a Conflict", "deploy-squads")
    if seat.id in state.attacked:
        raise refuse("seat", f"{who} already started a Conflict this Phase: a Conflict may be "
                     "started once per Phase.", "another Named Henchman, or the next Phase",
                     "conflict-resolution")
    try:
        answer = conflict_calc.conflict({"sides": [
            {"name": who, "offence": event.offence, "offence_total": event.offence_total,
             "defence": event.defence, "defence_total": event.defence_total,
             "target": target.name},
            {"name": target.name, "offence": event.target_offence,
             "offence_total": event.target_offence_total, "defence": event.target_defence,
             "defence_total": event.target_defence_total, "target": who}]})
    except InvalidInput as refusal:
        field = {"sides.0.defence": "defence", "sides.1.defence": "target_defence"}.get(
            refusal.field, "target")
        raise refuse(field, refusal.detail, refusal.allowed, "conflict-resolution") from None
    sides = answer.result["sides"]
    plans = []
    for side, steals, claim, field in (
            (sides[0], event.steals or 0, event.claim, "steals"),
            (sides[1], event.target_steals or 0, event.target_claim, "target_steals")):
        net = int(side["attack"]["net"])
        kind = STEALS.get(side["offence"])
        if steals and kind is None:
            raise refuse(field, f"{side['name']} attacks with {side['offence'].capitalize()}, "
                         "whose successes deal damage, not theft.", "0", "conflict-effects")
        takes = claim not in (None, "none")
        if steals + takes > net:
            thefts = plural(steals, "theft", "thefts")
            raise refuse(field, f"{side['name']} has {plural(net, 'success', 'successes')} "
                         f"after the defence; {thefts}" + (
                             " and sending the Named Henchman home" if takes else "")
                         + " need more.",
                         f"at most {net} in all", "conflict-resolution")
        plans.append((kind, steals, Resource(claim) if takes and claim else None))
    mine, theirs = state.seat(seat.id), state.seat(target.id)
    took, a_purse, b_purse = _thefts(mine.purse, theirs.purse, plans[0])
    lost, b_purse, a_purse = _thefts(b_purse, a_purse, plans[1])
    moved = {"count": took, "collects": lost}
    state = put(state, replace(mine, purse=a_purse))
    state = put(state, replace(state.seat(target.id), purse=b_purse))
    for loser, plan in ((target.id, plans[0]), (seat.id, plans[1])):
        if plan[2] is not None:
            state = _named_home(state, loser)
    return replace(state, attacked=state.attacked | {seat.id}), {
        **moved, "working": working(answer)[:2000]}


def _thefts(winner: Purse, loser: Purse, plan: tuple[Resource | None, int, Resource | None]
            ) -> tuple[int, Purse, Purse]:
    """What one side takes from the other: its thefts (as many as the other holds), then all
    of one Resource when it sent the other's Named Henchman home."""
    kind, steals, claim = plan
    taken = 0
    if kind is not None and steals:
        n = min(steals, loser.of(kind) + loser.unsorted)
        loser, winner, taken = loser.paid(kind, n), winner.plus(kind, n), n
    if claim is not None:
        n = loser.of(claim)
        loser, winner, taken = loser.set(claim, 0), winner.plus(claim, n), taken + n
    return taken, winner, loser


def _named_home(state: State, seat_id: str) -> State:
    mine = state.seat(seat_id)
    squads = tuple(Squad(s.size - 1, False, s.at if s.size > 1 else BASE) if s.named else s
                   for s in mine.squads)
    return put(state, replace(mine, squads=(squads[0], squads[1], squads[2])))


def damage(setup: SessionSetup, state: State, event: Event) -> State:
    """Henchmen of one Squad damaged: Faceless ones go to the World, the Named Henchman goes
    home (losing all Infamy when an Agent did it); an emptied Squad is disbanded."""
    seat = henchman(setup, state, event.seat, "have Squads")
    who = name(setup, seat.id)
    n = event.squad or 1
    faceless, named = event.faceless or 0, bool(event.named)
    if not faceless and not named:
        raise refuse("faceless", "Say who took the damage.", "1 or more Henchmen", "damage")
    if setup.rounds and state.stage in (Stage.MONOLOGUING, Stage.ENDGAME):
        raise refuse("kind", "Damage is dealt on the War Map, in Scheming (the Security Sweep) "
                     f"and Villainy; the game is at {now(setup, state)}.",
                     "Scheming or Villainy", "damage")
    if seat.squads_known:
        squad = seat.squads[n - 1]
        if not squad.size:
            raise refuse("squad", f"{who} has no Squad {n}.", "a Squad that exists", "damage")
        if named and not squad.named:
            raise refuse("named", f"{who}'s Named Henchman is not in Squad {n}.", "false",
                         "damage")
        if faceless > squad.size - squad.named:
            raise refuse("faceless", f"Squad {n} holds {squad.size - squad.named} Faceless "
                         "Henchmen.", f"at most {squad.size - squad.named}", "damage")
        left = squad.size - faceless - named
        squads = list(seat.squads)
        squads[n - 1] = Squad(left, squad.named and not named, squad.at) if left else Squad()
        seat = replace(seat, squads=(squads[0], squads[1], squads[2]))
    if named and event.agent:
        seat = replace(seat, purse=seat.purse.set(Resource.INFAMY, 0))
    return put(state, seat)


def bribe(setup: SessionSetup, state: State, event: Event) -> Played:
    """An Agent bought off: Corruption equal to the High Alert on its tile and on its HQ."""
    seat = henchman(setup, state, event.seat, "meet Agents")
    in_villainy(setup, state, "Agents are bought off", "agent-arrival")
    agency = Agency(event.agent or "cia")
    where = state.agent_at(agency)
    if where.casefold() == "hq":
        raise refuse("agent", f"The {agency.word} Agent is at its Headquarters, on no mission "
                     "tile.", "an Agent on a mission tile", "agent-arrival")
    if agency.value in state.bought:
        raise refuse("agent", f"The {agency.word} Agent is already bought off this Phase.",
                     "the other Agent", "agent-arrival")
    cost = state.spoils(where) + state.alert_of(agency)
    state = pay(setup, state, seat, Resource.CORRUPTION, cost,
                f"Buying off the {agency.word} Agent on {where}", "agent-arrival")
    return replace(state, bought=state.bought | {agency.value}), {"cost": cost}


def move_agent(setup: SessionSetup, state: State, event: Event) -> State:
    agency = Agency(event.agent or "cia")
    tile = (event.tile or "").strip() or "HQ"
    if tile.casefold() in ("hq", f"{agency.value} hq", "headquarters"):
        tile = "HQ"
    if tile.casefold() == state.agent_at(agency).casefold():
        raise refuse("tile", f"The {agency.word} Agent is already at {tile}.", "another tile",
                     "agents-investigate")
    agents = (tile, state.agents[1]) if agency is Agency.CIA else (state.agents[0], tile)
    return replace(state, agents=agents, bought=state.bought - {agency.value})


def spoils(setup: SessionSetup, state: State, event: Event) -> State:
    """Generate one Spoil on a tile (once a tile a Phase, never the Phase it was completed)
    or collect some (no more than it holds)."""
    seat = henchman(setup, state, event.seat, "work Spoils")
    who = name(setup, seat.id)
    tile = (event.tile or "").strip()
    key = tile.casefold()
    state = at_step(setup, state, Stage.VILLAINY, SPOILS, "Spoils are generated or collected "
                    "after Deployment and before missions are completed",
                    rule="generate-spoils")
    if not event.affinity:
        _deployed(setup, state, seat, "work Spoils (an Idle Squad may, with the Affinity)",
                  "idle-squads")
    if event.action == "collect":
        n = event.count or 1
        held = state.spoils(tile)
        if n > held:
            raise refuse("count", f"{tile} holds {plural(held, 'Spoil', 'Spoils')}.",
                         f"at most {held}", "collect-spoils")
        state = state.with_spoils(tile, held - n)
        mine = state.seat(seat.id)
        if event.resource == Item.HENCHMAN.value:
            mine = replace(mine, faceless=None if mine.faceless is None else mine.faceless + n)
        else:
            mine = replace(mine, purse=mine.purse.plus(Resource(event.resource or "funding"), n))
        return put(state, mine)
    if seat.id == state.betrayer:
        raise refuse("seat", f"{who} is the Betrayer: the Betrayer may collect Spoils but not "
                     "generate them.", "a loyal Named Henchman", "betrayer-powers")
    if key in state.completed_now:
        raise refuse("tile", f"{tile} was completed this Phase: Spoils are generated there "
                     "from the next Phase on.", "another tile", "generate-spoils")
    if key in state.generated:
        raise refuse("tile", f"A Spoil was already generated on {tile} this Phase: one per "
                     "tile per Phase, however many Squads are there.", "another tile",
                     "generate-spoils")
    state = state.with_spoils(tile, state.spoils(tile) + 1)
    return replace(state, generated=state.generated | {key})


def complete_mission(setup: SessionSetup, state: State, event: Event) -> Played:
    """A mission completed by one Named Henchman's Squads (the mission calculator), its
    rewards received: VP (with the Doomsday Affinity's +1) and Resources (doubled by a
    Resource Mission's Affinity, times the HQ's High Alert tokens)."""
    seat = henchman(setup, state, event.seat, "complete missions")
    who = name(setup, seat.id)
    state = at_step(setup, state, Stage.VILLAINY, MISSIONS, "Missions are completed in a "
                    "Villainy Phase, after Spoils", rule="complete-missions")
    if state.betrayer == seat.id:
        raise refuse("seat", f"{who} is the Betrayer: the Betrayer may not complete missions.",
                     "a loyal Named Henchman", "betrayer-powers")
    _deployed(setup, state, seat, "complete a mission", "deploy-squads")
    tile = (event.title or "").strip()
    if event.mission != "hq" and tile.casefold() in state.missions:
        raise refuse("title", f"{tile} is already completed: a completed mission is not "
                     "completed again for its rewards.", "a mission not yet completed",
                     "complete-missions")
    hq = _hq(tile) if event.mission == "hq" else None
    alert = event.high_alert or 0
    if hq is not None and setup.refereed:
        alert = state.alert_of(hq)
    agent = next((a for a in Agency if state.agent_at(a).casefold() == tile.casefold()
                  and a.value not in state.bought), None)
    squad = {"player": who, "combat": event.combat or 0, "stealth": event.stealth or 0,
             "cunning": event.cunning or 0, "diplomacy": event.diplomacy or 0,
             "affinity": bool(event.affinity)}
    kind = Resource(event.reward_resource or "funding")
    try:
        answer = missions.mission({
            "kind": event.mission, "tile": tile, "squads": [squad], "high_alert": alert,
            "agent": agent.value if agent and setup.refereed else "none",
            "rewards": [{"kind": "vp", "amount": event.reward_vp or 0, "label": "VP"},
                        {"kind": kind.value, "amount": event.reward_resources or 0,
                         "label": kind.word}]})
    except InvalidInput as refusal:  # a tile the game's data does not know
        detail = refusal.detail.replace(" Or leave it empty and type the requirements.", "")
        raise refuse("title", f"{detail} Name a tile the game knows, or record its rewards as "
                     "VP and Resources.", refusal.allowed, "complete-missions") from None
    if not answer.result["completed"]:
        raise refuse("combat", f"{answer.summary} A mission is completed when the Squads' "
                     "totals meet or exceed its requirements.",
                     "totals meeting the requirements", "complete-missions")
    got = {r["kind"]: int(r["amount"]) for r in answer.result["rewards"]}
    vp = got.get("vp", 0) + (1 if who in answer.result.get("affinity_vp", ()) else 0)
    gained = got.get(kind.value, 0)
    mine = state.seat(seat.id)
    state = put(state, replace(mine, vp_other=mine.vp_other + vp,
                               purse=mine.purse.plus(kind, gained)))
    key = str(answer.result["tile"]).casefold()
    if hq is not None:
        state = state.with_alert(hq, state.alert_of(hq) + 1)
    else:
        state = replace(state, missions=state.missions | {key},
                        completed_now=state.completed_now | {key})
    return state, {"title": answer.result["tile"], "amount": vp, "count": gained,
                   "working": working(answer)[:2000]}


def _hq(tile: str) -> Agency | None:
    key = tile.casefold()
    return next((a for a in Agency if key.startswith(a.value)), None)


def corrupt_agency(setup: SessionSetup, state: State, event: Event) -> Played:
    """Corrupt the Agency: a Squad deployed on an HQ pays Corruption (the corrupt-agency
    calculator's price) to add or remove a High Alert token or take a tile from the World."""
    seat = henchman(setup, state, event.seat, "corrupt an Agency")
    state = at_step(setup, state, Stage.VILLAINY, MISSIONS, "An Agency is corrupted at its "
                    "Headquarters, in place of a mission", rule="corrupt-agency")
    _deployed(setup, state, seat, "corrupt an Agency", "deploy-squads")
    agency = Agency(event.agent or "cia")
    option = event.option or "remove-alert"
    alert = state.alert_of(agency)
    if option == "remove-alert" and alert == 0:
        raise refuse("option", f"The {agency.word} HQ has no High Alert token to remove.",
                     "add-alert, or take a tile", "corrupt-agency")
    price = CorruptOption.ADJUST_ALERT if option.endswith("-alert") else CorruptOption(option)
    cost = corrupt_cost(price, alert)
    state = pay(setup, state, state.seat(seat.id), Resource.CORRUPTION, cost,
                f"Corrupting the {agency.word} Agency", "corrupt-agency")
    if option == "add-alert":
        state = state.with_alert(agency, alert + 1)
    elif option == "remove-alert":
        state = state.with_alert(agency, alert - 1)
    else:
        mine = state.seat(seat.id)
        state = put(state, replace(mine, tiles=mine.tiles + 1))
    return state, {"cost": cost}


def exchange(setup: SessionSetup, state: State, event: Event) -> State:
    """Players on the same tile or Base exchange Resources, Gadgets, Henchmen or VP; General
    Goodman hands out his during Requisition (or at the Tithe)."""
    giver = setup.seat(event.seat or "")
    taker = setup.seat(event.target or "", "target")
    if giver.id == taker.id:
        raise refuse("target", "An exchange is between two players.", "another seat",
                     "exchanges")
    if taker.goodman:
        raise refuse("target", "A Named Henchman gives to General Goodman by tithing, in "
                     "Monologuing.", "a Named Henchman", "tithe-to-goodman")
    if setup.rounds and state.stage is Stage.ENDGAME:
        raise refuse("kind", "The game is in Endgame and Scoring: nothing more changes hands.",
                     "Nefarious Plans, then Next step", "exchanges")
    if setup.rounds and giver.goodman and state.stage is Stage.VILLAINY:
        raise refuse("seat", "General Goodman hands out Resources during his Requisition "
                     "(Scheming) or at the Tithe (Monologuing), not on the War Map.",
                     "Scheming or Monologuing", "requisition-resources")
    item = Item(event.item or "funding")
    n = event.count or 1
    mine, theirs = state.seat(giver.id), state.seat(taker.id)
    if item in (Item.GADGET, Item.VP, Item.HENCHMAN):
        attr = {Item.GADGET: "gadgets", Item.VP: "vp_other", Item.HENCHMAN: "faceless"}[item]
        have = getattr(mine, attr)
        if have is not None and have < n:
            raise refuse("count", f"{giver.name} holds {have} {_word(item)} to give.",
                         f"at most {have}", "exchanges")
        got = getattr(theirs, attr)
        mine = replace(mine, **{attr: None if have is None else have - n})
        state = put(state, mine)
        theirs = state.seat(taker.id)
        return put(state, replace(theirs, **{attr: None if got is None else got + n}))
    kind = Resource(item.value)
    state = pay(setup, state, mine, kind, n, f"Giving {n} {kind.word}", "exchanges", "count")
    theirs = state.seat(taker.id)
    return put(state, replace(theirs, purse=theirs.purse.plus(kind, n)))


def _word(item: Item) -> str:
    return {Item.GADGET: "Gadgets", Item.VP: "VP", Item.HENCHMAN: "Faceless Henchmen at "
            "the Base"}.get(item, item.value)

