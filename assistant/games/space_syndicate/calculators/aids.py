"""Odds tables for the table and the printed aids: every mission threshold with and without
hired hands and the Casino, every assault by reinforcements and fortification, the consequence
dice. All exact (fractions), from the same functions the calculators use.

Rulebook: missions (syndicate.txt:167, 501-503); Casino (syndicate.txt:577); assault table
(syndicate.txt:522-526); consequence dice (syndicate.txt:91, 506).
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from assistant.explain import Explained, Step
from assistant.games import Operation

from ..book import says
from ..odds import FACES, at_least, chance, dice_sum, expectation, show, winning_faces
from ..tables import CASINO_BONUS, CONSEQUENCE_DICE
from .assault import option_table


def mission_rows() -> list[dict[str, Any]]:
    rows = []
    for low in FACES:
        printed = list(range(low, FACES[-1] + 1))
        row: dict[str, Any] = {"printed": f"{low}+"}
        for hired in (0, 1, 2):
            targets = set(range(max(1, low - hired), FACES[-1] + 1))
            row[f"hired_{hired}"] = show(chance(winning_faces(targets)))
            row[f"hired_{hired}_casino"] = show(chance(winning_faces(targets, 0, CASINO_BONUS)))
        row["faces"] = printed
        rows.append(row)
    return rows


def loot_rows() -> list[dict[str, Any]]:
    rows = []
    for n in range(1, CONSEQUENCE_DICE + 1):
        dist = dice_sum(n)
        mean = expectation(dist)
        rows.append({"dice": n, "lowest": min(dist), "highest": max(dist), "average": str(mean),
                     "at_least_10": show(at_least(dist, 10))})
    return rows


def odds_tables(_data: Mapping[str, Any]) -> Explained:
    steps = (
        says("missions", "hired-faces", "Mission: chance = winning faces / 6, with hired faces "
             "added below the printed ones and the Casino's optional +1."),
        Step("Assault: lowest winning roll by reinforcements, unfortified and fortified.", None,
             "assaults"),
        says("robberies", "dice-total", "Robbery loot: total of the consequence dice, exact "
             "over every face."),
    )
    return Explained(_tables(), steps, "Odds tables for missions, assaults and robbery loot.")


@cache
def _tables() -> Mapping[str, Any]:
    """The tables depend on no input: worked out once (a few hundred exact fractions). Shared
    by every answer, so read-only like any Explained result."""
    return MappingProxyType({"missions": mission_rows(), "assault_unfortified": option_table(False),
                             "assault_fortified": option_table(True), "loot": loot_rows()})


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="odds-tables",
        title="Odds tables",
        summary="Every mission threshold with hired hands and the Casino, every assault, and "
                "robbery loot, as exact fractions.",
        form=(),
        run=odds_tables,
        example={},
        rules=("missions", "hired-hands", "casino", "assaults", "consequence-dice"),
    ),
)
