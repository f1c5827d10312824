"""The append-only history: every accepted event is a version, undo and revert included.

Version 0 is the setup; event n makes version n. Undo and revert never delete anything: they
are events, so they can themselves be taken back. The laws (README.md) hold for every game.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput

from .contract import Tracker
from .kernel import UNDO, HistoryEvent


@dataclass(frozen=True)
class Point:
    """The state at one version, with the point an undo goes back to."""

    state: Any
    before: Point | None
    """The point before the change that made this one (None at setup or past every change)."""


class History:
    """The states of one session at every version; grows by `append`, never shrinks."""

    def __init__(self, tracker: Tracker, setup: Any) -> None:
        self.tracker = tracker
        self.setup = setup
        self.points: list[Point] = [Point(tracker.initial(setup), None)]

    @property
    def version(self) -> int:
        return len(self.points) - 1

    @property
    def state(self) -> Any:
        return self.points[-1].state

    def can_undo(self, version: int | None = None) -> bool:
        return self.points[self.version if version is None else version].before is not None

    def check(self, event: Any) -> Point:
        """The point `event` would lead to, or InvalidInput; the history does not change."""
        current = self.points[-1]
        if isinstance(event, HistoryEvent):
            if event.kind == UNDO:
                if current.before is None:
                    raise InvalidInput("kind", "There is nothing to undo: this is the state "
                                       "at setup.", "a change first")
                return current.before
            to = event.to_version if event.to_version is not None else -1
            if not 0 <= to < self.version:
                raise InvalidInput("to_version", f"Go back to an earlier version: 0 to "
                                   f"{self.version - 1} (now at {self.version}).",
                                   f"0-{max(self.version - 1, 0)}")
            # A revert is a change of its own: undo right after it comes back here.
            return Point(self.points[to].state, current)
        state = self.tracker.apply(self.setup, current.state, event, self.version + 1)
        return Point(state, current)

    def append(self, event: Any) -> Any:
        """Accept `event` as the next version (InvalidInput and no change if it is refused)."""
        self.points.append(self.check(event))
        return self.state

    def extend(self, events: Iterable[Any]) -> History:
        for event in events:
            self.append(event)
        return self


def fold(tracker: Tracker, setup: Any, events: Iterable[Any]) -> History:
    """The history of `events` played from `setup` (InvalidInput at the first refused one)."""
    return History(tracker, setup).extend(events)
