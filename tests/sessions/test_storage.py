"""The Store against SQLite and a real PostgreSQL server: migrations, versions, idempotency,
two workers sharing one database, and racing writers."""
from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import inspect, text

from api.storage import KeyReused, StaleVersion, Store
from api.storage.migrate import HEAD, current_revision
from assistant.errors import InvalidInput
from assistant.tracker import exports
from tests.games.tdt.tracker.kit import TRACKER, parse_event, parse_setup

from .helpers import CUTTHROAT

SETUP = parse_setup(CUTTHROAT)
CLOCK = [parse_event({"kind": "clock", "to": n}) for n in range(9, -1, -1)]


@pytest.fixture()
def store(db_url):
    s = Store(db_url).ready()
    yield s
    s.dispose()


def test_migrates_to_head_once(db_url):
    first = Store(db_url).ready()
    with first.engine.connect() as conn:
        assert current_revision(conn) == HEAD
        assert {"sessions", "events", "alembic_version"} <= set(inspect(conn).get_table_names())
    second = Store(db_url).ready()  # a second worker: nothing to do
    with second.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
    first.dispose()
    second.dispose()


def test_workers_starting_together_migrate_once(db_url):
    stores, errors = [Store(db_url) for _ in range(4)], []

    def start(s):
        try:
            s.ready()
        except Exception as error:  # noqa: BLE001 - collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=start, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for s in stores:
        s.dispose()


def test_append_read_and_gapless_sequence(store):
    info, token = store.create(TRACKER, SETUP)
    for version, event in enumerate(CLOCK[:5]):
        done = store.append(info, event, version)
        assert done.version == done.stored.seq == version + 1
    info = store.info(info.code.upper())  # codes are case-insensitive
    assert info.version == 5
    assert store.state_at(info).clock == 5
    assert [e.seq for e in store.events(info)] == [1, 2, 3, 4, 5]
    assert [e.seq for e in store.events(info, after=3)] == [4, 5]
    assert token not in str(info) and len(info.token_hash) == 64


def test_stale_and_refused_writes_change_nothing(store):
    info, _ = store.create(TRACKER, SETUP)
    store.append(info, CLOCK[0], 0)
    with pytest.raises(StaleVersion) as stale:
        store.append(info, CLOCK[1], 0)
    assert stale.value.current == 1
    with pytest.raises(InvalidInput):
        store.append(info, parse_event({"kind": "betrayal", "seat": "goodman"}), 1)
    info = store.info(info.code)
    assert info.version == 1 and len(store.events(info)) == 1


def test_idempotent_retry_counts_once(store):
    info, _ = store.create(TRACKER, SETUP)
    first = store.append(info, CLOCK[0], 0, key="tap-1")
    again = store.append(info, CLOCK[0], 0, key="tap-1")  # the retry still names version 0
    assert (again.replayed, again.stored.seq, again.version) == (True, 1, 1)
    assert first.stored.created_at == again.stored.created_at
    with pytest.raises(KeyReused):
        store.append(info, CLOCK[1], 1, key="tap-1")
    assert store.info(info.code).version == 1


def test_two_workers_share_one_database(db_url):
    a, b = Store(db_url).ready(), Store(db_url).ready()
    info, _ = a.create(TRACKER, SETUP)
    assert b.state_at(b.info(info.code)).clock == SETUP.clock
    a.append(info, CLOCK[0], 0)
    a.append(info, CLOCK[1], 1)
    done = b.append(b.info(info.code), CLOCK[2], 2)  # b's cached history catches up
    assert done.state.clock == 7
    assert a.state_at(a.info(info.code)).clock == 7
    a.dispose()
    b.dispose()


