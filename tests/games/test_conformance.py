"""The game contract, checked for every registered game and for the test-only fixture game
(tests/games/fixture_game), which gets the whole product from its own folder."""
from __future__ import annotations

import io
import json
import re
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from api import create_app
from assistant import links
from assistant.errors import InvalidInput
from assistant.games import Game, all_games, find_game
from assistant.search import SearchIndex
from assistant.tracker import History, parse_event, writer
from tests.sessions.helpers import claim, seat_token
from tests.support import require_tool, spaced

from .fixture_game import registered

SLUGS = [g.slug for g in all_games()] + ["coin-heist"]


@pytest.fixture(scope="module")
def app(tmp_path_factory: Any) -> Iterator[Any]:
    db = tmp_path_factory.mktemp("conformance") / "sessions.sqlite3"
    with registered():
        app = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": f"sqlite:///{db}",
                          "LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off"})
        yield app
        app.extensions["lairside.sessions"].dispose()


@pytest.fixture()
def client(app: Any) -> Any:
    return app.test_client()


@pytest.fixture(params=SLUGS)
def game(request: Any, app: Any) -> Game:
    return find_game(request.param)


def operations(game: Game) -> list[Any]:
    return [op for op in (game.setup, game.scoring, *game.calculators.values()) if op]


def test_examples_run_and_explain_themselves(game: Game) -> None:
    for op in operations(game):
        answer = op.run(op.example)
        assert answer.steps and answer.summary, op.slug
        for rule in op.rules:
            assert rule in game.rules, f"{op.slug} links the missing rule {rule!r}"
        for step in answer.steps:
            assert step.rule is None or step.rule in game.rules, (op.slug, step.rule)


def test_every_rule_link_resolves(game: Game) -> None:
    tools = {*game.calculators, *(op.slug for op in (game.setup, game.scoring) if op)}
    for entry in game.rules:
        for related in entry.related:
            assert related in game.rules, f"{entry.id} → {related}"
        for tool in entry.calculators:
            assert tool in tools, f"{entry.id} names the missing calculator {tool!r}"


def test_search_finds_every_rule_by_its_title(game: Game) -> None:
    index = SearchIndex([(game.slug, e) for e in game.rules], {game.slug: game.synonyms})
    for entry in game.rules:
        assert index.search(entry.title)[0].entry.id == entry.id, entry.title


def test_setup_answers_every_count_and_refuses_the_rest(game: Game, client: Any) -> None:
    if game.setup is None:
        assert client.get(f"/api/v1/games/{game.slug}/setup").status_code == 404
        return
    for mode in game.modes:
        for n in range(mode.min_players, mode.max_players + 1):
            answer = client.get(links.setup(f"{game.slug}", mode=mode.slug, players=n)
                                .replace("/g/", "/api/v1/games/", 1))
            assert answer.status_code == 200, (mode.slug, n, answer.json)
        if "seed" in {f.name for f in game.setup.form}:  # a seed is any word the table picks
            seeded = client.get(f"/api/v1/games/{game.slug}/setup?mode={mode.slug}"
                                f"&players={mode.min_players}&seed=friday")
            assert seeded.status_code == 200, (mode.slug, seeded.json)
        for n in (mode.min_players - 1, mode.max_players + 1):
            if n < 0:
                continue
            refused = client.get(f"/api/v1/games/{game.slug}/setup?mode={mode.slug}&players={n}")
            assert refused.status_code == 422, (mode.slug, n)
            assert refused.mimetype == "application/problem+json"
            assert "players" in refused.json.get("errors", {}), refused.json


def test_api_openapi_and_pages_serve_the_game(game: Game, client: Any) -> None:
    assert client.get(f"/api/v1/games/{game.slug}").status_code == 200
    paths = client.get("/openapi.json").json["paths"]
    for slug in game.calculators:
        assert f"/api/v1/games/{game.slug}/calculators/{slug}" in paths
    pages = [links.rules_index(game.slug), f"/g/{game.slug}",
             *(links.rule(game.slug, e.id) for e in list(game.rules)[:5]),
             *(links.calculator(game.slug, s) + "?example=1" for s in game.calculators)]
    if game.scoring:
        pages.append(links.score(game.slug))
    if game.timers:
        pages.append(links.timers(game.slug, players=game.modes[0].min_players))
    else:
        assert client.get(links.timers(game.slug)).status_code == 404
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200 and response.mimetype == "text/html", path


