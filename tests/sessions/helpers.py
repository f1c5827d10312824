"""Small helpers shared by the session tests."""
from __future__ import annotations

CUTTHROAT = {"mode": "cutthroat", "seats": [
    {"goodman": True, "player": "Gil"}, {"henchman": "Azura Badeau", "player": "Ana"},
    {"henchman": "Jin Feng", "player": "Jo"}, {"henchman": "Boris Myasneek", "player": "Bo"}]}


def create(client, setup=None):
    answer = client.post("/api/v1/games/tdt/sessions", json=setup or CUTTHROAT)
    assert answer.status_code == 201, answer.json
    return answer.json


def write(client, session, event, version=None, key=None, path="events", token=None):
    headers = {"Authorization": f"Bearer {token or session['edit_token']}"}
    if version is not None:
        headers["If-Match"] = f'"v{version}"'
    if key is not None:
        headers["Idempotency-Key"] = key
    url = f"/api/v1/sessions/{session['code']}/{path}"
    return client.post(url, json=event, headers=headers)
