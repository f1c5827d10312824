"""The session kernel's laws (assistant/tracker/README.md), for every game with a tracker and
the test-only fixture game, on random event streams drawn from each game's own event forms.

The laws of secrets (README: Secrets) run for every game with private kinds: who writes what,
the table's undo and revert never touching a seat's entries, a disclosure staying for good,
no shared answer (nor any answer to the table) depending on a secret, and an export importing
to the same shared state. Their streams include releases (a seat handed to a new phone, as
the API's release records it): a release stays for good, and the new phone's answers never
depend on what the earlier phone entered."""
from __future__ import annotations

import functools
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.games import all_games
from assistant.inputs import Flag, Integer, IntList, ListOf, OneOf, Text
from assistant.tracker import (
    OWN_PHONE,
    RELEASE,
    SEALED,
    SHARED,
    History,
    HistoryEvent,
    Viewer,
    apply_event,
    discloses,
    export_event,
    fold,
    import_event,
    is_release,
    released,
    sealed_copy,
    stored_event,
    writer,
)
from assistant.tracker import parse_event as parse_request

from .fixture_game import GAME as FIXTURE

GAMES = {g.slug: g for g in [*all_games(), FIXTURE] if g.tracker is not None}
SECRET_GAMES = [slug for slug, g in GAMES.items()
                if g.tracker is not None and g.tracker.private_events]


OWNERS_FIRST: dict[str, list[dict[str, Any]]] = {
    "vigilante": [{"kind": "identity", "seat": "gwen", "identity": "guardian"},
                  {"kind": "identity", "seat": "ivan", "identity": "guardian"},
                  {"kind": "identity", "seat": "asha", "identity": "mastermind"},
                  {"kind": "identity", "seat": "pim", "identity": "profiteer"}],
    "master-plan": [{"kind": "plan", "seat": "ben", "requirements": "Gem"},
                    {"kind": "plan", "seat": "ann", "requirements": "Gem, Idol"}],
    "coin-heist": [{"kind": "stash", "seat": "ana", "coins": 4}],
}
"""Each secret game's own phones entering secrets before the example events: a stream starts
with a random part of this and the examples (vigilante's end with the final round over, so
reveals follow; master-plan's give Ben the Gem his plan asks for), then random events."""


def _prefix(slug: str) -> list[dict[str, Any]]:
    tracker = GAMES[slug].tracker
    assert tracker is not None
    return [*OWNERS_FIRST.get(slug, []), *(dict(e) for e in tracker.example_events)]


def _texts(slug: str) -> dict[str, list[str]]:
    """Text values the examples use, by field name (Loot, names), for random events."""
    found: dict[str, list[str]] = {}
    for event in _prefix(slug):
        for key, value in event.items():
            if isinstance(value, str) and key != "kind":
                found.setdefault(key, [])
                if value not in found[key]:
                    found[key].append(value)
    return found


def _value(field: Any, seats: list[str], texts: dict[str, list[str]]) -> st.SearchStrategy[Any]:
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
        return st.sampled_from(["x", "A note", *texts.get(field.name, [])])
    if isinstance(field, IntList):
        return st.lists(st.integers(field.minimum or 0, field.maximum or 5), max_size=3)
    if isinstance(field, ListOf):
        return st.just([])
    return st.none()


@functools.cache  # one strategy per game: built once, drawn from many times
def _events(slug: str) -> st.SearchStrategy[dict[str, Any]]:
    tracker = GAMES[slug].tracker
    assert tracker is not None
    setup = tracker.parse_setup(tracker.example_setup)
    seats = [s.id for s in setup.seats]
    texts = _texts(slug)
    kinds = []
    for kind, form in tracker.event_forms.items():
        required = {f.name: _value(f, seats, texts) for f in form
                    if getattr(f, "required", False)}
        optional = {f.name: _value(f, seats, texts) for f in form
                    if not getattr(f, "required", False)}
        kinds.append(st.fixed_dictionaries({"kind": st.just(kind), **required},
                                           optional=optional))
        if kind in tracker.private_events:  # secrets come often enough to matter
            kinds.append(st.fixed_dictionaries({"kind": st.just(kind), **required},
                                               optional=optional))
        if "seat" in required and kind not in tracker.private_events:
            # the event with its required fields only: an owner's own reveal, where a game has
            # one ("as entered"), comes as often as a typed one
            kinds.append(st.fixed_dictionaries({"kind": st.just(kind), **required}))
    if tracker.private_events:  # the table hands a seat to a new phone (the API's release)
        kinds.append(st.fixed_dictionaries({"kind": st.just(RELEASE),
                                            "seat": st.sampled_from(seats)}))
    kinds.append(st.just({"kind": "undo"}))
    kinds.append(st.fixed_dictionaries({"kind": st.just("revert"),
                                        "to_version": st.integers(0, 30)}))
    if tracker.private_events:  # a seat's own undo and revert
        kinds.append(st.fixed_dictionaries({"kind": st.just("undo"),
                                            "seat": st.sampled_from(seats)}))
        kinds.append(st.fixed_dictionaries({"kind": st.just("revert"), "seat":
                                            st.sampled_from(seats),
                                            "to_version": st.integers(0, 30)}))
    return st.one_of(kinds)


