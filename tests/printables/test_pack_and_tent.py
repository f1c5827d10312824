"""The host's game-night pack, the join sheet as a table tent, where the codes point when no
public URL is set, and the ETag that spares a 304 any rendering."""
from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from assistant import links
from assistant.games import all_games
from printables import address
from printables import layouts as L
from tests.sessions.helpers import create

from . import readback
from .conftest import BASE
from .test_codes import decode

PACK = "/api/v1/games/tdt/printables/pack.pdf?mode=cutthroat&players=6"


def _text(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages).split())


@pytest.fixture()
def lan(monkeypatch):
    monkeypatch.setattr(address, "lan_address", lambda: "192.168.7.20")


def test_pack_prints_every_sheet_in_order_and_its_codes_open(papp, pclient, tmp_path):
    response = pclient.get(PACK)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert 'filename="tdt-setup-cutthroat-6p-pack-a4.pdf"' in \
        response.headers["Content-Disposition"]
    text = _text(response.data)
    order = ["Setup: Cutthroat", "Take out of the box", "Round", "Role: General Goodman",
             "Role: the Betrayer", "Score sheet", "Score pad: a night of games", "Turn order",
             "Start this table"]
    at = 0
    for title in order:  # each after the one before
        at = text.find(title, at)
        assert at != -1, f"{title!r} missing or out of order"
    assert "Player 6" in text and "Sum" in text and "Player 7" not in text
    read = readback.read(response.data)
    assert len(read) >= 8
    assert all(all(p.fonts.values()) for p in read)
    found = set().union(*decode(response.data, tmp_path))
    assert f"{BASE}/g/tdt/sessions/new?mode=cutthroat&players=6" in found
    for url in found:
        assert pclient.get(url[len(BASE):].split("#")[0]).status_code == 200, url


@pytest.mark.parametrize("game", [g for g in all_games() if g.sheets and g.setup])
def test_every_game_has_a_pack(pclient, game):
    from assistant import sheets

    params = sheets.setup_variants(game.slug)[0]
    query = "&".join(f"{k}={','.join(map(str, v)) if isinstance(v, list | tuple) else v}"
                     for k, v in params.items())
    response = pclient.get(f"/api/v1/games/{game.slug}/printables/pack.pdf?{query}")
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert "Score pad" in _text(response.data)


