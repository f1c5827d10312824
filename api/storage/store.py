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
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from assistant.errors import InvalidInput, NotFound
from assistant.games import find_game
from assistant.tracker import History, Tracker, parse_event

from . import tokens
from .engine import IMMEDIATE, make_engine, sqlite_file
from .migrate import upgrade
from .models import EventRow, SeatClaimRow, SessionRow

CACHE_SIZE = 256


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


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything we store is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = make_engine(url)
        self._ready = False
        self._lock = threading.RLock()
        self._cache: OrderedDict[int, History] = OrderedDict()

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
                        created_at=now, updated_at=now).returning(SessionRow.id)).scalar_one()
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
        with self.engine.connect() as conn:
            s = conn.execute(select(
                SessionRow.id, SessionRow.code, SessionRow.token_hash, SessionRow.game,
                SessionRow.setup,
                SessionRow.version, SessionRow.created_at, SessionRow.updated_at).where(
                SessionRow.code == tokens.normal_code(code))).one_or_none()
        if s is None:
            raise NotFound(f"There is no session {code!r}. Check the code on the join sheet.")
        tracker = _tracker(s.game)
        return SessionInfo(s.id, s.code, s.token_hash, tracker, tracker.parse_setup(s.setup),
                           s.version, _aware(s.created_at), _aware(s.updated_at))

    def history(self, info: SessionInfo) -> History:
        """The folded history, at least up to `info.version`."""
        with self.engine.connect() as conn:
            return self._history(conn, info, info.version)

    def state_at(self, info: SessionInfo) -> Any:
        return self.history(info).points[info.version].state

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
                version = conn.execute(select(SessionRow.version).where(
                    SessionRow.id == info.id).with_for_update()).scalar_one()
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
                        point = history.points[version]
                        return Appended(stored, point.state, version, point.before is not None,
                                        True)
                if expected is not None and expected != version:
                    raise StaleVersion(version)
                history = self._history(conn, info, version)
                with self._lock:
                    point = history.check(event) if history.version == version else \
                        self._fresh(conn, info, version).check(event)
                now = _now()
                conn.execute(update(SessionRow).where(
                    SessionRow.id == info.id, SessionRow.version == version).values(
                    version=version + 1, updated_at=now))
                conn.execute(insert(EventRow).values(
                    session_id=info.id, seq=version + 1, kind=str(event.kind),
                    payload=event.to_json(), idempotency_key=key, created_at=now))
            # committed: only now is the event part of the cached history
            with self._lock:
                if history.version == version:
                    history.points.append(point)
        # The answer is built from this write's own point, never re-read from the cache
        # (another request may have evicted or replaced the history meanwhile).
        return Appended(StoredEvent(version + 1, event, now), point.state, version + 1,
                        point.before is not None)

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
            try:
                moment = _aware(datetime.fromisoformat(at))
            except ValueError:
                raise InvalidInput(f"events.{i}.at", f"Event {i + 1}: {at!r} is not an ISO "
                                   "date and time.", "e.g. 2025-01-31T20:15:00+00:00") from None
        out.append((event, moment))
    return out
