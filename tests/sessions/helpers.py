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


def claim(client, code, edit_token, seat):
    """A seat claimed as its player's phone claims it: with the claim code on its slip (read
    here from the scorekeeper's list of seats). The answer of the claim."""
    listed = client.get(f"/api/v1/sessions/{code}/seats",
                        headers={"Authorization": f"Bearer {edit_token}"})
    assert listed.status_code == 200, listed.json
    codes = {s["id"]: s["claim_code"] for s in listed.json["seats"]}
    return client.post(f"/api/v1/sessions/{code}/seats/{seat}/claim",
                       json={"claim_code": codes.get(seat, "no-such-seat")})


def seat_token(client, code, edit_token, seat):
    answer = claim(client, code, edit_token, seat)
    assert answer.status_code == 201, answer.json
    return answer.json["seat_token"]
