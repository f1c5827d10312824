"""Player vs. Player robberies: the action-die odds (as for any mission) and the exact
distribution of credits stolen, by convolving the consequence dice.

Rulebook: Operation Cards G-I (syndicate.txt:171-177); Complete Missions steps 1, 2 and 4b
(syndicate.txt:499-500, 506); Phantom robbed from the bank (syndicate.txt:690).
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, IntList, OneOf, Text

from ..book import says
from ..checks import flag, optional, whole
from ..odds import at_least, dice_sum, dist_json, expectation, show, words
from ..tables import CONSEQUENCE_DICE
from .alert import failure_outcome
from .missions import ALERT_FORM, ROLL_FORM, eligibility, roll_odds

UNKNOWN = Provenance.UNKNOWN


def robbery(data: Mapping[str, Any]) -> Explained:
    steps = eligibility(data)
    steps.append(Step("The victim has a base in the card's zone; name the base you rob.", None,
                      "robberies"))
    _targets, wins, p, roll_steps = roll_odds(data)
    steps += roll_steps
    fortified = flag(data, "fortified")
    key = "dice_fortified" if fortified else "dice_unfortified"
    dice = whole(data, key, None, low=0, high=CONSEQUENCE_DICE)
    steps.append(Step(f"The robbed base is {'fortified' if fortified else 'unfortified'}: the "
                      f"card gives {dice} consequence {'die' if dice == 1 else 'dice'}.", dice,
                      "robberies"))
    loot, mean, loot_json = _loot(dice)
    steps.append(says("robberies", "dice-total", f"Credits stolen on a win = total of "
                      f"{dice}d6: from {min(loot)} to {max(loot)}, on average {_num(mean)}.",
                      str(mean)))
    result: dict[str, Any] = {
        "winning_faces": list(wins), "success": show(p), "failure": show(1 - p),
        "consequence_dice": dice, "loot_if_success": [dict(row) for row in loot_json],
        "loot_overall": [dict(row) for row in _overall(dice, p)],
        "expected_if_success": _num(mean), "expected_overall": _num(mean * p),
    }
    victim = optional(data, "victim_credits", low=0, high=9999)
    if flag(data, "phantom_victim"):
        steps.append(Step("The victim is the Phantom: the bank pays the credits.", None,
                          "phantom-variant"))
    elif victim is not None:
        beyond = at_least(loot, victim + 1)
        steps.append(says("robberies", "short", f"Chance a winning roll's total exceeds the "
                          f"victim's {victim} credits: {words(beyond)}. The book does not say "
                          "what happens then.", victim))
        result["exceeds_victim"] = show(beyond)
    fail = failure_outcome(data, "mission")
    steps += fail.steps
    result["on_failure"] = fail.result
    return Explained(result, tuple(steps),
                     f"Robbery: {words(p)} to win, then {dice}d6 credits "
                     f"(average {_num(mean)}); overall {_num(mean * p)} expected.")


@cache
def _loot(dice: int) -> tuple[dict[int, Fraction], Fraction, tuple[dict[str, Any], ...]]:
    """Credits stolen on a win with `dice` consequence dice: the distribution, its mean and
    its JSON rows (worked out once per number of dice; callers copy the rows)."""
    loot = dice_sum(dice)
    return loot, expectation(loot), tuple(dist_json(loot))


@lru_cache(maxsize=512)
def _overall(dice: int, p: Fraction) -> tuple[dict[str, Any], ...]:
    """Credits stolen all told (0 on a failed roll) when the roll wins with chance p: a few
    dozen (dice, chance) pairs exist, each worked out once."""
    loot = _loot(dice)[0]
    overall: dict[int, Fraction] = {0: 1 - p}
    for k, q in loot.items():
        overall[k] = overall.get(k, Fraction(0)) + p * q
    return tuple(dist_json(dict(sorted(overall.items()))))


ZONES = ("EXO", "MIDDLE", "INNER")


def consequence(data: Mapping[str, Any]) -> Explained:
    """A won robbery: the victim must have a base in the card's zone (syndicate.txt:175,
    499); the consequence dice rolled, as many as the card gives for a fortified or an
    unfortified base, decide the credits that move (syndicate.txt:177, 506). With the credits
    each side holds, the answer gives them after the robbery as well as the change."""
    zone = str(data.get("card_zone") or "")
    if zone not in ZONES:
        raise InvalidInput("card_zone", "Which zone does the robbery card name?",
                           ", ".join(ZONES))
    victim_zones = {z.strip().upper() for z in str(data.get("victim_zones") or "").split(",")
                    if z.strip()}
    bad = victim_zones - set(ZONES)
    if bad:
        raise InvalidInput("victim_zones", f"{', '.join(sorted(bad))} is not a zone.",
                           ", ".join(ZONES))
    if zone not in victim_zones:
        raise InvalidInput("victim_zones", f"This robbery can only target a player with a base "
                           f"in the {zone} zone; the victim has none there.",
                           f"a victim with a base in {zone}")
    fortified = flag(data, "fortified")
    key = "dice_fortified" if fortified else "dice_unfortified"
    dice = whole(data, key, None, low=0, high=CONSEQUENCE_DICE)
    rolled = list(data.get("rolled") or [])
    for i, v in enumerate(rolled):
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
            raise InvalidInput(f"rolled.{i}", f"{v!r} is not a face of a consequence die.",
                               "1 to 6")
    if len(rolled) != dice:
        raise InvalidInput("rolled", f"Against a{' fortified' if fortified else 'n unfortified'}"
                           f" base the card gives {dice} consequence "
                           f"{'die' if dice == 1 else 'dice'}; you entered {len(rolled)}.",
                           f"{dice} dice")
    stolen = sum(rolled)
    steps = [Step(f"The victim has a base in the {zone} zone, as the card requires.", None,
                  "robberies"),
             Step(f"The robbed base is {'fortified' if fortified else 'unfortified'}: "
                  f"{dice} consequence {'die' if dice == 1 else 'dice'}.", dice, "robberies"),
             Step("Rolled " + (" + ".join(map(str, rolled)) or "nothing") + f" = {stolen} "
                  "credits.", stolen, "consequence-dice")]
    result: dict[str, Any] = {"zone": zone, "dice": dice, "rolled": rolled, "stolen": stolen}
    robber = optional(data, "robber_credits", low=0, high=99999)
    if flag(data, "phantom_victim"):
        steps.append(Step(f"The victim is the Phantom, robbed like any player: the bank pays "
                          f"the {stolen} credits (syndicate.txt:690).", stolen,
                          "phantom-variant"))
        result.update(paid=stolen, payer="bank", short=0, victim_credits_after=None)
    else:
        held = optional(data, "victim_credits", low=0, high=99999)
        paid = stolen if held is None else min(stolen, held)
        if held is not None and held < stolen:
            steps.append(says("robberies", "short", f"The victim holds only {held}: they pay "
                              f"{held}, {stolen - held} short (the victim pays what they hold; "
                              "the table may rule otherwise).", held))
        else:
            steps.append(Step(f"The victim pays you {stolen} credits.", stolen, "robberies"))
        after = None if held is None else held - paid
        if after is not None:
            steps.append(Step(f"The victim's credits after the robbery: {held} − {paid} = "
                              f"{after}.", after, "robberies"))
        result.update(paid=paid, payer="victim", short=stolen - paid,
                      victim_credits_after=after)
    result["robber_credits_after"] = None if robber is None else robber + result["paid"]
    if robber is not None:
        steps.append(Step(f"Your credits after the robbery: {robber} + {result['paid']} = "
                          f"{robber + result['paid']}.", robber + result["paid"], "robberies"))
    return Explained(result, tuple(steps),
                     f"Robbery won: {stolen} credits rolled, {result['paid']} paid by the "
                     f"{result['payer']}.")


def _num(f: Fraction) -> str:
    return str(f) if f.denominator == 1 else f"{f} ≈ {float(f):.2f}"


FORM = (
    *ROLL_FORM,
    Flag("fortified", "The robbed base is fortified"),
    Integer("dice_unfortified", "Consequence dice on the card against an unfortified base",
            0, 3, required=True),
    Integer("dice_fortified", "Consequence dice on the card against a fortified base", 0, 3),
    Integer("victim_credits", "Credits the victim holds (optional)", 0, 9999),
    Flag("phantom_victim", "Robbing the Phantom player (the bank pays)"),
    Integer("armed_dice", "ARMED action dice you have", 0, 2, 2),
    Integer("round", "Current round", 1, 8),
    Integer("round_required", "Round printed on the card (outside EXO)", 1, 8),
    *ALERT_FORM,
)

CONSEQUENCE_FORM = (
    OneOf("card_zone", "Zone named on the robbery card", ZONES, required=True),
    Text("victim_zones", "Zones where the victim has bases, comma-separated (e.g. INNER, EXO)",
         60),
    Flag("fortified", "The robbed base is fortified"),
    Integer("dice_unfortified", "Consequence dice on the card against an unfortified base",
            0, 3, required=True),
    Integer("dice_fortified", "Consequence dice on the card against a fortified base", 0, 3),
    IntList("rolled", "The consequence dice as rolled", minimum=1, maximum=6, max_items=3),
    Integer("victim_credits", "Credits the victim holds (optional)", 0, 99999),
    Integer("robber_credits", "Credits you hold before the robbery (optional)", 0, 99999),
    Flag("phantom_victim", "Robbing the Phantom player (the bank pays)"),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="robbery-consequence",
        title="Robbery won: what moves",
        summary="After a winning robbery roll: checks the victim has a base in the card's "
                "zone, turns the consequence dice rolled into the credits that move, and gives "
                "each side's credits afterwards.",
        form=CONSEQUENCE_FORM,
        run=consequence,
        example={"card_zone": "INNER", "victim_zones": "INNER, EXO", "dice_unfortified": 3,
                 "dice_fortified": 1, "rolled": [4, 2, 6], "victim_credits": 20,
                 "robber_credits": 15},
        rules=("robberies", "consequence-dice", "phantom-variant"),
    ),
    Operation(
        slug="robbery",
        title="Robbery odds and loot",
        summary="Exact chance to pull off a robbery and the distribution of credits stolen by "
                "the consequence dice, fortified or not.",
        form=FORM,
        run=robbery,
        example={"winning_faces": [5, 6], "dice_unfortified": 3, "dice_fortified": 1,
                 "fortified": False, "victim_credits": 10},
        rules=("robberies", "consequence-dice", "missions", "hired-hands", "casino",
               "phantom-variant", "alert-level"),
    ),
)
