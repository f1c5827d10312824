"""Sessions in the database: create, read, append with a version check, import.

Every write is one transaction that locks the session row, checks the version the client
based its change on, checks the event against the rules (the folded state), then bumps the
version and inserts the event with seq = new version. The answer is sent only after COMMIT.
Folded histories are cached per process and caught up from the database by version, so a
write costs one new event, not a replay of the whole game. Reads, 304s and appends run as
plain SQL on the driver (plain.py); appends arriving together on SQLite share one commit.
"""
from __future__ import annotations

import gc
import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select
from sqlalchemy.exc import IntegrityError

from assistant.errors import InvalidInput, NotFound
from assistant.games import find_game
from assistant.tracker import History, Tracker, parse_event, stored_event

from . import tokens
from .engine import IMMEDIATE, make_engine, sqlite_file
from .migrate import upgrade
from .models import EventRow, RateCountRow, SeatClaimRow, SessionRow
from .plain import Plain, payload, payloads, stored_time

CACHE_SIZE = 256
MAX_EVENTS = 10_000
"""Default most events a session holds (LAIRSIDE_MAX_EVENTS): a long game has a few hundred.
Bounded because a cold worker folds the whole session on its first read (make bench: about
3 s for 50,000 small events; a game whose state grows with each event costs more)."""
MAX_BYTES = 4 * 1024 * 1024
"""Default most bytes of event JSON a session holds (LAIRSIDE_MAX_SESSION_BYTES)."""


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


