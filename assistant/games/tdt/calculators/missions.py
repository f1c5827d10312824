"""Missions: completing one (and its rewards), and generating or collecting Spoils.

Rulebook: Villainy › Complete Missions, Completing a Mission on an Agent's Headquarters,
Collect Mission Rewards, Mission Rewards and Affinity Bonuses, Generate or Collect Spoils;
Glossary › Affinity, Resources.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from assistant.errors import InvalidInput, NotFound
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Field, Flag, Integer, ListOf, OneOf, Text

from .. import components as c
from ..book import mark, says
from ..components import Attributes
from .agents import agent_damage
from .squads import LIST_MAX, attribute_fields, override, typed_attributes

NO_ALERT_NOTE = mark("complete-hq-mission", "no-alert")[1]
"""The reading's wording, as the rules entry holds it."""


class MissionKind(StrEnum):
    """The three kinds of tile a mission can be completed on."""

    RESOURCE = "resource"
    """A Resource Mission (flips to its Completed side)."""
    DOOMSDAY = "doomsday"
    """A Doomsday Mission (gets a Completed marker)."""
    HQ = "hq"
    """An Agent Headquarters (requirements and rewards times its High Alert tokens)."""


class Reward(StrEnum):
    """A line of a mission's printed reward."""

    FUNDING = "funding"
    """Resource."""
    DATA_CACHE = "data-cache"
    """Resource."""
    ESPIONAGE = "espionage"
    """Resource."""
    CORRUPTION = "corruption"
    """Resource."""
    INFAMY = "infamy"
    """Resource."""
    VP = "vp"
    """Villain Prestige (not a Resource)."""
    HENCHMEN = "henchmen"
    """Henchmen (never doubled)."""
    OTHER = "other"
    """Anything else printed (an effect, a token)."""


RESOURCES = (Reward.FUNDING, Reward.DATA_CACHE, Reward.ESPIONAGE, Reward.CORRUPTION,
             Reward.INFAMY)


@dataclass(frozen=True)
class SquadIn:
    index: int
    player: str
    attributes: Attributes
    affinity: bool
    idle: bool


def _squads(raw: Sequence[Mapping[str, Any]], field: str = "squads") -> list[SquadIn]:
    out = []
    for i, item in enumerate(raw):
        attrs = Attributes.from_mapping({k: int(v) for k, v in typed_attributes(item).items()})
        player = (item.get("player") or "").strip() or f"Squad {i + 1}"
        out.append(SquadIn(i, player, attrs, bool(item.get("affinity")), bool(item.get("idle"))))
    if not out:
        raise InvalidInput(field, "List at least one Squad.", f"1-{LIST_MAX} Squads")
    return out


def _total(squads: Sequence[SquadIn]) -> Attributes:
    total = Attributes()
    for s in squads:
        total = total.add(s.attributes)
    return total


def _printed(kind: MissionKind, data: Mapping[str, Any], spoils: bool = False,
             ) -> tuple[str, Attributes, list[Step]]:
    """The tile's requirements: community values by name, overridden by typed numbers."""
    name = (data.get("tile") or "").strip()
    typed = typed_attributes(data, "req_")
    steps: list[Step] = []
    if not name:
        if len(typed) < 4:
            raise InvalidInput("tile", "Name the tile or type all four requirements.",
                               "a tile name, or req_combat/req_stealth/req_cunning/req_diplomacy")
        req = override(Attributes(), typed)
        steps.append(Step(f"Requirements typed in: {req}.", str(req), "complete-missions"))
        return "the tile", req, steps
    shown, printed = _lookup(kind, name, spoils)
    if printed is None and len(typed) < 4:
        raise InvalidInput("tile", f"No requirements are known for {shown}; type all four.",
                           "req_combat/req_stealth/req_cunning/req_diplomacy")
    req = override(printed or Attributes(), typed)
    if len(typed) == 4:
        steps.append(Step(f"{shown}: requirements typed in: {req}.", str(req),
                          "complete-missions"))
    else:
        steps.append(says("generate-spoils" if spoils else "complete-missions",
                          "spoils-req" if spoils else "community",
                          f"{shown}: printed requirements {req} (Combat/Stealth/Cunning/"
                          "Diplomacy).", str(req)))
    return shown, req, steps


