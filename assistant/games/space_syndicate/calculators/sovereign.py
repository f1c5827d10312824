"""Pardon price by bases held (the printed table, extrapolated beyond 11 and flagged), and
whether you can pay it.

Rulebook: Phase 2: Sovereign Card, Pardon Cost table (syndicate.txt:466-473).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Integer

from ..checks import optional, whole
from ..tables import PARDON, PARDON_PER_BASE_BEYOND


def pardon_cost(bases: int) -> tuple[int, bool]:
    """(influence, printed?) for a player holding `bases` bases."""
    top = len(PARDON) - 1
    if bases <= top:
        return PARDON[bases], True
    return PARDON[top] + (bases - top) * PARDON_PER_BASE_BEYOND, False


def pardon(data: Mapping[str, Any]) -> Explained:
    bases = whole(data, "bases", None, low=0, high=18)
    cost, printed = pardon_cost(bases)
    top = len(PARDON) - 1
    steps = [Step("A pardon is bought after the Sovereign card is drawn and before it is "
                  "resolved; it makes you immune to that card.", None, "pardon")]
    if printed:
        steps.append(Step(f"Holding {bases} base(s): the table prints {cost} influence.", cost,
                          "pardon"))
    else:
        steps.append(Step(f"Holding {bases} bases: beyond the printed table (it ends at {top} "
                          f"bases, {PARDON[top]}); at {PARDON_PER_BASE_BEYOND} per extra base, "
                          f"{cost} influence.", cost, "pardon", Provenance.DERIVED,
                          "Extrapolated: 5 per base throughout the printed range."))
    result: dict[str, Any] = {"bases": bases, "cost": cost, "printed": printed,
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