def test_sheets_render_and_every_code_opens_a_page(game: Game, client: Any,
                                                    tmp_path: Any) -> None:
    if game.sheets is None:
        assert client.get(f"/api/v1/games/{game.slug}/printables").status_code == 404
        return
    from pypdf import PdfReader

    from printables.render import render

    provider = game.sheets()
    sheets = list(provider.batch())
    assert sheets and all(s.slug.startswith(game.slug) for s in sheets)
    first = None
    for sheet in sheets:
        pdf = render(sheet, "a4", lambda link: "http://localhost" + link.page)
        assert PdfReader(io.BytesIO(pdf)).pages, sheet.slug
        first = first or pdf
        for link in _links(sheet):
            assert client.get(link.page.split("#")[0]).status_code == 200, link.page
    assert first is not None
    # the codes printed on the first sheet decode to those pages
    pdftoppm, zbarimg = require_tool("pdftoppm"), require_tool("zbarimg")
    (tmp_path / "s.pdf").write_bytes(first)
    subprocess.run([pdftoppm, "-r", "200", "-png", str(tmp_path / "s.pdf"),
                    str(tmp_path / "p")], check=True)
    found = subprocess.run([zbarimg, "-q", "--raw", *map(str, sorted(tmp_path.glob("p*.png")))],
                           capture_output=True, text=True).stdout.split()
    assert found, "no QR code decoded"
    for url in found:
        assert client.get(url.removeprefix("http://localhost")).status_code == 200, url


def _links(sheet: Any) -> list[Any]:
    found = [sheet.link] if sheet.link else []
    return found + [s.link for s in sheet.sections if s.link]


def test_a_table_session_runs_through_the_api(game: Game, client: Any) -> None:
    tracker = game.tracker
    if tracker is None:
        assert client.post(f"/api/v1/games/{game.slug}/sessions",
                           json={}).status_code == 404
        return
    made = client.post(f"/api/v1/games/{game.slug}/sessions", json=dict(tracker.example_setup))
    assert made.status_code == 201, made.json
    s = made.json
    auth = {"Authorization": f"Bearer {s['edit_token']}"}
    for version, event in enumerate(tracker.example_events):
        written = client.post(f"/api/v1/sessions/{s['code']}/events", json=dict(event),
                              headers={**auth, "If-Match": f'"v{version}"'})
        assert written.status_code == 201, (event, written.json)
    read = client.get(f"/api/v1/sessions/{s['code']}").json
    assert read["version"] == len(tracker.example_events) and read["game"] == game.slug
    assert client.get(f"/api/v1/sessions/{s['code']}/score").json["summary"]
    exported = client.get(f"/api/v1/sessions/{s['code']}/export").json
    again = client.post("/api/v1/sessions/import", json=exported)
    assert again.status_code == 201 and again.json["state"] == read["state"]
    bad = client.post(f"/api/v1/sessions/{s['code']}/events", json={"kind": "no-such-kind"},
                      headers={**auth, "If-Match": f'"v{read["version"]}"'})
    assert bad.status_code == 422 and bad.mimetype == "application/problem+json"
    page = client.get(links.session(game.slug, s["code"]))
    assert page.status_code == 200 and "session-board" in page.get_data(as_text=True)
    board = tracker.board(tracker.parse_setup(tracker.example_setup))
    for kind in {*(t.event for t in board.tracks), *(c.event for c in board.counters),
                 *(t.event for t in board.toggles), *(a.event for a in board.actions)}:
        assert kind in tracker.event_forms, f"the board sends an unknown kind {kind!r}"


def test_refusals_name_the_field_and_setups_round_trip(game: Game) -> None:
    tracker = game.tracker
    if tracker is None:
        return
    setup = tracker.parse_setup(tracker.example_setup)
    saved = setup.to_json()
    assert saved["game"] == game.slug and tracker.parse_setup(saved) == setup
    assert [(s["id"], s["name"]) for s in saved["seats"]] == [(s.id, s.name) for s in setup.seats]
    with pytest.raises(InvalidInput) as refused:
        tracker.parse_setup({})
    assert refused.value.field and refused.value.allowed


def test_every_tracker_declares_the_contracts_capabilities(game: Game) -> None:
    """Read directly, never with getattr: private kinds (each about a seat) and seat players."""
    tracker = game.tracker
    if tracker is None:
        return
    assert isinstance(tracker.private_events, frozenset)
    for kind in tracker.private_events:
        assert "seat" in {f.name for f in tracker.event_forms[kind]}, kind
    for seat in tracker.parse_setup(tracker.example_setup).seats:
        assert seat.player is None or isinstance(seat.player, str)


