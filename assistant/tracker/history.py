"""The append-only history: every accepted event is a version, undo and revert included.

Version 0 is the setup; event n makes version n. Undo and revert never delete anything: they
are events, so they can themselves be taken back. The laws (README.md) hold for every game.

Lanes. The table's shared events form one lane; each seat's private entries (the game's
`private_events`, written from that seat's own phone) form a lane of their own. An undo or a
revert acts on one lane: the table's (no `seat`) or one seat's (its `seat`), and never touches
another lane's entries. So the events in effect at a version are, per lane, a chain of that
lane's events (each event remembers the one before it in its lane, `_prev`), and the state is
the fold of all lanes' events in effect, in the order they were recorded. Usually that is the
state of an earlier version (an undo with no private entry after its target); otherwise the
entries recorded since are applied again on top of it.

Two undos or reverts are refused: one that would take back an event that disclosed a seat's
secret (an owner's reveal, kernel.discloses: the table saw it, so it stays), and one after
which a kept later event no longer applies (InvalidInput naming that version).

Releases. A seat handed to a new phone (kernel.Release, written by the table) is an event of
that seat's own lane: the game forgets the seat's secret (Tracker.forget, one call: no
refold), the seat's own undo stops at it and its own revert cannot go behind it, and the
table's undo and revert never touch a seat's lane: so nothing takes a release back, and the
earlier phone's entries never come back into a state. The new phone reads them as every other
reader does (`reader`), and the history marks the seat's later entries as made on the new
phone (`line`). A snapshot's record carries the releases in its versions.

Snapshots (the event-sourcing way). A state is kept at every version that is a multiple of
SNAPSHOT_EVERY, and wherever a version's state would otherwise lie SNAPSHOT_EVERY events or
more from a kept one (`_depth`: how many events must be applied to a kept state to get it). A
kept state with the history's record of the versions since the one kept before it (`Record`:
a few small numbers per version) is a snapshot: the store writes it beside the event that made
it, in the same transaction. A history resumes from snapshots (`History.resume`: every record,
the latest state) plus the events after the latest, and reads what it does not hold (older
events, older kept states) from a `Source`: so no read, write, undo or export applies more than
SNAPSHOT_EVERY events, whatever the table's length (but for a seat's own entries recorded after
the version an undo or revert goes back to, which are applied again on top of it). Which
versions keep a state depends on the events only, so every process keeps the same ones.

Memory: each event is kept once, with a few small numbers per version (its lane, the previous
event in its lane, the table lane's head and undo target, its depth, the seats' heads and undo
targets, shared between versions that do not change them) in columns that pack all but the
newest (columns.py: a few bytes a version), and whole states only for the latest version, a few
read lately and the kept ones; a history with a Source holds only the newest kept state and the
events after it (the rest is in its Source).
States are keyed by the lanes' heads (which events are in effect), so two versions with the
same events in effect share one state.
"""
from __future__ import annotations

import gc
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, overload

from assistant.errors import InvalidInput

from .columns import Column, numbers, tuples
from .contract import SHARED, Tracker, Viewer
from .kernel import (
    UNDO,
    HistoryEvent,
    Release,
    after_end,
    apply_event,
    discloses,
    export_event,
    import_event,
    seat_of,
    what_now,
    writer,
)

SNAPSHOT_EVERY = 64
"""A state is kept (a snapshot) at every multiple of this version, and wherever a version's state
would lie this many events from a kept one: the most events any read, write or undo applies."""
RECENT = 8
"""States of versions computed lately, kept besides the snapshots (an undo reads one)."""
_MISSING: Any = object()
TABLE = 0
"""The table's lane; seat i's own entries are lane i + 1."""
NONE = -1
"""No version (an undo target where there is nothing to undo), as the arrays hold it."""

class _NoLongerApplies(InvalidInput):
    """A kept event refused when the events in effect change (an undo's or revert's check)."""

    def __init__(self, version: int, error: InvalidInput) -> None:
        super().__init__(error.field, error.detail, error.allowed, rule=error.rule)
        self.version = version
        self.error = error


Key = tuple[int, tuple[int, ...]]
"""Which events are in effect: the table lane's newest, and each seat lane's newest (0: none).
A state depends on nothing else."""
Record = tuple[int, bytes, bytes, bytes, bytes, bytes, list[tuple[int, tuple[int, ...]]],
               list[tuple[int, tuple[int | None, ...]]], list[int], list[int]]
