"""A player's Heroes at the table: recruiting, damage, healing, Equipment coming and going, and
defeat. Each change answers the seat's new state and what happened in the table's words (the
history line), so the line can never say something the state does not.

Rules: Recruit a Hero (vigilante.txt:538-556), Attached Equipment (:446-456), Defeated Heroes
(:585-595), Heal a Hero (:611-613), Inventory Equipment (:617-621), Breaking Point (:427),
Fight a Villain (:558-583, through the `fight` calculator)."""
from __future__ import annotations

from dataclasses import replace

from assistant.errors import InvalidInput
from assistant.tracker import put

from .calculators.fight import fight as fight_calculator
from .state import BREAKING_POINT, Gear, Hero, SeatState

CAUSES = {"villain-attack": "a Villain's attack", "villain-effect": "a Villain's text effect",
          "event": "an Event", "card-effect": "a card's text effect"}
"""What can put damage on a Hero (Fight steps 2-3, Events, text effects)."""
HEALS = {"heal-action": "a Heal action", "card-effect": "a card's text effect"}

Change = tuple[SeatState, str]


def _hero(seat: SeatState, slot: int) -> Hero:
    hero = seat.team[slot - 1]
    if hero is None:
        taken = [str(n + 1) for n, h in enumerate(seat.team) if h is not None]
        raise InvalidInput("slot", f"Slot {slot} has no Hero.", ", ".join(taken) or "none")
    return hero


def _gear_words(gear: tuple[Gear, ...]) -> str:
    return " and ".join(g.name for g in gear)


def recruit(who: str, seat: SeatState, name: str, influence: int, health: int,
            attack: int | None = None) -> Change:
    open_slots = [k for k, h in enumerate(seat.team) if h is None]
    if not open_slots:
        raise InvalidInput("seat", f"{who}'s 4 slots are all filled: no Hero can be recruited "
                           "(rule hero-slots).", "a seat with an open slot")
    k = open_slots[0]  # the lowest open slot (vigilante.txt:542)
    hero = Hero(name, influence, health, attack=attack)
    return (replace(seat, team=put(seat.team, k, hero)),
            f"{who} recruits {name} into slot {k + 1} (Influence {influence}, "
            + (f"Attack {attack}, " if attack is not None else "") + f"Health {health})")


def defeat(who: str, seat: SeatState, slot: int, hero: Hero, cause: str) -> Change:
    """`hero` (its damage as it stands) leaves slot `slot` for the Defeated pile."""
    fallen = replace(hero, gear=(), cause=cause)
    after = replace(seat, team=put(seat.team, slot - 1, None),
                    defeated=(*seat.defeated, fallen))
    n = len(after.defeated)
    words = (f"{hero.name} (slot {slot}) is defeated by {cause} ({hero.damage} damage on "
             f"Health {hero.max_health}): it goes to {who}'s Defeated Heroes pile (now {n})")
    if hero.gear:
        words += f", its {_gear_words(hero.gear)} discarded"
    words += f"; slot {slot} is open (the next Hero fills the lowest open slot)"
    if n == BREAKING_POINT:
        words += f"; breaking point: {who} submits no more Event dice"
    return after, words


def _after_damage(who: str, seat: SeatState, slot: int, hero: Hero, cause: str,
                  words: str) -> Change:
    """A Hero with damage at or above its Health is defeated at once (vigilante.txt:589)."""
    if hero.damage >= hero.max_health:
        after, more = defeat(who, seat, slot, hero, cause)
        return after, f"{words}. {more}"
    return replace(seat, team=put(seat.team, slot - 1, hero)), words


def hurt(who: str, seat: SeatState, slot: int, cubes: int, cause: str) -> Change:
    hero = _hero(seat, slot)
    hit = replace(hero, damage=hero.damage + cubes)
    words = (f"{who}'s {hero.name} (slot {slot}) takes {cubes} damage from {cause}: "
             f"{hit.damage} on Health {hero.max_health}")
    return _after_damage(who, seat, slot, hit, cause, words)


def set_damage(who: str, seat: SeatState, slot: int, to: int) -> Change:
    """A hand-set count: the table corrects what is on the card."""
    hero = _hero(seat, slot)
    hit = replace(hero, damage=to)
    words = (f"Correction: {who}'s {hero.name} (slot {slot}) now has {to} damage (was "
             f"{hero.damage}) on Health {hero.max_health}")
    return _after_damage(who, seat, slot, hit, "damage set by hand", words)


def heal(who: str, seat: SeatState, slot: int, cubes: int, how: str) -> Change:
    hero = _hero(seat, slot)
    if hero.damage == 0:
        damaged = [str(k + 1) for k, h in enumerate(seat.team) if h is not None and h.damage]
        raise InvalidInput("slot", f"{who}'s {hero.name} has no damage: healing removes "
                           "damage from a damaged Hero (rule action-heal).",
                           ", ".join(damaged) or "no damaged Hero")
    if cubes > hero.damage:
        raise InvalidInput("cubes", f"{hero.name} has only {hero.damage} damage to remove.",
                           f"1-{hero.damage}")
    healed = replace(hero, damage=hero.damage - cubes)
    return (replace(seat, team=put(seat.team, slot - 1, healed)),
            f"{who}'s {hero.name} (slot {slot}) is healed by {how}: damage {hero.damage} -> "
            f"{healed.damage} on Health {hero.max_health}")


