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
phone (`line`).

Memory stays near linear in the number of events: each event is kept once, with a few small
numbers per version (its lane, the previous event in its lane, the table lane's head and undo
target, a reference to the seats' heads and undo targets, shared between versions that do not
change them), and a whole state is kept only for the latest version, a few read lately, and a
snapshot after every max(SNAPSHOT_EVERY, version / SNAPSHOT_SPREAD) applied events: so a game
whose state grows with every event (a list of notes) keeps about SNAPSHOT_SPREAD · log(n)
states, not n. Any other state is recomputed from the nearest kept one. States are keyed by
the lanes' heads (which events are in effect), so two versions with the same events in effect
share one state.
"""
from __future__ import annotations

import gc
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple, overload

from assistant.errors import InvalidInput

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

SNAPSHOT_EVERY = 256
"""A state is kept after at least this many events applied since the last kept one..."""
SNAPSHOT_SPREAD = 16
"""...or version / SNAPSHOT_SPREAD of them, whichever is more."""
RECENT = 8
"""States of versions computed lately, kept besides the snapshots (an undo reads one)."""
_MISSING = object()
TABLE = 0
"""The table's lane; seat i's own entries are lane i + 1."""

class _NoLongerApplies(InvalidInput):
    """A kept event refused when the events in effect change (an undo's or revert's check)."""

    def __init__(self, version: int, error: InvalidInput) -> None:
        super().__init__(error.field, error.detail, error.allowed, rule=error.rule)
        self.version = version
        self.error = error


Key = tuple[int, tuple[int, ...]]
"""Which events are in effect: the table lane's newest, and each seat lane's newest (0: none).
A state depends on nothing else."""


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
        self._events: list[Any] = [None]
        """The stored event that made each version (None for the setup)."""
        self._lane: list[int] = [TABLE]
        """A game event's lane; the lane an undo or revert acted on."""
        self._prev: list[int] = [0]
        """A game event: the newest event of its lane in effect just before it; else -1."""
        self._head: list[int] = [0]
        """The table lane's newest event in effect at each version (0: none)."""
        self._before: list[int | None] = [None]
        """The version the table's undo at this version goes back to."""
        self._seats: list[tuple[int, ...]] = [none]
        """Each seat lane's newest entry in effect (one tuple, shared while unchanged)."""
        self._seat_before: list[tuple[int | None, ...]] = [(None,) * len(none)]
        """The version each seat's own undo goes back to (shared while unchanged)."""
        self._depth: list[int] = [0]
        """Events applied since the nearest kept state, for each version's state."""
        self._disclosed: set[int] = set()
        """Versions whose event disclosed a seat's secret (never taken back)."""
        self._releases: list[list[int]] = [[] for _ in none]
        """Each seat's releases (handed to a new phone), in order: never taken back."""
        self._kept: dict[Key, Any] = {(0, none): tracker.initial(setup)}
        self._recent: dict[Key, Any] = {}
        self._latest: Any = self._kept[(0, none)]
        self._names = {s.id: s.name for s in setup.seats}

    # --- reading -------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self._events) - 1

    @property
    def state(self) -> Any:
        return self._latest

    @property
    def points(self) -> Points:
        return Points(self)

    def event_at(self, version: int) -> Any:
        """The stored event that made `version` (1 to self.version): what an export carries."""
        if not 1 <= version <= self.version:
            raise IndexError(version)
        return self._events[version]

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
        event = self._events[version]
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
        return self._before[version] if lane == TABLE \
            else self._seat_before[version][lane - 1]

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
        if version == self.version:
            return self._latest
        return self._state((self._head[version], self._seats[version]))[0]

    def _state(self, key: Key) -> tuple[Any, int]:
        """The state with these events in effect, and how many events were applied to get it
        (InvalidInput if one of them no longer applies: only for a key not yet accepted)."""
        state = self._known(key)
        if state is not _MISSING:
            return state, 0
        if key == self._key(self.version):
            return self._latest, 0
        head, seats = key
        chain = []  # the newest event in effect, taken off one by one until a state is known
        keys = []  # the events in effect with each of them on top
        while state is _MISSING:
            newest, lane = head, TABLE
            if any(seats):
                for i, h in enumerate(seats):
                    if h > newest:
                        newest, lane = h, i + 1
            chain.append(newest)
            keys.append((head, seats))
            if lane == TABLE:
                head = self._prev[newest]
            else:
                seats = (*seats[:lane - 1], self._prev[newest], *seats[lane:])
            state = self._known((head, seats))
        tracker, setup, events = self.tracker, self.setup, self._events
        apply = tracker.apply
        for at in range(len(chain) - 1, -1, -1):
            version = chain[at]
            try:
                event = events[version]
                state = apply(setup, state, event, version) if type(event) is not Release \
                    else apply_event(tracker, setup, state, event, version)
            except InvalidInput as error:
                raise _NoLongerApplies(version, error) from None
            if at < RECENT:  # the last few on the way: the next undo usually wants one
                self._remember(keys[at], state)
        return state, len(chain)

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
        return self._recent.get(key, _MISSING) if found is _MISSING else found

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
        return Step(event, state, before, current, lane, prev, head, seats, seat_before, depth,
                    told)

    def _check_release(self, event: Release) -> Step:
        """A seat handed to a new phone: its lane's newest event, after which its own undo
        finds nothing and the game has forgotten its secret."""
        current = self.version
        lane = self._lane_of(event.seat)
        seat = self.setup.seats[lane - 1].id
        if event.seat != seat:  # stored by its id
            event = Release(event.kind, None, seat)
        state = self.tracker.forget(self.setup, self._latest, seat)
        seats, seat_before = self._seats[current], self._seat_before[current]
        prev = seats[lane - 1]
        seats = (*seats[:lane - 1], current + 1, *seats[lane:])
        seat_before = (*seat_before[:lane - 1], None, *seat_before[lane:])
        return Step(event, state, self._before[current], current, lane, prev,
                    self._head[current], seats, seat_before, self._depth[current] + 1, False)

    def _check_history(self, event: HistoryEvent) -> Step:
        if isinstance(event, Release):
            return self._check_release(event)
        current = self.version
        lane = self._lane_of(event.seat)
        if lane != TABLE and event.seat != self.setup.seats[lane - 1].id:  # stored by its id
            event = HistoryEvent(event.kind, event.to_version, self.setup.seats[lane - 1].id)
        seats, seat_before = self._seats[current], self._seat_before[current]
        head, before = self._head[current], self._before[current]
        old = head if lane == TABLE else seats[lane - 1]
        if event.kind == UNDO:
            back = before if lane == TABLE else seat_before[lane - 1]
            if back is None:
                raise InvalidInput("kind", "There is nothing to undo: this is the state at "
                                   "setup." if lane == TABLE else
                                   f"{self._names[event.seat or '']} has no entry of their "
                                   "own to undo.", "a change first")
            target = back
            again = self._before[back] if lane == TABLE else self._seat_before[back][lane - 1]
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
            if self._disclosed:
                told = self._disclosed_between(old, new)
                if told is not None:
                    self._refuse_disclosed(event, told, current)
            head, before = new, again
        else:
            seats = (*seats[:lane - 1], new, *seats[lane:])
            seat_before = (*seat_before[:lane - 1], again, *seat_before[lane:])
        try:
            state, applied = self._state((head, seats))
        except _NoLongerApplies as broken:
            raise self._refused_later(event, broken) from None
        # the events to apply again from a kept state: the target's when it is the target's
        # state (the usual undo), else those just applied (entries kept on top of it)
        depth = self._depth[target] if (head, seats) == self._key(target) else applied
        return Step(event, state, before, current, lane, -1, head, seats, seat_before, depth,
                    False)

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
        private = self._events[version].kind in self.tracker.private_events
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
        version = len(self._events)
        previous = self._key(version - 1)
        self._events.append(step.event)
        self._lane.append(step.lane)
        self._prev.append(step.prev)
        self._head.append(step.head)
        self._before.append(step.before)
        self._seats.append(step.seats)
        self._seat_before.append(step.seat_before)
        depth = step.depth
        key = (step.head, step.seats)
        if depth >= max(SNAPSHOT_EVERY, version // SNAPSHOT_SPREAD):
            self._kept[key], depth = step.state, 0
        self._depth.append(depth)
        if step.discloses:
            self._disclosed.add(version)
        if type(step.event) is Release:
            self._releases[step.lane - 1].append(version)
        if previous not in self._kept and previous != key:  # an undo's target, at hand
            self._remember(previous, self._latest)
        self._latest = step.state
        return step.state

    def extend(self, events: Iterable[Any]) -> History:
        """Fold stored events, each as it was stored (already resolved when it was written; a
        row stored before stored forms existed keeps its words, e.g. an "as-entered" reveal,
        which says nothing of who sent it): what check and accept would do, without their
        Step for the table's plain events, so a long session folds cold on its first read."""
        tracker, setup = self.tracker, self.setup
        apply, private = tracker.apply, tracker.private_events
        kept, remember = self._kept, self._remember
        for event in events:
            if isinstance(event, HistoryEvent) or event.kind in private:
                self._push(self._check_stored(event))
                continue
            current = len(self._events) - 1
            state = apply(setup, self._latest, event, current + 1)
            # the table lane's event, as _game_step and _push would record it
            version = current + 1
            if discloses(tracker, setup, event):
                self._disclosed.add(version)
            self._events.append(event)
            self._lane.append(TABLE)
            self._prev.append(self._head[current])
            self._head.append(version)
            self._before.append(current)
            seats = self._seats[current]
            self._seats.append(seats)
            self._seat_before.append(self._seat_before[current])
            depth = self._depth[current] + 1
            if depth >= max(SNAPSHOT_EVERY, version // SNAPSHOT_SPREAD):
                kept[(version, seats)], depth = state, 0
            self._depth.append(depth)
            previous = (self._head[current], seats)
            if previous not in kept:  # the state an undo goes back to, kept at hand
                remember(previous, self._latest)
            self._latest = state
        return self


def fold(tracker: Tracker, setup: Any, events: Iterable[Any]) -> History:
    """The history of `events` played from `setup` (InvalidInput at the first refused one)."""
    return History(tracker, setup).extend(events)


def sealed_copy(tracker: Tracker, events: Iterable[Any]) -> list[Any]:
    """`events` as an export carries them and an import reads them back (each private entry
    sealed): what the laws fold to check that no shared answer depends on a secret."""
    return [import_event(tracker, export_event(tracker, e)) for e in events]


__all__ = ["SNAPSHOT_EVERY", "SNAPSHOT_SPREAD", "RECENT", "History", "Point", "Points", "Step",
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
