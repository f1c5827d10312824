"""Storage of game sessions: SQLAlchemy 2 models, engines, Alembic migrations, the Store.
SQLite by default, PostgreSQL when LAIRSIDE_DATABASE_URL or DATABASE_URL points at one."""
from __future__ import annotations

from .engine import database_url, make_engine
from .store import (
    Appended,
    ClaimEnded,
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

__all__ = ["Appended", "ClaimEnded", "DatabaseBusy", "KeyReused", "SeatTaken", "SessionFull",
           "SessionInfo", "StaleVersion", "Store", "StoredEvent", "database_url", "make_engine",
           "WrongClaimCode"]
