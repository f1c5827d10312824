"""Every QR code of every sheet, decoded from a 150 dpi greyscale rendering (a phone camera
at arm's length sees about that): it is the link the sheet asked for, its URL is printed under
it, it is at least 20 mm wide, and the page it opens answers 200."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from api.routes.printables import resolver
from assistant import sheets
from assistant.games import all_games
from printables import layouts as L
from tests.support import require_tool

from . import readback
from .conftest import BASE

GAMES = [g.slug for g in all_games() if g.sheets is not None]
SLUGS = [s.slug for g in GAMES for s in sheets.batch(g)]


def decode(pdf: bytes, tmp_path: Path, dpi: int = 150) -> list[set[str]]:
    """The URLs decoded on each page."""
    pdftoppm, zbarimg = require_tool("pdftoppm"), require_tool("zbarimg")
    source = tmp_path / "sheet.pdf"
    source.write_bytes(pdf)
    for old in tmp_path.glob("p*.png"):
        old.unlink()
    subprocess.run([pdftoppm, "-r", str(dpi), "-gray", "-png", str(source),
                    str(tmp_path / "p")], check=True)
    pages = []
    for png in sorted(tmp_path.glob("p*.png")):
        out = subprocess.run([zbarimg, "-q", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
                             capture_output=True, text=True)
        pages.append({line for line in out.stdout.splitlines() if line})
    return pages


def links_of(sheet: sheets.Sheet) -> list[sheets.Link]:
    return [link for link in (sheet.link, *(s.link for s in sheet.sections)) if link]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_code_decodes_at_150_dpi_prints_its_url_and_opens(papp, pclient, every_pdf,
                                                                  slug, tmp_path):
    sheet, pdf = every_pdf[slug, "a4"]
    with papp.test_request_context():
        expected = {resolver(papp, BASE)(link) for link in links_of(sheet)}
    pages = decode(pdf, tmp_path)
    found = set().union(*pages)
    assert found == expected, {"missing": expected - found, "extra": found - expected}
    read = readback.read(pdf)
    for page, urls in zip(read, pages, strict=True):
        printed = "".join(page.text.split())
        for url in urls:
            assert url in printed, f"{url} is not printed on its page"
    for url in found:
        assert url.startswith(BASE + "/")
        path = url[len(BASE):].split("#")[0]
        assert pclient.get(path).status_code == 200, url


def test_codes_are_at_least_20_mm(every_pdf):
    from printables.codes import qr_size
    from printables.qr import QUIET_ZONE, qr_matrix

    for sheet, _ in (v for k, v in every_pdf.items() if k[1] == "a4"):
        for link in links_of(sheet):
            url = BASE + link.page
            modules = len(qr_matrix(url))
            dark = qr_size(url, L.SECTION_QR_MM) * modules / (modules + 2 * QUIET_ZONE)
            assert dark >= 20 * L.MM - 0.01
    # and the renderer's geometry says so for every kind of code
    assert min(L.SECTION_QR_MM, L.HEADER_QR_MM, L.TENT_EDIT_QR_MM - 4) >= 20
    assert L.TENT_QR_MM - 4 >= 60
