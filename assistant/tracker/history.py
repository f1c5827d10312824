"""The append-only history: every accepted event is a version, undo and revert included.

Version 0 is the setup; event n makes version n. Undo and revert never delete anything: they
are events that set the state back to an earlier point, so they can themselves be undone
(undo an undo by reverting to the version before it). Undo takes back the most recent change
still in effect: after a revert to version 5, undo takes back what version 5 had last changed.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput

from .events import Event, EventKind, parse_event
from .setup import Setup
from .state import State, apply, initial


@dataclass(frozen=True)
class Point:
    """The state at one version, with the point before its last change (for undo)."""

    state: State
    before: Point | None
    changed_at: int
    """The version whose event made this state (0 for the setup)."""


class History:
    """The states of one session at every version; grows by `append`, never shrinks."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.points: list[Point] = [Point(initial(setup), None, 0)]

    @property
    def version(self) -> int:
        return len(self.points) - 1

    @property
    def state(self) -> State:
        return self.points[-1].state

    def state_at(self, version: int) -> State:
        return self.points[version].state

    def can_undo(self) -> bool:
        return self.points[-1].before is not None

    def check(self, event: Event) -> Point:
        """The point `event` would lead to, or InvalidInput; the history does not change."""
        current = self.points[-1]
        version = self.version + 1
        if event.kind is EventKind.UNDO:
            if current.before is None:
                raise InvalidInput("kind", "There is nothing to undo: this is the state at "
                                   "setup.", "a change first")
            return current.before
        if event.kind is EventKind.REVERT:
            to = event.to_version if event.to_version is not None else -1
            if not 0 <= to < self.version:
                raise InvalidInput("to_version", f"Go back to an earlier version: 0 to "
                                   f"{self.version - 1} (now at {self.version}).",
                                   f"0-{max(self.version - 1, 0)}")
            return self.points[to]
        return Point(apply(self.setup, current.state, event, version), current, version)

    def append(self, event: Event) -> State:
        """Accept `event` as the next version (InvalidInput and no change if it is refused)."""
        self.points.append(self.check(event))
        return self.state

    def extend(self, events: Iterable[Event]) -> History:
        for event in events:
            self.append(event)
        return self


def fold(setup: Setup, events: Iterable[Event]) -> History:
    """The history of `events` played from `setup` (InvalidInput at the first refused one)."""
    return History(setup).extend(events)


def fold_json(setup: Setup, events: Iterable[Mapping[str, Any]]) -> History:
    """As `fold`, from stored or imported JSON events; errors name the event's position."""
    history = History(setup)
    for i, data in enumerate(events):
        try:
            history.append(parse_event(data))
        except InvalidInput as error:
            raise InvalidInput(f"events.{i}.{error.field}", f"Event {i + 1}: {error.detail}",
                               error.allowed) from None
    return history
