"""/openapi.json states every bound the server enforces, and the server enforces every bound it
states (issue 27, item 3): one schema, built from the core's form, validates each body and
query and is what the document shows.

For every operation with a body or query (each game's calculators, score and setup, each
game's session setup and every event kind), every field of the documented schema is sent at
its documented limits and just past them: past a limit the answer is a 422 naming that field;
at a limit the field is never what is refused (the game's own rules may still refuse the whole,
as an `invalid-input` problem). Every whole number anywhere in a request has a documented
minimum and maximum."""
from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from assistant.games import all_games
from tests.sessions.conftest import make_app

APP = make_app("sqlite:///:memory:", LAIRSIDE_RATE_MISS="off")
CLIENT = APP.test_client()
SPEC = CLIENT.get("/openapi.json").json


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if ref:
        return resolve(SPEC["components"]["schemas"][ref.rsplit("/", 1)[1]])
    return schema


def integers(schema: dict[str, Any], at: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every whole number a schema takes, with where it sits."""
    schema = resolve(schema)
    if schema.get("type") == "integer":
        yield at, schema
    for name, inner in schema.get("properties", {}).items():
        yield from integers(inner, f"{at}.{name}".strip("."))
    if "items" in schema:
        yield from integers(schema["items"], f"{at}[]")
    for inner in schema.get("oneOf", []):
        yield from integers(inner, at)


def request_schemas() -> Iterator[tuple[str, dict[str, Any]]]:
    for path, operations in SPEC["paths"].items():
        for method, op in operations.items():
            for param in op.get("parameters", []):
                yield f"{method} {path} {param['name']}", param.get("schema", {})
            body = op.get("requestBody", {}).get("content", {}).get("application/json")
            if body:
                yield f"{method} {path} body", body["schema"]


def test_every_whole_number_in_a_request_has_a_documented_range():
    missing = [f"{where} {at}" for where, schema in request_schemas()
               for at, number in integers(schema)
               if "minimum" not in number or "maximum" not in number]
    assert not missing, missing[:10]


# --- the operations and a valid body for each ---------------------------------------------------

def _session(game: Any) -> dict[str, Any]:
    made = CLIENT.post(f"/api/v1/games/{game.slug}/sessions", json=game.tracker.example_setup)
    assert made.status_code == 201, made.json
    return made.json


def operations() -> Iterator[tuple[str, str, str, dict[str, Any], Any]]:
    """(id, method, path, documented schema, a body or query the server accepts)."""
    for game in all_games():
        ops = [*game.calculators.values(), *([game.scoring] if game.scoring else [])]
        for op in ops:
            path = (f"/api/v1/games/{game.slug}/score" if op is game.scoring
                    else f"/api/v1/games/{game.slug}/calculators/{op.slug}")
            schema = SPEC["paths"][path]["post"]["requestBody"]["content"][
                "application/json"]["schema"]
            yield f"{game.slug}:{op.slug}", "post", path, resolve(schema), dict(op.example)
        if game.tracker is not None:
            tracker = game.tracker
            name = "".join(p.capitalize() for p in game.slug.split("-"))
            yield (f"{game.slug}:session-setup", "post", f"/api/v1/games/{game.slug}/sessions",
                   resolve(SPEC["components"]["schemas"][f"{name}SessionSetupIn"]),
                   dict(tracker.example_setup))
            for event in tracker.example_events:
                kind = event["kind"]
                if kind in tracker.private_events:
                    continue  # written from a seat's own phone: tests/games cover them
                schema = SPEC["components"]["schemas"][
                    f"{name}SessionEvent{''.join(p.capitalize() for p in kind.split('-'))}In"]
                yield (f"{game.slug}:event:{kind}", "event", game.slug, resolve(schema),
                       dict(event))


OPERATIONS = list(operations())


def _send(method: str, path: str, body: Any) -> Any:
    if method == "event":  # a fresh table of that game each time; the event is its first
        game = next(g for g in all_games() if g.slug == path)
        made = _session(game)
        return CLIENT.post(f"/api/v1/sessions/{made['code']}/events", json=body, headers={
            "Authorization": f"Bearer {made['edit_token']}", "If-Match": '"v0"'})
    return CLIENT.post(path, json=body)


def _limits(schema: dict[str, Any]) -> Iterator[tuple[Any, bool]]:
    """(value, within the documented schema) at and just past each documented limit."""
    kind = schema.get("type")
    if kind == "integer":
        yield schema["minimum"], True
        yield schema["maximum"], True
        yield schema["minimum"] - 1, False
        yield schema["maximum"] + 1, False
        yield 1.5, False
    elif kind == "boolean":
        yield True, True
        yield -0.0, False
        yield "true", False
    elif kind == "string" and "enum" in schema:
        yield next(v for v in schema["enum"] if v is not None), True
        yield "no-such-option", False
    elif kind == "string":
        longest = schema.get("maxLength", 80)
        yield "x" * longest, True
        yield "x" * (longest + 1), False
        if "pattern" in schema:
            yield "   ", False
    elif kind == "array" and resolve(schema["items"]).get("type") == "integer":
        items = resolve(schema["items"])
        fewest = max(schema.get("minItems", 0), 1)
        yield [items["minimum"]] * fewest, True
        yield [items["maximum"] + 1] * fewest, False
        yield [items["minimum"]] * (schema["maxItems"] + 1), False
        yield ["𝟒"] * fewest, False


def cases() -> Iterator[Any]:
    for name, method, path, schema, example in OPERATIONS:
        for field, inner in schema.get("properties", {}).items():
            for value, within in _limits(resolve(inner)):
                yield pytest.param(method, path, example, field, value, within,
                                   id=f"{name}.{field}={str(value)[:12]}")


@pytest.mark.parametrize(("method", "path", "example", "field", "value", "within"),
                         list(cases()))
def test_documented_limits_are_the_enforced_ones(method: str, path: str, example: Any,
                                                 field: str, value: Any, within: bool):
    body = copy.deepcopy(example)
    body[field] = value
    answer = _send(method, path, body)
    refused_field = answer.status_code == 422 and answer.json["type"] == "/problems/validation" \
        and any(key == field or key.startswith(f"{field}.") for key in answer.json["errors"])
    if within:
        assert not refused_field, answer.json
    else:
        assert answer.status_code == 422, (answer.status_code, answer.json)
        assert any(key == field or key.startswith(f"{field}.")
                   for key in answer.json.get("errors", {})), answer.json
