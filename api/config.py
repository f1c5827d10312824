"""Settings: typed module constants read from the environment, with documented defaults.

LAIRSIDE_DATABASE_URL or DATABASE_URL   SQLAlchemy URL; default: SQLite file in the instance folder
LAIRSIDE_PUBLIC_URL                     base URL printed in QR codes; default: the request's host
LAIRSIDE_MAX_BODY_BYTES                 largest request body accepted; default 65536 (64 KiB)
LAIRSIDE_CACHE_SECONDS                  Cache-Control max-age of read-only answers; default 300
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any


def _int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return default if raw in (None, "") else int(raw)


@dataclass(frozen=True)
class Settings:
    database_url: str | None = field(
        default_factory=lambda: os.environ.get("LAIRSIDE_DATABASE_URL")
        or os.environ.get("DATABASE_URL") or None)
    public_url: str | None = field(
        default_factory=lambda: (os.environ.get("LAIRSIDE_PUBLIC_URL") or "").rstrip("/") or None)
    max_body_bytes: int = field(default_factory=lambda: _int("LAIRSIDE_MAX_BODY_BYTES", 65536))
    cache_seconds: int = field(default_factory=lambda: _int("LAIRSIDE_CACHE_SECONDS", 300))

    def flask_config(self) -> dict[str, Any]:
        return {"MAX_CONTENT_LENGTH": self.max_body_bytes,
                "LAIRSIDE_PUBLIC_URL": self.public_url,
                "LAIRSIDE_DATABASE_URL": self.database_url,
                "LAIRSIDE_CACHE_SECONDS": self.cache_seconds}
