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

from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer

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
    steps.append(Step(f"Credits stolen on a win = total of {dice}d6: from {min(loot)} to "
                      f"{max(loot)}, on average {_num(mean)}.", str(mean), "consequence-dice",
                      Provenance.DERIVED, "Exact distribution by convolving six-sided dice."))
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
        steps.append(Step(f"Chance a winning roll's total exceeds the victim's {victim} credits: "
                          f"{words(beyond)}. The book does not say what happens then.",
                          victim, "robberies", UNKNOWN, "The table decides (reading S-12)."))
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

OPERATIONS: tuple[Operation, ...] = (
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
