"""Sessions in the database (SQLAlchemy Core): create, read, append, import, seats, rate counts,
retention. Every write is one transaction that moves the session's version on only from the
version its event was checked against (the rules and the client's If-Match), and inserts the
event with seq = new version (and, every SNAPSHOT_EVERY events, the snapshot of the state it
made: api/storage/snapshots.py); a worker that finds itself behind locks the session row and
reads it first. Folded
histories are kept per process, bounded by bytes, and caught up by version; a table not kept
(or far behind) is resumed from its newest snapshot and the events after it, so no read or write
folds more than SNAPSHOT_EVERY events whatever the table's length. No lock is held while the
database is asked for rows (they are read first, then folded).
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, select, text, update
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from api.config import HISTORIES, HISTORY_BYTES, SETUPS
from assistant.errors import InvalidInput, NotFound
from assistant.games import find_game
from assistant.tracker import History, Tracker, collector_paused, released, stored_event
from assistant.tracker.history import SNAPSHOT_EVERY

from . import snapshots, tokens
from .engine import IMMEDIATE, POOL_SIZE, POOL_TIMEOUT, make_engine, reading, sqlite_file
from .gate import Gate, GateTimeout
from .migrate import upgrade
from .models import EventRow, RateCountRow, SeatClaimRow, SeatCodeRow, SessionRow, SnapshotRow

MAX_EVENTS = 10_000
"""Default most events a session holds (LAIRSIDE_MAX_EVENTS): a long game has a few hundred.
Bounded because a cold worker folds the whole session on its first read (make bench: about
3 s for 50,000 small events; a game whose state grows with each event costs more)."""
MAX_BYTES = 4 * 1024 * 1024
"""Default most bytes of event JSON a session holds (LAIRSIDE_MAX_SESSION_BYTES)."""
CHANNEL = "lairside_sessions"
"""PostgreSQL NOTIFY channel: '<code> <version>' after each committed change."""


class StaleVersion(Exception):
    """The client's version is not the current one; nothing was written."""

    def __init__(self, current: int) -> None:
        super().__init__(f"current version is {current}")
        self.current = current


class KeyReused(Exception):
    """An Idempotency-Key already used on this session for a different event."""

    def __init__(self, key: str) -> None:
        super().__init__(f"Idempotency-Key {key!r} reused")
        self.key = key


class _NotAsKnown(Exception):
    """A write found the session other than this process held it: undone, asked again."""


class UnknownSession(NotFound):
    """No session has this share code (counted per client against enumeration)."""


class SessionFull(Exception):
    """The session holds as many events (or bytes) as a session may; nothing was written."""

    def __init__(self, what: str, limit: int) -> None:
        super().__init__(f"session full: {limit} {what}")
        self.what = what
        self.limit = limit


class SeatTaken(Exception):
    """A seat already claimed by another phone."""

    def __init__(self, seat: str) -> None:
        super().__init__(f"seat {seat!r} is already claimed")
        self.seat = seat


class WrongClaimCode(Exception):
    """A seat claimed without that seat's own claim code (or with a wrong one)."""

    def __init__(self, seat: str) -> None:
        super().__init__(f"wrong claim code for seat {seat!r}")
        self.seat = seat


class ClaimEnded(Exception):
    """A seat token whose claim ended (the seat was handed to a new phone) before its write
    was recorded: nothing was written."""

    def __init__(self, seat: str) -> None:
        super().__init__(f"the claim on seat {seat!r} ended")
        self.seat = seat


class _NotHeld(Exception):
    """A release of a seat no phone holds: nothing to hand over."""


class DatabaseBusy(Exception):
    """The database could not take the request in time (pool exhausted, lock wait): nothing
    was written; the client retries after `seconds`."""

    def __init__(self, seconds: int = 2) -> None:
        super().__init__("database busy")
        self.seconds = seconds


@dataclass(frozen=True)
class SessionInfo:
    id: int
    code: str
    token_hash: str
    tracker: Tracker
    setup: Any
    """The game's session setup (its tracker's parse_setup of the stored JSON)."""
    version: int
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class StoredEvent:
    seq: int
    event: Any
    created_at: datetime


@dataclass(frozen=True)
class Appended:
    stored: StoredEvent
    state: Any
    version: int
    can_undo: bool
    replayed: bool = False


EVENT_BYTES = 1024
"""What a folded event held in memory costs, about (its objects and its place in the arrays)."""
VERSION_BYTES = 48
"""What each of its newest versions costs a history besides its event (its numbers plain)."""
PACKED_VERSION_BYTES = 24
"""What each older version costs (its numbers packed, assistant/tracker/columns.py, with its
share of the snapshots' keys): measured with tracemalloc, 23 bytes a version between a 2,500-
and a 10,000-event table."""
STATE_BYTES = 4096
"""What a whole state held in memory costs, until a snapshot of it says (3 x its pickle: a
game's state pickles to about 700 bytes and takes 2 to 3 KiB as objects)."""


