"""The hot paths of the Store as plain SQL on a pooled DBAPI connection.

Reading a session's version, appending an event and catching a history up run on every read,
304 and write. SQLAlchemy builds, caches and executes a statement in several times what the
query itself costs, so these few statements are written out once per dialect and run on the
driver's own cursor; values go through the same column types SQLAlchemy uses (JSON text and
datetimes on SQLite), so rows written either way read back alike. Everything else (create,
import, seats, retention, migrations) stays with SQLAlchemy.

SQLite writers queue in turn: one at a time per process (a lock), then across the workers on a
lock file beside the database (flock, which the kernel wakes the moment it is free). Left to
SQLite, a second writer polls its busy lock and sleeps up to 100 ms between tries, which is
what a 16-client burst of appends saw as its p99.

A SQLite write waits only for its own commit: copying the write-ahead log into the database
(a checkpoint, which SQLite otherwise runs inside whichever commit fills 1,000 pages, writing
them all and syncing the database file: tens to hundreds of milliseconds, with every other
writer queued behind it) is done by a thread of each process after every hundred commits
(Checkpoints). A commit is as durable either way: it is synced to the log before its answer.
"""
from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine

from .engine import sqlite_file
from .models import EventRow

_MARKERS = {"qmark": "?", "format": "%s", "pyformat": "%s"}

_SQL = {
    "info": "SELECT id, code, token_hash, game, version, created_at, updated_at "
            "FROM sessions WHERE code = {0}",
    "head": "SELECT id, version, updated_at FROM sessions WHERE code = {0}",
    "lock": "SELECT version, size_bytes FROM sessions WHERE id = {0}",
    "earlier": "SELECT seq, payload, created_at FROM events "
               "WHERE session_id = {0} AND idempotency_key = {0}",
    "bump": "UPDATE sessions SET version = {0}, size_bytes = {0}, updated_at = {0} "
            "WHERE id = {0} AND version = {0}",
    "insert": "INSERT INTO events (session_id, seq, kind, payload, idempotency_key, created_at) "
              "VALUES ({0}, {0}, {0}, {0}, {0}, {0})",
    "payloads": "SELECT payload FROM events WHERE session_id = {0} AND seq > {0} AND seq <= {0} "
                "ORDER BY seq",
    "events": "SELECT seq, payload, created_at FROM events WHERE session_id = {0} AND seq > {0} "
              "ORDER BY seq",
    "peek": 'SELECT count FROM rate_counts WHERE bucket = {0} AND "window" = {0}',
}


def stored_time(value: datetime | str) -> datetime:
    """A stored time: SQLite's driver gives the text SQLAlchemy wrote ("2025-01-31
    20:15:00.000000", UTC), PostgreSQL's an aware datetime."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def payload(value: Any) -> Any:
    """A stored event's JSON: text on SQLite, already decoded by PostgreSQL's driver."""
    return json.loads(value) if isinstance(value, (str, bytes)) else value


def payloads(values: Sequence[Any]) -> list[Any]:
    """Many stored events' JSON at once: SQLite's texts are joined into one JSON array and
    decoded in one call (a long session read cold spent more in json.loads's per-call
    overhead than in the parsing itself). Each text is a whole JSON value the server wrote."""
    if values and isinstance(values[0], str):
        decoded: list[Any] = json.loads("[" + ",".join(values) + "]")
        return decoded
    return [payload(value) for value in values]


def _committed(connection: Any, begin: str | None) -> Iterator[Any]:
    """Plain.transaction's body: a cursor, committed after the block, rolled back if it
    raises."""
    cursor = connection.cursor()
    try:
        if begin is not None:  # SQLite: take the write lock first (see engine.py)
            cursor.execute(begin)
        try:
            yield cursor
            connection.commit()
        except BaseException:  # a failed commit too: a connection kept open starts clean
            connection.rollback()
            raise
    finally:
        cursor.close()


def _bind(column_type: Any, dialect: Any) -> Callable[[Any], Any]:
    """How SQLAlchemy turns a value into this column's database value (or unchanged)."""
    found: Callable[[Any], Any] | None = column_type.dialect_impl(dialect).bind_processor(dialect)
    return found or (lambda value: value)