def test_every_tracker_says_who_writes_and_stores_self_contained_events(game: Game) -> None:
    """Issue 29's contract: each example event is the table's (the API sends them with the
    edit token), is its own stored form, and a private kind is written by its own seat; an
    own_phone board action sends a kind some seat's phone writes."""
    tracker = game.tracker
    if tracker is None:
        return
    setup = tracker.parse_setup(tracker.example_setup)
    history = History(tracker, setup)
    for raw in tracker.example_events:
        event = parse_event(tracker, raw)
        assert writer(tracker, setup, event) is None, raw
        assert tracker.resolve(setup, history.state, event) == event
        history.append(event)
    seat = setup.seats[0].id
    for kind in tracker.private_events:
        form = tracker.event_forms[kind]
        data = {"seat": seat, **{f.name: "x" for f in form if f.name != "seat"}}
        assert tracker.writer(setup, tracker.parse_event(kind, data)) == seat, kind
    for action in tracker.board(setup).actions:
        if action.own_phone:
            assert action.per_seat, action
            data = {"seat": seat}  # the owner's own form: the required fields it asks
            assert tracker.writer(setup, tracker.parse_event(action.event, data)) == seat, \
                action


def test_a_seat_secret_stays_on_its_own_phone(client: Any) -> None:
    """The fixture's stash is private: written and seen by its seat's own phone only."""
    made = client.post("/api/v1/games/coin-heist/sessions", json={
        "mode": "standard", "seats": [{"name": "Ana"}, {"name": "Bo"}]}).json
    code, auth = made["code"], {"Authorization": f"Bearer {made['edit_token']}"}
    shared_only = client.post(f"/api/v1/sessions/{code}/seats/ana/claim", json={})
    assert shared_only.status_code == 422  # the share code alone claims nothing
    guessed = client.post(f"/api/v1/sessions/{code}/seats/ana/claim",
                          json={"claim_code": "zzzzzzzz"})
    assert guessed.status_code == 403 and guessed.json["type"] == "/problems/claim-code"
    claimed = claim(client, code, made["edit_token"], "ana")
    assert claimed.status_code == 201 and "no-store" in claimed.headers["Cache-Control"]
    assert claim(client, code, made["edit_token"], "ana").status_code == 409
    assert claim(client, code, made["edit_token"], "zed").status_code == 422
    ana = {"X-Seat-Token": claimed.json["seat_token"]}
    stash = {"kind": "stash", "seat": "ana", "coins": 7}
    by_table = client.post(f"/api/v1/sessions/{code}/events", json=stash,
                           headers={**auth, "If-Match": '"v0"'})
    assert by_table.status_code == 403  # the table's edit token may not write a secret
    bo = seat_token(client, code, made["edit_token"], "bo")
    as_bo = client.post(f"/api/v1/sessions/{code}/events", json=stash,
                        headers={"X-Seat-Token": bo, "If-Match": '"v0"'})
    assert as_bo.status_code == 403  # nor another seat's phone
    written = client.post(f"/api/v1/sessions/{code}/events", json=stash,
                          headers={**ana, "If-Match": '"v0"'})
    assert written.status_code == 201 and written.json["state"]["seats"][0]["stash"] == 7
    shared = [spaced(answer.get_data(as_text=True)) for answer in (
        client.get(f"/api/v1/sessions/{code}"), client.get(f"/api/v1/sessions/{code}/events"),
        client.get(f"/api/v1/sessions/{code}/export"),
        client.get(f"/api/v1/sessions/{code}", headers={"X-Seat-Token": bo}),
        client.get(links.session("coin-heist", code)))]
    for text in shared:
        assert '"stash": 7' not in text and '"coins": 7' not in text and "stashed" not in text
    own = client.get(f"/api/v1/sessions/{code}", headers=ana)
    assert own.json["state"]["seats"][0]["stash"] == 7 and own.json["seat"] == "ana"
    assert "Cache-Control" in own.headers and "private" in own.headers["Cache-Control"]
    assert own.headers["ETag"] != client.get(f"/api/v1/sessions/{code}").headers["ETag"]
    assert client.get(f"/api/v1/sessions/{code}",
                      headers={"X-Seat-Token": "forged"}).status_code == 403


