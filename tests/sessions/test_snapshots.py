"""Snapshots in the database (issue 42): a worker that never saw a table, or dropped it, resumes
it from its newest snapshot and the events after it. Counted in applied events, no read,
append, undo, revert or export of a 5,000-event table applies more than SNAPSHOT_EVERY, even
when another table writes on the same worker between each (the refold cliff); snapshots of
other code are rebuilt; a seat's secrets read through a snapshot reach only that seat."""
from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import delete, func, select

from api.storage import Store
from api.storage import snapshots as snapshots_module
from api.storage import store as store_module
from api.storage.models import SnapshotRow
from assistant.games import find_game
from assistant.tracker import SHARED, Viewer, parse_event
from assistant.tracker.history import SNAPSHOT_EVERY

from .conftest import make_app
from .helpers import CUTTHROAT

TDT = find_game("tdt").tracker
LENGTH = 5_000


def examples(tracker: Any, count: int) -> list[tuple[Any, None]]:
    """`count` of a game's example events cycled, an undo where one is refused (an import's
    events: checked by folding them)."""
    from assistant.errors import InvalidInput
    from assistant.tracker import History

    history = History(tracker, tracker.parse_setup(tracker.example_setup))
    plain = [parse_event(tracker, e) for e in tracker.example_events]
    out = []
    while len(out) < count:
        event = plain[len(out) % len(plain)]
        try:
            history.append(event)
        except InvalidInput:
            event = parse_event(tracker, {"kind": "undo"})
            history.append(event)
        out.append((event, None))
    return out


@pytest.fixture()
def counted(monkeypatch):
    """Every event TDT's tracker applies, counted."""
    seen = {"applied": 0}
    plain = type(TDT).apply

    def apply(self: Any, setup: Any, state: Any, event: Any, version: int) -> Any:
        seen["applied"] += 1
        return plain(self, setup, state, event, version)

    monkeypatch.setattr(type(TDT), "apply", apply)
    return seen


def test_a_long_table_never_folds_more_than_snapshot_every_events(db_url, counted,
                                                                  monkeypatch):
    store = Store(db_url, max_events=LENGTH + 100).ready()
    setup = TDT.parse_setup(TDT.example_setup)
    info, _ = store.create(TDT, setup, examples(TDT, LENGTH))
    other, _ = store.create(TDT, TDT.parse_setup(CUTTHROAT))
    with store.engine.connect() as conn:
        made = conn.execute(select(func.count()).select_from(SnapshotRow).where(
            SnapshotRow.session_id == info.id)).scalar_one()
    store.dispose()
    assert made == LENGTH // SNAPSHOT_EVERY
    # a worker that never saw it, keeping about one table at a time: every use of the long
    # table comes after a write to another one (the cliff: it was folded whole each time)
    monkeypatch.setattr(store_module, "HISTORY_BYTES", 1)
    worker = Store(db_url, max_events=LENGTH + 100).ready()
    try:
        note = parse_event(TDT, {"kind": "note", "text": "meanwhile"})

        def costs(work: Any) -> int:
            worker.append(worker.info(other.code), note, None)  # the other table writes
            counted["applied"] = 0
            work(worker.info(info.code))
            return counted["applied"]

        assert costs(worker.point) <= SNAPSHOT_EVERY  # a cold read
        for n in range(SNAPSHOT_EVERY + 3):  # appends, across a snapshot
            assert costs(lambda i, n=n: worker.append(i, parse_event(
                TDT, {"kind": "note", "text": f"n{n}"}), i.version)) <= SNAPSHOT_EVERY
        for raw in ({"kind": "undo"}, {"kind": "undo"}, {"kind": "revert", "to_version": 2_500},
                    {"kind": "undo"}, {"kind": "revert", "to_version": 7}):
            assert costs(lambda i, raw=raw: worker.append(
                i, parse_event(TDT, raw), i.version)) <= SNAPSHOT_EVERY, raw
        assert costs(lambda i: [worker.history(i).stored_form(r.seq, r.event)
                                for r in worker.events(i)]) <= SNAPSHOT_EVERY  # an export
        final = worker.info(info.code)
        assert costs(lambda i: worker.history(i).state_at(3_333)) <= SNAPSHOT_EVERY
        # and what it folded is the table: the same as folding every event again
        from assistant.tracker import fold
        whole = fold(TDT, setup, [r.event for r in worker.events(final)])
        assert worker.state_at(final) == whole.state
        assert worker.point(final)[1] == whole.can_undo()
    finally:
        worker.dispose()


