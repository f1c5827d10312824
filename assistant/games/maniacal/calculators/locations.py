"""Special Locations: The Underground, Hoodlum Hospital, Lucifer's Lounge
(maniacal.txt:281-310)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Integer, OneOf

from ..facts import number, says

WEEKS = number("special-locations", "weeks")
PER_INJURY = number("hoodlum-hospital", "per-injury")
PLACES = {"underground": ("The Underground", "the-underground"),
          "hospital": ("Hoodlum Hospital", "hoodlum-hospital"),
          "lounge": ("Lucifer's Lounge", "lucifers-lounge")}


def special_location(data: Mapping[str, Any]) -> Explained:
    place = str(data["location"])
    title, rule = PLACES[place]
    weeks = int(data["weeks_left"])
    money = int(data.get("money", 0))
    if weeks < WEEKS:
        raise InvalidInput("weeks_left", f"A visit takes {WEEKS} weeks; you have {weeks}.",
                           f"{WEEKS} or more weeks left")
    steps = [Step(f"Visit {title}: {WEEKS} weeks, {weeks} → {weeks - WEEKS}; nobody is "
                  "exhausted.", weeks - WEEKS, "special-locations")]
    result: dict[str, Any] = {"location": place, "weeks_after": weeks - WEEKS,
                              "money_after": money, "draw": None, "injuries_removed": 0}
    if place == "hospital":
        injuries = int(data.get("injuries", 0))
        held = data.get("injuries_held")
        if held is not None and injuries > int(held):
            raise InvalidInput("injuries", f"Your henchmen carry {held} Injury token(s); you "
                               f"asked to remove {injuries}.", f"0-{held}")
        cost = PER_INJURY * injuries
        if cost > money:
            affordable = money // PER_INJURY
            raise InvalidInput("injuries", f"Removing {injuries} Injury token(s) costs "
                               f"${cost}; you have ${money}.", f"0-{affordable} tokens")
        result.update(money_after=money - cost, injuries_removed=injuries)
        steps.append(Step(f"Pay ${PER_INJURY} × {injuries} = ${cost}: ${money} → "
                          f"${money - cost}.", cost, rule))
    elif place == "underground":
        result["draw"] = "scheme"
        steps.append(Step("Draw 1 random Scheme card (reshuffle the discards if the deck is "
                          "empty).", 1, rule))
    else:
        result["draw"] = "mercenary"
        steps.append(says(rule, "one-draw", "Draw a random Mercenary card; the text prints no "
                          "money cost for the visit. It leaves again at Clean-up after its "
                          "salary.", 1))
    return Explained(result, tuple(steps), f"{title}: {weeks} → {weeks - WEEKS} weeks"
                     + (f", ${money} → ${result['money_after']}." if place == "hospital"
                        else f", draw a {result['draw']}."))


SPECIAL_LOCATION = Operation(
    slug="special-location",
    title="Special Location visit",
    summary="Time and money for The Underground, Hoodlum Hospital or Lucifer's Lounge.",
    form=(
        OneOf("location", "Where you go.", tuple(PLACES), required=True),
        Integer("weeks_left", "Your weeks left.", minimum=0, maximum=20, required=True),
        Integer("money", "Your money (Hospital).", minimum=0, default=0),
        Integer("injuries", "Hospital: Injury tokens to remove.", minimum=0, default=0),
        Integer("injuries_held", "Hospital: Injury tokens your henchmen carry (optional "
                "check).", minimum=0),
    ),
    run=special_location,
    example={"location": "hospital", "weeks_left": 5, "money": 7, "injuries": 2},
    rules=("special-locations", "the-underground", "hoodlum-hospital", "lucifers-lounge",
           "injury", "mercenaries"),
)

OPERATIONS = (SPECIAL_LOCATION,)
