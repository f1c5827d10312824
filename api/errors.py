"""Every error leaves the API as application/problem+json (RFC 9457), from this one module.

Views raise; they never build error bodies. Domain errors from the core (assistant.errors),
marshmallow validation errors and Werkzeug's HTTP errors are each mapped here.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, json, render_template, request, url_for
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from api import ratelimit
from api.followers import FollowersFull
from api.storage import (
    ClaimEnded,
    DatabaseBusy,
    KeyReused,
    SeatTaken,
    SessionFull,
    StaleVersion,
    WrongClaimCode,
)
from api.storage.store import UnknownSession
from assistant.errors import InvalidInput, LairsideError, NotFound
from assistant.games import find_game
from assistant.tracker.play import NotEnded

PROBLEM_TYPES = {
    "invalid-input": "The request was understood, but a value breaks a rule of the game.",
    "validation": "A field is missing, has the wrong type, or is out of range.",
    "not-found": "The game, rule, calculator or sheet named in the URL does not exist.",
    "malformed-json": "The body is not valid JSON.",
    "unsupported-media-type": "The body must be sent as application/json.",
    "forbidden": "This change needs the session's edit token (Authorization: Bearer ...).",
    "unauthorized": "No edit token was sent; send Authorization: Bearer <edit token>.",
    "session-full": "The session holds as many events (or bytes) as a session may; export it "
                    "and start a new one.",
    "untrusted-host": "The server does not know its public address; its operator sets "
                      "LAIRSIDE_PUBLIC_URL or LAIRSIDE_TRUSTED_HOSTS.",
    "precondition-failed": "The session changed since you read it; re-read it and apply "
                           "your change again.",
    "precondition-required": "Send If-Match with the ETag of the version you read.",
    "rate-limited": "Too many requests from this client; wait for Retry-After seconds.",
    "idempotency-key-reused": "This Idempotency-Key was already used for a different request.",
    "seat-taken": "That seat is held by another phone; the scorekeeper can release it.",
    "claim-code": "A seat is claimed with its own claim code, printed on its slip.",
    "seat-released": "The scorekeeper handed this seat to a new phone: the old phone's seat "
                     "token ended at once, and nothing it sent since was written.",
    "game-not-ended": "The rules have not ended this game, so its score is provisional and "
                      "there is no play to log yet.",
    "busy": "The server's database could not take the request in time; nothing was written. "
            "Try again after Retry-After seconds.",
    "followers-full": "The server holds as many phones following tables as it may; read the "
                      "session every Retry-After seconds meanwhile, then follow again.",
}

log = logging.getLogger(__name__)


def problem(status: int, title: str, detail: str, kind: str | None = None,
            headers: dict[str, str] | None = None, **extra: Any) -> Response:
    root = request.script_root  # under a mount path, the problem's own page is there too
    body: dict[str, Any] = {"type": f"{root}/problems/{kind}" if kind else "about:blank",
                            "title": title, "status": status, "detail": detail,
                            "instance": root + request.path}
    body.update(extra)
    response = Response(json.dumps(body), status=status, mimetype="application/problem+json")
    response.headers.update(headers or {})
    return response


class Refused(Exception):
    """A refusal whose `detail` is said to the client as it is."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class EditTokenRequired(Refused):
    """A write without the session's edit token (or with a wrong one)."""


class EditTokenMissing(EditTokenRequired):
    """A write that sent no edit token at all (401 with WWW-Authenticate; a wrong one is 403)."""


class UntrustedHost(Exception):
    """Links would be built from a Host header nobody vouched for (see routes/sessions.py)."""


class PreconditionRequired(Refused):
    """A write that names no version to apply to (If-Match missing or unreadable)."""


class EventFormRefused(ValidationError):
    """A session event that breaks its form, with the kinds the caller may send now."""

    def __init__(self, messages: Any, kinds: tuple[str, ...]) -> None:
        super().__init__(messages)
        self.next = kinds


class MalformedJSON(HTTPException):
    code = 400
    description = "The request body is not valid JSON."


class JSONRequired(HTTPException):
    code = 415
    description = "Send the request body as JSON with the header Content-Type: application/json."


def flatten_errors(messages: Any, prefix: str = "") -> dict[str, list[str]]:
    """marshmallow's nested error dict → {"squads.1.size": ["..."]}."""
    out: dict[str, list[str]] = {}
    if isinstance(messages, dict):
        for key, value in messages.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            out.update(flatten_errors(value, name))
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        out[prefix or "_body"] = list(messages)
    else:
        out[prefix or "_body"] = [str(messages)]
    return out