def test_pack_for_a_session_carries_its_join_tent_and_the_edit_strip_only_with_the_token(
        app, tmp_path, lan):
    client = app.test_client()
    s = create(client)
    url = f"{PACK}&session={s['code']}"
    follow = client.get(url)
    edit = client.get(url, headers={"Authorization": f"Bearer {s['edit_token']}"})
    assert follow.status_code == edit.status_code == 200
    assert s["code"].upper() in _text(follow.data)
    assert "Scorekeeper only" not in _text(follow.data)
    assert "Scorekeeper only" in _text(edit.data) and "cut here" in _text(edit.data)
    assert set(edit.headers["Cache-Control"].split(", ")) == {"private", "no-store"}
    assert "ETag" not in edit.headers
    assert "-edit" in edit.headers["Content-Disposition"]
    assert "-edit" not in follow.headers["Content-Disposition"]
    wrong = client.get(url, headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 403 and wrong.mimetype == "application/problem+json"
    missing = client.get(f"{PACK}&session=zzzzzzzz")
    assert missing.status_code == 404 and missing.mimetype == "application/problem+json"


def test_join_tent_has_a_60_mm_follow_code_the_share_code_large_and_a_cut_off_strip(
        app, tmp_path):
    client = app.test_client()
    s = create(client)
    both = client.get(f"/api/v1/sessions/{s['code']}/join.pdf",
                      headers={"Authorization": f"Bearer {s['edit_token']}"})
    assert both.status_code == 200
    page = readback.read(both.data)[0]
    code = [r for r in page.runs if r.text == s["code"].upper()]
    assert code and max(r.size for r in code) >= L.CODE_PT - 0.01
    assert "cut here" in page.text
    # the follow code on the upright (lower) face: the dark modules' bounding box
    strip_top = (L.MARGIN_MM + L.TENT_STRIP_MM) * L.MM
    modules = [m for m in page.marks if m[3] - m[1] < 3 * L.MM and m[1] > strip_top + 10 * L.MM
               and m[3] < page.height / 2 + 20 * L.MM]
    width = max(m[2] for m in modules) - min(m[0] for m in modules)
    assert width >= 60 * L.MM - 1
    decoded = set().union(*decode(both.data, tmp_path))
    from urllib.parse import urlsplit

    from printables.address import is_loopback
    # asked on localhost, the codes use the machine's LAN address (the session's own paths,
    # the edit one with its token); with no network at all they stay on loopback and warn
    assert {urlsplit(u).path for u in decoded} == {links.session("tdt", s["code"])}
    assert any(u.endswith(f"#token={s['edit_token']}") for u in decoded)
    printed = "".join(page.text.split())
    assert all(u in printed for u in decoded)
    if all(is_loopback(u) for u in decoded):
        assert "Warning" in page.text
    else:
        assert "local network" in page.text


def test_without_a_public_url_a_loopback_request_prints_for_the_lan_address(lan, tmp_path):
    from api import create_app

    app = create_app({"TESTING": True, "LAIRSIDE_PUBLIC_URL": None})
    response = app.test_client().get(
        "/api/v1/games/tdt/printables/score-sheet.pdf?mode=mayhem",
        base_url="http://127.0.0.1:8000")
    assert response.status_code == 200
    decoded = set().union(*decode(response.data, tmp_path))
    assert decoded and all(u.startswith("http://192.168.7.20:8000/g/tdt/") for u in decoded)
    text = _text(response.data)
    assert "QR codes open http://192.168.7.20:8000 (this server's address on the local " \
           "network" in text
    assert "Warning" not in text


def test_no_network_at_all_prints_a_loopback_warning(monkeypatch):
    from api import create_app

    monkeypatch.setattr(address, "lan_address", lambda: None)
    app = create_app({"TESTING": True, "LAIRSIDE_PUBLIC_URL": None})
    response = app.test_client().get("/api/v1/games/tdt/printables/round.pdf",
                                     base_url="http://localhost:8000")
    text = _text(response.data)
    assert "Warning: these codes point at http://127.0.0.1:8000" in text


def test_a_made_up_host_name_never_reaches_a_code(lan, tmp_path):
    from api import create_app

    app = create_app({"TESTING": True, "LAIRSIDE_PUBLIC_URL": None})
    response = app.test_client().get("/api/v1/games/tdt/printables/round.pdf",
                                     base_url="http://evil.example:8000")
    # refused as every link is (api/public_url.py: one rule for JSON, pages and sheets)
    assert response.status_code == 400 and response.json["type"] == "/problems/untrusted-host"
    vouched = app.test_client().get("/api/v1/games/tdt/printables/round.pdf",
                                    base_url="http://192.168.1.20:8000")
    decoded = set().union(*decode(vouched.data, tmp_path))
    assert decoded and all(u.startswith("http://192.168.1.20:8000/") for u in decoded)


def test_etag_is_known_before_rendering_so_a_304_renders_nothing(pclient, monkeypatch):
    url = "/api/v1/games/tdt/printables/setup.pdf?mode=syndicate&players=3&seed=etag"
    first = pclient.get(url)
    assert first.status_code == 200
    import printables.render

    calls = []

    def counting(*_args, **_kwargs):
        calls.append(1)
        return b"%PDF-1.4 stand-in"

    monkeypatch.setattr(printables.render, "render", counting)
    again = pclient.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and not again.data and calls == []
    other = pclient.get(url.replace("etag", "other"),
                        headers={"If-None-Match": first.headers["ETag"]})
    assert other.status_code == 200 and calls == [1]  # a new sheet is drawn


def test_a_syndicate_pack_leaves_out_the_roles_syndicate_does_not_have(papp):
    from api.routes.printables import pack_sheets
    from assistant.games import find_game

    with papp.test_request_context():
        todo, private = pack_sheets(find_game("tdt"), {"mode": "syndicate", "players": 3})
    titles = [s.title for s in todo]
    assert "Role: the Team Leader" in titles and "Role: a Named Henchman" in titles
    assert "Role: General Goodman" not in titles and "Role: the Betrayer" not in titles
    cards = next(s for s in todo if s.title == "Turn order")
    assert cards.copies == 3 and not private


def test_post_pack_starts_a_new_table_and_prints_its_edit_strip_get_creates_nothing(
        app, tmp_path, lan, monkeypatch):
    from api.storage.store import Store
    from tests.sessions.helpers import CUTTHROAT

    made = []
    real = Store.create

    def counting(self, *args, **kwargs):
        made.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Store, "create", counting)
    client = app.test_client()
    assert client.get(PACK).status_code == 200 and made == []  # a GET makes nothing
    body = {k: v for k, v in CUTTHROAT.items() if k != "mode"}  # mode from the query
    answer = client.post(PACK.replace("players=6", "players=4"), json=body)
    assert answer.status_code == 201 and answer.mimetype == "application/pdf", answer.data[:300]
    assert made == [1]
    assert set(answer.headers["Cache-Control"].split(", ")) == {"private", "no-store"}
    assert "ETag" not in answer.headers and "-pack-edit-" in answer.headers[
        "Content-Disposition"]
    code = answer.headers["Location"].rsplit("/", 1)[1]
    assert client.get(answer.headers["Location"]).status_code == 200
    text = _text(answer.data)
    assert code.upper() in text and "Scorekeeper only" in text and "cut here" in text
    assert "Turn order" in text and "Take out of the box" in text
    decoded = set().union(*decode(answer.data, tmp_path))
    edit = [u for u in decoded if "#token=" in u]
    assert len(edit) == 1 and links.session("tdt", code) in edit[0]
    token = edit[0].rsplit("#token=", 1)[1]
    # the printed edit code works: it writes to the new table
    wrote = client.post(f"/api/v1/sessions/{code}/undo",
                        headers={"Authorization": f"Bearer {token}"})
    assert wrote.status_code != 403 and wrote.status_code != 401


