"""The game registry: which games, modes and player counts, and where each game's parts live."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, url_for

from api.cache import public_get
from api.docs import ERRORS, GAME, doc, json_answer, per_game
from api.game_links import game_links
from assistant.games import Game, all_games, find_game

bp = Blueprint("games", __name__, url_prefix="/api/v1/games")


def summary(game: Game) -> dict[str, Any]:
    return {"slug": game.slug, "title": game.title,
            "modes": [mode.to_json() for mode in game.modes],
            "links": {"self": url_for("games.describe", game=game.slug)}}


@bp.get("")
@public_get
@doc("List the games", "Every game with its modes and allowed player counts.", tags=["games"],
     responses={"200": json_answer({"games": [{"slug": g.slug, "title": g.title}
                                                     for g in all_games()]})})
def index() -> Response:
    return jsonify({"games": [summary(game) for game in all_games()]})


@bp.get("/<game>")
@public_get
@doc("Describe one game", "Modes, player counts, and links to rules, setup, calculators, "
     "scoring and printables.", tags=["games"], parameters=[GAME],
     responses={"200": json_answer(per_game(lambda g: {"slug": g.slug, "links": {
         "rules": f"/api/v1/games/{g.slug}/rules"}})), **ERRORS})
def describe(game: str) -> Response:
    found = find_game(game)
    return jsonify({**summary(found), "rules_count": len(found.rules), "calculators": [
        {"slug": op.slug, "title": op.title, "summary": op.summary}
        for op in found.calculators.values()], "links": game_links(found)})
