"""Setup, calculators and scoring: generic over every registered game's Operations."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for
from werkzeug.exceptions import NotFound as HTTPNotFound

from api.cache import public_get, pure_post
from api.docs import BODY_ERRORS, ERRORS, GAME, doc, json_answer, path_param, request_doc
from api.responses import json_body
from api.schemas.forms import load, operation_schema_name, schema_for
from assistant.games import Game, Operation, all_games, find_game
from assistant.inputs import describe

bp = Blueprint("operations", __name__, url_prefix="/api/v1/games/<game>")


def run(game: Game, op: Operation, data: Any, query: bool = False) -> dict[str, Any]:
    """The operation's answer to `data`, with links to the rules its steps relied on."""
    values = load(op.form, operation_schema_name(game.slug, op.slug), data, query)
    answer = op.run(values).to_json()
    base = f"{request.root_path}/api/v1/games/{game.slug}/rules/"
    ids = sorted({s.get("rule") for s in answer["steps"] if s.get("rule")}.union(op.rules))
    answer["links"] = {rid: base + rid for rid in ids if rid in game.rules}
    return answer


def _paths(kind: str) -> Any:
    """One documented path per game (and calculator) of `kind`: setup, score or calculator,
    each with its own schema and the answer to its worked example."""
    def paths() -> Iterator[tuple[str, dict[str, Any]]]:
        for game in all_games():
            ops: list[Operation | None] = (
                [game.setup] if kind == "setup" else [game.scoring] if kind == "score"
                else list(game.calculators.values()))
            for op in (op for op in ops if op is not None):
                name = operation_schema_name(game.slug, op.slug)
                path = f"/api/v1/games/{game.slug}/" + (
                    f"calculators/{op.slug}" if kind == "calculator" else kind)
                concrete: dict[str, Any] = {
                    "summary": op.title, "description": op.summary,
                    "responses": {"200": json_answer(op.run(op.example).to_json(),
                                                     schema="ExplainedOut"),
                                  **(ERRORS if kind == "setup" else BODY_ERRORS)}}
                if kind == "setup":
                    concrete["parameters"] = [{"in": "query",
                                               "schema": schema_for(op.form, name, True)}]
                else:
                    concrete["requestBody"] = request_doc(schema_for(op.form, name),
                                                        dict(op.example))
                yield path, concrete
    return paths


@bp.get("/setup")
@public_get
@doc("Setup", "", tags=["setup"], responses={}, expand=_paths("setup"))
def setup(game: str) -> Response:
    found = find_game(game)
    if found.setup is None:
        raise HTTPNotFound()
    return jsonify(run(found, found.setup, request.args.to_dict(), True))  # first values


@bp.post("/score")
@pure_post
@doc("Score", "", tags=["scoring"], responses={}, method="post", expand=_paths("score"))
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
@doc("List a game's calculators", "Each calculator with its inputs (as a form description) "
     "and a worked example.", tags=["calculators"], parameters=[GAME],
     responses={"200": json_answer({"calculators": [{"slug": "fund-deployment"}]}), **ERRORS})
def calculators(game: str) -> Response:
    found = find_game(game)
    return jsonify({"game": found.slug, "calculators": [
        describe_operation(found, op) for op in found.calculators.values()]})


@bp.get("/calculators/<name>")
@public_get
@doc("Describe one calculator", "Its inputs (as a form description), the rules it applies and "
     "a worked example; POST to the same URL to run it.", tags=["calculators"],
     parameters=[GAME, path_param("name", "A calculator's slug.", "fund-deployment")],
     responses={"200": json_answer({"slug": "fund-deployment", "inputs": []}), **ERRORS})
def calculator(game: str, name: str) -> Response:
    found = find_game(game)
    return jsonify(describe_operation(found, found.calculator(name)))


@bp.post("/calculators/<name>")
@pure_post
@doc("Calculator", "", tags=["calculators"], responses={}, method="post",
     expand=_paths("calculator"))
def calculate(game: str, name: str) -> Response:
    found = find_game(game)
    return jsonify(run(found, found.calculator(name), json_body()))
