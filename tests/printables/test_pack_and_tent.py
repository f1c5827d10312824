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
    order = ["Setup: Cutthroat", "Round", "Score sheet", "Score pad: a night of games",
             "Start this table"]
    at = [text.find(title) for title in order]
    assert -1 not in at and at == sorted(at), dict(zip(order, at, strict=True))
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
    assert edit.headers["Cache-Control"] == "no-store" and "ETag" not in edit.headers
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
    decoded = set().union(*decode(response.data, tmp_path))
    assert decoded and not any("evil" in u for u in decoded)


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
