"""Issue 43 through the API and the start page, for every game at its largest table, with
Cyrillic, Chinese, emoji and accented names: started with names and a mode only (item 4:
what a dealer decides is dealt by the seed, the page showing the same deal the API makes),
every seat its own id and its own player id in the play log (item 1), played to the end by
each game's first listed move, and the final score opening with its outcome in one sentence,
with the chart of the game on the table's page and on the play's page (item 2)."""
from __future__ import annotations

import re
from html import escape
from typing import Any

import pytest

from assistant.games import all_games
from assistant.tracker import History, parse_event, writer

from .conftest import make_app
from .helpers import seat_token
from .test_one_way_to_start import page_fields

NAMES = ["Ана", "Аня", "王芳", "王芬", "🦊", "José", "Jose"]
GAMES = [g for g in all_games() if g.tracker is not None]


def html_escape(text: str) -> str:
    """As Jinja writes text into a page."""
    return escape(text).replace("&#x27;", "&#39;").replace("&quot;", "&#34;")


def names_only(game: Any) -> dict[str, Any]:
    """The start form with names and a mode only, at the mode's largest table."""
    mode = game.modes[0]
    key = "player" if game.slug == "tdt" else "name"  # a TDT seat's own name is its Henchman's
    return {"mode": mode.slug, "seats": [{key: n} for n in NAMES[:mode.max_players]]}


@pytest.fixture(scope="module")
def client(tmp_path_factory: Any) -> Any:
    app = make_app(f"sqlite:///{tmp_path_factory.mktemp('night') / 'night.sqlite3'}")
    yield app.test_client()
    app.extensions["lairside.sessions"].dispose()


def start_on_the_page(client: Any, game: Any, body: dict[str, Any]) -> str:
    answer = client.post(f"/g/{game.slug}/sessions/new",
                         data=page_fields(game.tracker.setup_form, body))
    assert answer.status_code == 303, answer.get_data(as_text=True)[-2000:]
    return str(answer.headers["Location"].split("#")[0].rsplit("/", 1)[-1])


def play_to_the_end(client: Any, game: Any, code: str, edit: str) -> int:
    """Each first listed move, sent as its writer would (the table, or a seat's own phone)."""
    tracker = game.tracker
    setup = tracker.parse_setup(client.get(f"/api/v1/sessions/{code}").json["setup"])
    history, phones = History(tracker, setup), {}
    while moves := tracker.moves(history.setup, history.state):
        move = dict(moves[0])
        history.append(parse_event(tracker, move))
        who = writer(tracker, setup, history.event_at(history.version))
        if who is None:
            headers = {"Authorization": f"Bearer {edit}"}
        else:
            phones.setdefault(who, seat_token(client, code, edit, who))
            headers = {"X-Seat-Token": phones[who]}
        answer = client.post(f"/api/v1/sessions/{code}/events", json=move,
                             headers={**headers, "If-Match": f'"v{history.version - 1}"'})
        assert answer.status_code == 201, (move, answer.json)
        assert history.version < 3000
    return history.version


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_names_in_any_alphabet_start_from_the_page_as_from_the_api(client: Any,
                                                                   game: Any) -> None:
    body = names_only(game)
    by_api = client.post(f"/api/v1/games/{game.slug}/sessions", json=body)
    assert by_api.status_code == 201, by_api.json
    seats = by_api.json["setup"]["seats"]
    assert [s.get("player") or s["name"] for s in seats] == [
        r.get("player") or r["name"] for r in body["seats"]]
    assert len({s["id"] for s in seats}) == len(seats)
    code = start_on_the_page(client, game, body)
    assert client.get(f"/api/v1/sessions/{code}").json["setup"] == by_api.json["setup"]
    page = client.get(f"/g/{game.slug}/sessions/{code}").get_data(as_text=True)
    for name in body["seats"]:
        assert (name.get("player") or name["name"]) in page


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_a_whole_evening_ends_with_the_outcome_and_the_chart(client: Any, game: Any) -> None:
    body = names_only(game)
    made = client.post(f"/api/v1/games/{game.slug}/sessions", json=body).json
    code = made["code"]
    play_to_the_end(client, game, code, made["edit_token"])
    score = client.get(f"/api/v1/sessions/{code}/score").json
    headline = score["result"]["headline"]
    assert score["result"]["final"] and score["summary"].startswith(headline)
    assert re.search(r"\b(wins?|share the win)\b", headline) and headline.endswith(".")
    assert headline.count(". ") == 0  # one sentence
    assert all(t in score["rules"].values() for t in
               [score["rules"][s["rule"]] for s in score["steps"] if s["rule"] in
                score["rules"]])

    play = client.get(f"/api/v1/sessions/{code}/play").json["play"]
    ids = [p["sourcePlayerId"] for p in play["players"]]
    assert len(set(ids)) == len(ids) == len(body["seats"])  # BG Stats merges no one
    assert all(p["role"].count("General Goodman") <= 1 for p in play["players"])

    table = client.get(f"/g/{game.slug}/sessions/{code}").get_data(as_text=True)
    for html in (table, client.get(f"/g/{game.slug}/sessions/{code}/play").get_data(
            as_text=True)):
        start = html.index('<figure class="chart"')
        chart = html[start:html.index("</figure>", start)]
        assert "<svg" in chart and "<polyline" in chart and "<table" in chart
        for seat in score["result"]["standings"]:  # the text equivalent names each measured
            if seat["total"] is not None or not score["result"]["points"]:
                assert html_escape(seat["name"]) in chart
    assert html_escape(headline) in client.get(
        f"/g/{game.slug}/sessions/{code}/play").get_data(as_text=True)
    fragment = client.get(f"/g/{game.slug}/sessions/{code}/chart")
    assert fragment.status_code == 200 and "<svg" in fragment.get_data(as_text=True)


def test_before_the_end_there_is_no_chart_and_no_play_page(client: Any) -> None:
    game = next(g for g in GAMES if g.slug == "space-syndicate")
    code = client.post(f"/api/v1/games/{game.slug}/sessions", json=names_only(game)).json[
        "code"]
    assert client.get(f"/g/{game.slug}/sessions/{code}/chart").status_code == 204
    assert client.get(f"/g/{game.slug}/sessions/{code}/play").status_code == 409
    assert "<svg" not in client.get(f"/g/{game.slug}/sessions/{code}").get_data(as_text=True)


def test_a_name_is_text_in_the_chart_never_markup(client: Any) -> None:
    game = next(g for g in GAMES if g.slug == "space-syndicate")
    hostile = '<script>alert(1)</script>'
    body = {"mode": "standard", "seats": [{"name": hostile}, {"name": '"><svg onload=x>'}]}
    made = client.post(f"/api/v1/games/{game.slug}/sessions", json=body).json
    play_to_the_end(client, game, made["code"], made["edit_token"])
    for path in ("", "/play", "/chart"):
        html = client.get(f"/g/{game.slug}/sessions/{made['code']}{path}").get_data(
            as_text=True)
        assert hostile not in html and "<svg onload" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
