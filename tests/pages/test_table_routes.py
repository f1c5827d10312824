"""Starting and joining a table, following it live and installing the app, through Flask's
test client (the browser flows are in test_table.py)."""
from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from werkzeug.datastructures import MultiDict

from api import create_app
from api.routes.session_pages import clean_code, code_candidates
from assistant import form_text, links
from assistant.games import all_games

TRACKED = [g for g in all_games() if g.tracker is not None]


@pytest.fixture()
def table_app(tmp_path: Any) -> Iterator[Any]:
    app = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp_path}/t.db",
                      "LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off",
                      "LAIRSIDE_POLL_SECONDS": 0.02})
    yield app
    app.extensions["lairside.sessions"].dispose()


def _seat_rows(setup: dict[str, Any]) -> MultiDict[str, str]:
    flat = form_text.flatten(setup)
    out: MultiDict[str, str] = MultiDict()
    for key, value in flat.items():
        if key == "seats":
            for i in range(int(value)):
                out.add(f"seats.{i}._row", "1")
        elif isinstance(value, bool):
            out.add(key, "true" if value else "")
        else:
            out.add(key, str(value))
    return out


def start(client: Any, game: Any) -> tuple[str, str]:
    """POST the new-table form with the game's example setup: (code, edit token)."""
    answer = client.post(f"/g/{game.slug}/sessions/new",
                         data=_seat_rows(dict(game.tracker.example_setup)))
    assert answer.status_code == 303, answer.get_data(as_text=True)[:2000]
    found = re.fullmatch(rf"/g/{game.slug}/sessions/([a-z0-9]+)#token=([\w-]+)",
                         answer.headers["Location"])
    assert found, answer.headers["Location"]
    return found.group(1), found.group(2)


@pytest.mark.parametrize("game", TRACKED, ids=lambda g: g.slug)
def test_start_a_table_from_the_form_for_every_game(table_app: Any, game: Any) -> None:
    client = table_app.test_client()
    mode = game.modes[-1]
    form = client.get(f"/g/{game.slug}/sessions/new?mode={mode.slug}&players="
                      f"{mode.max_players}&seed=7")
    html = form.get_data(as_text=True)
    assert form.status_code == 200 and 'name="seats.0._row"' in html
    assert f'value="{mode.slug}" ' in html or f'value="{mode.slug}"' in html
    rows = len(set(re.findall(r'name="seats\.(\d+)\._row"', html)))
    seats = next(f for f in game.tracker.setup_form if f.name == "seats")
    assert rows == max(seats.min_items, min(seats.max_items, mode.max_players))
    code, token = start(client, game)
    page = client.get(links.session(game.slug, code))
    assert page.status_code == 200 and token not in page.get_data(as_text=True)
    state = client.get(f"/api/v1/sessions/{code}").get_json()
    assert [s["name"] for s in state["setup"]["seats"]]


def test_new_table_refusal_lands_beside_the_form(table_app: Any) -> None:
    client = table_app.test_client()
    answer = client.post("/g/tdt/sessions/new", data={"mode": "cutthroat", "seats.0._row": "1"})
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert 'class="problem"' in html and "<form" in html


def test_new_table_carries_the_setup_page_in_the_fragment(table_app: Any) -> None:
    client = table_app.test_client()
    game = next(g for g in TRACKED if g.slug == "tdt")
    data = _seat_rows(dict(game.tracker.example_setup))
    data["from_setup"] = "/g/tdt/setup?mode=cutthroat&players=4&seed=7"
    answer = client.post("/g/tdt/sessions/new", data=data)
    assert "&setup=%2Fg%2Ftdt%2Fsetup%3Fmode%3Dcutthroat" in answer.headers["Location"]
    assert answer.headers["Cache-Control"] == "no-store"
    data["from_setup"] = "https://elsewhere.example/"
    assert "setup=" not in client.post("/g/tdt/sessions/new", data=data).headers["Location"]


def test_unknown_game_or_untracked_game_has_no_table(table_app: Any) -> None:
    assert table_app.test_client().get("/g/nope/sessions/new").status_code == 404