def _wants_page(pages_first: bool = False) -> bool:
    """A browser following a link outside the API gets a page, not JSON. Where a phone page
    itself found nothing (`pages_first`), the answer is HTML unless the client prefers JSON."""
    if request.path.startswith(("/api/", "/openapi.json", "/docs", "/problems/")):
        return False
    accept = request.accept_mimetypes
    if pages_first:
        html = not accept or accept.quality("text/html") >= accept.quality("application/json")
    else:
        html = accept.best_match(["application/json", "text/html"]) == "text/html"
    return html and "not_found.html" in current_app.jinja_env.list_templates()


SAID: tuple[tuple[type[Exception], int, str, str, Callable[[Any], str]], ...] = (
    (SeatTaken, 409, "Conflict", "seat-taken", lambda e: f"The seat {e.seat!r} is held by "
     "another phone. If that phone is lost or swapped, the scorekeeper releases the seat "
     "(the history says so) and the seat's new claim code, on the scorekeeper's phone, "
     "claims it again."),
    (NotEnded, 409, "Conflict", "game-not-ended", lambda e: e.detail),
    (ClaimEnded, 403, "Forbidden", "seat-released", lambda e: "This phone no longer holds "
     f"the seat {e.seat!r}: the scorekeeper handed it to a new phone, so nothing was "
     "written. Follow the table without it, or claim the seat again with its new code."),
    (WrongClaimCode, 403, "Forbidden", "claim-code", lambda e: "That is not the claim code of "
     f"seat {e.seat!r}: each seat's code is printed on its own slip (the scorekeeper's phone "
     "shows them too)."),
    (PreconditionRequired, 428, "Precondition Required", "precondition-required",
     lambda e: e.detail),
    (KeyReused, 422, "Idempotency-Key reused", "idempotency-key-reused", lambda e: "The "
     f"Idempotency-Key {e.key!r} was already used on this session for a different event."),
    (UntrustedHost, 400, "Bad Request", "untrusted-host", lambda e: "This server builds links "
     "only for a public address it was told about: set LAIRSIDE_PUBLIC_URL (or "
     f"LAIRSIDE_TRUSTED_HOSTS) to serve {request.host[:80]!r}."),
    (MalformedJSON, 400, "Malformed JSON", "malformed-json", lambda e: str(e.description)),
    (JSONRequired, 415, "Unsupported media type", "unsupported-media-type",
     lambda e: str(e.description)),
)
"""Refusals said in one sentence: (error, status, title, problem type, the sentence)."""


def rule_named(error: InvalidInput) -> dict[str, str] | None:
    """The rule entry a session's refusal applies: its id, title, the API's entry and the
    phone page that explains it (None where the refusal names none)."""
    if not error.rule or not error.game:
        return None
    try:
        entry = find_game(error.game).rules.get(error.rule)
    except NotFound:
        log.warning("a refusal names rule %r, which %s does not have", error.rule, error.game)
        return None
    return {"id": entry.id, "title": entry.title,
            "href": url_for("rules.entry", game=error.game, entry_id=entry.id),
            "page": url_for("pages.rule", game=error.game, entry_id=entry.id)}


def _saying(status: int, title: str, kind: str, say: Callable[[Any], str]
            ) -> Callable[[Any], Response]:
    return lambda error: problem(status, title, say(error), kind)


