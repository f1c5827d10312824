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
"""
from __future__ import annotations

import fcntl
import json
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine

from .engine import sqlite_file
from .models import EventRow

_MARKERS = {"qmark": "?", "format": "%s", "pyformat": "%s"}

_SQL = {
    "info": "SELECT id, code, token_hash, game, version, created_at, updated_at "
            "FROM sessions WHERE code = {0}",
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
        """This thread's SQLite connection for one-row reads: taken from the pool once (so
        it is set up like every other) and detached from it, closed by close()."""
        pooled = self.engine.raw_connection()
        pooled.detach()
        reader = pooled.dbapi_connection
        with self._readers_lock:
            self._opened.append(reader)
        assert self._readers is not None
        self._readers.connection = reader
        return reader

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        """A cursor in a write transaction, committed (durably: see engine.py) when the block
        ends, rolled back if it raises. On SQLite, take turn() or file_turn() first."""
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            try:
                if self.sqlite:  # take the write lock first (see engine.py)
                    cursor.execute("BEGIN IMMEDIATE")
                try:
                    yield cursor
                except BaseException:
                    raw.rollback()
                    raise
                raw.commit()
            finally:
                cursor.close()
        finally:
            raw.close()

    @contextmanager
    def turn(self) -> Iterator[None]:
        """A SQLite writer's turn: first in this process, then among the workers."""
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
        with self._readers_lock:
            for reader in self._opened:
                reader.close()
            self._opened.clear()
            self._readers = threading.local() if self._readers is not None else None
        with self.writers:
            if self._turn_file is not None:
                os.close(self._turn_file)
                self._turn_file = None
