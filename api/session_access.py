"""Who may write to a session and on which version: the edit token, If-Match and
Idempotency-Key headers, read from the request. Refusals are errors of their own, mapped to
problem+json in api/errors.py."""
from __future__ import annotations

import re

from flask import request

from api.storage import SessionInfo
from api.storage.tokens import token_matches
from assistant.errors import InvalidInput

SEAT_HEADER = "X-Seat-Token"
"""A seat's own phone sends its seat token here (see POST .../seats/<seat>/claim)."""


class EditTokenRequired(Exception):
    """A write without the session's edit token (or with a wrong one)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class PreconditionRequired(Exception):
    """A write that names no version to apply to (If-Match missing or unreadable)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def edit_token() -> str | None:
    """The edit token sent as Authorization: Bearer <token> or X-Edit-Token."""
    auth = request.headers.get("Authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    return request.headers.get("X-Edit-Token")


def require_editor(info: SessionInfo) -> None:
    if not token_matches(edit_token(), info.token_hash):
        raise EditTokenRequired("Changing this session needs its edit token (send "
                                "Authorization: Bearer <token>); the share code only reads.")


def expected_version() -> int | None:
    """The version named by If-Match (None for `*`)."""
    raw = request.headers.get("If-Match")
    if not raw:
        raise PreconditionRequired("Send If-Match with the ETag of the version your change is "
                                   "based on (from the last read).")
    if raw.strip() == "*":
        return None
    found = re.search(r"\d+", raw)
    if found is None:
        raise PreconditionRequired(f"If-Match {raw!r} names no version; send the ETag you "
                                   "read, e.g. \"v12\".")
    return int(found.group())


def idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    key = key.strip()
    if not 1 <= len(key) <= 100:
        raise InvalidInput("Idempotency-Key", "An Idempotency-Key is 1 to 100 characters.",
                           "1-100 characters")
    return key