@pytest.mark.parametrize("query, body, status", [
    ("mode=cutthroat&players=6", {"mode": "syndicate", "seats": [{"henchman": "Jin Feng"}]},
     422),  # the body's mode contradicts the pack's
    ("mode=cutthroat&players=3", {"seats": [{"goodman": True}]}, 422),  # no 3-player Cutthroat
    ("mode=cutthroat&players=6", ["not", "an", "object"], 422),
    ("mode=cutthroat&players=6", {"game": "maniacal", "seats": []}, 422),
])
def test_post_pack_refuses_bad_input_with_a_problem_and_makes_nothing(app, query, body,
                                                                         status, monkeypatch):
    from api.storage.store import Store

    made = []
    monkeypatch.setattr(Store, "create", lambda *a, **k: made.append(1))
    answer = app.test_client().post(f"/api/v1/games/tdt/printables/pack.pdf?{query}",
                                    json=body)
    assert answer.status_code == status and answer.mimetype == "application/problem+json"
    assert answer.json["detail"] and made == []


def test_post_pack_and_turn_cards_are_in_the_catalogue_and_openapi(pclient):
    cat = pclient.get("/api/v1/games/tdt/printables").json
    assert cat["pack"]["new_session"]["method"] == "POST"
    assert cat["pack"]["new_session"]["url"] == "/api/v1/games/tdt/printables/pack.pdf"
    assert cat["turn_card"]["urls"]["a4"].endswith("/turn-card.pdf?paper=a4")
    doc = pclient.get("/openapi.json").json["paths"]
    pack = doc["/api/v1/games/tdt/printables/pack.pdf"]  # with the setup's own bounds
    assert {"get", "post"} <= set(pack) and "201" in pack["post"]["responses"]
    assert "/api/v1/games/{game}/printables/turn-card.pdf" in doc
    card = pclient.get(cat["turn_card"]["urls"]["letter"] + "&players=7")
    assert card.status_code == 200 and card.mimetype == "application/pdf"
    assert len(readback.read(card.data)) == 2  # two cards a set, four sets a page: 7 players
    bad = pclient.get(cat["turn_card"]["urls"]["a4"] + "&players=12")
    assert bad.status_code == 422 and bad.mimetype == "application/problem+json"


@pytest.mark.parametrize("game", [g for g in all_games()
                                  if g.tracker is not None and g.tracker.private_events],
                         ids=lambda g: g.slug)
def test_the_scorekeepers_tent_of_a_game_with_secrets_has_a_slip_per_seat(app, game, tmp_path):
    """Each seat's slip carries its claim code and a QR that claims that seat; the follow-only
    tent carries none (issue 29, item 5)."""
    client = app.test_client()
    made = client.post(f"/api/v1/games/{game.slug}/sessions", json=game.tracker.example_setup)
    s = made.json
    edit = {"Authorization": f"Bearer {s['edit_token']}"}
    listed = client.get(f"/api/v1/sessions/{s['code']}/seats", headers=edit).json["seats"]
    both = client.get(f"/api/v1/sessions/{s['code']}/join.pdf", headers=edit)
    pages = readback.read(both.data)
    assert len(pages) == 2  # the tent, then the seats' slips
    slips = " ".join(pages[1].text.split())
    for seat in listed:
        assert seat["name"] in slips and seat["claim_code"] in slips
    decoded = set().union(*decode(both.data, tmp_path))
    claims = {u.split("#", 1)[1] for u in decoded if "claim=" in u}
    assert claims == {f"seat={seat['id']}&claim={seat['claim_code']}" for seat in listed}
    follow_only = client.get(f"/api/v1/sessions/{s['code']}/join.pdf")
    assert len(readback.read(follow_only.data)) == 1
    assert "claim" not in " ".join(readback.read(follow_only.data)[0].text.split()).lower()


def test_a_pack_refuses_a_table_of_another_game_or_mode(app):
    """Issue 43: a TDT pack ended with a Vigilante table's join tent."""
    client = app.test_client()
    vigilante = client.post("/api/v1/games/vigilante/sessions", json={
        "mode": "brought-to-justice", "seats": [{"name": "Gwen"}, {"name": "Ivan"},
                                                {"name": "Asha"}]}).json
    other_game = client.get(f"{PACK}&session={vigilante['code']}")
    assert other_game.status_code == 422 and other_game.mimetype == "application/problem+json"
    assert "Vigilante" in other_game.json["detail"]
    syndicate = create(client, {"mode": "syndicate", "seats": [{"henchman": "Azura Badeau"},
                                                               {"henchman": "Jin Feng"}]})
    other_mode = client.get(f"{PACK}&session={syndicate['code']}")
    assert other_mode.status_code == 422 and "mode" in other_mode.json["errors"]
