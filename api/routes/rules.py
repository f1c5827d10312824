"""The rules reference: look an entry up by id, or search (one game or all of them)."""
from __future__ import annotations

import json as std_json
from functools import lru_cache
from typing import Any

from flask import Blueprint, Response, current_app, json, request, url_for

from api.responses import cached_json
from assistant.games import find_game
from assistant.rules import Entry
from assistant.search import Hit, SearchIndex

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


_heads: dict[tuple[str, str], tuple[Entry, str]] = {}
"""Each entry's hit as JSON up to its snippet (what never changes between searches), written
once: encoding the same titles and sections on every search was a third of its cost."""


def _hit_json(hit: Hit, root: str) -> str:
    """json.dumps(_hit(hit, root)), with the entry's fixed part written once."""
    entry = hit.entry
    held = _heads.get((hit.game, entry.id))
    if held is None or held[0] is not entry:  # a game registered anew: its entries anew
        fixed = {k: v for k, v in _hit(hit, root).items() if k not in ("snippet", "score", "url")}
        held = _heads[(hit.game, entry.id)] = (entry, std_json.dumps(fixed)[:-1])
    url = f"{root}/api/v1/games/{hit.game}/rules/{entry.id}"
    dumps = std_json.dumps  # what flask.json writes for text and numbers, minus its layers
    return (f'{held[1]}, "snippet": {dumps(hit.snippet)}, "score": {float(hit.score)!r}, '
            f'"url": {dumps(url)}}}')


def search_body(query: str, hits: list[Hit], root: str) -> bytes:
    """The search answer's JSON: the same text json.dumps writes for
    {"query", "count", "results": [_hit(...)]}, assembled from each entry's fixed part."""
    results = ", ".join([_hit_json(hit, root) for hit in hits])
    return (f'{{"query": {std_json.dumps(query)}, "count": {len(hits)}, '
            f'"results": [{results}]}}').encode()


def _search(game: str | None) -> Response:
    args = request.args
    query = args.get("q", "")
    limit = args.get("limit", 10, type=int) if "limit" in args else 10
    hits = _index(game).search(query, limit=max(1, min(limit or 10, 50)))
    return cached_json(body=search_body(query, hits, request.root_path), fresh=True)


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
