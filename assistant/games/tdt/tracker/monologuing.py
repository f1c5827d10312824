"""Monologuing, in the book's order: Voluntary Recall, Tithe to Goodman (the moment to betray,
in Cutthroat), Claim Goodman Directives, Claim Side Jobs, Goodman's Plotting Actions;
and the objectives a table claims (a Global Event outside Monologuing, Nefarious Plans at
Endgame and Scoring). Betrayals are checked and handed over by the game's betrayal
calculators.

Readings we chose:
- On betraying, VP held (Goodman's awards and other VP) and every Resource pass to Goodman by
  kind; objective cards (and their VP), Gadgets and Faceless Henchmen stay (Betraying the
  Organization). What the Betrayer collects (N × active triggers, plus 1 per VP handed over;
  the Resource's icon is lost) is the Resource the table names, else kept unsorted.
- A Goodman Directive's 'Goodman' reward goes to General Goodman; where nobody plays him
  (Syndicate, Mayhem) to the Team Leader, who receives what would go to Goodman (Pick
  Characters, Notes on Teams).
- The price of each paid option of Goodman's Plotting is 1 of a Resource whose icon is lost:
  the table says which (Infamy unless it says otherwise).
"""
from __future__ import annotations

from typing import Any

from assistant.tracker.chain import evolve as replace

from ..calculators import betrayal as calc
from ..modes import PlayMode
from .events import Event
from .forms import GoodmanOption, Item, ObjectiveKind, Resource, Stage
from .rounds import (
    DIRECTIVES,
    PLOTTING,
    RECALL,
    SIDE_JOBS,
    TITHE,
    at_step,
    now,
    take_turn,
    working,
)
from .setup import GOODMAN_ID, SessionSetup
from .state import (
    BASE,
    GLOBAL_EVENT_VP,
    NO_SQUADS,
    Objective,
    Purse,
    Squad,
    State,
    goodman_seat,
    henchman,
    holding,
    loyal,
    name,
    pay,
    put,
    refuse,
)

Played = tuple[State, dict[str, Any]]
GLOBAL_EVENT_FLIP = 5
"""Infamy the Betrayer pays to flip a Global Event card (Betraying the Organization)."""
PLACED_MOST = {GoodmanOption.DRAW_DIRECTIVES: 3, GoodmanOption.DRAW_GADGETS: 2}


def recall(setup: SessionSetup, state: State, event: Event) -> State:
    seat = henchman(setup, state, event.seat, "have Squads")
    state = at_step(setup, state, Stage.MONOLOGUING, RECALL, "Squads are recalled first "
                    "thing in Monologuing")
    home = tuple(Squad(s.size, s.named, BASE) if s.size else s for s in seat.squads)
    return put(state, replace(seat, squads=(home[0], home[1], home[2])))


def tithe(setup: SessionSetup, state: State, event: Event) -> State:
    """Tithe to Goodman on the seat's turn: Cutthroat to Goodman's Vault, Syndicate to the
    Communal Vault; Mayhem skips it."""
    if setup.mode is PlayMode.MAYHEM:
        raise refuse("kind", "Mayhem skips Tithe to Goodman.", "Cutthroat or Syndicate",
                     "tithe-to-goodman")
    seat = henchman(setup, state, event.seat, "tithe")
    who = name(setup, seat.id)
    if seat.id == state.betrayer:
        raise refuse("seat", f"{who} is the Betrayer and tithes nothing to Goodman.",
                     "a loyal Named Henchman", "tithe-to-goodman")
    state = at_step(setup, state, Stage.MONOLOGUING, TITHE, "The Tithe comes after Voluntary "
                    "Recall")
    if setup.rounds and not seat.named_home:
        raise refuse("seat", f"{who}'s Named Henchman is out on the War Map: a Henchman tithes "
                     "while in the Base.", "a Named Henchman at their Base", "tithe-to-goodman")
    state = take_turn(setup, state, seat.id, again=True)
    item, n = Item(event.item or "infamy"), event.count or 0
    if not n:
        return state
    syndicate = setup.mode is PlayMode.SYNDICATE
    if item in (Item.GADGET, Item.HENCHMAN, Item.TILE):
        if syndicate and item is not Item.TILE:
            raise refuse("item", "The Communal Vault keeps Resources and Mission Tiles.",
                         "a Resource or a tile", "syndicate-communal-vault")
        attr = {Item.GADGET: "gadgets", Item.HENCHMAN: "faceless", Item.TILE: "tiles"}[item]
        mine = state.seat(seat.id)
        have = getattr(mine, attr)
        if have is not None and have < n:
            raise refuse("count", f"{who} holds {have} of those to tithe.", f"at most {have}",
                         "tithe-to-goodman")
        state = put(state, replace(mine, **{attr: None if have is None else have - n}))
        if not syndicate:
            goodman = state.seat(goodman_seat(setup) or GOODMAN_ID)
            got = getattr(goodman, attr)
            state = put(state, replace(goodman, **{attr: None if got is None else got + n}))
        return state
    kind = Resource(item.value)
    state = pay(setup, state, state.seat(seat.id), kind, n, f"A tithe of {n} {kind.word}",
                "tithe-to-goodman", "count")
    if syndicate:
        return replace(state, communal=state.communal.plus(kind, n))
    goodman = state.seat(goodman_seat(setup) or GOODMAN_ID)
    return put(state, replace(goodman, purse=goodman.purse.plus(kind, n)))