def _lookup(kind: MissionKind, name: str, spoils: bool) -> tuple[str, Attributes | None]:
    try:
        if kind is MissionKind.RESOURCE:
            m = c.resource_mission(name)
            return m.name, m.completed if spoils else m.active
        if kind is MissionKind.DOOMSDAY:
            d = c.doomsday_mission(name)
            return d.name, d.requirements
        hq = c.agent_hq(name)
        return hq.name, hq.requirements
    except NotFound as err:
        raise InvalidInput("tile", err.detail + " Or leave it empty and type the requirements.",
                           ", ".join(err.suggestions)) from None


def _agent(data: Mapping[str, Any]) -> tuple[str | None, Attributes, list[Step]]:
    """Requirements an uncorrupted Agent on the tile adds (zero if none or corrupted)."""
    agent = data.get("agent") or "none"
    if agent == "none":
        return None, Attributes(), []
    hq = c.agent_hq(agent)
    if data.get("agent_corrupted"):
        return hq.agent, Attributes(), [says("agent-arrival", "uncorrupted", f"The {hq.agent} "
                                             "Agent was corrupted: it adds nothing.", 0)]
    typed = typed_attributes(data, "agent_req_")
    adds = override(hq.requirements, typed)
    text = f"The uncorrupted {hq.agent} Agent adds its HQ's requirements {adds}."
    return hq.agent, adds, [Step(text, str(adds), "agents-investigate") if len(typed) == 4
                            else says("agents-investigate", "community", text, str(adds))]


def _shortfall_steps(total: Attributes, req: Attributes) -> tuple[bool, Attributes, list[Step]]:
    short = total.shortfall(req)
    ok = short == Attributes()
    text = (f"Squads total {total} against {req}: met." if ok else
            f"Squads total {total} against {req}: short by {short}.")
    return ok, short, [Step(text, ok, "complete-missions")]


def _affinity_holders(squads: Sequence[SquadIn]) -> list[str]:
    return sorted({s.player for s in squads if s.affinity})


def mission(data: Mapping[str, Any]) -> Explained:
    kind = MissionKind(data["kind"])
    squads = _squads(data.get("squads") or [])
    name, req, steps = _printed(kind, data)
    agent, adds, agent_steps = _agent(data)
    factor = 1
    if kind is MissionKind.HQ:
        alert = int(data.get("high_alert") or 0)
        factor = alert or int(data.get("no_alert_multiplier", 1))
        req = req.multiply(factor)
        times = f"Times {factor} for the HQ's High Alert tokens: {req}."
        steps.append(Step(times, factor, "complete-hq-mission") if alert
                     else says("complete-hq-mission", "no-alert", times, factor))
        if agent and data.get("multiply_agent_requirements"):
            adds = adds.multiply(factor)
            agent_steps.append(says("complete-hq-mission", "agent-multiply",
                                    f"The Agent's requirements are multiplied too: {adds}.",
                                    factor))
        elif agent:
            agent_steps.append(says("complete-hq-mission", "agent-multiply",
                                    "The Agent's requirements are added unmultiplied.", 1))
    steps += agent_steps
    req = req.add(adds)
    total = _total(squads)
    ok, short, more = _shortfall_steps(total, req)
    steps += more
    result: dict[str, Any] = {"kind": kind.value, "tile": name, "requirements": req.as_dict(),
                              "squads_total": total.as_dict(), "completed": ok,
                              "shortfall": short.as_dict()}
    if not ok:
        missing = ", ".join(f"{v} {k}" for k, v in short.as_dict().items() if v)
        return Explained(result=result, steps=tuple(steps),
                         summary=f"{name}: not completed, short {missing}.")
    rewards, reward_steps, bonus = _rewards(kind, squads, factor, data)
    steps += reward_steps
    result.update(rewards=rewards, **bonus)
    return Explained(result=result, steps=tuple(steps),
                     summary=f"{name} completed. Rewards: "
                     + (", ".join(f"{r['amount']} {r['label']}" for r in rewards) or "none")
                     + (f"; +1 VP each for {', '.join(bonus['affinity_vp'])}"
                        if bonus.get("affinity_vp") else "") + ".")


