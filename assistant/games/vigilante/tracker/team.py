"""A player's Heroes at the table: the Starter Hero, a recruit's place on the mat, damage,
healing, Equipment coming and going, and defeat. Each change answers the seat's new state and
what happened in the table's words (the history line), so the line can never say something the
state does not.

Rules: Starter Heroes (vigilante.txt:251-253), Recruit a Hero (:538-556), Attached Equipment
(:446-456), Defeated Heroes (:585-595), Heal a Hero (:611-613), Inventory Equipment
(:617-621), Breaking Point (:427), Fight a Villain (:558-583, through the `fight`
calculator)."""
from __future__ import annotations

from assistant.errors import InvalidInput
from assistant.tracker import put
from assistant.tracker.chain import evolve as replace

from ..calculators.fight import fight as fight_calculator
from .state import BREAKING_POINT, SLOTS, Gear, Hero, SeatState

Change = tuple[SeatState, str]


def hero_at(seat: SeatState, slot: int, rule: str = "hero-slots") -> Hero:
    hero = seat.team[slot - 1]
    if hero is None:
        taken = [str(n + 1) for n, h in enumerate(seat.team) if h is not None]
        raise InvalidInput("slot", f"Slot {slot} has no Hero.", ", ".join(taken) or "none",
                           rule=rule)
    return hero


def _gear_words(gear: tuple[Gear, ...]) -> str:
    return " and ".join(g.name for g in gear)


def open_slot(who: str, seat: SeatState) -> int:
    """The lowest open slot (vigilante.txt:542), 1 to 4; refused with all 4 filled."""
    open_slots = [k for k, h in enumerate(seat.team) if h is None]
    if not open_slots:
        raise InvalidInput("seat", f"{who}'s {SLOTS} slots are all filled: no Hero can be "
                           "recruited.", "a player with an open slot", rule="hero-slots")
    return open_slots[0] + 1


def place(who: str, seat: SeatState, hero: Hero) -> Change:
    """A recruited Hero goes into the lowest open slot, never to move."""
    slot = open_slot(who, seat)
    return (replace(seat, team=put(seat.team, slot - 1, hero)),
            f"{hero.name} goes into {who}'s slot {slot} (Influence {hero.influence}, "
            + (f"Attack {hero.attack}, " if hero.attack is not None else "")
            + f"Health {hero.health})")


def starter(who: str, seat: SeatState, hero: Hero) -> Change:
    """The Starter Hero chosen at setup goes face up into slot 1 (vigilante.txt:253)."""
    if seat.starter or seat.team[0] is not None:
        raise InvalidInput("seat", f"{who} already has a Starter Hero in slot 1: each player "
                           "keeps 1 of the 2 dealt.", "another player",
                           rule="setup-starter-heroes")
    return (replace(seat, team=put(seat.team, 0, hero), starter=True),
            f"{who} keeps the Starter Hero {hero.name} in slot 1 (Influence {hero.influence}, "
            + (f"Attack {hero.attack}, " if hero.attack is not None else "")
            + f"Health {hero.health})")


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
    hero = hero_at(seat, slot, "damage")
    hit = replace(hero, damage=hero.damage + cubes)
    words = (f"{who}'s {hero.name} (slot {slot}) takes {cubes} damage from {cause}: "
             f"{hit.damage} on Health {hero.max_health}")
    return _after_damage(who, seat, slot, hit, cause, words)


def set_damage(who: str, seat: SeatState, slot: int, to: int) -> Change:
    """A hand-set count: the table corrects what is on the card."""
    hero = hero_at(seat, slot, "damage")
    hit = replace(hero, damage=to)
    words = (f"Correction: {who}'s {hero.name} (slot {slot}) now has {to} damage (was "
             f"{hero.damage}) on Health {hero.max_health}")
    return _after_damage(who, seat, slot, hit, "damage set by hand", words)


def heal(who: str, seat: SeatState, slot: int, cubes: int, how: str) -> Change:
    hero = hero_at(seat, slot, "action-heal")
    if hero.damage == 0:
        damaged = [str(k + 1) for k, h in enumerate(seat.team) if h is not None and h.damage]
        raise InvalidInput("slot", f"{who}'s {hero.name} has no damage: healing removes "
                           "damage from a damaged Hero.",
                           ", ".join(damaged) or "no damaged Hero", rule="action-heal")
    if cubes > hero.damage:
        raise InvalidInput("cubes", f"{hero.name} has only {hero.damage} damage to remove.",
                           f"1-{hero.damage}", rule="action-heal")
    healed = replace(hero, damage=hero.damage - cubes)
    return (replace(seat, team=put(seat.team, slot - 1, healed)),
            f"{who}'s {hero.name} (slot {slot}) is healed by {how}: damage {hero.damage} -> "
            f"{healed.damage} on Health {hero.max_health}")


