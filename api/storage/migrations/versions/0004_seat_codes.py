"""Seat claim codes: each seat of a game with secrets has its own code, printed on that seat's
slip, which its player's phone sends to claim the seat (the share code alone claims nothing).

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


def downgrade() -> None:
    op.drop_table("seat_codes")
