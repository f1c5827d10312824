"""Building JSON responses: cacheable read-only answers, request bodies, and the security
headers every answer carries."""
from __future__ import annotations

import hashlib
from typing import Any

from flask import Response, current_app, json, request

from api.errors import JSONRequired, MalformedJSON
from assistant.errors import InvalidInput

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
    "Cross-Origin-Opener-Policy": "same-origin",
}
HSTS = "max-age=31536000; includeSubDomains"
"""Sent on HTTPS answers only (behind a proxy: set LAIRSIDE_PROXIES so X-Forwarded-Proto
counts), so a plain-HTTP table server on a LAN is never locked out by a browser."""


_SECURITY = [(name.lower(), name, value) for name, value in SECURITY_HEADERS.items()]


def security_headers(response: Response) -> Response:
    """Each security header unless the view set its own (one pass over the headers, where
    setdefault would scan them once per name)."""
    present = {key.lower() for key in response.headers.keys()}
    for lower, name, value in _SECURITY:
        if lower not in present:
            response.headers.add(name, value)
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    return response


_etags: dict[bytes, str] = {}
"""ETag of each body answered lately: the bodies of rule entries and setups are cached
(lru_cache), so the same bytes object comes back and its digest is looked up, not recomputed
(bytes keep their hash). Cleared when it grows past _ETAGS_KEPT."""
_ETAGS_KEPT = 2048


def etag_of(data: bytes) -> str:
    """The quoted strong ETag of a body."""
    tag = _etags.get(data)
    if tag is None:
        if len(_etags) >= _ETAGS_KEPT:
            _etags.clear()
        tag = _etags[data] = '"' + hashlib.blake2b(data, digest_size=12).hexdigest() + '"'
    return tag


def matches(tag: str, if_none_match: str) -> bool:
    """Whether an If-None-Match header names `tag` (weak comparison, RFC 9110 13.1.2)."""
    for candidate in if_none_match.split(","):
        candidate = candidate.strip()
        if candidate == "*" or candidate.removeprefix("W/") == tag:
            return True
    return False


def cached_json(payload: Any = None, *, body: bytes | None = None) -> Response:
    """A read-only answer with an ETag and Cache-Control, so phones can re-ask cheaply: 304
    when the client's If-None-Match already names it. Headers are set as plain strings (the
    Cache-Control and ETag setters and make_conditional cost more than the lookup itself)."""
    data = body if body is not None else json.dumps(payload).encode()
    tag = etag_of(data)
    headers = {"ETag": tag,
               "Cache-Control": f"public, max-age={current_app.config['LAIRSIDE_CACHE_SECONDS']}"}
    asked = request.headers.get("If-None-Match")
    if asked and request.method in ("GET", "HEAD") and matches(tag, asked):
        return Response(status=304, headers=headers)
    return Response(data, headers=headers, mimetype="application/json")


MAX_DEPTH = 32
"""Deepest nesting of objects and lists a request body may have (ours need 4)."""


def json_body() -> Any:
    """The request's JSON body, or a 415/400 problem when it isn't JSON; 422 for text with NUL
    or lone surrogates (no database stores them) or nesting deeper than MAX_DEPTH."""
    if not request.is_json:
        raise JSONRequired()
    raw = request.get_data(cache=True)
    try:
        data = json.loads(raw or b"")
    except RecursionError:
        raise InvalidInput("_body", f"The body nests deeper than {MAX_DEPTH} levels.",
                           f"at most {MAX_DEPTH} levels") from None
    except ValueError:
        raise MalformedJSON() from None
    check_text(data)
    return data


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
