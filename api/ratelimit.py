"""Per-client rate limits: fixed windows ("20/3600": 20 an hour) counted per kind and client in
the `rate_counts` table every worker shares. The client is the connection's address (behind
proxies, ProxyFix with LAIRSIDE_PROXIES). Kinds: `create` (sessions, imports), `write`
(events) and `miss` (unknown share codes: past that limit every read naming a code waits, so
codes cannot be enumerated); and `claim`, counted per seat rather than per client (a table's
phones share one address behind a NAT: one phone's mistyped codes never lock out another).
`check` reads no database: each worker keeps the clients it found at a limit until their
window ends. A write counts inside its own transaction
(`counter`), so a write over the limit is undone with its count.
"""
from __future__ import annotations

import os
import time
from typing import Any

from flask import Flask, current_app, request

from api.config import RATE_HELD

DEFAULT_RATES = {"LAIRSIDE_RATE_CREATE": "20/3600", "LAIRSIDE_RATE_WRITE": "240/60",
                 "LAIRSIDE_RATE_MISS": "30/60", "LAIRSIDE_RATE_CLAIM": "6/60"}
"""Per client: 20 creates an hour; 240 writes a minute (a burst of taps); 30 unknown codes a
minute. Per seat: 6 claim attempts a minute (a few mistyped codes; guessing one of 31^8 is
hopeless)."""


class RateLimited(Exception):
    """Too many requests of one kind from one client; retry after `seconds`."""

    def __init__(self, kind: str, seconds: int) -> None:
        super().__init__(f"too many {kind} requests")
        self.kind = kind
        self.seconds = seconds


def parse_rate(rate: str) -> tuple[int, int] | None:
    """"20/3600" → (20, 3600); "off", "0" or "" → None (no limit)."""
    if rate in ("", "0", "off"):
        return None
    count, _, per = rate.partition("/")
    return int(count), int(per or 60)


def init_app(app: Flask) -> None:
    for key, default in DEFAULT_RATES.items():
        app.config.setdefault(key, os.environ.get(key) or default)


def limit(kind: str, peek: bool = False, who: str | None = None) -> None:
    """Count one `kind` request from this client (or from `who`: what the count is kept for,
    such as a seat), RateLimited if that puts it over the limit (`peek`: count nothing,
    RateLimited if it is already at the limit)."""
    count = counter(kind, peek, who)
    if count is not None:
        count(None)


class Count:
    """One request's count against a limit, made when called: in its own transaction (None)
    or inside the request's write (a connection), where RateLimited undoes the write."""

    def __init__(self, kind: str, bucket: str, start: int, capacity: int, seconds: int
                 ) -> None:
        self.kind, self.bucket, self.start = kind, bucket, start
        self.capacity, self.seconds = capacity, seconds
        self.done = False
        self._held = _at_limit()
        self._store = _store()

    def __call__(self, conn: Any) -> None:
        counted = self._store.count(self.bucket, self.start, conn)
        self.done = True
        end = self.start + self.seconds
        if counted >= self.capacity:  # the next request of this kind waits for the window's end
            if len(self._held) >= RATE_HELD:
                self._held.clear()
            self._held[self.bucket] = end
        if counted > self.capacity:
            raise RateLimited(self.kind, max(1, round(end - time.time() + 0.5)))


def counter(kind: str, peek: bool = False, who: str | None = None) -> Count | None:
    """RateLimited now if this worker knows the client (or `who`) is at its `kind` limit;
    else the Count of this request (None when `kind` has no limit, or when only peeking)."""
    rate = parse_rate(str(current_app.config[f"LAIRSIDE_RATE_{kind.upper()}"]))
    if rate is None:
        return None
    capacity, seconds = rate
    now = time.time()
    bucket = f"{kind}|{(who or request.remote_addr or '?')[:100]}"
    held = _at_limit()
    if held.get(bucket, 0.0) > now:
        raise RateLimited(kind, max(1, round(held[bucket] - now + 0.5)))
    if peek:  # nothing counted: only what this worker already knows
        return None
    return Count(kind, bucket, int(now // seconds) * seconds, capacity, seconds)


def check(kind: str) -> None:
    """RateLimited if this client is already at the `kind` limit (counts nothing). Every read
    naming a share code asks this: while no client is held in this worker, that is all."""
    if _at_limit():
        limit(kind, peek=True)


def _at_limit() -> dict[str, float]:
    """This app's clients at a limit in this worker: bucket → when their window ends."""
    held: dict[str, float] = current_app.extensions.setdefault("lairside.at_limit", {})
    return held


def _store() -> Any:
    return current_app.extensions["lairside.sessions"].ready()