def _stream(slug: str, size: int = 30) -> st.SearchStrategy[list[dict[str, Any]]]:
    """A random part of the prefix (secrets, then the examples), then random events."""
    prefix = _prefix(slug)
    length = st.one_of(st.just(len(prefix)), st.integers(0, len(prefix)))  # often all of it
    return st.tuples(length, st.lists(_events(slug), max_size=size)).map(
        lambda drawn: [*prefix[:drawn[0]], *drawn[1]])


def parse_event(tracker: Any, raw: dict[str, Any]) -> Any:
    """A request as the API reads it; a release as the API's release of a seat records it."""
    if raw.get("kind") == RELEASE:
        return released(raw["seat"])
    return parse_request(tracker, raw)


def checked(tracker: Any, data: dict[str, Any]) -> Any:
    """A stored form as the server checked it: a request's parse; one that carries what only
    a stored form does (`own_phone`, an owner's reveal) as an import reads it."""
    return import_event(tracker, data) if data.get(OWN_PHONE) is not None \
        else parse_event(tracker, data)


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


def stored(history: History) -> list[Any]:
    """The events as the history stored them (resolved), one per version."""
    return [history.event_at(v) for v in range(1, history.version + 1)]


def lane(history: History, event: Any) -> str | None:
    """Whose undo takes `event` back: its seat's for a private entry, else the table's."""
    if isinstance(event, HistoryEvent):
        return event.seat
    if event.kind in history.tracker.private_events:
        return writer(history.tracker, history.setup, event)
    return None


def in_effect(history: History, version: int, seat: str | None) -> list[int]:
    """The events of one lane (the table's, or a seat's own entries) in effect."""
    return [v for v in history.effective(version) if history.lane_seat(v) == seat]


def streams(only: list[str] | None = None) -> list[Any]:
    return [pytest.param(slug, id=slug) for slug in (GAMES if only is None else only)]


@pytest.mark.parametrize("slug", streams())
def test_fold_prefix_then_rest_equals_fold_all(slug: str) -> None:
    @settings(max_examples=60, deadline=None)
    @given(_stream(slug), st.data())
    def law(raws: list[dict[str, Any]], data: Any) -> None:
        whole, _ = accepted(slug, raws)
        events = stored(whole)  # as the history keeps them (Tracker.resolve's stored forms)
        k = data.draw(st.integers(0, len(events)))
        tracker = whole.tracker
        split = fold(tracker, whole.setup, events[:k]).extend(events[k:])
        assert [p.state for p in split.points] == [p.state for p in whole.points]

    law()


@pytest.mark.parametrize("slug", streams())
def test_a_state_is_the_fold_of_the_events_in_effect(slug: str) -> None:
    """Whatever undos and reverts did, each version's state is its events in effect folded
    from the setup in the order they were recorded."""
    @settings(max_examples=60, deadline=None)
    @given(_stream(slug))
    def law(raws: list[dict[str, Any]]) -> None:
        history, _ = accepted(slug, raws)
        tracker, setup = history.tracker, history.setup
        for version in range(history.version + 1):
            state = tracker.initial(setup)
            for v in history.effective(version):  # each at the version that recorded it
                state = apply_event(tracker, setup, state, history.event_at(v), v)
            assert state == history.state_at(version), version

    law()


