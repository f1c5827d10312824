"""Ready answers: finished GET answers that are the same bytes for every asker (a rule entry,
a setup, a rule or setup page) kept per worker and sent again before Flask runs.

Such an answer depends only on its address and the registered games' rules, and there are a
few thousand of them, while sending one through Flask (request and response objects, routing,
the view, headers) costs several times more than the bytes themselves. A view says an answer
may be kept by setting READY in the WSGI environ (`cached_json` and `cached_page` do, for their
200s); everything else, every session, search and calculation, goes through Flask each time.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING, Any

from api.before_flask import answer_and_catch
from api.responses import READY, PageCache, matches

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

READY_BYTES = 16 * 1024 * 1024
"""Answer bytes each worker keeps: every rule entry and page, and a few thousand setups."""

_REVALIDATION_HEADERS = frozenset({"etag", "cache-control"})
_NOT_KEPT = frozenset({"set-cookie", "vary"})  # such an answer is not the same for everyone

Answer = tuple[bytes, str, list[tuple[str, str]], "str | None", list[tuple[str, str]]]
"""body, status line, headers, ETag, the headers of a 304 for it"""


class ReadyAnswers:
    """WSGI middleware: a GET whose exact address (host, scheme, path, query) was answered
    with a READY 200 before is answered from the kept bytes, with a 304 when the client's
    If-None-Match names its ETag. The Host is part of the key, so an address only comes back
    for a host Flask has accepted. Kept answers are dropped when the set of registered game
    objects changes (`games()`), and least recently used first past `budget` bytes."""

    def __init__(self, app: WSGIApplication, games: Callable[[], Collection[object]],
                 budget: int = READY_BYTES) -> None:
        self.app = app
        self.games = games
        self.kept = PageCache(budget)
        self.kept_for: tuple[object, ...] = ()

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse
                 ) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") != "GET":
            return self.app(environ, start_response)
        games = tuple(self.games())
        if len(games) != len(self.kept_for) or any(
                a is not b for a, b in zip(games, self.kept_for, strict=True)):
            self.kept = PageCache(self.kept.budget)  # a game registered anew: start over
            self.kept_for = games
        key = (environ.get("HTTP_HOST"), environ.get("wsgi.url_scheme"),
               environ.get("SCRIPT_NAME", ""), environ.get("PATH_INFO", ""),
               environ.get("QUERY_STRING", ""))
        answer = self.kept.get(key)
        if answer is not None:
            return _send(answer, environ, start_response)
        return self._answer_and_keep(key, environ, start_response)

    def _answer_and_keep(self, key: tuple[Any, ...], environ: WSGIEnvironment,
                         start_response: StartResponse) -> Iterable[bytes]:
        body, caught = answer_and_catch(self.app, environ, start_response, lambda status:
                                        bool(environ.get(READY)) and status.startswith("200 "))
        if caught is None:
            return body
        status, headers, data = caught
        if not {name.lower() for name, _ in headers}.isdisjoint(_NOT_KEPT):
            return body
        tag = next((value for name, value in headers if name.lower() == "etag"), None)
        revalidation = [(n, v) for n, v in headers if n.lower() in _REVALIDATION_HEADERS]
        self.kept.put(key, (data, status, headers, tag, revalidation))
        return body


def _send(answer: Answer, environ: WSGIEnvironment, start_response: StartResponse
          ) -> Iterable[bytes]:
    data, status, headers, tag, revalidation = answer
    asked = environ.get("HTTP_IF_NONE_MATCH")
    if asked and tag is not None and matches(tag, asked):
        start_response("304 NOT MODIFIED", list(revalidation))
        return []
    start_response(status, list(headers))  # a copy: the layers outside append to it
    return [data]