@dataclass
class _Job:
    """One append on its way: written by its own thread or in a batch with others."""

    info: SessionInfo
    event: Any
    expected: int | None
    key: str | None
    done: bool = False
    answer: Appended | None = None
    error: Exception | None = None


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything we store is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Store:
    def __init__(self, url: str, max_events: int = MAX_EVENTS,
                 max_bytes: int = MAX_BYTES) -> None:
        self.url = url
        self.max_events = max_events
        self.max_bytes = max_bytes
        self.engine: Engine = make_engine(url)
        self._ready = False
        self._lock = threading.RLock()
        self._cache: OrderedDict[tuple[int, str], History] = OrderedDict()
        """Folded histories by session id and code (SQLite may give a deleted session's id
        to a new one; the code tells them apart in every worker)."""
        self._setups: OrderedDict[tuple[int, str], Any] = OrderedDict()
        self._plain = Plain(self.engine)
        self._pending: list[_Job] = []
        self._pending_lock = threading.Lock()

    # --- set-up ------------------------------------------------------------------------------

    def ready(self) -> Store:
        """Migrate on first use (once per process)."""
        if not self._ready:
            with self._lock:
                if not self._ready:
                    path = sqlite_file(self.url)
                    if path is not None:
                        path.parent.mkdir(parents=True, exist_ok=True)
                    upgrade(self.engine)
                    self._ready = True
        return self

    def dispose(self) -> None:
        self._plain.close()
        self.engine.dispose()

    def _write(self) -> Connection:
        return self.engine.connect().execution_options(**{IMMEDIATE: True})

    # --- create and import ---------------------------------------------------------------------

    def create(self, tracker: Tracker, setup: Any,
               events: Sequence[tuple[Any, datetime | None]] = ()) -> tuple[SessionInfo, str]:
        """A new session (its events checked by folding them first) and its edit token."""
        size = sum(_size(e.to_json()) for e, _ in events)
        self._check_room(len(events), size)
        history = History(tracker, setup)
        with collector_paused(len(events)):
            for i, (event, _) in enumerate(events):
                try:
                    history.append(event)
                except InvalidInput as error:
                    raise InvalidInput(f"events.{i}.{error.field}", f"Event {i + 1}: "
                                       f"{error.detail}", error.allowed) from None
        self.ready()
        token = tokens.new_token()
        now = _now()
        for _attempt in range(5):
            code = tokens.new_code()
            try:
                with self._plain.turn(), self._write() as conn, conn.begin():
                    session_id = conn.execute(insert(SessionRow).values(
                        code=code, token_hash=tokens.hash_token(token), game=setup.game,
                        mode=str(setup.mode), setup=setup.to_json(), version=len(events),
                        size_bytes=size, created_at=now, updated_at=now
                    ).returning(SessionRow.id)).scalar_one()
                    if events:
                        conn.execute(insert(EventRow), [
                            {"session_id": session_id, "seq": i + 1, "kind": str(e.kind),
                             "payload": e.to_json(), "idempotency_key": None,
                             "created_at": at or now} for i, (e, at) in enumerate(events)])
            except IntegrityError:  # the rare code collision: draw another
                continue
            with self._lock:
                self._remember((session_id, code), history)
            return self.info(code), token
        raise RuntimeError("could not draw a free share code")  # pragma: no cover

    # --- reading -----------------------------------------------------------------------------

    def info(self, code: str) -> SessionInfo:
        self.ready()
        if not tokens.well_formed(code):  # never send odd text (NUL, 5,000 bytes) to the database
            raise UnknownSession(f"There is no session {code[:40]!r}. Check the code on the "
                                 "join sheet.")
        row = self._plain.one("info", tokens.normal_code(code))
        if row is None:
            raise UnknownSession(f"There is no session {code!r}. Check the code on the join "
                                 "sheet.")
        session_id, found, token_hash, game, version, created_at, updated_at = row
        tracker = _tracker(game)
        return SessionInfo(session_id, found, token_hash, tracker,
                           self._setup(session_id, found, tracker), version,
                           stored_time(created_at), stored_time(updated_at))

    def head(self, code: str) -> Sequence[Any] | None:
        """(id, version, updated_at as stored) of the session with this share code, written
        as stored (lower case), or None: the one query a repeated read or a 304 needs."""
        self.ready()
        return self._plain.one("head", code)

    def _setup(self, session_id: int, code: str, tracker: Tracker) -> Any:
        """The parsed setup of a session: a setup never changes once stored, so each is read
        and parsed once per process (keyed by id and code, which no other session ever has)."""
        key = (session_id, code)
        with self._lock:
            setup = self._setups.get(key)
        if setup is None:
            with self.engine.connect() as conn:
                stored = conn.execute(select(SessionRow.setup).where(
                    SessionRow.id == session_id)).scalar_one_or_none()
            if stored is None:  # deleted (expired) since its row was read
                raise UnknownSession(f"There is no session {code!r} any more.")
            setup = tracker.parse_setup(stored)
            with self._lock:
                self._setups[key] = setup
                while len(self._setups) > CACHE_SIZE * 4:
                    self._setups.popitem(last=False)
        return setup

    def history(self, info: SessionInfo) -> History:
        """The folded history, at least up to `info.version`."""
        return self._history(info, info.version)

    def state_at(self, info: SessionInfo) -> Any:
        history = self.history(info)
        with self._lock:
            return history.state_at(info.version)

    def point(self, info: SessionInfo) -> tuple[Any, bool]:
        """The state at `info.version` and whether an undo is possible there."""
        history = self.history(info)
        with self._lock:
            return history.state_at(info.version), history.can_undo(info.version)

    def events(self, info: SessionInfo, after: int = 0, limit: int | None = None
               ) -> list[StoredEvent]:
        """Stored events after version `after` (at most `limit` of them), in order."""
        with self._plain.cursor() as cursor:
            cursor.execute(self._plain.sql["events"], (info.id, after))
            rows = cursor.fetchall() if limit is None else cursor.fetchmany(limit)
        tracker = info.tracker
        with collector_paused(len(rows)):
            decoded = payloads([data for _seq, data, _at in rows])
            return [StoredEvent(seq, stored_event(tracker, data), stored_time(at))
                    for (seq, _text, at), data in zip(rows, decoded, strict=True)]

    # --- seats claimed by their own phones -----------------------------------------------------

    def claim_seat(self, info: SessionInfo, seat: str) -> str:
        """A new seat token for `seat` (shown once); SeatTaken if a phone already holds it."""
        token = tokens.new_token()
        try:
            with self._plain.turn(), self._write() as conn, conn.begin():
                conn.execute(insert(SeatClaimRow).values(
                    session_id=info.id, seat=seat, token_hash=tokens.hash_token(token),
                    created_at=_now()))
        except IntegrityError:
            raise SeatTaken(seat) from None
        return token

    def seat_of(self, info: SessionInfo, token: str) -> str | None:
        """The seat whose phone holds `token`, or None."""
        with self.engine.connect() as conn:
            seat: str | None = conn.execute(select(SeatClaimRow.seat).where(
                SeatClaimRow.session_id == info.id,
                SeatClaimRow.token_hash == tokens.hash_token(token))).scalar_one_or_none()
        return seat

    # --- writing -----------------------------------------------------------------------------

    def append(self, info: SessionInfo, event: Any, expected: int | None,
               key: str | None = None) -> Appended:
        """Record `event` if the session is still at `expected` (None: whatever it is now).

        Raises StaleVersion (nothing written), InvalidInput (the rules refuse it), KeyReused,
        SessionFull. A retry with the same Idempotency-Key answers the first result again
        (replayed). Answered only once the write is committed.

        On SQLite, appends arriving while another is being committed wait, then go together
        in one transaction (group commit): one fsync answers them all, so a burst of taps
        costs a few disk flushes, not one each. PostgreSQL commits each on its own."""
        job = _Job(info, event, expected, key)
        if self._plain.sqlite:
            with self._pending_lock:
                self._pending.append(job)
            with self._plain.writers:  # one batch at a time in this process
                if not job.done:  # else an earlier batch took it along
                    with self._plain.file_turn():  # the other workers' writers
                        with self._pending_lock:
                            batch, self._pending = self._pending, []
                        self._commit(batch)
        else:
            self._commit([job])
        if job.error is not None:
            raise job.error
        assert job.answer is not None
        return job.answer

    def _commit(self, batch: list[_Job]) -> None:
        """Write `batch` in one transaction, each append checked against the state the ones
        before it left; one refused (version, rules, room, key) writes nothing and the others
        go on. Plain SQL on the driver's cursor (plain.py): this runs on every tap."""
        try:
            with self._plain.transaction() as cursor:
                for job in batch:
                    try:
                        planned = self._plan(cursor, job)
                    except (StaleVersion, KeyReused, SessionFull, InvalidInput) as refused:
                        job.error = refused
                        continue
                    job.answer = planned if isinstance(planned, Appended) \
                        else self._record(cursor, job, *planned)
        except Exception as failed:  # nothing was committed: forget the steps taken
            with self._lock:
                for job in batch:
                    self._cache.pop((job.info.id, job.info.code), None)
                    if job.error is None:
                        job.answer, job.error = None, failed
        finally:
            for job in batch:
                job.done = True

    def _plan(self, cursor: Any, job: _Job) -> Appended | tuple[History, Any, int, int, Any]:
        """The checks of one append inside the transaction (nothing written yet): the earlier
        answer of a replayed Idempotency-Key, or what to record."""
        info, sql, data = job.info, self._plain.sql, job.event.to_json()
        cursor.execute(sql["lock"], (info.id,))
        version, size = cursor.fetchone()
        if job.key is not None:
            cursor.execute(sql["earlier"], (info.id, job.key))
            earlier = cursor.fetchone()
            if earlier is not None:
                seq, first, at = earlier
                if payload(first) != data:
                    raise KeyReused(job.key)
                history = self._history(info, version, cursor)
                with self._lock:
                    state, can_undo = history.state_at(version), history.can_undo(version)
                return Appended(StoredEvent(seq, job.event, stored_time(at)), state, version,
                                can_undo, True)
        if job.expected is not None and job.expected != version:
            raise StaleVersion(version)
        added = _size(data)
        self._check_room(version + 1, size + added)
        history = self._history(info, version, cursor)
        with self._lock:
            if history.version != version:
                history = self._fresh(info, version, cursor)
            step = history.check(job.event)
        return history, step, version, size + added, data

    def _record(self, cursor: Any, job: _Job, history: History, step: Any, version: int,
                size: int, data: Any) -> Appended:
        """Write one checked append, and make it the history's next version at once (so the
        next append of the batch is checked after it; _commit forgets it if the commit
        fails). The answer is this write's own step, never re-read from the cache."""
        now = _now()
        stamp = self._plain.time_value(now)
        cursor.execute(self._plain.sql["bump"], (version + 1, size, stamp, job.info.id, version))
        cursor.execute(self._plain.sql["insert"], (
            job.info.id, version + 1, str(job.event.kind), self._plain.json_value(data),
            job.key, stamp))
        with self._lock:
            history.accept(step)
        return Appended(StoredEvent(version + 1, job.event, now), step.state, version + 1,
                        step.before is not None)

    def _check_room(self, events: int, size: int) -> None:
        if events > self.max_events:
            raise SessionFull("events", self.max_events)
        if size > self.max_bytes:
            raise SessionFull("bytes of events", self.max_bytes)

    # --- retention ---------------------------------------------------------------------------

    def expire(self, unchanged_since: datetime) -> int:
        """Delete every session whose last write is older than `unchanged_since` (its events
        and seat claims go with it), and rate-limit counts older than a day. Answers how many
        sessions went."""
        self.ready()
        day_ago = int(_now().timestamp()) - 86400
        with self._plain.turn(), self._write() as conn, conn.begin():
            gone = conn.execute(select(SessionRow.id, SessionRow.code).where(
                SessionRow.updated_at < unchanged_since)).all()
            ids = [session_id for session_id, _code in gone]
            for chunk in range(0, len(ids), 500):
                part = ids[chunk:chunk + 500]
                conn.execute(delete(EventRow).where(EventRow.session_id.in_(part)))
                conn.execute(delete(SeatClaimRow).where(SeatClaimRow.session_id.in_(part)))
                conn.execute(delete(SessionRow).where(SessionRow.id.in_(part)))
            conn.execute(delete(RateCountRow).where(RateCountRow.window < day_ago))
        with self._lock:
            for session_id, code in gone:
                self._cache.pop((session_id, code), None)
        return len(ids)

    # --- rate-limit counters every worker shares -----------------------------------------------

    def count(self, bucket: str, window: int, peek: bool = False) -> int:
        """Add one to `bucket`'s count in `window` (or only read it, `peek`); the new count.
        One row per bucket and window; older windows of the bucket are dropped as it goes."""
        self.ready()
        if peek:  # every read of a share code asks (see ratelimit.check): plain SQL
            found = self._plain.one("peek", bucket, window)
            return int(found[0]) if found else 0
        dialect = self.engine.dialect.name
        if dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as upsert
        else:
            from sqlalchemy.dialects.sqlite import insert as upsert  # type: ignore[assignment]
        statement: Any = upsert(RateCountRow).values(bucket=bucket, window=window, count=1)
        statement = statement.on_conflict_do_update(
            index_elements=[RateCountRow.bucket, RateCountRow.window],
            set_={"count": RateCountRow.count + 1}).returning(RateCountRow.count)
        with self._plain.turn(), self._write() as conn, conn.begin():
            counted = int(conn.execute(statement).scalar_one())
            if counted == 1:  # first of a new window: forget this bucket's older ones
                conn.execute(delete(RateCountRow).where(RateCountRow.bucket == bucket,
                                                        RateCountRow.window < window))
        return counted

    def count_rows(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(RateCountRow)).scalar_one())

    # --- the cache of folded histories --------------------------------------------------------

    def _history(self, info: SessionInfo, version: int, cursor: Any = None) -> History:
        """The cached history of the session, caught up to `version` from the database (on
        `cursor`, inside a write's transaction, or on a cursor of its own)."""
        key = (info.id, info.code)
        with self._lock:
            history = self._cache.get(key)
            if history is None:
                history = History(info.tracker, info.setup)
            if history.version < version:
                if cursor is None:
                    with self._plain.cursor() as own:
                        self._catch_up(own, info, history, version)
                else:
                    self._catch_up(cursor, info, history, version)
            self._remember(key, history)
            return history

    def _catch_up(self, cursor: Any, info: SessionInfo, history: History, version: int
                  ) -> None:
        cursor.execute(self._plain.sql["payloads"], (info.id, history.version, version))
        tracker = info.tracker
        rows = cursor.fetchall()
        with collector_paused(len(rows)):
            history.extend(stored_event(tracker, data)
                           for data in payloads([data for (data,) in rows]))

    def _fresh(self, info: SessionInfo, version: int, cursor: Any) -> History:
        self._cache.pop((info.id, info.code), None)
        return self._history(info, version, cursor)

    def _remember(self, key: tuple[int, str], history: History) -> None:
        self._cache[key] = history
        self._cache.move_to_end(key)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)