def test_a_phone_claims_its_seat_and_sees_its_secret(app: Any, browser: Any) -> None:
    """In Chromium at 390 px: Ana's phone opens her seat's slip (its QR: the page with her
    claim code), which claims her seat; she stashes coins and sees them; a following phone
    sees the table but never the stash."""
    from tests.support import serve_in_thread

    sync_api = pytest.importorskip("playwright.sync_api")
    client = app.test_client()
    made = client.post("/api/v1/games/coin-heist/sessions", json={
        "mode": "standard", "seats": [{"name": "Ana"}, {"name": "Bo"}]}).json
    path = links.session("coin-heist", made["code"])
    errors: list[str] = []
    with serve_in_thread(app) as base:
        contexts = [browser.new_context(viewport={"width": 390, "height": 844},
                                        base_url=base, service_workers="block")
                    for _ in range(2)]
        try:
            slips = client.get(f"/api/v1/sessions/{made['code']}/seats", headers={
                "Authorization": f"Bearer {made['edit_token']}"}).json["seats"]
            slip = next(s["url"] for s in slips if s["id"] == "ana")  # her slip's QR
            phones = [context.new_page() for context in contexts]
            for phone, address in zip(phones, (path + slip[slip.index("#"):], path),
                                      strict=True):
                phone.on("pageerror", lambda error: errors.append(str(error)))
                phone.on("dialog", lambda dialog: dialog.accept())
                phone.goto(address)
            ana, follower = phones
            ana.locator('[data-seat="ana"] [data-action-form="stash"]').wait_for()
            ana.locator('[data-seat="ana"] [data-action-form="stash"] input').fill("7")
            ana.locator('[data-seat="ana"] [data-action-form="stash"] button').click()
            expect = sync_api.expect  # no string predicates: the pages' CSP forbids eval
            expect(ana.locator("[data-status]")).to_have_text(re.compile("^Saved"))
            expect(ana.locator('[data-seat="ana"]')).not_to_contain_text("Stash: 7")
            ana.locator('[data-seat="ana"] [data-secret]').click()  # on the page after a tap
            expect(ana.locator('[data-seat="ana"]')).to_contain_text("Stash: 7")
            assert ana.evaluate("() => document.documentElement.scrollWidth <= "
                                "document.documentElement.clientWidth")
            expect(follower.locator("[data-history] li")).to_have_count(1)
            assert "7" not in follower.locator("[data-seats]").inner_text()
            assert "touched their stash" in follower.locator("[data-history]").inner_text()
        finally:
            for context in contexts:  # the browser is the run's: close only what we opened
                context.close()
    assert not errors, errors


def test_an_export_without_its_secrets_imports_and_says_what_it_left_out(client: Any) -> None:
    """An export carries a private entry sealed (its secret left out): the import replays
    every version, undo and revert after it exactly, and says how many came sealed."""
    made = client.post("/api/v1/games/coin-heist/sessions", json={
        "mode": "standard", "seats": [{"name": "Ana"}, {"name": "Bo"}]}).json
    code, auth = made["code"], {"Authorization": f"Bearer {made['edit_token']}"}
    ana = seat_token(client, code, made["edit_token"], "ana")
    client.post(f"/api/v1/sessions/{code}/events", json={"kind": "stash", "seat": "ana",
                                                         "coins": 4},
                headers={"X-Seat-Token": ana, "If-Match": '"v0"'})
    client.post(f"/api/v1/sessions/{code}/events", json={"kind": "coins", "seat": "bo",
                                                         "count": 3},
                headers={**auth, "If-Match": '"v1"'})
    exported = client.get(f"/api/v1/sessions/{code}/export").json
    assert '"coins": 4' not in json.dumps(exported)
    again = client.post("/api/v1/sessions/import", json=exported)
    assert again.status_code == 201, again.json
    assert again.json["left_out"]["private_events"] == 1
    assert again.json["state"]["seats"][1]["coins"] == 3
    client.post(f"/api/v1/sessions/{code}/undo", headers={**auth, "If-Match": '"v2"'})
    with_undo = client.get(f"/api/v1/sessions/{code}/export").json  # the sealed entry stays
    assert with_undo["sealed"] == 1  # in the export, so the undo after it replays exactly
    replayed = client.post("/api/v1/sessions/import", json=with_undo)
    assert replayed.status_code == 201, replayed.json
    original = client.get(f"/api/v1/sessions/{code}").json
    assert replayed.json["state"] == original["state"] and replayed.json["version"] == 3
