"""Allegiance deduction from the tokens the asking player was allowed to see.

Every player keeps 2 tokens of their own Allegiance and 1 of each other kind (Setup step 9,
vigilante.txt:237-247); two different spots showing the same kind reveal the Allegiance
(vigilante.txt:285). Only tokens the asker saw by investigating, or that a card turned face up
for everyone (vigilante.txt:303), may be entered; nobody may enter their own
(vigilante.txt:277, :682). The answer belongs on the asker's own phone.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Integer, ListOf, OneOf, Text

from ..book import says

KINDS = ("good", "neutral", "evil")
SPOTS = 4
HOW = ("investigated", "face-up")


def possible(seen: Mapping[int, str]) -> list[str]:
    """Allegiances consistent with tokens seen at distinct spots (2-1-1 make-up)."""
    count = Counter(seen.values())
    return [k for k in KINDS
            if count[k] <= 2 and all(count[o] <= 1 for o in KINDS if o != k)]


def remaining(allegiance: str, seen: Mapping[int, str]) -> list[str]:
    pool = Counter({k: 2 if k == allegiance else 1 for k in KINDS})
    pool.subtract(Counter(seen.values()))
    return sorted(pool.elements(), key=KINDS.index)


def observations(raw: Sequence[Mapping[str, Any]]) -> tuple[dict[int, str], list[Step]]:
    seen: dict[int, str] = {}
    steps: list[Step] = []
    for i, item in enumerate(raw):
        spot = int(item["spot"])
        kind = str(item.get("seen") or "")
        if not 1 <= spot <= SPOTS:
            raise InvalidInput(f"observations.{i}.spot", "A mat has 4 Allegiance spots.",
                               "1-4")
        if kind not in KINDS:
            raise InvalidInput(f"observations.{i}.seen", f"No token kind {kind!r}.",
                               ", ".join(KINDS))
        how = str(item.get("how") or "investigated")
        if how not in HOW:
            raise InvalidInput(f"observations.{i}.how", f"Unknown source {how!r}.",
                               ", ".join(HOW))
        if spot in seen:
            if seen[spot] != kind:
                raise InvalidInput(f"observations.{i}.seen", f"Spot {spot} was noted as "
                                   f"{seen[spot]} before; tokens never move.",
                                   seen[spot])
            steps.append(says("allegiance-deduction", None, f"Spot {spot} seen again "
                              f"({kind}): nothing new.", spot))
            continue
        seen[spot] = kind
        steps.append(Step(f"Spot {spot}: {kind}" + (" (turned face up by a card)" if
                          how == "face-up" else "") + ".", spot, "investigating"))
    return seen, steps


def deduce(data: Mapping[str, Any]) -> Explained:
    asker = str(data.get("asker") or "").strip()
    target = str(data.get("target") or "").strip()
    if not target:
        raise InvalidInput("target", "Say whose tokens these are.", "another player's name")
    if asker and asker.casefold() == target.casefold():
        raise InvalidInput("target", "You may never look at your own Allegiance tokens, so "
                           "the helper takes only other players' tokens.",
                           "another player's name")
    seen, steps = observations(data.get("observations") or [])
    options = possible(seen)
    if not options:
        raise InvalidInput("observations", "No player's tokens can look like this: each mat "
                           "has 2 of one kind and 1 of each other.",
                           "at most 2 of one kind and 1 of each other kind")
    settled = options[0] if len(options) == 1 else None
    steps.append(says("allegiance-deduction", None, f"Still possible for {target}: "
                      f"{', '.join(options)}.", len(options)))
    unseen = [s for s in range(1, SPOTS + 1) if s not in seen]
    left = {k: remaining(k, seen) for k in options}
    if settled:
        steps.append(Step(f"{target} is {settled}.", settled, "allegiance-tokens"))
    else:
        for k in options:
            steps.append(says("allegiance-deduction", None, f"If {k}: the unseen spots hold "
                              f"{', '.join(left[k])}.", len(left[k])))
    result = {"target": target, "seen": {str(s): k for s, k in sorted(seen.items())},
              "possible": options, "settled": settled, "unseen_spots": unseen,
              "unseen_tokens_if": left, "private_to": asker or None}
    summary = (f"{target}: {settled}." if settled else
               f"{target}: one of {', '.join(options)}.")
    return Explained(result, tuple(steps), summary)


OBS_FIELDS = (
    Integer("spot", "Which of their 4 spots (1-4)", minimum=1, maximum=SPOTS, required=True),
    OneOf("seen", "What the token showed", KINDS, required=True),
    OneOf("how", "You investigated it, or a card turned it face up", HOW,
          default="investigated"),
)
OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="allegiance-deduction", title="Allegiance deduction",
        summary="What another player's tokens you have seen tell you about their Allegiance. "
                "For your own phone only.",
        form=(Text("asker", "You (never the player investigated)"),
              Text("target", "The player you investigated", required=True),
              ListOf("observations", "Tokens you saw", OBS_FIELDS, max_items=12)),
        run=deduce,
        example={"asker": "Ana", "target": "Ben", "observations": [
            {"spot": 1, "seen": "evil"}, {"spot": 3, "seen": "evil"}]},
        rules=("allegiance-deduction", "allegiance-tokens", "investigating",
               "setup-allegiance-tokens", "table-talk"),
    ),
)