@pytest.mark.parametrize("slug", streams())
def test_undo_redo_and_undo_after_revert(slug: str) -> None:
    """In the lane of the change (the table's, or for a private entry its seat's): undo
    restores the state before it, reverting to the version before the undo restores it, and
    undo right after a revert comes back. A change that disclosed a secret is never taken
    back: its undo is refused and changes nothing."""
    @settings(max_examples=60, deadline=None)
    @given(_stream(slug), _events(slug), st.data())
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
        seat = history.lane_seat(version_after)
        assert seat == lane(history, history.event_at(version_after))
        mine = {"seat": seat} if seat is not None else {}
        if history.discloses(version_after) or is_release(history.event_at(version_after)):
            assert not history.can_undo(seat=seat)
            points = list(history.points)
            with pytest.raises(InvalidInput):
                history.append(parse_event(tracker, {"kind": "undo", **mine}))
            assert list(history.points) == points
            return
        assert history.can_undo(seat=seat)
        history.append(parse_event(tracker, {"kind": "undo", **mine}))
        assert history.state == before  # undo takes back the change
        history.append(parse_event(tracker, {"kind": "revert", "to_version": version_after,
                                             **mine}))
        assert history.state == after  # revert to the version before the undo: redo
        target = data.draw(st.integers(0, history.version - 1))
        pre_revert, points = history.state, list(history.points)
        try:
            history.append(parse_event(tracker, {"kind": "revert", "to_version": target,
                                                 **mine}))
        except InvalidInput:
            assert list(history.points) == points  # refused: nothing changed
            return
        assert in_effect(history, history.version, seat) == in_effect(history, target, seat)
        history.append(parse_event(tracker, {"kind": "undo", **mine}))
        assert history.state == pre_revert  # undo right after a revert

    law()


@pytest.mark.parametrize("slug", streams())
def test_refused_event_changes_nothing_and_states_always_score(slug: str) -> None:
    @settings(max_examples=60, deadline=None)
    @given(_stream(slug), _events(slug))
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
    whatever the history stored, that gives exactly what parse_event gives (an import's read
    for what only a stored form carries), and folds the same. Refused input is not stored, so
    it is parse_event's alone."""
    @settings(max_examples=60, deadline=None)
    @given(_stream(slug))
    def law(raws: list[dict[str, Any]]) -> None:
        whole, _ = accepted(slug, raws)
        tracker = whole.tracker
        events = stored(whole)
        saved = [json.loads(json.dumps(e.to_json())) for e in events]
        back = [stored_event(tracker, data) for data in saved]
        assert back == [checked(tracker, data) for data in saved] == events
        again = fold(tracker, whole.setup, back)
        assert [p.state for p in again.points] == [p.state for p in whole.points]
        assert stored(again) == events  # a stored form is its own stored form

    law()


@pytest.mark.parametrize("slug", streams())
def test_an_export_imports_to_the_same_shared_state_and_score(slug: str) -> None:
    """Each event as an export carries it (the shared view, a private entry sealed), read
    back by an import, folds to the same versions, the same shared view at every one of them
    and the same score: secrets stay out and nothing else is lost."""
    @settings(max_examples=60, deadline=None)
    @given(_stream(slug))
    def law(raws: list[dict[str, Any]]) -> None:
        whole, _ = accepted(slug, raws)
        tracker, setup = whole.tracker, whole.setup
        exported = json.loads(json.dumps([export_event(tracker, e) for e in stored(whole)]))
        copy = fold(tracker, tracker.parse_setup(setup.to_json()),
                    [import_event(tracker, data) for data in exported])
        assert copy.version == whole.version
        for version in range(whole.version + 1):
            assert tracker.state_json(setup, copy.state_at(version), SHARED) == \
                tracker.state_json(setup, whole.state_at(version), SHARED), version
        assert tracker.score(setup, copy.state).to_json() == \
            tracker.score(setup, whole.state).to_json()

    law()


# --- the laws of secrets: every game with private kinds ---------------------------------------

@pytest.mark.parametrize("slug", streams(SECRET_GAMES))
def test_who_writes_each_event(slug: str) -> None:
    """A private entry is written by its own seat only; an undo or revert by the table or by
    the seat it names; the stored form of an event has the writer of the request; a
    disclosure is a shared event its seat wrote."""
    @settings(max_examples=60, deadline=None)
    @given(_stream(slug))
    def law(raws: list[dict[str, Any]]) -> None:
        tracker = GAMES[slug].tracker
        assert tracker is not None
        history = History(tracker, tracker.parse_setup(tracker.example_setup))
        for raw in raws:
            try:
                event = parse_event(tracker, raw)
                history.append(event)
            except InvalidInput:
                continue
            kept = history.event_at(history.version)
            who = writer(tracker, history.setup, event)
            assert writer(tracker, history.setup, kept) == who
            if is_release(event):  # the table's, in its seat's own lane
                assert who is None and history.lane_seat(history.version) == event.seat
            elif isinstance(event, HistoryEvent):
                assert who == event.seat
            elif event.kind in tracker.private_events:
                assert who == history.lane_seat(history.version) is not None
            else:
                assert history.lane_seat(history.version) is None
                assert history.discloses(history.version) == (who is not None) == \
                    discloses(tracker, history.setup, kept)

    law()


