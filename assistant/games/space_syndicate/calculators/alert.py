"""The alert level and, under the advanced rules, the Sovereign Destroyer: what each failed
mission, assault or reduction does, step by step, and how far the Destroyer is.

Rulebook: Alert Level Track (syndicate.txt:260-261, 313); missions step 4c (syndicate.txt:507);
assaults step 5 (syndicate.txt:520); The Sovereign Blockade (syndicate.txt:627-639);
colour bands named for the Phantom (syndicate.txt:681-683).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, ListOf, OneOf, Text

from ..book import says
from ..checks import flag, optional, players, whole
from ..tables import ALERT_START, DESTROYER_REMOVAL, alert_max

DERIVED = Provenance.DERIVED
UNKNOWN = Provenance.UNKNOWN
KINDS = ("failed-mission", "assault", "lower", "pay-destroyer")


@dataclass
class AlertState:
    level: int
    maximum: int
    advanced: bool
    destroyer: str | None = None
    steps: list[Step] = field(default_factory=list)

    def failed_mission(self, territory: str) -> None:
        was = self.level
        if self.advanced and was >= self.maximum:
            moved = self.destroyer is not None
            self.destroyer = territory or "the mission's territory"
            self.steps.append(says(
                "sovereign-blockade", "moves" if moved else "at-maximum",
                f"Mission failed with the alert already at its maximum {self.maximum}: the "
                f"Destroyer {'moves' if moved else 'is placed'} on {self.destroyer}; any base "
                "there is flipped.", self.level))
        self.level = min(self.maximum, was + 1)
        self.steps.append(Step(
            f"Failed mission: alert {was} → {self.level}"
            + (" (already at its maximum)." if was == self.level else "."),
            self.level, "alert-level"))

    def assault(self) -> None:
        was = self.level
        self.level = min(self.maximum, was + 1)
        self.steps.append(Step(
            f"Assault (won or lost): alert {was} → {self.level}"
            + (" (already at its maximum)" if was == self.level else "")
            + ". Assaults never move the Destroyer.", self.level, "alert-level"))

    def lower(self, amount: int) -> None:
        was = self.level
        self.level = max(1, was - amount)
        self.steps.append(says("alert-level", "lowest", f"Alert lowered by {amount}: {was} → "
                               f"{self.level}.", self.level))
        if self.destroyer is not None and self.level < was:
            self.steps.append(Step(f"The alert dropped while the Destroyer was on "
                                   f"{self.destroyer}: it leaves the board.", None,
                                   "sovereign-blockade"))
            self.destroyer = None

    def pay_off(self) -> None:
        if self.destroyer is None:
            raise InvalidInput("events", "The Destroyer is not on the board.",
                               "failed-mission, assault, lower")
        self.steps.append(Step(f"Its owner pays {DESTROYER_REMOVAL} influence: the Destroyer "
                               f"leaves {self.destroyer} for the alert track.",
                               DESTROYER_REMOVAL, "sovereign-blockade"))
        self.destroyer = None


def band(level: int, orange_from: int | None, red_from: int | None) -> str | None:
    """Yellow, orange or red from the table's own band limits (unknown: not in the text)."""
    if orange_from is None or red_from is None:
        return None
    return "red" if level >= red_from else "orange" if level >= orange_from else "yellow"


def bands(data: Mapping[str, Any], maximum: int) -> tuple[int | None, int | None]:
    orange = optional(data, "orange_from", low=1, high=maximum)
    red = optional(data, "red_from", low=1, high=maximum)
    if orange is not None and red is not None and red <= orange:
        raise InvalidInput("red_from", "Red must start above orange.",
                           f"{orange + 1} to {maximum}")
    return orange, red


@dataclass(frozen=True)
class Failure:
    steps: tuple[Step, ...]
    result: Mapping[str, Any]


def failure_outcome(data: Mapping[str, Any], kind: str) -> Failure:
    """What a failed mission (kind 'mission') or any assault ('assault') does to the alert."""
    level = optional(data, "alert", low=1, high=8)
    if level is None:
        text = ("A failure raises the alert by 1." if kind == "mission"
                else "Won or lost, the assault raises the alert by 1.")
        return Failure((Step(text + " Enter the alert level to see what it triggers.", 1,
                             "alert-level"),), {"alert_rise": 1})
    maximum = alert_max(players(data))
    if level > maximum:
        raise InvalidInput("alert", f"The alert maximum is {maximum} with this many players.",
                           f"1 to {maximum}")
    state = AlertState(level, maximum, flag(data, "advanced"),
                       (data.get("destroyer_on") or "").strip() or None)
    if kind == "mission":
        state.failed_mission((data.get("territory") or "").strip())
    else:
        state.assault()
    return Failure(tuple(state.steps), {"alert_before": level, "alert_after": state.level,
                                        "alert_max": maximum, "destroyer_on": state.destroyer})


