"""The "join this table" sheet as a table tent.

Fold the page in half along the dotted line and stand it on the table: each face shows the
follow code (at least 60 mm), the share code in big type and who is playing; the top half is
printed upside down so both faces read upright. When the sheet carries an edit code, it sits
on a strip below a dashed cut line, marked as the scorekeeper's: cut it off and keep it apart.
In a game with secrets the scorekeeper's copy has a page of seats' slips after it: each seat's
claim code and the QR that claims it, cut apart and handed to each player.
"""
from __future__ import annotations

from datetime import date

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from assistant import sheets
from assistant.sheets.join import CODE_LABEL, EDIT_TITLE, SLIP_TITLE
from printables import fonts
from printables import layouts as L
from printables.codes import QRCode, qr_size
from printables.meta import lairside_version
from printables.styles import styles
from printables.target import Resolve, Target
from printables.text import text

MM = L.MM


def _facts(sec: sheets.Section) -> list[sheets.Fact]:
    return [f for b in sec.blocks if isinstance(b, sheets.Facts) for f in b.rows]


def _paras(sec: sheets.Section) -> list[str]:
    return [b.text for b in sec.blocks if isinstance(b, sheets.Para)]


def _put(canvas: Canvas, markup: str, style_name: str, x: float, top: float, width: float,
         size: float | None = None) -> float:
    """Draw a paragraph with its top at `top`; returns its bottom."""
    style = styles(10.0)[style_name]
    if size is not None:
        style = style.clone(f"{style_name}-{size}", fontSize=size, leading=size * 1.15)
    para = Paragraph(markup, style)
    _, h = para.wrap(width, 1000)
    para.drawOn(canvas, x, top - h)
    return top - h


def _face(canvas: Canvas, sheet: sheets.Sheet, url: str, width: float, height: float,
          day: date, target: Target) -> None:
    """One face of the tent, in a box with its origin at the bottom left."""
    follow = sheet.sections[0]
    facts = _facts(follow)
    code = next((f.value for f in facts if f.label == CODE_LABEL), "")
    size = qr_size(url, L.TENT_QR_MM - 4)
    top = height
    QRCode(url, size).drawOn(canvas, 0, top - size)
    canvas.linkURL(url, (0, top - size, size, top), relative=1)
    under = _put(canvas, text(url), "url", 0, top - size - 0.5 * MM, size)
    x = size + 6 * MM
    w = width - x
    y = _put(canvas, text(sheet.title), "title", x, top - 2 * MM, w, 22)
    y = _put(canvas, text(f"{sheet.game} \u00b7 {sheet.mode} \u00b7 {sheet.players}"), "subtitle",
             x, y - 1 * MM, w, 12)
    if code:
        y = _put(canvas, text(CODE_LABEL), "meta", x, y - 4 * MM, w, 10)
        y = _put(canvas, text(code), "title", x, y - 0.5 * MM, w, L.CODE_PT)
    for para in _paras(follow):
        y = _put(canvas, text(para), "body", x, y - 3 * MM, w, 11)
    seats = [f for f in facts if f.label != CODE_LABEL and f.label != "Mode"]
    if seats:
        line = ", ".join(f"{f.label} ({f.value})" if f.value not in ("", "-") else f.label
                         for f in seats)
        y = _put(canvas, text(line), "body", x, y - 2 * MM, w, 10)
    bottom = min(y, under) - 2 * MM
    meta = (f"Lairside {lairside_version()} \u00b7 printed {day.isoformat()} \u00b7 "
            f"QR codes open {target.base or 'this table'}" + (
                f" ({target.note})" if target.note else ""))
    _put(canvas, text(meta), "meta", 0, max(bottom, 5 * MM), width)


def _warning(canvas: Canvas, target: Target, x: float, y: float, width: float) -> float:
    """A boxed loopback warning with its bottom at y; returns its top."""
    if not target.loopback:
        return y
    style = styles(10.0)["warning"]
    para = Paragraph(text(f"Warning: these codes point at {target.base or 'this computer'}, "
                          "which no phone at the table can reach. Set LAIRSIDE_PUBLIC_URL "
                          "to the server's Wi-Fi address and print again."), style)
    _, h = para.wrap(width - 4 * MM, 100)
    canvas.saveState()
    canvas.setLineWidth(1.5)
    canvas.rect(x, y, width, h + 2 * MM, stroke=1, fill=0)
    canvas.restoreState()
    para.drawOn(canvas, x + 2 * MM, y + 1 * MM)
    return y + h + 2 * MM


