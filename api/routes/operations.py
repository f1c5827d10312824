"""Setup, calculators and scoring: generic over every registered game's Operations."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for
from werkzeug.exceptions import NotFound as HTTPNotFound

from api.cache import public_get
from api.responses import json_body
from api.schemas.forms import load, operation_schema_name
from assistant.games import Game, Operation, find_game
from assistant.inputs import describe

bp = Blueprint("operations", __name__, url_prefix="/api/v1/games/<game>")


def run(game: Game, op: Operation, data: Any, query: bool = False) -> dict[str, Any]:
    """The operation's answer to `data` (checked by its form's schema), with links to the
    rules its steps relied on."""
    values = load(op.form, operation_schema_name(game.slug, op.slug), data, query)
    answer = op.run(values).to_json()
    base = f"{request.root_path}/api/v1/games/{game.slug}/rules/"
    ids = sorted({s.get("rule") for s in answer["steps"] if s.get("rule")}.union(op.rules))
    answer["links"] = {rid: base + rid for rid in ids if rid in game.rules}
    return answer


@bp.get("/setup")
@public_get
def setup(game: str) -> Response:
    found = find_game(game)
    if found.setup is None:
        raise HTTPNotFound()
    # the first value of each name, as a form sends it
    return jsonify(run(found, found.setup, {k: request.args[k] for k in request.args}, True))


@bp.post("/score")
def score(game: str) -> Response:
    found = find_game(game)
    if found.scoring is None:
        raise HTTPNotFound()
    return jsonify(run(found, found.scoring, json_body()))


def describe_operation(game: Game, op: Operation) -> dict[str, Any]:
    return {"slug": op.slug, "title": op.title, "summary": op.summary,
            "inputs": describe(op.form), "example": dict(op.example),
            "rules": list(op.rules),
            "url": url_for("operations.calculate", game=game.slug, name=op.slug)}


@bp.get("/calculators")
@public_get
def calculators(game: str) -> Response:
    found = find_game(game)
    return jsonify({"game": found.slug, "calculators": [
        describe_operation(found, op) for op in found.calculators.values()]})


@bp.get("/calculators/<name>")
@public_get
def calculator(game: str, name: str) -> Response:
    found = find_game(game)
    return jsonify(describe_operation(found, found.calculator(name)))


@bp.post("/calculators/<name>")
def calculate(game: str, name: str) -> Response:
    found = find_game(game)
    return jsonify(run(found, found.calculator(name), json_body()))