@dataclass
class _Held:
    """A folded history (None until first folded), the lock its folding takes (readers of one
    session wait only for each other, never for the database) and where it reads what it does
    not hold."""

    source: snapshots.TableSource
    history: History | None = None
    lock: threading.Lock = field(default_factory=lambda: threading.Lock())
    # looked up when made, not when this module is: gunicorn's master imports it before a
    # gevent worker patches threading, and an OS lock taken by a greenlet that waits on
    # PostgreSQL meanwhile stopped the whole worker (a deadlock of every request in it)
    state_bytes: int = STATE_BYTES
    counted: int = 0
    """Its bytes counted against HISTORY_BYTES (when last counted)."""

    def weight(self) -> int:
        """Bytes this history holds in memory, estimated (README "Memory")."""
        history = self.history
        if history is None:
            return 0
        packed = history.packed_versions
        return (history.held_events * EVENT_BYTES + (history.version - packed) * VERSION_BYTES
                + packed * PACKED_VERSION_BYTES + history.held_states * self.state_bytes)


def _now() -> datetime:
    return datetime.now(UTC)


_INFO = select(SessionRow.id, SessionRow.code, SessionRow.token_hash, SessionRow.game,
               SessionRow.version, SessionRow.created_at, SessionRow.updated_at
               ).where(SessionRow.code == bindparam("code"))
"""A session by its share code: built once, as every read asks it."""
# An append's statements, built once too: building a statement cost a third of an append.
_LOCK = select(SessionRow.version, SessionRow.size_bytes, EventRow.seq, EventRow.payload,
               EventRow.request_digest, EventRow.created_at).select_from(SessionRow).outerjoin(
    EventRow, (EventRow.session_id == SessionRow.id)
    & (EventRow.idempotency_key == bindparam("key"))).where(
    SessionRow.id == bindparam("id"))
"""The session row a write locks, with the event an Idempotency-Key already wrote, if any
(a NULL key matches none): one round trip."""
_BUMP = update(SessionRow).where(
    SessionRow.id == bindparam("row"), SessionRow.version == bindparam("was")).values(
    version=bindparam("now_version"), size_bytes=bindparam("now_size"),
    updated_at=bindparam("at"))
_BUMP_IF_ROOM = update(SessionRow).where(
    SessionRow.id == bindparam("row"), SessionRow.version == bindparam("was"),
    SessionRow.size_bytes <= bindparam("room")).values(
    version=bindparam("now_version"), size_bytes=SessionRow.size_bytes + bindparam("added"),
    updated_at=bindparam("at"))
"""The version moved on only if it is still the one an event was checked against, and the
event fits (Store._append_as_known)."""
_ADD_EVENT = insert(EventRow)
_MISSING = select(EventRow.seq, EventRow.payload).where(
    EventRow.session_id == bindparam("id"), EventRow.seq > bindparam("after"),
    EventRow.seq <= bindparam("upto")).order_by(EventRow.seq)
_FORGET_COUNTS = delete(RateCountRow).where(RateCountRow.bucket == bindparam("bucket"),
                                            RateCountRow.window < bindparam("window"))


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything we store is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@contextmanager
def _database_errors() -> Iterator[None]:
    """No connection free in time, a lock not granted in time, or a connection found dead (the
    database restarted: the pool drops every connection made before) is DatabaseBusy (a 503
    with Retry-After), never a 500: nothing was written."""
    try:
        yield
    except (GateTimeout, PoolTimeout):
        raise DatabaseBusy() from None
    except DBAPIError as error:
        if error.connection_invalidated:
            raise DatabaseBusy() from None
        if not isinstance(error, OperationalError):
            raise
        if "locked" in str(error) or "timeout" in str(error).lower():
            raise DatabaseBusy() from None
        raise


