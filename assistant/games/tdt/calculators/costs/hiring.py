"""Hiring an extra Named Henchman in Syndicate (Scheming › Plotting, Syndicate)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.games import Operation
from assistant.inputs import Flag, Integer

from ...book import says
from ...setup_data import MAX_NAMED_HENCHMEN
from .counts import check_count

MAX_NAMED_IN_PLAY = MAX_NAMED_HENCHMEN
HIRE_RATE = {False: 2, True: 3}
"""VP per Named Henchman in play, keyed by 'the Doomsday Plan is revealed'."""


def hire_henchman(in_play: int, plan_revealed: bool, hires: int = 1,
                  vp: int | None = None) -> Explained:
    """VP for hiring `hires` Named Henchmen one after another in Syndicate."""
    check_count("in_play", in_play, 1, MAX_NAMED_IN_PLAY)
    if in_play >= MAX_NAMED_IN_PLAY:
        raise InvalidInput("in_play", "Six Named Henchmen are already in play; nobody more can "
                           "be hired.", "1-5")
    check_count("hires", hires, 1, MAX_NAMED_IN_PLAY - in_play)
    rate = HIRE_RATE[plan_revealed]
    steps = [says("hire-named-henchman", "price", f"The Doomsday Plan is "
                  f"{'revealed' if plan_revealed else 'not revealed'}: {rate} VP per Named "
                  "Henchman in play.", rate)]
    costs = []
    for i in range(hires):
        count = in_play + i
        costs.append(rate * count)
        steps.append(says("hire-named-henchman", "in-play" if i else "price",
                          f"Hire {i + 1}: {count} in play × {rate} = {rate * count} VP.",
                          rate * count))
    total = sum(costs)
    result: dict[str, Any] = {"costs": costs, "total": total, "in_play_after": in_play + hires}
    summary = f"Hiring {hires} Named Henchman/Henchmen costs {total} VP"
    if vp is not None:
        check_count("vp", vp)
        result.update(affordable=total <= vp, vp_left=max(vp - total, 0),
                      short_by=max(total - vp, 0))
        steps.append(says("hire-named-henchman", "price", f"The team holds {vp} VP: "
                          + (f"{vp - total} left." if total <= vp else f"{total - vp} short."),
                          vp - total))
        summary += f" (the team holds {vp})."
    else:
        summary += "."
    return Explained(result, tuple(steps), summary)


HIRE_FORM = (
    Integer("in_play", "Named Henchmen in play now.", 1, 6, required=True),
    Flag("plan_revealed", "The Doomsday Plan has been revealed."),
    Integer("hires", "How many to hire, one after another.", 1, 5, 1),
    Integer("vp", "VP the team holds (optional).", 0, 99),
)


def _run_hire(data: Mapping[str, Any]) -> Explained:
    return hire_henchman(int(data["in_play"]), bool(data.get("plan_revealed", False)),
                         int(data.get("hires", 1)), data.get("vp"))


HIRING = Operation(
    "hire-henchman", "Hire a Named Henchman (Syndicate)",
    "VP to bring another Named Henchman into play in Syndicate.",
    HIRE_FORM, _run_hire,
    {"in_play": 4, "plan_revealed": False, "hires": 1, "vp": 10},
    ("hire-named-henchman", "syndicate-doomsday-reveal"))