def register_error_handlers(app: Flask) -> None:
    for error_type, status, title, kind, say in SAID:
        app.register_error_handler(error_type, _saying(status, title, kind, say))

    @app.errorhandler(ValidationError)
    def _validation(error: ValidationError) -> Response:
        errors = flatten_errors(error.messages)
        detail = " ".join(f"{name}: {' '.join(msgs)}" for name, msgs in sorted(errors.items()))
        kinds = error.next if isinstance(error, EventFormRefused) else ()
        now: dict[str, Any] = {"next": list(kinds)} if kinds else {}
        return problem(422, "Invalid input", detail, "validation", errors=errors, **now)

    @app.errorhandler(InvalidInput)
    def _invalid(error: InvalidInput) -> Response:
        now: dict[str, Any] = {"next": list(error.next)} if error.next else {}
        named = rule_named(error)
        if named:
            now["rule"] = named
        return problem(422, error.title, error.detail, "invalid-input", errors=error.errors(),
                       **now)

    @app.errorhandler(NotFound)
    def _not_found(error: NotFound) -> Response:
        if _wants_page(pages_first=True):
            page = render_template("not_found.html", error=error)
            return Response(page, status=404, mimetype="text/html")
        suggestions = {"suggestions": list(error.suggestions)} if error.suggestions else {}
        return problem(404, error.title, error.detail, "not-found", None, **suggestions)

    @app.errorhandler(UnknownSession)
    def _unknown_session(error: UnknownSession) -> Response:
        try:  # each unknown code counts against this client (no enumerating codes)
            ratelimit.limit("miss")
        except ratelimit.RateLimited as limited:
            return _rate_limited(limited)
        return _not_found(error)

    @app.errorhandler(EditTokenRequired)
    def _forbidden(error: EditTokenRequired) -> Response:
        if isinstance(error, EditTokenMissing):
            return problem(401, "Unauthorized", error.detail, "unauthorized",
                           {"WWW-Authenticate": 'Bearer realm="lairside session"'})
        return problem(403, "Forbidden", error.detail, "forbidden")

    @app.errorhandler(SessionFull)
    def _full(error: SessionFull) -> Response:
        return problem(422, "Session full", f"A session holds at most {error.limit} "
                       f"{error.what}; nothing was written. Export this one and start a new "
                       "session to keep playing.", "session-full", limit=error.limit)

    @app.errorhandler(StaleVersion)
    def _stale(error: StaleVersion) -> Response:
        return problem(412, "Precondition Failed", f"The session is at version {error.current}, "
                       "not the one your change was based on: someone else changed it. Re-read "
                       "it and apply your change again.", "precondition-failed",
                       {"ETag": f'"v{error.current}"'}, current_version=error.current)

    @app.errorhandler(ratelimit.RateLimited)
    def _rate_limited(error: ratelimit.RateLimited) -> Response:
        return problem(429, "Too Many Requests", f"Too many {error.kind} requests from this "
                       f"client; try again in {error.seconds} s.", "rate-limited",
                       {"Retry-After": str(error.seconds)}, retry_after=error.seconds)

    @app.errorhandler(DatabaseBusy)
    def _busy(error: DatabaseBusy) -> Response:
        return problem(503, "Service Unavailable", "The server is busy and could not reach its "
                       f"database in time; nothing was written. Try again in {error.seconds} s.",
                       "busy", {"Retry-After": str(error.seconds)}, retry_after=error.seconds)

    @app.errorhandler(FollowersFull)
    def _followers_full(error: FollowersFull) -> Response:
        return problem(503, "Service Unavailable", f"This server holds {error.limit} phones "
                       "following tables, as many as it may, and keeps its other connections "
                       "for lookups. Read the session every Retry-After seconds meanwhile "
                       "(GET /api/v1/sessions/{code} with If-None-Match), then follow again.",
                       "followers-full", {"Retry-After": str(error.seconds)},
                       retry_after=error.seconds)

    @app.errorhandler(LairsideError)
    def _domain(error: LairsideError) -> Response:
        return problem(422, error.title, error.detail, "invalid-input")

    @app.errorhandler(HTTPException)
    def _http(error: HTTPException) -> Response:
        status = error.code or 500
        detail = str(error.description)
        if status == 405 and error.valid_methods:  # type: ignore[attr-defined]
            allowed = ", ".join(sorted(error.valid_methods))  # type: ignore[attr-defined]
            return problem(status, error.name, f"{request.method} is not allowed here. "
                           f"Allowed: {allowed}.", headers={"Allow": allowed})
        if status == 404:
            detail = f"Nothing lives at {request.path}. Start at /api/v1/games or /docs."
            if _wants_page():
                page = render_template("not_found.html", error=NotFound(detail))
                return Response(page, status=404, mimetype="text/html")
        if status == 413:
            limit = app.config.get("MAX_CONTENT_LENGTH")
            detail = f"The request body is larger than the {limit} bytes allowed."
        # a 408's body is never read in full: its connection ends here
        return problem(status, error.name, detail,
                       headers={"Connection": "close"} if status == 408 else None)

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> Response:
        log.exception("unhandled error", exc_info=error)
        return problem(500, "Internal Server Error",
                       "Something went wrong on our side; nothing was changed.")
