"""Conditional requests, in one place for every view: ETags and 304 for reads (If-None-Match),
the version a write is based on (If-Match: 428 when missing, 412 raised by the store when stale).
A view asks `unchanged(tag)` as soon as it knows its tag, before building anything.
"""
from __future__ import annotations

import hashlib
import re

from flask import request

from api.errors import PreconditionRequired


def etag_of(data: bytes) -> str:
    """The quoted strong ETag of a body."""
    return '"' + hashlib.blake2b(data, digest_size=12).hexdigest() + '"'


def version_tag(version: int, seat: str | None = None) -> str:
    """The ETag of a session answer at `version`: the shared view's, or a seat's own."""
    return f'"v{version}"' if seat is None else f'"v{version}-{seat}"'


def unchanged(tag: str) -> bool:
    """Whether this GET or HEAD names `tag` in If-None-Match (weak comparison, RFC 9110
    13.1.2): the phone has this answer."""
    environ = request.environ
    asked = environ.get("HTTP_IF_NONE_MATCH")
    if asked is None or environ["REQUEST_METHOD"] not in ("GET", "HEAD"):
        return False
    return any(c.strip() == "*" or c.strip().removeprefix("W/") == tag
               for c in asked.split(","))


def public_headers(tag: str, max_age: int) -> list[tuple[str, str]]:
    """Revalidation headers of a read-only answer that is the same for every asker."""
    return [("ETag", tag), ("Cache-Control", f"public, max-age={max_age}")]


def expected_version() -> int | None:
    """The session version named by If-Match (None for `*`); PreconditionRequired (428) when
    it is missing or names no version. A stale one is refused by the store (412)."""
    raw = request.headers.get("If-Match")
    if not raw:
        raise PreconditionRequired("Send If-Match with the ETag of the version your change is "
                                   "based on (from the last read).")
    if raw.strip() == "*":
        return None
    found = re.search(r"[0-9]+", raw)
    if found is None or len(found.group()) > 9:
        raise PreconditionRequired(f"If-Match {raw[:40]!r} names no version; send the ETag "
                                   "you read, e.g. \"v12\".")
    return int(found.group())
