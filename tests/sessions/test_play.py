"""Issue 33 through the API: GET /api/v1/sessions/{code}/play (JSON, ?format=csv, ?tz=) and
the score answer's BG Stats link, on the fixture game (Coin Heist ends when round 5 begins).
The five games' own finished games are checked in the core (tests/games/test_play.py)."""
from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

import pytest

from assistant.tracker.play import BGSTATS_WEB
from tests.games.fixture_game import registered
from tests.games.test_finished_exports import FINISHED
from tests.games.test_play import check_shape, finished

from .conftest import make_app
from .helpers import seat_token
from .test_finished_games import play as played

SETUP = {"mode": "standard", "seats": [{"name": "Ana", "player": "Ann"}, {"name": "Bo"},
                                       {"name": "Cy"}]}
COINS = [{"kind": "coins", "seat": "ana", "count": 7}, {"kind": "coins", "seat": "bo",
                                                        "count": 7},
         {"kind": "coins", "seat": "cy", "count": 3}]
END = {"kind": "round", "to": 5}


@pytest.fixture()
def client(sqlite_url: str) -> Iterator[Any]:
    with registered():
        app = make_app(sqlite_url)
        yield app.test_client()
        app.extensions["lairside.sessions"].dispose()


def table(client: Any, events: list[dict[str, Any]], stash: int | None = None) -> str:
    """A Coin Heist table with `events` written by the scorekeeper; `stash`: Ana's secret,
    written from her own phone first."""
    made = client.post("/api/v1/games/coin-heist/sessions", json=SETUP).json
    code, edit = made["code"], made["edit_token"]
    version = 0
    if stash is not None:
        phone = seat_token(client, code, edit, "ana")
        answer = client.post(f"/api/v1/sessions/{code}/events", json={
            "kind": "stash", "seat": "ana", "coins": stash},
            headers={"X-Seat-Token": phone, "If-Match": '"v0"'})
        assert answer.status_code == 201, answer.json
        version = 1
    for event in events:
        answer = client.post(f"/api/v1/sessions/{code}/events", json=event, headers={
            "Authorization": f"Bearer {edit}", "If-Match": f'"v{version}"'})
        assert answer.status_code == 201, answer.json
        version += 1
    return str(code)


def imported(client: Any, times: list[str]) -> str:
    """The finished table played at `times` (UTC), as an import of its export carries them."""
    events = [{"seq": i + 1, "at": at, "event": e}
              for i, (at, e) in enumerate(zip(times, [*COINS, END], strict=True))]
    answer = client.post("/api/v1/sessions/import", json={
        "format": "lairside-session", "format_version": 1,
        "setup": {"game": "coin-heist", **SETUP}, "events": events})
    assert answer.status_code == 201, answer.json
    return str(answer.json["code"])


def test_a_game_not_ended_has_no_play(client: Any) -> None:
    """Issue 33 (2, 3): 409 problem+json for JSON and CSV; the score offers no link."""
    code = table(client, COINS)
    for url in (f"/api/v1/sessions/{code}/play", f"/api/v1/sessions/{code}/play?format=csv"):
        answer = client.get(url)
        assert answer.status_code == 409 and answer.mimetype == "application/problem+json"
        assert answer.json["type"] == "/problems/game-not-ended"
        assert "not ended" in answer.json["detail"]
    assert "play" not in client.get(f"/api/v1/sessions/{code}/score").json
    assert client.get("/problems/game-not-ended").status_code == 200


def test_a_finished_table_answers_its_play(client: Any) -> None:
    code = imported(client, ["2025-01-31T19:00:00+00:00", "2025-01-31T19:40:00+00:00",
                             "2025-01-31T20:10:00+00:00", "2025-01-31T20:35:00+00:00"])
    answer = client.get(f"/api/v1/sessions/{code}/play?tz=Europe/Paris")
    assert answer.status_code == 200, answer.json
    body = answer.json
    data = body["play"]
    assert body["time_zone"] == "Europe/Paris"
    assert data["playDate"] == "2025-01-31 20:00:00" and data["durationMin"] == 95  # CET
    assert data["board"] == "Standard" and data["game"] == {
        "name": "Coin Heist", "highestWins": True, "noPoints": False,
        "sourceGameId": "coin-heist"}
    link = body["urls"]["bgstats"]
    assert link.startswith(BGSTATS_WEB) and json.loads(unquote(link[len(BGSTATS_WEB):])) == data
    standings = client.get(f"/api/v1/sessions/{code}/score").json["result"]["standings"]
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in data["players"]] == [
        ("Ann", 7, 1, True), ("Bo", 7, 1, True), ("Cy", 3, 3, False)] == [
        (p["name"], s["total"], s["rank"], s["winner"])
        for p, s in zip(data["players"], standings, strict=True)]
    assert body["start_player"] == {"seat": "ana", "recorded": False}
    assert body["text"].startswith("Coin Heist · Standard · 2025-01-31 20:00 (95 min)\n")
    utc = client.get(f"/api/v1/sessions/{code}/play").json
    assert utc["time_zone"] == "UTC" and utc["play"]["playDate"] == "2025-01-31 19:00:00"