def _rewards(kind: MissionKind, squads: Sequence[SquadIn], factor: int, data: Mapping[str, Any],
             ) -> tuple[list[dict[str, Any]], list[Step], dict[str, Any]]:
    holders = _affinity_holders(squads)
    teams = int(data.get("split_between") or 1)
    steps: list[Step] = []
    bonus: dict[str, Any] = {}
    double = kind is MissionKind.RESOURCE and bool(holders)
    if double:
        verb = "has" if len(holders) == 1 else "have"
        steps.append(Step(f"{', '.join(holders)} {verb} the Affinity: Resource rewards are "
                          "doubled, once however many share it; Henchmen are not.", 2,
                          "affinity-bonuses"))
    out = []
    for line in data.get("rewards") or []:
        what = Reward(line["kind"])
        printed = int(line["amount"])
        label = (line.get("label") or "").strip() or what.value
        amount = printed * factor
        if factor != 1:
            steps.append(Step(f"{label}: {printed} × {factor} High Alert = {amount}.", amount,
                              "complete-hq-mission"))
        if double and what in RESOURCES:
            amount *= 2
            steps.append(Step(f"{label}: doubled to {amount}.", amount, "affinity-bonuses"))
        elif double and what is not Reward.HENCHMEN:
            steps.append(says("affinity-bonuses", "not-doubled",
                              f"{label}: not a Resource, not doubled.", amount))
        entry: dict[str, Any] = {"kind": what.value, "label": label, "printed": printed,
                                 "amount": amount}
        if teams > 1:
            each = amount // teams
            entry.update(each=each, destroyed=amount - each * teams)
            steps.append(Step(f"{label}: no agreement, split {teams} ways: {each} each, "
                              f"{amount - each * teams} destroyed.", each,
                              "mayhem-reward-split"))
        out.append(entry)
    if kind is MissionKind.DOOMSDAY and holders:
        bonus["affinity_vp"] = holders
        steps.append(Step(f"+1 VP to each Named Henchman with the Affinity ({len(holders)}); "
                          "this sits outside the reward and is never split.", len(holders),
                          "affinity-bonuses"))
    if kind is MissionKind.HQ:
        bonus["high_alert_added"] = 1
        steps.append(Step("One more High Alert token goes on the HQ.", 1, "complete-hq-mission"))
    if kind is not MissionKind.HQ:
        steps.append(Step("A completed mission cannot be completed again for its rewards.", None,
                          "complete-missions"))
    return out, steps, bonus


def spoils(data: Mapping[str, Any]) -> Explained:
    if data.get("action") == "collect":
        return _collect(data)
    return _generate(data)


def _generate(data: Mapping[str, Any]) -> Explained:
    spoils_now = int(data.get("spoils_on_tile") or 0)
    name, req, steps = _printed(MissionKind.RESOURCE, data, spoils=True)
    agent, adds, agent_steps = _agent(data)
    steps += [says("generate-spoils", "community", s.text, s.value)
              if s.provenance is Provenance.COMMUNITY else Step(s.text, s.value, "generate-spoils")
              for s in agent_steps]
    req = req.add(adds)
    squads = _squads(data.get("squads") or [])
    able = [s for s in squads if not s.idle or s.affinity]
    for s in squads:
        if s.idle:
            steps.append(Step(f"{s.player}'s Squad is Idle: "
                              + ("its Affinity lets it help." if s.affinity else "it cannot help."),
                              s.affinity, "spoils-and-affinity"))
    blocked = ""
    if data.get("completed_this_phase"):
        blocked = "The mission was completed this Phase: Spoils come from the next Phase on."
    elif data.get("already_generated"):
        blocked = "A Spoil was already generated here this Phase (one per tile per Phase)."
    total = _total(able)
    ok, short, more = _shortfall_steps(total, req)
    steps += [Step(s.text, s.value, "generate-spoils") for s in more]
    made = 1 if ok and not blocked else 0
    if blocked:
        steps.append(Step(blocked, 0, "generate-spoils"))
    elif ok:
        steps.append(Step("One Spoil (a High Alert token) is added, however many Squads or "
                          "Affinities are present.", 1, "generate-spoils"))
    return Explained(
        result={"tile": name, "requirements": req.as_dict(), "squads_total": total.as_dict(),
                "generated": made, "spoils_on_tile": spoils_now + made,
                "shortfall": short.as_dict(), "agent": agent},
        steps=tuple(steps),
        summary=f"{name}: " + (f"one Spoil generated ({spoils_now + made} on the tile)." if made
                               else "no Spoil generated."))


