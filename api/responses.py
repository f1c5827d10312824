"""Building responses: cacheable read-only answers and pages, request bodies, and the
security headers every answer carries."""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from flask import Response, current_app, json, request

from api.errors import JSONRequired, MalformedJSON
from api.json_provider import body_bytes, plain_json
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
    "Cross-Origin-Opener-Policy": "same-origin",
}
HSTS = "max-age=31536000; includeSubDomains"
"""Sent on HTTPS answers only (behind a proxy: set LAIRSIDE_PROXIES so X-Forwarded-Proto
counts), so a plain-HTTP table server on a LAN is never locked out by a browser."""


_SECURITY = [(name.lower(), (name, value)) for name, value in SECURITY_HEADERS.items()]
_SECURITY_NAMES = frozenset(lower for lower, _ in _SECURITY)
_SECURITY_ITEMS = [item for _, item in _SECURITY]
_HSTS = ("Strict-Transport-Security", HSTS)


class SecurityHeaders:
    """WSGI middleware: each security header on every answer (errors and streams too) unless
    the view set its own, appended to the plain list of headers the app hands the server.
    As a Flask after_request hook each header was checked and copied twice by Werkzeug's
    header objects, which cost more than a rule lookup's own work."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse
                 ) -> Iterable[bytes]:
        secure = environ.get("wsgi.url_scheme") in ("https", "wss")  # request.is_secure

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            present = {name.lower() for name, _ in headers}
            if present.isdisjoint(_SECURITY_NAMES):  # the usual case: all five, as they are
                headers.extend(_SECURITY_ITEMS)
            else:
                headers.extend([item for lower, item in _SECURITY if lower not in present])
            if secure and "strict-transport-security" not in present:
                headers.append(_HSTS)
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


READY = "lairside.ready"
"""WSGI environ key set (to True) on a request whose 200 answer is the same bytes for every
asker of that address, so api/ready.py may send it again without Flask."""


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_etags: dict[bytes, str] = {}
"""ETag of each body answered lately: the bodies of rule entries and setups are cached
(lru_cache), so the same bytes object comes back and its digest is looked up, not recomputed
(bytes keep their hash). Cleared when it grows past _ETAGS_KEPT."""
_ETAGS_KEPT = 2048


def keep(cache: dict[K, V], key: K, value: V, most: int) -> V:
    """`cache[key] = value`, the cache emptied first once it holds `most` entries: the bound
    of the small caches of answers' fixed parts, whose keys seldom change. Returns value."""
    if len(cache) >= most:
        cache.clear()
    cache[key] = value
    return value


def etag_of(data: bytes) -> str:
    """The quoted strong ETag of a body."""
    tag = _etags.get(data)
    return tag if tag is not None else keep(_etags, data, fresh_etag(data), _ETAGS_KEPT)


def fresh_etag(data: bytes) -> str:
    """The quoted strong ETag of a body, worked out now (etag_of keeps them)."""
    return '"' + hashlib.blake2b(data, digest_size=12).hexdigest() + '"'


def matches(tag: str, if_none_match: str) -> bool:
    """Whether an If-None-Match header names `tag` (weak comparison, RFC 9110 13.1.2)."""
    for candidate in if_none_match.split(","):
        candidate = candidate.strip()
        if candidate == "*" or candidate.removeprefix("W/") == tag:
            return True
    return False


def cached_json(payload: Any = None, *, body: bytes | None = None,
                fresh: bool = False) -> Response:
    """A read-only answer with an ETag and Cache-Control, so phones can re-ask cheaply: 304
    when the client's If-None-Match already names it. Headers are set as plain strings (the
    Cache-Control and ETag setters and make_conditional cost more than the lookup itself).
    `fresh`: a body built for this request (a search), whose ETag is not worth keeping."""
    data = body if body is not None else json.dumps(payload).encode()
    tag = fresh_etag(data) if fresh else etag_of(data)
    headers = {"ETag": tag,
               "Cache-Control": f"public, max-age={current_app.config['LAIRSIDE_CACHE_SECONDS']}"}
    asked = request.environ.get("HTTP_IF_NONE_MATCH")
    if asked and request.method in ("GET", "HEAD") and matches(tag, asked):
        return Response(status=304, headers=headers)
    if not fresh:
        request.environ[READY] = True
    return Response(data, headers=headers, mimetype="application/json")


