"""Snapshots: a table's state folded every SNAPSHOT_EVERY events (assistant/tracker/history.py),
stored beside its events, so a worker resumes a table from its newest snapshot and the events
after it instead of folding the whole evening again.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-28
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "snapshots",
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("sessions.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("fold", sa.String(32), nullable=False),
        sa.Column("record", sa.LargeBinary(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
