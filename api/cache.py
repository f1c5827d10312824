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
from dataclasses import dataclass
from functools import wraps
from typing import Any, cast

from flask import Response, current_app, request

from api.conditional import answer, etag_of, public_headers
from api.config import ANSWER_ENTRY_BYTES
from assistant.games import all_games


@dataclass(frozen=True)
class Kept:
    """A finished answer: its body, type and the headers that revalidate it."""

    body: bytes
    mimetype: str
    headers: list[tuple[str, str]]


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
        return len(kept.body) + self.per_entry


def same_objects(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Whether two tuples hold the very same objects (games registered anew are new objects)."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


def answers() -> AnswerCache:
    return cast(AnswerCache, current_app.extensions["lairside.answers"])


def request_key(*parts: Hashable) -> tuple[Hashable, ...]:
    """A key for an answer to this request: the host, scheme and mount path, then `parts`."""
    return (request.host, request.scheme, request.script_root, *parts)


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
    def kept_view(**kwargs: Any) -> Response:
        key = request_key("get", request.path, request.query_string)
        found = None if current_app.debug else answers().get(key)
        if found is None:
            response = view(**kwargs)
            if response.status_code != 200 or response.is_streamed:
                return response
            body = response.get_data()
            max_age = int(current_app.config["LAIRSIDE_CACHE_SECONDS"])
            found = Kept(body, response.mimetype or "application/octet-stream",
                         public_headers(etag_of(body), max_age))
            if not current_app.debug:
                answers().put(key, found)
        return answer(found.body, found.mimetype, found.headers)

    return kept_view


def pure_post(view: Callable[..., Response]) -> Callable[..., Response]:
    """For a POST view whose answer depends on its address and body alone (a calculator, a
    score): a 200 answer is kept under the address and a digest of the body, so the same
    question asked again is not worked out again. Refusals are never kept."""

    @wraps(view)
    def kept_view(**kwargs: Any) -> Response:
        body = request.get_data(cache=True)  # within the size limit checked before any view
        key = request_key("post", request.path, request.mimetype,
                          hashlib.blake2b(body, digest_size=16).digest())
        found = None if current_app.debug else answers().get(key)
        if found is None:
            response = view(**kwargs)
            if response.status_code != 200 or current_app.debug:
                return response
            found = answers().put(key, Kept(response.get_data(), response.mimetype or
                                            "application/json", []))
        return Response(found.body, mimetype=found.mimetype)

    return kept_view