def test_the_setup_page_ends_with_start_a_session(table_app: Any) -> None:
    html = table_app.test_client().get(
        links.setup("tdt", mode="cutthroat", players=5, seed="7")).get_data(as_text=True)
    assert "/g/tdt/sessions/new?mode=cutthroat&amp;players=5&amp;seed=7" in html
    assert html.index("Start a table with this setup") > html.index('data-checklist=')
    assert "data-progress" in html


def test_codes_forgive_case_spaces_and_look_alikes() -> None:
    assert clean_code(" K7M2-x9qa ") == "k7m2x9qa"
    assert clean_code("k7m2 · x9qa") == "k7m2x9qa"
    assert code_candidates("abcd") == ["abcd", "a8cd"]
    assert code_candidates("bs") == ["bs", "8s", "b5", "85"]
    assert len(code_candidates("b5z6b5z6")) == 16  # bounded


def test_join_by_code(table_app: Any) -> None:
    client = table_app.test_client()
    game = next(g for g in TRACKED if g.slug == "tdt")
    code, _token = start(client, game)
    typed = f" {code[:4].upper()} {code[4:].upper()} "
    answer = client.get("/join", query_string={"code": typed})
    assert answer.status_code == 303
    assert answer.headers["Location"] == links.session("tdt", code)
    alike = {"b": "8", "8": "b", "s": "5", "5": "s", "z": "2", "2": "z", "g": "6", "6": "g",
             "u": "v", "v": "u"}
    spot = next((i for i, c in enumerate(code) if c in alike), None)
    if spot is not None:  # one look-alike misread still finds the table
        misread = code[:spot] + alike[code[spot]] + code[spot + 1:]
        assert client.get("/join", query_string={"code": misread}).status_code == 303
    for bad, words in (("k7m2x9q", "8 characters"), ("k7m2x9q0", "never use 0"),
                       ("k7m2x9q!", "letters and digits"), ("zzzzzzzz", "No table")):
        refused = client.get("/join", query_string={"code": bad})
        assert refused.status_code == 422 and refused.mimetype == "text/html"
        assert words in refused.get_data(as_text=True)
    assert client.get("/join").status_code == 200


def test_wait_answers_at_once_when_newer_and_on_the_next_write(table_app: Any) -> None:
    client = table_app.test_client()
    game = next(g for g in TRACKED if g.slug == "tdt")
    code, token = start(client, game)
    nothing = client.get(f"/api/v1/sessions/{code}/wait?after=0&timeout=0")
    assert nothing.status_code == 204 and nothing.headers["ETag"] == '"v0"'
    assert client.get(f"/api/v1/sessions/{code}/wait?after=x").status_code == 422
    assert client.get(f"/api/v1/sessions/{code}/wait?timeout=99").mimetype == \
        "application/problem+json"
    assert client.get("/api/v1/sessions/zzzzzzzz/wait").status_code == 404
    got: dict[str, Any] = {}

    def waiter() -> None:  # a timeout far off: a 200 can only come from the write
        answer = table_app.test_client().get(f"/api/v1/sessions/{code}/wait?after=0&timeout=25")
        got.update(status=answer.status_code, body=answer.get_json())

    thread = threading.Thread(target=waiter)
    thread.start()
    followers = table_app.extensions["lairside.followers"]
    for _ in range(500):  # the state expected, not a fixed sleep: the phone is waiting
        if followers.count or not thread.is_alive():
            break
        time.sleep(0.01)
    written = client.post(f"/api/v1/sessions/{code}/events", json=dict(
        game.tracker.example_events[0]), headers={"Authorization": f"Bearer {token}",
                                                 "If-Match": '"v0"'})
    assert written.status_code == 201
    thread.join(timeout=30)
    assert got["status"] == 200 and got["body"]["version"] == 1
    newer = client.get(f"/api/v1/sessions/{code}/wait?after=0&timeout=5")
    assert newer.status_code == 200 and newer.get_json()["version"] == 1  # no wait at all