@pytest.mark.parametrize("slug", streams(SECRET_GAMES))
def test_the_tables_undo_never_touches_a_seats_entries(slug: str) -> None:
    """The table's undo and revert leave every seat's entries in effect as they were (none
    removed, none reordered); a seat's own undo or revert changes only that seat's entries,
    and its undo right after an entry takes back exactly that entry."""
    @settings(max_examples=80, deadline=None)
    @given(_stream(slug), st.data())
    def law(raws: list[dict[str, Any]], data: Any) -> None:
        history, _ = accepted(slug, raws)
        tracker = history.tracker
        seats = [s.id for s in history.setup.seats]
        who = data.draw(st.sampled_from([None, *seats]))
        what = data.draw(st.sampled_from(["undo", "revert"]))
        raw: dict[str, Any] = {"kind": what, **({"seat": who} if who else {})}
        if what == "revert":
            raw["to_version"] = data.draw(st.integers(0, max(history.version - 1, 0)))
        last = history.version
        before = {s: in_effect(history, last, s) for s in [None, *seats]}
        points = list(history.points)
        try:
            history.append(parse_event(tracker, raw))
        except InvalidInput:
            assert list(history.points) == points
            return
        now = history.version
        for s in [None, *seats]:
            if s != who:
                assert in_effect(history, now, s) == before[s], s
        if who is not None and what == "undo":
            event = history.event_at(last) if last else None
            if event is not None and not isinstance(event, HistoryEvent) \
                    and history.lane_seat(last) == who:
                assert in_effect(history, now, who) == [v for v in before[who] if v != last]

    law()


@pytest.mark.parametrize("slug", streams(SECRET_GAMES))
def test_a_disclosure_stays_in_effect(slug: str) -> None:
    """Once a seat has made its secret public (an owner's reveal), or the table has handed a
    seat to a new phone (a release), every later version has that event in effect: no undo or
    revert by anyone makes it disappear."""
    @settings(max_examples=60, deadline=None)
    @given(_stream(slug, 40))
    def law(raws: list[dict[str, Any]]) -> None:
        history, _ = accepted(slug, raws)
        told = [v for v in range(1, history.version + 1)
                if history.discloses(v) or is_release(history.event_at(v))]
        for version in range(history.version + 1):
            effective = set(history.effective(version))
            assert all(v in effective for v in told if v <= version)

    law()


def _seal_others(history: History, keep: str | None) -> list[Any]:
    """The stored events with every private entry not of seat `keep` sealed."""
    tracker = history.tracker
    out = []
    for event in stored(history):
        private = not isinstance(event, HistoryEvent) and event.kind in tracker.private_events
        if private and writer(tracker, history.setup, event) != keep:
            event = import_event(tracker, export_event(tracker, event))
        out.append(event)
    return out


def _shown(tracker: Any, event: Any, viewer: Viewer, names: dict[str, str]) -> Any:
    if isinstance(event, HistoryEvent):
        return event.to_json(), event.describe(names)
    shown = {k: v for k, v in tracker.event_json(event, viewer).items() if k != SEALED}
    return shown, tracker.describe(event, names, viewer)


@pytest.mark.parametrize("slug", streams(SECRET_GAMES))
def test_no_answer_depends_on_anothers_secret(slug: str) -> None:
    """Fold the history again with the secrets of everyone but one viewer sealed (for the
    shared view: everyone's): that viewer's state, events, history lines, the score and
    whether the table may undo are the same at every version. So no shared answer, and no
    answer to another seat, can carry a secret or anything worked out from one."""
    @settings(max_examples=60, deadline=None)
    @given(_stream(slug), st.data())
    def law(raws: list[dict[str, Any]], data: Any) -> None:
        history, _ = accepted(slug, raws)
        tracker, setup = history.tracker, history.setup
        seat = data.draw(st.sampled_from([None, *(s.id for s in setup.seats)]))
        viewer = Viewer(seat)
        copy = fold(tracker, setup, _seal_others(history, seat))
        names = {s.id: s.name for s in setup.seats}
        for version in range(history.version + 1):
            assert tracker.state_json(setup, copy.state_at(version), viewer) == \
                tracker.state_json(setup, history.state_at(version), viewer), version
            assert copy.can_undo(version) == history.can_undo(version)
        for a, b in zip(stored(copy), stored(history), strict=True):
            assert _shown(tracker, a, viewer, names) == _shown(tracker, b, viewer, names)
        assert tracker.score(setup, copy.state).to_json() == \
            tracker.score(setup, history.state).to_json()
        assert sealed_copy(tracker, stored(history)) == sealed_copy(tracker, stored(copy))

    law()


