"""Render assistant.sheets.Sheets to PDF bytes: the entry points the API and the batch use.

A sheet is layout as data. Most sheets flow (printables/fit.py picks their body size; the
sections, printables/section.py, flow through one or two columns a page, printables/page.py,
each block set by its kind's module in printables/blocks/). Cards and the table tent have a
fixed geometry and are drawn straight on the canvas: `DRAWN` dispatches on the sheet's
layout to their modules.

Hierarchy: body text in an embedded condensed face (printables/fonts.py), headings larger,
key numbers (short fact values) much larger. Every QR code is at least 20 mm with its URL
printed under it; the footer names the version, the date and the address the codes point at,
and a sheet whose codes point at loopback prints a boxed warning.
"""
from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from datetime import date

from reportlab.pdfgen.canvas import Canvas

from assistant import sheets
from printables import fonts
from printables import layouts as L
from printables.cards import draw_cards
from printables.fit import build, chosen
from printables.meta import lairside_version
from printables.qr import warm as qr_warm
from printables.target import Resolve, Target, target_for
from printables.tent import draw_tent

__all__ = ["DRAWN", "Resolve", "Target", "render", "render_pack", "warm"]

MM = L.MM

Draw = Callable[[Canvas, sheets.Sheet, L.Paper, Resolve, date, Target], None]

DRAWN: dict[sheets.Layout, Draw] = {sheets.Layout.CARDS: draw_cards,
                                    sheets.Layout.TENT: draw_tent}
"""Layouts drawn straight on the canvas (fixed geometry), not flowed through platypus."""


def render(sheet: sheets.Sheet, paper: str, resolve: Resolve,
           printed_on: date | None = None, target: Target | None = None) -> bytes:
    """The sheet as PDF bytes on `paper` ("a4" or "letter")."""
    page = L.PAPERS[sheets.check_paper(paper)]
    day = printed_on or date.today()
    where = target_for(sheet, resolve, target)
    draw = DRAWN.get(sheet.layout)
    if draw is not None:
        buffer = io.BytesIO()
        canvas = _canvas(buffer, page, f"{sheet.game}: {sheet.title}")
        draw(canvas, sheet, page, resolve, day, where)
        canvas.save()
        return buffer.getvalue()
    body, story = chosen(sheet, page, resolve, day, where)
    return build(sheet, page, resolve, day, where, body, story=story)


def render_pack(todo: Sequence[sheets.Sheet], paper: str, resolve: Resolve,
                printed_on: date | None = None, target: Target | None = None,
                title: str = "Game-night pack") -> bytes:
    """Several sheets, in order, as one PDF (each at the size `render` would choose)."""
    page = L.PAPERS[sheets.check_paper(paper)]
    day = printed_on or date.today()
    buffer = io.BytesIO()
    canvas = _canvas(buffer, page, title)
    for sheet in todo:
        where = target_for(sheet, resolve, target)
        draw = DRAWN.get(sheet.layout)
        if draw is not None:
            draw(canvas, sheet, page, resolve, day, where)
            continue
        body, story = chosen(sheet, page, resolve, day, where)
        build(sheet, page, resolve, day, where, body, canvas, story)
    canvas.save()
    return buffer.getvalue()


def _canvas(buffer: io.BytesIO, page: L.Paper, title: str) -> Canvas:
    """A canvas for drawn sheets and packs, with the document's metadata."""
    canvas = Canvas(buffer, pagesize=(page.width_mm * MM, page.height_mm * MM), invariant=1,
                    initialFontName=fonts.load().regular,  # type: ignore[arg-type]  # stubs: float
                    initialFontSize=L.MIN_PT)
    canvas.setTitle(title)
    canvas.setAuthor("Lairside")
    canvas.setCreator(f"Lairside {lairside_version()}")
    return canvas


def warm() -> None:
    """Load reportlab, the fonts, the QR library and every game's sheets, and lay out one
    small sheet, so the first sheet a user asks for costs no more than the next
    (printables/warm.py)."""
    from assistant.games import all_games  # noqa: PLC0415

    for game in all_games():  # each game's sheets module (imported on its first sheet)
        if game.sheets is not None:
            game.sheets()
    qr_warm()

    link = sheets.Link("/", "/", "Lairside")
    sheet = sheets.Sheet(sheets.Kind.AID, "warm-up", "Warm-up", "Lairside", "All modes",
                         "any number of players",
                         (sheets.Section("Warm-up", (sheets.Para("Ready."),
                                                     sheets.Facts((sheets.Fact("Clock", "8"),))),
                                         link),), link)
    render(sheet, "a4", lambda lk: "http://lairside.invalid" + lk.page)
