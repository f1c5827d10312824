"""Render an assistant.sheets.Sheet to PDF bytes with reportlab's platypus.

The sheet is data; this module dispatches on each block's type (as pretix's renderer does on
element types) and lets platypus flow sections through one or two columns per page. Every
block is wrapped to the width it is given, so nothing is ever set wider than its frame, and
platypus refuses (LayoutError) anything taller than a whole frame.
"""
from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from datetime import date
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import ImageAndFlowables

from assistant import sheets
from assistant.explain import Provenance
from printables import layouts as L
from printables.meta import lairside_version
from printables.qr import QUIET_ZONE, qr_matrix

Resolve = Callable[[sheets.Link], str]
"""Turns a sheet's Link into the absolute URL a QR code encodes."""

MM = L.MM
GREY = colors.Color(L.GREY_FILL, L.GREY_FILL, L.GREY_FILL)
INK = colors.Color(L.GREY_TEXT, L.GREY_TEXT, L.GREY_TEXT)

# Helvetica's encoding (WinAnsi) lacks a few characters the rules text uses.
_PLAIN = str.maketrans({"\u2212": "-", "\u2192": "->", "\u2264": "<=", "\u2265": ">=",
                        "\u2248": "~"})


def text(value: str) -> str:
    """Plain text → Paragraph markup in the base fonts' character set."""
    plain = value.translate(_PLAIN)
    plain = "".join(ch if _winansi(ch) else "?" for ch in plain)
    return escape(plain)


def _winansi(ch: str) -> bool:
    try:
        ch.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def _style(name: str, size: float = L.BODY_PT, font: str = L.FONT, **kw: Any) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=font, fontSize=size, leading=size * 1.2, **kw)


STYLES = {
    "body": _style("body", spaceAfter=1.5),
    "bullet": _style("bullet", leftIndent=8, bulletIndent=1, spaceAfter=1),
    "numbered": _style("numbered", leftIndent=10, firstLineIndent=-10, spaceAfter=1),
    "note": _style("note", L.MIN_PT, L.FONT_ITALIC, textColor=INK, spaceAfter=1.5),
    "lead": _style("lead", L.BODY_PT, L.FONT_BOLD, spaceBefore=1.5, spaceAfter=0.5),
    "heading": _style("heading", L.HEADING_PT, L.FONT_BOLD, backColor=GREY, borderPadding=2,
                      spaceBefore=5, spaceAfter=4),
    "source": _style("source", L.MIN_PT, L.FONT_ITALIC, textColor=INK, spaceAfter=2),
    "cell": _style("cell", L.MIN_PT + 0.5),
    "cell_head": _style("cell_head", L.MIN_PT, L.FONT_BOLD),
    "caption": _style("caption", L.MIN_PT, alignment=TA_CENTER),
    "title": _style("title", L.TITLE_PT, L.FONT_BOLD),
    "subtitle": _style("subtitle", L.SUBTITLE_PT),
    "meta": _style("meta", L.MIN_PT, textColor=INK),
    "check_title": _style("check_title", L.BODY_PT, L.FONT_BOLD),
}


def _marked(value: str, provenance: Provenance) -> str:
    mark = sheets.mark(provenance)
    return text(value) + (f" <b>{mark}</b>" if mark else "")


# ---------------------------------------------------------------- flowables


class QRCode(Flowable):  # type: ignore[misc]
    """A QR code drawn as vector squares, its quiet zone included in `size`."""

    def __init__(self, data: str, size: float) -> None:
        super().__init__()
        self.data, self.size = data, size
        self.width = self.height = size

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        count = len(qr_matrix(self.data)) + 2 * QUIET_ZONE
        canvas: Canvas = self.canv
        canvas.saveState()
        canvas.scale(self.size / count, self.size / count)  # one unit = one module
        canvas.addLiteral(_qr_ops(self.data))
        canvas.restoreState()


@lru_cache(maxsize=1024)
def _qr_ops(data: str) -> str:
    """PDF path operators filling the dark modules, in module units, one rectangle per run
    of dark modules in a row (a few hundred operators instead of thousands of calls)."""
    matrix = qr_matrix(data)
    size = len(matrix) + 2 * QUIET_ZONE
    ops = ["0 g"]
    for r, row in enumerate(matrix):
        y = size - QUIET_ZONE - r - 1
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            ops.append(f"{start + QUIET_ZONE} {y} {c - start} 1.02 re")
    ops.append("f")
    return "\n".join(ops)


