"""Agents: the damage an arriving Agent deals (and its bribe), and corrupting an Agency.

Rulebook: Villainy › Agents Investigate (steps 1-5), Deploy (step 6), Corrupt the Agency;
Glossary › Damage.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, OneOf

from ..book import mark, says

LEFTOVER_NOTE = mark("agent-arrival", "leftover")[1]
"""The reading's wording, as the rules entry holds it."""


class TileKind(StrEnum):
    """The kind of Mission Tile an Agent lands on, for leftover damage."""

    RESOURCE = "resource"
    """A Resource Mission: its High Alert tokens are its Spoils."""
    DOOMSDAY_COMPLETED = "doomsday-completed"
    """A completed Doomsday Mission: gets one High Alert; a second removes the tile."""
    DOOMSDAY_ACTIVE = "doomsday-active"
    """An active Doomsday Mission: the rulebook names no effect for leftover damage."""


@dataclass(frozen=True)
class Arrival:
    damage: int
    to_henchmen: int
    leftover: int
    spoils_removed: int
    lost: int
    high_alert_added: int
    tile_removed: bool


def agent_damage(tile_alert: int, hq_alert: int) -> int:
    """Damage (and the Corruption bribe) of an Agent arriving: tile + its HQ's High Alert."""
    return max(0, tile_alert) + max(0, hq_alert)


def resolve_arrival(tile_alert: int, hq_alert: int, henchmen: int, kind: TileKind) -> Arrival:
    damage = agent_damage(tile_alert, hq_alert)
    to_henchmen = min(damage, henchmen)
    leftover = damage - to_henchmen
    removed = added = 0
    if leftover and kind is TileKind.RESOURCE:
        removed = min(leftover, tile_alert)
    elif leftover and kind is TileKind.DOOMSDAY_COMPLETED:
        added = 1
    lost = leftover - removed - added
    return Arrival(damage, to_henchmen, leftover, removed, lost, added,
                   bool(added) and tile_alert + added >= 2)


def agent_arrival(data: Mapping[str, Any]) -> Explained:
    tile_alert = int(data.get("tile_alert") or 0)
    hq_alert = int(data.get("hq_alert") or 0)
    henchmen = int(data.get("henchmen_on_tile") or 0)
    kind = TileKind(data.get("tile_kind") or TileKind.RESOURCE)
    sharing = int(data.get("sharing") or 1)
    damage = agent_damage(tile_alert, hq_alert)
    steps = [says("agent-arrival", "damage", f"Damage = {tile_alert} High Alert on the tile + "
                  f"{hq_alert} on the Agent's HQ = {damage}.", damage),
             says("agent-arrival", "buy-off", f"Paying {damage} Corruption buys the Agent off: "
                  "no damage.", damage)]
    result: dict[str, Any] = {"damage": damage, "bribe_corruption": damage}
    if data.get("bribe") or damage == 0:
        if damage:
            steps.append(says("agent-arrival", "buy-off", f"You pay {damage} Corruption; the "
                              "Agent deals nothing.", 0))
        result.update(damage_dealt=0, corruption_spent=damage if damage else 0)
        return Explained(result=result, steps=tuple(steps),
                         summary=f"Agent bought off for {damage} Corruption." if damage
                         else "The Agent deals no damage.")
    a = resolve_arrival(tile_alert, hq_alert, henchmen, kind)
    steps.append(says("agent-arrival", "to-henchmen", f"{a.to_henchmen} damage goes to the "
                      f"{henchmen} henchmen on the tile: Faceless ones go to the World, Named "
                      "ones to their Base, losing all Infamy in their Vault to the World.",
                      a.to_henchmen))
    if a.to_henchmen and sharing > 1:
        each, rest = divmod(a.to_henchmen, sharing)
        result["mayhem_split"] = {"each": each, "uneven": rest}
        steps.append(says("agent-arrival", "who-decides",
                          f"Mayhem, no agreement: {each} each for {sharing} sides; {rest} more "
                          "to place by the player the icon names.", each))
    elif a.to_henchmen:
        steps.append(says("agent-arrival", "who-decides",
                          "Cutthroat and Syndicate: if the players disagree, the player the "
                          "icon names (most likely General Goodman) places the damage.", None))
    result.update(damage_dealt=damage, to_henchmen=a.to_henchmen, leftover=a.leftover,
                  spoils_removed=a.spoils_removed, leftover_lost=a.lost,
                  high_alert_added=a.high_alert_added, tile_removed=a.tile_removed,
                  agent_moves_on=a.tile_removed)
    if a.leftover:
        steps.append(_leftover_step(a, kind))
    summary = f"Agent deals {damage}: {a.to_henchmen} to henchmen"
    if a.leftover:
        summary += (f", {a.spoils_removed} Spoils removed" if kind is TileKind.RESOURCE else
                    ", tile removed" if a.tile_removed else
                    ", one High Alert placed" if a.high_alert_added else "")
    return Explained(result=result, steps=tuple(steps), summary=summary + ".")