@contextmanager
def collector_paused(count: int) -> Iterator[None]:
    """Python's cycle collector paused while thousands of events are built and folded: they
    make no cycles, but each full collection walks every object already made, which cost a
    50,000-event session a fifth of its first read. Process-wide; a second thread folding at
    the same time finds it paused and leaves it be."""
    if count < 1000 or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _size(data: Any) -> int:
    """Bytes of an event's JSON, as the session's size limit counts them."""
    return len(json.dumps(data, ensure_ascii=False).encode())


def _tracker(game: str) -> Tracker:
    tracker = find_game(game).tracker
    if tracker is None:  # a stored session of a game that no longer tracks sessions
        raise NotFound(f"Sessions of {game!r} are not kept any more.")
    return tracker


def parse_stored_events(tracker: Tracker, items: Iterable[Mapping[str, Any]]
                        ) -> list[tuple[Any, datetime | None]]:
    """Events of an export (`{"event": {...}, "at": "..."}` or a bare event) for import."""
    out: list[tuple[Any, datetime | None]] = []
    for i, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise InvalidInput(f"events.{i}", "Each event is a JSON object.", "an object")
        raw = item.get("event", item)
        at = item.get("at")
        try:
            event = parse_event(tracker, raw)
        except InvalidInput as error:
            raise InvalidInput(f"events.{i}.{error.field}", f"Event {i + 1}: {error.detail}",
                               error.allowed) from None
        moment = None
        if isinstance(at, str):
            moment = _moment(at, i)
        out.append((event, moment))
    return out


EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
"""No event of an imported export is older than this, nor later than a day from now: every
database stores that range, in UTC, whatever offset the export wrote."""


def _moment(at: str, i: int) -> datetime:
    allowed = "an ISO date and time from 2000 to now, e.g. 2025-01-31T20:15:00+00:00"
    try:
        moment = _aware(datetime.fromisoformat(at[:64])).astimezone(UTC)
    except (ValueError, OverflowError):
        raise InvalidInput(f"events.{i}.at", f"Event {i + 1}: {at[:64]!r} is not an ISO date "
                           "and time.", allowed) from None
    if not EARLIEST <= moment <= _now() + timedelta(days=1):
        raise InvalidInput(f"events.{i}.at", f"Event {i + 1}: {at[:64]!r} is outside the "
                           "times a session can have.", allowed)
    return moment
