"""Phones following live tables: each waits, holding no thread and asking the database nothing,
until one watcher per process learns that its table has a newer version and wakes it: from the
store right after a commit here, by LISTEN on PostgreSQL (each append NOTIFYs), or on SQLite by a
stat of the database and its write-ahead log every WATCH_SECONDS (README "Serving": why gevent).
"""
from __future__ import annotations

import logging
import os
import random
import socket
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from api.config import FOLLOWED_SEEN
from api.offload import green
from api.storage import SessionInfo, Store
from api.storage.engine import sqlite_file
from api.storage.store import CHANNEL

WATCH_SECONDS = 0.1
"""How often the SQLite watcher looks at the database files (a stat each, no query)."""
SPREAD_PER_PHONE = 0.0005
SPREAD_MOST = 0.25
"""Seconds over which the phones one change wakes are spread (Followers._spread): half a
millisecond a phone (about three times what a delivery costs), at most a quarter second."""
RECONNECT_SECONDS = 1.0
"""Pause before the PostgreSQL listener connects again after losing its connection."""
FULL_RETRY_SECONDS = 15
"""Retry-After of a follower refused because the worker holds as many as it may: the page
reads the table every this many seconds meanwhile (a 304 when nothing changed)."""

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Waiter:
    """One phone following one table: woken when the table passes `after`, or when the phone
    goes away (`gone`)."""

    code: str
    after: int = -1
    """The version the phone shows; -1 until it first waits."""
    woken: threading.Event = field(default_factory=threading.Event)
    gone: bool = False
    stop: Any = None
    """Stops watching the phone's connection."""
    held: bool = True
    """Counted among the worker's followers (until unsubscribed)."""


class FollowersFull(Exception):
    """This worker holds as many followers as it may (api.config.follower_limit): a new one is
    answered 503 with Retry-After, and ordinary requests keep the room left for them."""

    def __init__(self, limit: int, seconds: int = FULL_RETRY_SECONDS) -> None:
        super().__init__(f"{limit} followers held")
        self.limit = limit
        self.seconds = seconds


