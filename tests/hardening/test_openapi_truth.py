"""The OpenAPI document tells the truth about the answers the fuzzer rarely reaches (issue 14,
item 8): a 412 with current_version, a session's score, 401 with its challenge, and the
calculator description; each real answer is validated against the schema the document gives."""
from __future__ import annotations

from typing import Any

from openapi_schema_validator import OAS30Validator

from tests.sessions.helpers import create, write

VP = {"kind": "vp", "seat": "jin-feng", "amount": 2, "reason": "mission reward"}


def _schema(spec: dict[str, Any], path: str, method: str, status: str) -> dict[str, Any]:
    answer = spec["paths"][path][method]["responses"][status]
    media = next(iter(answer["content"].values()))
    return {**media["schema"], "components": spec["components"]}


def _valid(spec: dict[str, Any], path: str, method: str, status: str, body: Any) -> None:
    OAS30Validator(_schema(spec, path, method, status)).validate(body)


def test_session_answers_match_their_schemas(client):
    spec = client.get("/openapi.json").json
    s = create(client)
    assert write(client, s, VP, 0).status_code == 201
    stale = write(client, s, VP, 0)
    assert stale.status_code == 412 and stale.json["current_version"] == 1
    _valid(spec, "/api/v1/sessions/{code}/events", "post", "412", stale.json)
    score = client.get(f"/api/v1/sessions/{s['code']}/score")
    assert {"code", "version", "summary"} <= set(score.json)
    _valid(spec, "/api/v1/sessions/{code}/score", "get", "200", score.json)
    missing = client.post(f"/api/v1/sessions/{s['code']}/undo", headers={"If-Match": '"v1"'})
    assert missing.status_code == 401
    _valid(spec, "/api/v1/sessions/{code}/undo", "post", "401", missing.json)
    documented = spec["paths"]["/api/v1/sessions/{code}/undo"]["post"]["responses"]["401"]
    assert "WWW-Authenticate" in documented["headers"]
    for path in ("/api/v1/sessions/{code}/events", "/api/v1/games/{game}/sessions",
                 "/api/v1/sessions/import", "/api/v1/sessions/{code}/revert"):
        assert {"400", "415", "422"} <= set(spec["paths"][path]["post"]["responses"]), path


def test_calculator_description_is_documented(client):
    spec = client.get("/openapi.json").json
    op = spec["paths"]["/api/v1/games/{game}/calculators/{name}"]["get"]
    assert op["description"] and "200" in op["responses"]
    assert client.get("/api/v1/games/tdt/calculators/fund-deployment").status_code == 200
