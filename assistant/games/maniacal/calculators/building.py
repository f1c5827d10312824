"""Phase I, Base Building: a player's three picks, each a build or a sell (maniacal.txt:92-106).

Build: pay the room's cost, add its attraction points to the named type(s). Sell: take the cost
from the bank, nothing else. A build you cannot pay for is refused.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Form, Integer, ListOf, OneOf, Text

from ..facts import number, says
from ..modes import TYPE_ORDER

PICKS = number("room-draft", "picks")


def base_building(data: Mapping[str, Any]) -> Explained:
    money = int(data.get("money", 0))
    scores = {t.value: int(data.get(t.value, 0)) for t in TYPE_ORDER}
    picks = list(data.get("picks") or [])
    if not 1 <= len(picks) <= PICKS:
        raise InvalidInput("picks", f"A round has {PICKS} picks; you gave {len(picks)}.",
                           f"1-{PICKS} picks")
    steps: list[Step] = [Step(f"Start: ${money}; attraction " + _scores(scores) + ".", money,
                              "base-building")]
    rows: list[dict[str, Any]] = []
    for i, pick in enumerate(picks):
        name = str(pick.get("name") or f"Room {i + 1}").strip()
        cost = int(pick.get("cost", 0))
        points = {t.value: int(pick.get(t.value, 0)) for t in TYPE_ORDER}
        if pick.get("action") == "build":
            if cost > money:
                raise InvalidInput(f"picks.{i}.cost", f"Building {name} costs ${cost} but only "
                                   f"${money} is left at pick {i + 1}.",
                                   f"sell it instead, or a room costing at most ${money}")
            money -= cost
            for kind, pts in points.items():
                scores[kind] += pts
            gained = ", ".join(f"+{p} {k}" for k, p in points.items() if p) or "no attraction"
            several = sum(1 for p in points.values() if p) > 1
            built = f"Pick {i + 1}: build {name}, pay ${cost} → ${money}; {gained}."
            steps.append(says("build-room", "two-types", built, money) if several
                         else Step(built, money, "build-room"))
        else:
            money += cost
            steps.append(Step(f"Pick {i + 1}: sell {name}, take ${cost} → ${money}; a sold "
                              "room gives no attraction.", money, "sell-room"))
        rows.append({"pick": i + 1, "name": name, "action": pick.get("action", "sell"),
                     "money": money, "attraction": dict(scores)})
    steps.append(Step("End of Base Building: " + _scores(scores) + f"; ${money}.", money,
                      "attraction-score"))
    result = {"money": money, "attraction": scores, "picks": rows}
    return Explained(result, tuple(steps), f"After Base Building: ${money}; {_scores(scores)}.")


def _scores(scores: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in scores.items())


PICK: Form = (
    OneOf("action", "Build the room or sell it.", ("build", "sell"), required=True),
    Text("name", "The room's name (optional).", max_length=60),
    Integer("cost", "The room's cost in money, as printed.", minimum=0, required=True),
    *(Integer(t.value, f"Attraction points the card gives to {t.value.capitalize()}.",
              minimum=0, default=0) for t in TYPE_ORDER),
)

BASE_BUILDING = Operation(
    slug="base-building",
    title="Base Building: build or sell",
    summary="Money and attraction after each of your three picks.",
    form=(
        Integer("money", "Your money before the first pick.", minimum=0, required=True),
        *(Integer(t.value, f"Your current {t.value.capitalize()} Attraction Score.",
                  minimum=0, default=0) for t in TYPE_ORDER),
        ListOf("picks", "Your picks this round, in order.", PICK, min_items=1,
               max_items=PICKS, required=True),
    ),
    run=base_building,
    example={"money": 8, "picks": [
        {"action": "build", "name": "a room giving 5 Scientist points", "cost": 3,
         "scientists": 5},
        {"action": "sell", "name": "a room costing $4", "cost": 4}]},
    rules=("base-building", "build-room", "sell-room", "attraction-score", "room-draft"),
)

OPERATIONS = (BASE_BUILDING,)
