"""What protects every request: the security headers every answer carries, a deadline on a
request's body, and reading a JSON body (its type, NUL, lone surrogates and nesting checked)."""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import orjson
from flask import request
from werkzeug.exceptions import RequestEntityTooLarge, RequestTimeout

from api.errors import JSONRequired, MalformedJSON
from api.offload import green
from assistant.errors import InvalidInput

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",          # no inline script anywhere: pages load /static/*.js only
    "style-src 'self' 'unsafe-inline'",  # style attributes only; CSS cannot run script
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
"""The pages' Content-Security-Policy: a `</script>` smuggled into a page cannot run."""

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",  # share codes in paths never leak to other sites
}
SECURE_ONLY = {
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    "Cross-Origin-Opener-Policy": "same-origin",
}
"""Headers that mean something on HTTPS only, sent there only (behind a proxy: set
LAIRSIDE_PROXIES so X-Forwarded-Proto counts): a plain-HTTP table server on a LAN is never
locked out by a browser, and its pages log no error for a policy the browser ignores."""


_SECURITY = [(name.lower(), (name, value)) for name, value in SECURITY_HEADERS.items()]
_SECURITY_NAMES = frozenset(lower for lower, _ in _SECURITY)
_SECURITY_ITEMS = [item for _, item in _SECURITY]
_SECURE_ONLY = [(name.lower(), (name, value)) for name, value in SECURE_ONLY.items()]


class SecurityHeaders:
    """WSGI middleware: each security header on every answer (errors and streams too) unless
    the view set its own. Not an after_request hook: Werkzeug's header objects checked and
    copied each header twice, which cost more than a rule lookup's own work."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse
                 ) -> Iterable[bytes]:
        secure = environ.get("wsgi.url_scheme") in ("https", "wss")  # request.is_secure

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            present = {name.lower() for name, _ in headers}
            if present.isdisjoint(_SECURITY_NAMES):  # the usual case: all of them, as they are
                headers.extend(_SECURITY_ITEMS)
            else:
                headers.extend([item for lower, item in _SECURITY if lower not in present])
            if secure:
                headers.extend([item for lower, item in _SECURE_ONLY if lower not in present])
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


BODY_SECONDS = 10
"""Most seconds a client may take to send a request's body (its line and headers: gunicorn's
keepalive, api/config.py); a slower one is answered 408 and the connection closed."""


class BodyDeadline:
    """WSGI middleware: under gevent, a request body that has not arrived BODY_SECONDS after
    the request began is answered 408, whether it declared its length (a POST that declares
    10 bytes and sends 2) or comes in chunks (one that stalls after its first chunk). Elsewhere
    (tests, `make dev`) the server's own time-outs apply."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse
                 ) -> Iterable[bytes]:
        if has_body(environ) and green():
            environ["wsgi.input"] = _Deadline(environ["wsgi.input"],
                                              time.monotonic() + BODY_SECONDS)
        return self.app(environ, start_response)


def has_body(environ: WSGIEnvironment) -> bool:
    """A declared length above 0, or a chunked body (Transfer-Encoding: chunked)."""
    return environ.get("CONTENT_LENGTH") not in (None, "", "0") or \
        "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()


class _Deadline:
    """A request body stream whose reads all end by `deadline`."""

    def __init__(self, stream: Any, deadline: float) -> None:
        self.stream, self.deadline = stream, deadline

    def _within(self, read: Callable[..., bytes], *args: Any) -> bytes:
        from gevent import Timeout  # noqa: PLC0415

        late = RequestTimeout(f"The request body did not arrive within {BODY_SECONDS} s.")
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise late
        with Timeout(left, late):
            return read(*args)

    def read(self, *args: Any) -> bytes:
        return self._within(self.stream.read, *args)

    def readline(self, *args: Any) -> bytes:
        return self._within(self.stream.readline, *args)

    def __iter__(self) -> Any:
        return iter(self.readline, b"")


MAX_DEPTH = 32
"""Deepest nesting of objects and lists a request body may have (ours need 4)."""


def json_body() -> Any:
    """The request's JSON body, or a 415/400 problem when it isn't JSON; 422 for text with NUL
    or lone surrogates (no database stores them) or nesting deeper than MAX_DEPTH. A body
    larger than the limit is refused (413) as Werkzeug reads it."""
    if not request.is_json:
        raise JSONRequired()
    raw = request.get_data(cache=True)
    most = request.max_content_length
    if request.content_length is None and most is not None and len(raw) >= most:
        # a chunked body is cut at the limit as it is read: one that reaches it is refused
        # as a declared one would be, not read as broken JSON
        raise RequestEntityTooLarge(f"The body is larger than {most} bytes.")
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        if "depth limit" in str(error):  # orjson stops at 1024 levels
            raise InvalidInput("_body", f"The body nests deeper than {MAX_DEPTH} levels.",
                               f"at most {MAX_DEPTH} levels") from None
        data = _loose(raw)  # JSON orjson refuses but whose fault is a field's (a surrogate)
    check_text(data)
    return data


def _loose(raw: bytes) -> Any:
    """The standard library's reading of a body orjson refused: it takes lone surrogates
    (escaped), which check_text then refuses naming their field; anything else is malformed."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise MalformedJSON() from None


def check_text(data: Any, path: str = "_body", depth: int = 0) -> None:
    """Refuse (InvalidInput) NUL, lone surrogates, and nesting deeper than MAX_DEPTH."""
    if depth > MAX_DEPTH:
        raise InvalidInput(path, f"The body nests deeper than {MAX_DEPTH} levels.",
                           f"at most {MAX_DEPTH} levels")
    if isinstance(data, str):
        bad_text(data, path)
    elif isinstance(data, dict):
        for key, value in data.items():
            name = f"{path}.{key}" if path != "_body" else str(key)
            bad_text(key, name)
            check_text(value, name, depth + 1)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            check_text(value, f"{path}.{i}" if path != "_body" else str(i), depth + 1)


def bad_text(text: str, field: str) -> None:
    if "\x00" in text:
        raise InvalidInput(field, "Text may not contain the NUL character (U+0000).",
                           "text without U+0000")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInput(field, "Text may not contain a lone surrogate (U+D800 to U+DFFF "
                           "on its own).", "valid Unicode text") from None