@dataclass(frozen=True)
class Collector:
    name: str
    betrayer: bool
    leader: bool
    wants: int | None
    team: str = ""




def _collectors(raw: Sequence[Mapping[str, Any]]) -> tuple[list[Collector], list[Step]]:
    out = []
    steps = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        name = (item.get("name") or "").strip() or f"Player {i + 1}"
        if name.casefold() in seen:
            raise InvalidInput(f"collectors.{i}.name", f"{name!r} is listed twice.",
                               "each collector once")
        seen.add(name.casefold())
        if item.get("idle") and not item.get("affinity"):
            steps.append(Step(f"{name} is only there Idle, without the Affinity: cannot collect.",
                              0, "spoils-and-affinity"))
            continue
        wants = item.get("wants")
        out.append(Collector(name, bool(item.get("betrayer")), bool(item.get("team_leader")),
                             None if wants is None else int(wants),
                             " ".join((item.get("team") or "").split())))
    if sum(col.betrayer for col in out) > 1:
        raise InvalidInput("collectors", "Only one player can be the Betrayer.", "one Betrayer")
    if sum(col.leader for col in out) > 1:
        raise InvalidInput("collectors", "Only one player holds the Team Leader token.",
                           "one Team Leader")
    return out, steps


def _seating(data: Mapping[str, Any], collectors: Sequence[Collector]) -> list[str]:
    """Everyone clockwise (casefolded); by default the collectors as listed."""
    text = (data.get("seating") or "").strip()
    if not text:
        return [col.name.casefold() for col in collectors]
    seats = [" ".join(n.split()).casefold() for n in text.split(",") if n.strip()]
    if len(set(seats)) != len(seats):
        raise InvalidInput("seating", "A name appears twice in the seating order.",
                           "each player once, clockwise, separated by commas")
    for i, col in enumerate(collectors):
        if col.name.casefold() not in seats:
            raise InvalidInput(f"collectors.{i}.name", f"{col.name!r} is not in the seating "
                               "order.", ", ".join(n for n in text.split(",") if n.strip()))
    return seats


def _leader(data: Mapping[str, Any], collectors: Sequence[Collector],
            seats: Sequence[str]) -> str | None:
    flagged = [col.name.casefold() for col in collectors if col.leader]
    named = " ".join((data.get("team_leader") or "").split()).casefold()
    if named and flagged and named != flagged[0]:
        raise InvalidInput("team_leader", f"The Team Leader is given as {data['team_leader']!r} "
                           "but another collector is marked as holding the token.",
                           "one Team Leader")
    leader = named or (flagged[0] if flagged else None)
    if leader is not None and leader not in seats and (data.get("seating") or "").strip():
        raise InvalidInput("team_leader", f"{data.get('team_leader')!r} is not in the seating "
                           "order.", "a name from the seating order")
    if leader is not None and leader not in seats:
        raise InvalidInput("seating", f"{data.get('team_leader')!r} holds the Team Leader token "
                           "but is not collecting: list everyone at the table clockwise so "
                           "the next player in line can start.",
                           "every player, clockwise, separated by commas")
    return leader


def collect_order(collectors: Sequence[Collector], seats: Sequence[str] | None = None,
                  leader: str | None = None) -> list[Collector]:
    """Betrayer first, then from the Team Leader (or the next player in line after them)
    onward clockwise; the Betrayer's turn comes round again after the last."""
    seats = list(seats) if seats is not None else [col.name.casefold() for col in collectors]
    if leader is None:
        leader = next((col.name.casefold() for col in collectors if col.leader), seats[0] if seats
                      else None)
    start = seats.index(leader) if leader in seats else 0
    clockwise = seats[start:] + seats[:start]
    by_seat = {col.name.casefold(): col for col in collectors if not col.betrayer}
    return ([col for col in collectors if col.betrayer]
            + [by_seat[n] for n in clockwise if n in by_seat])