"""A snapshot's record of versions first..last (last: the snapshot's own version): `first`, then
each version's lane, previous event in its lane, table head, table undo target (NONE: none) and
depth as machine ints (array "i"), the seats' heads and undo targets as (version, tuple) each time
they change, the versions that disclosed a secret, and the versions that released a seat (its
lane says which). Plain values only: any process reads it."""


class Source(Protocol):
    """Where a resumed history reads what it does not hold (the store: its database)."""

    def events(self, versions: Sequence[int]) -> Mapping[int, Any]:
        """The stored events of these versions."""

    def state(self, version: int) -> Any:
        """The state kept at `version` (a snapshot); LookupError where there is none."""


@dataclass(frozen=True)
class Point:
    """The state at one version, with the version the table's undo goes back to."""

    state: Any
    before: int | None
    """The version before the table's change that made this one (None at setup or past every
    change)."""


class Step(NamedTuple):
    """What an event would do (History.check), to be accepted as it is (History.accept).
    `event` is the stored form (Tracker.resolve): store that, not the request's. (A named
    tuple: one is made for every event written, and a frozen dataclass of this size costs
    more to make than most games' apply.)"""

    event: Any
    state: Any
    before: int | None
    """The version the table's undo would go back to after this step."""
    at: int
    """The version this step was checked at."""
    lane: int
    prev: int
    """A game event: the event before it in its lane (0: none); -1 for undo and revert."""
    head: int
    seats: tuple[int, ...]
    seat_before: tuple[int | None, ...]
    depth: int
    discloses: bool


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
        self._seat_ids: dict[str, int] = {s.id: i for i, s in enumerate(setup.seats)}
        none: tuple[int, ...] = (0,) * len(self._seat_ids)
        self._events: list[Any] = []
        """The stored events this history holds: those of versions `_first` on (older ones
        are its Source's, and cost nothing here)."""
        self._first = 1
        """The oldest version whose event this history holds (its version + 1 if none)."""
        self._lane = numbers((TABLE,))
        """A game event's lane; the lane an undo or revert acted on."""
        self._prev = numbers((0,))
        """A game event: the newest event of its lane in effect just before it; else -1."""
        self._head = numbers((0,))
        """The table lane's newest event in effect at each version (0: none)."""
        self._before = numbers((NONE,))
        """The version the table's undo at this version goes back to (NONE: nothing to undo)."""
        self._seats: Column[tuple[int, ...]] = tuples((none,))
        """Each seat lane's newest entry in effect (one tuple, shared while unchanged)."""
        self._seat_before: Column[tuple[int | None, ...]] = tuples(((None,) * len(none),))
        """The version each seat's own undo goes back to (shared while unchanged)."""
        self._depth = numbers((0,))
        """Events to apply to a kept state to get each version's state (0: kept)."""
        self._disclosed: set[int] = set()
        """Versions whose event disclosed a seat's secret (never taken back)."""
        self._releases: list[list[int]] = [[] for _ in none]
        """Each seat's releases (handed to a new phone), in order: never taken back."""
        self._setup_key: Key = (0, none)
        self._kept: dict[Key, Any] = {self._setup_key: tracker.initial(setup)}
        """Kept states this history holds."""
        self._kept_at: dict[Key, int] = {}
        """Every kept state's key (the setup's aside) and the version that kept it first."""
        self._snapshots: list[int] = []
        """The versions that kept a state, in order."""
        self._recent: dict[Key, Any] = {}
        self._latest: Any = self._kept[self._setup_key]
        self._source: Source | None = None
        self._names = {s.id: s.name for s in setup.seats}

    @classmethod
    def resume(cls, tracker: Tracker, setup: Any, records: Iterable[Record], state: Any,
               source: Source) -> History:
        """The history as snapshots left it: every snapshot's record in order and the newest
        one's state; what it does not hold it reads from `source`. Its events after that
        snapshot are folded in with `catch_up`. ValueError if the records leave a gap."""
        history = cls(tracker, setup)
        for record in records:
            history._read_record(record)
        for column in history._columns():
            column.pack()
        if not history._snapshots:
            raise ValueError("no snapshot to resume from")
        history._kept[history._key(history.version)] = history._latest = state
        history._first = history.version + 1
        history._source = source
        return history

    def attach(self, source: Source) -> None:
        """From now on `source` holds this history's snapshots and events (the store wrote
        them): only the newest kept state and the events after it stay in memory."""
        self._source = source
        if self._snapshots:
            self._release(self._snapshots[-1])

    # --- reading -------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return self._first + len(self._events) - 1

    @property
    def state(self) -> Any:
        return self._latest

    @property
    def points(self) -> Points:
        return Points(self)

    @property
    def held_events(self) -> int:
        """Events this history holds in memory (the rest are its Source's)."""
        return len(self._events)

    @property
    def packed_versions(self) -> int:
        """Versions whose numbers this history keeps packed (columns.py)."""
        return self._lane.packed

    @property
    def held_states(self) -> int:
        """Whole states this history holds in memory."""
        return len(self._kept) + len(self._recent) + 1

    def event_at(self, version: int) -> Any:
        """The stored event that made `version` (1 to self.version): what an export carries."""
        if not 1 <= version <= self.version:
            raise IndexError(version)
        return self._events_of([version])[0]

    def stored_form(self, version: int, event: Any) -> Any:
        """`event`, the stored row of `version`, as this history holds it (an undo or revert of
        a seat named by its name, as early rows were stored, names its seat's id)."""
        if isinstance(event, HistoryEvent) and event.seat is not None:
            seat = self.lane_seat(version)
            if seat is not None and seat != event.seat:
                return HistoryEvent(event.kind, event.to_version, seat)
        return event

    def lane_seat(self, version: int) -> str | None:
        """Whose lane the event at `version` is in (or acted on): None for the table's."""
        lane = self._lane[version]
        return None if lane == TABLE else self.setup.seats[lane - 1].id

    def discloses(self, version: int) -> bool:
        return version in self._disclosed

    def released(self, seat: str, version: int | None = None) -> int:
        """The version of `seat`'s latest release at `version` (0: the seat's first phone
        still holds it): the seat's own entries before it are an earlier phone's."""
        at = self.version if version is None else version
        found = self._releases[self._lane_of(seat) - 1]
        return found[bisect_right(found, at) - 1] if found and found[0] <= at else 0

    def reader(self, version: int, viewer: Viewer) -> Viewer:
        """As whom `viewer` reads the event at `version`: itself, except a seat's own private
        entry made by an earlier phone of that seat (before its latest release), which its
        new phone reads as every other reader does."""
        if viewer.seat is None or self.lane_seat(version) != viewer.seat:
            return viewer
        return SHARED if version < self.released(viewer.seat) else viewer

    def line(self, version: int, viewer: Viewer = SHARED) -> str:
        """The history line of the event at `version` as `viewer` reads it (`reader`); a
        seat's own entry made after a release of that seat says it was made on the new
        phone (entered again)."""
        event = self._events_of([version])[0]
        if isinstance(event, HistoryEvent):
            return event.describe(self._names)
        text = str(self.tracker.describe(event, self._names, self.reader(version, viewer)))
        seat = self.lane_seat(version)
        if seat is not None and self.released(seat, version):
            return f"On the new phone: {text}"
        return text

    def undo_target(self, version: int, seat: str | None = None) -> int | None:
        """The version whose events (in the table's lane, or in `seat`'s) an undo at
        `version` brings back; None when there is nothing to undo."""
        lane = self._lane_of(seat)
        if lane == TABLE:
            back = self._before[version]
            return None if back == NONE else back
        return self._seat_before[version][lane - 1]

    def can_undo(self, version: int | None = None, seat: str | None = None) -> bool:
        """Whether the table's undo (or `seat`'s own) would be accepted at `version`: there is
        a change to take back and it disclosed no secret."""
        at = self.version if version is None else version
        lane = self._lane_of(seat)
        back = self.undo_target(at, seat)
        if back is None:
            return False
        if lane != TABLE or not self._disclosed:
            return True
        return not self._disclosed_between(self._head[at], self._head[back])

    def effective(self, version: int | None = None) -> list[int]:
        """The versions of the game events in effect at `version`, in the order recorded:
        its state is their fold from the setup."""
        at = self.version if version is None else version
        out: list[int] = []
        for head in (self._head[at], *self._seats[at]):
            while head:
                out.append(head)
                head = self._prev[head]
        return sorted(out)

    def state_at(self, version: int) -> Any:
        """The state at `version` (0 to self.version)."""
        if version == self.version and self._latest is not _MISSING:
            return self._latest
        return self._state(self._key(version))

    def _state(self, key: Key) -> Any:
        """The state with these events in effect: the nearest known state on the way back (a
        kept one, in memory or the Source's, one read lately, the latest) and the events in
        effect after it applied again (InvalidInput if one of them no longer applies: only for
        a key not yet accepted)."""
        state = self._known(key)
        if state is not _MISSING:
            return state
        head, seats = key
        chain = []  # the newest event in effect, taken off one by one until a state is known
        keys = []  # the events in effect with each of them on top
        while state is _MISSING:
            newest, lane = self._newest(head, seats)
            chain.append(newest)
            keys.append((head, seats))
            if lane == TABLE:
                head = self._prev[newest]
            else:
                seats = (*seats[:lane - 1], self._prev[newest], *seats[lane:])
            state = self._known((head, seats))
        tracker, setup = self.tracker, self.setup
        apply = tracker.apply
        events = self._events_of(chain)
        for at in range(len(chain) - 1, -1, -1):
            version = chain[at]
            event = events[at]
            try:
                state = apply(setup, state, event, version) if type(event) is not Release \
                    else apply_event(tracker, setup, state, event, version)
            except InvalidInput as error:
                raise _NoLongerApplies(version, error) from None
            if at < RECENT:  # the last few on the way: the next undo usually wants one
                self._remember(keys[at], state)
        return state

    def _distance(self, key: Key) -> int:
        """How many events lie between the state with these events in effect and the nearest
        kept state on the way back (or the latest version's, whose depth is known): what
        `_state` would apply at most. Known from the records alone, so every process that
        holds this history, whatever it holds in memory, counts the same."""
        head, seats = key
        latest = self._key(self.version)
        steps = 0
        while True:
            key = (head, seats)
            if key in self._kept_at or key == self._setup_key:
                return steps
            if key == latest:
                return steps + self._depth[self.version]
            newest, lane = self._newest(head, seats)
            if lane == TABLE:
                head = self._prev[newest]
            else:
                seats = (*seats[:lane - 1], self._prev[newest], *seats[lane:])
            steps += 1

    @staticmethod
    def _newest(head: int, seats: tuple[int, ...]) -> tuple[int, int]:
        """The newest event in effect, and its lane."""
        newest, lane = head, TABLE
        if any(seats):
            for i, h in enumerate(seats):
                if h > newest:
                    newest, lane = h, i + 1
        return newest, lane

    def _events_of(self, versions: Sequence[int]) -> list[Any]:
        """The stored events of these versions, read from the Source where not held."""
        events, first = self._events, self._first
        missing = [v for v in versions if v < first]
        if not missing:
            return [events[v - first] for v in versions]
        if self._source is None:
            raise LookupError(f"the events of versions {missing[:5]} are not held")
        found = self._source.events(missing)
        return [found[v] if v < first else events[v - first] for v in versions]

    def _remember(self, key: Key, state: Any) -> None:
        # plain dict operations only: safe when two threads read the same history. Popped
        # first so a key read again moves to the end (else one an undo keeps going back to,
        # remembered early, was the first dropped and recomputed after every undo).
        if key in self._kept:
            return
        recent = self._recent
        recent.pop(key, None)
        recent[key] = state
        if len(recent) > RECENT:
            for old in list(recent)[:-RECENT]:
                recent.pop(old, None)

    def _known(self, key: Key) -> Any:
        found = self._kept.get(key, _MISSING)
        if found is not _MISSING:
            return found
        found = self._recent.get(key, _MISSING)
        if found is not _MISSING:
            return found
        if self._latest is not _MISSING and key == self._key(self.version):
            return self._latest
        at = self._kept_at.get(key)
        if at is not None and self._source is not None:
            try:
                found = self._source.state(at)
            except LookupError:  # not there (written by other code): go further back
                return _MISSING
            self._remember(key, found)
        return found

    def _lane_of(self, seat: str | None) -> int:
        if seat is None:
            return TABLE
        found = self._seat_ids.get(seat)
        if found is None:  # a name, as the games' seat fields take (InvalidInput if none)
            found = self._seat_ids[seat_of(self.setup.seats, seat)]
        return found + 1

    def _line(self, version: int) -> str:
        return self.line(version)

    def _disclosed_between(self, old: int, new: int) -> int | None:
        """The newest disclosing event in the table lane's chain from `old` that the chain
        from `new` lacks (what going from old to new takes back), or None."""
        low = min(self._disclosed)
        prev = self._prev
        while old != new and old >= low:
            if old > new:
                if old in self._disclosed:
                    return old
                old = prev[old]
            else:
                new = prev[new]
        return None

    # --- writing -------------------------------------------------------------------------------

    def check(self, event: Any) -> Step:
        """What `event` (a request, or an import's event) would do, or InvalidInput; the
        history does not change. The step's event is its stored form (Tracker.resolve)."""
        if isinstance(event, HistoryEvent):
            return self._check_history(event)
        current = self.version
        tracker, setup = self.tracker, self.setup
        try:
            event = tracker.resolve(setup, self._latest, event)
            state = tracker.apply(setup, self._latest, event, current + 1)
            after_end(tracker, setup, self._latest, event)  # the game's own words come first
        except InvalidInput as refusal:  # say what the writer can do instead
            who = writer(tracker, setup, event)
            out = refusal.then(*what_now(tracker, setup, self._latest, who))
            out.game = setup.game
            if not out.rule and tracker.finished(setup, self._latest):  # refused as over
                out.rule = tracker.end_rule
            raise out from None
        return self._game_step(event, state, current)

    def _check_stored(self, event: Any) -> Step:
        """check for an event read back from storage: applied as it was stored."""
        if isinstance(event, HistoryEvent):
            return self._check_history(event)
        current = self.version
        state = self.tracker.apply(self.setup, self._latest, event, current + 1)
        return self._game_step(event, state, current)

    def _game_step(self, event: Any, state: Any, current: int) -> Step:
        version = current + 1
        seats, seat_before = self._seats[current], self._seat_before[current]
        depth = self._depth[current] + 1
        told = False
        private = event.kind in self.tracker.private_events
        lane = self._lane_of(writer(self.tracker, self.setup, event)) if private else TABLE
        if lane != TABLE:
            prev = seats[lane - 1]
            seats = (*seats[:lane - 1], version, *seats[lane:])
            seat_before = (*seat_before[:lane - 1], current, *seat_before[lane:])
            head, before = self._head[current], self._before[current]
        else:
            lane, prev, head, before = TABLE, self._head[current], version, current
            told = discloses(self.tracker, self.setup, event)
        return Step(event, state, None if before == NONE else before, current, lane, prev,
                    head, seats, seat_before, depth, told)

    def _release_step(self, event: Release) -> Step:
        """A seat handed to a new phone, without its state: its lane's newest event, after
        which its own undo finds nothing (the game forgets its secret: _check_release)."""
        current = self.version
        lane = self._lane_of(event.seat)
        seat = self.setup.seats[lane - 1].id
        if event.seat != seat:  # stored by its id
            event = Release(event.kind, None, seat)
        seats, seat_before = self._seats[current], self._seat_before[current]
        prev = seats[lane - 1]
        seats = (*seats[:lane - 1], current + 1, *seats[lane:])
        seat_before = (*seat_before[:lane - 1], None, *seat_before[lane:])
        return Step(event, _MISSING, self.undo_target(current), current, lane, prev,
                    self._head[current], seats, seat_before, self._depth[current] + 1, False)

    def _check_release(self, event: Release) -> Step:
        step = self._release_step(event)
        return step._replace(state=self.tracker.forget(
            self.setup, self._latest, str(step.event.seat)))

    def _history_step(self, event: HistoryEvent) -> tuple[Step, int]:
        """An undo's or revert's step, without its state, and the version it goes back to
        (InvalidInput where there is nothing to go back to)."""
        if isinstance(event, Release):
            return self._release_step(event), self.version
        current = self.version
        lane = self._lane_of(event.seat)
        if lane != TABLE and event.seat != self.setup.seats[lane - 1].id:  # stored by its id
            event = HistoryEvent(event.kind, event.to_version, self.setup.seats[lane - 1].id)
        seats, seat_before = self._seats[current], self._seat_before[current]
        head, before = self._head[current], self.undo_target(current)
        if event.kind == UNDO:
            back = before if lane == TABLE else seat_before[lane - 1]
            if back is None:
                raise InvalidInput("kind", "There is nothing to undo: this is the state at "
                                   "setup." if lane == TABLE else
                                   f"{self._names[event.seat or '']} has no entry of their "
                                   "own to undo.", "a change first")
            target = back
            again = self.undo_target(back) if lane == TABLE \
                else self._seat_before[back][lane - 1]
        else:
            to = event.to_version if event.to_version is not None else -1
            if not 0 <= to < current:
                raise InvalidInput("to_version", f"Go back to an earlier version: 0 to "
                                   f"{current - 1} (now at {current}).",
                                   f"0-{max(current - 1, 0)}")
            floor = self.released(event.seat, current) if event.seat is not None else 0
            if to < floor:
                who = self._names[event.seat or ""]
                raise InvalidInput("to_version", f"{who}'s seat was handed to a new phone at "
                                   f"version {floor}: this phone's own entries go back no "
                                   "further.", f"{floor}-{max(current - 1, floor)}")
            target, again = to, current  # a revert is a change: undo right after comes back
        new = self._head[target] if lane == TABLE else self._seats[target][lane - 1]
        if lane == TABLE:
            head, before = new, again
        else:
            seats = (*seats[:lane - 1], new, *seats[lane:])
            seat_before = (*seat_before[:lane - 1], again, *seat_before[lane:])
        # the target's own depth when its state is the target's (the usual undo), else the
        # events between it and the nearest kept state (entries kept on top of it)
        key = (head, seats)
        depth = self._depth[target] if key == self._key(target) else self._distance(key)
        return Step(event, _MISSING, before, current, lane, -1, head, seats, seat_before, depth,
                    False), target

    def _check_history(self, event: HistoryEvent) -> Step:
        if isinstance(event, Release):
            return self._check_release(event)
        step, _target = self._history_step(event)
        if step.lane == TABLE and self._disclosed:
            told = self._disclosed_between(self._head[step.at], step.head)
            if told is not None:
                self._refuse_disclosed(step.event, told, step.at)
        try:
            state = self._state((step.head, step.seats))
        except _NoLongerApplies as broken:
            raise self._refused_later(step.event, broken) from None
        return step._replace(state=state)

    def _key(self, version: int) -> Key:
        return self._head[version], self._seats[version]

    def _refuse_disclosed(self, event: HistoryEvent, told: int, current: int) -> None:
        what = f"version {told} ({self._line(told)})"
        if event.kind == UNDO:
            raise InvalidInput("kind", f"Undo would take back {what}, which made a seat's "
                               "secret public: it stays in the history. Record a "
                               "correction as a new event instead.", "a new event")
        raise InvalidInput("to_version", f"Going back to version {event.to_version} would "
                           f"take back {what}, which made a seat's secret public: it stays "
                           "in the history.", f"{told}-{max(current - 1, told)}")

    def _refused_later(self, event: HistoryEvent, broken: _NoLongerApplies) -> InvalidInput:
        """An undo or revert after which a kept event no longer applies. A private entry is
        named by its version only: its content is its seat's."""
        version = broken.version
        private = self._events_of([version])[0].kind in self.tracker.private_events
        what = (f"a seat's own entry (version {version})" if private
                else f"version {version} ({self._line(version)})")
        why = "" if private else f": {broken.error.detail}"
        field = "kind" if event.kind == UNDO else "to_version"
        return InvalidInput(field, f"{'Undo' if event.kind == UNDO else 'Going back'} "
                            f"would leave {what} unable to stand{why}. Take that event back "
                            "first.", "an undo that keeps every later event valid")

    def append(self, event: Any) -> Any:
        """Accept `event` as the next version (InvalidInput and no change if it is refused)."""
        return self.accept(self.check(event))

    def accept(self, step: Step) -> Any:
        """Make a checked step the next version (checked at this version: ValueError if not)."""
        if step.at != self.version:
            raise ValueError(f"step checked at version {step.at}, history at {self.version}")
        return self._push(step)

    def _push(self, step: Step) -> Any:
        """Record a step; its state may be _MISSING (catch_up: the Source keeps it)."""
        version = self.version + 1
        previous = self._key(version - 1)
        self._events.append(step.event)
        self._lane.append(step.lane)
        self._prev.append(step.prev)
        self._head.append(step.head)
        self._before.append(NONE if step.before is None else step.before)
        self._seats.append(step.seats)
        self._seat_before.append(step.seat_before)
        key = (step.head, step.seats)
        keeps = self.keeps(version, step.depth)
        self._depth.append(0 if keeps else step.depth)
        if step.discloses:
            self._disclosed.add(version)
        if type(step.event) is Release:
            self._releases[step.lane - 1].append(version)
        if keeps:
            self._snapshots.append(version)
            self._kept_at.setdefault(key, version)
            if step.state is not _MISSING:
                self._kept[key] = step.state
            if self._source is not None:
                self._release(version)
        if step.state is not _MISSING and previous not in self._kept and previous != key \
                and self._latest is not _MISSING:  # an undo's target, at hand
            self._remember(previous, self._latest)
        self._latest = step.state
        return step.state

    @staticmethod
    def keeps(version: int, depth: int) -> bool:
        """Whether the state of `version`, `depth` events from a kept one, is kept (a
        snapshot): at every SNAPSHOT_EVERY versions, and wherever it lies that far."""
        return depth >= SNAPSHOT_EVERY or version % SNAPSHOT_EVERY == 0

    def _release(self, kept: int) -> None:
        """The Source holds every snapshot up to version `kept`: drop the older kept states
        and the events up to it from memory."""
        newest = self._key(kept)
        for key in [k for k in self._kept if k != newest and k != self._setup_key]:
            del self._kept[key]
        if kept >= self._first:
            del self._events[:kept + 1 - self._first]
            self._first = kept + 1

    def extend(self, events: Iterable[Any]) -> History:
        """Fold stored events, each as it was stored (already resolved when it was written; a
        row stored before stored forms existed keeps its words, e.g. an "as-entered" reveal,
        which says nothing of who sent it): what check and accept would do, without their
        Step for the table's plain events, so a long session folds cold on its first read."""
        tracker, setup = self.tracker, self.setup
        apply, private = tracker.apply, tracker.private_events
        kept, remember, keeps = self._kept, self._remember, self.keeps
        lanes, prevs, heads, befores = self._lane, self._prev, self._head, self._before
        all_seats, seat_befores, depths = self._seats, self._seat_before, self._depth
        for event in events:
            if isinstance(event, HistoryEvent) or event.kind in private \
                    or self._source is not None:
                self._push(self._check_stored(event))
                continue
            current = self.version
            state = apply(setup, self._latest, event, current + 1)
            # the table lane's event, as _game_step and _push would record it
            version = current + 1
            if discloses(tracker, setup, event):
                self._disclosed.add(version)
            head, seats = heads[current], all_seats[current]
            self._events.append(event)
            lanes.append(TABLE)
            prevs.append(head)
            heads.append(version)
            befores.append(current)
            all_seats.append(seats)
            seat_befores.append(seat_befores[current])
            depth = depths[current] + 1
            if keeps(version, depth):
                key = (version, seats)
                kept[key], depth = state, 0
                self._kept_at.setdefault(key, version)
                self._snapshots.append(version)
            depths.append(depth)
            previous = (head, seats)
            if previous not in kept:  # the state an undo goes back to, kept at hand
                remember(previous, self._latest)
            self._latest = state
        return self

    def catch_up(self, events: Iterable[Any]) -> History:
        """Fold stored events into a history whose Source has them, as their writer did
        (their snapshots included): their versions first, without a state, then the latest
        state from the nearest known one: no more than SNAPSHOT_EVERY events are applied."""
        if self._source is None:
            return self.extend(events)
        if self._latest is not _MISSING:
            self._remember(self._key(self.version), self._latest)
        for event in events:
            if isinstance(event, HistoryEvent):
                step = self._history_step(event)[0]
            else:
                step = self._game_step(event, _MISSING, self.version)
            self._push(step)
        if self._latest is _MISSING:
            self._latest = self._state(self._key(self.version))
        return self

    # --- snapshots -----------------------------------------------------------------------------

    def snapshot_of(self, step: Step) -> tuple[int, Record] | None:
        """The snapshot accepting `step` makes (its version and record; its state is
        `step.state`), or None: the store writes it with the step's event."""
        version = step.at + 1
        if step.at != self.version or not self.keeps(version, step.depth):
            return None
        first = self._snapshots[-1] + 1 if self._snapshots else 1
        return version, self._record(first, step)

    def snapshots(self) -> list[tuple[int, Record, Any]]:
        """Every snapshot this history made (version, record, state): what the store writes
        when it has none of them (a table folded whole). Its kept states must be held."""
        out, first = [], 1
        for version in self._snapshots:
            out.append((version, self._record(first, None, version),
                        self._kept[self._key(version)]))
            first = version + 1
        return out

    def _record(self, first: int, step: Step | None, last: int | None = None) -> Record:
        """The record of versions first..last (last: the version `step` makes)."""
        end = self.version + 1 if step is not None else (last or 0) + 1
        lane, prev = self._lane[first:end], self._prev[first:end]
        head, before = self._head[first:end], self._before[first:end]
        depth = self._depth[first:end]
        seats = self._seats[first:end]
        seat_before = self._seat_before[first:end]
        disclosed = sorted(v for v in self._disclosed if first <= v < end)
        releases = sorted(v for found in self._releases for v in found if first <= v < end)
        if step is not None:
            lane.append(step.lane)
            prev.append(step.prev)
            head.append(step.head)
            before.append(NONE if step.before is None else step.before)
            depth.append(0)
            seats.append(step.seats)
            seat_before.append(step.seat_before)
            if step.discloses:
                disclosed.append(end)
            if type(step.event) is Release:
                releases.append(end)
        return (first, lane.tobytes(), prev.tobytes(), head.tobytes(), before.tobytes(),
                depth.tobytes(), _runs(seats, first), _runs(seat_before, first), disclosed,
                releases)

    def _columns(self) -> tuple[Column[Any], ...]:
        return (self._lane, self._prev, self._head, self._before, self._depth, self._seats,
                self._seat_before)

    def _read_record(self, record: Record) -> None:
        first, lane, prev, head, before, depth, seats, seat_before, disclosed, releases = record
        if first != self.version + 1:
            raise ValueError(f"a record from version {first} after version {self.version}")
        for target, raw in ((self._lane, lane), (self._prev, prev), (self._head, head),
                            (self._before, before), (self._depth, depth)):
            target.extend(array("i", raw))
        count = len(self._lane) - first
        self._seats.extend(_unruns(seats, first, count))
        self._seat_before.extend(_unruns(seat_before, first, count))
        self._disclosed.update(disclosed)
        for version in releases:
            self._releases[self._lane[version] - 1].append(version)
        if self._events:  # pragma: no cover - records are read into a new history only
            raise ValueError("records read after events")
        self._first += count
        last = self.version
        self._snapshots.append(last)
        self._kept_at.setdefault(self._key(last), last)


