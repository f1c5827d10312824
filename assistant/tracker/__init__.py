"""The session kernel: a table's game as an append-only list of events folded into state.

Generic over games: each game supplies a Tracker (contract.py) in its `Game.tracker` slot,
usually a TrackerBase (base.py: the contract's defaults and the seat code games share); the
kernel owns the event envelope, undo and revert (kernel.py) and the history (history.py).
Pure: standard library and `assistant` only (see README.md).
"""
from __future__ import annotations

from .base import NOTE, Seat, TrackerBase, put, seat_index, seat_name
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
from .history import History, Point, Step, collector_paused, fold, sealed_copy
from .kernel import (
    ANYONE,
    HISTORY_FORMS,
    OWN_PHONE,
    RELEASE,
    REVERT,
    SEALED,
    UNDO,
    Event,
    HistoryEvent,
    Release,
    after_end,
    allowed_moves,
    apply_event,
    discloses,
    event_forms,
    export_event,
    import_event,
    is_release,
    is_sealed,
    parse_event,
    released,
    seal,
    seat_of,
    stored_event,
    what_now,
    writer,
)
from .names import seat_id, seat_ids
from .standings import PROVISIONAL, Standing, table_score

__all__ = [
    "ANYONE", "HISTORY_FORMS", "NOTE", "OWN_PHONE", "PROVISIONAL", "RELEASE", "REVERT",
    "SEALED", "SHARED", "UNDO", "Action", "Board", "Counter", "Event", "History",
    "HistoryEvent", "Point", "Release", "Seat", "Show", "Standing", "Step", "Toggles", "Track",
    "Tracker", "TrackerBase", "Viewer", "Wording", "after_end", "allowed_moves", "apply_event",
    "collector_paused", "discloses", "event_forms", "export_event", "fold", "import_event",
    "is_release", "is_sealed", "parse_event", "put", "released", "seal", "sealed_copy",
    "seat_id", "seat_ids", "seat_index", "seat_name", "seat_of", "stored_event",
    "table_score", "what_now", "writer",
]