def _leftover_step(a: Arrival, kind: TileKind) -> Step:
    if kind is TileKind.RESOURCE:
        text = (f"{a.leftover} damage left with no henchmen: {a.spoils_removed} Spoils (High "
                f"Alert tokens) removed one for one, {a.lost} lost.")
        value = a.spoils_removed
    elif kind is TileKind.DOOMSDAY_COMPLETED:
        text = ("Damage left on a completed Doomsday Mission: one High Alert is placed, not one "
                "per damage" + ("; with two on it the tile goes to the World and the Agent moves "
                                "on one tile." if a.tile_removed else "."))
        value = a.high_alert_added
    else:
        return says("agent-arrival", "active-doomsday",
                    f"{a.leftover} damage left on an active Doomsday Mission: the rulebook names "
                    "no effect, so it is lost.", a.leftover)
    return says("agent-arrival", "leftover", text, value)


class CorruptOption(StrEnum):
    """What a Squad on an Agent HQ can buy with Corruption."""

    ADJUST_ALERT = "adjust-alert"
    """Add or remove one High Alert token on the HQ."""
    TAKE_RESOURCE_MISSION = "take-resource-mission"
    """Take a tile (read as a Resource Mission) from the World."""
    TAKE_DOOMSDAY_MISSION = "take-doomsday-mission"
    """Take a tile (read as a Doomsday Mission) from the World; twice the price."""


def corrupt_cost(option: CorruptOption, hq_alert: int) -> int:
    alert = max(0, hq_alert)
    if option is CorruptOption.TAKE_DOOMSDAY_MISSION:
        return max(2, 2 * alert)
    return max(1, alert)


def corrupt_agency(data: Mapping[str, Any]) -> Explained:
    alert = int(data.get("hq_alert") or 0)
    held = data.get("corruption")
    what = {CorruptOption.ADJUST_ALERT: "add or remove one High Alert token",
            CorruptOption.TAKE_RESOURCE_MISSION: "take a Resource Mission tile from the World",
            CorruptOption.TAKE_DOOMSDAY_MISSION: "take a Doomsday Mission tile from the World"}
    options = []
    steps = []
    for option, text in what.items():
        cost = corrupt_cost(option, alert)
        rule = ("twice the HQ's High Alert tokens, at least 2"
                if option is CorruptOption.TAKE_DOOMSDAY_MISSION
                else "the HQ's High Alert tokens, at least 1")
        entry: dict[str, Any] = {"option": option.value, "cost": cost, "effect": text}
        if held is not None:
            entry["affordable"] = int(held) >= cost
        options.append(entry)
        steps.append(says("corrupt-agency", "token" if option is CorruptOption.ADJUST_ALERT
                          else "tile-kind", f"To {text}: {rule} = {cost} Corruption.", cost))
    summary = "; ".join(f"{o['option']} {o['cost']}" for o in options)
    return Explained(result={"hq_alert": alert, "options": options}, steps=tuple(steps),
                     summary=f"Corrupt the Agency ({alert} High Alert): {summary} Corruption.")


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="agent-arrival",
        title="Agent arrival",
        summary="Damage an Agent deals on arrival (or when Spoils are collected), the Corruption "
                "that buys it off, and what leftover damage does.",
        form=(
            Integer("tile_alert", "High Alert tokens on the tile", minimum=0, maximum=20,
                    default=0),
            Integer("hq_alert", "High Alert tokens on the Agent's HQ", minimum=0, maximum=20,
                    default=0),
            Integer("henchmen_on_tile", "Henchmen on the tile (all players)", minimum=0,
                    maximum=60, default=0),
            OneOf("tile_kind", "The tile the Agent lands on", tuple(k.value for k in TileKind),
                  default=TileKind.RESOURCE.value),
            Flag("bribe", "Players pay the Corruption to buy the Agent off"),
            Integer("sharing", "Mayhem: sides splitting the damage equally (no agreement)",
                    minimum=1, maximum=6, default=1),
        ),
        run=agent_arrival,
        example={"tile_alert": 2, "hq_alert": 1, "henchmen_on_tile": 1, "tile_kind": "resource"},
        rules=("agent-arrival", "agents-investigate", "damage", "deploy-squads"),
    ),
    Operation(
        slug="corrupt-agency",
        title="Corrupt the Agency",
        summary="Corruption needed on an Agent HQ to move its High Alert or take a tile from "
                "the World.",
        form=(
            Integer("hq_alert", "High Alert tokens on the HQ", minimum=0, maximum=20,
                    required=True),
            Integer("corruption", "Corruption the Squad's player holds (optional)", minimum=0,
                    maximum=99),
        ),
        run=corrupt_agency,
        example={"hq_alert": 2, "corruption": 3},
        rules=("corrupt-agency", "agent-headquarters"),
    ),
)
