"""Fight a Villain: the Villain's own effect, its attack chart by slot, defeated Heroes adding
nothing, Equipment bonuses, total Attack against Health, then jail (and its To Jail effect) or
escape. Rulebook: Fight a Villain (vigilante.txt:558-607); Attached Equipment (:446-456)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Integer, IntList, ListOf, OneOf, Text

from ..book import says

SLOTS = 4                 # Player Mat (vigilante.txt:544)
AGENCY_JAIL = 3           # Agency Cards (vigilante.txt:462)
BREAKING_POINT = 3        # Submitting an Event Die (vigilante.txt:427)
EFFECTS = ("none", "immediate", "to-jail")


@dataclass(frozen=True)
class Hero:
    slot: int
    name: str
    attack: int
    health: int
    damage: int
    equipment_attack: int
    equipment_health: int
    effect_damage: int

    @property
    def max_health(self) -> int:
        return self.health + self.equipment_health

    @property
    def total_attack(self) -> int:
        return self.attack + self.equipment_attack


def _heroes(raw: Sequence[Mapping[str, Any]]) -> list[Hero]:
    if not raw:
        raise InvalidInput("heroes", "You need at least one Hero on your mat to fight.",
                           "1-4 Heroes")
    heroes: list[Hero] = []
    slots: set[int] = set()
    for i, item in enumerate(raw):
        slot = int(item.get("slot") or i + 1)
        if not 1 <= slot <= SLOTS:
            raise InvalidInput(f"heroes.{i}.slot", f"Slot {slot} is not on the mat.", "1-4")
        if slot in slots:
            raise InvalidInput(f"heroes.{i}.slot", f"Two Heroes are in slot {slot}.",
                               "one Hero per slot")
        slots.add(slot)
        hero = Hero(slot, str(item.get("name") or f"Hero in slot {slot}"),
                    int(item.get("attack") or 0), int(item["health"]),
                    int(item.get("damage") or 0), int(item.get("equipment_attack") or 0),
                    int(item.get("equipment_health") or 0), int(item.get("effect_damage") or 0))
        if hero.max_health < 1:
            raise InvalidInput(f"heroes.{i}.health", f"{hero.name} has no Health left at all.",
                               "Health (with Equipment) of 1 or more")
        if hero.damage >= hero.max_health:
            raise InvalidInput(f"heroes.{i}.damage", f"{hero.name} already has {hero.damage} "
                               f"damage against {hero.max_health} Health, so it is already "
                               "defeated and not on your team.",
                               f"0-{hero.max_health - 1}")
        heroes.append(hero)
    return sorted(heroes, key=lambda h: h.slot)


def fight(data: Mapping[str, Any]) -> Explained:
    heroes = _heroes(data.get("heroes") or [])
    name = str(data.get("villain") or "the Villain")
    health = int(data["villain_health"])
    chart = [int(x) for x in (data.get("chart") or [])]
    if len(chart) > SLOTS or any(x < 0 for x in chart):
        raise InvalidInput("chart", "The attack chart gives one damage number per slot.",
                           "up to 4 numbers of 0 or more, slot 1 first")
    effect = str(data.get("effect") or "none")
    if effect not in EFFECTS:
        raise InvalidInput("effect", f"Unknown kind of Villain effect {effect!r}.",
                           ", ".join(EFFECTS))
    effect_text = str(data.get("effect_text") or "").strip()
    bonus = int(data.get("bonus_attack") or 0)
    jail_before = data.get("jail_before")
    defeated_before = int(data.get("defeated_before") or 0)

    steps = [Step(f"Turn up the top Villain: {name}, Health {health}.", health, "action-fight")]
    if effect == "immediate":
        steps.append(Step(f"Resolve {name}'s text now" + (f": {effect_text}" if effect_text
                          else "") + ".", None, "action-fight"))
    elif effect == "to-jail":
        steps.append(Step(f"{name}'s effect is marked To Jail: it waits until the Villain is "
                          "jailed.", None, "action-fight"))
    else:
        steps.append(Step(f"{name} has no text effect to resolve now.", None, "action-fight"))
    if len(chart) < SLOTS:
        steps.append(says("villain-attack-chart", "other-boxes", f"Chart entries given for "
                          f"slots 1-{len(chart)}; the other slots take 0 damage as entered.",
                          len(chart)))
    chart += [0] * (SLOTS - len(chart))

    out: list[dict[str, Any]] = []
    total = bonus
    defeated: list[str] = []
    for h in heroes:
        cubes = h.damage
        by: str | None = None
        if h.effect_damage:
            cubes += h.effect_damage
            steps.append(Step(f"Slot {h.slot} {h.name}: {h.effect_damage} damage from "
                              f"{name}'s text ({cubes}/{h.max_health}).", h.effect_damage,
                              "action-fight"))
            if cubes >= h.max_health:
                by = "villain effect"
        hit = 0
        if by is None:
            hit = chart[h.slot - 1]
            cubes += hit
            steps.append(Step(f"Slot {h.slot} {h.name}: the chart deals {hit} "
                              f"({cubes} cubes against Health {h.health}"
                              + (f" + {h.equipment_health} from Equipment" if
                                 h.equipment_health else "") + ").", hit,
                              "villain-attack-chart"))
            if cubes >= h.max_health:
                by = "villain attack"
        counts = by is None
        if counts:
            total += h.total_attack
            steps.append(Step(f"{h.name} adds Attack {h.attack}"
                              + (f" + {h.equipment_attack} from Equipment" if
                                 h.equipment_attack else "") + f" = {h.total_attack}.",
                              h.total_attack, "action-fight"))
        else:
            defeated.append(h.name)
            text = (f"{h.name} is defeated ({cubes} >= {h.max_health}) by the {by}: to the "
                    "Defeated Heroes pile, Equipment discarded, and its Attack does not count.")
            steps.append(says("defeated-heroes", "step-2", text, 0) if by == "villain effect"
                         else Step(text, 0, "defeated-heroes"))
        out.append({"slot": h.slot, "name": h.name, "damage_before": h.damage,
                    "effect_damage": h.effect_damage, "chart_damage": hit, "damage_after": cubes,
                    "health": h.max_health, "defeated": not counts, "defeated_by": by,
                    "attack_counted": h.total_attack if counts else 0})
    if bonus:
        steps.append(Step(f"Attack from text effects the table applies: {bonus}.", bonus,
                          "action-fight", Provenance.UNKNOWN, "As read from your cards."))
    jailed = total >= health
    steps.append(Step(f"Total Attack {total} against {name}'s Health {health}: "
                      + ("equal or more, the Villain is jailed face down in your jail."
                         if jailed else "less, the Villain escapes to the bottom of the "
                         "Villain deck."), total, "action-fight"))
    if jailed and effect == "to-jail":
        steps.append(Step(f"Now resolve {name}'s To Jail effect" + (f": {effect_text}" if
                          effect_text else "") + ".", None, "action-fight"))
    result: dict[str, Any] = {
        "villain": name, "villain_health": health, "chart": chart, "heroes": out,
        "total_attack": total, "outcome": "jailed" if jailed else "escapes",
        "to_jail_effect": jailed and effect == "to-jail", "defeated": defeated,
        "equipment_discarded_from": [o["name"] for o in out if o["defeated"]],
        "defeated_after": defeated_before + len(defeated),
        "breaking_point": defeated_before + len(defeated) >= BREAKING_POINT,
        "breaking_point_reached_now": defeated_before < BREAKING_POINT
        <= defeated_before + len(defeated),
    }
    if defeated:
        after = defeated_before + len(defeated)
        steps.append(Step(f"Defeated Heroes pile: {defeated_before} + {len(defeated)} = "
                          f"{after}" + ("; at 3 or more you no longer submit an Event die."
                                        if after >= BREAKING_POINT else "."), after,
                          "breaking-point"))
    if jail_before is not None:
        before = int(jail_before)
        after_jail = before + (1 if jailed else 0)
        result.update(jail_after=after_jail, agency_access=after_jail >= AGENCY_JAIL,
                      agency_access_gained=before < AGENCY_JAIL <= after_jail)
        if result["agency_access_gained"]:
            steps.append(Step(f"Jail now {after_jail}: you may draw Agency cards instead of "
                              "City cards.", after_jail, "agency-cards"))
    summary = (f"{name}: total Attack {total} vs Health {health} -> "
               f"{'jailed' if jailed else 'escapes'}"
               + (f"; defeated: {', '.join(defeated)}" if defeated else "") + ".")
    return Explained(result, tuple(steps), summary)


HERO_FIELDS = (
    Integer("slot", "Slot on your mat (1-4)", minimum=1, maximum=SLOTS, required=True),
    Text("name", "Hero name (optional)"),
    Integer("attack", "The Hero's Attack", minimum=0, maximum=99, required=True),
    Integer("health", "The Hero's Health (card)", minimum=0, maximum=99, required=True),
    Integer("damage", "Damage cubes already on it", minimum=0, maximum=99),
    Integer("equipment_attack", "Attack bonus of its Equipment", minimum=0, maximum=99),
    Integer("equipment_health", "Health bonus of its Equipment", minimum=0, maximum=99),
    Integer("effect_damage", "Damage the Villain's own text dealt it in step 2", minimum=0,
            maximum=99),
)
FORM = (
    ListOf("heroes", "Your Heroes on the mat", HERO_FIELDS, min_items=1, max_items=SLOTS,
           required=True),
    Text("villain", "Villain name (optional)"),
    Integer("villain_health", "The Villain's Health", minimum=0, maximum=99, required=True),
    IntList("chart", "Attack chart: damage to slots 1-4, e.g. 2,1,0,1", minimum=0, maximum=99,
            max_items=SLOTS),
    OneOf("effect", "The Villain's text effect", EFFECTS, default="none"),
    Text("effect_text", "Its text, to show in the steps (optional)", max_length=200),
    Integer("bonus_attack", "Extra Attack from card effects this fight", minimum=0, maximum=99),
    Integer("jail_before", "Villains in your jail before the fight (optional)", minimum=0,
            maximum=99),
    Integer("defeated_before", "Heroes already in your Defeated pile", minimum=0, maximum=99),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="fight", title="Fight a Villain",
        summary="Damage per slot from the Villain's chart, who is defeated, the Attack that "
                "still counts, and whether the Villain is jailed or escapes.",
        form=FORM, run=fight,
        example={"villain": "Level 1 Villain", "villain_health": 4, "chart": [2, 0, 0, 0],
                 "heroes": [{"slot": 1, "name": "Starter", "attack": 2, "health": 2},
                            {"slot": 2, "name": "Recruit", "attack": 3, "health": 3}],
                 "jail_before": 2},
        rules=("action-fight", "villain-attack-chart", "defeated-heroes", "jail",
               "attached-equipment", "breaking-point", "agency-cards"),
    ),
)
