"""Fund Deployment: what a Phase's Deployment costs, and what a player must or can fund.

Rulebook: Villainy › Fund Deployment, Fund Deployment cont., Travel Squads, Deploy.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, ListOf, OneOf, Text

from ..book import says

SQUAD_LIMIT = 6
MAX_SQUADS = 10
UNNAMED = ""
"""The player of Squads listed without one: all such Squads belong to one player."""


class Origin(StrEnum):
    """Where a Squad starts its Deployment."""

    MISSION = "mission"
    """It leaves a Mission Tile for another tile."""
    BASE = "base"
    """It leaves one of its Base Tiles."""
    BASE_ENTRANCE = "base-entrance"
    """It leaves the Betrayer's Base Entrance (the flipped Base tile)."""
    STAYS = "stays"
    """It stays on the tile it already occupies and is funded to act there."""


class Destination(StrEnum):
    """Where the Deployment goes."""

    MISSION = "mission"
    """The Staging Marker's Mission Tile (or an Agent HQ)."""
    BASE = "base"
    """Back to Base, or from one Base Tile to another: free."""


DISCOUNTED = (Origin.BASE, Origin.BASE_ENTRANCE, Origin.STAYS)


def squad_cost(size: int) -> int:
    """Funding to Deploy one Squad (or Travel Squad) of `size` henchmen (derived)."""
    if not 1 <= size <= SQUAD_LIMIT:
        raise ValueError(size)
    return 1 if size <= 3 else 2 if size <= 5 else 3


@dataclass(frozen=True)
class Squad:
    index: int
    label: str
    size: int
    origin: Origin
    tile: str
    group: str
    funded: bool
    player: str = UNNAMED
    funder: str = ""
    """For a Travel Squad: the rider named to pay its fare (optional)."""


@dataclass(frozen=True)
class Unit:
    """What pays one fare: a lone Squad, or a Travel Squad of several riding together."""

    squads: tuple[Squad, ...]
    payer: str = UNNAMED
    """The player whose Deployment the fare (and its discount) belongs to."""

    @property
    def size(self) -> int:
        return sum(s.size for s in self.squads)

    @property
    def origin(self) -> Origin:
        return self.squads[0].origin

    @property
    def label(self) -> str:
        if len(self.squads) == 1:
            return self.squads[0].label
        return f"Travel Squad {self.squads[0].group!r} ({' + '.join(s.label for s in self.squads)})"

    @property
    def discounted(self) -> bool:
        return self.origin in DISCOUNTED


@dataclass(frozen=True)
class Modifier:
    label: str
    amount: int


def _squads(raw: Sequence[Mapping[str, Any]]) -> list[Squad]:
    if not raw:
        raise InvalidInput("squads", "List at least one Squad.", f"1-{MAX_SQUADS} Squads")
    out = []
    spelling: dict[str, str] = {}  # "ana" and "Ana" are one player: the first spelling names them
    for i, item in enumerate(raw):
        player = " ".join((item.get("player") or "").split())
        player = spelling.setdefault(player.casefold(), player)
        size = int(item["size"])
        if not 1 <= size <= SQUAD_LIMIT:
            raise InvalidInput(f"squads.{i}.size", f"A Squad holds 1 to 6 henchmen; got {size}.",
                               "1-6")
        out.append(Squad(i, (item.get("label") or "").strip() or f"Squad {i + 1}", size,
                         Origin(item.get("origin") or Origin.MISSION),
                         " ".join((item.get("from_tile") or "").casefold().split()),
                         (item.get("group") or "").strip(), bool(item.get("funded", True)),
                         player,
                         " ".join((item.get("funder") or "").split())))
    return out


def _units(squads: list[Squad]) -> list[Unit]:
    """Lone Squads and Travel Squads, in the order they first appear."""
    slots: dict[tuple[str, str], list[Squad]] = {}
    for s in squads:
        if not s.group:
            slots[("solo", str(s.index))] = [s]
            continue
        if s.origin is Origin.STAYS:
            raise InvalidInput(f"squads.{s.index}.group", f"{s.label} stays on its tile, so it "
                               "cannot ride in a Travel Squad.", "no group for a staying Squad")
        members = slots.setdefault(("group", s.group.casefold()), [])
        if members:
            _check_rider(members[0], s)
        members.append(s)
        total = sum(m.size for m in members)
        if total > SQUAD_LIMIT:
            raise InvalidInput(f"squads.{s.index}.group",
                               f"Travel Squad {s.group!r} would carry {total} henchmen; the "
                               "six-henchman Squad limit still applies.", "at most 6 henchmen")
    return [Unit(tuple(members), _payer(members)) for members in slots.values()]


