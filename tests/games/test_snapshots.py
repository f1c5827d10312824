"""Snapshots (issue 42): a history resumed from its snapshots (their records and the newest one's
state, through pickle as the store writes them) plus the events after the newest equals the
history folded whole, for every registered game and the fixture game, on the random streams
the kernel's laws draw (tests/games/test_tracker_laws.py): every version's state and undo
target, who may undo what, the events in effect, the disclosures, what every viewer sees, and
what any next event (an undo, a revert, a seat's own) is answered. And the refold bound,
counted in applied events: resuming a table of any length applies at most SNAPSHOT_EVERY."""
from __future__ import annotations

import pickle
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.tracker import History, Viewer, parse_event
from assistant.tracker import history as kernel_history

from .test_tracker_laws import GAMES, _events, _stream, accepted, streams

EVERY = 3
"""A snapshot every 3 events, so short random streams make many of them."""


class Stored:
    """What the store holds of a table folded whole: its events and its snapshots, each
    through pickle (the snapshots' encoding in the database)."""

    def __init__(self, whole: History) -> None:
        self.whole = whole
        self._events = {v: whole.event_at(v) for v in range(1, whole.version + 1)}
        self.snapshots = [(v, pickle.loads(pickle.dumps(record)), pickle.dumps(state))
                          for v, record, state in whole.snapshots()]
        self.read: list[int] = []

    def wrote(self, history: History, event: Any) -> Any:
        """`event` written to `history` as the store writes it: checked, its snapshot (if it
        makes one) kept with it, then accepted."""
        try:
            step = history.check(event)
        except InvalidInput as refused:
            return ("refused", refused.field, refused.detail)
        made = history.snapshot_of(step)
        if made is not None:
            self.snapshots.append((*made, pickle.dumps(step.state)))
        self._events[step.at + 1] = step.event
        history.accept(step)
        return ("accepted", step.state)

    def events(self, versions: Sequence[int]) -> Mapping[int, Any]:
        return {v: self._events[v] for v in versions}

    def state(self, version: int) -> Any:
        self.read.append(version)
        found = [raw for v, _, raw in self.snapshots if v == version]
        if not found:
            raise LookupError(version)
        return pickle.loads(found[0])

    def resume(self, at: int, tracker: Any = None) -> History:
        """The history as a worker that never saw the table resumes it at version `at`."""
        whole = self.whole
        upto = [s for s in self.snapshots if s[0] <= at]
        if not upto:
            return History(tracker or whole.tracker, whole.setup).extend(
                [self._events[v] for v in range(1, at + 1)])
        resumed = History.resume(tracker or whole.tracker, whole.setup,
                                 [record for _, record, _ in upto],
                                 pickle.loads(upto[-1][2]), self)
        return resumed.catch_up([self._events[v] for v in range(upto[-1][0] + 1, at + 1)])


def same(resumed: History, whole: History) -> None:
    assert resumed.version == whole.version
    seats = [s.id for s in whole.setup.seats]
    for version in range(whole.version + 1):
        assert resumed.state_at(version) == whole.state_at(version), version
        assert resumed.points[version] == whole.points[version]
        assert resumed.effective(version) == whole.effective(version)
        for seat in (None, *seats):
            assert resumed.undo_target(version, seat) == whole.undo_target(version, seat)
            assert resumed.can_undo(version, seat) == whole.can_undo(version, seat)
        if version:
            assert resumed.lane_seat(version) == whole.lane_seat(version)
            assert resumed.discloses(version) == whole.discloses(version)
            assert resumed.event_at(version) == whole.event_at(version)
            for seat in seats:  # a release is never taken back, whatever a worker resumed from
                assert resumed.released(seat, version) == whole.released(seat, version)
                assert resumed.line(version, Viewer(seat)) == whole.line(version, Viewer(seat))
    tracker, setup = whole.tracker, whole.setup
    for viewer in (Viewer(None), *(Viewer(s) for s in seats)):  # nobody sees more or less
        assert tracker.state_json(setup, resumed.state, viewer) \
            == tracker.state_json(setup, whole.state, viewer)
    assert resumed._depth == whole._depth and resumed._snapshots == whole._snapshots


