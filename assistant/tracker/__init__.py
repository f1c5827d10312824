"""The session kernel: a table's game as an append-only list of events folded into state.

Generic over games: each game supplies a Tracker (contract.py) in its `Game.tracker` slot;
the kernel owns the event envelope, undo and revert (kernel.py) and the history (history.py).
Pure: standard library and `assistant` only (see README.md).
"""
from __future__ import annotations

from .contract import (
    SHARED,
    Action,
    Board,
    Counter,
    Show,
    Toggles,
    Track,
    Tracker,
    Viewer,
    Wording,
)
from .history import History, Point, Step, fold
from .kernel import (
    HISTORY_FORMS,
    REVERT,
    UNDO,
    Event,
    HistoryEvent,
    PlainEvents,
    event_forms,
    parse_event,
    stored_event,
)

__all__ = ["HISTORY_FORMS", "REVERT", "SHARED", "UNDO", "Action", "Board", "Counter", "Event",
           "History", "HistoryEvent", "PlainEvents", "Point", "Show", "Step", "Toggles", "Track",
           "Tracker", "Viewer", "Wording", "event_forms", "fold", "parse_event",
           "stored_event"]
