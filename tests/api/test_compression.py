"""Text answers gzip-compressed when the phone accepts it, with conditional requests still
right (issue 32 item 3): a compressed answer's ETag is weak and still earns its 304; a write
names its version through it; streams, PDFs and token-bearing answers are sent as they are."""
from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from api import create_app
from tests.games.fixture_game import registered

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.fixture()
def client(tmp_path: Path) -> FlaskClient:
    app = create_app({"TESTING": True, "LAIRSIDE_RATE_CREATE": "off",
                      "LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp_path}/gz.sqlite3"})
    return app.test_client()


@pytest.mark.parametrize("path", ["/", "/static/app.css", "/static/session.js",
                                  "/api/v1/games/tdt", "/g/tdt/rules/fund-deployment"])
def test_text_is_compressed_when_accepted_and_304_still_answers(client: FlaskClient,
                                                                 path: str) -> None:
    with client.get(path) as plain, client.get(path, headers=GZIP) as packed:
        assert plain.status_code == packed.status_code == 200
        assert "Content-Encoding" not in plain.headers
        assert packed.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in packed.headers["Vary"]
        assert gzip.decompress(packed.data) == plain.data
        assert len(packed.data) < len(plain.data) / 2
        assert int(packed.headers["Content-Length"]) == len(packed.data)
        tag = packed.headers["ETag"]
        assert tag == "W/" + plain.headers["ETag"]
        body = plain.data
    with client.get(path, headers={**GZIP, "If-None-Match": tag}) as again:
        assert again.status_code == 304 and again.headers["ETag"] == tag
    with client.get(path, headers={"Accept-Encoding": "gzip;q=0"}) as refused:
        assert refused.data == body

def test_a_session_write_names_its_version_through_a_weak_tag(client: FlaskClient) -> None:
    with registered():  # Coin Heist, the test-only game: its events never change
        write_through_weak_tags(client)


def write_through_weak_tags(client: FlaskClient) -> None:
    made = client.post("/api/v1/games/coin-heist/sessions", json={
        "mode": "standard", "seats": [{"name": "Ana"}, {"name": "Bo"}]})
    assert made.status_code == 201
    code, token = made.get_json()["code"], made.get_json()["edit_token"]
    read = client.get(f"/api/v1/sessions/{code}", headers=GZIP)
    write = client.post(f"/api/v1/sessions/{code}/events", headers={
        **GZIP, "If-Match": read.headers["ETag"], "Authorization": f"Bearer {token}"},
        json={"kind": "coins", "seat": "ana", "count": 1})
    assert write.status_code == 201, write.data
    stale = client.post(f"/api/v1/sessions/{code}/events", headers={
        "If-Match": read.headers["ETag"], "Authorization": f"Bearer {token}"},
        json={"kind": "coins", "seat": "ana", "count": 1})
    assert stale.status_code == 412
    # the edit token's answers (no-store) and the live stream are never compressed
    seats = client.get(f"/api/v1/sessions/{code}/qr.svg",
                       headers={**GZIP, "Authorization": f"Bearer {token}"})
    assert seats.status_code == 200 and "Content-Encoding" not in seats.headers
    stream = client.get(f"/api/v1/sessions/{code}/stream?after=0", headers=GZIP,
                        buffered=False)
    assert "Content-Encoding" not in stream.headers
    events = stream.response  # each event's data is the session's JSON as it is
    assert next(events) == b"retry: 2000\n\n"
    event = next(events)
    assert event.startswith(b"id: 1\nevent: session\ndata: {")
    assert b'"version":1' in event
    stream.close()
    sheet = client.get("/api/v1/games/tdt/printables/round.pdf", headers=GZIP)
    assert sheet.status_code == 200 and "Content-Encoding" not in sheet.headers