class Store:
    def __init__(self, url: str, max_events: int = MAX_EVENTS, max_bytes: int = MAX_BYTES,
                 pool_size: int | None = None, pool_timeout: float | None = None) -> None:
        self.url = url
        self.max_events = max_events
        self.max_bytes = max_bytes
        self.engine: Engine = make_engine(url, pool_size, pool_timeout)
        self.gate = Gate(pool_size or POOL_SIZE,
                         POOL_TIMEOUT if pool_timeout is None else pool_timeout)
        """Requests take a connection in turn (api/storage/gate.py): one place per pooled
        connection, so the pool itself never makes anyone wait."""
        self.postgres = self.engine.dialect.name == "postgresql"
        self._reader = self.engine.execution_options(**reading(self.engine))
        loader = make_engine(url, 1, pool_timeout) if self.postgres or sqlite_file(url) \
            else self.engine  # SQLite in memory: one database per connection
        self._loader = loader.execution_options(**reading(loader))
        """A connection of its own for what a history reads while its lock is held (older
        events and states): never waiting behind the requests that hold the pool's, some of
        which may wait for that lock. With the lock held nothing waits on anything else, so
        a writer inside its transaction never waits for one (README "The database under
        load": on SQLite a writer that waited there would stall the worker)."""
        self._writer = self.engine.execution_options(**{IMMEDIATE: True})
        """The engine with each kind of connection's options set once, not on every use."""
        self._lock_row = _LOCK.with_for_update(of=SessionRow) if self.postgres else _LOCK
        self._count_one = _count_statement(self.postgres)
        self._ready = False
        self._lock = threading.Lock()  # guards the two dicts below
        self._histories: OrderedDict[tuple[int, str], _Held] = OrderedDict()
        self._held_bytes = 0
        """Bytes of the kept histories, as last counted (bounded by HISTORY_BYTES)."""
        self._setups: OrderedDict[tuple[int, str], Any] = OrderedDict()
        self._known: OrderedDict[str, SessionInfo] = OrderedDict()
        """Sessions as last read or written here, by share code (Store.known)."""
        self.on_change: list[Callable[[str, int], None]] = []
        """Called with (code, version) after each committed change made through this Store."""

    # --- set-up ------------------------------------------------------------------------------

    def ready(self) -> Store:
        """Migrate on first use (once per process)."""
        if not self._ready:
            path = sqlite_file(self.url)
            if path is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
            upgrade(self.engine)
            self._ready = True
        return self

    def dispose(self) -> None:
        self.engine.dispose()
        self._loader.engine.dispose()

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A write transaction, committed when the block ends (BEGIN IMMEDIATE on SQLite)."""
        with _database_errors(), self.gate.place(), self._writer.connect() as conn, \
                conn.begin():
            yield conn

    @contextmanager
    def _loading(self) -> Iterator[Connection]:
        """The loader's connection (see __init__), for one read."""
        with _database_errors(), self._loader.connect() as conn:
            yield conn

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        """A connection for SELECTs, each atomic by itself: no transaction around them
        (engine.reading). Every read here asks one statement."""
        with _database_errors(), self.gate.place(), self._reader.connect() as conn:
            yield conn

    def _changed(self, conn: Connection, code: str, version: int) -> None:
        """Inside a write: tell the other servers (PostgreSQL delivers it at COMMIT)."""
        if self.postgres:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": CHANNEL, "payload": f"{code} {version}"})

    # --- create and import ---------------------------------------------------------------------

    def create(self, tracker: Tracker, setup: Any,
               events: Sequence[tuple[Any, datetime | None]] = ()) -> tuple[SessionInfo, str]:
        """A new session (its events checked by folding them first) and its edit token."""
        history = History(tracker, setup)
        with collector_paused(len(events)):
            for i, (event, _) in enumerate(events):
                try:
                    history.append(event)
                except InvalidInput as error:
                    raise error.within(f"events.{i}", f"Event {i + 1}: ") from None
        stored = [history.event_at(i + 1).to_json() for i in range(len(events))]
        size = sum(_size(data) for data in stored)
        self._check_room(len(events), size)
        self.ready()
        token = tokens.new_token()
        now = _now()
        for _attempt in range(5):
            code = tokens.new_code()
            try:
                with self._write() as conn:
                    session_id = conn.execute(insert(SessionRow).values(
                        code=code, token_hash=tokens.hash_token(token), game=setup.game,
                        mode=str(setup.mode), setup=setup.to_json(), version=len(events),
                        size_bytes=size, created_at=now, updated_at=now
                    ).returning(SessionRow.id)).scalar_one()
                    if events:
                        conn.execute(insert(EventRow), [
                            {"session_id": session_id, "seq": i + 1, "kind": data["kind"],
                             "payload": data, "idempotency_key": None,
                             "created_at": at or now}
                            for i, ((_, at), data) in enumerate(zip(events, stored,
                                                                    strict=True))])
                    held = _Held(self._source(session_id, tracker), history)
                    self._write_snapshots(conn, held, history.snapshots())
            except IntegrityError:  # the rare code collision: draw another
                continue
            history.attach(held.source)
            key = (session_id, code)
            self._keep(key, held)
            with self._lock:
                self._remember(self._setups, key, setup, SETUPS)
            return self.info(code), token
        raise RuntimeError("could not draw a free share code")  # pragma: no cover

    # --- reading -----------------------------------------------------------------------------

    def info(self, code: str) -> SessionInfo:
        """The session with this share code, at its current version (one indexed query)."""
        self.ready()
        if not tokens.well_formed(code):  # never send odd text (NUL, 5,000 bytes) to the database
            raise UnknownSession(f"There is no session {code[:40]!r}. Check the code on the "
                                 "join sheet.")
        with self._read() as conn:
            row = conn.execute(_INFO, {"code": tokens.normal_code(code)}).first()
        if row is None:
            raise UnknownSession(f"There is no session {code!r}. Check the code on the join "
                                 "sheet.")
        tracker = _tracker(row.game)
        found = SessionInfo(row.id, row.code, row.token_hash, tracker,
                            self._setup(row.id, row.code, tracker), row.version,
                            _aware(row.created_at), _aware(row.updated_at))
        with self._lock:
            self._remember(self._known, row.code, found, SETUPS)
        return found

    def known(self, code: str) -> SessionInfo:
        """The session with this share code as this process last read or wrote it, its version
        perhaps behind (no query when known; else as `info`). For writes: what identifies a
        session (its id, edit token's hash, game and setup) never changes, and a write reads
        the current version in its own transaction."""
        normal = tokens.normal_code(code) if tokens.well_formed(code) else None
        with self._lock:
            found = self._known.get(normal) if normal is not None else None
        return found if found is not None else self.info(code)

    def versions(self, codes: Iterable[str]) -> dict[str, int]:
        """The current version of each of these sessions (one query for them all)."""
        wanted = list(codes)
        if not wanted:
            return {}
        with self._read() as conn:
            rows = conn.execute(select(SessionRow.code, SessionRow.version).where(
                SessionRow.code.in_(wanted))).all()
        return {code: version for code, version in rows}

    def _setup(self, session_id: int, code: str, tracker: Tracker) -> Any:
        """The parsed setup of a session: read and parsed once per process."""
        key = (session_id, code)
        with self._lock:
            setup = self._setups.get(key)
        if setup is None:
            with self._read() as conn:
                stored = conn.execute(select(SessionRow.setup).where(
                    SessionRow.id == session_id)).scalar_one_or_none()
            if stored is None:  # deleted (expired) since its row was read
                raise UnknownSession(f"There is no session {code!r} any more.")
            setup = tracker.parse_setup(stored)
            with self._lock:
                self._remember(self._setups, key, setup, SETUPS)
        return setup

    def history(self, info: SessionInfo) -> History:
        """The folded history, at least up to `info.version` (read it under no other lock:
        what it does not hold it reads from the database)."""
        return self._history_of(self._held(info, info.version))

    def point(self, info: SessionInfo, seat: str | None = None) -> tuple[Any, bool]:
        """The state at `info.version`, and whether the table's (or `seat`'s) undo is allowed."""
        held = self._held(info, info.version)
        with held.lock:
            history = self._history_of(held)
            return history.state_at(info.version), history.can_undo(info.version, seat)

    def state_at(self, info: SessionInfo) -> Any:
        return self.point(info)[0]

    def span(self, info: SessionInfo) -> tuple[datetime, datetime]:
        """When the table began (its creation, or its first event where earlier: an import keeps
        the events' times) and when its last event up to `info.version` was recorded."""
        with self._read() as conn:
            first, last = conn.execute(select(
                func.min(EventRow.created_at), func.max(EventRow.created_at)).where(
                EventRow.session_id == info.id, EventRow.seq <= info.version)).one()
        began = min(info.created_at, _aware(first)) if first is not None else info.created_at
        return began, max(began, _aware(last)) if last is not None else began

    def events(self, info: SessionInfo, after: int = 0, limit: int | None = None
               ) -> list[StoredEvent]:
        """Stored events after version `after` (at most `limit` of them), in order."""
        query = select(EventRow.seq, EventRow.payload, EventRow.created_at).where(
            EventRow.session_id == info.id, EventRow.seq > after).order_by(EventRow.seq)
        if limit is not None:
            query = query.limit(limit)
        with self._read() as conn:
            rows = conn.execute(query).all()
        with collector_paused(len(rows)):
            return [StoredEvent(seq, stored_event(info.tracker, data), _aware(at))
                    for seq, data, at in rows]

    # --- seats claimed by their own phones -----------------------------------------------------

    def claim_codes(self, info: SessionInfo) -> dict[str, str]:
        """Each seat's claim code, made the first time they are asked for."""
        with self._read() as conn:
            codes: dict[str, str] = {seat: code for seat, code in conn.execute(select(
                SeatCodeRow.seat, SeatCodeRow.code).where(SeatCodeRow.session_id == info.id))}
        missing = [s.id for s in info.setup.seats if s.id not in codes]
        if missing:
            made = {seat: tokens.new_code() for seat in missing}
            try:
                with self._write() as conn:
                    conn.execute(insert(SeatCodeRow), [
                        {"session_id": info.id, "seat": seat, "code": code}
                        for seat, code in made.items()])
            except IntegrityError:  # another request made them first: read theirs
                return self.claim_codes(info)
            codes.update(made)
        return {s.id: codes[s.id] for s in info.setup.seats}

    def claim_seat(self, info: SessionInfo, seat: str, code: str) -> str:
        """A new seat token for `seat` (shown once) when `code` is its claim code;
        WrongClaimCode otherwise, SeatTaken if a phone already holds the seat."""
        self.claim_codes(info)  # made the first time
        token = tokens.new_token()
        try:
            with self._write() as conn:  # the code as it is now: a release changes it
                now = conn.execute(select(SeatCodeRow.code).where(
                    SeatCodeRow.session_id == info.id, SeatCodeRow.seat == seat)).scalar_one()
                if not tokens.same_code(code, now):
                    raise WrongClaimCode(seat)
                conn.execute(insert(SeatClaimRow).values(
                    session_id=info.id, seat=seat, token_hash=tokens.hash_token(token),
                    created_at=_now()))
        except IntegrityError:
            raise SeatTaken(seat) from None
        return token

    def release_seat(self, info: SessionInfo, seat: str) -> Appended | None:
        """Hand `seat` to a new phone, in one transaction: its claim ends (the token stops
        working at once), its claim code changes (the old slip claims nothing), and the
        history records the release (kernel.Release: the game forgets the seat's secret, and
        nothing takes it back). None, changing nothing, when no phone holds the seat."""
        def hand_over(conn: Connection) -> None:
            gone = conn.execute(delete(SeatClaimRow).where(
                SeatClaimRow.session_id == info.id, SeatClaimRow.seat == seat)).rowcount
            if not gone:
                raise _NotHeld
            conn.execute(update(SeatCodeRow).where(
                SeatCodeRow.session_id == info.id, SeatCodeRow.seat == seat).values(
                code=tokens.new_code()))
        try:
            return self.append(info, released(seat), None, before=hand_over)
        except _NotHeld:
            return None

    def claimed(self, info: SessionInfo) -> set[str]:
        """The seats a phone holds now."""
        with self._read() as conn:
            return set(conn.execute(select(SeatClaimRow.seat).where(
                SeatClaimRow.session_id == info.id)).scalars())

    def seat_of(self, info: SessionInfo, token: str, conn: Connection | None = None
                ) -> str | None:
        """The seat whose phone holds `token`, or None (on `conn` inside a write)."""
        query = select(SeatClaimRow.seat).where(
            SeatClaimRow.session_id == info.id,
            SeatClaimRow.token_hash == tokens.hash_token(token))
        if conn is not None:
            found: str | None = conn.execute(query).scalar_one_or_none()
            return found
        with self._read() as own:
            seat: str | None = own.execute(query).scalar_one_or_none()
        return seat

    # --- writing -----------------------------------------------------------------------------

    def append(self, info: SessionInfo, event: Any, expected: int | None,
               key: str | None = None, request: Any = None, seat: str | None = None,
               count: Callable[[Connection], None] | None = None, token: str | None = None,
               before: Callable[[Connection], None] | None = None) -> Appended:
        """Record `event` (written by `seat`'s phone, or the table's for None) in its stored
        form (an owner's reveal stores what it showed) if the session is still at `expected`
        (None: whatever it is now). Raises StaleVersion, InvalidInput, KeyReused, SessionFull
        or DatabaseBusy, writing nothing. A retry with the same Idempotency-Key and `request`
        (the JSON asked) answers the first result again (replayed). `token`: the seat token
        that sent it, checked again inside the write (ClaimEnded if its seat was handed to a
        new phone meanwhile: an entry is its phone's). `before` runs first inside the
        transaction (under the session row's lock), `count` (the request's rate-limit count)
        last: what either raises undoes the write."""
        digest = _digest(event.to_json() if request is None else request) if key else None
        if before is None:
            done = self._append_as_known(info, event, expected, key, digest, seat, count,
                                         token)
            if done is not None:
                return done
        with self._write() as conn:
            # on PostgreSQL the session row is the lock writers queue on (FOR UPDATE)
            locked = conn.execute(self._lock_row, {"id": info.id, "key": key}).first()
            if locked is None:  # deleted since this process knew it (retention)
                self._forget(info)
                raise UnknownSession(f"There is no session {info.code!r} any more.")
            version, size, seq, first, asked, at = locked
            self._check_claim(info, conn, token, seat)
            if before is not None:
                before(conn)
            if key is not None and seq is not None:  # this Idempotency-Key wrote before
                if asked != digest:
                    raise KeyReused(key)
                if count is not None:
                    count(conn)
                return self._replayed(info, conn, version, seq, first, at, seat)
            if expected is not None and expected != version:
                raise StaleVersion(version)
            held = self._held(info, version, conn)
            with held.lock, held.source.using(conn):
                history = self._history_of(held)
                step = history.check(event)
                snapshot = history.snapshot_of(step)
            data = step.event.to_json()
            added = _size(data)
            self._check_room(version + 1, size + added)
            now = _now()
            conn.execute(_BUMP, {"row": info.id, "was": version, "now_version": version + 1,
                                 "now_size": size + added, "at": now})
            self._insert(conn, info, held, version, step, snapshot, data, key, digest, now,
                         count)
        return self._accepted(info, held, version, step, now, seat)

    def _append_as_known(self, info: SessionInfo, event: Any, expected: int | None,
                         key: str | None, digest: str | None, seat: str | None,
                         count: Callable[[Connection], None] | None,
                         token: str | None) -> Appended | None:
        """The usual write, in three statements: the event checked against the history this
        process holds, then, in the transaction, the session's version moved on only if it is
        still the one checked against (and the event fits), the event inserted (its
        Idempotency-Key unused), the client's count. None, and nothing written, where any of
        that is not so (another worker wrote, a retry, a refusal to say for sure, a full
        session, a session gone): `append` then asks the database first."""
        held = self._held(info, info.version)  # a history not kept is folded now, not in the write
        with held.lock:
            history = self._history_of(held)
            version = history.version
            if expected is not None and expected != version:
                return None
            try:
                step = history.check(event)
            except InvalidInput:  # perhaps against a version behind: said for sure below
                return None
            snapshot = history.snapshot_of(step)
        data = step.event.to_json()
        added = _size(data)
        if version + 1 > self.max_events or added > self.max_bytes:
            return None
        now = _now()
        try:
            with self._write() as conn:
                moved = conn.execute(_BUMP_IF_ROOM, {
                    "row": info.id, "was": version, "now_version": version + 1,
                    "added": added, "room": self.max_bytes - added, "at": now}).rowcount
                if moved != 1:
                    raise _NotAsKnown()
                # a release that committed first moved the version on: the bump above found
                # nothing to move, so the claim read here is the one the write is made under
                self._check_claim(info, conn, token, seat)
                self._insert(conn, info, held, version, step, snapshot, data, key, digest,
                             now, count)
        except (_NotAsKnown, IntegrityError):  # rolled back: nothing was written
            return None
        return self._accepted(info, held, version, step, now, seat)

    def _check_claim(self, info: SessionInfo, conn: Connection, token: str | None,
                     seat: str | None) -> None:
        if token is not None and seat is not None and self.seat_of(info, token, conn) != seat:
            raise ClaimEnded(seat)

    def _insert(self, conn: Connection, info: SessionInfo, held: _Held, version: int,
                step: Any, snapshot: Any, data: Any, key: str | None, digest: str | None,
                now: datetime, count: Callable[[Connection], None] | None) -> None:
        """The event that makes `version` + 1, its snapshot if it makes one, the notice to
        the other servers and the client's count, inside the write."""
        conn.execute(_ADD_EVENT, {
            "session_id": info.id, "seq": version + 1, "kind": str(step.event.kind),
            "payload": data, "idempotency_key": key, "request_digest": digest,
            "created_at": now})
        if snapshot is not None:  # the state every SNAPSHOT_EVERY events, with its event
            self._write_snapshots(conn, held, [(*snapshot, step.state)])
        self._changed(conn, info.code, version + 1)
        if count is not None:
            count(conn)

    def _accepted(self, info: SessionInfo, held: _Held, version: int, step: Any,
                  now: datetime, seat: str | None) -> Appended:
        """After the commit: the history takes the step (unless a reader caught up first), and
        this process's followers hear of it."""
        with held.lock:
            history = self._history_of(held)
            if history.version == version:
                history.accept(step)
            can_undo = history.version > version and history.can_undo(version + 1, seat)
        self._keep((info.id, info.code), held)
        with self._lock:
            self._remember(self._known, info.code, dataclasses.replace(
                info, version=version + 1, updated_at=now), SETUPS)
        for listener in list(self.on_change):  # wake this process's followers
            listener(info.code, version + 1)
        return Appended(StoredEvent(version + 1, step.event, now), step.state, version + 1,
                        can_undo)

    def _replayed(self, info: SessionInfo, conn: Connection, version: int, seq: int,
                  first: Any, at: datetime, seat: str | None) -> Appended:
        """The answer to a retried write: the state now, the event as first stored."""
        held = self._held(info, version, conn)
        with held.lock, held.source.using(conn):
            history = self._history_of(held)
            state = history.state_at(version)
            can_undo = history.can_undo(version, seat)
        return Appended(StoredEvent(seq, stored_event(info.tracker, first), _aware(at)), state,
                        version, can_undo, True)

    def _forget(self, info: SessionInfo) -> None:
        with self._lock:
            self._known.pop(info.code, None)
            dropped = self._histories.pop((info.id, info.code), None)
            self._held_bytes -= dropped.counted if dropped else 0

    def _check_room(self, events: int, size: int) -> None:
        if events > self.max_events:
            raise SessionFull("events", self.max_events)
        if size > self.max_bytes:
            raise SessionFull("bytes of events", self.max_bytes)

    # --- retention ---------------------------------------------------------------------------

    def expire(self, unchanged_since: datetime) -> int:
        """Delete sessions unwritten since `unchanged_since` (and day-old rate counts): how many."""
        self.ready()
        day_ago = int(_now().timestamp()) - 86400
        with self._write() as conn:
            gone = conn.execute(select(SessionRow.id, SessionRow.code).where(
                SessionRow.updated_at < unchanged_since)).all()
            ids = [session_id for session_id, _code in gone]
            for chunk in range(0, len(ids), 500):
                part = ids[chunk:chunk + 500]
                for table in (EventRow, SnapshotRow, SeatClaimRow, SeatCodeRow):
                    conn.execute(delete(table).where(table.session_id.in_(part)))
                conn.execute(delete(SessionRow).where(SessionRow.id.in_(part)))
            conn.execute(delete(RateCountRow).where(RateCountRow.window < day_ago))
        with self._lock:
            for session_id, code in gone:
                dropped = self._histories.pop((session_id, code), None)
                self._held_bytes -= dropped.counted if dropped else 0
                self._setups.pop((session_id, code), None)
                self._known.pop(code, None)
        return len(ids)

    # --- rate-limit counters every worker shares -----------------------------------------------

    def count(self, bucket: str, window: int, conn: Connection | None = None) -> int:
        """Add one to `bucket`'s count in `window`; the new count. Inside `conn`'s write when
        given (counted only if that write commits), else in a transaction of its own."""
        if conn is None:
            self.ready()
            with self._write() as own:
                return self.count(bucket, window, own)
        at = {"bucket": bucket, "window": window}
        counted = int(conn.execute(self._count_one, at).scalar_one())
        if counted == 1:  # first of a new window: forget this bucket's older ones
            conn.execute(_FORGET_COUNTS, at)
        return counted

    # --- the folded histories kept -------------------------------------------------------------

    def _held(self, info: SessionInfo, version: int, conn: Connection | None = None) -> _Held:
        """The kept history of the session, caught up to `version`: the events it lacks are
        read (on `conn` inside a write, else on a connection of its own) before the history's
        lock is taken, then folded in order, skipping any another thread folded meanwhile. A
        history not kept, or more than SNAPSHOT_EVERY events behind, is resumed from the
        newest snapshot and the events after it instead."""
        key = (info.id, info.code)
        with self._lock:  # readers of a session not kept yet fold it once, together
            held = self._histories.get(key)
            if held is None:
                held = self._histories[key] = _Held(self._source(info.id, info.tracker))
            elif held.history is not None and held.history.version >= version:
                self._histories.move_to_end(key)  # caught up: only its place changes
                return held
        have = held.history.version if held.history is not None else -1
        if have < version:
            if have < 0 or version - have > SNAPSHOT_EVERY:
                self._resume(info, held, version, conn)
            else:
                rows = self._rows(conn, {"id": info.id, "after": have, "upto": version})
                with held.lock, held.source.using(conn), collector_paused(len(rows)):
                    history = self._history_of(held)
                    history.catch_up(stored_event(info.tracker, data)
                                     for seq, data in rows if seq > history.version)
        self._keep(key, held)
        return held

    def _rows(self, conn: Connection | None, wanted: dict[str, int], locked: bool = False
              ) -> list[Any]:
        """Stored events (seq, payload) of a session: on `conn`, else on a connection of its
        own (the loader's when a history's lock is held)."""
        if conn is not None:
            return list(conn.execute(_MISSING, wanted).all())
        with self._loading() if locked else self._read() as own:
            return list(own.execute(_MISSING, wanted).all())

    def _resume(self, info: SessionInfo, held: _Held, version: int,
                conn: Connection | None) -> None:
        """Fold the session up to `version` from its newest snapshot and the events after it
        (two queries); a session without snapshots of this fold's code is folded whole and
        snapshotted (once: a table older than snapshots, or a game whose code changed)."""
        wanted = {"id": info.id, "fold": held.source.fold, "upto": version}
        with snapshots.Lent(conn) if conn is not None else self._read() as c:
            # no snapshot is made before version SNAPSHOT_EVERY: a short table is one query
            found = c.execute(snapshots.RECORDS, wanted).all() \
                if version >= SNAPSHOT_EVERY else []
            after = found[-1][0] if found else 0
            rows = c.execute(_MISSING, {"id": info.id, "after": after, "upto": version}).all()
        rebuild = False
        with held.lock, held.source.using(conn), collector_paused(len(rows)):
            if held.history is not None and held.history.version >= version:
                return  # another thread folded it meanwhile
            events = [stored_event(info.tracker, data) for _, data in rows]
            history = None
            if found:
                try:
                    history = History.resume(info.tracker, info.setup,
                                             [snapshots.decode(r) for _, r, _ in found],
                                             snapshots.decode(found[-1][2]), held.source)
                    held.state_bytes = 3 * len(found[-1][2])
                except ValueError:  # a gap (written by other code): fold it whole instead
                    history = None
            if history is None:
                history = History(info.tracker, info.setup)
                if after:  # the events the snapshots stood for
                    rows = self._rows(conn, {"id": info.id, "after": 0, "upto": version},
                                      locked=True)
                    events = [stored_event(info.tracker, data) for _, data in rows]
                history.extend(events)
                rebuild = bool(history.snapshots())
                if not rebuild:
                    history.attach(held.source)
            else:
                history.catch_up(events)
            held.history = history
        if rebuild:  # a write: never with the history's lock held
            self._rebuild(info, held, history, conn)

    def _rebuild(self, info: SessionInfo, held: _Held, history: History,
                 conn: Connection | None) -> None:
        """Write the snapshots of a session folded whole (those of another fold's code go):
        then its history holds only what a resumed one does. The database busy: not now
        (the history keeps its states in memory until another fold writes them)."""
        with held.lock:
            made = history.snapshots()
        try:
            if conn is not None:
                self._replace_snapshots(conn, info, held, made)
            else:
                with self._write() as own:
                    self._replace_snapshots(own, info, held, made)
        except DatabaseBusy:
            return
        with held.lock:
            history.attach(held.source)

    def _replace_snapshots(self, conn: Connection, info: SessionInfo, held: _Held,
                           made: list[tuple[int, Any, Any]]) -> None:
        fold = held.source.fold
        conn.execute(delete(SnapshotRow).where(SnapshotRow.session_id == info.id,
                                               SnapshotRow.fold != fold))
        there = set(conn.execute(select(SnapshotRow.version).where(
            SnapshotRow.session_id == info.id)).scalars())
        self._write_snapshots(conn, held, [m for m in made if m[0] not in there],
                              session_id=info.id)

    def _write_snapshots(self, conn: Connection, held: _Held,
                         made: Sequence[tuple[int, Any, Any]], session_id: int | None = None
                         ) -> None:
        rows = list(snapshots.rows_of(held.source.session_id if session_id is None
                                      else session_id, held.source.fold, made))
        if rows:
            conn.execute(insert(SnapshotRow), rows)
            held.state_bytes = 3 * len(rows[-1]["state"])

    def _source(self, session_id: int, tracker: Tracker) -> snapshots.TableSource:
        return snapshots.TableSource(session_id, tracker, self._loading)

    @staticmethod
    def _history_of(held: _Held) -> History:
        if held.history is None:  # folded by _held before any use
            raise RuntimeError("a session history used before it was folded")
        return held.history

    def _keep(self, key: tuple[int, str], held: _Held) -> None:
        """Keep `held` as the most recently used history, its bytes counted; the least
        recently used go while more than HISTORIES, or HISTORY_BYTES bytes, are kept (the
        one just used always stays)."""
        weight = held.weight()
        with self._lock:
            if self._histories.get(key) is not held:  # dropped meanwhile, or another's fold
                other = self._histories.pop(key, None)
                self._held_bytes -= other.counted if other else 0
                held.counted = 0
            self._held_bytes += weight - held.counted
            held.counted = weight
            self._histories[key] = held
            self._histories.move_to_end(key)
            while len(self._histories) > 1 and (len(self._histories) > HISTORIES
                                                or self._held_bytes > HISTORY_BYTES):
                _, dropped = self._histories.popitem(last=False)
                self._held_bytes -= dropped.counted

    @staticmethod
    def _remember(kept: OrderedDict[Any, Any], key: Any, value: Any, most: int) -> None:
        kept[key] = value
        kept.move_to_end(key)
        while len(kept) > most:
            kept.popitem(last=False)


def _count_statement(postgres: bool) -> Any:
    """Add one to a rate-limit bucket's count in a window (made at 1), answering the count."""
    if postgres:
        from sqlalchemy.dialects.postgresql import insert as upsert
    else:
        from sqlalchemy.dialects.sqlite import insert as upsert  # type: ignore[assignment]
    statement: Any = upsert(RateCountRow).values(
        bucket=bindparam("bucket"), window=bindparam("window"), count=1)
    return statement.on_conflict_do_update(
        index_elements=[RateCountRow.bucket, RateCountRow.window],
        set_={"count": RateCountRow.count + 1}).returning(RateCountRow.count)


def _digest(request: Any) -> str:
    """What identifies a request's JSON (keys in any order)."""
    text = json.dumps(request, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _size(data: Any) -> int:
    """Bytes of an event's JSON, as the session's size limit counts them."""
    return len(json.dumps(data, ensure_ascii=False).encode())


def _tracker(game: str) -> Tracker:
    tracker = find_game(game).tracker
    if tracker is None:  # a stored session of a game that no longer tracks sessions
        raise NotFound(f"Sessions of {game!r} are not kept any more.")
    return tracker
