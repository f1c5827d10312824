"""What a session's refusal says (issue 41, build 5), through the API, on the fixture game:
the rule entry it applies (id, title, the API's entry and the phone page), what can be done
now said once and only what the caller may send, `next` on form errors too, and nothing
that changes the result once the game is over."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.games.fixture_game import registered

from .conftest import make_app
from .helpers import seat_token

SETUP = {"mode": "standard", "seats": [{"name": "Ana"}, {"name": "Bo"}]}


@pytest.fixture()
def client(sqlite_url: str) -> Iterator[Any]:
    with registered():
        app = make_app(sqlite_url)
        yield app.test_client()
        app.extensions["lairside.sessions"].dispose()


def send(client: Any, table: dict[str, Any], event: dict[str, Any], **headers: str) -> Any:
    version = client.get(f"/api/v1/sessions/{table['code']}").json["version"]
    return client.post(f"/api/v1/sessions/{table['code']}/events", json=event, headers={
        "Authorization": f"Bearer {table['edit_token']}", "If-Match": f'"v{version}"',
        **headers})


def test_a_refusal_names_its_rule_entry_and_says_what_now_once(client):
    table = client.post("/api/v1/games/coin-heist/sessions", json=SETUP).json
    assert send(client, table, {"kind": "round", "to": 3}).status_code == 201
    refused = send(client, table, {"kind": "round", "to": 2})
    assert refused.status_code == 422
    body = refused.json
    assert body["rule"] == {"id": "overview", "title": "Coin Heist overview",
                            "href": "/api/v1/games/coin-heist/rules/overview",
                            "page": "/g/coin-heist/rules/overview"}
    assert client.get(body["rule"]["href"]).status_code == 200
    assert body["detail"].count("What can be done now") == 1
    assert set(body["next"]) == {"coins", "round", "note"}


def test_a_form_error_carries_next_too(client):
    table = client.post("/api/v1/games/coin-heist/sessions", json=SETUP).json
    refused = send(client, table, {"kind": "round", "to": 99})
    assert refused.status_code == 422 and refused.json["errors"]["to"]
    assert set(refused.json["next"]) == {"coins", "round", "note"}


def test_a_seat_phone_is_offered_only_what_it_may_send(client):
    table = client.post("/api/v1/games/coin-heist/sessions", json=SETUP).json
    phone = seat_token(client, table["code"], table["edit_token"], "ana")
    version = client.get(f"/api/v1/sessions/{table['code']}").json["version"]
    refused = client.post(f"/api/v1/sessions/{table['code']}/events",
                          json={"kind": "stash", "seat": "ana", "coins": 99},
                          headers={"X-Seat-Token": phone, "If-Match": f'"v{version}"'})
    assert refused.status_code == 422
    assert refused.json.get("next", []) == []  # the table's moves are not this phone's


def test_nothing_changes_the_result_after_the_end(client):
    table = client.post("/api/v1/games/coin-heist/sessions", json=SETUP).json
    assert send(client, table, {"kind": "coins", "seat": "ana", "count": 4}).status_code == 201
    assert send(client, table, {"kind": "round", "to": 5}).status_code == 201
    late = send(client, table, {"kind": "coins", "seat": "bo", "count": 9})
    assert late.status_code == 422
    assert "The game is over" in late.json["detail"]
    assert late.json["rule"]["id"] == "winning"
    assert send(client, table, {"kind": "note", "text": "good game"}).status_code == 201
    score = client.get(f"/api/v1/sessions/{table['code']}/score").json
    assert score["result"]["final"] is True
