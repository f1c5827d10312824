"""Alembic environment: run only from api/storage/migrate.py, on its connection (inside the
transaction that holds the migration lock)."""
from __future__ import annotations

from alembic import context

from api.storage.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
