"""QR codes decoded from rendered pages answer 200; the PDF endpoints and the batch command."""
from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from api.routes.printables import resolver
from assistant import sheets
from assistant.games.tdt import sheets as tdt
from tests.support import require_tool

from .conftest import BASE

SAMPLES = [
    "/api/v1/games/tdt/printables/setup.pdf?mode=cutthroat&players=6&seed=lair",
    "/api/v1/games/tdt/printables/setup.pdf?mode=mayhem&players=6&teams=2,2,2",
    "/api/v1/games/tdt/printables/setup.pdf?mode=syndicate&players=2&named_henchmen=4",
    *(f"/api/v1/games/tdt/printables/{a.slug}.pdf" for a in sheets.catalogue("tdt").aids
      if a.slug != "glossary"),
    *(f"/api/v1/games/tdt/printables/score-sheet.pdf?mode={m}"
      for m in sheets.catalogue("tdt").score_modes),
]


def decode_qr_codes(pdf: bytes, tmp_path: Path) -> set[str]:
    pdftoppm, zbarimg = require_tool("pdftoppm"), require_tool("zbarimg")
    source = tmp_path / "sheet.pdf"
    source.write_bytes(pdf)
    subprocess.run([pdftoppm, "-r", "200", "-gray", "-png", str(source), str(tmp_path / "p")],
                   check=True)
    found: set[str] = set()
    for png in sorted(tmp_path.glob("p*.png")):
        out = subprocess.run([zbarimg, "-q", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
                             capture_output=True, text=True)
        found.update(line for line in out.stdout.splitlines() if line)
    return found


def expected_urls(app, sheet: sheets.Sheet) -> set[str]:
    resolve = resolver(app, BASE)
    links = [sheet.link, *(s.link for s in sheet.sections)]
    return {resolve(link) for link in links if link is not None}


@pytest.mark.parametrize("url", SAMPLES)
def test_every_qr_code_decodes_and_answers_200(papp, pclient, url, tmp_path):
    response = pclient.get(url)
    assert response.status_code == 200, response.get_data(as_text=True)
    decoded = decode_qr_codes(response.data, tmp_path)
    assert decoded, "no QR code decoded"
    for target in decoded:
        assert target.startswith(BASE + "/"), target
        path = target[len(BASE):].split("#")[0]
        answer = pclient.get(path)
        assert answer.status_code == 200, f"{target} -> {answer.status_code}"
    # Every code on the sheet decoded: compare with the links the sheet asked for.
    assert decoded == expected_urls(papp, _sheet_for(url))


def _sheet_for(url: str) -> sheets.Sheet:
    path, _, query = url.partition("?")
    params = dict(p.split("=") for p in query.split("&") if p)
    name = path.rsplit("/", 1)[1].removesuffix(".pdf")
    if name == "setup":
        kwargs = {"mode": params["mode"], "players": int(params["players"]),
                  "seed": params.get("seed")}
        if "teams" in params:
            kwargs["teams"] = [int(t) for t in params["teams"].split(",")]
        if "named_henchmen" in params:
            kwargs["named_henchmen"] = int(params["named_henchmen"])
        return sheets.setup_sheet("tdt", **kwargs)
    if name == "score-sheet":
        return sheets.score_sheet("tdt", params["mode"])
    return sheets.aid_sheet("tdt", name)


def test_qr_targets_are_phone_pages_once_they_exist(papp):
    # The phone pages serve every assistant.links path, so no code falls back to the API.
    for sheet in tdt.batch():
        for url in expected_urls(papp, sheet):
            assert url.startswith(BASE + "/g/tdt/"), url


def test_without_a_public_url_codes_use_the_requests_own_host(tmp_path):
    from api import create_app

    app = create_app({"TESTING": True, "LAIRSIDE_PUBLIC_URL": None})
    client = app.test_client()
    response = client.get("/api/v1/games/tdt/printables/score-sheet.pdf?mode=mayhem",
                          base_url="http://192.168.1.20:8000")
    assert response.status_code == 200
    decoded = decode_qr_codes(response.data, tmp_path)
    assert "http://192.168.1.20:8000/g/tdt/score?mode=mayhem" in decoded
    assert all(url.startswith("http://192.168.1.20:8000/g/tdt/") for url in decoded)


def test_pdf_response_headers_and_paper(pclient):
    response = pclient.get("/api/v1/games/tdt/printables/setup.pdf?mode=cutthroat&players=6"
                           "&paper=letter")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert ('filename="tdt-setup-cutthroat-6p-letter.pdf"'
            in response.headers["Content-Disposition"])
    page = PdfReader(io.BytesIO(response.data)).pages[0]
    assert round(float(page.mediabox.width)) == 612  # 8.5 in
    assert response.headers["ETag"]
    again = pclient.get(response.request.url, headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


@pytest.mark.parametrize("url, status, field", [
    ("/api/v1/games/tdt/printables/nope.pdf", 404, None),
    ("/api/v1/games/chess/printables/costs.pdf", 404, None),
    ("/api/v1/games/chess/printables", 404, None),
    ("/api/v1/games/tdt/printables/costs.pdf?paper=a5", 422, "paper"),
    ("/api/v1/games/tdt/printables/setup.pdf?mode=cutthroat&players=3", 422, "players"),
    ("/api/v1/games/tdt/printables/setup.pdf?mode=cutthroat&players=lots", 422, "players"),
    ("/api/v1/games/tdt/printables/setup.pdf?mode=mayhem&players=5&teams=4,1", 422, "teams.0"),
    ("/api/v1/games/tdt/printables/setup.pdf?players=5", 422, "mode"),
    ("/api/v1/games/tdt/printables/setup.pdf?mode=cutthroat&players=6&paper=A3", 422, "paper"),
    ("/api/v1/games/tdt/printables/score-sheet.pdf?mode=solo", 422, "mode"),
    ("/api/v1/games/tdt/printables/score-sheet.pdf", 422, "mode"),
])
def test_bad_requests_answer_problem_json(pclient, url, status, field):
    response = pclient.get(url)
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["status"] == status and body["detail"]
    if field:
        assert field in body["errors"], body


def test_catalogue_lists_every_sheet_with_working_urls(pclient):
    response = pclient.get("/api/v1/games/tdt/printables")
    assert response.status_code == 200
    body = response.get_json()
    assert len(body["setup"]["sheets"]) == len(tdt.setup_variants())
    assert {a["slug"] for a in body["aids"]} == {a.slug for a in sheets.catalogue("tdt").aids}
    first = body["setup"]["sheets"][0]["urls"]["a4"]
    mayhem = next(s for s in body["setup"]["sheets"] if s.get("teams"))["urls"]["letter"]
    for url in (first, mayhem, body["aids"][0]["urls"]["letter"],
                body["score_sheets"][0]["urls"]["a4"]):
        assert pclient.get(url).status_code == 200, url


def test_game_description_links_the_printables(pclient):
    links = pclient.get("/api/v1/games/tdt").get_json()["links"]
    assert links["printables"] == "/api/v1/games/tdt/printables"


def test_openapi_documents_the_pdf_endpoints(pclient):
    paths = pclient.get("/openapi.json").get_json()["paths"]
    assert "/api/v1/games/{game}/printables" in paths
    assert "/api/v1/games/tdt/printables/setup.pdf" in paths
    assert "/api/v1/games/{game}/printables/score-sheet.pdf" in paths
    assert "application/pdf" in paths["/api/v1/games/{game}/printables/{aid}.pdf"]["get"][
        "responses"]["200"]["content"]


def test_batch_command_writes_every_sheet_and_an_index(papp, tmp_path):
    runner = papp.test_cli_runner()
    result = runner.invoke(args=["printables", "--out", str(tmp_path), "--paper", "a4",
                                 "--no-packs"])
    assert result.exit_code == 0, result.output
    pdfs = sorted(p.name for p in tmp_path.glob("*.pdf"))
    from assistant.games import all_games  # every registered game's sheets, not one game's
    cards = [card for g in all_games() if g.sheets
             if (card := sheets.turn_card(g.slug)) is not None]
    assert cards  # every game's turn-order cards are in the batch too
    assert pdfs == sorted([f"{s.slug}-a4.pdf" for g in all_games() if g.sheets
                           for s in g.sheets().batch()] + [f"{c.slug}-a4.pdf" for c in cards])
    assert any(name.startswith("tdt-") for name in pdfs)
    index = (tmp_path / "index.html").read_text()
    assert all(name in index for name in pdfs)
    assert "Setup sheets" in index and "Score sheets" in index


def test_batch_writes_packs_with_their_index_rows(papp, tmp_path):
    from api.routes.printables import pack_sheets
    from assistant.games import find_game
    from printables.batch import Pack, write_batch

    game = find_game("vigilante")
    params = sheets.setup_variants("vigilante")[0]
    bundle, private = pack_sheets(game, params)
    assert not private and bundle[0].kind is sheets.Kind.SETUP
    with papp.test_request_context():
        written = write_batch([], ["letter"], tmp_path, resolver(papp, BASE),
                              packs=[Pack("vigilante-pack", "Vigilante: game-night pack", bundle)])
    assert [w.path.name for w in written] == ["vigilante-pack-letter.pdf"]
    pages = PdfReader(io.BytesIO(written[0].path.read_bytes())).pages
    assert len(pages) >= len(bundle)
    index = (tmp_path / "index.html").read_text()
    assert "Game-night packs" in index and "vigilante-pack-letter.pdf" in index


def test_catalogue_links_the_pack(pclient):
    body = pclient.get("/api/v1/games/tdt/printables").get_json()
    assert body["pack"]["url"] == "/api/v1/games/tdt/printables/pack.pdf"
    assert all("pack" in s for s in body["setup"]["sheets"])