def test_racing_writers_on_one_version_one_wins(db_url):
    stores = [Store(db_url).ready() for _ in range(6)]
    info, _ = stores[0].create(TRACKER, SETUP)
    results: list[str] = []
    barrier = threading.Barrier(len(stores))

    def write(s, n):
        barrier.wait()
        try:
            s.append(s.info(info.code), parse_event({"kind": "note", "text": f"w{n}"}), 0)
            results.append("ok")
        except StaleVersion:
            results.append("stale")

    threads = [threading.Thread(target=write, args=(s, n)) for n, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["ok"] + ["stale"] * 5
    assert stores[0].info(info.code).version == 1
    for s in stores:
        s.dispose()


def imported(items):
    found = exports.read({"setup": {"game": "tdt"}, "events": items}, datetime.now(UTC))
    return exports.events_of(TRACKER, found)


def test_import_keeps_events_and_times(store):
    at = datetime(2025, 1, 31, 20, 15, tzinfo=UTC)
    events = imported([{"event": {"kind": "clock", "to": 7}, "at": at.isoformat()},
                       {"kind": "undo"}])
    info, _ = store.create(TRACKER, SETUP, events)
    stored = store.events(info)
    assert [e.seq for e in stored] == [1, 2] and stored[0].created_at == at
    assert store.state_at(info).clock == SETUP.clock


def test_import_refuses_a_bad_event(store):
    events = imported([{"event": {"kind": "clock", "to": 7}},
                       *({"event": {"kind": "next"}} for _ in range(4)),  # to Monologuing
                       {"event": {"kind": "betrayal", "seat": "jin-feng"}}])
    with pytest.raises(InvalidInput) as refused:
        store.create(TRACKER, SETUP, events)
    assert refused.value.field == "events.5.seat"  # nobody has scored a VP yet


def test_appends_at_once_all_land_in_one_gapless_sequence(db_url):
    """Appends arriving together (on SQLite, committed as a batch) each land once, in order;
    one refused by the rules or by its version writes nothing and holds up nobody else."""
    store = Store(db_url).ready()
    info, _ = store.create(TRACKER, SETUP)
    answers: list[int] = []
    refusals: list[str] = []
    barrier = threading.Barrier(8)

    def write(n):
        barrier.wait()
        for i in range(5):
            try:
                done = store.append(info, parse_event({"kind": "note", "text": f"{n}.{i}"}),
                                    None)
                answers.append(done.version)
                store.append(info, parse_event({"kind": "undo"}), 0)  # stale: refused
            except StaleVersion:
                refusals.append("stale")
            try:  # a revert past the last version: the rules refuse it
                store.append(info, parse_event({"kind": "revert", "to_version": 999}), None)
            except InvalidInput:
                refusals.append("rules")

    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == list(range(1, 41))
    assert refusals.count("stale") == 40 and refusals.count("rules") == 40
    assert [e.seq for e in store.events(info)] == list(range(1, 41))
    fresh = Store(db_url).ready()  # a worker that folds it from the database
    assert fresh.state_at(fresh.info(info.code)) == store.state_at(store.info(info.code))
    notes = fresh.state_at(fresh.info(info.code)).notes
    assert [n.version for n in notes] == list(range(1, 41))
    assert sorted(n.text for n in notes) == sorted(f"{n}.{i}" for n in range(8)
                                                    for i in range(5))
    fresh.dispose()
    store.dispose()


def test_a_failed_commit_leaves_no_trace(db_url, monkeypatch):
    store = Store(db_url).ready()
    info, _ = store.create(TRACKER, SETUP)
    store.append(info, CLOCK[0], 0)
    changed, failures = store._changed, [OSError("disk gone")]

    def broken(conn, code, version):  # the last step inside the transaction fails, once
        if failures:
            raise failures.pop()
        changed(conn, code, version)

    monkeypatch.setattr(store, "_changed", broken)
    with pytest.raises(OSError):
        store.append(info, parse_event({"kind": "note", "text": "boom"}), 1)
    current = store.info(info.code)
    assert current.version == 1 and store.point(current)[0].notes == ()
    assert store.history(current).version == 1  # the cached fold forgot the step too
    done = store.append(current, parse_event({"kind": "note", "text": "fine"}), 1)
    assert done.version == 2 and [n.text for n in done.state.notes] == ["fine"]
    assert [e.seq for e in store.events(current)] == [1, 2]
    store.dispose()


def test_rate_counts_add_up_per_client_and_window(store):
    assert [store.count("miss|192.0.2.1", 1000) for _ in range(3)] == [1, 2, 3]
    assert store.count("miss|192.0.2.2", 1000) == 1  # another client counts apart
    assert store.count("miss|192.0.2.1", 1060) == 1  # a new window starts again
    assert store.count("miss|192.0.2.1", 1000) == 1  # ... and the old one was forgotten


def test_the_write_ahead_log_stays_bounded_while_a_table_writes(sqlite_url):
    """SQLite in WAL mode copies its log back into the database as it grows (its own
    checkpoints), so a table writing without a pause keeps a small log, and every write is
    there once the store is opened again."""
    store = Store(sqlite_url).ready()
    info, _ = store.create(TRACKER, SETUP)
    wal = Path(sqlite_url.removeprefix("sqlite:///") + "-wal")
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    for n in range(150):
        store.append(info, parse_event({"kind": "note", "text": f"note {n} " * 30}), None)
    assert wal.stat().st_size < 8 * 1024 * 1024
    store.dispose()
    again = Store(sqlite_url).ready()
    assert again.info(info.code).version == 150  # every write there, as committed
    again.dispose()