def _runs(values: Sequence[Any], first: int) -> list[tuple[int, Any]]:
    """(version, value) wherever the value changes (values[0] is version `first`'s)."""
    out: list[tuple[int, Any]] = []
    last: Any = _MISSING
    for i, value in enumerate(values):
        if value is not last and value != last:
            out.append((first + i, value))
            last = value
    return out


def _unruns(runs: Sequence[tuple[int, Any]], first: int, count: int) -> list[Any]:
    """The values of versions first..first + count - 1 from their runs, equal ones shared."""
    out: list[Any] = []
    for i, (start, value) in enumerate(runs):
        end = runs[i + 1][0] if i + 1 < len(runs) else first + count
        out.extend([value] * (end - start))
    return out


def fold(tracker: Tracker, setup: Any, events: Iterable[Any]) -> History:
    """The history of `events` played from `setup` (InvalidInput at the first refused one)."""
    return History(tracker, setup).extend(events)


def sealed_copy(tracker: Tracker, events: Iterable[Any]) -> list[Any]:
    """`events` as an export carries them and an import reads them back (each private entry
    sealed): what the laws fold to check that no shared answer depends on a secret."""
    return [import_event(tracker, export_event(tracker, e)) for e in events]


__all__ = ["SNAPSHOT_EVERY", "RECENT", "History", "Point", "Points", "Record", "Source", "Step",
           "fold", "sealed_copy"]


@contextmanager
def collector_paused(count: int) -> Iterator[None]:
    """Python's cycle collector paused while thousands of events are built and folded: they
    make no cycles, but each full collection walks every object already made, which cost a
    50,000-event session a fifth of its first read. Process-wide; a second thread folding at
    the same time finds it paused and leaves it be."""
    if count < 1000 or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