def mayhem_turns(order: Sequence[Collector]) -> list[list[Collector]]:
    """The collectors by team, teams in the order they first come from the Team Leader."""
    teams: dict[str, list[Collector]] = {}
    for col in order:
        teams.setdefault(col.team.casefold(), []).append(col)
    return list(teams.values())


def _interleave(teams: Sequence[Sequence[Collector]]) -> list[Collector]:
    width = max((len(t) for t in teams), default=0)
    return [t[i] for i in range(width) for t in teams if i < len(t)]


def _take_turns(order: Sequence[Collector], teams: Sequence[Sequence[Collector]] | None,
                spoils: int) -> tuple[dict[str, int], list[str]]:
    """One Spoil per turn until the tile is empty or nobody wants more. With teams, the turn
    passes from team to team, each team's members taking its turns in rotation."""
    taken = {col.name: 0 for col in order}
    picks: list[str] = []

    def keen(col: Collector) -> bool:
        return col.wants is None or taken[col.name] < col.wants

    groups = [list(t) for t in teams] if teams else [[col] for col in order]
    nxt = [0] * len(groups)
    while spoils and any(keen(col) for col in order):
        for g, group in enumerate(groups):
            for k in range(len(group)):
                col = group[(nxt[g] + k) % len(group)]
                if spoils and keen(col):
                    taken[col.name] += 1
                    picks.append(col.name)
                    spoils -= 1
                    nxt[g] = (nxt[g] + k + 1) % len(group)
                    break
    return taken, picks


def _collect(data: Mapping[str, Any]) -> Explained:
    spoils_now = int(data.get("spoils_on_tile") or 0)
    collectors, steps = _collectors(data.get("collectors") or [])
    result: dict[str, Any] = {"spoils_on_tile": spoils_now}
    agent = data.get("agent") or "none"
    if agent != "none" and not data.get("agent_corrupted"):
        hq_alert = int(data.get("hq_alert") or 0)
        damage = agent_damage(spoils_now, hq_alert)
        result["agent_damage"] = damage
        steps.append(says("collect-spoils", "spoils-are-alert", f"The uncorrupted Agent strikes "
                          f"first, as if arriving: {spoils_now} High Alert (Spoils) on the tile + "
                          f"{hq_alert} on its HQ = {damage} damage, or {damage} Corruption to "
                          "buy it off.", damage))
        henchmen = data.get("henchmen_on_tile")
        if data.get("bribe"):
            steps.append(Step(f"The players pay {damage} Corruption; the Agent does nothing.",
                              damage, "agent-arrival"))
        elif henchmen is not None and damage >= int(henchmen):
            removed = min(spoils_now, damage - int(henchmen))
            steps.append(Step(f"No henchman survives; the {damage - int(henchmen)} damage left "
                              f"removes {removed} Spoils one for one.", removed, "damage"))
            result.update(spoils_on_tile=spoils_now - removed, picks=[], taken={})
            return Explained(result=result, steps=tuple(steps),
                             summary=f"The Agent wipes the tile; {removed} Spoils destroyed.")
        steps.append(Step("The rest of the collection assumes the listed players still have "
                          "henchmen on the tile after the damage.", None, "collect-spoils"))
    order, teams = _order(data, collectors, steps)
    taken, picks = _take_turns(order, teams, spoils_now)
    left = spoils_now - len(picks)
    steps.append(Step(f"{spoils_now - left} Spoils taken, {left} left on the tile; each gives one "
                      "Resource or Henchman from the tile's Spoils list.", spoils_now - left,
                      "collect-spoils"))
    result.update(order=[c.name for c in order], picks=picks, taken=taken,
                  spoils_left=left)
    return Explained(result=result, steps=tuple(steps),
                     summary="Spoils: " + (", ".join(f"{k} {v}" for k, v in taken.items() if v)
                                           or "none taken") + ".")


