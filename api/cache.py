"""The one cache of finished answers each worker keeps: bodies with the headers their view
set, least recently used dropped first once their bytes pass a budget (api/config.py sets it).

A key names everything an answer depends on; `request_key` adds the host, scheme and mount path
that links inside it are built from. When the registered games change, all is dropped with
everything else derived from them (api/registry.py). An answer is sent again as a Werkzeug
`Response` with its conditional requests (ETag, If-Modified-Since, Range) handled by
Werkzeug's own `make_conditional`.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, cast

from flask import Response, current_app, request
from werkzeug.utils import get_content_type

from api.compress import GZIP, VARY, KeptResponse, accepts_gzip, pack, unpack, weak, worth_packing
from api.conditional import etag_of, public_headers
from api.config import ANSWER_ENTRY_BYTES
from api.registry import derived

NOT_KEPT = frozenset(("content-length", "content-type", "content-encoding", "date", "etag",
                      "cache-control", "set-cookie"))
"""Headers of a view's answer that are not kept as they are: the length, type and encoding
are the body's own, made again when it is sent; the ETag and Cache-Control are kept by
`public_get` in its own way; a cookie is never kept."""
CONDITIONAL = ("HTTP_IF_NONE_MATCH", "HTTP_IF_MODIFIED_SINCE", "HTTP_RANGE", "HTTP_IF_MATCH",
               "HTTP_IF_UNMODIFIED_SINCE")
"""A request carrying none of these asks for the whole answer: nothing to make conditional."""


class Kept:
    """A finished answer: its body, content type and the headers its view set (the ETag
    first, if any). A text worth compressing is kept as its gzip form only: phones accept it,
    so it is sent with no work, in a third of the memory; a client without gzip (or asking a
    range) gets it unpacked. The headers of each way it is sent are made once."""

    __slots__ = ("content_type", "headers", "worth", "cost", "ranges", "_stored",
                 "_sent_packed", "_sent_plain")

    def __init__(self, body: bytes, content_type: str, headers: list[tuple[str, str]]) -> None:
        self.content_type = content_type if ";" in content_type else \
            get_content_type(content_type, "utf-8")  # a text type: its charset too
        self.headers = headers
        self.worth = worth_packing(body, content_type.split(";", 1)[0].strip())
        self.ranges = any(name == "Accept-Ranges" for name, _ in headers)
        self._stored = pack(body) if self.worth else body
        self.cost = len(self._stored)
        """Bytes kept for the body."""
        self._sent_packed: list[tuple[str, str]] | None = None
        self._sent_plain: list[tuple[str, str]] | None = None

    @property
    def body(self) -> bytes:
        return unpack(self._stored) if self.worth else self._stored

    @property
    def packed(self) -> tuple[bytes, list[tuple[str, str]]]:
        """The compressed body and the headers it is sent with (a weak ETag); only for an
        answer `worth` compressing."""
        if self._sent_packed is None:
            self._sent_packed = [*((name, weak(value) if name == "ETag" else value)
                                   for name, value in with_vary(self.headers)), GZIP]
        return self._stored, self._sent_packed

    @property
    def plain(self) -> tuple[bytes, list[tuple[str, str]]]:
        """The body and the headers it is sent with (Vary: Accept-Encoding when `worth`
        compressing)."""
        if self._sent_plain is None:
            self._sent_plain = with_vary(self.headers) if self.worth else self.headers
        return self.body, self._sent_plain


def with_vary(headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """`headers` varying on Accept-Encoding too (added to their Vary, else a Vary of its own)."""
    if not any(name == "Vary" for name, _ in headers):
        return [*headers, VARY]
    return [(name, f"{value}, {VARY[1]}" if name == "Vary" else value)
            for name, value in headers]


def not_modified(headers: list[tuple[str, str]]) -> Response:
    """A 304 carrying the revalidation headers (ETag, Cache-Control, Vary) the 200 would: for a
    view that knows its tag before it builds anything."""
    if accepts_gzip():
        headers = with_vary([(n, weak(v) if n == "ETag" else v) for n, v in headers])
    return KeptResponse(status=304, headers=headers)


def send(kept: Kept, status: int = 200) -> Response:
    """A kept answer as this request takes it: gzip when the phone accepts it and it is worth
    it (a range is cut from the plain body), else plain; then, when the request is
    conditional, Werkzeug's own handling of it (304, 206, 412)."""
    environ = request.environ
    packed = kept.worth and accepts_gzip() and "HTTP_RANGE" not in environ
    body, headers = kept.packed if packed else kept.plain
    response = KeptResponse(body, status, headers, content_type=kept.content_type)
    if status == 200 and any(name in environ for name in CONDITIONAL):
        response.make_conditional(environ, accept_ranges=kept.ranges, complete_length=len(body))
        del response.headers["Date"]  # the server dates every answer (api/compress.py)
    return response


