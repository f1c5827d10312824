"""A Master Plan session through the API: a plan is written from its seat's own phone and is
never in the shared view, the history, the export or another seat's view."""
from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from api import create_app

SECRET = "Quasar"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    app = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": "sqlite://",
                      "LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off"})
    yield app.test_client()
    app.extensions["lairside.sessions"].dispose()


def test_a_plan_stays_on_its_owners_phone(client: Any) -> None:
    made = client.post("/api/v1/games/master-plan/sessions", json={
        "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}],
        "loser_lad": "Ben"}).json
    code, edit = made["code"], {"Authorization": f"Bearer {made['edit_token']}"}
    base = f"/api/v1/sessions/{code}"
    refused = client.post(f"{base}/events", json={"kind": "plan", "seat": "ann",
                                                  "requirements": SECRET},
                          headers={**edit, "If-Match": '"v0"'})
    assert refused.status_code == 403  # the table's token may not write a private plan
    ann = {"X-Seat-Token": client.post(f"{base}/seats/ann/claim").json["seat_token"]}
    ben = {"X-Seat-Token": client.post(f"{base}/seats/ben/claim").json["seat_token"]}
    written = client.post(f"{base}/events", json={"kind": "plan", "seat": "ann",
                                                  "requirements": f"Gem, {SECRET}"},
                          headers={**ann, "If-Match": '"v0"'})
    assert written.status_code == 201, written.json
    for headers in ({}, ben, edit):
        for path in ("", "/events", "/export", "/score"):
            answer = client.get(base + path, headers=headers)
            assert answer.status_code == 200, path
            assert SECRET not in json.dumps(answer.json), (path, headers)
    own = client.get(base, headers=ann).json
    seat = next(s for s in own["state"]["seats"] if s["id"] == "ann")
    assert seat["plan"] == ["Gem", SECRET] and seat["plan_missing"] == ["Gem", SECRET]
