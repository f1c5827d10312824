"""The session kernel bound to Tomorrow Dies Today's tracker, for these tests."""
from __future__ import annotations

from typing import Any

from assistant import tracker as kernel
from assistant.explain import Explained
from assistant.games import find_game

TRACKER = find_game("tdt").tracker
assert TRACKER is not None


def parse_event(data: Any) -> Any:
    return kernel.parse_event(TRACKER, data)


def parse_setup(data: Any) -> Any:
    return TRACKER.parse_setup(data)


def fold(setup: Any, events: Any) -> kernel.History:
    return kernel.fold(TRACKER, setup, events)


def History(setup: Any) -> kernel.History:  # noqa: N802  (stands in for the class)
    return kernel.History(TRACKER, setup)


def final_score(setup: Any, state: Any) -> Explained:
    return TRACKER.score(setup, state)