def rows(store: Store, session_id: int) -> list[tuple[int, str]]:
    with store.engine.connect() as conn:
        return list(conn.execute(select(SnapshotRow.version, SnapshotRow.fold).where(
            SnapshotRow.session_id == session_id).order_by(SnapshotRow.version)).all())


@pytest.mark.parametrize("change", ["code", "gap"])
def test_snapshots_of_other_code_or_with_a_gap_are_made_again(sqlite_url, counted, change,
                                                               monkeypatch):
    store = Store(sqlite_url).ready()
    setup = TDT.parse_setup(TDT.example_setup)
    info, _ = store.create(TDT, setup, examples(TDT, 300))
    before = rows(store, info.id)
    assert [v for v, _ in before] == [64, 128, 192, 256]
    expected = store.state_at(info)
    store.dispose()
    if change == "code":  # the game's rules changed: its fold's hash with them
        monkeypatch.setitem(snapshots_module._FOLDS, type(TDT), "0" * 32)
    else:
        with store.engine.begin() as conn:
            conn.execute(delete(SnapshotRow).where(SnapshotRow.session_id == info.id,
                                                   SnapshotRow.version == 128))
    worker = Store(sqlite_url).ready()
    try:
        counted["applied"] = 0
        assert worker.state_at(worker.info(info.code)) == expected
        assert counted["applied"] > SNAPSHOT_EVERY  # folded whole, once
        fold = snapshots_module.fold_of(TDT)
        assert rows(worker, info.id) == [(v, fold) for v, _ in before]
        worker._histories.clear()  # dropped: resumed from the new snapshots
        counted["applied"] = 0
        assert worker.state_at(worker.info(info.code)) == expected
        assert counted["applied"] <= SNAPSHOT_EVERY
    finally:
        worker.dispose()


def test_a_seats_secret_read_through_a_snapshot_reaches_only_that_seat(sqlite_url):
    plan = find_game("master-plan").tracker
    setup = plan.parse_setup(plan.example_setup)
    seats = [s.id for s in setup.seats]
    secrets = [(parse_event(plan, {"kind": "plan", "seat": seats[0],
                                   "requirements": "Gem, Idol"}), None)]
    store = Store(sqlite_url).ready()
    info, _ = store.create(plan, setup, secrets + examples(plan, 2 * SNAPSHOT_EVERY + 5))
    assert rows(store, info.id), "the table has snapshots"
    views = {viewer: plan.state_json(setup, store.state_at(info), viewer)
             for viewer in (SHARED, *(Viewer(s) for s in seats))}
    store.dispose()
    worker = Store(sqlite_url).ready()  # resumes from the snapshot
    try:
        state = worker.state_at(worker.info(info.code))
        for viewer, seen in views.items():
            assert plan.state_json(setup, state, viewer) == seen
        assert "Your Master Plan" in str(views[Viewer(seats[0])])
        assert "Your Master Plan" not in str(views[SHARED]) + str(views[Viewer(seats[1])])
    finally:
        worker.dispose()


def test_the_api_answers_a_long_table_the_same_from_its_snapshots(sqlite_url):
    store = Store(sqlite_url, max_events=1_000).ready()
    info, _ = store.create(TDT, TDT.parse_setup(TDT.example_setup), examples(TDT, 700))
    store.dispose()
    app = make_app(sqlite_url, LAIRSIDE_MAX_EVENTS=1_000)
    try:
        client = app.test_client()
        read = client.get(f"/api/v1/sessions/{info.code}").json
        exported = client.get(f"/api/v1/sessions/{info.code}/export").json
        assert read["version"] == 700 and len(exported["events"]) == 700
        made = client.post("/api/v1/sessions/import", json=exported).json
        assert made["state"] == read["state"] and made["can_undo"] == read["can_undo"]
    finally:
        app.extensions["lairside.sessions"].dispose()
