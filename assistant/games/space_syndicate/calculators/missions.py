"""Missions: exact odds of a mission roll (winning faces, hired hands, the Casino and other
roll bonuses), its cost and reward, what a failure does to the alert, and the cooperative
split.

Rulebook: Operation Cards A-F (syndicate.txt:157-169); Complete Missions (syndicate.txt:491-508);
Casino (syndicate.txt:234, 577).
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, IntList, Text

from ..book import says
from ..checks import faces, flag, optional, whole
from ..odds import chance, show, winning_faces, words
from ..tables import ACTION_DICE_EACH, CASINO_BONUS, DIE_FACES, RESOURCES, Bundle
from .alert import failure_outcome

DERIVED = Provenance.DERIVED
UNKNOWN = Provenance.UNKNOWN



def roll_odds(data: Mapping[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...], Fraction,
                                                  list[Step]]:
    """Winning numbers, natural winning faces, chance, and the steps (missions and robberies)."""
    base = faces(data, "winning_faces")
    if not base:
        raise InvalidInput("winning_faces", "Enter the winning rolls printed on the card for "
                           "this territory's occupancy.", f"faces 1 to {DIE_FACES}")
    hired = faces(data, "hired_faces")
    hire = flag(data, "hire")
    casino = flag(data, "casino")
    modifier = whole(data, "modifier", 0, low=-5, high=5)
    steps = [Step(f"Winning rolls printed on the card (beige): {', '.join(map(str, base))}.",
                  len(base), "missions")]
    targets = set(base)
    if hire:
        if not hired:
            raise InvalidInput("hired_faces", "You hire extra hands: enter the grey faces they "
                               "add.", f"faces 1 to {DIE_FACES}")
        targets |= set(hired)
        steps.append(says("hired-hands", "grey-faces", f"Extra hands hired: the grey faces "
                          f"{', '.join(map(str, hired))} win too.", len(hired)))
    elif hired:
        steps.append(says("hired-hands", "grey-faces", "Extra hands not hired: the grey faces "
                          "do not count.", 0))
    if modifier:
        steps.append(says("missions", "modifier", f"Roll modifier from bonuses: {modifier:+d}.",
                          modifier))
    if casino:
        steps.append(says("casino", "optional", f"Casino owner: may add {CASINO_BONUS} to the "
                          "roll.", CASINO_BONUS))
    wins = winning_faces(targets, modifier, CASINO_BONUS if casino else 0)
    p = chance(wins)
    steps.append(says("missions", "odds", f"Faces of the die that win: "
                      f"{', '.join(map(str, wins)) or 'none'}, so {len(wins)} in {DIE_FACES} = "
                      f"{words(p)}.", len(wins)))
    return tuple(sorted(targets)), wins, p, steps


def eligibility(data: Mapping[str, Any]) -> list[Step]:
    armed = whole(data, "armed_dice", ACTION_DICE_EACH, low=0, high=ACTION_DICE_EACH)
    if armed == 0:
        raise InvalidInput("armed_dice", "Both action dice are used this round; a mission needs "
                           "an ARMED die.", f"1 to {ACTION_DICE_EACH}")
    steps = [says("mission-eligibility", "armed-die", f"An ARMED action die is available "
                  f"({armed}).", armed)]
    current, needed = optional(data, "round", low=1, high=8), optional(data, "round_required",
                                                                        low=1, high=8)
    if current is not None and needed is not None:
        if current < needed:
            raise InvalidInput("round", f"This card needs round {needed} or later; it is round "
                               f"{current}.", f"round {needed} or later")
        steps.append(says("mission-eligibility", "at-least", f"Round {current} is at least the "
                          f"card's round {needed}.", current))
    return steps


def _bundle(data: Mapping[str, Any], prefix: str) -> Bundle:
    return Bundle(whole(data, f"{prefix}_credits", 0, high=999),
                  whole(data, f"{prefix}_influence", 0, high=999),
                  whole(data, f"{prefix}_crew", 0, high=999))


def split(reward: Bundle) -> tuple[Bundle, Bundle]:
    """Cooperative split per resource type: the attempter gets the larger half."""
    def up(n: int) -> int:
        return n - n // 2

    return (Bundle(up(reward.credits), up(reward.influence), up(reward.crew)),
            Bundle(reward.credits // 2, reward.influence // 2, reward.crew // 2))


def mission(data: Mapping[str, Any]) -> Explained:
    steps = eligibility(data)
    targets, wins, p, roll_steps = roll_odds(data)
    steps += roll_steps
    hire_cost = _bundle(data, "hire") if flag(data, "hire") else Bundle()
    if hire_cost != Bundle():
        steps.append(says("hired-hands", "spent", f"Extra hands cost {hire_cost.words()}, paid "
                          "before the roll, win or lose.", hire_cost.credits))
    reward = _bundle(data, "reward")
    mine, owner = reward, Bundle()
    if flag(data, "cooperative"):
        mine, owner = split(reward)
        steps.append(says("cooperative-missions", "halving", f"Cooperative: you keep "
                          f"{mine.words()}, the base's owner gets {owner.words()} (odd amounts "
                          "round up for you; halved per resource type).", mine.credits))
    if reward != Bundle():
        steps.append(Step(f"On a win you take {mine.words()} from the bank.", mine.credits,
                          "missions"))
    fail = failure_outcome(data, "mission")
    steps += fail.steps
    expected = {r.value: Fraction(mine.get(r)) * p for r in RESOURCES}
    without = chance(winning_faces(set(faces(data, "winning_faces")),
                                   whole(data, "modifier", 0, low=-5, high=5),
                                   CASINO_BONUS if flag(data, "casino") else 0))
    result: dict[str, Any] = {
        "winning_numbers": list(targets), "winning_faces": list(wins),
        "success": show(p), "failure": show(1 - p),
        "without_hired_hands": show(without),
        "hire_cost": hire_cost.to_json(), "reward": mine.to_json(),
        "owner_share": owner.to_json(),
        "expected_reward": {k: _frac(v) for k, v in expected.items()},
        "on_failure": fail.result,
    }
    summary = f"Mission: {words(p)} to win ({len(wins)} faces of {DIE_FACES})"
    if flag(data, "hire"):
        summary += f"; without hired hands {words(without)}"
    return Explained(result, tuple(steps), summary + ".")


def _frac(f: Fraction) -> dict[str, Any]:
    return {"fraction": str(f), "value": float(f)}


def coop_split(data: Mapping[str, Any]) -> Explained:
    reward = _bundle(data, "reward")
    mine, owner = split(reward)
    total = reward.credits + reward.influence + reward.crew
    total_mine = total - total // 2
    steps = (
        Step(f"Reward on the card: {reward.words()}.", total, "cooperative-missions"),
        Step("Split equally with the owner of the base; an odd amount rounds up for the "
             "player who rolled.", None, "cooperative-missions"),
        says("cooperative-missions", "halving", f"Per resource type: you {mine.words()}; the "
             f"owner {owner.words()}.", mine.credits),
        says("cooperative-missions", "halving", f"Halving the total instead: you {total_mine}, "
             f"the owner {total // 2} resources (the mix to agree at the table).", total_mine),
    )
    return Explained({"attempter": mine.to_json(), "owner": owner.to_json(),
                      "total_reading": {"attempter": total_mine, "owner": total // 2}},
                     steps, f"Cooperative split: you {mine.words()}; owner {owner.words()}.")


ROLL_FORM = (
    IntList("winning_faces", "Winning rolls printed on the card (beige) for the territory's "
            "occupancy", minimum=1, maximum=6, max_items=6, required=True),
    IntList("hired_faces", "Extra winning rolls with hired hands (grey)", minimum=1, maximum=6,
            max_items=6),
    Flag("hire", "Hire extra hands"),
    Flag("casino", "You own the Casino on Honos (and it is not flipped)"),
    Integer("modifier", "Net roll modifier from bonus chips or Advanced Tech cards", -5, 5, 0),
)
ALERT_FORM = (
    Integer("alert", "Alert level now (to see what a failure does)", 1, 8),
    Integer("players", "Players (sets the alert maximum)", 2, 5),
    Flag("advanced", "Playing with the advanced rules (Sovereign Blockade)"),
    Text("territory", "The mission's territory (where a Destroyer would land)"),
    Text("destroyer_on", "Territory the Destroyer is on now (empty: off the board)"),
)
FORM = (
    *ROLL_FORM,
    Integer("hire_credits", "Hire price: credits", 0, 99, 0),
    Integer("hire_influence", "Hire price: influence", 0, 99, 0),
    Integer("hire_crew", "Hire price: crew", 0, 99, 0),
    Integer("reward_credits", "Reward: credits", 0, 999, 0),
    Integer("reward_influence", "Reward: influence", 0, 999, 0),
    Integer("reward_crew", "Reward: crew", 0, 999, 0),
    Flag("cooperative", "Cooperative attempt on another player's base (split the reward)"),
    Integer("armed_dice", "ARMED action dice you have", 0, 2, 2),
    Integer("round", "Current round", 1, 8),
    Integer("round_required", "Round printed on the card (outside EXO)", 1, 8),
    *ALERT_FORM,
)
SPLIT_FORM = (
    Integer("reward_credits", "Reward: credits", 0, 999, 0),
    Integer("reward_influence", "Reward: influence", 0, 999, 0),
    Integer("reward_crew", "Reward: crew", 0, 999, 0),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="mission",
        title="Mission odds",
        summary="Exact chance to complete a mission with its winning faces, hired hands, the "
                "Casino and roll bonuses; cost, reward and what a failure does.",
        form=FORM,
        run=mission,
        example={"winning_faces": [4, 5, 6], "hired_faces": [3], "hire": True,
                 "hire_credits": 1, "hire_influence": 2, "hire_crew": 2},
        rules=("missions", "mission-eligibility", "hired-hands", "casino",
               "cooperative-missions", "alert-level", "sovereign-blockade"),
    ),
    Operation(
        slug="coop-split",
        title="Cooperative reward split",
        summary="How a cooperative mission's reward is shared; the attempter rounds up.",
        form=SPLIT_FORM,
        run=coop_split,
        example={"reward_credits": 7, "reward_influence": 3, "reward_crew": 2},
        rules=("cooperative-missions",),
    ),
)