def betray(setup: SessionSetup, state: State, event: Event) -> Played:
    """A voluntary or forced betrayal, checked and handed over by the betrayal calculators."""
    if setup.mode is not PlayMode.CUTTHROAT:
        raise refuse("kind", f"Betrayals belong to Cutthroat; this table plays "
                     f"{setup.mode.title()}.", "Cutthroat only", "betrayal-eligibility")
    seat = henchman(setup, state, event.seat, "betray")
    who = name(setup, seat.id)
    if event.forced:
        state = at_step(setup, state, Stage.MONOLOGUING, PLOTTING, "Goodman forces a Henchman "
                        "out during his Plotting Actions", rule="force-betrayal")
    else:
        state = at_step(setup, state, Stage.MONOLOGUING, TITHE, "A Henchman betrays on their "
                        "turn of Tithe to Goodman", rule="betrayal-eligibility")
    if state.betrayer is not None:
        raise refuse("seat", f"{name(setup, state.betrayer)} has already betrayed; there is "
                     "only one Betrayer.", "no Betrayer yet", "betrayal-eligibility")
    roster = [calc.Henchman(name(setup, s.id), s.vp_held, len(s.triggers),
                            s.count(ObjectiveKind.DISLOYAL_SIDE_JOB))
              for s in state.seats if s.id != GOODMAN_ID]
    lines: list[str] = []
    cost = 0
    if event.forced:
        check = calc.force_betrayal(roster, who)
        lines.append(working(check))
        if not check.result["allowed"]:
            raise refuse("forced", f"Goodman may force out the Henchman with the most Disloyal "
                         f"Side Jobs, at least 1; {who} has {check.result['disloyal']}, the "
                         f"most is {check.result['most_disloyal']}.",
                         "the most Disloyal Side Jobs", "force-betrayal")
        if setup.rounds:
            cost = int(check.result["cost"])
            state = pay(setup, state, state.seat(GOODMAN_ID), Resource.INFAMY, cost,
                        f"Forcing {who} out", "force-betrayal", "forced")
    else:
        check = calc.betrayal_eligibility(roster, who)
        lines.append(working(check))
        ok = check.result["conditions"]
        if not ok["someone_scored"]:
            raise refuse("seat", "Nobody may betray until a Named Henchman has scored a VP.",
                         "after the first VP", "betrayal-eligibility")
        if not check.result["may_betray"]:
            low = min(h.vp for h in roster)
            raise refuse("seat", f"{who} has {len(seat.triggers)} active triggers and "
                         f"{seat.vp_held} VP (lowest {low}); betraying needs 3 or more "
                         "triggers, or last place in VP.", "3+ triggers or last in VP",
                         "betrayal-eligibility")
        state = take_turn(setup, state, seat.id)
    seat = state.seat(seat.id)
    handed = seat.vp_goodman + seat.vp_other
    collects = 0
    kind = Resource(event.resource) if event.resource else None
    if setup.rounds:
        transfer = calc.betrayal_transfer(handed, {}, len(seat.triggers), len(roster))
        collects = int(transfer.result["betrayer_collects"])
        lines.append(f"{seat.purse.words()} go to General Goodman "
                     "[betraying-the-organization]")
        lines.append(working(transfer))
    goodman = state.seat(GOODMAN_ID)
    state = put(state, replace(goodman, vp_other=goodman.vp_other + handed,
                               purse=goodman.purse.merged(seat.purse)))
    squads = tuple(Squad(s.size, s.named, BASE) if s.size else s for s in seat.squads)
    state = put(state, replace(seat, vp_goodman=0, vp_other=0,
                               purse=Purse().plus(kind, collects),
                               squads=(squads[0], squads[1], squads[2])
                               if seat.squads_known else NO_SQUADS))
    fields: dict[str, Any] = {}
    if setup.rounds:
        fields = {"amount": handed, "count": seat.resources, "collects": collects,
                  "cost": cost if event.forced else None, "working": "\n".join(lines)[:2000]}
    return replace(state, betrayer=seat.id), fields


