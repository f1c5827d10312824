"""One line per event for the history list (and the labels of the page's one-tap moves), in
the table's words: "Jin Feng gains 2 VP (mission reward)", "Doomsday Clock set to 8 by hand
(correction)"."""
from __future__ import annotations

from collections.abc import Callable, Mapping

from assistant.explain import plural
from assistant.tracker import seat_name

from .events import Event
from .forms import Agency, EventKind, GoodmanOption, Item, ObjectiveKind, Resource, VpSource

_OBJECTIVE_WORDS = {
    ObjectiveKind.SIDE_JOB: "completes a Side Job",
    ObjectiveKind.DISLOYAL_SIDE_JOB: "completes a Disloyal Side Job",
    ObjectiveKind.DIRECTIVE: "claims a Goodman Directive",
    ObjectiveKind.GLOBAL_EVENT: "solves a Global Event",
    ObjectiveKind.NEFARIOUS_PLAN: "reveals their Nefarious Plan",
}
_PLOTS = {
    "side-jobs": "draws Side Jobs", "gadget": "draws Gadgets for R&D",
    "switch-resource-mission": "switches out a Resource Mission",
    "remove-resource-mission": "removes a Resource Mission",
    "reveal-doomsday-mission": "reveals a Doomsday Mission",
    "remove-inactive-doomsday-mission": "removes an Inactive Doomsday Mission",
    "remove-active-doomsday-mission": "removes an Active Doomsday Mission",
    "remove-completed-doomsday-mission": "removes a Completed Doomsday Mission",
}
_GOODMAN = {
    GoodmanOption.DRAW_DIRECTIVES: "draws Goodman Directives",
    GoodmanOption.SWITCH_INACTIVE: "switches an Inactive Doomsday Mission",
    GoodmanOption.SWITCH_ACTIVE: "switches an Active or Completed mission",
    GoodmanOption.DRAW_GADGETS: "draws Gadgets",
    GoodmanOption.DRAW_SIDE_JOBS: "draws Side Jobs for the loyal Henchmen",
    GoodmanOption.SWAP_INACTIVE: "moves an Inactive Doomsday Mission to the Communal Vault",
}
_CORRUPT = {"add-alert": "adds a High Alert token", "remove-alert": "removes a High Alert token",
            "take-resource-mission": "takes a Resource Mission from the World",
            "take-doomsday-mission": "takes a Doomsday Mission from the World"}


def describe(event: Event, names: Mapping[str, str] | None = None) -> str:
    names = names or {}
    who = seat_name(names, event.seat)
    line = _LINES.get(event.kind)
    if line is not None:
        return line(event, who, names)
    return f"Note{f' ({who})' if who else ''}: {event.text}"


def _n(count: int | None, word: str) -> str:
    """"1 Resource", "3 Resources"."""
    n = count or 0
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _item(count: int | None, item: str | None) -> str:
    kind = Item(item or "funding")
    n = count or 0
    if kind is Item.VP:
        return f"{n} VP"
    if kind is Item.HENCHMAN:
        return f"{n} Faceless Henchm{'a' if n == 1 else 'e'}n"
    if kind is Item.GADGET:
        return _n(n, "Gadget")
    if kind is Item.TILE:
        return _n(n, "Mission Tile")
    return f"{n} {Resource(kind.value).word}"


def _vp(e: Event, who: str, names: Mapping[str, str]) -> str:
    n = e.amount or 0
    why = f" ({e.reason})" if e.reason else ""
    if e.source is VpSource.GOODMAN:
        return (f"General Goodman awards {who} {n} VP{why}" if n > 0 else
                f"{who} loses {-n} VP awarded by General Goodman{why}")
    return f"{who} gains {n} VP{why}" if n > 0 else f"{who} loses {-n} VP{why}"


def _trigger(e: Event, who: str, names: Mapping[str, str]) -> str:
    which = f"Betrayal Trigger {e.trigger}" + (" (the Team Leader trigger)"
                                                if e.trigger == 1 else "")
    return f"{who}: {which} {'is now active' if e.active else 'is no longer active'}"


def _objective(e: Event, who: str, names: Mapping[str, str]) -> str:
    kind = e.objective or ObjectiveKind.SIDE_JOB
    title = f" '{e.title}'" if e.title else ""
    vp = f": +{e.vp} VP" if e.vp is not None else ""
    reward = (f"; Goodman's reward: {_item(e.goodman_reward, e.goodman_item)}"
              if e.goodman_reward else "")
    return f"{who} {_OBJECTIVE_WORDS[kind]}{title}{vp}{reward}"


def _resources(e: Event, who: str, names: Mapping[str, str]) -> str:
    parts = [f"{getattr(e, r.attr)} {r.word}" for r in Resource if getattr(e, r.attr) is not None]
    if e.count is not None:
        parts.append(_n(e.count, "Resource") + (" in all" if parts else ""))
    return f"{who} holds {', '.join(parts)} (counted at the table)"