class Followers:
    """The following phones of this process, by share code, and the watcher that wakes them. A
    phone subscribes before it reads the version it shows: a change in between is never lost."""

    def __init__(self, store: Store, limit: int | None = None) -> None:
        self.store = store
        self.limit = limit
        """Most phones following at once in this process (None: no limit)."""
        self._held = 0
        self._waiting: dict[str, set[Waiter]] = {}
        self._seen: OrderedDict[str, int] = OrderedDict()
        self._lock = threading.Lock()
        self._watcher: threading.Thread | None = None
        self._pid = 0
        store.on_change.append(self.changed)

    @property
    def count(self) -> int:
        """Phones following now."""
        return self._held

    def check_room(self) -> None:
        """FollowersFull when no other phone may follow now (before anything is asked of the
        database, so a refusal costs next to nothing)."""
        if self.limit is not None and self._held >= self.limit:
            raise FollowersFull(self.limit)

    def codes(self) -> list[str]:
        with self._lock:
            return list(self._waiting)

    def changed(self, code: str, version: int) -> None:
        """Table `code` is at `version`: wake each of its phones that shows an older one."""
        with self._lock:
            if code not in self._waiting:  # nobody follows it here: nothing to wake, and
                return  # the first phone to follow it reads its version (subscribe)
            if version <= self._seen.get(code, -1):  # heard already: its phones were woken
                self._seen.move_to_end(code)  # (the watcher reports every followed table)
                return
            self._seen[code] = version
            self._seen.move_to_end(code)
            while len(self._seen) > FOLLOWED_SEEN:
                self._seen.popitem(last=False)
            waiters = [w for w in self._waiting.get(code, ()) if 0 <= w.after < version]
        for waiter in waiters:
            waiter.woken.set()

    def latest(self, code: str) -> SessionInfo:
        """Table `code` at the newest version this worker has heard of or newer: the store's
        own kept read when it is that new (a write here keeps it), else one query, kept there
        for the other phones the same change woke."""
        found = self.store.known(code)
        with self._lock:
            heard = self._seen.get(found.code, -1)
        return found if found.version >= heard else self.store.info(code)

    def subscribe(self, code: str, connection: Any = None) -> Waiter:
        """A phone starts following `code` (gunicorn's socket: see it go away at once). The
        first phone of a table in this process reads its version once: from then on the
        watcher hears of every change to it."""
        self._ensure_watcher()
        waiter = Waiter(code)
        with self._lock:
            if self.limit is not None and self._held >= self.limit:
                raise FollowersFull(self.limit)
            self._held += 1
            first = code not in self._waiting
            self._waiting.setdefault(code, set()).add(waiter)
        waiter.stop = _watch_close(connection, waiter)
        if first:
            self._catch_up([code])
        return waiter

    def unsubscribe(self, waiter: Waiter) -> None:
        """The phone stops following (again: nothing)."""
        waiter.stop()
        with self._lock:  # the set holds this waiter until now, so it is still there
            if not waiter.held:
                return
            waiter.held = False
            self._held -= 1
            left = self._waiting[waiter.code]
            left.discard(waiter)
            if not left:
                del self._waiting[waiter.code]

    def release_all(self) -> None:
        """Let every phone go, and take no new one (the worker is stopping): each stream ends
        and each long poll answers now; the phones follow again elsewhere."""
        with self._lock:
            self.limit = 0
            waiters = [w for held in self._waiting.values() for w in held]
        for waiter in waiters:
            waiter.gone = True
            waiter.woken.set()

    def wait(self, waiter: Waiter, after: int, seconds: float) -> bool:
        """Wait until the table is past version `after` (True), for at most `seconds`, or
        until the phone goes away (False either way). Asks the database nothing."""
        waiter.after = after
        waiter.woken.clear()  # a wake for an older version, or none: from here on it counts
        with self._lock:
            if self._seen.get(waiter.code, -1) > after:  # heard of before this wait began
                return True
        if not waiter.woken.wait(seconds) or waiter.gone:
            return False
        self._spread(waiter.code)
        return True

    def _spread(self, code: str) -> None:
        """The phones one change wakes go on at random moments over a short window (gevent
        only), SPREAD_PER_PHONE a phone and at most SPREAD_MOST: woken at once, the thirty
        phones of a table in a worker took its loop for ~6 ms in one piece, and every request
        arriving meanwhile waited (make bench B1: lookup p99 7 ms alone, 15 ms while changes
        reached followers); spread, the requests go on between them."""
        if not green():
            return
        with self._lock:
            together = len(self._waiting.get(code, ()))
        if together > 1:  # a greenlet's sleep: the others run meanwhile
            time.sleep(random.random() * min(SPREAD_MOST, together * SPREAD_PER_PHONE))

    # --- the watcher ---------------------------------------------------------------------------

    def _ensure_watcher(self) -> None:
        """One watcher per process: a forked worker starts its own."""
        with self._lock:
            if self._watcher is None or not self._watcher.is_alive() or self._pid != os.getpid():
                target = self._listen if self.store.postgres else self._watch_files
                self._pid = os.getpid()
                self._watcher = threading.Thread(target=target, daemon=True,
                                                 name="lairside-followers")
                self._watcher.start()

    def _catch_up(self, codes: Iterable[str]) -> None:
        """Wake whoever is behind the versions these tables are at."""
        for code, version in self.store.versions(codes).items():
            self.changed(code, version)

    def _watch_files(self) -> None:
        path = sqlite_file(self.store.url)
        files = [] if path is None else [path, Path(f"{path}-wal")]
        seen = [_stamp(f) for f in files]
        while True:
            time.sleep(WATCH_SECONDS)
            now = [_stamp(f) for f in files]
            if now != seen:
                seen = now
                codes = self.codes()
                if codes:
                    try:
                        self._catch_up(codes)
                    except Exception:  # noqa: BLE001 - a busy moment: the next change retries
                        log.warning("follower watcher could not read versions", exc_info=True)

    def _listen(self) -> None:
        import psycopg  # noqa: PLC0415  (PostgreSQL only)

        url = self.store.engine.url.set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        while True:
            try:
                with psycopg.connect(dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._catch_up(self.codes())  # anything written while not listening
                    for note in conn.notifies():
                        code, _, version = note.payload.partition(" ")
                        if version.isdigit():
                            self.changed(code, int(version))
            except Exception:  # noqa: BLE001 - the server restarted, the network dropped
                log.warning("follower listener lost its connection; again in %s s",
                            RECONNECT_SECONDS, exc_info=True)
                time.sleep(RECONNECT_SECONDS)


def _stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_ino, found.st_size, found.st_mtime_ns


def _watch_close(connection: Any, waiter: Waiter) -> Any:
    """Under gevent, wake `waiter` (gone) as soon as its phone closes the connection; returns
    the function that stops watching. Elsewhere (tests, Flask's own server) a phone that went
    away is found when the answer is written."""
    if connection is None or not green():
        return lambda: None
    from gevent import get_hub, spawn_raw  # noqa: PLC0415

    watcher = get_hub().loop.io(connection.fileno(), 1)

    def readable() -> None:
        try:
            closed = connection.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
        except BlockingIOError:
            return
        except OSError:
            closed = True
        watcher.stop()  # closed, or bytes of a next request: looked at once, not again
        if closed:
            waiter.gone = True
            # set() may wait for the event's lock, which the hub's own callback must never
            # do (gevent raises BlockingSwitchOutError): a greenlet of its own sets it
            spawn_raw(waiter.woken.set)

    watcher.start(readable)
    return watcher.stop
