"""The one cache of finished answers each worker keeps: bodies with their ETags, least recently
used dropped first once their bytes pass a budget (api/config.py sets it).

A key names everything an answer depends on; `request_key` adds the host, scheme and mount path
that links inside it are built from. When the registered game objects change, all is dropped.
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

from api.compress import GZIP, VARY, Settled, accepts_gzip, pack, unpack, weak, worth_packing
from api.conditional import etag_of, public_headers, unchanged
from api.config import ANSWER_ENTRY_BYTES
from assistant.games import all_games


class Kept:
    """A finished answer: its body, type and the headers that revalidate it (the ETag first, if
    any). A text worth compressing is kept as its gzip form only: phones accept it, so it is
    sent with no work, in a third of the memory; a client without gzip gets it unpacked. The
    complete headers of each way it is sent are made once, when first asked for."""

    __slots__ = ("mimetype", "headers", "worth", "cost", "_stored", "_length", "_sent_packed",
                 "_sent_plain")

    def __init__(self, body: bytes, mimetype: str, headers: list[tuple[str, str]]) -> None:
        self.mimetype, self.headers = mimetype, headers
        self.worth = worth_packing(body, mimetype)
        self._length = len(body)
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
        """The compressed body and every header it is sent with (a weak ETag); only for an
        answer `worth` compressing."""
        if self._sent_packed is None:
            headers = [(name, weak(value) if name == "ETag" else value)
                       for name, value in with_vary(self.headers)]
            self._sent_packed = self._ready(len(self._stored), [*headers, GZIP])
        return self._stored, self._sent_packed

    @property
    def plain(self) -> tuple[bytes, list[tuple[str, str]]]:
        """The body and every header it is sent with (Vary: Accept-Encoding when `worth`
        compressing)."""
        if self._sent_plain is None:
            self._sent_plain = self._ready(
                self._length, with_vary(self.headers) if self.worth else self.headers)
        return self.body, self._sent_plain

    def _ready(self, length: int, headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
        return [("Content-Type", get_content_type(self.mimetype, "utf-8")),
                ("Content-Length", str(length)), *headers]


def with_vary(headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """`headers` varying on Accept-Encoding too (added to their Vary, else a Vary of its own)."""
    if not any(name == "Vary" for name, _ in headers):
        return [*headers, VARY]
    return [(name, f"{value}, {VARY[1]}" if name == "Vary" else value)
            for name, value in headers]


def not_modified(headers: list[tuple[str, str]]) -> Response:
    """A 304 carrying the revalidation headers (ETag, Cache-Control, Vary) the 200 would."""
    if accepts_gzip():
        headers = with_vary([(n, weak(v) if n == "ETag" else v) for n, v in headers])
    return Settled(b"", 304, headers)


def send(kept: Kept, status: int = 200) -> Response:
    """A kept answer as this request takes it: a 304 when the phone holds its ETag, gzip when
    the phone accepts it and it is worth it, else plain."""
    if status == 200 and kept.headers and kept.headers[0][0] == "ETag" and \
            unchanged(kept.headers[0][1]):
        return not_modified(kept.headers)
    body, headers = kept.packed if kept.worth and accepts_gzip() else kept.plain
    return Settled(body, status, headers)


class AnswerCache:
    """Finished answers by key, within `budget` bytes: each answer's body plus `per_entry`
    (thread- and greenlet-safe)."""

    def __init__(self, budget: int, per_entry: int = ANSWER_ENTRY_BYTES) -> None:
        self.budget = budget
        self.per_entry = per_entry
        self._kept: OrderedDict[Hashable, Kept] = OrderedDict()
        self._bytes = 0
        self._games: tuple[object, ...] = ()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Kept | None:
        games = tuple(all_games())
        with self._lock:
            if not same_objects(games, self._games):
                self._kept.clear()
                self._bytes = 0
                self._games = games
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

    @property
    def size(self) -> int:
        """Bytes counted now (never above the budget, unless one answer alone is)."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._kept)

    def _cost(self, kept: Kept) -> int:
        return kept.cost + self.per_entry


def same_objects(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Whether two tuples hold the very same objects (games registered anew are new objects)."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


def answers() -> AnswerCache:
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


def public_get(view: Callable[..., Response]) -> Callable[..., Response]:
    """For a GET view whose 200 answer is the same bytes for everyone asking this address: the
    answer is kept by address, tagged, and sent again (304 when the phone has it). Nothing
    else is kept, nor anything in debug mode (templates reload)."""

    @wraps(view)
    def kept_view(*args: Any, **kwargs: Any) -> Response:
        environ = request.environ
        key = request_key("get", environ.get("PATH_INFO"), environ.get("QUERY_STRING"))
        found = None if current_app.debug else answers().get(key)
        if found is None:
            response = view(*args, **kwargs)
            if response.status_code != 200 or response.is_streamed and \
                    not response.direct_passthrough:
                return response
            response.direct_passthrough = False  # a static file: read into memory (all small)
            body = response.get_data()
            response.close()
            headers = public_headers(etag_of(body),
                                     int(current_app.config["LAIRSIDE_CACHE_SECONDS"]))
            own = response.headers.get("Cache-Control")  # a view's own (static files' year)
            found = Kept(body, response.mimetype or "application/octet-stream",
                         [headers[0], ("Cache-Control", own)] if own else headers)
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
            found = answers().put(key, Kept(response.get_data(), response.mimetype or
                                            "application/json", []))
        return send(found)

    return kept_view