def draw_tent(canvas: Canvas, sheet: sheets.Sheet, paper: L.Paper, resolve: Resolve,
              day: date, target: Target) -> None:
    width, height = paper.width_mm * MM, paper.height_mm * MM
    canvas.setPageSize((width, height))
    left = L.MARGIN_MM * MM
    inner = width - 2 * left
    bottom = L.MARGIN_MM * MM
    follow = resolve(sheet.sections[0].link) if sheet.sections[0].link else ""
    edit = next((s for s in sheet.sections if s.title == EDIT_TITLE), None)
    slips = [s for s in sheet.sections if s.title == SLIP_TITLE]
    canvas.saveState()
    canvas.setFont(fonts.load().regular, L.MIN_PT)
    if edit is not None and edit.link is not None:
        strip_top = bottom + L.TENT_STRIP_MM * MM
        _strip(canvas, edit, resolve(edit.link), left, bottom, inner, strip_top - bottom)
        canvas.setDash(6, 4)
        canvas.setLineWidth(1)
        canvas.line(0, strip_top + 2 * MM, width, strip_top + 2 * MM)
        canvas.setDash()
        _put(canvas, text("\u2014 cut here \u2014 the strip below changes the record: keep it "
                          "with the scorekeeper, not on the table"), "meta", left,
             strip_top + 6.5 * MM, inner)
        bottom = strip_top + 8 * MM
    bottom = _warning(canvas, target, left, bottom, inner) + (2 * MM if target.loopback else 0)
    top = height - L.MARGIN_MM * MM
    half = (top - bottom) / 2
    fold = bottom + half
    canvas.setDash(1, 3)
    canvas.setLineWidth(0.8)
    canvas.line(left, fold, width - left, fold)
    canvas.setDash()
    _put(canvas, text("fold here"), "meta", width - left - 20 * MM, fold - 0.8 * MM, 20 * MM)
    pad = 5 * MM
    # the lower face, upright
    canvas.saveState()
    canvas.translate(left, bottom)
    _face(canvas, sheet, follow, inner, half - pad, day, target)
    canvas.restoreState()
    # the upper face, upside down: it reads upright from the other side of the fold
    canvas.saveState()
    canvas.translate(left + inner, top)
    canvas.rotate(180)
    _face(canvas, sheet, follow, inner, half - pad, day, target)
    canvas.restoreState()
    canvas.restoreState()
    canvas.showPage()
    if slips:
        _slips(canvas, slips, resolve, paper)


SLIP_ROWS = 5
"""Seats' slips a page holds, one above the other (a column of strips to cut apart)."""


def _slips(canvas: Canvas, slips: list[sheets.Section], resolve: Resolve,
           paper: L.Paper) -> None:
    """A page (or more) of seats' slips between dashed cut lines: each with the QR that
    claims the seat, the seat's name and its claim code in big type."""
    width, height = paper.width_mm * MM, paper.height_mm * MM
    left = L.MARGIN_MM * MM
    inner, top = width - 2 * left, height - L.MARGIN_MM * MM
    row = (top - L.MARGIN_MM * MM) / SLIP_ROWS
    for start in range(0, len(slips), SLIP_ROWS):
        canvas.setPageSize((width, height))
        _put(canvas, text("Seats' slips \u2014 cut apart and hand each player their own; "
                          "each code claims one seat"), "meta", left, top + 5 * MM, inner)
        for i, sec in enumerate(slips[start:start + SLIP_ROWS]):
            y = top - i * row
            canvas.saveState()
            canvas.setDash(6, 4)
            canvas.setLineWidth(1)
            canvas.line(0, y - row, width, y - row)
            canvas.restoreState()
            _strip(canvas, sec, resolve(sec.link) if sec.link else "", left, y - row + 3 * MM,
                   inner, row - 6 * MM)
        canvas.showPage()


def _strip(canvas: Canvas, sec: sheets.Section, url: str, x: float, y: float, width: float,
           height: float) -> None:
    size = qr_size(url, L.TENT_EDIT_QR_MM - 4)
    top = y + height
    QRCode(url, size).drawOn(canvas, x, top - size)
    canvas.linkURL(url, (x, top - size, x + size, top))
    _put(canvas, text(url), "url", x, top - size - 0.5 * MM, size)
    tx = x + size + 6 * MM
    tw = width - size - 6 * MM
    ty = _put(canvas, text(sec.title), "heading", tx, top - 1 * MM, tw, 14)
    for fact in _facts(sec):  # a slip's seat and claim code, big enough to read aloud
        ty = _put(canvas, text(f"{fact.label}: {fact.value}"), "heading", tx, ty - 1 * MM, tw, 16)
    for para in _paras(sec):
        ty = _put(canvas, text(para), "body", tx, ty - 2 * MM, tw, 10.5)
