"""Engines: SQLite (a file in the instance folder) by default, PostgreSQL by URL.

SQLite is tuned for "nothing lost": WAL, synchronous=FULL, a busy timeout so writers queue, and
write transactions opened with BEGIN IMMEDIATE (a read-then-write never fails half way on a lock
upgrade). Pools have no overflow (requests wait in turn at gate.py). A read is one round trip:
no ping, BEGIN or ROLLBACK around it (ONE_READ; README "The database under load").
"""
from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

from api.config import DB_POOL, DB_WAIT, SQLITE_CACHE_KIB

SQLITE_FILE = "lairside.sqlite3"
BUSY_TIMEOUT_MS = 15000
POOL_SIZE = DB_POOL
POOL_TIMEOUT = DB_WAIT
IMMEDIATE = "lairside_immediate"
"""Execution option: open this connection's transaction with BEGIN IMMEDIATE (SQLite)."""
ONE_READ = "lairside_one_read"
"""Execution option: each statement on the connection is a SELECT, atomic by itself, so no
BEGIN is sent (nor is anything rolled back): the cheapest read. See `reading`."""


def database_url(configured: str | None, instance_path: str) -> str:
    """The configured URL, normalised; by default a SQLite file in the instance folder."""
    if not configured:
        return f"sqlite:///{Path(instance_path) / SQLITE_FILE}"
    for prefix in ("postgres://", "postgresql://"):
        if configured.startswith(prefix):  # the psycopg (3) driver is the one we ship
            return "postgresql+psycopg://" + configured[len(prefix):]
    return configured


def make_engine(url: str, pool_size: int | None = None, pool_timeout: float | None = None
                ) -> Engine:
    size = pool_size or POOL_SIZE
    wait = POOL_TIMEOUT if pool_timeout is None else pool_timeout
    common: dict[str, Any] = {"json_serializer": lambda value: orjson.dumps(value).decode(),
                              "json_deserializer": orjson.loads}
    if make_url(url).get_backend_name() != "sqlite":
        return create_engine(url, pool_size=size, max_overflow=0, pool_timeout=wait,
                             **common)
    if sqlite_file(url) is None:  # in memory: one database per connection, kept per thread
        return _sqlite(create_engine(url, connect_args={"check_same_thread": False}, **common))
    return _sqlite(create_engine(
        url, pool_size=size, max_overflow=0, pool_timeout=wait,
        connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False},
        **common))


def reading(engine: Engine) -> dict[str, Any]:
    """The execution options of a connection that only reads, one statement at a time: on
    SQLite no BEGIN is sent (the begin hook below), on PostgreSQL the connection is in
    autocommit for the while (psycopg sends no BEGIN, so no ROLLBACK either)."""
    if engine.dialect.name == "sqlite":
        return {ONE_READ: True}
    return {ONE_READ: True, "isolation_level": "AUTOCOMMIT"}


def sqlite_file(url: str) -> Path | None:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def _wal(cursor: Any) -> None:
    """Switch to WAL. Workers opening a new file together may each hold a read lock while
    asking to switch: SQLite refuses one at once ("database is locked", no busy wait, as
    waiting could deadlock), so it asks again, briefly, until the file is in WAL."""
    for attempt in range(100):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == 99:
                raise
            time.sleep(0.01)


def _sqlite(engine: Engine) -> Engine:
    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we send BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        _wal(cursor)
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute(f"PRAGMA cache_size=-{SQLITE_CACHE_KIB}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        options = connection.get_execution_options()
        if not options.get(ONE_READ):
            connection.exec_driver_sql("BEGIN IMMEDIATE" if options.get(IMMEDIATE) else "BEGIN")

    return engine