def test_qr_codes_follow_for_all_edit_only_with_the_token(table_app: Any) -> None:
    client = table_app.test_client()
    game = next(g for g in TRACKED if g.slug == "tdt")
    code, token = start(client, game)
    follow = client.get(f"/api/v1/sessions/{code}/qr.svg")
    assert follow.status_code == 200 and follow.mimetype == "image/svg+xml"
    assert f"/g/tdt/sessions/{code}" in follow.get_data(as_text=True)
    assert token not in follow.get_data(as_text=True)
    edit = client.get(f"/api/v1/sessions/{code}/qr.svg",
                      headers={"Authorization": f"Bearer {token}"})
    assert edit.status_code == 200 and edit.headers["Cache-Control"] == "no-store"
    assert f"#token={token}" in edit.get_data(as_text=True)
    wrong = client.get(f"/api/v1/sessions/{code}/qr.svg", headers={"Authorization": "Bearer x"})
    assert wrong.status_code == 403 and wrong.mimetype == "application/problem+json"


def test_manifest_icons_and_long_lived_static_files(client: Any) -> None:
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.get_json()
    assert body["display"] == "standalone" and body["start_url"].startswith("/")
    sizes = {i["sizes"] for i in body["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in body["icons"]:
        with client.get(icon["src"]) as answer:
            assert answer.status_code == 200
            assert "immutable" in answer.headers["Cache-Control"]
            assert "max-age=31536000" in answer.headers["Cache-Control"]
    with client.get("/favicon.ico") as answer:
        assert answer.mimetype == "image/png"
    home = client.get("/").get_data(as_text=True)
    assert 'rel="manifest"' in home and 'rel="icon"' in home
    css = re.search(r'href="(/static/app\.css\?v=[0-9a-f]+)"', home).group(1)
    with client.get(css) as answer:
        assert "immutable" in answer.headers["Cache-Control"]
    with client.get("/static/app.css") as answer:
        assert "immutable" not in answer.headers.get("Cache-Control", "")


def test_offline_list_holds_forms_search_indexes_and_saved_deals(client: Any) -> None:
    saved = client.get("/offline.json?game=tdt").get_json()
    assert links.calculator("tdt", "fund-deployment") in saved
    assert links.score("tdt", "mayhem") in saved
    assert "/g/tdt/search.json" in saved and "/join" in client.get("/offline.json").get_json()
    assert links.setup("tdt", mode="cutthroat", players=5, seed="101") in saved
    for url in [u for u in saved if "seed=" in u][:40]:
        assert client.get(url).status_code == 200, url


def test_offline_search_index_holds_the_words_of_the_rules(client: Any) -> None:
    index = client.get("/g/tdt/search.json").get_json()
    entry = next(e for e in index["entries"] if e["id"] == "setup-starting-henchmen")
    assert " faceless" in entry["words"] and entry["numbers"] is True
    assert "how" in index["stop"] and index["synonyms"]["vp"] == ["villain", "prestige"]


def test_rule_page_leads_with_the_rule_and_links_references(client: Any) -> None:
    game = next(g for g in all_games() if g.slug == "tdt")
    with_note = next(e for e in game.rules if e.provenance_note)
    html = client.get(links.rule("tdt", with_note.id)).get_data(as_text=True)
    assert html.index('class="text"') < html.index('class="caveats"')
    assert "<details class=\"caveats\">" in html
    referring = next(e for e in game.rules if "(see Doomsday Clock starting space)" in e.text)
    html = client.get(links.rule("tdt", referring.id)).get_data(as_text=True)
    assert 'see <a href="/g/tdt/rules/doomsday-clock-start">' in html


def test_not_found_suggestions_are_links_with_titles(client: Any) -> None:
    html = client.get("/g/tdt/rules/betrayl").get_data(as_text=True)
    assert '<a href="/g/tdt/rules/betraying-the-organization">Betraying the Organization</a>' \
        in html
    html = client.get("/g/tdtt/rules").get_data(as_text=True)
    assert '<a href="/g/tdt/rules">Tomorrow Dies Today</a>' in html
