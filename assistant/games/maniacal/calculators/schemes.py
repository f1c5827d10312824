"""Negative Schemes: who is offered the window, who plays, and what it does
(maniacal.txt:255-267)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import OneOf, Text

from ..facts import number, says
from ..modes import check_players
from .common import find, split_names

INFAMY = number("negative-schemes", "infamy")
NEGATIVE = {
    "target": f"the contract's Target rises by {number('negative-schemes', 'target')}",
    "die": f"remove {number('negative-schemes', 'dice')} trait die from the pool before the "
           "roll (it may reach 0)",
    "week": f"the attempt costs {number('negative-schemes', 'weeks')} extra week",
    "injury": "after the contract, Injure one team member (after the active player's own "
              "special effects)",
    "steal": f"if the contract succeeds, take ${number('negative-schemes', 'steal')} of its "
             "reward",
}
POSITIVE = {
    "reroll": f"reroll up to {number('positive-schemes', 'reroll')} dice (chains with other "
              "rerolls)",
    "weeks": f"gain {number('positive-schemes', 'weeks')} weeks, never past the track's start",
    "refresh": "refresh one exhausted henchman",
    "cancel": "cancel an Injured or Captured result while you are active",
    "consolation": f"after a failed contract: +{number('positive-schemes', 'consolation-infamy')}"
                   f" Infamy and ${number('positive-schemes', 'consolation-money')}",
}


EFFECTS = {"negative": NEGATIVE, "positive": POSITIVE}


def scheme_offer(data: Mapping[str, Any]) -> Explained:
    seats = split_names(data.get("seats"), "seats")
    check_players(len(seats))
    active = find(seats, str(data.get("active") or ""), "active")
    willing = [find(seats, n, "willing") for n in split_names(data.get("willing"), "willing")]
    if active in willing:
        raise InvalidInput("willing", f"{active} is the active player and cannot play a "
                           "negative Scheme on their own contract.", "opponents only")
    start = seats.index(active)
    order = [seats[(start + k) % len(seats)] for k in range(1, len(seats))]
    steps = [says("negative-schemes", "order", "Opponents are asked in turn: "
                  + ", ".join(order) + ".", len(order))]
    player = next((n for n in order if n in willing), None)
    effect = str(data.get("effect") or "")
    if player is None:
        steps.append(Step("Nobody plays one: the contract is turned over as it stands.", 0,
                          "negative-schemes"))
        result: dict[str, Any] = {"order": order, "played_by": None, "infamy": 0,
                                  "effect": None, "blocked": [], "effects": EFFECTS}
        return Explained(result, tuple(steps), "No negative Scheme on this attempt.")
    for name in order[:order.index(player)]:
        steps.append(Step(f"{name} declines.", None, "negative-schemes"))
    blocked = [n for n in willing if n != player]
    steps.append(Step(f"{player} plays a negative Scheme and gains {INFAMY} Infamy at once.",
                      INFAMY, "negative-schemes"))
    if blocked:
        steps.append(Step(f"Only one per attempt: {', '.join(blocked)} cannot play one now.",
                          len(blocked), "negative-schemes"))
    if effect:
        reading = {"target": "value-up", "injury": "injury-timing"}.get(effect)
        text = f"Effect: {NEGATIVE[effect]}."
        steps.append(says("negative-schemes", reading, text) if reading
                     else Step(text, None, "negative-schemes"))
    result = {"order": order, "played_by": player, "infamy": INFAMY,
              "effect": effect or None, "blocked": blocked, "effects": EFFECTS}
    return Explained(result, tuple(steps),
                     f"{player} plays the negative Scheme (+{INFAMY} Infamy)"
                     + (f": {NEGATIVE[effect]}." if effect else "."))


SCHEME_OFFER = Operation(
    slug="scheme-offer",
    title="Negative Scheme window",
    summary="Who is asked first, who plays the one negative Scheme, and its effect.",
    form=(
        Text("seats", "Players in clockwise seating order, comma-separated.", max_length=200,
             required=True),
        Text("active", "The active player attempting the contract.", max_length=40,
             required=True),
        Text("willing", "Opponents who want to play one (comma-separated).", max_length=200),
        OneOf("effect", "The negative effect played.", tuple(NEGATIVE)),
    ),
    run=scheme_offer,
    example={"seats": "Simon, Hassan, Dave", "active": "Hassan", "willing": "Simon, Dave",
             "effect": "week"},
    rules=("negative-schemes", "schemes"),
)

OPERATIONS = (SCHEME_OFFER,)