def test_the_score_answer_offers_the_link_once_the_game_ends(client: Any) -> None:
    code = table(client, [*COINS, END])
    score = client.get(f"/api/v1/sessions/{code}/score").json
    play = client.get(f"/api/v1/sessions/{code}/play").json
    assert score["result"]["final"] is True
    assert score["play"]["bgstats"] == play["urls"]["bgstats"]
    assert score["play"]["text"] == play["text"]
    assert score["play"]["csv"] == f"/api/v1/sessions/{code}/play?format=csv"


def test_csv_has_one_row_per_seat(client: Any) -> None:
    code = imported(client, ["2025-06-01T18:00:00+00:00"] * 4)
    answer = client.get(f"/api/v1/sessions/{code}/play?format=csv")
    assert answer.status_code == 200 and answer.mimetype == "text/csv"
    assert "attachment" in answer.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(answer.get_data(as_text=True))))
    assert rows == [
        ["date", "game", "mode", "seat", "name", "score", "rank", "winner", "role"],
        ["2025-06-01 18:00:00", "Coin Heist", "Standard", "Ana", "Ann", "7", "1", "yes", "Ana"],
        ["2025-06-01 18:00:00", "Coin Heist", "Standard", "Bo", "Bo", "7", "1", "yes", ""],
        ["2025-06-01 18:00:00", "Coin Heist", "Standard", "Cy", "Cy", "3", "3", "no", ""]]


def test_a_phone_holding_the_play_gets_304(client: Any) -> None:
    code = table(client, [*COINS, END])
    first = client.get(f"/api/v1/sessions/{code}/play?format=csv")
    again = client.get(f"/api/v1/sessions/{code}/play?format=csv",
                       headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("query", ["format=xml", "tz=Mars/Olympus", "tz=../../etc/passwd",
                                   "tz=Europe", "tz=%00", "tz=" + "A" * 300])
def test_a_format_or_zone_unknown_is_422(client: Any, query: str) -> None:
    code = table(client, [*COINS, END])
    answer = client.get(f"/api/v1/sessions/{code}/play?{query}")
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"


def test_ana_s_secret_stash_stays_off_the_play(client: Any) -> None:
    """The play of a table where Ana stashed coins from her phone is the play of the same game
    without it: nothing of a private entry reaches the play, its text or its rows."""
    secret = table(client, [*COINS, END], stash=8)
    plain = table(client, [*COINS, END])

    def seen(code: str) -> tuple[Any, ...]:
        body = client.get(f"/api/v1/sessions/{code}/play").json
        rows = client.get(f"/api/v1/sessions/{code}/play?format=csv").get_data(as_text=True)
        return (body["play"]["players"], seats_lines(body["text"]),
                [row.split(",", 1)[1] for row in rows.splitlines()[1:]])  # not the date

    assert seen(secret) == seen(plain)
    assert "stash" not in json.dumps(client.get(f"/api/v1/sessions/{secret}/play").json)


def test_the_play_is_documented(client: Any) -> None:
    spec = client.get("/openapi.json").json
    operation = spec["paths"]["/api/v1/sessions/{code}/play"]["get"]
    assert operation["operationId"] == "sessionPlay"
    assert {"200", "304", "404", "409", "422"} <= set(operation["responses"])
    assert set(operation["responses"]["200"]["content"]) == {"application/json", "text/csv"}


@pytest.mark.parametrize("slug", sorted(FINISHED))
def test_every_game_s_finished_table_logs_its_play(client: Any, slug: str) -> None:
    """Issue 33 (4) through the API: each game's finished game played by its writers; its play
    agrees with its score answer, and its imported copy (every unrevealed secret sealed)
    logs the same players."""
    history = finished(slug)
    code = played(client, slug, history)["code"]
    score = client.get(f"/api/v1/sessions/{code}/score").json
    body = client.get(f"/api/v1/sessions/{code}/play").json
    assert score["play"]["bgstats"] == body["urls"]["bgstats"]
    check_shape(body["play"], points=bool(score["result"]["points"]))
    assert [(p["rank"], p["winner"]) for p in body["play"]["players"]] == [
        (s["rank"], s["winner"]) for s in score["result"]["standings"]]
    copy = client.post("/api/v1/sessions/import",
                       json=client.get(f"/api/v1/sessions/{code}/export").json).json["code"]
    again = client.get(f"/api/v1/sessions/{copy}/play").json
    assert again["play"]["players"] == body["play"]["players"]
    assert seats_lines(again["text"]) == seats_lines(body["text"])


def seats_lines(text: str) -> list[str]:
    """The text's lines of the seats and the start player (not its head or comments, which
    name the table and its times)."""
    return text.split("\nKept on Lairside")[0].splitlines()[1:]
