"""Setup, calculators and scoring: generic over every registered game's Operations."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, json, request, url_for
from werkzeug.exceptions import NotFound as HTTPNotFound

from api.before_flask import Answer, BeforeFlask, plain_body, refuse_untrusted_host, root_path
from api.json_provider import compact
from api.responses import cached_json, json_body, keep
from api.schemas.forms import loader, operation_schema_name
from assistant.games import Game, Operation, find_game
from assistant.inputs import describe

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIEnvironment

bp = Blueprint("operations", __name__, url_prefix="/api/v1/games/<game>")


def _run(game: Game, op: Operation, data: Any, strict: bool = True,
         root: str | None = None) -> dict[str, Any]:
    answer = op.run(_loader(game.slug, op, strict)(data)).to_json()
    answer["links"] = _links(game, op, frozenset([s.get("rule") for s in answer["steps"]]),
                             request.root_path if root is None else root)
    return answer


_link_sets: dict[tuple[Any, ...], tuple[Game, Operation, dict[str, str]]] = {}
_LINK_SETS_KEPT = 4096


def _links(game: Game, op: Operation, step_rules: frozenset[str | None], root: str
           ) -> dict[str, str]:
    """The rules an answer relied on (its steps' and the operation's own), id → address,
    sorted by id. An operation's steps name only a few sets of rules, so each set's links are
    worked out once (per game object, operation and root path) and shared: answers are
    written out, never changed."""
    key = (id(game), id(op), root, step_rules)
    held = _link_sets.get(key)
    if held is None or held[0] is not game or held[1] is not op:
        base = f"{root}/api/v1/games/{game.slug}/rules/"  # url_for is slow per link
        ids = sorted({rid for rid in step_rules if rid}.union(op.rules))
        held = keep(_link_sets, key, (game, op, {rid: base + rid for rid in ids
                                                 if rid in game.rules}), _LINK_SETS_KEPT)
    return held[2]


_loaders: dict[tuple[str, str, bool], tuple[Any, Any]] = {}


def _loader(game: str, op: Operation, strict: bool) -> Any:
    """The form's loader under its OpenAPI name, looked up by slugs (the name is worked out
    once, not per call; a frozen dataclass would hash every field). Kept with its form, so a
    game registered anew under the same slugs gets its own."""
    key = (game, op.slug, strict)
    held = _loaders.get(key)
    if held is None or held[0] is not op.form:
        held = _loaders[key] = (op.form, loader(op.form, operation_schema_name(game, op.slug),
                                                strict))
    return held[1]


def _answer(payload: dict[str, Any]) -> Response:
    """What jsonify(payload) answers, the bytes written by the faster encoder."""
    return Response(compact(payload) + b"\n", content_type="application/json")  # = mimetype


def _query_args() -> dict[str, Any]:
    """Query string → dict, keeping only the first value of each name."""
    return {key: request.args[key] for key in request.args}


@bp.get("/setup")
def setup(game: str) -> Response:
    return cached_json(body=_setup_body(game, request.query_string))


@lru_cache(maxsize=1024)
def _setup_body(game: str, query_string: bytes) -> bytes:
    """A setup depends on its query alone, so each distinct one is worked out once."""
    found = find_game(game)
    if found.setup is None:
        raise HTTPNotFound()
    return json.dumps(_run(found, found.setup, _query_args(), strict=False)).encode()


@bp.post("/score")
def score(game: str) -> Response:
    found = find_game(game)
    if found.scoring is None:
        raise HTTPNotFound()
    return _answer(_run(found, found.scoring, json_body()))


def describe_operation(game: Game, op: Operation) -> dict[str, Any]:
    return {"slug": op.slug, "title": op.title, "summary": op.summary,
            "inputs": describe(op.form), "example": dict(op.example),
            "rules": list(op.rules),
            "url": url_for("operations.calculate", game=game.slug, name=op.slug)}


@bp.get("/calculators")
def calculators(game: str) -> Response:
    found = find_game(game)
    return cached_json({"game": found.slug, "calculators": [
        describe_operation(found, op) for op in found.calculators.values()]})


@bp.get("/calculators/<name>")
def calculator(game: str, name: str) -> Response:
    found = find_game(game)
    return cached_json(describe_operation(found, found.calculator(name)))


@bp.post("/calculators/<name>")
def calculate(game: str, name: str) -> Response:
    found = find_game(game)
    return _answer(_run(found, found.calculator(name), json_body()))


_GAMES = "/api/v1/games/"


class OperationAnswers(BeforeFlask):
    """WSGI middleware: a calculator or score (`POST /api/v1/games/<game>/calculators/<name>`
    or `.../score`) with a plain JSON body answered before Flask, with the very bytes and
    headers the view answers.

    Answers depend on open-ended input, so none is kept; but sending one through Flask
    (request and response objects, routing, the context) cost more CPU than working it out.
    Everything else goes on to Flask with the body put back as it came: other addresses,
    a body that is not exactly `application/json` of a plain length within the limit, JSON
    that needs the careful reading (api/json_provider.py), an unknown game or calculator,
    input the form or the game refuses (Flask words the problem), a host Flask would refuse,
    and any error."""

    method = "POST"

    def takes(self, path: str) -> bool:
        return path[:14] == _GAMES

    def answer(self, environ: WSGIEnvironment, path: str) -> Answer | None:
        parts = path[14:].split("/")
        if len(parts) == 2 and parts[1] == "score":
            name = None
        elif len(parts) == 3 and parts[1] == "calculators":
            name = parts[2]
        else:
            return None
        plain, data = plain_body(self.flask, environ)
        if not plain:
            return None
        refuse_untrusted_host(self.flask, environ)
        game = find_game(parts[0])
        op = game.scoring if name is None else game.calculator(name)
        if op is None:
            return None
        body = compact(_run(game, op, data, root=root_path(environ))) + b"\n"
        return "200 OK", [("Content-Type", "application/json"),
                          ("Content-Length", str(len(body)))], [body]