Page = tuple[bytes, int, "str | None", object]
"""A rendered page: body, status, ETag (200s only), and the objects it was rendered from."""


class PageCache:
    """Rendered pages by everything they depend on (the address and the game's rules), least
    recently used dropped first once their bytes pass `budget`. A rule or setup page is the
    same bytes for everyone until the rules change, and rendering one costs many times more
    than sending it."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._pages: OrderedDict[Hashable, Page] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()  # gunicorn's threads share it

    def get(self, key: Hashable) -> Page | None:
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key: Hashable, page: Page) -> None:
        with self._lock:
            old = self._pages.pop(key, None)
            self._bytes += len(page[0]) - (len(old[0]) if old else 0)
            self._pages[key] = page
            while self._bytes > self.budget and len(self._pages) > 1:
                _, dropped = self._pages.popitem(last=False)
                self._bytes -= len(dropped[0])


PAGE_CACHE_BYTES = 24 * 1024 * 1024
"""Rendered page bytes each worker keeps (every rule page and about a thousand setups)."""


def cached_page(depends_on: tuple[object, ...], render: Callable[[], tuple[str, int]],
                keep: bool = True) -> Response:
    """The page `render` makes, rendered once per address and `depends_on` (the games whose
    rules it shows: other objects, such as a game registered anew, render anew), with an
    ETag and Cache-Control when it is a 200; 304 when the client already has it. In debug
    mode templates reload, so every request renders; so does a page not to `keep`."""
    app = current_app
    key = (request.script_root, request.path, request.query_string, tuple(map(id, depends_on)))
    cache: PageCache | None = app.extensions.get("lairside.pages")
    if app.debug or not keep:
        cache = None
    page = cache.get(key) if cache is not None else None
    if page is None or not _same(page[3], depends_on):
        html, status = render()
        body = html.encode()
        page = (body, status, fresh_etag(body) if status == 200 else None, depends_on)
        if cache is not None:
            cache.put(key, page)
    body, status, tag, _ = page
    if tag is None:
        return Response(body, status=status, mimetype="text/html")
    headers = {"ETag": tag,
               "Cache-Control": f"public, max-age={app.config['LAIRSIDE_CACHE_SECONDS']}"}
    asked = request.environ.get("HTTP_IF_NONE_MATCH")
    if asked and request.method in ("GET", "HEAD") and matches(tag, asked):
        return Response(status=304, headers=headers)
    if cache is not None:
        request.environ[READY] = True
    return Response(body, status=status, headers=headers, mimetype="text/html")


def _same(kept: object, now: tuple[object, ...]) -> bool:
    """Whether a kept page was rendered from these very objects (ids alone may be reused)."""
    return isinstance(kept, tuple) and len(kept) == len(now) and all(
        a is b for a, b in zip(kept, now, strict=True))


MAX_DEPTH = 32
"""Deepest nesting of objects and lists a request body may have (ours need 4)."""


def json_body() -> Any:
    """The request's JSON body, or a 415/400 problem when it isn't JSON; 422 for text with NUL
    or lone surrogates (no database stores them) or nesting deeper than MAX_DEPTH."""
    asked = request._get_current_object()  # type: ignore[attr-defined]  # once, not per use
    # The exact header browsers and clients send, compared before Werkzeug parses it.
    if asked.environ.get("CONTENT_TYPE") != "application/json" and not asked.is_json:
        raise JSONRequired()
    raw = body_bytes(asked)
    plain, data = plain_json(raw, MAX_DEPTH)
    if plain:
        return data
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