@pytest.mark.parametrize("slug", streams(SECRET_GAMES))
def test_no_request_answers_about_anothers_secret(slug: str) -> None:
    """Anything a writer sends (the table's edit token: its events, undo and revert; a seat's
    phone: its own) gets the same answer with or without everyone else's secrets: accepted
    with the same state as that writer sees it, or refused with the same words. So no request
    answers yes or no about a secret that is not the sender's own."""
    @settings(max_examples=80, deadline=None)
    @given(_stream(slug), _events(slug))
    def law(raws: list[dict[str, Any]], raw: dict[str, Any]) -> None:
        history, _ = accepted(slug, raws)
        tracker, setup = history.tracker, history.setup
        try:
            event = parse_event(tracker, raw)
            who = writer(tracker, setup, event)
        except InvalidInput:
            return
        viewer = Viewer(who)
        copy = fold(tracker, setup, _seal_others(history, who))
        answers = []
        for h in (history, copy):
            try:
                h.append(event)
                answers.append(("accepted", tracker.state_json(setup, h.state, viewer),
                                _shown(tracker, h.event_at(h.version), viewer, {})))
            except InvalidInput as error:
                answers.append(("refused", error.field, error.detail, error.allowed))
        assert answers[0] == answers[1]

    law()


def _seal_earlier_phones(history: History, seat: str) -> list[Any]:
    """The stored events with `seat`'s own entries made before its latest release sealed."""
    tracker, since = history.tracker, history.released(seat)
    out = []
    for version in range(1, history.version + 1):
        event = history.event_at(version)
        if version < since and not isinstance(event, HistoryEvent) \
                and event.kind in tracker.private_events \
                and writer(tracker, history.setup, event) == seat:
            event = import_event(tracker, export_event(tracker, event))
        out.append(event)
    return out


@pytest.mark.parametrize("slug", streams(SECRET_GAMES))
def test_a_new_phone_learns_nothing_the_earlier_phone_entered(slug: str) -> None:
    """Once the table has handed a seat to a new phone, that phone's answers are the same
    whatever the earlier phone entered (fold again with those entries sealed): its state at
    every later version, every history line and event it reads (as the API shows them,
    History.reader and line), and whether it may undo. A seat's own undo and revert never
    reach behind its release."""
    @settings(max_examples=60, deadline=None)
    @given(_stream(slug), st.data())
    def law(raws: list[dict[str, Any]], data: Any) -> None:
        tracker = GAMES[slug].tracker
        assert tracker is not None
        setup = tracker.parse_setup(tracker.example_setup)
        seat = data.draw(st.sampled_from([s.id for s in setup.seats]))
        history, _ = accepted(slug, [*raws, {"kind": RELEASE, "seat": seat},
                                     *data.draw(st.lists(_events(slug), max_size=8))])
        since = history.released(seat)
        assert since and is_release(history.event_at(since))
        viewer = Viewer(seat)
        copy = fold(tracker, setup, _seal_earlier_phones(history, seat))
        for version in range(since, history.version + 1):
            assert tracker.state_json(setup, copy.state_at(version), viewer) == \
                tracker.state_json(setup, history.state_at(version), viewer), version
            assert copy.can_undo(version, seat) == history.can_undo(version, seat)
            assert history.released(seat, version) >= since  # never taken back
        for version in range(1, history.version + 1):
            assert history.line(version, viewer) == copy.line(version, viewer), version
            a, b = history.event_at(version), copy.event_at(version)
            if not isinstance(a, HistoryEvent):
                assert _shown(tracker, a, history.reader(version, viewer), {}) == \
                    _shown(tracker, b, copy.reader(version, viewer), {}), version
        for raw in ({"kind": "undo", "seat": seat},
                    {"kind": "revert", "seat": seat, "to_version": since - 1}):
            points = list(history.points)
            try:
                history.append(parse_event(tracker, raw))
            except InvalidInput:
                assert list(history.points) == points
                continue
            assert history.event_at(since) in [history.event_at(v)
                                               for v in history.effective()]
            assert raw["kind"] == "undo"

    law()
