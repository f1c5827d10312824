"""Storage of game sessions: SQLAlchemy 2 models, engines, Alembic migrations, the Store.

SQLite by default (a file in the instance folder, WAL), PostgreSQL when LAIRSIDE_DATABASE_URL
or DATABASE_URL points at one. The schema is migrated on first use (see migrate.py).
"""
from __future__ import annotations

from .engine import database_url, make_engine
from .store import (
    Appended,
    DatabaseBusy,
    KeyReused,
    SeatTaken,
    SessionFull,
    SessionInfo,
    StaleVersion,
    Store,
    StoredEvent,
    WrongClaimCode,
)

__all__ = ["Appended", "DatabaseBusy", "KeyReused", "SeatTaken", "SessionFull", "SessionInfo",
           "StaleVersion", "Store", "StoredEvent", "database_url", "make_engine",
           "WrongClaimCode"]
