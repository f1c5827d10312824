"""The append-only history: every accepted event is a version, undo and revert included.

Version 0 is the setup; event n makes version n. Undo and revert never delete anything: they
are events, so they can themselves be taken back. The laws (README.md) hold for every game.

Memory stays near linear in the number of events: each event is kept once, with a few small
numbers per version (the version whose state it has, the version an undo goes back to), and a
whole state is kept only for the latest version, the one before it (so an undo is free), a few
versions read lately, and a snapshot after every max(SNAPSHOT_EVERY, version / SNAPSHOT_SPREAD)
applied events: so a game whose state grows with every event (a list of notes) keeps about
SNAPSHOT_SPREAD · log(n) states, not n. Any other version's state is recomputed from the nearest
kept one, replaying at most that many events.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from assistant.errors import InvalidInput

from .contract import Tracker
from .kernel import UNDO, HistoryEvent

SNAPSHOT_EVERY = 256
"""A state is kept after at least this many events applied since the last kept one..."""
SNAPSHOT_SPREAD = 16
"""...or version / SNAPSHOT_SPREAD of them, whichever is more."""
RECENT = 8
"""States of versions computed lately, kept besides the snapshots (an undo reads one)."""
_MISSING = object()


@dataclass(frozen=True)
class Point:
    """The state at one version, with the version an undo goes back to."""

    state: Any
    before: int | None
    """The version before the change that made this one (None at setup or past every change)."""


@dataclass(frozen=True)
class Step:
    """What an event would do (History.check), to be accepted as it is (History.accept)."""

    event: Any
    state: Any
    source: int
    before: int | None
    at: int
    """The version this step was checked at."""


class Points(Sequence[Point]):
    """The history read as a list of points, computed on demand."""

    def __init__(self, history: History) -> None:
        self._history = history

    def __len__(self) -> int:
        return self._history.version + 1

    @overload
    def __getitem__(self, index: int) -> Point: ...

    @overload
    def __getitem__(self, index: slice) -> list[Point]: ...

    def __getitem__(self, index: int | slice) -> Point | list[Point]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        version = index + len(self) if index < 0 else index
        if not 0 <= version < len(self):
            raise IndexError(index)
        h = self._history
        return Point(h.state_at(version), h.undo_target(version))

    def __iter__(self) -> Iterator[Point]:
        for version in range(len(self)):
            yield self[version]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]


class History:
    """The states of one session at every version; grows by `append`, never shrinks."""

    def __init__(self, tracker: Tracker, setup: Any) -> None:
        self.tracker = tracker
        self.setup = setup
        self._events: list[Any] = [None]
        """The event that made each version (None for the setup)."""
        self._source: list[int] = [0]
        """The version whose state each version has: itself after a game event (or setup);
        the version it went back to after an undo or a revert."""
        self._before: list[int | None] = [None]
        """The version an undo at this version goes back to."""
        self._depth: list[int] = [0]
        """Events applied since the nearest kept state (for the versions that apply one)."""
        self._kept: dict[int, Any] = {0: tracker.initial(setup)}
        self._recent: dict[int, Any] = {}
        self._latest: Any = self._kept[0]

    @property
    def version(self) -> int:
        return len(self._events) - 1

    @property
    def state(self) -> Any:
        return self._latest

    @property
    def points(self) -> Points:
        return Points(self)

    def undo_target(self, version: int) -> int | None:
        return self._before[version]

    def can_undo(self, version: int | None = None) -> bool:
        return self._before[self.version if version is None else version] is not None

    def state_at(self, version: int) -> Any:
        """The state at `version` (0 to self.version)."""
        if version == self.version:
            return self._latest
        source = self._source[version]
        chain = []  # versions that apply their event, newest first, back to a known state
        at = source
        state = self._known(at)
        while state is _MISSING:
            chain.append(at)
            at = self._source[at - 1]
            state = self._known(at)
        if chain:
            for applied in reversed(chain):
                state = self.tracker.apply(self.setup, state, self._events[applied], applied)
            self._remember(source, state)
        return state

    def _remember(self, version: int, state: Any) -> None:
        # plain dict operations only: safe when two threads read the same history. Popped
        # first so a version read again moves to the end (else one an undo keeps going back
        # to, remembered early, was the first dropped and recomputed after every undo).
        recent = self._recent
        recent.pop(version, None)
        recent[version] = state
        if len(recent) > RECENT:
            for old in list(recent)[:-RECENT]:
                recent.pop(old, None)

    def _known(self, version: int) -> Any:
        found = self._kept.get(version, _MISSING)
        return self._recent.get(version, _MISSING) if found is _MISSING else found

    def check(self, event: Any) -> Step:
        """What `event` would do, or InvalidInput; the history does not change."""
        current = self.version
        if isinstance(event, HistoryEvent):
            if event.kind == UNDO:
                back = self._before[current]
                if back is None:
                    raise InvalidInput("kind", "There is nothing to undo: this is the state "
                                       "at setup.", "a change first")
                return Step(event, self.state_at(back), self._source[back], self._before[back],
                            current)
            to = event.to_version if event.to_version is not None else -1
            if not 0 <= to < current:
                raise InvalidInput("to_version", f"Go back to an earlier version: 0 to "
                                   f"{current - 1} (now at {current}).",
                                   f"0-{max(current - 1, 0)}")
            # A revert is a change of its own: undo right after it comes back here.
            return Step(event, self.state_at(to), self._source[to], current, current)
        state = self.tracker.apply(self.setup, self._latest, event, current + 1)
        return Step(event, state, current + 1, current, current)

    def append(self, event: Any) -> Any:
        """Accept `event` as the next version (InvalidInput and no change if it is refused)."""
        return self.accept(self.check(event))

    def accept(self, step: Step) -> Any:
        """Make a checked step the next version (checked at this version: ValueError if not)."""
        if step.at != self.version:
            raise ValueError(f"step checked at version {step.at}, history at {self.version}")
        return self._push(step.event, step.state, step.source, step.before)

    def _push(self, event: Any, state: Any, source: int, before: int | None) -> Any:
        version = len(self._events)
        self._events.append(event)
        self._source.append(source)
        self._before.append(before)
        if source == version:  # a game event: one more application since the last kept state
            depth = self._depth[self._source[version - 1]] + 1
            if depth >= max(SNAPSHOT_EVERY, version // SNAPSHOT_SPREAD):
                self._kept[version], depth = state, 0
        else:
            depth = 0
        self._depth.append(depth)
        previous = self._source[version - 1]
        if previous not in self._kept:  # the state an undo goes back to, kept at hand
            self._remember(previous, self._latest)
        self._latest = state
        return state

    def extend(self, events: Iterable[Any]) -> History:
        """append each event in turn. A game event is applied here directly, what check and
        accept would do without their Step: a long session folds cold on its first read."""
        apply, setup = self.tracker.apply, self.setup
        before, source = self._before, self._source
        for event in events:
            if isinstance(event, HistoryEvent):
                back = before[-1] if event.kind == UNDO else None
                if back is None:  # a revert, or an undo with nothing to undo (refused)
                    self.append(event)
                else:  # an undo, as check and accept would record it
                    self._push(event, self.state_at(back), source[back], before[back])
                continue
            current = len(self._events) - 1
            self._push(event, apply(setup, self._latest, event, current + 1), current + 1,
                       current)
        return self


def fold(tracker: Tracker, setup: Any, events: Iterable[Any]) -> History:
    """The history of `events` played from `setup` (InvalidInput at the first refused one)."""
    return History(tracker, setup).extend(events)
