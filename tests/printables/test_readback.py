"""Every sheet of every game read back from its PDF: how full each page is, headings never
orphaned or widowed, sections and tables broken only under a repeated header, type sizes and
hierarchy, fonts embedded, nothing outside the page, and the footer's promises."""
from __future__ import annotations

from collections import Counter

import pytest

from assistant import sheets
from assistant.games import all_games
from printables import layouts as L
from printables.meta import lairside_version

from . import readback
from .conftest import BASE, DAY

GAMES = [g.slug for g in all_games() if g.sheets is not None]
IDS = [(s.slug, paper) for g in GAMES for s in sheets.batch(g) for paper in sheets.PAPERS]
SHORT_LAST_PAGE: dict[tuple[str, str], str] = {}
"""Sheets whose last page no type size fills to a third, with the change that fixes each
(in the game's own sheets.py). A listed sheet that becomes full fails too: take it off."""
FONTS = {"FiraSansCondensed-Regular", "FiraSansCondensed-SemiBold", "FiraSansCondensed-Italic",
         "FiraSansCondensed-Bold"}


@pytest.fixture(scope="module")
def pages(every_pdf):
    return {key: readback.read(pdf) for key, (_, pdf) in every_pdf.items()}


@pytest.mark.parametrize("slug, paper", IDS)
def test_pages_are_full_and_headings_keep_their_lines(every_pdf, pages, slug, paper):
    sheet, _ = every_pdf[slug, paper]
    read = pages[slug, paper]
    fills = [readback.fill(p, sheet.columns) for p in read]
    if sheet.kind is sheets.Kind.SETUP:
        # one page, or two full pages by design
        assert len(read) <= 2, f"{slug}: {len(read)} pages"
    if len(read) > 1:
        full = min(fills) >= L.MIN_FILL or sheet.kind is not sheets.Kind.SETUP and \
            min(fills) >= 0.15  # an aid or score sheet: no widowed lines on a last page
        assert full != ((slug, paper) in SHORT_LAST_PAGE), f"{slug} {paper}: pages {fills}"
    assert readback.layout_problems(read, sheet.columns) == []


@pytest.mark.parametrize("slug, paper", IDS)
def test_type_fonts_and_page_bounds(every_pdf, pages, slug, paper):
    sheet, _ = every_pdf[slug, paper]
    read = pages[slug, paper]
    size = L.PAPERS[paper]
    margin = L.MARGIN_MM * L.MM - 1.5
    for page in read:
        assert page.width == pytest.approx(size.width_mm * L.MM, abs=0.5)
        assert page.height == pytest.approx(size.height_mm * L.MM, abs=0.5)
        # every font is embedded, and it is the condensed face
        assert page.fonts and all(page.fonts.values()), page.fonts
        assert {name.split("+", 1)[-1] for name in page.fonts} <= FONTS
        outside = [r for r in page.runs
                   if r.x0 < margin or r.x1 > page.width - margin
                   or r.baseline - 0.25 * r.size < margin or r.baseline + r.size > page.height
                   - margin]
        assert not outside, outside[:3]
        assert min(r.size for r in page.runs) >= L.MIN_PT - 0.01
    runs = [r for page in read for frame in readback.frames(page, sheet.columns)
            for r in readback.column_runs(page, frame)]
    # body text (the most common size of plain text in the columns; URLs under codes aside)
    # is 8.5 pt or more; headings larger; key numbers larger
    body = Counter(round(r.size, 1) for r in runs
                   if r.font == "FiraSansCondensed-Regular" and "/" not in r.text)
    body_size = body.most_common(1)[0][0]
    assert body_size >= L.BODY_PT - 0.01
    heads = [r.size for r in runs if readback.is_heading(r)]
    assert heads and min(heads) >= body_size + L.HEADING_GAIN - 0.01
    facts = any(isinstance(b, sheets.Facts) and any(len(f.value) <= L.KEY_CHARS for f in b.rows)
                for s in sheet.sections for b in s.blocks)
    if facts:
        assert max(r.size for r in runs if r.font == "FiraSansCondensed-SemiBold") >= \
            body_size + L.KEY_GAIN - 0.01


@pytest.mark.parametrize("slug, paper", IDS[::7])
def test_header_and_footer_say_what_and_where(every_pdf, pages, slug, paper):
    sheet, _ = every_pdf[slug, paper]
    text = " ".join(" ".join(p.text for p in pages[slug, paper]).split())
    for part in (sheet.title, sheet.game, f"Lairside {lairside_version()}", DAY.isoformat(),
                 f"QR codes open {BASE}"):
        assert part in text, f"{slug}: {part!r} missing"
    assert "Warning" not in text  # a public address: no loopback warning


def test_the_legend_lists_only_the_marks_a_sheet_uses(every_pdf, pages):
    for (slug, paper), (sheet, _) in every_pdf.items():
        if paper != "a4":
            continue
        from printables.page import used_marks

        text = " ".join(pages[slug, paper][0].text.split())
        for mark, words in sheets.LEGEND:
            assert (f"{mark} {words.split(':')[0]}" in text) == (mark in used_marks(sheet)), \
                (slug, mark)
