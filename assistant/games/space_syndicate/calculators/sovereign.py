"""Pardon price by bases held (the printed table, extrapolated beyond 11 and flagged), and
whether you can pay it.

Rulebook: Phase 2: Sovereign Card, Pardon Cost table (syndicate.txt:466-473).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer

from ..book import says
from ..checks import optional, whole
from ..tables import PARDON, PARDON_PER_BASE_BEYOND


def pardon_cost(bases: int) -> tuple[int, bool]:
    """(influence, printed?) for a player holding `bases` bases."""
    top = len(PARDON) - 1
    if bases <= top:
        return PARDON[bases], True
    return PARDON[top] + (bases - top) * PARDON_PER_BASE_BEYOND, False


def pardon(data: Mapping[str, Any]) -> Explained:
    owned = whole(data, "bases", None, low=0, high=18)
    flipped = optional(data, "flipped", low=0, high=18) or 0
    if flipped > owned:
        raise InvalidInput("flipped", f"You own {owned} bases, so no more than {owned} can be "
                           f"flipped; you entered {flipped}.", f"0 to {owned}")
    steps = [Step("A pardon is bought after the Sovereign card is drawn and before it is "
                  "resolved; it makes you immune to that card.", None, "pardon")]
    bases = owned
    if flipped:
        # 'Held' (syndicate.txt:466) is a reading: the rules entry pardon gives both.
        not_held = bool(data.get("flipped_not_held"))
        bases = owned - flipped if not_held else owned
        text = f"{flipped} of your {owned} bases are flipped: " + (
            "your table does not count them as held" if not_held else
            "they are still yours, so they count") + f"; {bases} counted."
        steps.append(Step(text, bases, "pardon", Provenance.HOUSE, "Your table's own reading.")
                     if not_held else says("pardon", "flipped", text, bases))
    cost, printed = pardon_cost(bases)
    top = len(PARDON) - 1
    if printed:
        steps.append(Step(f"Holding {bases} base(s): the table prints {cost} influence.", cost,
                          "pardon"))
    else:
        steps.append(says("pardon", "pardon-per-base-beyond", f"Holding {bases} bases: beyond "
                          f"the printed table (it ends at {top} bases, {PARDON[top]}); at "
                          f"{PARDON_PER_BASE_BEYOND} per extra base, {cost} influence.", cost))
    result: dict[str, Any] = {"bases": bases, "owned": owned, "cost": cost, "printed": printed,
                              "table": [{"bases": n, "cost": c} for n, c in enumerate(PARDON)]}
    held = optional(data, "influence", low=0, high=9999)
    if held is not None:
        ok = held >= cost
        steps.append(Step(f"You hold {held} influence: " + (
            f"enough, {held - cost} left after paying." if ok else
            f"{cost - held} short. Influence can be bought on your own turn (2 credits each, "
            "or 3 crew each), but not during the Sovereign Card phase."),
            held - cost, "pardon" if ok else "exchange"))
        result["affordable"] = ok
    summary = f"Pardon with {bases} base(s): {cost} influence" + ("" if printed else
                                                                   " (extrapolated)")
    return Explained(result, tuple(steps), summary + ".")


FORM = (
    Integer("bases", "Bases you hold", 0, 18, required=True),
    Integer("influence", "Influence you hold (optional)", 0, 9999),
    Integer("flipped", "Of your bases, how many are flipped now (optional)", 0, 18),
    Flag("flipped_not_held", "Your table does not count flipped bases as held"),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="pardon",
        title="Pardon cost",
        summary="Influence to ignore this round's Sovereign card, by bases held.",
        form=FORM,
        run=pardon,
        example={"bases": 4, "influence": 12},
        rules=("pardon", "sovereign-card-phase", "exchange"),
    ),
)
