"""Dice: the pool a team rolls, the successes on the faces rolled, and the odds of reaching
a Target from a die-face table the table enters (maniacal.txt:212-215, 226, 250, 263, 279-280).

The rulebook's die-face table is lost (maniacal.txt:226): nothing here assumes any face.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Flag, Form, Integer, ListOf, OneOf, Text

from ..facts import number, says
from ..modes import COLOURS, TRAITS, Trait
from .common import unique_names

TRAIT_NAMES = tuple(t.value for t in TRAITS)
BOX_DICE = number("components", "trait-dice")
TRAIT_MAX = number("henchman-cards", "trait-max")
MAX_POOL = 60


def _traits(record: Mapping[str, Any], prefix: str = "") -> dict[str, int]:
    return {t: int(record.get(prefix + t, 0)) for t in TRAIT_NAMES}


def dice_pool(data: Mapping[str, Any]) -> Explained:
    members = list(data.get("members") or [])
    names = unique_names(members, "members")
    size = data.get("team_size")
    if size is not None and int(size) != len(members):
        raise InvalidInput("members", f"The contract needs exactly {size} henchmen; you "
                           f"listed {len(members)}.", f"{size} members")
    pool = dict.fromkeys(TRAIT_NAMES, 0)
    steps: list[Step] = []
    lackeys = 0
    for i, (name, m) in enumerate(zip(names, members, strict=True)):
        if int(m.get("injuries", 0)) > 0:
            raise InvalidInput(f"members.{i}.injuries", f"{name} is injured and cannot be "
                               "sent on a contract (rooms only).", "an uninjured henchman")
        if m.get("exhausted"):
            raise InvalidInput(f"members.{i}.exhausted", f"{name} is exhausted until "
                               "Clean-up.", "a henchman not yet used this round")
        base, power = _traits(m), _traits(m, "power_")
        total = {t: base[t] + power[t] for t in TRAIT_NAMES}
        printed = [t for t in TRAIT_NAMES if base[t]]
        if not m.get("lackey") and len(printed) > 1:
            # a henchman card prints one trait; a second comes only from a Power (279)
            raise InvalidInput(f"members.{i}.{printed[1]}", f"{name} has "
                               f"{' and '.join(printed)} on the card itself, but a henchman "
                               "card has one trait: more come only from a Power. Enter the "
                               "Power's traits as Power values.",
                               f"one card trait for {name} (a Power's under power_*)")
        if m.get("lackey"):
            lackeys += 1
            if lackeys > 1:
                raise InvalidInput(f"members.{i}.lackey", "Each player has one Lackey and "
                                   "can never get another.", "one Lackey per team")
            chosen = m.get("lackey_trait")
            if chosen not in TRAIT_NAMES:
                raise InvalidInput(f"members.{i}.lackey_trait", f"{name} is a Lackey: it "
                                   "uses one trait per job; say which.", ", ".join(TRAIT_NAMES))
            pool[chosen] += total[chosen]
            steps.append(Step(f"{name} (Lackey) uses {chosen} only: {total[chosen]} "
                              f"{COLOURS[Trait(chosen)]} dice.", total[chosen], "lackeys"))
            continue
        for t in TRAIT_NAMES:
            pool[t] += total[t]
        shown = ", ".join(f"{total[t]} {t}" for t in TRAIT_NAMES if total[t])
        with_power = any(power.values())
        steps.append(Step(f"{name}: {shown or 'no dice'}"
                          + (" (Powers included)" if with_power else "") + ".",
                          sum(total.values()), "powers" if with_power else "dice-pool"))
    extra = _traits(data, "extra_")
    if any(extra.values()):
        for t in TRAIT_NAMES:
            pool[t] += extra[t]
        steps.append(Step("Contract rooms add " + ", ".join(
            f"{extra[t]} {t}" for t in TRAIT_NAMES if extra[t]) + ".", sum(extra.values()),
            "contract-rooms"))
    removed = data.get("remove_die")
    if removed and removed != "none":
        if pool[removed] == 0:
            raise InvalidInput("remove_die", f"There is no {removed} die in the pool to "
                               "remove.", ", ".join(t for t in TRAIT_NAMES if pool[t]) or
                               "none")
        pool[removed] -= 1
        steps.append(Step(f"A rival's Scheme removes 1 {removed} die.", -1,
                          "negative-schemes"))
    total_dice = sum(pool.values())
    line = ", ".join(f"{pool[t]} {t} ({COLOURS[Trait(t)]})" for t in TRAIT_NAMES if pool[t])
    steps.append(Step(f"Pool: {line or 'no dice'} = {total_dice}.", total_dice, "dice-pool"))
    if total_dice > BOX_DICE:
        steps.append(Step(f"More than the {BOX_DICE} dice in the box: roll in batches and "
                          "keep a running total.", total_dice, "dice-pool"))
    if lackeys:
        steps.append(Step("Your Lackey is on the team: after rolling you may reroll any "
                          "number of the dice.", None, "rerolls"))
    result = {"dice": pool, "total": total_dice, "lackey_reroll": bool(lackeys)}
    return Explained(result, tuple(steps), f"Roll {line or 'no dice'} ({total_dice} dice).")


def face_value(trait: str, value: int, icon: bool, recommended: str) -> int:
    return value * 2 if icon and trait == recommended else value


def count_successes(data: Mapping[str, Any]) -> Explained:
    recommended = str(data["recommended"])
    dice = list(data.get("dice") or [])
    steps: list[Step] = []
    total = 0
    doubled = 0
    for d in dice:
        trait, value, icon = str(d["trait"]), int(d.get("value", 0)), bool(d.get("icon"))
        worth = face_value(trait, value, icon, recommended)
        total += worth
        if worth != value:
            doubled += 1
    plain = sum(int(d.get("value", 0)) for d in dice)
    steps.append(says("die-faces", None, f"Sum of the {len(dice)} faces as entered: {plain}.",
                      plain))
    if doubled:
        steps.append(says("counting-successes", "icon-double", f"{doubled} {recommended} icon "
                          f"face(s) count double: +{total - plain}.", total - plain))
    result: dict[str, Any] = {"successes": total, "doubled_faces": doubled}
    summary = f"{total} success(es)"
    target = data.get("target")
    if target is not None:
        result["target"] = int(target)
        result["success"] = total >= int(target)
        steps.append(Step(f"{total} against Target {target}: "
                          + ("success." if total >= int(target) else "failure."), total,
                          "contract-target"))
        summary += f" vs Target {target}: {'success' if result['success'] else 'failure'}"
    return Explained(result, tuple(steps), summary + ".")


def _faces(data: Mapping[str, Any], recommended: str) -> dict[str, list[int]]:
    faces: dict[str, list[int]] = {t: [] for t in TRAIT_NAMES}
    for f in data.get("faces") or []:
        trait = str(f["trait"])
        faces[trait].append(face_value(trait, int(f.get("value", 0)), bool(f.get("icon")),
                                       recommended))
    return faces


def distribution(pool: Mapping[str, int], faces: Mapping[str, Sequence[int]],
                 ) -> dict[int, Fraction]:
    """Exact distribution of the total over a pool, each die uniform over its faces.

    Counts outcomes in whole numbers (fast even for a full box of dice) and divides once."""
    ways, outcomes = _ways(pool, faces)
    return {total: Fraction(n, outcomes) for total, n in ways.items()}


def _ways(pool: Mapping[str, int], faces: Mapping[str, Sequence[int]],
          ) -> tuple[dict[int, int], int]:
    """How many of the pool's equally likely outcomes give each total, and how many there are
    in all (the distribution before dividing)."""
    ways: dict[int, int] = {0: 1}
    outcomes = 1
    for trait, count in pool.items():
        sides = faces.get(trait) or []
        if not count or not sides:
            continue
        per_value: dict[int, int] = {}
        for v in sides:
            per_value[v] = per_value.get(v, 0) + 1
        for _ in range(count):
            step: dict[int, int] = {}
            for total, n in ways.items():
                for v, k in per_value.items():
                    step[total + v] = step.get(total + v, 0) + n * k
            ways = step
            outcomes *= len(sides)
    return ways, outcomes


def success_odds(data: Mapping[str, Any]) -> Explained:
    recommended = str(data["recommended"])
    target = int(data["target"])
    pool = _traits(data)
    if not any(pool.values()):
        steps = [Step("No dice in the pool (a rival's Scheme may take it down to 0, "
                      "maniacal.txt:263): no successes can be rolled.", 0, "negative-schemes"),
                 Step(f"Chance of at least {target}: 0.0%.", 0.0, "contract-target")]
        return Explained({"chance": 0.0, "exact": "0/1", "mean": 0.0, "at_least": {}},
                         tuple(steps), f"0.0% to reach {target} with no dice.")
    if sum(pool.values()) > MAX_POOL:
        raise InvalidInput("brawn", f"A pool of more than {MAX_POOL} dice is beyond this "
                           "calculator.", f"up to {MAX_POOL} dice")
    faces = _faces(data, recommended)
    for t in TRAIT_NAMES:
        if pool[t] and not faces[t]:
            raise InvalidInput("faces", f"The pool has {t} dice but no {t} faces were entered. "
                               "The book's face table is lost: enter each face of your "
                               f"{COLOURS[Trait(t)]} die once.", f"faces for {t}")
    # Sums over whole numbers of outcomes, divided once: the same exact values as adding up
    # the distribution's fractions, without a fraction per total.
    ways, outcomes = _ways(pool, faces)
    chance = Fraction(sum(n for v, n in ways.items() if v >= target), outcomes)
    mean = Fraction(sum(v * n for v, n in ways.items()), outcomes)
    steps = [
        says("die-faces", None, "Faces as entered by the table.", None),
        says("counting-successes", "icon-double", "Icon faces of the recommended trait count "
             "double.", None),
        Step("Pool: " + ", ".join(f"{pool[t]} {t}" for t in TRAIT_NAMES if pool[t]) + ".",
             sum(pool.values()), "dice-pool"),
        Step(f"Average total {float(mean):.2f}.", round(float(mean), 4), "counting-successes"),
        Step(f"Chance of at least {target}: {float(chance):.1%} (one roll, no rerolls).",
             round(float(chance), 6), "contract-target"),
    ]
    at_least: dict[str, float] = {}
    running = 0
    for k in range(max(ways), 0, -1):  # cumulative from the top: one pass
        running += ways.get(k, 0)
        at_least[str(k)] = round(running / outcomes, 6)  # int / int rounds as float(Fraction)
    at_least = dict(reversed(list(at_least.items())))
    result = {"chance": round(float(chance), 6), "exact": f"{chance.numerator}/"
              f"{chance.denominator}", "mean": round(float(mean), 4), "at_least": at_least}
    return Explained(result, tuple(steps),
                     f"{float(chance):.1%} to reach {target} with {sum(pool.values())} dice.")


TRAIT_FIELDS = tuple(Integer(t, f"{t.capitalize()} value printed on the card.", minimum=0,
                             maximum=TRAIT_MAX, default=0) for t in TRAIT_NAMES)
POWER_FIELDS = tuple(Integer(f"power_{t}", f"{t.capitalize()} added by Powers on it.",
                             minimum=0, maximum=10, default=0) for t in TRAIT_NAMES)
MEMBER: Form = (
    Text("name", "Henchman.", max_length=40, required=True),
    *TRAIT_FIELDS, *POWER_FIELDS,
    Flag("lackey", "This is your Lackey (uses one trait)."),
    OneOf("lackey_trait", "Lackey only: the trait it uses on this job.", TRAIT_NAMES),
    Integer("injuries", "Injury tokens on it (an injured henchman cannot go).", minimum=0,
            default=0),
    Flag("exhausted", "Already used this round."),
)

DICE_POOL = Operation(
    slug="dice-pool",
    title="Dice pool",
    summary="Dice per colour from the team's traits, Powers, the Lackey's one trait, "
            "Contract rooms and a rival's Scheme.",
    form=(
        ListOf("members", "The team.", MEMBER, min_items=1, max_items=4, required=True),
        Integer("team_size", "Team size on the contract (optional check).", minimum=1,
                maximum=4),
        *(Integer(f"extra_{t}", f"{t.capitalize()} dice added by Contract rooms.", minimum=0,
                  maximum=10, default=0) for t in TRAIT_NAMES),
        OneOf("remove_die", "A rival's Scheme removes one die of this trait.",
              ("none", *TRAIT_NAMES), default="none"),
    ),
    run=dice_pool,
    example={"members": [
        {"name": "Henchman with a Power", "brawn": 4, "power_stealth": 1, "power_magic": 1},
        {"name": "Lackey with Berserker Strength", "brawn": 1, "stealth": 1, "intellect": 1,
         "magic": 1, "power_brawn": 2, "lackey": True, "lackey_trait": "brawn"}]},
    rules=("dice-pool", "trait-dice", "powers", "lackeys", "contract-rooms",
           "negative-schemes", "rerolls"),
)

DIE: Form = (
    OneOf("trait", "The die's trait (colour).", TRAIT_NAMES, required=True),
    Integer("value", "The number on the face rolled.", minimum=0, maximum=10, default=0),
    Flag("icon", "The face shows the trait icon."),
)

COUNT = Operation(
    slug="count-successes",
    title="Count successes",
    summary="Successes from the faces the table rolled; recommended-trait icons count double.",
    form=(
        OneOf("recommended", "The contract's recommended trait.", TRAIT_NAMES, required=True),
        ListOf("dice", "Each die rolled, as it landed.", DIE, min_items=1, max_items=MAX_POOL,
               required=True),
        Integer("target", "The Target (optional).", minimum=1, maximum=20),
    ),
    run=count_successes,
    example={"recommended": "stealth", "target": 4, "dice": [
        {"trait": "stealth", "value": 1, "icon": True}, {"trait": "brawn", "value": 1},
        {"trait": "brawn", "value": 0}]},
    rules=("counting-successes", "die-faces", "recommended-trait", "contract-target"),
)

FACE: Form = (
    OneOf("trait", "Which colour's die this face belongs to.", TRAIT_NAMES, required=True),
    Integer("value", "The number on this face.", minimum=0, maximum=10, default=0),
    Flag("icon", "This face shows the trait icon."),
)

ODDS = Operation(
    slug="success-odds",
    title="Success odds",
    summary="The chance a pool reaches the Target, from die faces the table enters once.",
    form=(
        ListOf("faces", "Your dice's faces, entered once from the box (every face of each "
               "colour in the pool).", FACE, min_items=1, max_items=48, required=True),
        *(Integer(t, f"{t.capitalize()} dice in the pool.", minimum=0, maximum=MAX_POOL,
                  default=0) for t in TRAIT_NAMES),
        OneOf("recommended", "The contract's recommended trait.", TRAIT_NAMES, required=True),
        Integer("target", "Target to reach.", minimum=1, maximum=20, required=True),
    ),
    run=success_odds,
    example={"recommended": "brawn", "target": 3, "brawn": 2, "faces": [
        {"trait": "brawn", "value": 0}, {"trait": "brawn", "value": 1},
        {"trait": "brawn", "value": 2}]},
    rules=("die-faces", "counting-successes", "dice-pool", "contract-target"),
)

OPERATIONS = (DICE_POOL, COUNT, ODDS)