def equip(who: str, seat: SeatState, slot: int, gear: Gear, extra: bool) -> Change:
    hero = _hero(seat, slot)
    if hero.gear and not extra:
        raise InvalidInput("slot", f"{hero.name} already carries {_gear_words(hero.gear)}: "
                           "each Hero has only 1 Equipment unless a text effect says otherwise "
                           "(rule attached-equipment).", "another Hero, or say a text effect "
                           "allows it (extra)")
    armed = replace(hero, gear=(*hero.gear, gear))
    bonus = [f"Health {hero.max_health} -> {armed.max_health}" if gear.health else "",
             f"Attack +{gear.attack}" if gear.attack else "",
             f"Event effect on die {gear.die}" if gear.die else ""]
    return (replace(seat, team=put(seat.team, slot - 1, armed)),
            f"{who} attaches {gear.name} to {hero.name} (slot {slot})"
            + "".join(f"; {b}" for b in bonus if b))


def unequip(who: str, seat: SeatState, slot: int, name: str | None) -> Change:
    """Inventory: Equipment back to the hand; a Hero whose damage now reaches its lower Health
    is defeated at once."""
    hero = _hero(seat, slot)
    if not hero.gear:
        raise InvalidInput("slot", f"{hero.name} has no Equipment attached.",
                           ", ".join(str(k + 1) for k, h in enumerate(seat.team)
                                     if h is not None and h.gear) or "no Hero with Equipment")
    names = [g.name.casefold() for g in hero.gear]
    if name is None:
        at = 0
    elif name.casefold() in names:
        at = names.index(name.casefold())
    else:
        raise InvalidInput("name", f"{hero.name} carries no {name}.", _gear_words(hero.gear))
    gear = hero.gear[at]
    bare = replace(hero, gear=(*hero.gear[:at], *hero.gear[at + 1:]))
    words = (f"{who} takes {gear.name} off {hero.name} (slot {slot}) back to hand (Inventory)"
             + (f": Health {hero.max_health} -> {bare.max_health}" if gear.health else ""))
    return _after_damage(who, seat, slot, bare, f"losing {gear.name}'s Health", words)


def defeat_by_hand(who: str, seat: SeatState, slot: int, cause: str | None) -> Change:
    hero = _hero(seat, slot)
    after, words = defeat(who, seat, slot, hero, cause or "the table's ruling")
    return after, (f"{who}'s {words}" if cause else f"Correction: {who}'s {words}")


def fight(who: str, seat: SeatState, villain: str, health: int, chart: list[int],
          effect: str, effect_damage: list[int], bonus: int,
          attacks: list[int]) -> tuple[SeatState, str, str]:
    """Fight a Villain, worked out by the `fight` calculator from the team on the mat; its
    every result applied: damage, defeats (Equipment discarded), the jail. Answers the seat,
    the words and the calculator's working."""
    on_mat = [(k + 1, h) for k, h in enumerate(seat.team) if h is not None]
    if not on_mat:
        raise InvalidInput("seat", f"{who} has no Hero on the mat: a Fight needs at least one "
                           "(rule action-fight).", "recruit first")
    given = dict(enumerate(attacks, start=1))
    missing = [f"slot {k} {h.name}" for k, h in on_mat if h.attack is None and k not in given]
    if missing:
        raise InvalidInput("attacks", "The Attack of " + ", ".join(missing) + " was not "
                           "recorded at recruiting: give each Hero's printed Attack, slot 1 "
                           "first.", "one number per slot, slot 1 first (0 for an empty slot)")
    heroes = [{"slot": k, "name": h.name, "health": h.health, "damage": h.damage,
               "attack": given[k] if k in given else h.attack or 0,
               "equipment_attack": sum(g.attack for g in h.gear),
               "equipment_health": sum(g.health for g in h.gear),
               "effect_damage": effect_damage[k - 1] if k <= len(effect_damage) else 0}
              for k, h in on_mat]
    answer = fight_calculator({"heroes": heroes, "villain": villain, "villain_health": health,
                               "chart": chart, "effect": effect, "bonus_attack": bonus,
                               "jail_before": seat.jail,
                               "defeated_before": len(seat.defeated)})
    result = answer.result
    after = seat
    hurt_words: list[str] = []
    for out in result["heroes"]:
        k = out["slot"]
        hero = replace(_hero(after, k), damage=out["damage_after"])
        taken = out["effect_damage"] + out["chart_damage"]
        if out["defeated"]:
            cause = (f"{villain}'s text effect" if out["defeated_by"] == "villain effect"
                     else f"{villain}'s attack")
            after, words = defeat(who, after, k, hero, cause)
            hurt_words.append(words)
        else:
            after = replace(after, team=put(after.team, k - 1, hero))
            if taken:
                hurt_words.append(f"{hero.name} (slot {k}) takes {taken} damage: "
                                  f"{hero.damage} on Health {hero.max_health}")
    jailed = result["outcome"] == "jailed"
    after = replace(after, jail=result.get("jail_after", seat.jail))
    words = (f"{who} fights {villain} (Health {health})"
             + (": " + "; ".join(hurt_words) if hurt_words else ": no Hero takes damage")
             + f". Total Attack {result['total_attack']} against Health {health}: "
             + (f"{villain} is jailed, {who}'s jail {seat.jail} -> {after.jail}"
                + ("; now Agency cards may be drawn" if result.get("agency_access_gained")
                   else "") if jailed else
                f"{villain} escapes to the bottom of the Villain deck"))
    if jailed and result["to_jail_effect"]:
        words += f"; resolve {villain}'s To Jail effect"
    return after, words, "\n".join(s.text for s in answer.steps)