def objective(setup: SessionSetup, state: State, event: Event, version: int) -> Played:
    seat = setup.seat(event.seat or "")
    if seat.goodman:
        raise refuse("seat", "General Goodman claims no objectives; pick a Named Henchman.",
                     "a Named Henchman's seat", "objective")
    mine = state.seat(seat.id)
    kind = event.objective or ObjectiveKind.SIDE_JOB
    vp = event.vp
    fields: dict[str, Any] = {}
    if kind is ObjectiveKind.DISLOYAL_SIDE_JOB and setup.mode is not PlayMode.CUTTHROAT:
        raise refuse("objective", f"Disloyal Side Jobs belong to Cutthroat; this table plays "
                     f"{setup.mode.title()}.", "Cutthroat only", "disloyal-side-jobs")
    if kind is ObjectiveKind.DIRECTIVE and state.betrayer == seat.id:
        raise refuse("objective", f"{seat.name} is the Betrayer; Goodman Directives are for "
                     "loyal Named Henchmen.", "a loyal Named Henchman", "goodman-directive")
    if kind is ObjectiveKind.GLOBAL_EVENT:
        if vp not in (None, GLOBAL_EVENT_VP):
            raise refuse("vp", "Solving a Global Event gives 1 VP.", "1",
                         "global-events-reveal")
        if vp is None:
            fields["vp"] = GLOBAL_EVENT_VP
        vp = GLOBAL_EVENT_VP
    if kind is ObjectiveKind.NEFARIOUS_PLAN:
        _nefarious(setup, state, seat.id)
    if vp is None:
        raise refuse("vp", f"Say how many VP the {kind.value.replace('-', ' ')} gave.",
                     "a whole number 0 or more", "objective")
    if setup.rounds:
        state = _claim_at(setup, state, event, kind)
    if kind is ObjectiveKind.DIRECTIVE and setup.rounds:
        state = replace(state, directives=state.directives - 1)
        state = _goodman_reward(setup, state, event)
    mine = state.seat(seat.id)
    state = put(state, replace(mine, objectives=(*mine.objectives,
                                                 Objective(kind, vp, event.title, version))))
    return state, fields


def _nefarious(setup: SessionSetup, state: State, seat_id: str) -> None:
    if setup.mode is PlayMode.SYNDICATE:
        raise refuse("objective", "Syndicate deals no Nefarious Plans.", "Cutthroat or Mayhem",
                     "setup-nefarious-plans")
    team = setup.seat(seat_id).team
    mates = {s.id for s in setup.seats
             if s.id == seat_id or (team is not None and s.team is not None
                                    and s.team.casefold() == team.casefold())}
    for seat in state.seats:
        if seat.id in mates and seat.count(ObjectiveKind.NEFARIOUS_PLAN):
            whose = "This team" if setup.mode is PlayMode.MAYHEM else name(setup, seat_id)
            raise refuse("objective", f"{whose} already revealed a Nefarious Plan "
                         f"({name(setup, seat.id)}); there is one per "
                         f"{'team' if setup.mode is PlayMode.MAYHEM else 'player'}.",
                         "one Nefarious Plan", "setup-nefarious-plans")


def _claim_at(setup: SessionSetup, state: State, event: Event, kind: ObjectiveKind) -> State:
    """Where the round must stand for this claim, and the seat's turn for it."""
    seat = event.seat or ""
    if kind is ObjectiveKind.NEFARIOUS_PLAN:
        if state.stage is not Stage.ENDGAME:
            raise refuse("objective", "Nefarious Plans are revealed at Endgame and Scoring; "
                         f"the game is at {now(setup, state)}.", "Endgame and Scoring",
                         "scoring-mayhem" if setup.mode is PlayMode.MAYHEM
                         else "scoring-cutthroat")
        return state
    if kind is ObjectiveKind.GLOBAL_EVENT:
        if state.stage in (Stage.MONOLOGUING, Stage.ENDGAME):
            raise refuse("objective", "A Global Event counts only when it is solved outside "
                         f"the Monologuing Stage; the game is at {now(setup, state)}.",
                         "Scheming or Villainy", "global-events-reveal")
        return state
    if kind is ObjectiveKind.DIRECTIVE:
        state = at_step(setup, state, Stage.MONOLOGUING, DIRECTIVES, "Goodman Directives are "
                        "claimed", "objective")
        if state.directives <= 0 and setup.play:
            raise refuse("objective", "No Goodman Directive is face up to claim.",
                          "a Directive in the Directives area", "goodman-directive")
        if event.title:
            _once(setup, state, event.title)
        return take_turn(setup, state, seat)
    state = at_step(setup, state, Stage.MONOLOGUING, SIDE_JOBS, "Side Jobs are claimed",
                    "objective")
    return take_turn(setup, state, seat, again=True)


