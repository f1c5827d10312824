"""Scheming costs: Plotting with Espionage, building Gadgets, requisitioning Resources with
Infamy, and hiring extra Named Henchmen in Syndicate. One module per idea:

    plotting.py     Espionage per Plotting action (Scheming › Plotting)
    gadgets.py      Data Cache and Corruption on the Technology Track (Build Gadgets)
    requisition.py  Infamy per Resource by mode and role (Requisition Resources)
    hiring.py       VP to hire a Named Henchman in Syndicate (Plotting, Syndicate)
    counts.py       what they share (provenance shorthands, a range check)

Each calculator is a public pure function over plain typed arguments (the tracker calls them
directly) plus an Operation that adapts the API's validated dict to it.
"""
from __future__ import annotations

from assistant.games import Operation

from ...modes import PlayMode
from .gadgets import (
    GADGETS,
    TECH_FLOOR_NOTE,
    TECH_MAX,
    TECH_MIN,
    GadgetPurchase,
    Shift,
    buy_gadget,
    gadget_cost,
)
from .hiring import HIRE_RATE, HIRING, MAX_NAMED_IN_PLAY, hire_henchman
from .plotting import (
    PLOT_TABLE,
    PLOTTING,
    PlotAction,
    PlotRow,
    PlotTarget,
    plot_action_cost,
    plotting_cost,
)
from .requisition import (
    REASSIGN_COST,
    REQUISITION,
    REQUISITION_RATES,
    ReassignReading,
    Role,
    requisition,
    requisition_rate,
)

__all__ = [
    "HIRE_RATE", "MAX_NAMED_IN_PLAY", "OPERATIONS", "PLOT_TABLE", "REASSIGN_COST",
    "REQUISITION_RATES", "TECH_FLOOR_NOTE", "TECH_MAX", "TECH_MIN", "GadgetPurchase",
    "PlayMode", "PlotAction", "PlotRow", "PlotTarget", "ReassignReading", "Role", "Shift",
    "buy_gadget", "gadget_cost", "hire_henchman", "plot_action_cost", "plotting_cost",
    "requisition", "requisition_rate",
]

OPERATIONS: tuple[Operation, ...] = (PLOTTING, GADGETS, REQUISITION, HIRING)