def _order(data: Mapping[str, Any], collectors: Sequence[Collector], steps: list[Step],
           ) -> tuple[list[Collector], list[list[Collector]] | None]:
    """The turn order of a collection (and the teams, in Mayhem), explained in `steps`."""
    mayhem = data.get("mode") == "mayhem"
    for i, col in enumerate(collectors):
        if mayhem and col.betrayer:
            raise InvalidInput(f"collectors.{i}.betrayer", "Only Cutthroat has a Betrayer.",
                               "no Betrayer in Mayhem")
        if mayhem and not col.team:
            raise InvalidInput(f"collectors.{i}.team", f"In Mayhem turns alternate between "
                               f"teams: say which team {col.name} plays for.", "a team name")
    seats = _seating(data, collectors)
    leader = _leader(data, collectors, seats)
    others = [col for col in collectors if not col.betrayer]
    if leader is None and len(others) > 1:
        raise InvalidInput("team_leader", "Who holds the Team Leader token? The collection "
                           "goes on from the Team Leader, so it cannot start without them.",
                           "the name of the player holding the Team Leader token")
    order = collect_order(collectors, seats, leader)
    if not order:
        return order, None
    first = next((col for col in order if not col.betrayer), None)
    rule = "collect-spoils"
    when = "next" if any(col.betrayer for col in order) else "first"
    if any(col.betrayer for col in order):
        steps.append(Step(f"{order[0].name}, the Betrayer, picks first.", 1, rule))
    if first is not None and leader is not None and first.name.casefold() != leader:
        steps.append(says(rule, "leader",
                          f"The Team Leader is not collecting, so {first.name}, next in line "
                          f"clockwise, goes {when}.", None))
    elif first is not None and leader is not None:
        steps.append(says(rule, "leader",
                          f"{first.name} holds the Team Leader token and goes {when}.", None))
    if mayhem:
        teams = mayhem_turns(order)
        order = _interleave(teams)
        steps.append(says("mayhem-turn-order", "alternates",
                          "Mayhem: turns alternate between teams ("
                          + " / ".join(", ".join(col.name for col in t) for t in teams) + ").",
                          len(teams)))
        steps.append(Step("Collection order: " + ", ".join(col.name for col in order) + ", one "
                          "Spoil per turn, the turn passing from team to team.", len(order),
                          rule))
        return order, teams
    steps.append(Step("Collection order: " + ", ".join(col.name for col in order) + ", one Spoil "
                      "per turn, round and round.", len(order), rule))
    return order, None


AGENT_FIELDS: tuple[Field, ...] = (
    OneOf("agent", "Agent on the tile", ("none", "cia", "interpol"), default="none"),
    Flag("agent_corrupted", "The Agent was bought off with Corruption"),
    *attribute_fields("agent_req_", " the Agent's HQ adds (typed in; replaces community value)"),
)
SQUAD_FIELDS: tuple[Field, ...] = (
    Text("player", "Whose Squad (its Named Henchman)"),
    *attribute_fields(what=" total of the Squad", default=0),
    Flag("affinity", "Its Named Henchman has the Affinity for this mission's type"),
)
REWARD_FIELDS: tuple[Field, ...] = (
    OneOf("kind", "What the line gives", tuple(r.value for r in Reward), required=True),
    Integer("amount", "How many are printed", minimum=0, maximum=99, required=True),
    Text("label", "Its printed name (optional)"),
)

MISSION_FORM = (
    OneOf("kind", "Resource Mission, Doomsday Mission or Agent HQ",
          tuple(k.value for k in MissionKind), required=True),
    Text("tile", "Tile name (community requirements), or leave empty and type them"),
    *attribute_fields("req_", " requirement (typed in; replaces the printed value)"),
    ListOf("squads", "The Squads attempting it", SQUAD_FIELDS, min_items=1, max_items=LIST_MAX,
           required=True),
    *AGENT_FIELDS,
    Integer("high_alert", "HQ mission: High Alert tokens on the HQ", minimum=0, maximum=20,
            default=0),
    Integer("no_alert_multiplier", "HQ with no High Alert token: multiply by (rulebook silent)",
            minimum=0, maximum=1, default=1),
    Flag("multiply_agent_requirements", "HQ mission: multiply the Agent's added requirements "
         "too (rulebook silent)"),
    ListOf("rewards", "The printed rewards", REWARD_FIELDS, max_items=LIST_MAX),
    Integer("split_between", "Mayhem, no agreement: teams splitting the rewards", minimum=1,
            maximum=3, default=1),
)

