"""Every documented bound of every operation's query parameters is the enforced one (issue 39,
item 4; bodies: test_documented_bounds.py): each whole number is sent at its documented minimum
and maximum and one past each, each text at its longest and one longer, each choice outside
its list. Past a bound the answer is 422 problem+json naming the parameter; at a bound the
parameter is never what the schema refuses (a game's own rule may still refuse the whole)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest

from assistant import sheets
from assistant.games import all_games
from tests.sessions.conftest import make_app
from tests.sessions.helpers import create, write

APP = make_app("sqlite:///:memory:", LAIRSIDE_RATE_MISS="off")
CLIENT = APP.test_client()
SPEC = CLIENT.get("/openapi.json").json
SESSION = create(CLIENT)
assert write(CLIENT, SESSION, {"kind": "note", "text": "Round 1"}, 0).status_code == 201
GAME = all_games()[0]
PATH_VALUES = {"game": GAME.slug, "code": SESSION["code"], "entry_id": next(iter(GAME.rules)).id,
               "name": next(iter(GAME.calculators)), "kind": "validation", "seat": "gil",
               "aid": sheets.catalogue(GAME.slug).aids[0].slug, "filename": "app.css"}


def _path(template: str) -> str:
    for name, value in PATH_VALUES.items():
        template = template.replace("{" + name + "}", value)
    return template


def _filler(schema: dict[str, Any]) -> Any:
    """A value within `schema`, for the parameters not under test."""
    if "enum" in schema:
        return next(v for v in schema["enum"] if v is not None)
    if schema.get("type") == "integer":
        return schema.get("minimum", 0)
    if schema.get("type") == "array":
        return ",".join(str(_filler(schema["items"])) for _ in range(schema.get("minItems", 1)))
    return schema.get("example", "vp")


def _limits(schema: dict[str, Any]) -> Iterator[tuple[Any, bool]]:
    if schema.get("type") == "integer" and {"minimum", "maximum"} <= set(schema):
        yield from ((schema["minimum"], True), (schema["maximum"], True),
                    (schema["minimum"] - 1, False), (schema["maximum"] + 1, False), ("x", False))
    elif schema.get("type") == "string" and "enum" in schema:
        yield from ((_filler(schema), True), ("no-such-choice", False))
    elif schema.get("type") == "string" and "maxLength" in schema:
        yield from (("v" * schema["maxLength"], True), ("v" * (schema["maxLength"] + 1), False))


def cases() -> Iterator[Any]:
    for template, operations in SPEC["paths"].items():
        for method, operation in operations.items():
            query = [p for p in operation.get("parameters", ()) if p["in"] == "query"]
            for param in query:
                for value, within in _limits(param["schema"]):
                    others = {p["name"]: _filler(p["schema"]) for p in query
                              if p is not param and p.get("required")}
                    if "timeout" in {p["name"] for p in query} and param["name"] != "timeout":
                        others["timeout"] = 0  # a long poll answers at once
                    yield pytest.param(method, _path(template), param["name"], value, others,
                                       within, id=f"{method} {template} {param['name']}="
                                                  f"{str(value)[:12]}")


CASES = list(cases())


def test_every_bounded_query_parameter_is_tried() -> None:
    named = {(case.values[1], case.values[2]) for case in CASES}
    assert ("/api/v1/rules", "limit") in named
    assert (f"/api/v1/sessions/{SESSION['code']}/events", "limit") in named


@pytest.mark.parametrize(("method", "path", "name", "value", "others", "within"), CASES)
def test_a_documented_bound_is_the_enforced_one(method: str, path: str, name: str, value: Any,
                                                others: dict[str, Any], within: bool) -> None:
    url = f"{path}?{urlencode({**others, name: value})}"
    with CLIENT.open(url, method=method.upper(), json={} if method != "get" else None,
                     buffered=False) as answer:
        status = answer.status_code
        problem = answer.get_json(silent=True) if answer.mimetype.endswith("json") else None
    names_it = status == 422 and bool(problem) and name in problem.get("errors", {})
    if within:  # the game's own rules may refuse the whole (invalid-input), never the bound
        assert not (names_it and problem["type"] == "/problems/validation"), problem
        assert status < 500
    else:
        assert status == 422 and answer.mimetype == "application/problem+json", (status, url)
        assert names_it, problem
