"""The rules reference: look an entry up by id, or search (one game or all of them)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import Blueprint, Response, current_app, json, request, url_for

from api.responses import cached_json
from assistant.games import find_game
from assistant.search import Hit, SearchIndex

bp = Blueprint("rules", __name__)


def _index(game: str | None) -> SearchIndex:
    indexes: dict[str | None, SearchIndex] = current_app.extensions["lairside.search"]
    return indexes[game]


def _hit(hit: Hit) -> dict[str, Any]:
    return {"game": hit.game, "id": hit.entry.id, "title": hit.entry.title,
            "section": hit.entry.section, "provenance": hit.entry.provenance.value,
            "snippet": hit.snippet, "score": hit.score,
            "url": f"{request.root_path}/api/v1/games/{hit.game}/rules/{hit.entry.id}"}


def _search(game: str | None) -> Response:
    query = request.args.get("q", "")
    limit = request.args.get("limit", 10, type=int)
    hits = _index(game).search(query, limit=max(1, min(limit or 10, 50)))
    return cached_json({"query": query, "count": len(hits), "results": [_hit(h) for h in hits]})


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
    base = url_for("rules.index", game=game)
    return cached_json(body=_entry_body(game, entry_id, base))


@bp.get("/api/v1/rules")
def search_all() -> Response:
    return _search(None)
