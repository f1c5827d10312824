"""Per-client rate limits for session creates and writes: token buckets in this process.

Each gunicorn worker keeps its own buckets, so a client may get up to WORKERS times the rate;
the limits are there to stop a runaway script, not to meter fair use.
"""
from __future__ import annotations

import os
import threading
import time

from flask import Flask, current_app, request

DEFAULT_RATES = {"LAIRSIDE_RATE_CREATE": "20/3600", "LAIRSIDE_RATE_WRITE": "240/60"}
"""Per client: 20 creates or imports an hour; 240 writes a minute (a burst of taps)."""


class RateLimited(Exception):
    """Too many requests of one kind from one client; retry after `seconds`."""

    def __init__(self, kind: str, seconds: int) -> None:
        super().__init__(f"too many {kind} requests")
        self.kind = kind
        self.seconds = seconds


class RateLimiter:
    """Token buckets per client and kind."""

    def __init__(self) -> None:
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, kind: str, client: str, rate: str) -> float | None:
        """None if allowed, else the seconds to wait."""
        if rate in ("", "0", "off"):
            return None
        count, _, per = rate.partition("/")
        capacity, seconds = float(count), float(per or 60)
        refill = capacity / seconds
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get((kind, client), (capacity, now))
            tokens = min(capacity, tokens + (now - last) * refill)
            if tokens < 1:
                self._buckets[(kind, client)] = (tokens, now)
                return (1 - tokens) / refill
            self._buckets[(kind, client)] = (tokens - 1, now)
            if len(self._buckets) > 10000:  # forget idle clients
                self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < seconds}
        return None


def init_app(app: Flask) -> None:
    for key, default in DEFAULT_RATES.items():
        app.config.setdefault(key, os.environ.get(key) or default)
    app.extensions["lairside.ratelimit"] = RateLimiter()


def limit(kind: str) -> None:
    """Count one `kind` request ("create" or "write") from this client; RateLimited if over."""
    limiter: RateLimiter = current_app.extensions["lairside.ratelimit"]
    wait = limiter.take(kind, request.remote_addr or "?",
                        str(current_app.config[f"LAIRSIDE_RATE_{kind.upper()}"]))
    if wait is not None:
        raise RateLimited(kind, max(1, round(wait + 0.5)))
