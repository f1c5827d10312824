"""The tables: a session (setup, version, hashed edit token), its append-only events, the
snapshots of its folded state, its claimed seats, and the rate-limit counters every worker
shares."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class SessionRow(Base):
    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    """The read-only share code; also the session's public id in URLs."""
    token_hash: Mapped[str] = mapped_column(String(64))
    """SHA-256 of the edit token (the token itself is shown once, never stored)."""
    game: Mapped[str] = mapped_column(String(20))
    mode: Mapped[str] = mapped_column(String(20))
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Number of events; bumped in the same transaction that inserts the event."""
    size_bytes: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    """Bytes of event JSON stored (checked against LAIRSIDE_MAX_SESSION_BYTES)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    """The last write; a session unchanged for LAIRSIDE_RETENTION_DAYS is expired."""


class EventRow(Base):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("session_id", "idempotency_key",
                                       name="uq_events_session_idempotency_key"),)

    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"),
                                            primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    """The version this event made: 1, 2, 3... with no gaps (primary key with session_id)."""
    kind: Mapped[str] = mapped_column(String(32))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    idempotency_key: Mapped[str | None] = mapped_column(String(100), nullable=True)
    request_digest: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """With an Idempotency-Key: the digest of the request's JSON (what a retry repeats; the
    payload is the stored form, which may differ, e.g. an owner's reveal)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SnapshotRow(Base):
    """A table's state folded up to `version` with the history's record of the versions since
    the snapshot before it (assistant/tracker/history.py), written in the transaction of the
    event that made that version: a worker resumes the table from its newest snapshot and the
    events after it. Only the server reads it (api/storage/snapshots.py); no answer carries it.
    """

    __tablename__ = "snapshots"

    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"),
                                            primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    fold: Mapped[str] = mapped_column(String(32))
    """The fold's code that made it (a hash of the kernel's and the game's source): snapshots
    of any other are not read, and the table is folded again and snapshotted anew."""
    record: Mapped[bytes] = mapped_column(LargeBinary)
    state: Mapped[bytes] = mapped_column(LargeBinary)


class SeatClaimRow(Base):
    """A seat claimed by its player's own phone: the hash of that phone's seat token."""

    __tablename__ = "seat_claims"

    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"),
                                            primary_key=True)
    seat: Mapped[str] = mapped_column(String(60), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatCodeRow(Base):
    """A seat's claim code (games with secrets): printed on its slip, sent by the phone that
    claims the seat. Kept as it is: the scorekeeper's phone shows it again."""

    __tablename__ = "seat_codes"

    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"),
                                            primary_key=True)
    seat: Mapped[str] = mapped_column(String(60), primary_key=True)
    code: Mapped[str] = mapped_column(String(16))


class RateCountRow(Base):
    """Requests of one kind from one client in one fixed window of time (see api/ratelimit)."""

    __tablename__ = "rate_counts"

    bucket: Mapped[str] = mapped_column(String(200), primary_key=True)
    """"<kind>|<client address>"."""
    window: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    """When the window started, in whole seconds since the epoch."""
    count: Mapped[int] = mapped_column(Integer)
