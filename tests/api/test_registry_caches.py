"""Caches derived from the game registry are rebuilt together (issue 39, item 5): a game
registered after create_app is searched and indexed like the others, and a game registered
anew is never answered from the old one's caches; and no edit link is kept by any cache of QR
codes."""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from api import create_app
from printables import codes, qr
from tests.games.fixture_game import GAME, registered
from tests.sessions.helpers import create


@pytest.fixture()
def app(tmp_path: Path) -> Iterator[Flask]:
    made = create_app({"TESTING": True, "LAIRSIDE_RATE_CREATE": "off",
                       "LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp_path}/r.sqlite3"})
    yield made
    made.extensions["lairside.sessions"].dispose()


def test_a_game_registered_after_the_app_is_searched_and_indexed(app: Flask) -> None:
    client = app.test_client()
    assert client.get("/api/v1/rules?q=coins").status_code == 200  # before: kept for 5 games
    with registered():
        found = client.get("/api/v1/games/coin-heist/rules?q=coins")
        assert found.status_code == 200 and found.json["count"] > 0
        everywhere = client.get("/api/v1/rules?q=coins&limit=50").json["results"]
        assert any(hit["game"] == "coin-heist" for hit in everywhere)
        index = client.get("/g/coin-heist/search.json")
        assert index.status_code == 200 and json.loads(index.data)["synonyms"] == {
            "loot": ["coins"]}
    gone = client.get("/api/v1/rules?q=coins&limit=50").json["results"]
    assert not any(hit["game"] == "coin-heist" for hit in gone)
    assert client.get("/g/coin-heist/search.json").status_code == 404
    anew = dataclasses.replace(GAME, synonyms={"swag": ("coins",)})
    from assistant.games import GAMES, register

    register(anew)
    try:
        index = client.get("/g/coin-heist/search.json")
        assert json.loads(index.data)["synonyms"] == {"swag": ["coins"]}  # not the old one's
    finally:
        GAMES.pop(anew.slug, None)


def test_no_edit_link_is_kept_by_a_cache_of_codes(app: Flask) -> None:
    client = app.test_client()
    made = create(client)
    bearer = {"Authorization": f"Bearer {made['edit_token']}"}
    edit = made["urls"]["edit"]
    assert "#token=" in edit and not qr.keepable(edit)
    sheet = client.get(f"/api/v1/sessions/{made['code']}/join.pdf", headers=bearer)
    assert sheet.status_code == 200
    svg = client.get(f"/api/v1/sessions/{made['code']}/qr.svg", headers=bearer)
    assert svg.status_code == 200
    for kept in (qr._kept_matrix, codes._kept_ops):
        misses = kept.cache_info().misses
        kept(edit)  # asked now, it is made: nothing held it
        assert kept.cache_info().misses == misses + 1
        kept.cache_clear()
    assert qr.keepable(made["urls"]["view"])  # the follow link is kept as before
