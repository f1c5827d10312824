"""Snapshots of folded tables in the database (table `snapshots`, beside the events): how they
are encoded, which fold's code made them, and how a table's history reads what it does not
hold from them and from its events (history.Source).

A snapshot is written with the event that made its version, in the same transaction
(Store.append, Store.create), or, for a table that has none made by this code, once the table
is folded whole (Store._rebuild). It holds a table's whole state, secrets included, as the
events themselves do: only the server reads it, to fold; every answer is still made from the
state by the game's state_json for the viewer asking, never from a snapshot.

Encoding: pickle (protocol 5). Game states are frozen dataclasses of plain values (numbers,
strings, tuples, enums, frozensets, Chains) defined in each game's own modules: pickle writes
and reads every one of them exactly, with no code per game, and is the fastest reader in the
standard library (a long table's state reads in well under a millisecond). A snapshot is read
only by this server, from its own database, where the events it could equally rewrite live,
and only when its `fold` is this code's: any change to the kernel or the game (a state class,
a rule) changes the hash, so a snapshot of another layout is never read back, and the table is
folded again and snapshotted anew.
"""
from __future__ import annotations

import hashlib
import inspect
import pickle
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, bindparam, case, select

from assistant.tracker import Tracker, stored_event

from .models import EventRow, SnapshotRow

KERNEL = Path(inspect.getfile(Tracker)).parent
"""The session kernel's folder (assistant/tracker): every fold runs its code."""
_FOLDS: dict[type, str] = {}

_LATEST = select(SnapshotRow.version).where(
    SnapshotRow.session_id == bindparam("id"), SnapshotRow.fold == bindparam("fold"),
    SnapshotRow.version <= bindparam("upto")).order_by(SnapshotRow.version.desc()).limit(1)
RECORDS = select(SnapshotRow.version, SnapshotRow.record, case(
    (SnapshotRow.version == _LATEST.scalar_subquery(), SnapshotRow.state), else_=None)).where(
    SnapshotRow.session_id == bindparam("id"), SnapshotRow.fold == bindparam("fold"),
    SnapshotRow.version <= bindparam("upto")).order_by(SnapshotRow.version)
"""Every record of a table's snapshots up to a version, in order, and the newest one's state:
what a worker resumes the table from (one query)."""
_STATE = select(SnapshotRow.state).where(
    SnapshotRow.session_id == bindparam("id"), SnapshotRow.version == bindparam("version"),
    SnapshotRow.fold == bindparam("fold"))
_EVENTS = select(EventRow.seq, EventRow.payload).where(
    EventRow.session_id == bindparam("id"), EventRow.seq.in_(bindparam("seqs", expanding=True)))


def fold_of(tracker: Tracker) -> str:
    """The fold's code a snapshot of this game's tables is made with: a hash of the kernel's
    source, the game's folder (its code and rules data) and Python's version (pickle's)."""
    kind = type(tracker)
    found = _FOLDS.get(kind)
    if found is None:
        digest = hashlib.blake2b(digest_size=16)
        digest.update(f"{sys.version_info.major}.{sys.version_info.minor}".encode())
        for folder, patterns in ((KERNEL, ("*.py",)), (_game_folder(kind), ("*.py", "*.toml"))):
            for path in sorted(p for pattern in patterns for p in folder.rglob(pattern)):
                digest.update(path.relative_to(folder).as_posix().encode())
                digest.update(path.read_bytes())
        found = _FOLDS[kind] = digest.hexdigest()
    return found


def _game_folder(kind: type) -> Path:
    """The folder of the game whose tracker this is: the one inside a `games` folder (its
    tracker module's own folder where there is none)."""
    path = Path(inspect.getfile(kind)).parent
    for folder in (path, *path.parents):
        if folder.parent.name == "games":
            return folder
    return path


def encode(value: Any) -> bytes:
    return pickle.dumps(value, protocol=5)


def decode(raw: bytes) -> Any:
    return pickle.loads(raw)  # noqa: S301 - written by this server, of this fold (see above)


class TableSource:
    """One table's snapshots and stored events, as its history reads them (history.Source):
    on the connection of the write under way (`using`), else on one of its own."""

    def __init__(self, session_id: int, tracker: Tracker,
                 connect: Callable[[], AbstractContextManager[Connection]]) -> None:
        self.session_id = session_id
        self.tracker = tracker
        self.fold = fold_of(tracker)
        self._connect = connect
        self._conn: Connection | None = None

    def using(self, conn: Connection | None) -> AbstractContextManager[None]:
        """Read on `conn` meanwhile (None: on a connection of its own). Only while the
        history's lock is held: nobody else reads through this source then."""
        return _Using(self, conn)

    def events(self, versions: Sequence[int]) -> Mapping[int, Any]:
        with self._on() as conn:
            rows = conn.execute(_EVENTS, {"id": self.session_id, "seqs": list(versions)}).all()
        return {seq: stored_event(self.tracker, data) for seq, data in rows}

    def state(self, version: int) -> Any:
        with self._on() as conn:
            raw = conn.execute(_STATE, {"id": self.session_id, "version": version,
                                        "fold": self.fold}).scalar_one_or_none()
        if raw is None:
            raise LookupError(f"no snapshot of version {version}")
        return decode(raw)

    def _on(self) -> AbstractContextManager[Connection]:
        return Lent(self._conn) if self._conn is not None else self._connect()


class _Using:
    def __init__(self, source: TableSource, conn: Connection | None) -> None:
        self.source, self.conn = source, conn

    def __enter__(self) -> None:
        self.before, self.source._conn = self.source._conn, self.conn

    def __exit__(self, *exc: object) -> None:
        self.source._conn = self.before


class Lent(AbstractContextManager[Connection]):
    """A connection lent for a while, not closed after."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    def __enter__(self) -> Connection:
        return self.conn

    def __exit__(self, *exc: object) -> None:
        return None


def rows_of(session_id: int, fold: str, snapshots: Sequence[tuple[int, Any, Any]]
            ) -> Iterator[dict[str, Any]]:
    """The rows of these snapshots (version, record, state) of a table."""
    for version, record, state in snapshots:
        yield {"session_id": session_id, "version": version, "fold": fold,
               "record": encode(record), "state": encode(state)}