def answer(history: History, event: Any) -> Any:
    try:
        return ("accepted", history.append(event))
    except InvalidInput as refused:
        return ("refused", refused.field, refused.detail)


@pytest.mark.parametrize("slug", streams())
def test_snapshot_and_tail_equal_the_whole_fold(slug: str, monkeypatch: Any) -> None:
    monkeypatch.setattr(kernel_history, "SNAPSHOT_EVERY", EVERY)

    @settings(max_examples=40, deadline=None)
    @given(_stream(slug, size=40), st.lists(_events(slug), max_size=8), st.data())
    def law(raws: list[dict[str, Any]], after: list[dict[str, Any]], data: Any) -> None:
        whole, _ = accepted(slug, raws)
        stored = Stored(whole)
        at = data.draw(st.integers(0, whole.version))  # the version a worker resumes at
        resumed = stored.resume(at)
        # then it follows the table: the rest in pieces, as writes on other workers come in
        while resumed.version < whole.version:
            step = data.draw(st.integers(1, whole.version - resumed.version))
            resumed.catch_up([whole.event_at(v) for v in range(resumed.version + 1,
                                                              resumed.version + step + 1)])
        same(resumed, whole)
        tracker = whole.tracker
        for raw in after:  # and it answers the next events as the whole fold does
            try:
                event = parse_event(tracker, raw)
            except InvalidInput:
                continue
            assert stored.wrote(resumed, event) == answer(whole, event)
        same(resumed, whole)

    law()


class Counting:
    """A game's tracker, counting the events it applies."""

    def __init__(self, tracker: Any) -> None:
        self.tracker, self.applied = tracker, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.tracker, name)

    def apply(self, setup: Any, state: Any, event: Any, version: int) -> Any:
        self.applied += 1
        return self.tracker.apply(setup, state, event, version)


@pytest.mark.parametrize("slug", streams())
def test_resuming_a_long_table_applies_at_most_snapshot_every_events(slug: str) -> None:
    """5,000 events of the game's examples (an undo where one is refused): resumed at every
    version near the end, a worker applies at most SNAPSHOT_EVERY events; an undo, a revert
    and a read of an older version afterwards apply at most that many again."""
    tracker = GAMES[slug].tracker
    assert tracker is not None
    setup = tracker.parse_setup(tracker.example_setup)
    whole = History(tracker, setup)
    examples = [parse_event(tracker, e) for e in tracker.example_events]
    n = 0
    while whole.version < 5_000:
        try:
            whole.append(examples[n % len(examples)])
        except InvalidInput:
            whole.append(parse_event(tracker, {"kind": "undo"}))
        n += 1
    stored = Stored(whole)
    every = kernel_history.SNAPSHOT_EVERY
    counting = Counting(tracker)
    for at in range(whole.version - every - 1, whole.version + 1):
        counting.applied = 0
        resumed = stored.resume(at, counting)
        assert counting.applied <= every, (at, counting.applied)
        assert resumed.state == whole.state_at(at)
    for raw in ({"kind": "undo"}, {"kind": "revert", "to_version": 2_500},
                {"kind": "undo"}, {"kind": "revert", "to_version": 17}):
        counting.applied = 0
        event = parse_event(tracker, raw)
        assert stored.wrote(resumed, event) == answer(whole, event)
        assert counting.applied <= every, (raw, counting.applied)
    counting.applied = 0
    assert resumed.state_at(3_333) == whole.state_at(3_333)
    assert counting.applied <= every
    assert resumed.held_events <= 2 * every and resumed.held_states <= kernel_history.RECENT + 3
