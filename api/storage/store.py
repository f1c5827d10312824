"""Sessions in the database: create, read, append with a version check, import.

Every write is one transaction that locks the session row, checks the version the client
based its change on, checks the event against the rules (the folded state), then bumps the
version and inserts the event with seq = new version. The answer is sent only after COMMIT.
Folded histories are cached per process and caught up from the database by version, so a
write costs one new event, not a replay of the whole game.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from assistant.errors import InvalidInput, NotFound
from assistant.games import find_game
from assistant.tracker import History, Tracker, parse_event

from . import tokens
from .engine import IMMEDIATE, make_engine, sqlite_file
from .migrate import upgrade
from .models import EventRow, RateCountRow, SeatClaimRow, SessionRow

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


_INFO = select(
    SessionRow.id, SessionRow.code, SessionRow.token_hash, SessionRow.game, SessionRow.setup,
    SessionRow.version, SessionRow.created_at, SessionRow.updated_at).where(
    SessionRow.code == bindparam("code"))
"""Store.info's statement, built once (building it costs more than running it)."""


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
        self._cache: OrderedDict[int, History] = OrderedDict()
        self._setups: OrderedDict[tuple[int, str], Any] = OrderedDict()

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
        self.engine.dispose()

    def _write(self) -> Connection:
        return self.engine.connect().execution_options(**{IMMEDIATE: True})

    # --- create and import ---------------------------------------------------------------------

    def create(self, tracker: Tracker, setup: Any,
               events: Sequence[tuple[Any, datetime | None]] = ()) -> tuple[SessionInfo, str]:
        """A new session (its events checked by folding them first) and its edit token."""
        size = sum(_size(e) for e, _ in events)
        self._check_room(len(events), size)
        history = History(tracker, setup)
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
                with self._write() as conn, conn.begin():
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
                self._remember(session_id, history)
            return self.info(code), token
        raise RuntimeError("could not draw a free share code")  # pragma: no cover

    # --- reading -----------------------------------------------------------------------------

    def info(self, code: str) -> SessionInfo:
        self.ready()
        if not tokens.well_formed(code):  # never send odd text (NUL, 5,000 bytes) to the database
            raise UnknownSession(f"There is no session {code[:40]!r}. Check the code on the "
                                 "join sheet.")
        with self.engine.connect() as conn:
            s = conn.execute(_INFO, {"code": tokens.normal_code(code)}).one_or_none()
        if s is None:
            raise UnknownSession(f"There is no session {code!r}. Check the code on the join "
                                 "sheet.")
        tracker = _tracker(s.game)
        return SessionInfo(s.id, s.code, s.token_hash, tracker, self._setup(s, tracker),
                           s.version, _aware(s.created_at), _aware(s.updated_at))

    def _setup(self, row: Any, tracker: Tracker) -> Any:
        """The parsed setup of a session row: a setup never changes once stored, so each is
        parsed once per process (keyed by id and code, which no other session ever has)."""
        key = (row.id, row.code)
        with self._lock:
            setup = self._setups.get(key)
        if setup is None:
            setup = tracker.parse_setup(row.setup)
            with self._lock:
                self._setups[key] = setup
                while len(self._setups) > CACHE_SIZE * 4:
                    self._setups.popitem(last=False)
        return setup

    def history(self, info: SessionInfo) -> History:
        """The folded history, at least up to `info.version`."""
        with self.engine.connect() as conn:
            return self._history(conn, info, info.version)

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
        query = (select(EventRow.seq, EventRow.payload, EventRow.created_at)
                 .where(EventRow.session_id == info.id, EventRow.seq > after)
                 .order_by(EventRow.seq))
        if limit is not None:
            query = query.limit(limit)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [StoredEvent(r.seq, parse_event(info.tracker, r.payload), _aware(r.created_at))
                for r in rows]

    # --- seats claimed by their own phones -----------------------------------------------------

    def claim_seat(self, info: SessionInfo, seat: str) -> str:
        """A new seat token for `seat` (shown once); SeatTaken if a phone already holds it."""
        token = tokens.new_token()
        try:
            with self._write() as conn, conn.begin():
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

        Raises StaleVersion (nothing written), InvalidInput (the rules refuse it), KeyReused.
        A retry with the same Idempotency-Key answers the first result again (replayed)."""
        with self._write() as conn:
            with conn.begin():
                version, size = conn.execute(select(
                    SessionRow.version, SessionRow.size_bytes).where(
                    SessionRow.id == info.id).with_for_update()).one()
                if key is not None:
                    earlier = conn.execute(select(
                        EventRow.seq, EventRow.payload, EventRow.created_at).where(
                        EventRow.session_id == info.id,
                        EventRow.idempotency_key == key)).one_or_none()
                    if earlier is not None:
                        if earlier.payload != event.to_json():
                            raise KeyReused(key)
                        history = self._history(conn, info, version)
                        stored = StoredEvent(earlier.seq, event, _aware(earlier.created_at))
                        with self._lock:
                            state = history.state_at(version)
                            can_undo = history.can_undo(version)
                        return Appended(stored, state, version, can_undo, True)
                if expected is not None and expected != version:
                    raise StaleVersion(version)
                added = _size(event)
                self._check_room(version + 1, size + added)
                history = self._history(conn, info, version)
                with self._lock:
                    if history.version != version:
                        history = self._fresh(conn, info, version)
                    step = history.check(event)
                now = _now()
                conn.execute(update(SessionRow).where(
                    SessionRow.id == info.id, SessionRow.version == version).values(
                    version=version + 1, size_bytes=size + added, updated_at=now))
                conn.execute(insert(EventRow).values(
                    session_id=info.id, seq=version + 1, kind=str(event.kind),
                    payload=event.to_json(), idempotency_key=key, created_at=now))
            # committed: only now is the event part of the cached history
            with self._lock:
                if history.version == version:
                    history.accept(step)
        # The answer is built from this write's own step, never re-read from the cache
        # (another request may have evicted or replaced the history meanwhile).
        return Appended(StoredEvent(version + 1, event, now), step.state, version + 1,
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
        with self._write() as conn, conn.begin():
            ids = conn.execute(select(SessionRow.id).where(
                SessionRow.updated_at < unchanged_since)).scalars().all()
            for chunk in range(0, len(ids), 500):
                part = ids[chunk:chunk + 500]
                conn.execute(delete(EventRow).where(EventRow.session_id.in_(part)))
                conn.execute(delete(SeatClaimRow).where(SeatClaimRow.session_id.in_(part)))
                conn.execute(delete(SessionRow).where(SessionRow.id.in_(part)))
            conn.execute(delete(RateCountRow).where(RateCountRow.window < day_ago))
        with self._lock:
            for session_id in ids:
                self._cache.pop(session_id, None)
        return len(ids)

    # --- rate-limit counters every worker shares -----------------------------------------------

    def count(self, bucket: str, window: int, peek: bool = False) -> int:
        """Add one to `bucket`'s count in `window` (or only read it, `peek`); the new count.
        One row per bucket and window; older windows of the bucket are dropped as it goes."""
        self.ready()
        if peek:
            with self.engine.connect() as conn:
                found = conn.execute(select(RateCountRow.count).where(
                    RateCountRow.bucket == bucket, RateCountRow.window == window)
                ).scalar_one_or_none()
            return int(found or 0)
        dialect = self.engine.dialect.name
        if dialect == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as upsert
        else:
            from sqlalchemy.dialects.sqlite import insert as upsert  # type: ignore[assignment]
        statement = upsert(RateCountRow).values(bucket=bucket, window=window, count=1)
        statement = statement.on_conflict_do_update(
            index_elements=[RateCountRow.bucket, RateCountRow.window],
            set_={"count": RateCountRow.count + 1}).returning(RateCountRow.count)
        with self._write() as conn, conn.begin():
            counted = int(conn.execute(statement).scalar_one())
            if counted == 1:  # first of a new window: forget this bucket's older ones
                conn.execute(delete(RateCountRow).where(RateCountRow.bucket == bucket,
                                                        RateCountRow.window < window))
        return counted

    def count_rows(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(RateCountRow)).scalar_one())

    # --- the cache of folded histories --------------------------------------------------------

    def _history(self, conn: Connection, info: SessionInfo, version: int) -> History:
        with self._lock:
            history = self._cache.get(info.id)
            if history is None:
                history = History(info.tracker, info.setup)
            if history.version < version:
                rows = conn.execute(select(EventRow.payload).where(
                    EventRow.session_id == info.id, EventRow.seq > history.version,
                    EventRow.seq <= version).order_by(EventRow.seq)).scalars()
                history.extend(parse_event(info.tracker, p) for p in rows)
            self._remember(info.id, history)
            return history

    def _fresh(self, conn: Connection, info: SessionInfo, version: int) -> History:
        self._cache.pop(info.id, None)
        return self._history(conn, info, version)

    def _remember(self, session_id: int, history: History) -> None:
        self._cache[session_id] = history
        self._cache.move_to_end(session_id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)


def _size(event: Any) -> int:
    import json

    return len(json.dumps(event.to_json(), ensure_ascii=False).encode())


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