def _payer(members: Sequence[Squad]) -> str:
    """Who funds a lone Squad (its player) or a Travel Squad (the named rider, else the first)."""
    named = [m for m in members if m.funder]
    if not named:
        return members[0].player
    funder = named[0].funder
    for m in named[1:]:
        if m.funder.casefold() != funder.casefold():
            raise InvalidInput(f"squads.{m.index}.funder", f"Travel Squad {m.group!r} names "
                               f"two funders ({funder!r} and {m.funder!r}); one rider pays its "
                               "fare.", "the same funder for the whole group")
    riders = {m.player.casefold(): m.player for m in members}
    if funder.casefold() not in riders:
        raise InvalidInput(f"squads.{named[0].index}.funder", f"{funder!r} has no Squad in "
                           f"Travel Squad {members[0].group!r}; any of the travelling players "
                           "may fund it, nobody else.",
                           ", ".join(repr(p) for p in riders.values() if p) or "a rider")
    return riders[funder.casefold()]


def _who(player: str) -> str:
    return player or "the player"


def _check_rider(first: Squad, s: Squad) -> None:
    at_base = (Origin.BASE, Origin.BASE_ENTRANCE)
    same_kind = (first.origin in at_base and s.origin in at_base) or first.origin is s.origin
    same_start = same_kind and (first.tile == s.tile or not first.tile or not s.tile)
    if not same_start:
        raise InvalidInput(f"squads.{s.index}.group", f"{s.label} does not leave from the same "
                           f"place as {first.label}; a Travel Squad forms on one tile (or one "
                           "Base).", "Squads leaving the same tile or Base")
    if first.funded != s.funded:
        raise InvalidInput(f"squads.{s.index}.funded", "A Travel Squad is funded as one: mark "
                           "all its Squads funded, or none.", "the same flag for the whole group")


def _priced(units: Sequence[Unit], destination: Destination, modifiers: Sequence[Modifier],
            ) -> tuple[int, list[Step], dict[str, int]]:
    """The Deployment's total, its steps, and what each player pays before ability effects."""
    steps: list[Step] = []
    if destination is Destination.BASE:
        steps.append(says("fund-deployment", "free-moves", "Going back to Base (or between Base "
                          "Tiles) is free.", 0))
        return 0, steps, {u.payer: 0 for u in units}
    total = 0
    per_player: dict[str, int] = {}
    for u in units:
        fare = squad_cost(u.size)
        total += fare
        per_player[u.payer] = per_player.get(u.payer, 0) + fare
        travel = len(u.squads) > 1
        paid = f", funded by {u.payer}" if travel and u.payer else ""
        steps.append(says("travel-squads" if travel else "fund-deployment", "costs",
                          f"{u.label}: {u.size} henchmen cost {fare} Funding{paid}.", fare))
    several = len(per_player) > 1
    for payer in per_player:
        first = next((u for u in units if u.payer == payer and u.discounted), None)
        if first is None:
            continue
        why = "stays on its tile" if first.origin is Origin.STAYS else "leaves from Base"
        reading = ("travel-discount" if len(first.squads) > 1 else "base-entrance"
                   if first.origin is Origin.BASE_ENTRANCE else "discount")
        whose = f"{payer}'s" if payer else "the unnamed player's" if several else "the whole"
        steps.append(says("fund-deployment", reading, f"{first.label} {why}: one Funding off "
                          f"{whose} Deployment (only ever one per player, however many of their "
                          "Squads qualify).", -1))
        total -= 1
        per_player[payer] -= 1
    for m in modifiers:
        total += m.amount
        steps.append(Step(f"{m.label}: {m.amount:+d} Funding.", m.amount, "special-abilities",
                          Provenance.HOUSE, "Entered by the table from the character's ability."))
    if total < 0:
        steps.append(says("fund-deployment", "never-below-zero", "A Deployment never costs "
                          "less than 0 Funding.", -total))
        total = 0
    return total, steps, per_player


@dataclass(frozen=True)
class _Plan:
    """Some units to fund: what they cost, how many henchmen they send, which they are."""

    cost: int
    henchmen: int
    picks: tuple[int, ...]
    """Indices into the units, ascending."""