def _betrayal(e: Event, who: str, names: Mapping[str, str]) -> str:
    head = (f"General Goodman forces {who} out as the Betrayer" if e.forced else
            f"{who} betrays the organization")
    if e.amount is None:  # recorded before the session worked the hand-over out
        return head
    got = (_n(e.collects, "Resource") if not e.resource
           else f"{e.collects} {Resource(e.resource).word}")
    parts = [f"{e.amount} VP and {_n(e.count, 'Resource')} go to General Goodman",
             f"{who} collects {got}"]
    if e.cost:
        parts.insert(0, f"General Goodman pays {e.cost} Infamy")
    return f"{head}: " + "; ".join(parts)


def _team_leader(e: Event, who: str, names: Mapping[str, str]) -> str:
    if e.reassign:
        paid = f" for {e.cost} Infamy" if e.cost is not None else ""
        return f"General Goodman hands the Team Leader token to {who}{paid}"
    return f"Team Leader token to {who}"


def _gadget(e: Event, who: str, names: Mapping[str, str]) -> str:
    paid = ("" if e.cost is None else f": pays {e.cost} Data Cache"
            if (e.shift or "none") == "none" else f": pays {e.cost} in Corruption and Data Cache")
    track = f", Technology Track to {e.to}" if e.to is not None else ""
    return f"{who} builds a Gadget{paid}{track}"


def _conflict(e: Event, who: str, names: Mapping[str, str]) -> str:
    other = seat_name(names, e.target)
    took = (f": {who} takes {_n(e.count, 'Resource')}, {other} takes "
            f"{_n(e.collects, 'Resource')}" if e.count is not None else "")
    return f"{who} attacks {other} in a Conflict{took}"


def _deploy(e: Event, who: str, names: Mapping[str, str]) -> str:
    sizes = [n for n in (e.squad_1, e.squad_2, e.squad_3) if n]
    where = ("back to Base" if e.destination == "base" else
             f"to {e.tile}" if e.tile else "to the Staging Marker")
    paid = f": pays {e.cost} Funding" if e.cost is not None else ""
    return (f"{who} deploys {len(sizes)} Squad{'s' if len(sizes) != 1 else ''} "
            f"({', '.join(map(str, sizes))} henchmen) {where}{paid}")


def _mission(e: Event, who: str, names: Mapping[str, str]) -> str:
    kind = Resource(e.reward_resource or "funding").word
    got = (f": receives {e.amount} VP and {e.count} {kind}" if e.amount is not None else "")
    return f"{who} completes the mission {e.title}{got}"


def _hire(e: Event, who: str, names: Mapping[str, str]) -> str:
    hired = f" ({e.title})" if e.title else ""
    paid = f" for {e.cost} VP" if e.cost is not None else ""
    return f"{who} hires a Named Henchman{hired}{paid}"


def _requisition(e: Event, who: str, names: Mapping[str, str]) -> str:
    parts = []
    if e.count:
        paid = f" for {e.cost} Infamy" if e.cost is not None else ""
        parts.append(f"{e.count} {Resource(e.resource or 'funding').word}{paid}")
    if e.faceless:
        parts.append(f"{e.faceless} Faceless Henchm{'a' if e.faceless == 1 else 'e'}n for "
                     f"{e.faceless} VP")
    return f"{who} requisitions {' and '.join(parts) or 'nothing'}"


def _squads(e: Event, who: str, names: Mapping[str, str]) -> str:
    sizes = [f"Squad {n}: {s}" for n, s in enumerate((e.size_1, e.size_2, e.size_3), 1)
             if s is not None]
    named = ("" if e.named_in is None else "; the Named Henchman stays at the Base"
             if e.named_in == 0 else f"; the Named Henchman rides in Squad {e.named_in}")
    tail = " (correction)" if e.correction else ""
    return f"{who} commits forces: {', '.join(sizes) or 'Squads as they were'}{named}{tail}"


def _staging(e: Event, who: str, names: Mapping[str, str]) -> str:
    phases = [f"{n}" + (f" ({tile})" if tile else "")
              for n, on, tile in ((1, e.phase_1, e.tile_1), (2, e.phase_2, e.tile_2),
                                  (3, e.phase_3, e.tile_3)) if on]
    blanks = f", {e.blanks} blank" if e.blanks is not None else ", the rest blank"
    what = f"Phases {', '.join(phases)}" if phases else "no Phase"
    return f"{who} places Staging Markers: {what}{blanks}"


def _spoils(e: Event, who: str, names: Mapping[str, str]) -> str:
    if e.action == "collect":
        kind = (Item.HENCHMAN.value if e.resource == Item.HENCHMAN.value
                else e.resource or "funding")
        spoils = plural(e.count or 0, "Spoil", "Spoils")
        return f"{who} collects {spoils} on {e.tile} as {_item(e.count, kind)}"
    idle = " with an Idle Squad's Affinity" if e.affinity else ""
    return f"{who} generates a Spoil on {e.tile}{idle}"


