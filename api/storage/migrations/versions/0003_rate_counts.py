"""Rate-limit counters every worker shares; each session's size in bytes of event JSON (for its
limit); an index to find sessions left unused (for retention).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_counts",
        sa.Column("bucket", sa.String(200), primary_key=True),
        sa.Column("window", sa.BigInteger(), primary_key=True),
        sa.Column("count", sa.Integer(), nullable=False),
    )
    op.create_index("ix_sessions_updated_at", "sessions", ["updated_at"])
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("size_bytes", sa.BigInteger(), nullable=False,
                                   server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("size_bytes")
    op.drop_index("ix_sessions_updated_at", "sessions")
    op.drop_table("rate_counts")
