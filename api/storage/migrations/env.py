"""Alembic environment: always run from api.storage.migrate with a live connection.

There is no alembic.ini: api/storage/migrate.py builds the configuration in code and passes
the connection (already inside a transaction that holds the migration lock).
"""
from __future__ import annotations

from alembic import context

from api.storage.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
