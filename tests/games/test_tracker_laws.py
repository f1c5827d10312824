"""The session kernel's laws (assistant/tracker/README.md), for every game with a tracker and
the test-only fixture game, on random event streams drawn from each game's own event forms."""
from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.games import all_games
from assistant.inputs import Flag, Integer, IntList, ListOf, OneOf, Text
from assistant.tracker import History, fold, parse_event, stored_event

from .fixture_game import GAME as FIXTURE

GAMES = {g.slug: g for g in [*all_games(), FIXTURE] if g.tracker is not None}


def _value(field: Any, seats: list[str]) -> st.SearchStrategy[Any]:
    if isinstance(field, Integer):
        low = field.minimum if field.minimum is not None else -5
        high = field.maximum if field.maximum is not None else low + 40
        return st.integers(low, min(high, low + 60))
    if isinstance(field, Flag):
        return st.booleans()
    if isinstance(field, OneOf):
        return st.sampled_from(field.options)
    if isinstance(field, Text):
        if field.name in ("seat", "target", "by", "to_seat", "from_seat"):
            return st.sampled_from(seats)
        return st.sampled_from(["x", "A note"])
    if isinstance(field, IntList):
        return st.lists(st.integers(field.minimum or 0, field.maximum or 5), max_size=3)
    if isinstance(field, ListOf):
        return st.just([])
    return st.none()


def _events(slug: str) -> st.SearchStrategy[dict[str, Any]]:
    tracker = GAMES[slug].tracker
    assert tracker is not None
    setup = tracker.parse_setup(tracker.example_setup)
    seats = [s.id for s in setup.seats]
    kinds = []
    for kind, form in tracker.event_forms.items():
        required = {f.name: _value(f, seats) for f in form if getattr(f, "required", False)}
        optional = {f.name: _value(f, seats) for f in form
                    if not getattr(f, "required", False)}
        kinds.append(st.fixed_dictionaries({"kind": st.just(kind), **required},
                                           optional=optional))
    kinds.append(st.just({"kind": "undo"}))
    kinds.append(st.fixed_dictionaries({"kind": st.just("revert"),
                                        "to_version": st.integers(0, 30)}))
    return st.one_of(kinds)


def accepted(slug: str, raws: list[dict[str, Any]]) -> tuple[History, list[Any]]:
    tracker = GAMES[slug].tracker
    assert tracker is not None
    history = History(tracker, tracker.parse_setup(tracker.example_setup))
    events = []
    for raw in raws:
        try:
            event = parse_event(tracker, raw)
            history.append(event)
        except InvalidInput:
            continue
        events.append(event)
    return history, events


def streams() -> list[Any]:
    return [pytest.param(slug, id=slug) for slug in GAMES]


@pytest.mark.parametrize("slug", streams())
def test_fold_prefix_then_rest_equals_fold_all(slug: str) -> None:
    @settings(max_examples=60, deadline=None)
    @given(st.lists(_events(slug), max_size=30), st.data())
    def law(raws: list[dict[str, Any]], data: Any) -> None:
        whole, events = accepted(slug, raws)
        k = data.draw(st.integers(0, len(events)))
        tracker = whole.tracker
        split = fold(tracker, whole.setup, events[:k]).extend(events[k:])
        assert [p.state for p in split.points] == [p.state for p in whole.points]

    law()


@pytest.mark.parametrize("slug", streams())
def test_undo_redo_and_undo_after_revert(slug: str) -> None:
    @settings(max_examples=60, deadline=None)
    @given(st.lists(_events(slug), max_size=30), _events(slug), st.data())
    def law(raws: list[dict[str, Any]], raw: dict[str, Any], data: Any) -> None:
        history, _ = accepted(slug, raws)
        tracker = history.tracker
        before = history.state
        if raw["kind"] in ("undo", "revert"):
            return
        try:
            history.append(parse_event(tracker, raw))
        except InvalidInput:
            assert history.state == before
            return
        after, version_after = history.state, history.version
        history.append(parse_event(tracker, {"kind": "undo"}))
        assert history.state == before  # undo takes back the change
        history.append(parse_event(tracker, {"kind": "revert", "to_version": version_after}))
        assert history.state == after  # revert to the version before the undo: redo
        target = data.draw(st.integers(0, history.version - 1))
        pre_revert = history.state
        history.append(parse_event(tracker, {"kind": "revert", "to_version": target}))
        assert history.state == history.points[target].state
        history.append(parse_event(tracker, {"kind": "undo"}))
        assert history.state == pre_revert  # undo right after a revert

    law()


@pytest.mark.parametrize("slug", streams())
def test_refused_event_changes_nothing_and_states_always_score(slug: str) -> None:
    @settings(max_examples=60, deadline=None)
    @given(st.lists(_events(slug), max_size=30), _events(slug))
    def law(raws: list[dict[str, Any]], raw: dict[str, Any]) -> None:
        history, _ = accepted(slug, raws)
        snapshot = list(history.points)
        try:
            history.append(parse_event(history.tracker, raw))
        except InvalidInput:
            assert history.points == snapshot
        assert history.tracker.score(history.setup, history.state).summary

    law()


@pytest.mark.parametrize("slug", streams())
def test_a_stored_event_reads_back_as_it_was_checked(slug: str) -> None:
    """Storage reads events back without checking their forms again (stored_event): for
    whatever the history accepted, that gives exactly what parse_event gives, and folds the
    same. Refused input is not stored, so it is parse_event's alone."""
    @settings(max_examples=60, deadline=None)
    @given(st.lists(_events(slug), max_size=30))
    def law(raws: list[dict[str, Any]]) -> None:
        whole, events = accepted(slug, raws)
        tracker = whole.tracker
        stored = [json.loads(json.dumps(e.to_json())) for e in events]
        back = [stored_event(tracker, data) for data in stored]
        assert back == [parse_event(tracker, data) for data in stored] == events
        again = fold(tracker, whole.setup, back)
        assert [p.state for p in again.points] == [p.state for p in whole.points]

    law()
