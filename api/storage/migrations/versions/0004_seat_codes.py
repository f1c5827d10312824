"""Seat claim codes: each seat of a game with secrets has its own code, printed on that seat's
slip, which its player's phone sends to claim the seat (the share code alone claims nothing).
And each event's request digest: what was asked, kept beside what was stored (an owner's
reveal stores the Identity it showed), so a retry with the same Idempotency-Key is compared
with the request it repeats.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_codes",
        sa.Column("session_id", sa.Integer(), sa.ForeignKey("sessions.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.String(60), primary_key=True),
        sa.Column("code", sa.String(16), nullable=False),
    )
    with op.batch_alter_table("events") as events:
        events.add_column(sa.Column("request_digest", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("events") as events:
        events.drop_column("request_digest")
    op.drop_table("seat_codes")