def _once(setup: SessionSetup, state: State, title: str) -> None:
    wanted = title.strip().casefold()
    for seat in state.seats:
        for o in seat.objectives:
            if o.kind is ObjectiveKind.DIRECTIVE and (o.title or "").strip().casefold() == wanted:
                raise refuse("title", f"Each Goodman Directive is claimed once; "
                             f"{name(setup, seat.id)} already claimed '{o.title}'.",
                             "a Directive not yet claimed", "goodman-directives-claiming")


def _goodman_reward(setup: SessionSetup, state: State, event: Event) -> State:
    n = event.goodman_reward or 0
    if not n:
        return state
    who = goodman_seat(setup) or state.team_leader
    if who is None:
        raise refuse("goodman_reward", "The Team Leader collects the Directive's Goodman "
                     "reward: record who holds the Team Leader token first.",
                     "the Team Leader known", "team-leader")
    seat = state.seat(who)
    item = event.goodman_item or "infamy"
    if item == Item.VP.value:
        return put(state, replace(seat, vp_other=seat.vp_other + n))
    return put(state, replace(seat, purse=seat.purse.plus(Resource(item), n)))


def goodman_plot(setup: SessionSetup, state: State, event: Event) -> State:
    """One paid option of Goodman's Plotting Actions (Cutthroat: Goodman; Syndicate: the
    Team Leader's swap of an Inactive Doomsday Mission)."""
    seat = setup.seat(event.seat or "")
    option = GoodmanOption(event.option or GoodmanOption.DRAW_DIRECTIVES)
    if setup.mode is PlayMode.MAYHEM:
        raise refuse("kind", "In Mayhem Goodman's Plotting Actions only draw a Directive and a "
                     "Gadget and pass the token; nothing is paid for.", "Next step",
                     "plotting-syndicate-mayhem")
    if setup.mode is PlayMode.SYNDICATE:
        rule = "plotting-syndicate-mayhem"
        if option is not GoodmanOption.SWAP_INACTIVE:
            raise refuse("option", "In Syndicate the Team Leader's one paid option is to swap "
                         "an Inactive Doomsday Mission into the Communal Vault.",
                         GoodmanOption.SWAP_INACTIVE.value, rule)
        if seat.id != state.team_leader:
            raise refuse("seat", "The Team Leader pays for the swap.", "the Team Leader", rule)
    else:
        rule = "goodman-plotting-cutthroat"
        if not seat.goodman:
            raise refuse("seat", "Only General Goodman takes Goodman's Plotting Actions.",
                         "General Goodman", rule)
        if option is GoodmanOption.SWAP_INACTIVE:
            raise refuse("option", "Swapping into the Communal Vault is Syndicate's.",
                         "one of Goodman's options", rule)
    state = at_step(setup, state, Stage.MONOLOGUING, PLOTTING, "These are paid during "
                    "Goodman's Plotting Actions", rule=rule)
    most = PLACED_MOST.get(option, 0)
    placed = min(most, len(loyal(setup, state))) if event.placed is None else event.placed
    if placed > most:
        raise refuse("placed", f"That option puts out at most {most}.", f"0-{most}", rule)
    state = pay(setup, state, state.seat(seat.id), Resource(event.paid or "infamy"), 1,
                "This option", rule)
    if option is GoodmanOption.DRAW_DIRECTIVES:
        return replace(state, directives=state.directives + placed)
    if option is GoodmanOption.DRAW_GADGETS:
        return replace(state, rnd=state.rnd + placed)
    return state


def flip_global_event(setup: SessionSetup, state: State, event: Event) -> Played:
    seat = setup.seat(event.seat or "")
    if setup.mode is not PlayMode.CUTTHROAT or seat.id != state.betrayer:
        raise refuse("seat", "Only the Betrayer (Cutthroat) pays to flip a Global Event.",
                     "the Betrayer", "betrayer-powers")
    mine = state.seat(seat.id)
    if not mine.purse.can_pay(Resource.INFAMY, GLOBAL_EVENT_FLIP):
        raise refuse("seat", f"Flipping a Global Event costs {GLOBAL_EVENT_FLIP} Infamy; "
                     f"{seat.name} holds {holding(mine.purse, Resource.INFAMY)}.",
                     f"{GLOBAL_EVENT_FLIP} or more Infamy", "betrayer-powers")
    state = pay(setup, state, mine, Resource.INFAMY, GLOBAL_EVENT_FLIP, "A Global Event",
                "betrayer-powers")
    return replace(state, global_events=state.global_events + 1), {"cost": GLOBAL_EVENT_FLIP}
