"""The OpenAPI 3 document, generated from the marshmallow schemas and the game registry.

Routes are generic over the registry, so the document is too: every registered game's setup,
calculators and scoring get their own path with their own input schema and a worked example
whose response is computed by the real code when the document is built (never typed by hand).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask

from api.schemas.common import ExplainedOut, ProblemOut, SessionScoreOut
from api.schemas.forms import operation_schema_name, schema_for
from assistant.games import Game, Operation, all_games

VERSION = "0.1.0"

# Other modules (printables, sessions) add their paths here when their blueprint registers.
CONTRIBUTORS: list[Callable[[APISpec], None]] = []


def _problem(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/problem+json": {"schema": "ProblemOut"}}}


ERRORS = {"404": _problem("Unknown game, rule or calculator (with suggestions)."),
          "422": _problem("A value is missing, of the wrong type, or breaks a rule of the game.")}
BODY_ERRORS = {**ERRORS,
               "400": _problem("The body is not valid JSON."),
               "413": _problem("The body is too large."),
               "415": _problem("The body is not application/json.")}


def _json(schema: Any, example: Any = None, description: str = "OK") -> dict[str, Any]:
    content: dict[str, Any] = {"schema": schema}
    if example is not None:
        content["example"] = example
    return {"description": description, "content": {"application/json": content}}


def _game_param() -> dict[str, Any]:
    return {"in": "path", "name": "game", "required": True, "schema": {"type": "string"},
            "description": "Game slug (see /api/v1/games).",
            "example": all_games()[0].slug}


def _operation_paths(spec: APISpec, game: Game) -> None:
    def example_of(op: Operation) -> Any:
        return op.run(op.example).to_json()

    if game.setup is not None:
        op = game.setup
        name = operation_schema_name(game.slug, op.slug)
        spec.path(path=f"/api/v1/games/{game.slug}/setup", operations={"get": {
            "tags": ["setup"], "summary": op.title, "description": op.summary,
            "parameters": [{"in": "query", "schema": schema_for(op.form, name, query=True)}],
            "responses": {"200": _json("ExplainedOut", example_of(op)), **ERRORS}}})
    ops = list(game.calculators.values())
    if game.scoring is not None:
        ops.append(game.scoring)
    for op in ops:
        name = operation_schema_name(game.slug, op.slug)
        spec.components.schema(name, schema=schema_for(op.form, name))
        path = (f"/api/v1/games/{game.slug}/score" if op is game.scoring
                else f"/api/v1/games/{game.slug}/calculators/{op.slug}")
        spec.path(path=path, operations={"post": {
            "tags": ["scoring" if op is game.scoring else "calculators"],
            "summary": op.title, "description": op.summary,
            "requestBody": {"required": True, "content": {"application/json": {
                "schema": name, "example": dict(op.example)}}},
            "responses": {"200": _json("ExplainedOut", example_of(op)), **BODY_ERRORS}}})


def build_spec(app: Flask) -> dict[str, Any]:
    spec = APISpec(title="Lairside API", version=VERSION, openapi_version="3.0.3",
                   plugins=[MarshmallowPlugin()],
                   info={"description": "Rules lookup, setup, calculators and scoring for "
                                        "villain-themed board games. Every error is "
                                        "application/problem+json."})
    spec.components.schema("ExplainedOut", schema=ExplainedOut)
    spec.components.schema("ProblemOut", schema=ProblemOut)
    spec.components.schema("SessionScoreOut", schema=SessionScoreOut)
    obj = {"type": "object"}
    first = all_games()[0]  # examples show a real game, whichever registers first
    entry = next(iter(first.rules))
    spec.path(path="/healthz", operations={"get": {
        "tags": ["meta"], "summary": "Liveness check",
        "description": "Answers 200 while the server runs.",
        "responses": {"200": _json(obj, {"status": "ok"})}}})
    spec.path(path="/api/v1/games", operations={"get": {
        "tags": ["games"], "summary": "List the games",
        "description": "Every game with its modes and allowed player counts.",
        "responses": {"200": _json(obj, {"games": [{"slug": first.slug,
                                                    "title": first.title}]})}}})
    spec.path(path="/api/v1/games/{game}", operations={"get": {
        "tags": ["games"], "summary": "Describe one game",
        "description": "Modes, player counts, and links to rules, setup, calculators, "
                       "scoring and printables.",
        "parameters": [_game_param()],
        "responses": {"200": _json(obj, {"slug": first.slug, "links": {
            "rules": f"/api/v1/games/{first.slug}/rules"}}), **ERRORS}}})
    query = {"in": "query", "name": "q", "schema": {"type": "string", "maxLength": 120},
             "description": "Words to look for; one or two typos are forgiven.",
             "example": "betrayl"}
    limit = {"in": "query", "name": "limit", "schema": {"type": "integer", "minimum": 1,
                                                        "maximum": 50, "default": 10}}
    hit = {"game": first.slug, "id": entry.id, "title": entry.title, "snippet": "…",
           "url": "…"}
    spec.path(path="/api/v1/games/{game}/rules", operations={"get": {
        "tags": ["rules"], "summary": "List or search a game's rules",
        "description": "Without q: every entry. With q: ranked, typo-tolerant results "
                       "(title matches before body matches).",
        "parameters": [_game_param(), {**query, "required": False}, limit],
        "responses": {"200": _json(obj, {"query": "betrayl", "results": [hit]}), **ERRORS}}})
    spec.path(path="/api/v1/games/{game}/rules/{entry_id}", operations={"get": {
        "tags": ["rules"], "summary": "Read one rule entry",
        "description": "Own-words text, key numbers, modes, rulebook section, provenance and "
                       "related entries. An unknown id answers 404 with the closest ids.",
        "parameters": [_game_param(), {"in": "path", "name": "entry_id", "required": True,
                                       "schema": {"type": "string"},
                                       "example": "fund-deployment"}],
        "responses": {"200": _json(obj, {"id": "fund-deployment", "title": "Fund Deployment",
                                         "section": "Villainy › Fund Deployment"}),
                      **ERRORS}}})
    spec.path(path="/api/v1/rules", operations={"get": {
        "tags": ["rules"], "summary": "Search the rules of every game",
        "description": "Like a game's search, across all games; each hit names its game.",
        "parameters": [{**query, "required": True}, limit],
        "responses": {"200": _json(obj, {"query": "betrayl", "results": [hit]}), **ERRORS}}})
    spec.path(path="/api/v1/games/{game}/calculators", operations={"get": {
        "tags": ["calculators"], "summary": "List a game's calculators",
        "description": "Each calculator with its inputs (as a form description) and a "
                       "worked example.",
        "parameters": [_game_param()],
        "responses": {"200": _json(obj, {"calculators": [{"slug": "fund-deployment"}]}),
                      **ERRORS}}})
    spec.path(path="/api/v1/games/{game}/calculators/{name}", operations={"get": {
        "tags": ["calculators"], "summary": "Describe one calculator",
        "description": "Its inputs (as a form description), the rules it applies and a worked "
                       "example; POST to the same URL to run it.",
        "parameters": [_game_param(), {"in": "path", "name": "name", "required": True,
                                       "schema": {"type": "string"},
                                       "example": next(iter(first.calculators), "x")}],
        "responses": {"200": _json(obj, {"slug": next(iter(first.calculators), "x"),
                                         "inputs": []}), **ERRORS}}})
    for game in all_games():
        _operation_paths(spec, game)
    for contribute in CONTRIBUTORS:
        contribute(spec)
    return spec.to_dict()
