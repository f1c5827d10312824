"""A table's game session as an append-only list of events, folded into the state that
matters for the end (VP, triggers, objectives, clock, tech track, Betrayer, tie-breaks).

Pure: standard library and `assistant` only (see README.md).
"""
from __future__ import annotations

from .events import EVENT_FORMS, Event, EventKind, ObjectiveKind, VpSource, describe, parse_event
from .history import History, Point, fold, fold_json
from .score import final_score
from .setup import GOODMAN_ID, Mode, Seat, Setup, parse_setup
from .state import SeatState, State, apply, initial

__all__ = ["EVENT_FORMS", "GOODMAN_ID", "Event", "EventKind", "History", "Mode",
           "ObjectiveKind", "Point", "Seat", "SeatState", "Setup", "State", "VpSource", "apply",
           "describe", "final_score", "fold", "fold_json", "initial", "parse_event",
           "parse_setup"]
