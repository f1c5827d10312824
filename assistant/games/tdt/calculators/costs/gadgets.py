"""Building Gadgets on the Technology Track (Scheming › Build Gadgets)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Integer, ListOf, OneOf

from ...book import mark, says
from .counts import check_count

TECH_MIN = 1
"""Lowest Technology Track level. The rulebook names no floor; see TECH_FLOOR_NOTE."""
TECH_MAX = 5
TECH_FLOOR_NOTE = mark("build-gadgets", "floor")[1]
"""Why the floor is 1: the reading of build-gadgets, read from the rules."""


class Shift(StrEnum):
    """An optional Corruption-paid move of the Technology Track before buying a Gadget."""

    NONE = "none"
    """Buy at the current level."""
    RAISE = "raise"
    """Pay Corruption equal to the level, then move the track up one."""
    LOWER = "lower"
    """Pay Corruption equal to the level, then move the track down one."""


@dataclass(frozen=True)
class GadgetPurchase:
    level_before: int
    corruption: int
    data_cache: int
    level_after: int


def buy_gadget(level: int, shift: Shift = Shift.NONE, where: str = "level") -> GadgetPurchase:
    """One Gadget bought at Technology Track `level`, after an optional shift."""
    check_count("level", level, TECH_MIN, TECH_MAX)
    corruption = 0
    price_level = level
    if shift is not Shift.NONE:
        corruption = level
        price_level = level + (1 if shift is Shift.RAISE else -1)
        if not TECH_MIN <= price_level <= TECH_MAX:
            raise InvalidInput(where, f"The Technology Track is at {level}; it cannot move "
                               f"to {price_level}.", f"levels {TECH_MIN}-{TECH_MAX}")
    return GadgetPurchase(level, corruption, price_level, min(price_level + 1, TECH_MAX))


def gadget_cost(level: int, shifts: Sequence[Shift], data_cache: int | None = None,
                corruption: int | None = None) -> Explained:
    """Data Cache (and Corruption) for a run of Gadget purchases, each raising the track."""
    check_count("level", level, TECH_MIN, TECH_MAX)
    if not shifts:
        raise InvalidInput("purchases", "List at least one Gadget purchase.", "1-10 purchases")
    steps = [says("build-gadgets", "floor",
                  f"The Technology Track runs {TECH_MIN}-{TECH_MAX} and is at {level} now.", level)]
    buys: list[GadgetPurchase] = []
    for i, shift in enumerate(shifts):
        buy = buy_gadget(level, shift, f"purchases.{i}.shift")
        n = i + 1
        if buy.corruption:
            steps.append(Step(f"Gadget {n}: pay {buy.corruption} Corruption (the current level) "
                              f"to {shift.value} the track to {buy.data_cache}.",
                              buy.corruption, "build-gadgets"))
        steps.append(Step(f"Gadget {n}: pay {buy.data_cache} Data Cache (the track level).",
                          buy.data_cache, "build-gadgets"))
        capped = buy.data_cache == TECH_MAX
        steps.append(Step(f"The track rises to {buy.level_after}"
                          + (" (it stays at its maximum of 5)." if capped else "."),
                          buy.level_after, "build-gadgets"))
        buys.append(buy)
        level = buy.level_after
    total_dc = sum(b.data_cache for b in buys)
    total_cor = sum(b.corruption for b in buys)
    result: dict[str, Any] = {
        "purchases": [{"level_before": b.level_before, "corruption": b.corruption,
                       "data_cache": b.data_cache, "level_after": b.level_after}
                      for b in buys],
        "data_cache": total_dc, "corruption": total_cor, "level": level}
    steps.append(Step(f"Total: {total_dc} Data Cache and {total_cor} Corruption; the track ends "
                      f"at {level}.", total_dc, "build-gadgets"))
    summary = (f"{len(buys)} Gadget(s): {total_dc} Data Cache"
               + (f" + {total_cor} Corruption" if total_cor else "") + f", track ends at {level}")
    held = {"data_cache": data_cache, "corruption": corruption}
    need = {"data_cache": total_dc, "corruption": total_cor}
    if any(v is not None for v in held.values()):
        short = {}
        for name, have in held.items():
            if have is not None:
                check_count(name, have)
                short[name] = max(0, need[name] - have)
        result["affordable"] = not any(short.values())
        result["short_by"] = short
        summary += "; affordable." if result["affordable"] else "; not affordable."
    else:
        summary += "."
    return Explained(result, tuple(steps), summary)


GADGET_FORM = (
    Integer("level", "Technology Track level before the first purchase.", TECH_MIN, TECH_MAX,
            TECH_MIN),
    ListOf("purchases", "Gadgets bought one after another.", (
        OneOf("shift", "Pay Corruption to move the track one step first?",
              tuple(s.value for s in Shift), Shift.NONE.value),
    ), min_items=1, max_items=10, required=True),
    Integer("data_cache", "Data Cache you hold (optional).", 0, 99),
    Integer("corruption", "Corruption you hold (optional).", 0, 99),
)


def _run_gadget(data: Mapping[str, Any]) -> Explained:
    shifts = [Shift(p.get("shift", "none")) for p in data["purchases"]]
    return gadget_cost(int(data.get("level", TECH_MIN)), shifts, data.get("data_cache"),
                       data.get("corruption"))


GADGETS = Operation(
    "gadget-cost", "Gadget cost",
    "Data Cache (and optional Corruption) to build Gadgets on the Technology Track.",
    GADGET_FORM, _run_gadget,
    {"level": 3, "purchases": [{"shift": "lower"}, {"shift": "none"}], "data_cache": 6,
     "corruption": 3},
    ("build-gadgets",))