def equip(who: str, seat: SeatState, slot: int, gear: Gear, extra: bool) -> Change:
    hero = hero_at(seat, slot, "card-equipment")
    if hero.gear and not extra:
        raise InvalidInput("slot", f"{hero.name} already carries {_gear_words(hero.gear)}: "
                           "each Hero has only 1 Equipment unless a text effect says otherwise.",
                           "another Hero, or say a text effect allows it (extra)",
                           rule="attached-equipment")
    armed = replace(hero, gear=(*hero.gear, gear))
    bonus = [f"Health {hero.max_health} -> {armed.max_health}" if gear.health else "",
             f"Attack +{gear.attack}" if gear.attack else "",
             f"Event effect on die {gear.die}" if gear.die else ""]
    return (replace(seat, team=put(seat.team, slot - 1, armed)),
            f"{who} attaches {gear.name} to {hero.name} (slot {slot})"
            + "".join(f"; {b}" for b in bonus if b))


def inventory(who: str, seat: SeatState, slots: list[int], name: str | None
              ) -> tuple[SeatState, str, int]:
    """Inventory: Equipment back to the hand from the Heroes in `slots` (every Hero carrying
    any when empty; only the card `name` when given). A Hero whose damage now reaches its lower
    Health is defeated at once. Answers the seat, the words and the cards returned."""
    carrying = [k + 1 for k, h in enumerate(seat.team) if h is not None and h.gear]
    if not carrying:
        raise InvalidInput("seat", f"{who} has no Equipment attached to take off.",
                           "a player whose Heroes carry Equipment", rule="action-inventory")
    chosen = sorted(set(slots)) or carrying
    for slot in chosen:
        if not 1 <= slot <= SLOTS or slot not in carrying:
            raise InvalidInput("slots", f"{who}'s slot {slot} holds no Hero with Equipment.",
                               ", ".join(map(str, carrying)), rule="action-inventory")
    if name is not None and len(chosen) != 1:
        raise InvalidInput("name", "Name one card with one slot (its Hero carries several).",
                           "one slot", rule="action-inventory")
    after, parts, returned = seat, [], 0
    for slot in chosen:
        hero = hero_at(after, slot, "action-inventory")
        names = [g.name.casefold() for g in hero.gear]
        if name is not None and name.casefold() not in names:
            raise InvalidInput("name", f"{hero.name} carries no {name}.",
                               _gear_words(hero.gear), rule="action-inventory")
        off = [g for g in hero.gear if name is None or g.name.casefold() == name.casefold()]
        off = off[:1] if name is not None else off
        kept = list(hero.gear)
        for g in off:
            kept.remove(g)
        bare = replace(hero, gear=tuple(kept))
        returned += len(off)
        words = (f"{_gear_words(tuple(off))} off {hero.name} (slot {slot}) back to hand"
                 + (f": Health {hero.max_health} -> {bare.max_health}"
                    if bare.max_health != hero.max_health else ""))
        after, words = _after_damage(who, after, slot, bare,
                                     f"losing {_gear_words(tuple(off))}'s Health", words)
        parts.append(words)
    return after, f"{who} takes Inventory: " + "; ".join(parts), returned


def defeat_by_hand(who: str, seat: SeatState, slot: int, cause: str | None) -> Change:
    hero = hero_at(seat, slot, "defeated-heroes")
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
        raise InvalidInput("seat", f"{who} has no Hero on the mat: a Fight needs at least one.",
                           "recruit first", rule="action-fight")
    given = dict(enumerate(attacks, start=1))
    missing = [f"slot {k} {h.name}" for k, h in on_mat if h.attack is None and k not in given]
    if missing:
        raise InvalidInput("attacks", "The Attack of " + ", ".join(missing) + " was not "
                           "recorded at recruiting: give each Hero's printed Attack, slot 1 "
                           "first.", "one number per slot, slot 1 first (0 for an empty slot)",
                           rule="action-fight")
    heroes = [{"slot": k, "name": h.name, "health": h.health, "damage": h.damage,
               "attack": given[k] if k in given else h.attack or 0,
               "equipment_attack": sum(g.attack for g in h.gear),
               "equipment_health": sum(g.health for g in h.gear),
               "effect_damage": effect_damage[k - 1] if k <= len(effect_damage) else 0}
              for k, h in on_mat]
    try:
        answer = fight_calculator({"heroes": heroes, "villain": villain,
                                   "villain_health": health, "chart": chart, "effect": effect,
                                   "bonus_attack": bonus, "jail_before": seat.jail,
                                   "defeated_before": len(seat.defeated)})
    except InvalidInput as exc:
        raise InvalidInput("villain_health", exc.detail, exc.allowed,
                           rule="action-fight") from None
    result = answer.result
    after = seat
    hurt_words: list[str] = []
    for out in result["heroes"]:
        k = out["slot"]
        hero = replace(hero_at(after, k), damage=out["damage_after"])
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
