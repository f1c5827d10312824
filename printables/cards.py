"""Poker-size cards (63 x 88 mm): a page of turn-order cards with cut lines, one per player.

A card's sections flow over as few faces as the type allows (largest size first, never under
8.5 pt body); a set of faces is one player's, and a page holds as many whole sets as its grid
of 3 x 3 slots takes. Each face carries the game, the card's title, "1/2" when a set has two,
and at its foot the rule it comes from, the marks it uses, version and date.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph

from assistant import sheets
from assistant.player_text import for_players
from printables import layouts as L
from printables.blocks import flowables
from printables.meta import lairside_version
from printables.page import used_marks
from printables.styles import styles
from printables.target import Resolve, Target
from printables.text import text

MM = L.MM

CARD_W_MM = 63.0
CARD_H_MM = 88.0
"""Poker size, the size of most playing cards and sleeves."""
INSET_MM = 4.5
"""Text keeps this far inside a card's edge: clear of a wobbly cut, and (with the grid
centred) at least 12 mm from the paper's edge on A4 and Letter."""
SIZES = (10.5, 10.0, 9.5, 9.0, 8.5)
"""Body sizes tried, largest first."""
TITLE_PT = 13.0
MAX_FACES = 3
"""More than three cards a player is an aid, not a card."""


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    left: float
    bottom: float
    """The grid's lower left corner, in points."""

    @property
    def slots(self) -> int:
        return self.columns * self.rows

    def origin(self, slot: int) -> tuple[float, float]:
        """A slot's lower left corner (slots run left to right, top to bottom)."""
        row, column = divmod(slot, self.columns)
        return (self.left + column * CARD_W_MM * MM,
                self.bottom + (self.rows - 1 - row) * CARD_H_MM * MM)