class AnswerCache:
    """Finished answers by key, within `budget` bytes: each answer's body plus `per_entry`
    (thread- and greenlet-safe)."""

    def __init__(self, budget: int, per_entry: int = ANSWER_ENTRY_BYTES) -> None:
        self.budget = budget
        self.per_entry = per_entry
        self._kept: OrderedDict[Hashable, Kept] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Kept | None:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def put(self, key: Hashable, kept: Kept) -> Kept:
        with self._lock:
            old = self._kept.pop(key, None)
            self._bytes += self._cost(kept) - (self._cost(old) if old else 0)
            self._kept[key] = kept
            while self._bytes > self.budget and len(self._kept) > 1:
                _, dropped = self._kept.popitem(last=False)
                self._bytes -= self._cost(dropped)
        return kept

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self._bytes = 0

    @property
    def size(self) -> int:
        """Bytes counted now (never above the budget, unless one answer alone is)."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._kept)

    def _cost(self, kept: Kept) -> int:
        return kept.cost + self.per_entry


def answers() -> AnswerCache:
    """This app's answers, for the games registered now (api/registry.py drops them all when
    the registry changes)."""
    derived()
    return cast(AnswerCache, current_app.extensions["lairside.answers"])


def request_key(*parts: Hashable) -> tuple[Hashable, ...]:
    """A key for an answer to this request: the host, scheme and mount path, then `parts`
    (read from the WSGI environ as sent, after ProxyFix: finer than Werkzeug's parsed forms,
    never coarser)."""
    environ = request.environ
    return (environ.get("HTTP_HOST") or environ.get("SERVER_NAME"), environ["wsgi.url_scheme"],
            environ.get("SCRIPT_NAME", ""), *parts)


def kept_or_built(key: Hashable, build: Callable[[], Kept]) -> Kept:
    """The answer kept under `key`, else `build()` kept under it."""
    cache = answers()
    found = cache.get(key)
    return found if found is not None else cache.put(key, build())


def _kept_from(response: Response) -> Kept:
    """A view's 200 answer as it is kept: its body, type and every header it set (the ETag
    its view gave, else one of the body; its own Cache-Control, else the public one)."""
    response.direct_passthrough = False  # a static file: read into memory (all small)
    body = response.get_data()
    response.close()
    view_headers = response.headers
    seconds = int(current_app.config["LAIRSIDE_CACHE_SECONDS"])
    tag, own = view_headers.get("ETag"), view_headers.get("Cache-Control")
    headers = public_headers(tag or etag_of(body), seconds)
    if own:
        headers[1] = ("Cache-Control", own)
    headers += [(name, value) for name, value in view_headers.items()
                if name.lower() not in NOT_KEPT]
    return Kept(body, response.content_type or "application/octet-stream", headers)


def _keepable(response: Response) -> bool:
    """A whole 200 answer for everyone: no stream, no cookie, nothing private."""
    if response.status_code != 200 or (response.is_streamed and not response.direct_passthrough):
        return False
    control = response.cache_control
    return not (control.no_store or control.private or "Set-Cookie" in response.headers)


def public_get(view: Callable[..., Response]) -> Callable[..., Response]:
    """For a GET view whose 200 answer is the same bytes for everyone asking this address: the
    answer is kept by address with every header its view set, and sent again (304 when the
    phone has it, a range where the view offered ranges). Nothing else is kept, nor anything
    in debug mode (templates reload)."""

    @wraps(view)
    def kept_view(*args: Any, **kwargs: Any) -> Response:
        environ = request.environ
        key = request_key("get", environ.get("PATH_INFO"), environ.get("QUERY_STRING"))
        found = None if current_app.debug else answers().get(key)
        if found is None:
            response = view(*args, **kwargs)
            if not _keepable(response):
                return response
            found = _kept_from(response)
            if not current_app.debug:
                answers().put(key, found)
        return send(found)

    return kept_view


def pure_post(view: Callable[..., Response]) -> Callable[..., Response]:
    """For a POST view whose answer depends on its address and body alone (a calculator, a
    score): a 200 answer is kept under the address and a digest of the body, so the same
    question asked again is not worked out again. Refusals are never kept."""

    @wraps(view)
    def kept_view(**kwargs: Any) -> Response:
        body = request.get_data(cache=True)  # within the size limit checked before any view
        environ = request.environ  # the type as sent: finer than its parsed form, never coarser
        key = request_key("post", environ.get("PATH_INFO"), environ.get("CONTENT_TYPE"),
                          hashlib.blake2b(body, digest_size=16).digest())
        found = None if current_app.debug else answers().get(key)
        if found is None:
            response = view(**kwargs)
            if response.status_code != 200 or current_app.debug:
                return response
            found = answers().put(key, Kept(response.get_data(), response.content_type or
                                            "application/json", []))
        return send(found)

    return kept_view
