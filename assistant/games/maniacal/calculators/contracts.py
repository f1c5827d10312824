"""Contracts: whether an attempt is allowed and what it costs in time; then the outcome,
rewards and what happens to the team and the map (maniacal.txt:200-245, 261-273).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, ListOf, OneOf, Text

from ..facts import number, says
from ..modes import Difficulty
from .common import unique_names

CONTRACT_MIN = number("actions-and-time", "contract-min")
CONTRACT_MAX = number("actions-and-time", "contract-max")
TEAM_MIN = number("contracts", "team-min")
TEAM_MAX = number("contracts", "team-max")
EXTRA_WEEK = number("negative-schemes", "weeks")
TARGET_UP = number("negative-schemes", "target")
STEAL = number("negative-schemes", "steal")
CONSOLATION_INFAMY = number("positive-schemes", "consolation-infamy")
CONSOLATION_MONEY = number("positive-schemes", "consolation-money")
EFFECTS = ("none", "injured", "captured", "scheme", "power")
NEGATIVE_FLAGS = ("scheme_target", "scheme_steal", "scheme_injury")


def target_range(difficulty: Difficulty) -> tuple[int, int]:
    d = difficulty.value
    return number("contract-target", f"{d}-min"), number("contract-target", f"{d}-max")


def contract_attempt(data: Mapping[str, Any]) -> Explained:
    weeks = int(data["weeks_left"])
    cost = int(data["time_cost"])
    size = int(data["team_size"])
    team = list(data.get("team") or [])
    names = unique_names(team, "team")
    extra = bool(data.get("extra_week", False))
    steps: list[Step] = []
    problems: list[str] = []
    if len(team) != size:
        problems.append(f"the contract needs exactly {size} henchmen; {len(team)} assigned")
    steps.append(Step(f"Team: {len(team)} assigned, exactly {size} required.", len(team),
                      "contract-attempt"))
    for name, member in zip(names, team, strict=True):
        if int(member.get("injuries", 0)) > 0:
            problems.append(f"{name} is injured and cannot go on contracts")
            steps.append(Step(f"{name} carries an Injury: not allowed on a contract (rooms "
                              "are still fine).", int(member["injuries"]), "injury"))
        if member.get("exhausted"):
            problems.append(f"{name} is exhausted until Clean-up")
            steps.append(Step(f"{name} is exhausted: cannot act again this round.", None,
                              "exhausted"))
    total = cost + (EXTRA_WEEK if extra else 0)
    steps.append(Step(f"Time: {cost} week(s) from your Supervillain card for that continent"
                      + (f" + {EXTRA_WEEK} from a rival's Scheme" if extra else "")
                      + f" = {total}.", total, "contract-time-cost"))
    time_ok = total <= weeks
    team_ok = not problems
    if not time_ok:
        if extra and cost <= weeks:
            steps.append(says("negative-schemes", "unaffordable", f"Only {weeks} week(s) "
                              "left: the Scheme's extra week makes the attempt unaffordable; "
                              "the table decides what happens.", weeks))
        else:
            problems.append(f"it costs {total} week(s) and only {weeks} are left")
    after = weeks - total if time_ok else weeks
    allowed = team_ok and time_ok
    steps.append(Step(("Allowed: " if allowed else "Not allowed: ")
                      + ("; ".join(problems) if problems else f"{weeks} → {after} weeks.")
                      + (" The extra week is the table's call." if extra and not time_ok
                         and cost <= weeks else ""), after, "contract-attempt"))
    result = {"allowed": allowed, "problems": problems, "weeks_cost": total,
              "weeks_after": after, "team": names,
              "unresolved": extra and not time_ok and cost <= weeks}
    summary = (f"Attempt allowed: {total} week(s), {weeks} → {after}." if allowed else
               "Attempt not allowed: " + "; ".join(problems or ["see the Scheme note"]) + ".")
    return Explained(result, tuple(steps), summary)


def contract_outcome(data: Mapping[str, Any]) -> Explained:
    difficulty = Difficulty(data["difficulty"])
    target = int(data["target"])
    low, high = target_range(difficulty)
    if not low <= target <= high:
        raise InvalidInput("target", f"{difficulty.value.capitalize()} contracts have Targets "
                           f"{low}-{high}; you entered {target}.", f"{low}-{high}")
    successes = int(data["successes"])
    ticked = [f for f in NEGATIVE_FLAGS if data.get(f)]
    if len(ticked) > 1:
        raise InvalidInput(ticked[0], "Only one negative Scheme may be played on a contract "
                           f"attempt (maniacal.txt:256-257); you ticked {', '.join(ticked)}.",
                           "one of " + ", ".join(NEGATIVE_FLAGS))
    steps: list[Step] = []
    need = target
    if data.get("scheme_target"):
        need += TARGET_UP
        steps.append(says("negative-schemes", "value-up", f"A rival's Scheme raises the "
                          f"Target by {TARGET_UP}: {target} → {need}.", need))
    success = successes >= need
    steps.append(Step(f"{successes} success(es) against {need}: "
                      + ("success." if success else "failure."), successes,
                      "counting-successes"))
    line = "success" if success else "failure"
    infamy = int(data.get(f"{line}_infamy", 0))
    money_gain = int(data.get(f"{line}_money", 0))
    steps.append(Step(f"{line.capitalize()} line: +{infamy} Infamy, +${money_gain}.",
                      infamy, "contract-results"))
    money = int(data.get("money", 0))
    stolen = 0
    if data.get("scheme_steal") and success:
        stolen = min(STEAL, money + money_gain)
        took = f"A rival's Scheme takes ${stolen} as the reward is collected."
        steps.append(says("negative-schemes", "steal-short", took, -stolen) if stolen < STEAL
                     else Step(took, -stolen, "negative-schemes"))
    if data.get("scheme_steal") and not success:
        steps.append(Step(f"The rival's ${STEAL} Scheme takes nothing: it works only when the "
                          "contract succeeds.", 0, "negative-schemes"))
    if data.get("consolation") and success:
        steps.append(Step("Your consolation Scheme is not used: it pays only after a failed "
                          "contract. Keep the card.", 0, "positive-schemes"))
    if data.get("consolation") and not success:
        infamy += CONSOLATION_INFAMY
        money_gain += CONSOLATION_MONEY
        steps.append(Step(f"Consolation Scheme after a failure: +{CONSOLATION_INFAMY} Infamy, "
                          f"+${CONSOLATION_MONEY}.", CONSOLATION_INFAMY, "positive-schemes"))
    effect = str(data.get("effect", "none"))
    cancelled = bool(data.get("cancel_effect")) and effect in ("injured", "captured")
    if data.get("cancel_effect") and not cancelled:
        raise InvalidInput("cancel_effect", "The cancelling Scheme works only on an Injured or "
                           "Captured result.", "effect injured or captured")
    effect_text = {"none": "no special effect", "injured": "put an Injury token on one team "
                   "member (your choice)", "captured": "one team member (your choice) leaves "
                   "the game, Powers discarded", "scheme": "draw 1 Scheme card",
                   "power": "draw a random Power and attach it to one of your henchmen"}[effect]
    if cancelled:
        steps.append(Step(f"The {effect} result is cancelled by your Scheme.", None,
                          "positive-schemes"))
    elif effect != "none":
        steps.append(Step(f"Special effect: {effect_text}.", None, "special-effects"))
    if data.get("scheme_injury"):
        steps.append(says("negative-schemes", "injury-timing", "A rival's Scheme: they choose "
                          "one team member to Injure (after your own special effects), success "
                          "or failure.", None))
    steps.append(Step(f"Discard the contract; team members not captured are exhausted; at once "
                      f"draw a new {difficulty.value.capitalize()} contract face down onto the "
                      "same continent.", None, "contract-replacement"))
    money_after = money + money_gain - stolen
    result = {"success": success, "target": need, "successes": successes,
              "infamy_gained": infamy, "money_gained": money_gain - stolen,
              "money_after": money_after, "stolen": stolen,
              "effect": "none" if cancelled else effect,
              "replace_with": difficulty.value}
    summary = (f"{'Success' if success else 'Failure'} ({successes} vs {need}): +{infamy} "
               f"Infamy, {'+' if money_gain - stolen >= 0 else '-'}${abs(money_gain - stolen)}; "
               f"replace with {_article(difficulty.value)} {difficulty.value} contract.")
    return Explained(result, tuple(steps), summary)


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


MEMBER = (
    Text("name", "Henchman.", max_length=40, required=True),
    Integer("injuries", "Injury tokens on it.", minimum=0, default=0),
    Flag("exhausted", "Already used this round (card face down)."),
)

CONTRACT_ATTEMPT = Operation(
    slug="contract-attempt",
    title="Contract attempt: allowed, and its time",
    summary="Checks the team (exact size, nobody injured or exhausted) and the weeks.",
    form=(
        Integer("weeks_left", "Your weeks left on the Time track.", minimum=0, maximum=20,
                required=True),
        Integer("time_cost", "Weeks your Supervillain card shows for that continent (3-5).",
                minimum=CONTRACT_MIN, maximum=CONTRACT_MAX, required=True),
        Integer("team_size", "Team size on the contract's back (1-4).", minimum=TEAM_MIN,
                maximum=TEAM_MAX, required=True),
        ListOf("team", "The henchmen you assign.", MEMBER, min_items=1, max_items=8,
               required=True),
        Flag("extra_week", "A rival played the +1 week Scheme."),
    ),
    run=contract_attempt,
    example={"weeks_left": 8, "time_cost": 4, "team_size": 2,
             "team": [{"name": "Royal Jelly"}, {"name": "Hammerhead"}]},
    rules=("contract-attempt", "contract-time-cost", "injury", "exhausted", "negative-schemes"),
)

CONTRACT_OUTCOME = Operation(
    slug="contract-outcome",
    title="Contract outcome and rewards",
    summary="Success or failure against the Target, rewards with Schemes, and the "
            "replacement contract.",
    form=(
        OneOf("difficulty", "Easy, Hard or Legendary.", tuple(d.value for d in Difficulty),
              required=True),
        Integer("target", "Target value on the card.", minimum=1, maximum=15, required=True),
        Integer("successes", "Successes rolled (see count-successes).", minimum=0,
                required=True),
        Integer("success_infamy", "Infamy on the success line.", minimum=0, default=0),
        Integer("success_money", "Money on the success line.", minimum=0, default=0),
        Integer("failure_infamy", "Infamy on the failure line.", minimum=0, default=0),
        Integer("failure_money", "Money on the failure line.", minimum=0, default=0),
        Integer("money", "Your money before the reward.", minimum=0, default=0),
        OneOf("effect", "Icon on the line that applies.", EFFECTS, default="none"),
        Flag("scheme_target", "A rival's Scheme: Target +2."),
        Flag("scheme_steal", "A rival's Scheme: take $3 if it succeeds."),
        Flag("scheme_injury", "A rival's Scheme: Injure a team member afterwards."),
        Flag("consolation", "Your Scheme after a failure: +2 Infamy and $2."),
        Flag("cancel_effect", "Your Scheme cancels an Injured or Captured result."),
    ),
    run=contract_outcome,
    example={"difficulty": "hard", "target": 6, "successes": 7, "success_infamy": 4,
             "success_money": 5, "failure_infamy": 1, "failure_money": 1, "money": 3,
             "scheme_steal": True},
    rules=("contract-results", "counting-successes", "special-effects",
           "contract-replacement", "negative-schemes", "positive-schemes", "contract-target"),
)

OPERATIONS = (CONTRACT_ATTEMPT, CONTRACT_OUTCOME)
