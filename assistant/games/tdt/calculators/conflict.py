"""Conflict: successes on each side, what the defence cancels, and what each success can do.

Rulebook: Villainy › Player vs. Player Interactions and Conflicts; Glossary › Conflict, Damage,
Henchman (Named).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Integer, ListOf, OneOf, Text

from ..book import mark, says
from ..components import ATTRIBUTE_ORDER, Attribute
from .squads import split_names

SPLIT_NOTE = mark("conflict-resolution", "split")[1]
"""The reading's wording, as the rules entry holds it."""

MAX_SIDES = 7
NO_TARGET = "none"

ANY_EFFECT = ("Send one henchman of the target Squad back to its Base (the defender picks "
              "which; damage reduction applies if the attack used Combat).")
EFFECTS: Mapping[Attribute, str] = {
    Attribute.COMBAT: "Deal one damage (the defender picks which henchman takes it).",
    Attribute.STEALTH: "Steal 1 Funding.",
    Attribute.CUNNING: "Steal 1 Espionage.",
    Attribute.DIPLOMACY: "Steal 1 Corruption.",
}
NAMED_READINGS = (
    "Conflict section: a Named Henchman knocked back to Base lets the attacker take all of "
    "one Resource of their choice from the victim's Vault.",
    "Glossary (Henchman, Named): the attacker takes all of the victim's Infamy.",
)


def successes(total: int) -> int:
    """One success for every 2 points of an attribute (rulebook)."""
    return max(0, total) // 2


@dataclass(frozen=True)
class Side:
    index: int
    name: str
    members: tuple[str, ...]
    offence: Attribute
    offence_total: int
    defence: Attribute
    defence_total: int
    target: str | None

    @property
    def key(self) -> str:
        return self.name.casefold()


def _sides(raw: Sequence[Mapping[str, Any]]) -> list[Side]:
    if len(raw) < 2:
        raise InvalidInput("sides", "A Conflict needs at least two sides.", f"2-{MAX_SIDES} sides")
    sides: list[Side] = []
    seen: dict[str, int] = {}
    players: dict[str, str] = {}
    for i, item in enumerate(raw):
        name = (item.get("name") or "").strip()
        if not name:
            raise InvalidInput(f"sides.{i}.name", "Give every side a name.", "a short name")
        if name.casefold() in seen:
            raise InvalidInput(f"sides.{i}.name", f"Two sides are called {name!r}.",
                               "a different name per side")
        seen[name.casefold()] = i
        offence, defence = Attribute(item["offence"]), Attribute(item["defence"])
        if offence is defence:
            raise InvalidInput(f"sides.{i}.defence", f"{name} attacks and defends with "
                               f"{offence.value.capitalize()}; offence and defence must differ.",
                               ", ".join(a.value for a in ATTRIBUTE_ORDER if a is not offence))
        members = split_names(item.get("members")) or (name,)
        for player in members:
            other = players.setdefault(player.casefold(), name)
            if other != name:
                raise InvalidInput(f"sides.{i}.members", f"{player} is already on side {other}.",
                                   "each player on one side")
        target = (item.get("target") or "").strip() or None
        sides.append(Side(i, name, members, offence, int(item["offence_total"]), defence,
                          int(item["defence_total"]), target))
    return [_with_target(s, sides, seen) for s in sides]


def _with_target(side: Side, sides: list[Side], seen: Mapping[str, int]) -> Side:
    field = f"sides.{side.index}.target"
    others = [s.name for s in sides if s is not side]
    target = side.target
    if target is None:
        if len(sides) != 2:
            raise InvalidInput(field, f"With {len(sides)} sides, say whom {side.name} attacks.",
                               ", ".join([*others, NO_TARGET]))
        target = others[0]
    if target.casefold() == NO_TARGET:
        return replace(side, target=None)
    if target.casefold() == side.key or target.casefold() in {m.casefold() for m in side.members}:
        raise InvalidInput(field, f"{side.name} cannot attack itself; players banded together "
                           "may not attack each other.", ", ".join([*others, NO_TARGET]))
    if target.casefold() not in seen:
        raise InvalidInput(field, f"There is no side called {target!r}.",
                           ", ".join([*others, NO_TARGET]))
    return replace(side, target=sides[seen[target.casefold()]].name)


