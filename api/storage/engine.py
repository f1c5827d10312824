"""Engines: SQLite (a file in the instance folder, WAL) by default, PostgreSQL by URL.

SQLite is tuned for "nothing lost": WAL journal, synchronous=FULL (a commit is on disk before
the answer leaves), a busy timeout so writers queue instead of failing, and write
transactions opened with BEGIN IMMEDIATE (take the write lock first, so a read-then-write
transaction never fails half way on a lock upgrade). The log is copied into the database by
a thread of the Store, never inside a commit (plain.py: Checkpoints). Creating an engine does
not connect.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

SQLITE_FILE = "lairside.sqlite3"
BUSY_TIMEOUT_MS = 15000
IMMEDIATE = "lairside_immediate"
"""Execution option: open this connection's transaction with BEGIN IMMEDIATE (SQLite)."""


def database_url(configured: str | None, instance_path: str) -> str:
    """The configured URL, normalised; by default a SQLite file in the instance folder."""
    if not configured:
        return f"sqlite:///{Path(instance_path) / SQLITE_FILE}"
    for prefix in ("postgres://", "postgresql://"):
        if configured.startswith(prefix):  # the psycopg (3) driver is the one we ship
            return "postgresql+psycopg://" + configured[len(prefix):]
    return configured


def make_engine(url: str) -> Engine:
    if make_url(url).get_backend_name() == "sqlite":
        return _sqlite_engine(url)
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=10)


def sqlite_file(url: str) -> Path | None:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def _sqlite_engine(url: str) -> Engine:
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000,
                                              "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we send BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        # no checkpoint inside a commit: a thread of the Store copies the log (plain.py)
        cursor.execute("PRAGMA wal_autocheckpoint=0")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        immediate = connection.get_execution_options().get(IMMEDIATE)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine
