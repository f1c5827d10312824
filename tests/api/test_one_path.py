"""One request path (issue 27): every URL answered by the view its route names, Flask wrapped
only by what protects every request; answers kept inside that path by everything they depend
on (a mount path too); and the one schema of each form refusing what the document refuses."""
from __future__ import annotations

import gzip
import json
from typing import Any

from flask import Flask

from api import create_app
from api.responses import BodyDeadline, SecurityHeaders
from assistant.games import find_game


def test_flask_is_wrapped_only_by_what_protects_every_request(tmp_path: Any) -> None:
    app = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp_path}/a.db"})
    layer = app.wsgi_app
    assert isinstance(layer, SecurityHeaders) and isinstance(layer.app, BodyDeadline)
    inner = layer.app.app
    assert inner.__func__ is Flask.wsgi_app and inner.__self__ is app  # Flask itself
    for rule in app.url_map.iter_rules():  # every route's view is a view of its blueprint
        assert rule.endpoint == "static" or rule.endpoint.split(".")[0] in app.blueprints


def test_an_answer_kept_under_one_mount_path_is_not_sent_under_another(client: Any) -> None:
    path = "/api/v1/games/tdt/setup?mode=syndicate&players=4"
    mounted = client.get(path, base_url="http://localhost/lair")  # SCRIPT_NAME /lair
    assert mounted.status_code == 200
    assert all(link.startswith("/lair/") for link in mounted.json["links"].values())
    root = client.get(path)
    assert root.status_code == 200 and root.json["links"]
    assert not any(link.startswith("/lair/") for link in root.json["links"].values())
    for url in root.json["links"].values():
        assert client.get(url).status_code == 200


def test_a_compressed_answer_is_kept_by_its_mount_path_too(client: Any) -> None:
    """The gzip form of an answer is kept in the same cache, by the same key parts: a phone at
    the root never gets the links of /lair, compressed or not."""
    path = "/api/v1/games/tdt/setup?mode=syndicate&players=4"
    gzip_please = {"Accept-Encoding": "gzip"}
    for base, prefix in (("http://localhost/lair", "/lair/"), ("http://localhost", "/api/")):
        for _ in range(2):  # compressed, then sent again from the cache
            answer = client.get(path, base_url=base, headers=gzip_please)
            assert answer.headers["Content-Encoding"] == "gzip"
            links = json.loads(gzip.decompress(answer.get_data()))["links"].values()
            assert links and all(link.startswith(prefix) for link in links)


def test_the_schemas_refuse_what_the_document_refuses(client: Any) -> None:
    building = {"money": int("9" * 4000), "picks": [{"action": "sell", "name": "a room",
                                                     "cost": 4}]}
    huge = client.post("/api/v1/games/maniacal/calculators/base-building", json=building,
                       headers={"Content-Type": "application/json"})
    assert huge.status_code == 422 and "money" in huge.json["errors"]
    example = dict(find_game("tdt").calculators["mission"].example)
    flag = client.post("/api/v1/games/tdt/calculators/mission", json={**example, "bribe": -0.0})
    assert flag.status_code == 422 and "bribe" in flag.json["errors"]
    digits = client.get("/api/v1/games/tdt/setup",
                        query_string={"mode": "mayhem", "players": "5", "teams": "𝟒, ٥"})
    assert digits.status_code == 422 and "teams" in digits.json["errors"]
    blank = client.post("/api/v1/games/master-plan/sessions", json={
        "seats": [{"name": " "}, {"name": "Ben"}, {"name": "Cat"}]})
    assert blank.status_code == 422 and "seats.0.name" in blank.json["errors"]
    schemas = client.get("/openapi.json").json["components"]["schemas"]
    seat = schemas[schemas["MasterPlanSessionSetupIn"]["properties"]["seats"]["items"]["$ref"]
                   .rsplit("/", 1)[1]]["properties"]["name"]
    assert seat["minLength"] == 1 and "pattern" in seat
    documented = client.get("/openapi.json").json["paths"]["/api/v1/games/tdt/setup"]["get"]
    listed = next(p for p in documented["parameters"] if p["name"] == "teams")["schema"]
    assert listed["maxItems"] and {"minimum", "maximum"} <= set(listed["items"])
