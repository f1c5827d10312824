"""Each route documents itself beside its view: `@doc(...)` records the view's OpenAPI operation
(as flask-smorest and APIFlask do), and api/openapi.py reads it off the app's routes. Bodies and
queries name the marshmallow schema the view validates with, so the document states the bounds
the server enforces. A route documented per registered game (one path per calculator, one
schema per game's events) gives `expand`, whose (path, operation) pairs are laid over the fixed
parts when the document is built.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from assistant.games import Game, all_games

F = TypeVar("F", bound=Callable[..., Any])

Operation = dict[str, Any]
Expand = Callable[[], Iterable[tuple[str, Operation]]]


def doc(summary: str, description: str, *, tags: Iterable[str], responses: dict[str, Any],
        method: str = "get", parameters: Iterable[Any] = (), body: dict[str, Any] | None = None,
        operation_id: str | None = None, deprecated: bool = False,
        expand: Expand | None = None) -> Callable[[F], F]:
    """Record the OpenAPI operation of `method` on the decorated view."""
    operation: Operation = {"tags": list(tags), "summary": summary, "description": description,
                            "responses": responses}
    if parameters:
        operation["parameters"] = list(parameters)
    if body is not None:
        operation["requestBody"] = body
    if operation_id:
        operation["operationId"] = operation_id
    if deprecated:
        operation["deprecated"] = True

    def mark(view: F) -> F:
        documented: dict[str, tuple[Operation, Expand | None]] = view.__dict__.setdefault(
            "openapi", {})
        documented[method] = (operation, expand)
        return view

    return mark


def problem(description: str, **extra: Any) -> dict[str, Any]:
    """A documented problem+json answer."""
    return {"description": description,
            "content": {"application/problem+json": {"schema": "ProblemOut"}}, **extra}


def per_game(make: Callable[[Game], Any], tracked: bool = False) -> dict[str, Any]:
    """OpenAPI `examples`: one for each registered game (with table sessions, if `tracked`),
    each made from that game's own data, so no game is named outside its own folder."""
    return {"examples": {g.slug: {"value": make(g)} for g in all_games()
                         if g.tracker is not None or not tracked}}


def _shown(example: Any) -> dict[str, Any]:
    """`example` as its key: an examples map (per_game) is kept as it is."""
    return example if isinstance(example, dict) and set(example) == {"examples"} \
        else {"example": example}


def json_answer(example: Any, description: str = "OK", schema: Any = None) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {
        "schema": schema or {"type": "object"}, **_shown(example)}}}


def request_doc(schema: Any, example: Any) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema,
                                                               **_shown(example)}}}


def path_param(name: str, description: str, example: Any,
               schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"in": "path", "name": name, "required": True, "description": description,
            "schema": schema or {"type": "string"}, **_shown(example)}


def setup_of(game: Game) -> dict[str, Any]:
    """A session setup naming its game (the older create route and an export carry it)."""
    return {"game": game.slug, **(game.tracker.example_setup if game.tracker else {})}


ERRORS = {"404": problem("Unknown game, rule or calculator (with suggestions)."),
          "422": problem("A value is missing, of the wrong type, or breaks a rule of the game.")}
BODY_ERRORS = {**ERRORS,
               "400": problem("The body is not valid JSON."),
               "413": problem("The body is too large."),
               "415": problem("The body is not application/json.")}
CODE = path_param("code", "The session's share code (8 letters and digits).", "k7m2x9qa")
GAME = path_param("game", "Game slug (see /api/v1/games).", per_game(lambda g: g.slug))