def conflict(data: Mapping[str, Any]) -> Explained:
    sides = _sides(data.get("sides") or [])
    by_name = {s.name: s for s in sides}
    steps: list[Step] = [says("conflict-resolution", "different",
                              "Offence and defence must be different attributes for each "
                              "side.")]
    out: list[dict[str, Any]] = []
    attackers: dict[str, list[str]] = {s.name: [] for s in sides}
    for s in sides:
        if s.target:
            attackers[s.target].append(s.name)
    for s in sides:
        off, dfn = successes(s.offence_total), successes(s.defence_total)
        if len(s.members) > 1:
            steps.append(Step(f"{s.name} is a band of {', '.join(s.members)}: combined totals, "
                              "one shared offence and defence, no six-henchman limit.",
                              len(s.members), "conflict-banding"))
        steps.append(Step(f"{s.name}: {s.offence.value.capitalize()} {s.offence_total} gives "
                          f"{off} offensive success(es), {s.defence.value.capitalize()} "
                          f"{s.defence_total} gives {dfn} defensive.", off, "conflict-resolution"))
        entry: dict[str, Any] = {"name": s.name, "members": list(s.members),
                                 "offence": s.offence.value, "offence_successes": off,
                                 "defence": s.defence.value, "defence_successes": dfn,
                                 "attacked_by": sorted(attackers[s.name]), "attack": None}
        if s.target:
            target = by_name[s.target]
            blocked = min(off, successes(target.defence_total))
            net = off - blocked
            several = len(attackers[target.name]) > 1
            hit = (f"{s.name} → {target.name}: {off} minus {blocked} cancelled by "
                   f"{target.name}'s defence = {net}.")
            steps.append(says("conflict-resolution", "split", hit, net) if several
                         else Step(hit, net, "conflict-resolution"))
            entry["attack"] = {"target": target.name, "successes": off, "cancelled": blocked,
                               "net": net,
                               "effects_per_success": [ANY_EFFECT, EFFECTS[s.offence]]}
        out.append(entry)
    steps.append(Step("All successes take effect at the same moment on every side.", None,
                      "conflict-resolution"))
    steps.append(Step("Each success: any attribute may send a henchman back to Base; Combat "
                      "deals a damage, Stealth steals 1 Funding, Cunning 1 Espionage, Diplomacy "
                      "1 Corruption.", None, "conflict-effects"))
    steps.append(Step("A damaged Faceless Henchman goes back to the World; a damaged Named "
                      "Henchman leaves the Squad for its Base.", None, "damage"))
    steps.append(says("henchman-named", "which-passage",
                      NAMED_READINGS[0] + " " + NAMED_READINGS[1], None))
    steps.append(Step("Henchmen attacked outside a Squad count as one Squad, with no "
                      "six-henchman limit.", None, "conflict-resolution"))
    summary = "; ".join(
        f"{e['name']} hits {e['attack']['target']} with {e['attack']['net']} "
        f"{e['offence'].capitalize()} success(es)" for e in out if e["attack"]) or "No attacks."
    return Explained(result={"sides": out, "named_henchman_damaged": list(NAMED_READINGS)},
                     steps=tuple(steps), summary=summary + ".")


ATTRS = tuple(a.value for a in ATTRIBUTE_ORDER)
SIDE_FIELDS = (
    Text("name", "Side name (a player, or a band's name)", required=True),
    Text("members", "Players banded together on this side, comma-separated (optional)"),
    OneOf("offence", "Offensive attribute", ATTRS, required=True),
    Integer("offence_total", "The side's total in its offensive attribute", minimum=0,
            maximum=99, required=True),
    OneOf("defence", "Defensive attribute (not the offensive one)", ATTRS, required=True),
    Integer("defence_total", "The side's total in its defensive attribute", minimum=0,
            maximum=99, required=True),
    Text("target", "Which side it attacks ('none' to only defend); with two sides, the other"),
)
FORM = (ListOf("sides", "Everyone in the Conflict", SIDE_FIELDS, min_items=2,
               max_items=MAX_SIDES, required=True),)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="conflict",
        title="Conflict",
        summary="Offensive and defensive successes for every side, what gets through, and the "
                "effects each success can buy.",
        form=FORM,
        run=conflict,
        example={"sides": [
            {"name": "Azura", "offence": "combat", "offence_total": 7, "defence": "stealth",
             "defence_total": 3},
            {"name": "Jin Feng", "offence": "stealth", "offence_total": 6, "defence": "combat",
             "defence_total": 4}]},
        rules=("conflict-resolution", "conflict-effects", "conflict-banding", "damage",
               "henchman-named", "conflict"),
    ),
)
