"""The rules reference: look an entry up by id, or search (one game or all of them)."""
from __future__ import annotations

import json as std_json
from functools import lru_cache
from json.encoder import encode_basestring_ascii
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl

from flask import Blueprint, Response, current_app, json, request, url_for

from api.before_flask import Answer, BeforeFlask, refuse_untrusted_host, root_path
from api.responses import cached_json, fresh_etag, keep, matches
from assistant.games import find_game
from assistant.rules import Entry
from assistant.search import Hit, SearchIndex

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIEnvironment

bp = Blueprint("rules", __name__)


def _index(game: str | None) -> SearchIndex:
    indexes: dict[str | None, SearchIndex] = current_app.extensions["lairside.search"]
    return indexes[game]


def _hit(hit: Hit, root: str) -> dict[str, Any]:
    entry = hit.entry
    return {"game": hit.game, "id": entry.id, "title": entry.title,
            "section": entry.section, "provenance": entry.provenance.value,
            "snippet": hit.snippet, "score": hit.score,
            "url": f"{root}/api/v1/games/{hit.game}/rules/{entry.id}"}


_text = encode_basestring_ascii
"""A string as json.dumps writes it (its very function for text), without its layers."""

_heads: dict[tuple[str, str, str], tuple[Entry, str, str]] = {}
"""Each entry's hit as JSON up to its snippet and its URL as JSON (what never changes between
searches), by game, entry id and mount path, written once: encoding the same titles,
sections and addresses on every search was a third of its cost."""
_snippets: dict[str, str] = {}
"""Each snippet as JSON: snippets are sentences of the rules, a fixed set."""
_KEPT = 65536
"""Entries each of the two holds (a bound, should mount paths vary)."""


def _hit_json(hit: Hit, root: str) -> str:
    """json.dumps(_hit(hit, root)), with the entry's fixed parts written once."""
    entry = hit.entry
    held = _heads.get((hit.game, entry.id, root))
    if held is None or held[0] is not entry:  # a game registered anew: its entries anew
        fixed = {k: v for k, v in _hit(hit, root).items() if k not in ("snippet", "score", "url")}
        url = f"{root}/api/v1/games/{hit.game}/rules/{entry.id}"
        held = keep(_heads, (hit.game, entry.id, root),
                    (entry, std_json.dumps(fixed)[:-1], _text(url)), _KEPT)
    snippet = _snippets.get(hit.snippet)
    if snippet is None:
        snippet = keep(_snippets, hit.snippet, _text(hit.snippet), _KEPT)
    return f'{held[1]}, "snippet": {snippet}, "score": {float(hit.score)!r}, "url": {held[2]}}}'


def search_body(query: str, hits: list[Hit], root: str) -> bytes:
    """The search answer's JSON: the same text json.dumps writes for
    {"query", "count", "results": [_hit(...)]}, assembled from each entry's fixed part."""
    results = ", ".join([_hit_json(hit, root) for hit in hits])
    return (f'{{"query": {_text(query)}, "count": {len(hits)}, '
            f'"results": [{results}]}}').encode()


def search_answer(index: SearchIndex, query: str, limit: str | None, root: str) -> bytes:
    """The body of a search for `query` (raw `limit` argument: 1 to 50, 10 when absent or
    not a whole number), through Flask or before it (`SearchAnswers`); InvalidInput when the
    query has nothing to look for."""
    try:
        most = int(limit) if limit is not None else 10
    except ValueError:
        most = 10
    hits = index.search(query, limit=max(1, min(most or 10, 50)))
    return search_body(query, hits, root)


def _search(game: str | None) -> Response:
    args = request.args
    body = search_answer(_index(game), args.get("q", ""), args.get("limit"), request.root_path)
    return cached_json(body=body, fresh=True)


@bp.get("/api/v1/games/<game>/rules")
def index(game: str) -> Response:
    found = find_game(game)
    if "q" in request.args:
        return _search(found.slug)
    return cached_json({"game": found.slug, "count": len(found.rules), "entries": [
        {"id": e.id, "title": e.title, "section": e.section, "glossary": e.glossary,
         "url": url_for("rules.entry", game=found.slug, entry_id=e.id)} for e in found.rules]})


@lru_cache(maxsize=4096)
def _entry_body(game: str, entry_id: str, base: str) -> bytes:
    entry = find_game(game).rules.get(entry_id)
    payload = entry.to_json()
    payload["game"] = game
    payload["links"] = {"self": f"{base}/{entry.id}",
                        "related": {r: f"{base}/{r}" for r in entry.related}}
    return json.dumps(payload).encode()


@bp.get("/api/v1/games/<game>/rules/<entry_id>")
def entry(game: str, entry_id: str) -> Response:
    base = f"{request.root_path}/api/v1/games/{game}/rules"  # url_for costs more than the rest
    return cached_json(body=_entry_body(game, entry_id, base))


@bp.get("/api/v1/rules")
def search_all() -> Response:
    return _search(None)


class SearchAnswers(BeforeFlask):
    """WSGI middleware: a search (`GET /api/v1/rules?q=` or `/api/v1/games/<game>/rules?q=`)
    answered before Flask, with the very bytes and headers the view answers.

    Search inputs are open-ended, so no answer is kept; but sending a search through Flask
    (request and response objects, routing, the view's proxies) cost as much again as the
    search itself. Everything else goes on to Flask, which answers it fully: other addresses
    and methods (HEAD too), a listing (no `q`), an unknown game, a query with nothing to look
    for (422 problem), a host Flask would refuse, and any error."""

    def takes(self, path: str) -> bool:
        return path[-6:] == "/rules"

    def answer(self, environ: WSGIEnvironment, path: str) -> Answer | None:
        if path == "/api/v1/rules":
            game = None
        elif path[:14] == "/api/v1/games/" and "/" not in path[14:-6]:
            game = find_game(path[14:-6]).slug  # UnknownGame: Flask answers the 404
        else:
            return None
        refuse_untrusted_host(self.flask, environ)
        query = limit = None
        # what request.args holds (werkzeug's own parse), the first value of each name
        for name, value in parse_qsl(environ.get("QUERY_STRING", "").encode("latin1").decode(),
                                     keep_blank_values=True, errors="werkzeug.url_quote"):
            if name == "q" and query is None:
                query = value
            elif name == "limit" and limit is None:
                limit = value
        if query is None:
            return None
        index = self.flask.extensions["lairside.search"][game]
        body = search_answer(index, query, limit, root_path(environ))
        tag = fresh_etag(body)  # as cached_json(fresh=True) tags it
        headers = [("ETag", tag),
                   ("Cache-Control",
                    f"public, max-age={self.flask.config['LAIRSIDE_CACHE_SECONDS']}")]
        asked = environ.get("HTTP_IF_NONE_MATCH")
        if asked and matches(tag, asked):
            return "304 NOT MODIFIED", headers, []
        headers += [("Content-Type", "application/json"), ("Content-Length", str(len(body)))]
        return "200 OK", headers, [body]