def _damage(e: Event, who: str, names: Mapping[str, str]) -> str:
    hit = []
    if e.faceless:
        hit.append(f"{e.faceless} Faceless Henchm{'a' if e.faceless == 1 else 'e'}n to the "
                   "World")
    if e.named:
        hit.append("the Named Henchman home to Base"
                   + (", losing all Infamy" if e.agent else ""))
    by = " by an Agent" if e.agent else ""
    return f"{who}'s Squad {e.squad} takes damage{by}: {', '.join(hit)}"


def _exchange(e: Event, who: str, names: Mapping[str, str]) -> str:
    return f"{who} gives {seat_name(names, e.target)} {_item(e.count, e.item)}"


def _tithe(e: Event, who: str, names: Mapping[str, str]) -> str:
    if not e.count:
        return f"{who} tithes nothing"
    return f"{who} tithes {_item(e.count, e.item)}"


def _goodman_plot(e: Event, who: str, names: Mapping[str, str]) -> str:
    option = GoodmanOption(e.option or "draw-directives")
    placed = (f" ({e.placed} put out)" if e.placed is not None else "")
    paid = Resource(e.paid or "infamy").word
    return f"{who} {_GOODMAN[option]}{placed}, paying 1 {paid}"


def _agent(e: Event, who: str, names: Mapping[str, str]) -> str:
    agency = Agency(e.agent or "cia").word
    return f"The {agency} Agent moves to {e.tile}"


def _bribe(e: Event, who: str, names: Mapping[str, str]) -> str:
    paid = f" for {e.cost} Corruption" if e.cost is not None else ""
    return f"{who} buys off the {Agency(e.agent or 'cia').word} Agent{paid}"


def _corrupt(e: Event, who: str, names: Mapping[str, str]) -> str:
    paid = f", paying {e.cost} Corruption" if e.cost is not None else ""
    return (f"{who} corrupts the {Agency(e.agent or 'cia').word} Agency: "
            f"{_CORRUPT.get(e.option or '', e.option)}{paid}")


def _pass(e: Event, who: str, names: Mapping[str, str]) -> str:
    return f"{who} passes"


_LINES: dict[EventKind, Callable[[Event, str, Mapping[str, str]], str]] = {
    EventKind.VP: _vp,
    EventKind.TRIGGER: _trigger,
    EventKind.OBJECTIVE: _objective,
    EventKind.RESOURCES: _resources,
    EventKind.GADGETS: lambda e, who, n: f"{who} holds {_n(e.count, 'Gadget')} (counted at "
                                         "the table)",
    EventKind.HENCHMEN: lambda e, who, n: f"{who} has {e.count} Faceless Henchmen at the "
                                          "Base (counted at the table)",
    EventKind.CLOCK: lambda e, who, n: f"Doomsday Clock set to {e.to} by hand (correction)",
    EventKind.TECH: lambda e, who, n: f"Technology Track set to {e.to} by hand (correction)",
    EventKind.HIGH_ALERT: lambda e, who, n: f"{e.tile}: {e.to} High Alert (counted at the "
                                            "table)",
    EventKind.DOOMSDAY_REVEALED: lambda e, who, n: "The Doomsday Plan is revealed",
    EventKind.DOOMSDAY_COMPLETED: lambda e, who, n: "The Doomsday Plan is complete",
    EventKind.BETRAYAL: _betrayal,
    EventKind.TEAM_LEADER: _team_leader,
    EventKind.NEXT: lambda e, who, n: e.text or "The round moves on",
    EventKind.PASS: _pass,
    EventKind.REQUISITION: _requisition,
    EventKind.WITHDRAW: lambda e, who, n: (f"{who} takes {_item(e.count, e.resource)} from "
                                           "the Communal Vault"),
    EventKind.PLOT: lambda e, who, n: (f"{who} {_PLOTS.get(e.option or '', 'plots')}"
                                       + (f" ({e.tile})" if e.tile else "")
                                       + (f" for {e.cost} Espionage" if e.cost is not None
                                          else "")),
    EventKind.GADGET: _gadget,
    EventKind.SQUADS: _squads,
    EventKind.HIRE: _hire,
    EventKind.STAGING: _staging,
    EventKind.AGENT: _agent,
    EventKind.DEPLOY: _deploy,
    EventKind.CONFLICT: _conflict,
    EventKind.DAMAGE: _damage,
    EventKind.BRIBE: _bribe,
    EventKind.SPOILS: _spoils,
    EventKind.MISSION: _mission,
    EventKind.CORRUPT_AGENCY: _corrupt,
    EventKind.EXCHANGE: _exchange,
    EventKind.RECALL: lambda e, who, n: f"{who} recalls their Squads to Base",
    EventKind.TITHE: _tithe,
    EventKind.GOODMAN_PLOT: _goodman_plot,
    EventKind.GLOBAL_EVENT: lambda e, who, n: (f"{who} pays {e.cost or 5} Infamy to flip a "
                                               "Global Event"),
}