class Plain:
    """The statements above for one engine, and the cursors to run them on."""

    def __init__(self, engine: Engine) -> None:
        dialect = engine.dialect
        marker = _MARKERS.get(dialect.paramstyle)
        if marker is None:
            raise ValueError(f"The database driver {dialect.driver!r} is not supported: use "
                             "SQLite or PostgreSQL with psycopg.")
        self.engine = engine
        self.sqlite = dialect.name == "sqlite"
        self.sql = {name: text.format(marker) for name, text in _SQL.items()}
        if not self.sqlite:  # PostgreSQL: the session row is the lock writers queue on
            self.sql["lock"] += " FOR UPDATE"
        columns = EventRow.__table__.c
        self.json_value: Callable[[Any], Any] = _bind(columns.payload.type, dialect)
        self.time_value: Callable[[Any], Any] = _bind(columns.created_at.type, dialect)
        self.writers = threading.Lock()
        """One SQLite writer (or batch of appends) at a time in this process."""
        self._turn_file: int | None = None
        path = sqlite_file(engine.url.render_as_string(hide_password=False))
        self._turn_path = None if path is None else f"{path}-writers"
        self._readers = threading.local() if self._turn_path is not None else None
        """Each thread's own connection to a SQLite file for one(); PostgreSQL (a server
        process per connection) and an in-memory SQLite (one per thread already, in the
        pool) keep to the pool."""
        self._readers_lock = threading.Lock()
        self._opened: list[Any] = []
        self._writer: Any = None
        """This process's SQLite write connection (a file database only; under `writers`)."""
        self.checkpoints = None if path is None else Checkpoints(str(path), self._writers_turn)

    @contextmanager
    def cursor(self) -> Iterator[Any]:
        """A cursor for reads: no transaction of its own (SQLite: autocommit; PostgreSQL: the
        pool rolls back when the connection goes back)."""
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            try:
                yield cursor
            finally:
                cursor.close()
        finally:
            raw.close()

    def one(self, name: str, *values: Any) -> Sequence[Any] | None:
        """The first row of a read (every read's and 304's): on SQLite, on this thread's own
        connection, which skips the pool's checkout and return (under a server's load they
        cost several times the query)."""
        if self._readers is not None:
            reader = getattr(self._readers, "connection", None)
            if reader is None:
                reader = self._reader()
            # fetchall: the statement runs to its end, so no read snapshot stays open
            rows: list[Sequence[Any]] = reader.execute(self.sql[name], values).fetchall()
            return rows[0] if rows else None
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            try:
                cursor.execute(self.sql[name], values)
                found: Sequence[Any] | None = cursor.fetchone()
                return found
            finally:
                cursor.close()
        finally:
            raw.close()

    def _reader(self) -> Any:
        """This thread's SQLite connection for one-row reads (see _detached)."""
        reader = self._detached()
        assert self._readers is not None
        self._readers.connection = reader
        return reader

    def _detached(self) -> Any:
        """A SQLite connection of our own: taken from the pool once (so it is set up like
        every other) and detached from it, closed by close()."""
        pooled = self.engine.raw_connection()
        pooled.detach()
        connection = pooled.dbapi_connection
        with self._readers_lock:
            self._opened.append(connection)
        return connection

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        """A cursor in a write transaction, committed (durably: see engine.py) when the block
        ends, rolled back if it raises. On a SQLite file, hold `writers` first (turn() or
        store.append): its transactions run on this process's one writer connection, which
        skips the pool's checkout and its rollback on return (a write's turn is that short
        time shorter for every writer waiting behind it)."""
        if self.checkpoints is not None:
            writer = self._writer if self._writer is not None else self._detached()
            self._writer = writer
            yield from _committed(writer, begin="BEGIN IMMEDIATE")
            self.checkpoints.wrote()
            return
        raw = self.engine.raw_connection()
        try:
            yield from _committed(raw, begin="BEGIN IMMEDIATE" if self.sqlite else None)
        finally:
            raw.close()

    @contextmanager
    def turn(self) -> Iterator[None]:
        """A SQLite writer's turn: first in this process, then among the workers."""
        with self._writers_turn():
            yield
        if self.checkpoints is not None:
            self.checkpoints.wrote()

    @contextmanager
    def _writers_turn(self) -> Iterator[None]:
        with self.writers, self.file_turn():
            yield

    @contextmanager
    def file_turn(self) -> Iterator[None]:
        """The turn among the workers on a SQLite file (nothing to wait for on PostgreSQL or
        an in-memory database). Hold `writers` first: the lock file is one per process."""
        if self._turn_path is None:
            yield
            return
        if self._turn_file is None:
            self._turn_file = os.open(self._turn_path, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(self._turn_file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(self._turn_file, fcntl.LOCK_UN)

    def close(self) -> None:
        if self.checkpoints is not None:
            self.checkpoints.stop()
        with self._readers_lock:
            for reader in self._opened:
                reader.close()
            self._opened.clear()
            self._readers = threading.local() if self._readers is not None else None
            self._writer = None
        with self.writers:
            if self._turn_file is not None:
                os.close(self._turn_file)
                self._turn_file = None


CHECKPOINT_WRITES = 100
"""Commits of this process after which its thread copies the log into the database (SQLite's
own default, 1,000 pages, is about 200 of our appends)."""
CHECKPOINT_IDLE = 10.0
"""Seconds without a write after which the checkpoint thread copies what is left and ends
(the next write starts another)."""
RESTART_FRAMES = 1000
"""Length of the log (frames) above which a copy is finished in a writers' turn (whatever
was written during it), so that the next write starts the log over."""
CHECKPOINT = "PRAGMA wal_checkpoint(PASSIVE)"


class Checkpoints:
    """The write-ahead log of a SQLite file copied into the database by a thread of its own
    (PRAGMA wal_checkpoint(PASSIVE): it waits for no reader or writer and leaves any frame
    still in use for the next time) after every CHECKPOINT_WRITES commits of this process;
    SQLite's own checkpoints inside commits are switched off (engine.py). The thread keeps its
    own connection and ends once the process has not written for a while; a thread from
    before a fork is not this process's and is started anew.

    A log starts over from its beginning at the first write after a copy that took all of
    it, which a busy table's writes, landing during the copy, may never let happen: so once
    the log is longer than RESTART_FRAMES, what was written during the copy is copied in a
    writers' turn (milliseconds, where the copy itself took the long time).
    """

    def __init__(self, path: str, turn: Callable[[], AbstractContextManager[None]]) -> None:
        self._path = path
        self._turn = turn
        self._writes = 0
        self._due = threading.Event()
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._pid = 0

    def wrote(self) -> None:
        self._writes += 1  # a count, not a ledger: a lost increment only delays a copy
        if self._writes >= CHECKPOINT_WRITES:
            self._due.set()
        thread = self._thread
        if thread is None or not thread.is_alive() or self._pid != os.getpid():
            with self._lock:
                if self._thread is thread and not self._stopping.is_set():
                    self._pid = os.getpid()
                    self._thread = threading.Thread(target=self._run, daemon=True,
                                                    name="lairside-checkpoints")
                    self._thread.start()

    def _run(self) -> None:
        connection = sqlite3.connect(self._path, check_same_thread=False)
        try:
            while not self._stopping.is_set():
                idle = not self._due.wait(CHECKPOINT_IDLE)
                if self._stopping.is_set():
                    break
                self._due.clear()
                self._writes = 0
                try:
                    _busy, frames, _copied = connection.execute(CHECKPOINT).fetchall()[0]
                    if frames > RESTART_FRAMES:  # writes during the copy may have added some
                        with self._turn():
                            connection.execute(CHECKPOINT).fetchall()
                except sqlite3.Error:  # busy or gone: the next round tries again
                    continue
                if idle:
                    break
        finally:
            connection.close()
            with self._lock:
                if self._thread is threading.current_thread():
                    self._thread = None
            if self._writes and not self._stopping.is_set():
                self.wrote()  # a write came in as this one was ending

    def stop(self) -> None:
        """End the thread now (a later write starts another)."""
        self._stopping.set()
        self._due.set()  # wakes it
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)
        self._stopping.clear()
        self._due.clear()
