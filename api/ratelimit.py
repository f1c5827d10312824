"""Per-client rate limits, counted in the database every worker shares.

Each limit is a fixed window ("20/3600": 20 requests an hour) counted per kind and client in
the `rate_counts` table (one upsert per counted request), so two or twenty gunicorn workers
hold the same line. The client is the connection's address; behind reverse proxies set
LAIRSIDE_PROXIES to how many append to X-Forwarded-For (Werkzeug's ProxyFix, applied in
create_app), so each phone is counted apart and a client cannot forge its own address.

Kinds: `create` (sessions, imports, seat claims), `write` (events), and `miss` (reads of a share
code that does not exist): once a client has asked for too many unknown codes, every session
read from it waits, so codes cannot be enumerated (30 misses a minute against 31^8 codes).
"""
from __future__ import annotations

import os
import time
from typing import Any

from flask import Flask, current_app, request

DEFAULT_RATES = {"LAIRSIDE_RATE_CREATE": "20/3600", "LAIRSIDE_RATE_WRITE": "240/60",
                 "LAIRSIDE_RATE_MISS": "30/60"}
"""Per client: 20 creates an hour; 240 writes a minute (a burst of taps); 30 unknown codes a
minute."""


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


def _window(kind: str) -> tuple[str, int, int, int] | None:
    """The counter of `kind` for this request's client now: its bucket, the window's start,
    the limit and the seconds left in the window; None when that kind is not limited. The
    client is request.remote_addr (ProxyFix, in front of everything, has put the forwarded
    address there when LAIRSIDE_PROXIES says so)."""
    rate = parse_rate(str(current_app.config[f"LAIRSIDE_RATE_{kind.upper()}"]))
    if rate is None:
        return None
    capacity, seconds = rate
    now = time.time()
    start = int(now // seconds) * seconds
    address = (request.remote_addr or "?")[:100]
    return f"{kind}|{address}", start, capacity, max(1, round(start + seconds - now + 0.5))


def limit(kind: str) -> None:
    """Count one `kind` request from this client; RateLimited if it is over the limit."""
    found = _window(kind)
    if found is not None:
        bucket, start, capacity, wait = found
        if _store().count(bucket, start) > capacity:
            raise RateLimited(kind, wait)


def check(kind: str) -> None:
    """RateLimited if this client is already at the `kind` limit (counts nothing)."""
    found = _window(kind)
    if found is not None:
        bucket, start, capacity, wait = found
        if _store().count(bucket, start, peek=True) >= capacity:
            raise RateLimited(kind, wait)


def _store() -> Any:
    return current_app.extensions["lairside.sessions"].ready()
