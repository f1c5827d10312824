"""Every sheet read back: page size and count, the table's numbers, text inside the page."""
from __future__ import annotations

import io

import pdfplumber
import pytest
from pypdf import PdfReader

from assistant import sheets
from assistant.games.tdt import sheets as tdt
from assistant.games.tdt.setup import setup_for
from printables import layouts
from printables.meta import lairside_version

from .conftest import BASE, DAY

SHEETS = {sheet.slug: sheet for sheet in tdt.batch()}
MAX_PAGES = {sheets.Kind.SETUP: 2, sheets.Kind.SCORE: 1, sheets.Kind.AID: 3}
MAX_PAGES_GLOSSARY = 5


@pytest.fixture(scope="module")
def pdfs(every_pdf):
    return {key: pdf for key, (_, pdf) in every_pdf.items() if key[0] in SHEETS}


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("paper", sheets.PAPERS)
@pytest.mark.parametrize("slug", sorted(SHEETS))
def test_page_size_count_and_header(pdfs, slug, paper):
    sheet = SHEETS[slug]
    reader = PdfReader(io.BytesIO(pdfs[slug, paper]))
    size = layouts.PAPERS[paper]
    limit = MAX_PAGES_GLOSSARY if slug.endswith("glossary") else MAX_PAGES[sheet.kind]
    assert 1 <= len(reader.pages) <= limit
    for page in reader.pages:
        box = page.mediabox
        assert float(box.width) == pytest.approx(size.width_mm * layouts.MM, abs=0.5)
        assert float(box.height) == pytest.approx(size.height_mm * layouts.MM, abs=0.5)
    text = _flat(_text(pdfs[slug, paper]))
    for part in (sheet.title, sheet.game, sheet.mode, sheet.players,
                 f"Lairside {lairside_version()}", DAY.isoformat(), f"QR codes open {BASE}"):
        assert part in text, f"{slug}: {part!r} missing"


@pytest.mark.parametrize("slug, paper", [("tdt-setup-cutthroat-6p", "a4"),
                                         ("tdt-setup-mayhem-6p-teams-2-2-2", "letter"),
                                         ("tdt-costs", "letter"), ("tdt-score-mayhem", "a4")])
def test_character_boxes_inside_the_page_with_pdfplumber(pdfs, slug, paper):
    margin = layouts.MARGIN_MM * layouts.MM - 0.5
    with pdfplumber.open(io.BytesIO(pdfs[slug, paper])) as pdf:
        for page in pdf.pages:
            chars = page.chars
            assert chars
            outside = [c for c in chars
                       if c["x0"] < margin or c["x1"] > page.width - margin
                       or c["top"] < margin or c["bottom"] > page.height - margin]
            small = [c for c in chars if c["size"] < layouts.MIN_PT - 0.01]
            assert not outside, [(c["text"], c["x0"], c["top"]) for c in outside[:10]]
            assert not small, [(c["text"], c["size"]) for c in small[:10]]


def test_cutthroat_six_players_prints_the_rulebook_numbers(pdfs):
    # Goodman + five Named Henchmen: clock 8; Goodman 10 Resources, 1 Faceless Henchman, 3 VP.
    text = _flat(_text(pdfs["tdt-setup-cutthroat-6p", "a4"]))
    assert "Doomsday Clock starts on 8" in text
    assert "10 Resources, 1 Faceless Henchman, 3 VP" in text
    assert "Goodman + 5 Named Henchmen" in text


@pytest.mark.parametrize("params", tdt.setup_variants(), ids=lambda p: str(sorted(p.items())))
def test_every_setup_sheet_prints_its_clock_and_assets(pdfs, params):
    s = setup_for(params["mode"], params["players"], teams=params.get("teams"))
    sheet = sheets.setup_sheet("tdt", **params)
    text = _flat(_text(pdfs[sheet.slug, "letter"]))
    assert f"Doomsday Clock starts on {s.clock_start}" in text
    if s.goodman is not None:
        assert f"{s.goodman.resources} Resources" in text
    for step in s.steps:
        assert step.title in text


def test_score_sheet_prints_the_tie_break_chain(pdfs):
    text = _flat(_text(pdfs["tdt-score-cutthroat", "a4"]))
    assert "1. Most VP" in text and "4. Fewest active Betrayal Triggers" in text
