"""Black Market: the price of your next tech or assault levels (the lowest box without your own
marker), what a run of purchases costs, and the tech milestones they reach.

Rulebook: Purchase a Tech or Assault Level Increase (syndicate.txt:585-605); Resource
Collection step 5 (syndicate.txt:483); tech milestones (syndicate.txt:198, 346).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Integer, IntList, OneOf

from ..book import says
from ..checks import choice, optional, whole
from ..tables import BLACK_MARKET, TECH_MILESTONES

LADDERS = ("tech", "assault")
UNKNOWN = Provenance.UNKNOWN


def prices(further: tuple[int, ...]) -> tuple[int, ...]:
    """The ladder: the printed boxes, then the prices the table entered from its board."""
    return BLACK_MARKET + further


def next_box(own: set[int]) -> int:
    """The lowest box (1-based) that holds none of your markers."""
    box = 1
    while box in own:
        box += 1
    return box


def black_market(data: Mapping[str, Any]) -> Explained:
    ladder = choice(data, "ladder", LADDERS, "tech")
    raw_boxes = data.get("own_boxes") or ()
    own = set()
    for b in raw_boxes:
        if isinstance(b, bool) or not isinstance(b, int) or b < 1:
            raise InvalidInput("own_boxes", f"{b!r} is not a box of the ladder.",
                               "box numbers from 1 (the 5-credit box)")
        own.add(b)
    buys = whole(data, "purchases", 1, low=1, high=10)
    further = tuple(whole({"p": p}, "p", None, low=1, high=999)
                    for p in (data.get("further_prices") or ()))
    ladder_prices = prices(further)
    steps = [says("black-market", None, f"Your markers on the {ladder} ladder: "
                  f"{', '.join(f'box {b}' for b in sorted(own)) or 'none'}. Other players' "
                  "markers do not change your price.", len(own))]
    bought: list[dict[str, Any]] = []
    total, unknown = 0, 0
    for i in range(buys):
        box = next_box(own)
        price = ladder_prices[box - 1] if box <= len(ladder_prices) else None
        if price is None:
            unknown += 1
            steps.append(says("black-market", "above-15", f"Purchase {i + 1}: box {box}, "
                              "beyond the printed 5, 10, 15; enter the price from your board."))
        else:
            total += price
            printed = box <= len(BLACK_MARKET)
            steps.append(says("black-market", None if printed else "above-15",
                              f"Purchase {i + 1}: lowest box without your marker is box {box}: "
                              f"{price} credits" + ("." if printed else " (as entered)."),
                              price))
        bought.append({"box": box, "price": price})
        own.add(box)
    result: dict[str, Any] = {"ladder": ladder, "purchases": bought,
                              "total": total if not unknown else None,
                              "known_total": total, "unknown_prices": unknown}
    level = optional(data, "level", low=0, high=20)
    if level is not None:
        after = level + buys
        reached = [m for m in TECH_MILESTONES if level < m <= after] if ladder == "tech" else []
        steps.append(Step(f"{ladder.capitalize()} level {level} → {after}." + (
            f" Milestone(s) reached: {', '.join(map(str, reached))}." if reached else ""),
            after, "tech-level" if ladder == "tech" else "assault-level"))
        result.update(level_after=after, milestones=reached)
    steps.append(says("black-market", "take-back", "Each Resource Collection you may take "
                      "back one marker in total, from either ladder, which lowers your next "
                      "price."))
    summary = (f"{buys} {ladder} purchase(s): " + " + ".join(
        str(b["price"]) if b["price"] is not None else "?" for b in bought)
        + (f" = {total} credits." if not unknown else " credits (some prices unknown)."))
    return Explained(result, tuple(steps), summary)


FORM = (
    OneOf("ladder", "Which ladder", LADDERS, "tech"),
    IntList("own_boxes", "Boxes of that ladder holding your markers (1 = the 5-credit box)",
            minimum=1, maximum=20, max_items=20),
    Integer("purchases", "How many levels you buy now", 1, 10, 1),
    IntList("further_prices", "Prices of boxes 4 and up, from your board (not in the book)",
            minimum=1, maximum=999, max_items=10),
    Integer("level", "Your current level on that track (optional)", 0, 20),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="black-market",
        title="Black Market price",
        summary="What your next tech or assault levels cost, box by box.",
        form=FORM,
        run=black_market,
        example={"ladder": "tech", "own_boxes": [], "purchases": 3},
        rules=("black-market", "tech-level", "assault-level"),
    ),
)
