"""The rules reference: look an entry up by id, or search (one game or all of them)."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for

from api.arguments import arguments
from api.cache import public_get
from api.docs import ERRORS, GAME, doc, json_answer, path_param, per_game
from api.json_provider import dumps_bytes
from api.rules_search import search_index
from api.schemas.queries import RulesListIn, RulesSearchIn
from assistant.games import Game, find_game
from assistant.search import Hit

bp = Blueprint("rules", __name__)


def _hit(hit: Hit, root: str) -> dict[str, Any]:
    entry = hit.entry
    return {"game": hit.game, "id": entry.id, "title": entry.title,
            "section": entry.section, "provenance": entry.provenance.value,
            "snippet": hit.snippet, "score": hit.score,
            "url": f"{root}/api/v1/games/{hit.game}/rules/{entry.id}"}


def _search(game: str | None, query: dict[str, Any]) -> Response:
    """A search for `q` (`limit`: 1 to 50), kept by address like any read (the cache's byte
    budget bounds open-ended queries)."""
    hits = search_index(game).search(query["q"], limit=query["limit"])
    root = request.script_root
    body = dumps_bytes({"query": query["q"], "count": len(hits),
                        "results": [_hit(hit, root) for hit in hits]})
    return Response(body, mimetype="application/json")


def _hits(game: Game) -> dict[str, Any]:
    first = next(iter(game.rules))
    return {"query": first.title.lower(), "results": [{
        "game": game.slug, "id": first.id, "title": first.title, "snippet": "…", "url": "…"}]}


HITS = per_game(_hits)


@bp.get("/api/v1/games/<game>/rules")
@public_get
@doc("List or search a game's rules", "Without q: every entry. With q: ranked, typo-tolerant "
     "results (title matches before body matches).", tags=["rules"], parameters=[GAME],
     responses={"200": json_answer(HITS), **ERRORS})
@arguments(RulesListIn)
def index(game: str, query: dict[str, Any]) -> Response:
    found = find_game(game)
    if "q" in query:
        return _search(found.slug, query)
    return jsonify({"game": found.slug, "count": len(found.rules), "entries": [
        {"id": e.id, "title": e.title, "section": e.section, "glossary": e.glossary,
         "url": url_for("rules.entry", game=found.slug, entry_id=e.id)} for e in found.rules]})


@bp.get("/api/v1/games/<game>/rules/<entry_id>")
@public_get
@doc("Read one rule entry", "Own-words text, key numbers, modes, rulebook section, provenance "
     "and related entries. An unknown id answers 404 with the closest ids.", tags=["rules"],
     parameters=[GAME, path_param("entry_id", "A rule entry's id.",
                                           per_game(lambda g: next(iter(g.rules)).id))],
     responses={"200": json_answer(per_game(lambda g: {
         k: getattr(next(iter(g.rules)), k) for k in ("id", "title", "section")})), **ERRORS})
def entry(game: str, entry_id: str) -> Response:
    found = find_game(game)
    entry = found.rules.get(entry_id)
    base = url_for("rules.index", game=found.slug)
    return jsonify({**entry.to_json(), "game": found.slug, "links": {
        "self": f"{base}/{entry.id}", "related": {r: f"{base}/{r}" for r in entry.related}}})


@bp.get("/api/v1/rules")
@public_get
@doc("Search the rules of every game", "Like a game's search, across all games; each hit "
     "names its game.", tags=["rules"], responses={"200": json_answer(HITS), **ERRORS})
@arguments(RulesSearchIn)
def search_all(query: dict[str, Any]) -> Response:
    return _search(None, query)