def grid(paper: L.Paper) -> Grid:
    """As many cards as the paper takes, centred."""
    columns = int(paper.width_mm // CARD_W_MM)
    rows = int(paper.height_mm // CARD_H_MM)
    return Grid(columns, rows, (paper.width_mm - columns * CARD_W_MM) / 2 * MM,
                (paper.height_mm - rows * CARD_H_MM) / 2 * MM)


def _story(sheet: sheets.Sheet, size: float) -> list[tuple[Flowable, bool]]:
    """The card's flowables at `size`, each with whether it must stay with the next one
    (a heading)."""
    st = styles(size)
    head = st["heading"].clone(f"card-heading-{size}", fontSize=size + 2, leading=(size + 2) * 1.1,
                               spaceBefore=size * 0.6, spaceAfter=size * 0.35)
    out: list[tuple[Flowable, bool]] = []
    for sec in sheet.sections:
        out.append((Paragraph(text(sec.title), head), True))
        out.extend((f, False) for f in flowables(sec.blocks, st))
    return out


def _foot(sheet: sheets.Sheet, day: date) -> Paragraph:
    source = next((s.source for s in sheet.sections if s.source), "")
    marks = used_marks(sheet)
    legend = "; ".join(f"{mark} {words.split(':')[0]}" for mark, words in sheets.LEGEND
                       if mark in marks)
    parts = [f"Rulebook: {for_players(source)}" if source else "", legend,
             f"Lairside {lairside_version()}, printed {day.isoformat()}"]
    return Paragraph(text(" \u00b7 ".join(p for p in parts if p)), styles(L.BODY_PT)["meta"])


def _head(sheet: sheets.Sheet) -> list[Paragraph]:
    st = styles(L.BODY_PT)
    title = st["title"].clone("card-title", fontSize=TITLE_PT, leading=TITLE_PT * 1.1)
    return [Paragraph(text(sheet.title), title), Paragraph(text(sheet.game), st["meta"])]


def _heights(items: list[Paragraph], width: float) -> float:
    return sum(p.wrap(width, 1000)[1] for p in items)


def faces(sheet: sheets.Sheet, day: date) -> tuple[float, list[list[Flowable]]]:
    """The largest body size that needs the fewest faces, and what each face holds."""
    width = (CARD_W_MM - 2 * INSET_MM) * MM
    room = ((CARD_H_MM - 2 * INSET_MM) * MM - _heights(_head(sheet), width)
            - _heights([_foot(sheet, day)], width) - 3 * MM)
    best: tuple[float, list[list[Flowable]]] | None = None
    for size in SIZES:
        laid = _lay(_story(sheet, size), width, room)
        if best is None or len(laid) < len(best[1]):
            best = (size, laid)
        if len(laid) == 1:
            break
    assert best is not None
    if len(best[1]) > MAX_FACES:
        raise ValueError(f"{sheet.slug}: {len(best[1])} cards a player; shorten it to "
                         f"{MAX_FACES} or print it as an aid")
    return best


def _lay(story: list[tuple[Flowable, bool]], width: float, room: float) -> list[list[Flowable]]:
    """Fill faces in order; a heading moves on with the line after it."""
    out: list[list[Flowable]] = [[]]
    used = 0.0
    for i, (item, keep) in enumerate(story):
        need = _need(item, width, first=not out[-1])
        ahead = _need(story[i + 1][0], width, first=False) if keep and i + 1 < len(story) \
            else 0.0
        if out[-1] and used + need + ahead > room:
            out.append([])
            used, need = 0.0, _need(item, width, first=True)
        out[-1].append(item)
        used += need
    return out


def _need(item: Flowable, width: float, first: bool) -> float:
    _, h = item.wrap(width, 1000)
    return h + item.getSpaceAfter() + (0 if first else item.getSpaceBefore())


def _face(canvas: Canvas, sheet: sheets.Sheet, items: list[Flowable], number: str,
          x: float, y: float, day: date) -> None:
    """One card with its lower left corner at (x, y)."""
    width = (CARD_W_MM - 2 * INSET_MM) * MM
    left = x + INSET_MM * MM
    top = y + (CARD_H_MM - INSET_MM) * MM
    head = _head(sheet)
    for i, para in enumerate(head):
        _, h = para.wrap(width - (10 * MM if i == 0 and number else 0), 1000)
        para.drawOn(canvas, left, top - h)
        top -= h
    if number:
        mark = Paragraph(text(number), styles(L.BODY_PT)["meta_right"])
        _, h = mark.wrap(10 * MM, 100)
        mark.drawOn(canvas, left + width - 10 * MM, y + (CARD_H_MM - INSET_MM) * MM - h)
    top -= 1.5 * MM
    canvas.setLineWidth(0.6)
    canvas.line(left, top, left + width, top)
    for i, item in enumerate(items):
        _, h = item.wrap(width, 1000)
        top -= (0 if i == 0 else item.getSpaceBefore())
        item.drawOn(canvas, left, top - h)
        top -= h + item.getSpaceAfter()
    foot = _foot(sheet, day)
    foot.wrap(width, 1000)
    foot.drawOn(canvas, left, y + INSET_MM * MM)


def _cut_lines(canvas: Canvas, at: Grid, used: int) -> None:
    """Thin grey lines along every edge of the used slots, running on into the margin so a
    guillotine finds them."""
    rows = -(-used // at.columns)
    columns = min(used, at.columns)
    w, h = CARD_W_MM * MM, CARD_H_MM * MM
    top = at.bottom + at.rows * h
    canvas.saveState()
    canvas.setStrokeGray(0.45)
    canvas.setLineWidth(0.4)
    for c in range(columns + 1):
        x = at.left + c * w
        canvas.line(x, top - rows * h - 3 * MM, x, top + 3 * MM)
    for r in range(rows + 1):
        y = top - r * h
        canvas.line(at.left - 3 * MM, y, at.left + columns * w + 3 * MM, y)
    canvas.restoreState()


def draw_cards(canvas: Canvas, sheet: sheets.Sheet, paper: L.Paper, resolve: Resolve,
               day: date, target: Target) -> None:
    """Pages of whole sets of the sheet's cards, enough for `sheet.copies` players (resolve
    and target are unused: a card carries no code; the sheet's link is the round's page)."""
    del resolve, target
    at = grid(paper)
    _, laid = faces(sheet, day)
    per_set = len(laid)
    per_page = at.slots // per_set
    pages = max(1, -(-sheet.copies // per_page))
    for _ in range(pages):
        canvas.setPageSize((paper.width_mm * MM, paper.height_mm * MM))
        for s in range(per_page):
            for f, items in enumerate(laid):
                x, y = at.origin(s * per_set + f)
                _face(canvas, sheet, items, f"{f + 1}/{per_set}" if per_set > 1 else "", x, y,
                      day)
        _cut_lines(canvas, at, per_page * per_set)
        canvas.showPage()
