"""Plotting with Espionage (Scheming › Plotting): what each Plotting action costs."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, ListOf, OneOf

from ...book import mark, says
from .counts import check_count


class PlotTarget(StrEnum):
    """What a Plotting action aims at (one row of the rulebook's Plotting table)."""

    SIDE_JOBS = "side-jobs"
    """Draw three Side Jobs and keep one."""
    GADGET = "gadget"
    """Draw three Gadgets and put one in R&D."""
    SWITCH_RESOURCE = "switch-resource-mission"
    """Swap a Resource Mission on the War Map for one from a Vault."""
    REMOVE_RESOURCE = "remove-resource-mission"
    """Send a Resource Mission to the World (it may be replaced)."""
    REVEAL_DOOMSDAY = "reveal-doomsday-mission"
    """Flip an Inactive Doomsday Mission face up, making it Active."""
    REMOVE_INACTIVE_DOOMSDAY = "remove-inactive-doomsday-mission"
    """Send an Inactive Doomsday Mission to the World."""
    REMOVE_ACTIVE_DOOMSDAY = "remove-active-doomsday-mission"
    """Send an Active Doomsday Mission to the World."""
    REMOVE_COMPLETED_DOOMSDAY = "remove-completed-doomsday-mission"
    """Send a Completed Doomsday Mission to the World."""


@dataclass(frozen=True)
class PlotRow:
    label: str
    base: int
    occupied_counts: bool
    high_alert_counts: bool
    reading: str = ""
    """The reading of plotting-costs that says why the row is read this way, where the tile
    kind is an icon the rulebook's text does not carry."""

    @property
    def provenance(self) -> Provenance:
        return mark("plotting-costs", self.reading)[0] if self.reading else Provenance.RULEBOOK

    @property
    def note(self) -> str:
        return mark("plotting-costs", self.reading)[1] if self.reading else ""


PLOT_TABLE: Mapping[PlotTarget, PlotRow] = {
    PlotTarget.SIDE_JOBS: PlotRow("Side Jobs", 1, False, False),
    PlotTarget.GADGET: PlotRow("Gadget", 1, False, False),
    PlotTarget.SWITCH_RESOURCE: PlotRow("Switch out a Resource Mission", 1, True, True,
                                        "resource-tile"),
    PlotTarget.REMOVE_RESOURCE: PlotRow("Remove a Resource Mission", 2, True, True,
                                        "resource-tile"),
    PlotTarget.REVEAL_DOOMSDAY: PlotRow("Reveal a Doomsday Mission", 1, False, False,
                                        "doomsday-tile"),
    PlotTarget.REMOVE_INACTIVE_DOOMSDAY: PlotRow("Remove an Inactive Doomsday Mission", 2,
                                                 True, False, "doomsday-tile"),
    PlotTarget.REMOVE_ACTIVE_DOOMSDAY: PlotRow("Remove an Active Doomsday Mission", 3,
                                               True, False, "doomsday-tile"),
    PlotTarget.REMOVE_COMPLETED_DOOMSDAY: PlotRow("Remove a Completed Doomsday Mission", 4,
                                                  True, False, "doomsday-tile"),
}



@dataclass(frozen=True)
class PlotAction:
    target: PlotTarget
    occupied: bool = False
    high_alert: int = 0


def plot_action_cost(action: PlotAction, where: str = "action") -> tuple[int, list[Step]]:
    """The Espionage one Plotting action costs, with its steps. `where` names the input."""
    row = PLOT_TABLE[action.target]
    if action.occupied and not row.occupied_counts:
        raise InvalidInput(f"{where}.occupied",
                           f"Being Occupied does not change the cost of '{row.label}'.",
                           "false")
    if action.high_alert and not row.high_alert_counts:
        raise InvalidInput(f"{where}.high_alert",
                           f"High Alert tokens only change the cost of switching or removing "
                           f"a Resource Mission, not '{row.label}'.", "0")
    check_count(f"{where}.high_alert", action.high_alert, 0, 10)
    base = f"{row.label}: base cost {row.base} Espionage."
    steps = [says("plotting-costs", row.reading or "rows", base, row.base)]
    cost = row.base
    if action.occupied:
        cost += 1
        steps.append(Step("The tile is Occupied: +1.", 1, "occupied"))
    if action.high_alert:
        cost += action.high_alert
        steps.append(says("plotting-costs", "high-alert",
                          f"{action.high_alert} High Alert token(s) on the tile: "
                          f"+{action.high_alert}.", action.high_alert))
    return cost, steps


def plotting_cost(actions: Sequence[PlotAction], espionage: int | None = None,
                  doomsday_flipped_before: bool = False) -> Explained:
    """Total Espionage for a list of Plotting actions, checked against what the player holds."""
    if not actions:
        raise InvalidInput("actions", "List at least one Plotting action.", "1-20 actions")
    steps: list[Step] = []
    costs: list[int] = []
    alert_added = False
    flipped = doomsday_flipped_before
    for i, action in enumerate(actions):
        cost, action_steps = plot_action_cost(action, f"actions.{i}")
        costs.append(cost)
        steps.extend(action_steps)
        if action.target is PlotTarget.REVEAL_DOOMSDAY and not flipped:
            flipped = alert_added = True
            steps.append(says("plotting-costs", "first-flip", "This is the first Doomsday Mission "
                              "flipped this game: one High Alert token goes on CIA HQ (no extra "
                              "Espionage).", 1))
    total = sum(costs)
    steps.append(says("plotting", "total", f"Total for {len(costs)} action(s): {total} Espionage.",
                      total))
    result: dict[str, Any] = {"costs": costs, "total": total, "cia_high_alert_added": alert_added}
    summary = f"Plotting: {len(costs)} action(s) cost {total} Espionage"
    if espionage is not None:
        check_count("espionage", espionage)
        affordable = total <= espionage
        result.update(espionage=espionage, affordable=affordable,
                      espionage_left=espionage - total if affordable else None,
                      short_by=0 if affordable else total - espionage)
        if affordable:
            steps.append(says("plotting", "total", f"You hold {espionage} Espionage, so "
                              f"{espionage - total} is left.", espionage - total))
            summary += f"; you hold {espionage}, {espionage - total} left."
        else:
            steps.append(says("plotting", "total", f"You hold only {espionage} Espionage: "
                              f"{total - espionage} short. Plotting is limited by the Espionage "
                              "you have.", espionage - total))
            summary += f"; you hold {espionage}, {total - espionage} short."
    else:
        summary += "."
    return Explained(result, tuple(steps), summary)


PLOTTING_FORM = (
    ListOf("actions", "The Plotting actions you plan, in order.", (
        OneOf("target", "What the action aims at.", tuple(t.value for t in PlotTarget),
              required=True),
        Flag("occupied", "The mission tile has a Squad or an Agent on it."),
        Integer("high_alert", "High Alert tokens on the Resource Mission tile.", 0, 10, 0),
    ), min_items=1, max_items=20, required=True),
    Integer("espionage", "Espionage you hold (leave out to just total the costs).", 0, 99),
    Flag("doomsday_flipped_before", "A Doomsday Mission was already flipped earlier this game."),
)


def _run_plotting(data: Mapping[str, Any]) -> Explained:
    actions = [PlotAction(PlotTarget(a["target"]), bool(a.get("occupied", False)),
                          int(a.get("high_alert", 0))) for a in data["actions"]]
    return plotting_cost(actions, data.get("espionage"),
                         bool(data.get("doomsday_flipped_before", False)))


PLOTTING = Operation(
    "plotting-cost", "Plotting cost",
    "Espionage for a list of Plotting actions, and whether you hold enough.",
    PLOTTING_FORM, _run_plotting,
    {"actions": [{"target": "remove-resource-mission", "occupied": True, "high_alert": 1},
                 {"target": "reveal-doomsday-mission"}, {"target": "side-jobs"}],
     "espionage": 6},
    ("plotting", "plotting-costs", "occupied"))