def alert(data: Mapping[str, Any]) -> Explained:
    count = players(data)
    maximum = alert_max(count)
    level = whole(data, "alert", ALERT_START, low=1, high=maximum)
    advanced = flag(data, "advanced")
    destroyer = (data.get("destroyer_on") or "").strip() or None
    if destroyer and not advanced:
        raise InvalidInput("destroyer_on", "The Destroyer only plays with the advanced rules.",
                           "leave empty, or switch the advanced rules on")
    orange, red = bands(data, maximum)
    state = AlertState(level, maximum, advanced, destroyer)
    state.steps.append(Step(f"{count} players: the alert maximum is {maximum}.", maximum,
                            "setup-by-count"))
    state.steps.append(Step(f"Alert now {level}.", level, "alert-level"))
    events: Sequence[Mapping[str, Any]] = data.get("events") or ()
    for i, event in enumerate(events):
        kind = event.get("kind")
        if kind not in KINDS:
            raise InvalidInput(f"events.{i}.kind", f"{kind!r} is not an alert event.",
                               ", ".join(KINDS))
        if kind == "failed-mission":
            state.failed_mission((event.get("territory") or "").strip())
        elif kind == "assault":
            state.assault()
        elif kind == "lower":
            state.lower(whole(event, "amount", 1, low=1, high=8))
        else:
            state.pay_off()
    raises = state.maximum - state.level
    if advanced:
        state.steps.append(Step(
            f"{raises} more rise(s) bring the alert to its maximum; after that, the next failed "
            "mission brings in the Destroyer." if raises else
            "At maximum: the next failed mission puts the Destroyer on its territory.",
            raises, "sovereign-blockade"))
    colour = band(state.level, orange, red)
    if orange is None or red is None:
        state.steps.append(says("alert-bands", None, "Colour band: enter where orange and red "
                                "start on your track (not in the book's text)."))
    else:
        state.steps.append(says("alert-bands", None, f"Alert {state.level} is in the {colour} "
                                f"band (your track: orange from {orange}, red from {red}).",
                                state.level))
    result = {"alert": state.level, "alert_max": maximum, "rises_to_max": raises,
              "destroyer_on": state.destroyer,
              "destroyer_on_board": state.destroyer is not None, "band": colour,
              "destroyer_next_failure": advanced and raises == 0}
    summary = f"Alert {state.level} of {maximum}"
    if advanced:
        summary += f"; Destroyer {'on ' + state.destroyer if state.destroyer else 'off the board'}"
    return Explained(result, tuple(state.steps), summary + ".")


EVENT_FIELDS = (
    OneOf("kind", "What happened", KINDS, required=True),
    Text("territory", "Territory of the failed mission"),
    Integer("amount", "How far the alert was lowered", 1, 8, 1),
)
FORM = (
    Integer("players", "Players", 2, 5, required=True),
    Integer("alert", "Alert level now", 1, 8, 1),
    Flag("advanced", "Advanced rules (Sovereign Blockade)"),
    Text("destroyer_on", "Territory the Destroyer is on now (empty: off the board)"),
    ListOf("events", "What happens next, in order", EVENT_FIELDS, max_items=20),
    Integer("orange_from", "First orange level on your alert track", 1, 8),
    Integer("red_from", "First red level on your alert track", 1, 8),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="alert",
        title="Alert level and Destroyer",
        summary="Follow the alert through failed missions, assaults and reductions; with the "
                "advanced rules, when the Destroyer appears, moves or leaves.",
        form=FORM,
        run=alert,
        example={"players": 3, "alert": 5, "advanced": True,
                 "events": [{"kind": "assault"}, {"kind": "failed-mission",
                                                  "territory": "Goshen"}]},
        rules=("alert-level", "sovereign-blockade", "alert-bands", "setup-by-count"),
    ),
)
