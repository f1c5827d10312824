"""Seats claimed by their owners (issue 29, item 5): each seat of a game with secrets has its
own claim code (on its slip, on the scorekeeper's phone, in its QR); the share code alone
claims nothing; the scorekeeper releases a seat and its old token ends at once; a game
without secrets offers no claims and says why."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.games import all_games

from .conftest import make_app
from .helpers import claim

SECRET_GAMES = [g for g in all_games() if g.tracker is not None and g.tracker.private_events]
PLAIN_GAMES = [g for g in all_games() if g.tracker is not None and not g.tracker.private_events]


@pytest.fixture()
def client(sqlite_url: str) -> Any:
    app = make_app(sqlite_url)
    yield app.test_client()
    app.extensions["lairside.sessions"].dispose()


def start(client: Any, game: Any) -> dict[str, Any]:
    made = client.post(f"/api/v1/games/{game.slug}/sessions", json=game.tracker.example_setup)
    assert made.status_code == 201, made.json
    return made.json


@pytest.mark.parametrize("game", SECRET_GAMES, ids=lambda g: g.slug)
def test_a_seat_is_claimed_with_its_own_code_only(client: Any, game: Any) -> None:
    made = start(client, game)
    code, seat = made["code"], made["setup"]["seats"][0]["id"]
    listed = client.get(f"/api/v1/sessions/{code}/seats",
                        headers={"Authorization": f"Bearer {made['edit_token']}"})
    assert listed.status_code == 200 and listed.headers["Cache-Control"] == "no-store"
    seats = {s["id"]: s for s in listed.json["seats"]}
    assert len({s["claim_code"] for s in seats.values()}) == len(seats)  # one code each
    assert seats[seat]["url"].endswith(f"#seat={seat}&claim={seats[seat]['claim_code']}")
    assert client.get(f"/api/v1/sessions/{code}/seats").status_code == 401  # share code only
    path = f"/api/v1/sessions/{code}/seats/{seat}/claim"
    assert client.post(path).status_code in (415, 422)  # the share code alone claims nothing
    other = next(s for s in seats.values() if s["id"] != seat)["claim_code"]
    wrong = client.post(path, json={"claim_code": other})  # another seat's code
    assert wrong.status_code == 403 and wrong.json["type"] == "/problems/claim-code"
    typed = seats[seat]["claim_code"].lower()
    typed = f"{typed[:4]} {typed[4:]}"  # as read aloud and typed: any case, a space
    assert client.post(path, json={"claim_code": typed}).status_code == 201
    assert client.post(path, json={"claim_code": typed}).status_code == 409
    qr = client.get(f"/api/v1/sessions/{code}/qr.svg?seat={seat}",
                    headers={"Authorization": f"Bearer {made['edit_token']}"})
    assert qr.status_code == 200 and "no-store" in qr.headers["Cache-Control"]
    assert client.get(f"/api/v1/sessions/{code}/qr.svg?seat={seat}").status_code == 401


@pytest.mark.parametrize("game", SECRET_GAMES, ids=lambda g: g.slug)
def test_the_scorekeeper_releases_a_seat_and_its_old_token_ends_at_once(client: Any,
                                                                       game: Any) -> None:
    made = start(client, game)
    code, seat = made["code"], made["setup"]["seats"][0]["id"]
    old = claim(client, code, made["edit_token"], seat).json["seat_token"]
    read = f"/api/v1/sessions/{code}"
    assert client.get(read, headers={"X-Seat-Token": old}).json["seat"] == seat
    path = f"/api/v1/sessions/{code}/seats/{seat}/claim"
    assert client.delete(path).status_code == 401  # the scorekeeper's act only
    released = client.delete(path, headers={"Authorization": f"Bearer {made['edit_token']}"})
    assert released.status_code == 204
    assert client.get(read, headers={"X-Seat-Token": old}).status_code == 403
    new = claim(client, code, made["edit_token"], seat)  # the new phone, with the same slip
    assert new.status_code == 201 and new.json["seat_token"] != old
    listed = client.get(f"/api/v1/sessions/{code}/seats",
                        headers={"Authorization": f"Bearer {made['edit_token']}"}).json
    assert next(s for s in listed["seats"] if s["id"] == seat)["claimed"] is True


@pytest.mark.parametrize("game", PLAIN_GAMES, ids=lambda g: g.slug)
def test_a_game_without_secrets_offers_no_claims_and_says_why(client: Any, game: Any) -> None:
    made = start(client, game)
    seat = made["setup"]["seats"][0]["id"]
    answer = client.post(f"/api/v1/sessions/{made['code']}/seats/{seat}/claim",
                         json={"claim_code": "whatever"})
    assert answer.status_code == 404 and "no secrets" in answer.json["detail"]
    assert "share code" in answer.json["detail"]


def test_7_a_table_behind_one_address_never_locks_itself_out(sqlite_url: str) -> None:
    """Issue 40, finding 7: claims are limited per seat, not per address. Five phones behind
    one NAT each mistype their code twice, then claim: every claim goes through, and creating
    tables is untouched (claims are not creations); a seat whose code is guessed at is held
    back for a minute, the others not."""
    app = make_app(sqlite_url, LAIRSIDE_RATE_CREATE="2/3600", LAIRSIDE_RATE_MISS="3/60")
    client = app.test_client()
    setup = {"mode": "shifting-allegiances",
             "seats": [{"name": n} for n in ("A1", "B2", "C3", "D4", "E5")]}
    made = client.post("/api/v1/games/vigilante/sessions", json=setup)
    assert made.status_code == 201, made.json
    code, edit = made.json["code"], made.json["edit_token"]
    listed = client.get(f"/api/v1/sessions/{code}/seats",
                        headers={"Authorization": f"Bearer {edit}"}).json["seats"]
    for seat in listed:
        path = f"/api/v1/sessions/{code}/seats/{seat['id']}/claim"
        for typo in ("AAAAAAAA", "BBBBBBBB"):
            assert client.post(path, json={"claim_code": typo}).status_code == 403
        assert client.post(path, json={"claim_code": seat["claim_code"]}).status_code == 201
    assert client.get(f"/api/v1/sessions/{code}").status_code == 200  # reads still answer
    assert client.post("/api/v1/games/vigilante/sessions", json=setup).status_code == 201
    guessed = f"/api/v1/sessions/{code}/seats/a1/claim"
    client.delete(guessed, headers={"Authorization": f"Bearer {edit}"})
    answers = [client.post(guessed, json={"claim_code": "CCCCCCCC"}).status_code
               for _ in range(4)]
    assert answers == [403, 403, 403, 429]  # 3 tries before, 3 now: the 7th waits
    held = client.post(guessed, json={"claim_code": "DDDDDDDD"})
    assert held.status_code == 429 and int(held.headers["Retry-After"]) <= 60
    other = client.post(f"/api/v1/sessions/{code}/seats/b2/claim",
                        json={"claim_code": "EEEEEEEE"})
    assert other.status_code == 403  # another seat is not held back
    app.extensions["lairside.sessions"].dispose()
