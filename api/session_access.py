"""Who may write to a session and on which version: the edit token, If-Match and
Idempotency-Key headers, read from the request. Refusals are errors of their own, mapped to
problem+json in api/errors.py."""
from __future__ import annotations

import re

from flask import request
from werkzeug.datastructures import Headers

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


class EditTokenMissing(EditTokenRequired):
    """A write that sent no edit token at all (401 with WWW-Authenticate; a wrong one is 403)."""


class UntrustedHost(Exception):
    """Links would be built from a Host header nobody vouched for (see routes/sessions.py)."""


class PreconditionRequired(Exception):
    """A write that names no version to apply to (If-Match missing or unreadable)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def sent_headers(headers: Headers | None) -> Headers:
    """The headers each function below reads: `headers` (werkzeug's EnvironHeaders over the
    environ before Flask runs: api/session_writes.py), or the current request's."""
    return request.headers if headers is None else headers


def edit_token(headers: Headers | None = None) -> str | None:
    """The edit token sent as Authorization: Bearer <token> or X-Edit-Token."""
    sent = sent_headers(headers)
    auth = sent.get("Authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    return sent.get("X-Edit-Token")


def require_editor(info: SessionInfo, headers: Headers | None = None) -> None:
    token = edit_token(headers)
    if not token:
        raise EditTokenMissing("Changing this session needs its edit token (send "
                               "Authorization: Bearer <token>); the share code only reads.")
    if not token_matches(token, info.token_hash):
        raise EditTokenRequired("Changing this session needs its edit token (send "
                                "Authorization: Bearer <token>); the share code only reads.")


def expected_version(headers: Headers | None = None) -> int | None:
    """The version named by If-Match (None for `*`)."""
    raw = sent_headers(headers).get("If-Match")
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


def idempotency_key(headers: Headers | None = None) -> str | None:
    key = sent_headers(headers).get("Idempotency-Key")
    if key is None:
        return None
    key = key.strip()
    if not 1 <= len(key) <= 100 or not key.isascii() or not key.isprintable():
        raise InvalidInput("Idempotency-Key", "An Idempotency-Key is 1 to 100 printable ASCII "
                           "characters.", "1-100 printable ASCII characters")
    return key
