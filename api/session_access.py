"""Who may write to a session: the edit token (Authorization: Bearer, or X-Edit-Token) and the
Idempotency-Key a write may carry, read from the request. Refusals are errors of api/errors.py;
the version a write is based on (If-Match) is read by api/conditional.py."""
from __future__ import annotations

from flask import request

from api.errors import EditTokenMissing, EditTokenRequired
from api.storage import SessionInfo
from api.storage.tokens import token_matches
from assistant.errors import InvalidInput

SEAT_HEADER = "X-Seat-Token"
"""A seat's own phone sends its seat token here (see POST .../seats/<seat>/claim)."""
EDIT_ONLY = ("Changing this session needs its edit token (send Authorization: Bearer <token>); "
             "the share code only reads.")


def edit_token() -> str | None:
    """The edit token sent as Authorization: Bearer <token> or X-Edit-Token."""
    auth = request.headers.get("Authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    return request.headers.get("X-Edit-Token")


def edit_token_if_sent(info: SessionInfo, without: str) -> str | None:
    """The edit token, if one was sent: a wrong one is refused, never taken for none."""
    token = edit_token()
    if token is not None and not token_matches(token, info.token_hash):
        raise EditTokenRequired(f"That is not this session's edit token; leave it out for the "
                                f"{without}.")
    return token


def require_editor(info: SessionInfo) -> None:
    token = edit_token()
    if not token:
        raise EditTokenMissing(EDIT_ONLY)
    if not token_matches(token, info.token_hash):
        raise EditTokenRequired(EDIT_ONLY)


def idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    key = key.strip()
    if not 1 <= len(key) <= 100 or not key.isascii() or not key.isprintable():
        raise InvalidInput("Idempotency-Key", "An Idempotency-Key is 1 to 100 printable ASCII "
                           "characters.", "1-100 printable ASCII characters")
    return key
