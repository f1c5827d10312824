"""A flowed sheet's pages: columns of frames between a header and a footer.

The header holds the title, what the sheet is for and the sheet's main QR code with its URL;
the footer the provenance legend (only the marks the sheet uses), version, date, where the
codes point and the page number, above it a boxed warning when they point at loopback.
"""
from __future__ import annotations

from datetime import date
from typing import IO

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from assistant import sheets
from assistant.explain import Provenance
from printables import fonts
from printables import layouts as L
from printables.codes import QRCode, qr_size, quiet_width
from printables.meta import lairside_version
from printables.paragraph import Paragraph
from printables.styles import Styles
from printables.target import Target
from printables.text import text

MM = L.MM


class TooLong(Exception):
    """A trial layout ran onto more pages than it may have."""


class SheetDoc(BaseDocTemplate):
    """The document a flowed sheet is built in: `columns` frames a page."""

    _doSave: int
    """reportlab's own switch: 0 builds into a canvas without saving it (its stubs omit it)."""

    def __init__(self, buffer: IO[bytes], sheet: sheets.Sheet, paper: L.Paper, main_url: str,
                 printed_on: date, target: Target, st: Styles, dry: bool = False,
                 most: int = 0) -> None:
        size = (paper.width_mm * MM, paper.height_mm * MM)
        super().__init__(buffer, pagesize=size, leftMargin=L.MARGIN_MM * MM,
                         rightMargin=L.MARGIN_MM * MM, topMargin=L.MARGIN_MM * MM,
                         bottomMargin=L.MARGIN_MM * MM, title=f"{sheet.game}: {sheet.title}",
                         author="Lairside", subject=sheet.subtitle or sheet.title,
                         creator=f"Lairside {lairside_version()}", invariant=1,
                         initialFontName=fonts.load().regular, initialFontSize=L.MIN_PT)
        self.sheet, self.paper, self.main_url, self.printed_on = sheet, paper, main_url, printed_on
        self.target, self.st = target, st
        self.dry, self.most = dry, most
        """A trial layout draws nothing; with `most`, it stops when a page more begins."""
        top = size[1] - (L.MARGIN_MM + L.HEADER_MM) * MM
        bottom = (L.MARGIN_MM + L.FOOTER_MM + (L.WARNING_MM if target.loopback else 0)) * MM
        width = size[0] - 2 * L.MARGIN_MM * MM
        columns = max(1, sheet.columns)
        gutter = L.GUTTER_MM * MM
        self.column_width = (width - gutter * (columns - 1)) / columns
        self.frame_height = top - bottom
        frames = [Frame(L.MARGIN_MM * MM + i * (self.column_width + gutter), bottom,
                        self.column_width, top - bottom, leftPadding=0, rightPadding=0,
                        topPadding=0, bottomPadding=0, id=f"col{i}") for i in range(columns)]
        self.columns = columns
        self.used: dict[int, dict[str, float]] = {}
        """Per page, per frame: the height filled (points)."""
        self.addPageTemplates([PageTemplate("sheet", frames, onPage=self._decorate)])

    def afterFlowable(self, flowable: Flowable) -> None:
        frame = self.frame
        filled: float = frame._y2 - frame._y  # type: ignore[attr-defined]  # its cursor
        self.used.setdefault(self.page, {})[str(frame.id)] = filled

    def handle_pageBegin(self) -> None:
        if self.most and self.page >= self.most:
            raise TooLong
        super().handle_pageBegin()

    def fill(self, page: int) -> float:
        """How much of a page's columns is filled, 0-1."""
        used = self.used.get(page, {})
        return sum(used.values()) / (self.columns * self.frame_height)

    def _decorate(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        if self.dry:
            return
        canvas.saveState()
        left, right = header(canvas, self)
        rule_y = self.pagesize[1] - (L.MARGIN_MM + L.HEADER_MM) * MM + 2 * MM
        canvas.setLineWidth(0.8)
        canvas.line(left, rule_y, right, rule_y)
        footer(canvas, self.sheet, left, right, self.page, self.printed_on, self.target, self.st)
        canvas.restoreState()


def header(canvas: Canvas, doc: SheetDoc) -> tuple[float, float]:
    """The title block and the sheet's main code; returns the left and right ends of the rule
    under it."""
    st, sheet, main_url = doc.st, doc.sheet, doc.main_url
    width, height = doc.pagesize
    left = L.MARGIN_MM * MM
    right = width - L.MARGIN_MM * MM
    top = height - L.MARGIN_MM * MM
    qr_w = qr_size(main_url, L.HEADER_QR_MM) if sheet.link is not None else 0
    quiet = quiet_width(main_url, qr_w) if sheet.link is not None else 0
    top += quiet  # the code's white quiet zone may lie in the (white) margin
    right += quiet
    text_width = right - left - qr_w - 6 * MM
    y = top - quiet
    lines = [Paragraph(text(sheet.title), st["title"]),
             Paragraph(text(f"{sheet.game} \u00b7 {sheet.mode} \u00b7 {sheet.players}"),
                       st["subtitle"])]
    if sheet.subtitle:
        lines.append(Paragraph(text(sheet.subtitle), st["meta"]))
    for line in lines:
        _, h = line.wrap(text_width, 40)
        y -= h
        line.drawOn(canvas, left, y)
    if sheet.link is not None:
        QRCode(main_url, qr_w).drawOn(canvas, right - qr_w, top - qr_w)
        canvas.linkURL(main_url, (right - qr_w, top - qr_w, right, top))
        label = Paragraph(text(f"Scan the code to open {sheet.link.label}"), st["meta_right"])
        _, h = label.wrap(text_width * 0.45, 20)
        label.drawOn(canvas, right - qr_w - 2 * MM - text_width * 0.45, top - qr_w / 2 - h / 2)
        url = Paragraph(text(main_url), st["url_right"])
        _, h = url.wrap(right - quiet - left - 40 * MM, 20)
        url.drawOn(canvas, left + 40 * MM, top - qr_w + quiet - h - 0.3 * MM)
        right -= quiet
    return left, right


def used_marks(sheet: sheets.Sheet) -> set[str]:
    """The provenance marks printed on a sheet (its legend lists only these)."""
    found: set[Provenance] = set()
    for sec in sheet.sections:
        found.add(sec.provenance)
        for block in sec.blocks:
            if isinstance(block, sheets.Para):
                found.add(block.provenance)
            elif isinstance(block, sheets.Facts):
                found.update(f.provenance for f in block.rows)
            elif isinstance(block, sheets.Checklist):
                found.update(c.provenance for c in block.items)
            elif isinstance(block, sheets.Table):
                found.update(block.marks)
    return {sheets.mark(p) for p in found} - {""}


def footer(canvas: Canvas, sheet: sheets.Sheet, left: float, right: float, page: int,
           printed_on: date, target: Target, st: Styles) -> None:
    """The legend (only the marks this sheet uses), then version, date, the QR address and
    the page number; above them a boxed warning when the codes point at loopback."""
    bottom = (L.MARGIN_MM + 1.2) * MM  # clear of the margin with the face's full descent
    marks = used_marks(sheet)
    if marks:
        legend = "Unmarked facts are stated by the rulebook. " + "   ".join(
            f"<b>{text(mark)}</b> {text(words)}" for mark, words in sheets.LEGEND
            if mark in marks)
    else:
        legend = "Every fact on this sheet is stated by the rulebook."
    where = f"QR codes open {target.base}" if target.base else "QR codes open this table's server"
    if target.note:
        where += f" ({target.note})"
    meta = (f"Lairside {lairside_version()} \u00b7 printed {printed_on.isoformat()} "
            f"\u00b7 {text(where)}")
    nw = 16 * MM
    para = Paragraph(legend, st["meta"])
    info = Paragraph(meta, st["meta"])
    _, h1 = info.wrap(right - left - nw, 20 * MM)
    _, h2 = para.wrap(right - left - nw, 20 * MM)
    info.drawOn(canvas, left, bottom)
    para.drawOn(canvas, left, bottom + h1 + 0.5)
    number = Paragraph(f"page {page}", st["meta_right"])
    number.wrap(nw, 10 * MM)
    number.drawOn(canvas, right - nw, bottom)
    canvas.setLineWidth(0.5)
    line_y = bottom + h1 + h2 + 2
    canvas.line(left, line_y, right, line_y)
    if target.loopback:
        warning = Paragraph(text(
            f"Warning: these codes point at {target.base or 'this computer only'}, which no "
            "phone at the table can reach. Set LAIRSIDE_PUBLIC_URL to the server's address on "
            "your Wi-Fi and print again."), st["warning"])
        _, wh = warning.wrap(right - left - 4 * MM, L.WARNING_MM * MM)
        y = line_y + 1.5 * MM
        canvas.setLineWidth(1.5)
        canvas.rect(left, y, right - left, wh + 2 * MM, stroke=1, fill=0)
        warning.drawOn(canvas, left + 2 * MM, y + 1 * MM)
