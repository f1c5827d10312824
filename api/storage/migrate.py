"""Bring the schema to the newest migration, safely when several workers start at once.

Alembic is configured in code (no alembic.ini). The upgrade runs in one transaction that first
takes a lock (BEGIN IMMEDIATE on SQLite, an advisory lock on PostgreSQL), so workers starting
together migrate once; a database already at HEAD costs one query and no Alembic import.
"""
from __future__ import annotations

from pathlib import Path

from sqlalchemy import Connection, Engine, inspect, text

from .engine import IMMEDIATE

HEAD = "0005"
"""The newest revision in migrations/versions; update it with each new migration."""
MIGRATIONS = Path(__file__).parent / "migrations"
_LOCK_ID = 0x1A1257DE  # any constant: PostgreSQL advisory lock for migrations


def current_revision(connection: Connection) -> str | None:
    if not inspect(connection).has_table("alembic_version"):
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def upgrade(engine: Engine) -> None:
    with engine.connect() as probe:
        if current_revision(probe) == HEAD:
            return
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect().execution_options(**{IMMEDIATE: True}) as connection:
        with connection.begin():
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _LOCK_ID})
            if current_revision(connection) != HEAD:
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