def _plans(units: Sequence[Unit], destination: Destination,
           modifiers: Sequence[Modifier]) -> list[_Plan]:
    """Every plan worth comparing, in O(n³) rather than all 2ⁿ subsets of n units.

    A plan's cost depends only on its fares, its number of units and whose discounts it
    earns; so for each such (fares, count, payers) only the plan sending the most henchmen
    can be chosen, and among those the one listed first (fewest units, then in order), which
    is what trying every subset in order would pick. Fares are at most 3 a unit, so there are
    at most (3n + 1)(n + 1) of them per set of payers (one payer when Funding is checked)."""
    extra = sum(m.amount for m in modifiers)
    best: dict[tuple[int, int, frozenset[str]], tuple[int, tuple[int, ...]]] = {
        (0, 0, frozenset()): (0, ())}
    for i, unit in enumerate(units):
        fare = squad_cost(unit.size)
        for (fares, count, payers), (henchmen, picks) in list(best.items()):
            key = (fares + fare, count + 1, payers | {unit.payer} if unit.discounted else payers)
            offer = (henchmen + unit.size, picks + (i,))
            held = best.get(key)
            if held is None or (-offer[0], offer[1]) < (-held[0], held[1]):
                best[key] = offer
    return [_Plan(0 if destination is Destination.BASE
                  else max(0, fares - len(payers) + extra), henchmen, picks)
            for (fares, count, payers), (henchmen, picks) in best.items() if count]


def _labels(units: Sequence[Unit]) -> list[str]:
    return [s.label for u in units for s in u.squads]


def fund_deployment(data: Mapping[str, Any]) -> Explained:
    squads = _squads(data.get("squads") or [])
    if len(squads) > MAX_SQUADS:
        raise InvalidInput("squads", f"At most {MAX_SQUADS} Squads per calculation.",
                           f"1-{MAX_SQUADS}")
    units = _units(squads)
    destination = Destination(data.get("destination") or Destination.MISSION)
    modifiers = [Modifier((m.get("label") or "ability").strip(), int(m["amount"]))
                 for m in data.get("modifiers") or []]
    chosen = [u for u in units if u.squads[0].funded]
    cost, steps, per_player = _priced(chosen, destination, modifiers)
    if not chosen:
        steps.insert(0, says("fund-deployment", "pay-by-size", "No Squad is marked funded.", 0))
    idle = [u for u in units if not u.squads[0].funded]
    if idle:
        steps.append(Step(f"Left unfunded and Idle: {', '.join(_labels(idle))}.", len(idle),
                          "idle-squads"))
    result: dict[str, Any] = {"cost": cost, "funded": _labels(chosen), "idle": _labels(idle)}
    if any(s.player for s in squads):
        result["per_player"] = {_who(p): c for p, c in per_player.items()}

    travel = [u for u in units if len(u.squads) > 1]
    if travel:
        result["travel_squads"] = [{"label": u.label, "funded_by": u.payer or None,
                                    "riders": [s.label for s in u.squads]} for u in travel]
        solo = [Unit((s,), s.player) for u in chosen for s in u.squads]
        separate, _, alone = _priced(solo, destination, modifiers)
        result["cost_if_travelling_separately"] = separate
        if any(s.player for s in squads):
            result["per_player_if_travelling_separately"] = {_who(p): c
                                                             for p, c in alone.items()}
        cheaper = (" (cheaper: a bigger Squad can cost more than two small ones, and each "
                   "player keeps their own discount)." if separate < cost else ".")
        shared = any(len({s.player for s in u.squads}) > 1 for u in travel)
        alone_text = f"Without riding together the same Squads would cost {separate}" + cheaper
        steps.append(says("travel-squads", "travel-discount", alone_text, separate) if shared
                     else Step(alone_text, separate, "travel-squads"))

    summary = f"Deployment costs {cost} Funding ({', '.join(_labels(chosen)) or 'nothing'})."
    if data.get("funding") is not None:
        owners = {s.player.casefold() for s in squads}
        if len(owners) > 1:
            raise InvalidInput("funding", "Funding is checked for one player at a time (each "
                               "player must fund at least one of their own Squads); list only "
                               "that player's Squads, or leave funding out.",
                               "the Squads of one player when funding is given")
        summary = _with_funding(int(data["funding"]), units, chosen, cost, destination,
                                modifiers, steps, result)
    return Explained(result=result, steps=tuple(steps), summary=summary)