SPOILS_FORM = (
    OneOf("action", "Generate a Spoil, or collect the Spoils", ("generate", "collect"),
          required=True),
    Text("tile", "Completed Resource Mission (community requirements), or type them"),
    *attribute_fields("req_", " needed to generate (typed in; replaces the printed value)"),
    Integer("spoils_on_tile", "Spoils (High Alert tokens) on the tile now", minimum=0,
            maximum=30, default=0),
    ListOf("squads", "Generate: Squads on the tile", (*SQUAD_FIELDS, Flag("idle", "Sits Idle")),
           max_items=LIST_MAX),
    Flag("completed_this_phase", "Generate: the mission was completed this Phase"),
    Flag("already_generated", "Generate: a Spoil was already made here this Phase"),
    OneOf("mode", "Game mode (in Mayhem the turns alternate between teams)",
          ("cutthroat", "syndicate", "mayhem")),
    Text("team_leader", "Collect: who holds the Team Leader token (collecting or not)"),
    Text("seating", "Collect: everyone at the table clockwise, separated by commas "
         "(default: the collectors as listed)", max_length=400),
    ListOf("collectors", "Collect: players collecting, in clockwise seat order",
           (Text("name", "Player", required=True), Flag("betrayer", "Is the Betrayer"),
            Flag("team_leader", "Holds the Team Leader token"),
            Text("team", "Mayhem: the team they play for"),
            Integer("wants", "Most Spoils they want (empty: as many as possible)", minimum=0,
                    maximum=30),
            Flag("idle", "Only an Idle Squad there"), Flag("affinity", "Has the Affinity")),
           max_items=LIST_MAX),
    *AGENT_FIELDS,
    Integer("hq_alert", "Collect: High Alert tokens on the Agent's HQ", minimum=0, maximum=20,
            default=0),
    Integer("henchmen_on_tile", "Collect: henchmen on the tile (to see if the Agent wipes it)",
            minimum=0, maximum=60),
    Flag("bribe", "Collect: players buy the Agent off"),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="mission",
        title="Complete a mission",
        summary="Whether the Squads meet a Resource, Doomsday or Agent HQ mission's "
                "requirements, what is missing, and the rewards (Affinity, HQ multiplier, "
                "Mayhem split).",
        form=MISSION_FORM,
        run=mission,
        example={"kind": "resource", "tile": "Arms Dealing",
                 "squads": [{"player": "Boris", "combat": 3, "stealth": 1, "cunning": 1,
                             "diplomacy": 0, "affinity": True},
                            {"player": "Jin Feng", "combat": 0, "stealth": 3, "cunning": 1,
                             "diplomacy": 1}],
                 "rewards": [{"kind": "funding", "amount": 2}, {"kind": "henchmen", "amount": 1,
                                                                "label": "Soldier"}]},
        rules=("complete-missions", "complete-hq-mission", "collect-rewards", "affinity-bonuses",
               "mayhem-reward-split", "affinity"),
    ),
    Operation(
        slug="spoils",
        title="Generate or collect Spoils",
        summary="Whether the Squads on a completed Resource Mission generate a Spoil, or who "
                "collects which Spoils in what order (Betrayer, Team Leader or next in line, "
                "clockwise; teams alternating in Mayhem).",
        form=SPOILS_FORM,
        run=spoils,
        example={"action": "collect", "spoils_on_tile": 3,
                 "collectors": [{"name": "Azura", "team_leader": True}, {"name": "Jin Feng"},
                                {"name": "Ugo", "betrayer": True}]},
        rules=("generate-spoils", "collect-spoils", "spoils-and-affinity", "agent-arrival",
               "mayhem-turn-order"),
    ),
)