class QRBlock(Flowable):  # type: ignore[misc]
    """A section's QR code with its caption underneath, as one box."""

    def __init__(self, url: str, caption: str) -> None:
        super().__init__()
        self.qr = QRCode(url, L.SECTION_QR_MM * MM)
        self.caption = Paragraph(text(caption), STYLES["caption"])
        self.width = L.QR_BLOCK_MM * MM
        self.height = 0.0
        self.url = url

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        _, ch = self.caption.wrap(self.width, avail_height)
        self.height = self.qr.size + ch
        return self.width, self.height

    def _restrictSize(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        # ImageAndFlowables asks its image for its size through this private hook.
        return self.wrap(avail_width, avail_height)

    def _unRestrictSize(self) -> None:
        pass

    def draw(self) -> None:
        self.qr.drawOn(self.canv, (self.width - self.qr.size) / 2, self.height - self.qr.size)
        self.caption.drawOn(self.canv, 0, 0)
        self.canv.linkURL(self.url, (0, 0, self.width, self.height), relative=1)


class Checkbox(Flowable):  # type: ignore[misc]
    """A tick box followed by a bold title and its text."""

    GAP = 2.2 * MM

    def __init__(self, title: str, body: str, provenance: Provenance) -> None:
        super().__init__()
        self.para = Paragraph(f"<b>{text(title)}.</b> {_marked(body, provenance)}",
                              STYLES["body"])
        self.box = L.CHECKBOX_MM * MM

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        _, h = self.para.wrap(avail_width - self.box - self.GAP, avail_height)
        self.height = max(h, self.box) + 1.5
        return self.width, self.height

    def draw(self) -> None:
        canvas: Canvas = self.canv
        canvas.saveState()
        canvas.setLineWidth(0.8)
        top = self.height - 1.5
        canvas.rect(0, top - self.box - 0.5, self.box, self.box, stroke=1, fill=0)
        canvas.restoreState()
        self.para.drawOn(canvas, self.box + self.GAP, self.height - 1.5 - self.para.height)


class FitTable(Flowable):  # type: ignore[misc]
    """A table whose relative column widths are fitted to whatever width it is given."""

    def __init__(self, data: list[list[Any]], widths: Sequence[float], style: TableStyle,
                 heights: Sequence[float | None] | None = None, repeat: int = 1) -> None:
        super().__init__()
        self.data, self.widths, self.style = data, list(widths), style
        self.heights, self.repeat = heights, repeat
        self.table: Table | None = None

    def _build(self, avail_width: float) -> Table:
        cols = fit_widths(self.widths, self._min_widths(), avail_width)
        return Table(self.data, colWidths=cols, rowHeights=self.heights, style=self.style,
                     repeatRows=self.repeat, hAlign="LEFT")

    def _min_widths(self) -> list[float]:
        """Per column, the widest single word plus padding: never break a word."""
        out = [0.0] * len(self.widths)
        for row in self.data:
            for i, cell in enumerate(row):
                if isinstance(cell, Paragraph):
                    font = cell.style.fontName
                    size = cell.style.fontSize
                    words = cell.getPlainText().split()
                    widest = max((stringWidth(w, font, size) for w in words), default=0.0)
                    out[i] = max(out[i], widest + 6)
        return out

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.table = self._build(avail_width)
        self.width, self.height = self.table.wrap(avail_width, avail_height)
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        parts: list[Flowable] = self._build(avail_width).split(avail_width, avail_height)
        return parts

    def draw(self) -> None:
        assert self.table is not None
        self.table.drawOn(self.canv, 0, 0)


def fit_widths(relative: Sequence[float], minimum: Sequence[float], total: float) -> list[float]:
    """Column widths in proportion to `relative`, each at least its minimum when the total
    allows (the wider columns give up the difference)."""
    widths = [total * w / sum(relative) for w in relative]
    for _ in range(len(widths)):
        short = [i for i, w in enumerate(widths) if w < minimum[i] - 0.01]
        if not short:
            break
        need = sum(minimum[i] - widths[i] for i in short)
        donors = [i for i in range(len(widths)) if i not in short]
        spare = sum(widths[i] - minimum[i] for i in donors if widths[i] > minimum[i])
        if spare <= 0:
            break
        take = min(need, spare)
        for i in donors:
            if widths[i] > minimum[i]:
                widths[i] -= take * (widths[i] - minimum[i]) / spare
        for i in short:
            widths[i] += take * (minimum[i] - widths[i]) / need
    return widths


TABLE_STYLE = [
    ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
    ("BACKGROUND", (0, 0), (-1, 0), GREY),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
    ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
    ("TOPPADDING", (0, 0), (-1, -1), 1.5),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
]


def _table(block: sheets.Table) -> Flowable:
    header = [Paragraph(text(h), STYLES["cell_head"]) for h in block.header]
    rows: list[list[Any]] = [header]
    for i, row in enumerate(block.rows):
        provenance = block.marks[i] if i < len(block.marks) else Provenance.RULEBOOK
        cells = [Paragraph(text(c), STYLES["cell"]) for c in row]
        cells[0] = Paragraph(_marked(row[0], provenance), STYLES["cell"])
        rows.append(cells)
    rows.extend([[""] * len(block.header) for _ in range(block.blank_rows)])
    heights: list[float | None] | None = None
    if block.blank_rows:
        heights = [None] * (1 + len(block.rows)) + [block.row_height * MM] * block.blank_rows
    widths = block.widths or (1.0,) * len(block.header)
    return FitTable(rows, widths, TableStyle(TABLE_STYLE), heights)


def _facts(block: sheets.Facts) -> Flowable:
    rows = [[Paragraph(text(f.label), STYLES["cell_head"]),
             Paragraph(f"<b>{_marked(f.value, f.provenance)}</b>", STYLES["cell"])]
            for f in block.rows]
    style = TableStyle([*TABLE_STYLE[:1], ("BACKGROUND", (0, 0), (0, -1), GREY),
                        *TABLE_STYLE[2:]])
    return FitTable(rows, (1.0, 1.35), style, repeat=0)


def blocks(items: Sequence[sheets.Block]) -> list[Flowable]:
    """Dispatch each block of a section to its flowable(s)."""
    out: list[Flowable] = []
    for block in items:
        if isinstance(block, sheets.Para):
            style = STYLES[block.style.value]
            bullet = "\u2022" if block.style is sheets.ParaStyle.BULLET else None
            out.append(Paragraph(_marked(block.text, block.provenance), style,
                                 bulletText=bullet))
        elif isinstance(block, sheets.Bullets):
            out.extend(Paragraph(text(item), STYLES["bullet"], bulletText="\u2022")
                       for item in block.items)
        elif isinstance(block, sheets.Checklist):
            out.extend(Checkbox(c.title, c.text, c.provenance) for c in block.items)
        elif isinstance(block, sheets.Facts):
            out.append(_facts(block))
        elif isinstance(block, sheets.Table):
            out.extend([Spacer(1, 1.5), _table(block), Spacer(1, 2.5)])
        else:  # pragma: no cover - a new block type must be added here
            raise TypeError(f"no renderer for {type(block).__name__}")
    return out


def section(sec: sheets.Section, resolve: Resolve) -> list[Flowable]:
    head = Paragraph(_marked(sec.title, sec.provenance), STYLES["heading"])
    source = [Paragraph(text(f"Rulebook: {sec.source}"), STYLES["source"])] if sec.source else []
    if sec.link is None:
        body = blocks(sec.blocks)
        return [KeepTogether([head, *source, *body[:1]]), *body[1:]]
    # Text flows beside the QR code; tables and fact boxes start below it at full width
    # (squeezed beside a QR code they would split badly).
    cut = next((i for i, b in enumerate(sec.blocks)
                if isinstance(b, (sheets.Table, sheets.Facts))), len(sec.blocks))
    beside, below = blocks(sec.blocks[:cut]), blocks(sec.blocks[cut:])
    if not beside:
        hint = sec.link.hint or f"Scan for {sec.link.label}."
        beside = [Paragraph(text(hint), STYLES["note"])]
    qr = QRBlock(resolve(sec.link), sec.link.label)
    return [CondPageBreak(32 * MM), head,
            ImageAndFlowables(qr, [*source, *beside], imageLeftPadding=4, imageRightPadding=0),
            *below]


# ---------------------------------------------------------------- pages


class SheetDoc(BaseDocTemplate):  # type: ignore[misc]
    def __init__(self, buffer: io.BytesIO, sheet: sheets.Sheet, paper: L.Paper, main_url: str,
                 printed_on: date) -> None:
        size = (paper.width_mm * MM, paper.height_mm * MM)
        super().__init__(buffer, pagesize=size, leftMargin=L.MARGIN_MM * MM,
                         rightMargin=L.MARGIN_MM * MM, topMargin=L.MARGIN_MM * MM,
                         bottomMargin=L.MARGIN_MM * MM, title=f"{sheet.game}: {sheet.title}",
                         author="Lairside", subject=sheet.subtitle or sheet.title,
                         creator=f"Lairside {lairside_version()}", invariant=1)
        self.sheet, self.paper, self.main_url, self.printed_on = sheet, paper, main_url, printed_on
        top = size[1] - (L.MARGIN_MM + L.HEADER_MM) * MM
        bottom = (L.MARGIN_MM + L.FOOTER_MM) * MM
        width = size[0] - 2 * L.MARGIN_MM * MM
        columns = max(1, sheet.columns)
        gutter = L.GUTTER_MM * MM
        col = (width - gutter * (columns - 1)) / columns
        frames = [Frame(L.MARGIN_MM * MM + i * (col + gutter), bottom, col, top - bottom,
                        leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0,
                        id=f"col{i}") for i in range(columns)]
        self.addPageTemplates([PageTemplate("sheet", frames, onPage=self._decorate)])

    def _decorate(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        width, height = self.pagesize
        left = L.MARGIN_MM * MM
        right = width - L.MARGIN_MM * MM
        top = height - L.MARGIN_MM * MM
        qr_size = L.HEADER_QR_MM * MM
        sheet = self.sheet
        text_width = right - left - qr_size - 4 * MM
        y = top
        lines = [Paragraph(text(sheet.title), STYLES["title"]),
                 Paragraph(text(f"{sheet.game} \u00b7 {sheet.mode} \u00b7 {sheet.players}"),
                           STYLES["subtitle"])]
        if sheet.subtitle:
            lines.append(Paragraph(text(sheet.subtitle), STYLES["meta"]))
        lines.append(Paragraph(text(
            f"Lairside {lairside_version()} \u00b7 printed {self.printed_on.isoformat()} "
            f"\u00b7 {self.paper.title}"), STYLES["meta"]))
        for line in lines:
            _, h = line.wrap(text_width, 40)
            y -= h
            line.drawOn(canvas, left, y)
        if sheet.link is not None:
            QRCode(self.main_url, qr_size).drawOn(canvas, right - qr_size, top - qr_size)
            canvas.linkURL(self.main_url, (right - qr_size, top - qr_size, right, top))
            label = f"Scan: {sheet.link.label}"
            hint = Paragraph(text(label), STYLES["meta"])
            w = min(stringWidth(label, L.FONT, L.MIN_PT) + 2, 45 * MM)
            _, h = hint.wrap(w, 20)
            hint.drawOn(canvas, right - qr_size - w - 1 * MM, top - qr_size / 2 - h / 2)
        rule_y = height - (L.MARGIN_MM + L.HEADER_MM) * MM + 2 * MM
        canvas.setLineWidth(0.8)
        canvas.line(left, rule_y, right, rule_y)
        # Footer: the provenance legend on every page, then the page number.
        foot_top = (L.MARGIN_MM + L.FOOTER_MM) * MM - 1.5 * MM
        canvas.setLineWidth(0.5)
        canvas.line(left, foot_top, right, foot_top)
        legend = "Unmarked facts are stated by the rulebook. " + "   ".join(
            f"<b>{text(mark)}</b> {text(words)}" for mark, words in sheets.LEGEND)
        para = Paragraph(legend, STYLES["meta"])
        number = Paragraph(f"page {doc.page}", STYLES["meta"])
        nw = 14 * MM
        _, h = para.wrap(right - left - nw, 20 * MM)
        para.drawOn(canvas, left, foot_top - 1 * MM - h)
        _, nh = number.wrap(nw, 10 * MM)
        number.drawOn(canvas, right - nw + 3 * MM, foot_top - 1 * MM - nh)
        canvas.restoreState()


def render(sheet: sheets.Sheet, paper: str, resolve: Resolve,
           printed_on: date | None = None) -> bytes:
    """The sheet as PDF bytes on `paper` ("a4" or "letter")."""
    page = L.PAPERS[sheets.check_paper(paper)]
    buffer = io.BytesIO()
    main_url = resolve(sheet.link) if sheet.link is not None else ""
    doc = SheetDoc(buffer, sheet, page, main_url, printed_on or date.today())
    story: list[Flowable] = []
    for sec in sheet.sections:
        story.extend(section(sec, resolve))
    doc.build(story)
    return buffer.getvalue()