def _with_funding(funding: int, units: list[Unit], chosen: list[Unit], cost: int,
                  destination: Destination, modifiers: Sequence[Modifier], steps: list[Step],
                  result: dict[str, Any]) -> str:
    plans = _plans(units, destination, modifiers)
    first = min(plans, key=lambda p: (p.cost, -p.henchmen, len(p.picks), p.picks))
    cheapest_plan, cheapest = [units[i] for i in first.picks], first.cost
    affordable = [p for p in plans if p.cost <= funding]
    result["funding"] = funding
    result["cheapest_plan"] = {"squads": _labels(cheapest_plan), "cost": cheapest}
    if not affordable:
        result.update(must_deploy=False, automatic_failure=True, spend=0, funded=[],
                      idle=_labels(units), plan_is_legal=True)
        steps.append(Step(f"Even the cheapest Squad costs {cheapest} and you hold {funding}: "
                          "the Deployment fails on its own, nothing is spent, and every Squad "
                          "sits Idle.", 0, "must-deploy"))
        return f"Cannot afford any Squad ({cheapest} > {funding} Funding): deployment fails, " \
               "nothing spent."
    most = min(affordable, key=lambda p: (-p.henchmen, p.cost, len(p.picks), p.picks))
    best_plan, best_cost = [units[i] for i in most.picks], most.cost
    result["must_deploy"] = True
    result["automatic_failure"] = False
    result["most_henchmen_plan"] = {"squads": _labels(best_plan), "cost": best_cost,
                                    "idle": _labels([u for u in units if u not in best_plan])}
    steps.append(Step(f"You can afford at least one Squad (cheapest: {cheapest} Funding), so "
                      "you must fund and Deploy at least one.", cheapest, "must-deploy"))
    legal = bool(chosen) and cost <= funding
    result["plan_is_legal"] = legal
    if not chosen:
        steps.append(Step("Funding no Squad is not allowed while one is affordable.", None,
                          "must-deploy"))
    elif cost > funding:
        steps.append(says("fund-deployment", "costs", f"The marked plan costs {cost} but you "
                          f"hold {funding}.", cost - funding))
    else:
        result["spend"] = cost
    steps.append(says("fund-deployment", "costs", f"Most henchmen you can send with {funding} "
                      f"Funding: {', '.join(_labels(best_plan))} for {best_cost}.", best_cost))
    if legal:
        return f"Deployment costs {cost} of your {funding} Funding."
    return (f"Plan not allowed with {funding} Funding; cheapest legal: "
            f"{', '.join(_labels(cheapest_plan))} for {cheapest}.")


SQUAD_FIELDS = (
    Text("label", "A name for the Squad (optional)"),
    Integer("size", "Henchmen in the Squad", minimum=1, maximum=6, required=True),
    OneOf("origin", "Where it starts: a Mission Tile, a Base Tile, the Base Entrance, or "
          "staying on its tile", tuple(o.value for o in Origin), default=Origin.MISSION.value),
    Text("from_tile", "The tile it leaves (needed only to check Travel Squads)"),
    Text("group", "Travel Squad label: Squads with the same label ride together"),
    Text("player", "Whose Squad: each player gets their own Base/stay discount (Travel "
         "Squads may mix players)"),
    Text("funder", "Travel Squad: the rider who pays its fare (default: the first rider)"),
    Flag("funded", "Fund this Squad (unfunded Squads sit Idle)", default=True),
)
FORM = (
    ListOf("squads", "The Squads in this Deployment", SQUAD_FIELDS, min_items=1,
           max_items=MAX_SQUADS, required=True),
    OneOf("destination", "Where they go: the Staging Marker's tile, or back to Base",
          tuple(d.value for d in Destination), default=Destination.MISSION.value),
    ListOf("modifiers", "Ability effects on the cost, e.g. Azura flying -1",
           (Text("label", "What it is", required=True),
            Integer("amount", "Funding added (+) or taken off (-)", minimum=-6, maximum=6,
                    required=True)), max_items=6),
    Integer("funding", "Funding the player holds (optional: checks what they must fund)",
            minimum=0, maximum=99),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="fund-deployment",
        title="Fund Deployment",
        summary="Cost of a Phase's Deployment with each player's Base discount, Travel Squads "
                "and abilities; with your Funding, whether you must deploy and what to send.",
        form=FORM,
        run=fund_deployment,
        example={"squads": [{"size": 2, "origin": "base", "group": "ride"},
                            {"size": 4, "origin": "base", "group": "ride"}],
                 "destination": "mission",
                 "modifiers": [{"label": "Azura flying", "amount": -1},
                               {"label": "Axle tune-up", "amount": -1}]},
        rules=("fund-deployment", "must-deploy", "travel-squads", "deploy-squads",
               "idle-squads"),
    ),
)
