"""Render assistant.sheets.Sheets to PDF bytes with reportlab's platypus.

The sheet is data; this module dispatches on each block's type (as pretix's renderer does on
element types) and lets platypus flow sections through one or two columns per page.

Fit: a sheet is set at the largest body size (layouts.DENSITIES) that fits one page; when none
does, at the largest size that takes no more pages than the smallest size, so a sheet is one
page or full pages by design. `_choose` finds that size in one to three trial layouts (an
estimate from the sheet's contents says where to start; trials draw nothing), and memoised
parsing and line breaking keep each trial cheap. A heading always keeps its first two lines
with it, and a section that breaks across a column or page repeats its heading there
("... (continued)"), as does a table its header row.

Hierarchy: body text in an embedded condensed face (printables/fonts.py), headings larger,
key numbers (short fact values) much larger. Every QR code is at least 20 mm with its URL
printed under it; the footer names the version, the date and the address the codes point at,
and a sheet whose codes point at loopback prints a boxed warning.
"""
from __future__ import annotations

import copy
import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus import Paragraph as _Paragraph
from reportlab.platypus.flowables import ImageAndFlowables

from assistant import sheets
from assistant.explain import Provenance
from printables import fonts
from printables import layouts as L
from printables.address import is_loopback
from printables.meta import lairside_version
from printables.qr import QUIET_ZONE, qr_matrix
from printables.qr import warm as qr_warm

Resolve = Callable[[sheets.Link], str]
"""Turns a sheet's Link into the absolute URL a QR code encodes."""

MM = L.MM
GREY = colors.Color(L.GREY_FILL, L.GREY_FILL, L.GREY_FILL)
INK = colors.Color(L.GREY_TEXT, L.GREY_TEXT, L.GREY_TEXT)

# Helvetica's encoding (WinAnsi) lacks a few characters the rules text uses.
_PLAIN = str.maketrans({"\u2212": "-", "\u2192": "->", "\u2264": "<=", "\u2265": ">=",
                        "\u2248": "~"})


Source = tuple[str, ParagraphStyle, str | None]
"""A paragraph's markup, style and bullet: all its line breaking depends on, with the width."""

_PARSED: dict[Source, tuple[str, ParagraphStyle, list[Any]]] = {}
"""Paragraph markup already parsed, per style: the same rules text is set on sheet after sheet
(every mode, count and seed of a game), and parsing is a fifth of a sheet's time."""

_BROKEN: dict[tuple[Source, float], tuple[Any, float, float, list[Any] | None]] = {}
"""Line breaking already done, per paragraph source and width: its lines, height and widest
line, and for text of several fragments the word fragments reportlab leaves in `frags` (a
split slices those). The same rules text is set at the same sizes and widths on sheet after
sheet, and breaking lines is the largest part of laying a sheet out. Lines and words are only
read once made (drawn, or sliced by a split), so paragraphs of any sheet share them."""


KEPT_MOST = 20_000
"""Entries each of the layout caches below holds before it starts over."""


def _keep(cache: dict[Any, Any], key: Any, value: Any) -> None:
    """cache[key] = value, emptying the cache first once it holds KEPT_MOST entries."""
    if len(cache) > KEPT_MOST:
        cache.clear()
    cache[key] = value


_SIZED: dict[tuple[str, str, str | None], Source] = {}
"""Per markup, style name and bullet: the source it was first parsed as. A style of one name
differs from body size to body size only in its sizes (styles()), and so do the parsed
fragments, in fontSize alone: a sheet tried at a second size reuses the first parse."""


def _resized(key: Source) -> tuple[str, ParagraphStyle, list[Any]] | None:
    """The fragments of `key` from its parse at another size of the same style, or None."""
    text, style, bullet = key
    first = _SIZED.get((text, style.name, bullet))
    parsed = _PARSED.get(first) if first is not None else None
    if parsed is None or parsed[1] is not first[1]:  # first[1]: its style (a <para> changes it)
        return None
    was = first[1]
    if (style.fontName, style.textColor) != (was.fontName, was.textColor) or any(
            f.fontSize != was.fontSize or f.rise for f in parsed[2]):
        return None  # markup that sets a size or a rise of its own: parse at this size
    made = (text, style, [f.clone(fontSize=style.fontSize) for f in parsed[2]])
    if len(_PARSED) <= KEPT_MOST:  # else left to the next parse to empty
        _PARSED[key] = made
    return made


class Paragraph(_Paragraph):  # type: ignore[misc]
    """A Paragraph that parses each markup once per style (a copy of the parsed fragments for
    each use) and breaks its lines once per width (_BROKEN), and keeps its last line breaking:
    a paragraph is wrapped at the same width several times (measured by its section, placed by
    the frame, a table cell again before it is drawn). Splits are of this class too (without a
    source: their fragments are already words)."""

    _kept: tuple[float, Any, float] | None = None
    _source: Source | None = None

    def _setup(self, text: str | None, style: ParagraphStyle, bullet: Any, frags: Any,
               cleaner: Callable[[str], str]) -> None:
        if frags is not None or text is None or not isinstance(bullet, str | None):
            super()._setup(text, style, bullet, frags, cleaner)
            return
        key = (text, style, bullet)
        parsed = _PARSED.get(key) or _resized(key)
        if parsed is None:
            super()._setup(text, style, bullet, None, cleaner)
            if self.bulletText is not bullet:  # markup in the bullet: not worth keeping
                return
            if len(_PARSED) > KEPT_MOST:
                _PARSED.clear()
                _SIZED.clear()
            parsed = _PARSED[key] = (self.text, self.style, [f.clone() for f in self.frags])
            _SIZED.setdefault((text, style.name, bullet), key)
            self._source = key
            return
        self.text, self.style, self.bulletText, self.debug = parsed[0], parsed[1], bullet, 0
        self.frags = [f.clone() for f in parsed[2]]
        self._source = key

    def deepcopy(self) -> Paragraph:
        """The copy ImageAndFlowables splits to see where text beside a code ends: splitting
        sets attributes on the copy and never changes the shared fragments (no hyphenation
        here), so a shallow copy does, without copying every fragment and line."""
        return copy.copy(self)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        kept = self._kept
        if kept is not None and kept[0] == avail_width and \
                getattr(self, "blPara", None) is kept[1]:
            self.width, self.height = avail_width, kept[2]
            return avail_width, kept[2]
        source = self._source
        broken = _BROKEN.get((source, avail_width)) if source is not None else None
        if broken is not None:
            self.blPara, height, self._width_max, words = broken
            if words is not None:  # what breaking lines leaves in frags (a split reads it)
                self.frags = list(words)
            self.width, self.height = avail_width, height
            self._kept = (avail_width, self.blPara, height)
            return avail_width, height
        width, height = super().wrap(avail_width, avail_height)
        lines = getattr(self, "blPara", None)
        self._kept = (avail_width, lines, height)
        if source is not None and lines is not None and width == avail_width:
            words = list(self.frags) if lines.kind == 1 else None
            _keep(_BROKEN, (source, avail_width),
                  (lines, height, getattr(self, "_width_max", 0), words))
        return width, height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """reportlab's split appends a space to the last word of each line it hands on: it
        does so here on a copy of the lines, never on lines shared through _BROKEN."""
        if self._source is not None:
            if getattr(self, "blPara", None) is None:
                self.wrap(avail_width, avail_height)
            lines = self.blPara
            if lines.kind == 1:
                self.blPara = lines.clone(lines=[line.clone(words=[w.clone() for w in
                                                                   line.words])
                                                 for line in lines.lines])
        parts: list[Flowable] = super().split(avail_width, avail_height)
        return parts


def faces() -> fonts.Faces:
    return fonts.load()


@lru_cache(maxsize=1)
def _glyphs() -> frozenset[int]:
    face = faces()
    if not face.embedded:
        return frozenset()
    return frozenset(pdfmetrics.getFont(face.regular).face.charToGlyph)


@lru_cache(maxsize=8192)
def text(value: str) -> str:
    """Plain text → Paragraph markup, in characters the face can draw (kept: every size a
    sheet is tried at sets the same strings)."""
    if faces().embedded:
        glyphs = _glyphs()
        plain = "".join(ch if ord(ch) in glyphs or ch in "\n\t" else "?" for ch in value)
    else:
        plain = value.translate(_PLAIN)
        plain = "".join(ch if _winansi(ch) else "?" for ch in plain)
    return escape(plain)


def _winansi(ch: str) -> bool:
    try:
        ch.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def base_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""


# ---------------------------------------------------------------- styles


@dataclass(frozen=True)
class Styles:
    body: float
    s: dict[str, ParagraphStyle] = field(default_factory=dict)

    def __getitem__(self, name: str) -> ParagraphStyle:
        return self.s[name]


@lru_cache(maxsize=8)
def styles(body: float = L.BODY_PT) -> Styles:
    f = faces()
    small = L.MIN_PT

    def style(name: str, size: float, font: str = f.regular, lead: float = 1.18,
              **kw: Any) -> ParagraphStyle:
        kw.setdefault("bulletFontName", f.regular)
        return ParagraphStyle(name, fontName=font, fontSize=size, leading=size * lead, **kw)

    head = body + L.HEADING_GAIN
    table = {
        "body": style("body", body, spaceAfter=body * 0.2),
        "bullet": style("bullet", body, leftIndent=9, bulletIndent=1, spaceAfter=body * 0.1,
                        ),
        "numbered": style("numbered", body, leftIndent=11, firstLineIndent=-11,
                          spaceAfter=body * 0.1),
        "note": style("note", max(small, body - 1), f.italic, textColor=INK,
                      spaceAfter=body * 0.2),
        "lead": style("lead", body, f.bold, spaceBefore=body * 0.2, spaceAfter=body * 0.05),
        "heading": style("heading", head, f.heavy, lead=1.1, backColor=GREY, borderPadding=2.2,
                         spaceBefore=head * 0.7, spaceAfter=head * 0.45),
        "source": style("source", small, f.italic, textColor=INK, spaceAfter=body * 0.2),
        "cell": style("cell", max(L.BODY_PT, body - 0.5)),
        "cell_head": style("cell_head", max(L.BODY_PT, body - 0.5), f.bold),
        "key": style("key", body + L.KEY_GAIN, f.bold, lead=1.05),
        "url": style("url", small, textColor=colors.black, alignment=TA_CENTER, lead=1.1,
                     wordWrap="CJK"),
        "url_right": style("url_right", small, alignment=TA_RIGHT, lead=1.1),
        "title": style("title", L.TITLE_PT, f.heavy, lead=1.1),
        "subtitle": style("subtitle", L.SUBTITLE_PT, lead=1.2),
        "meta": style("meta", small, textColor=INK),
        "meta_right": style("meta_right", small, textColor=INK, alignment=TA_RIGHT),
        "warning": style("warning", max(small, 9.0), f.heavy),
    }
    return Styles(body, table)


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


def qr_size(data: str, at_least_mm: float) -> float:
    """A code's size in points, quiet zone included, with its dark part at least
    `at_least_mm` wide (a long URL has more, smaller modules)."""
    modules = len(qr_matrix(data))
    return at_least_mm * MM * (modules + 2 * QUIET_ZONE) / modules


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
    """A section's QR code (dark part at least 20 mm) with its URL printed underneath."""

    def __init__(self, url: str, st: Styles) -> None:
        super().__init__()
        self.qr = QRCode(url, qr_size(url, L.SECTION_QR_MM))
        self.caption = Paragraph(text(url), st["url"])
        self.width = max(L.QR_BLOCK_MM * MM, self.qr.size)
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

    def __init__(self, title: str, body: str, provenance: Provenance, st: Styles) -> None:
        super().__init__()
        self.para = Paragraph(f"<b>{text(title)}.</b> {_marked(body, provenance)}", st["body"])
        self.box = L.CHECKBOX_MM * MM
        self.pad = st.body * 0.2

    def deepcopy(self) -> Checkbox:
        """What ImageAndFlowables splits (see Paragraph.deepcopy)."""
        twin = copy.copy(self)
        twin.para = self.para.deepcopy()
        return twin

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        _, h = self.para.wrap(avail_width - self.box - self.GAP, avail_height)
        self.height = max(h, self.box) + self.pad
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """The first lines with the box; the rest indented under them."""
        parts = self.para.split(avail_width - self.box - self.GAP, avail_height - self.pad)
        if len(parts) < 2:
            return []
        first = Checkbox.__new__(Checkbox)
        Flowable.__init__(first)
        first.para, first.box, first.pad = parts[0], self.box, self.pad
        return [first, Indented(parts[1], self.box + self.GAP)]

    def draw(self) -> None:
        canvas: Canvas = self.canv
        canvas.saveState()
        canvas.setLineWidth(0.8)
        top = self.height - self.pad
        canvas.rect(0, top - self.box - 0.5, self.box, self.box, stroke=1, fill=0)
        canvas.restoreState()
        self.para.drawOn(canvas, self.box + self.GAP, top - self.para.height)


class Indented(Flowable):  # type: ignore[misc]
    """The rest of a checklist item's text after a break, under its first lines."""

    def __init__(self, para: Paragraph, indent: float) -> None:
        super().__init__()
        self.para, self.indent = para, indent

    def deepcopy(self) -> Indented:
        """What ImageAndFlowables splits (see Paragraph.deepcopy)."""
        return Indented(self.para.deepcopy(), self.indent)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        _, self.height = self.para.wrap(avail_width - self.indent, avail_height)
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        parts = self.para.split(avail_width - self.indent, avail_height)
        return [Indented(p, self.indent) for p in parts] if len(parts) > 1 else []

    def draw(self) -> None:
        self.para.drawOn(self.canv, self.indent, 0)


_WIDEST: dict[Source, float] = {}
"""The widest word of each table cell's text, by source (the same cells on every sheet)."""


def _widest_word(cell: Paragraph) -> float:
    source = cell._source
    widest = _WIDEST.get(source) if source is not None else None
    if widest is None:
        font, size = cell.style.fontName, cell.style.fontSize
        widest = max((stringWidth(w, font, size) for w in cell.getPlainText().split()),
                     default=0.0)
        if source is not None:
            _keep(_WIDEST, source, widest)
    return widest


class FitTable(Flowable):  # type: ignore[misc]
    """A table whose relative column widths are fitted to whatever width it is given; its
    header row repeats wherever it breaks."""

    def __init__(self, data: list[list[Any]], widths: Sequence[float], style: TableStyle,
                 heights: Sequence[float | None] | None = None, repeat: int = 1) -> None:
        super().__init__()
        self.data, self.widths, self.style = data, list(widths), style
        self.heights, self.repeat = heights, repeat
        self.table: Table | None = None
        self._least: list[float] | None = None

    def _build(self, avail_width: float) -> Table:
        if self._least is None:  # the cells never change: measure their words once
            self._least = self._min_widths()
        cols = fit_widths(self.widths, self._least, avail_width)
        return Table(self.data, colWidths=cols, rowHeights=self.heights, style=self.style,
                     repeatRows=self.repeat, hAlign="LEFT")

    def _min_widths(self) -> list[float]:
        """Per column, the widest single word plus padding: never break a word."""
        out = [0.0] * len(self.widths)
        for row in self.data:
            for i, cell in enumerate(row):
                if isinstance(cell, Paragraph):
                    out[i] = max(out[i], _widest_word(cell) + 6)
        return out

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        if self.table is None or self.width != avail_width:
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


def _table_style(*extra: Any) -> TableStyle:
    return TableStyle([("FONT", (0, 0), (-1, -1), faces().regular, L.MIN_PT), *TABLE_STYLE,
                       *extra])


def _table(block: sheets.Table, st: Styles) -> Flowable:
    header = [Paragraph(text(h), st["cell_head"]) for h in block.header]
    rows: list[list[Any]] = [header]
    for i, row in enumerate(block.rows):
        provenance = block.marks[i] if i < len(block.marks) else Provenance.RULEBOOK
        cells = [Paragraph(text(c), st["cell"]) for c in row]
        cells[0] = Paragraph(_marked(row[0], provenance), st["cell"])
        rows.append(cells)
    rows.extend([[""] * len(block.header) for _ in range(block.blank_rows)])
    heights: list[float | None] | None = None
    if block.blank_rows:
        heights = [None] * (1 + len(block.rows)) + [block.row_height * MM] * block.blank_rows
    extra: list[Any] = []
    if block.footer:
        rows.append([Paragraph(text(c), st["cell_head"]) for c in block.footer])
        if heights is not None:
            heights.append(block.row_height * MM)
        extra = [("BACKGROUND", (0, -1), (-1, -1), GREY), ("LINEABOVE", (0, -1), (-1, -1), 1.5,
                                                          colors.black)]
    widths = block.widths or (1.0,) * len(block.header)
    return FitTable(rows, widths, _table_style(*extra), heights)


def _facts(block: sheets.Facts, st: Styles) -> Flowable:
    """Label / value rows; a short value (a count, a clock position) is a key number, set
    large enough to read across the table."""
    rows = []
    for f in block.rows:
        key = len(f.value) <= L.KEY_CHARS
        value = (Paragraph(_marked(f.value, f.provenance), st["key"]) if key else
                 Paragraph(f"<b>{_marked(f.value, f.provenance)}</b>", st["cell"]))
        rows.append([Paragraph(text(f.label), st["cell_head"]), value])
    style = TableStyle([("FONT", (0, 0), (-1, -1), faces().regular, L.MIN_PT),
                        *TABLE_STYLE[:1], ("BACKGROUND", (0, 0), (0, -1), GREY),
                        *TABLE_STYLE[2:]])
    return FitTable(rows, (1.35, 1.0), style, repeat=0)


def blocks(items: Sequence[sheets.Block], st: Styles) -> list[Flowable]:
    """Dispatch each block of a section to its flowable(s)."""
    out: list[Flowable] = []
    for block in items:
        if isinstance(block, sheets.Para):
            style = st[block.style.value]
            bullet = "\u2022" if block.style is sheets.ParaStyle.BULLET else None
            out.append(Paragraph(_marked(block.text, block.provenance), style,
                                 bulletText=bullet))
        elif isinstance(block, sheets.Bullets):
            out.extend(Paragraph(text(item), st["bullet"], bulletText="\u2022")
                       for item in block.items)
        elif isinstance(block, sheets.Checklist):
            out.extend(Checkbox(c.title, c.text, c.provenance, st) for c in block.items)
        elif isinstance(block, sheets.Facts):
            out.append(_facts(block, st))
        elif isinstance(block, sheets.Table):
            out.extend([Spacer(1, 1.5), _table(block, st), Spacer(1, 2.5)])
        else:  # pragma: no cover - a new block type must be added here
            raise TypeError(f"no renderer for {type(block).__name__}")
    return out


def _text_height(items: list[Flowable], width: float) -> float:
    """About how tall text set at `width` stands (a cheap count of characters per line:
    placing a code only needs to know whether text is shorter than it)."""
    total = 0.0
    for item in items:
        para = item.para if isinstance(item, Checkbox) else item
        if isinstance(para, Paragraph):
            style = para.style
            chars = len(para.getPlainText()) * 0.43 * style.fontSize
            total += max(1, math.ceil(chars / max(width - 20, 1))) * style.leading
        else:
            total += item.wrapOn(_scratch(), width, 0xFFFFFFF)[1]
    return total


def _with_code(sec: sheets.Section, resolve: Resolve, st: Styles, source: list[Flowable],
               width: float) -> list[Flowable]:
    """A linked section's body with its QR code floated right beside text: the text before
    its first table or fact box, or, when that is shorter than the code, the text after its
    last one. Tables and fact boxes keep the full width (squeezed, they split badly)."""
    grids = [i for i, b in enumerate(sec.blocks) if isinstance(b, (sheets.Table, sheets.Facts))]
    first = grids[0] if grids else len(sec.blocks)
    last = grids[-1] + 1 if grids else len(sec.blocks)
    qr = QRBlock(resolve(sec.link), st) if sec.link else None
    assert qr is not None
    code_h = qr.wrap(width, 0xFFFFFFF)[1]
    narrow = width - qr.width - 4
    lead = blocks(sec.blocks[:first], st)
    tail = blocks(sec.blocks[last:], st) if grids else []
    note = Paragraph(text(sec.link.hint or f"Scan: {sec.link.label}."), st["note"]) \
        if sec.link else None
    if grids and tail and _text_height([*source, *lead], narrow) < code_h \
            and _text_height(tail, narrow) > _text_height([*source, *lead], narrow):
        return [*source, *lead, *blocks(sec.blocks[first:last], st),
                ImageAndFlowables(qr, tail, imageLeftPadding=4, imageRightPadding=0)]
    beside = [*source, *lead]
    if note is not None and (sec.link and sec.link.hint or _text_height(beside, narrow) < code_h):
        beside.append(note)
    return [ImageAndFlowables(qr, beside, imageLeftPadding=4, imageRightPadding=0),
            *blocks(sec.blocks[first:], st)]


class SectionFlow(Flowable):  # type: ignore[misc]
    """A section's heading and body as one flowable that breaks only where the heading keeps
    at least two lines of its body, and repeats the heading ("... (continued)") wherever it
    breaks across a column or page. Tables inside repeat their header rows themselves."""

    def __init__(self, items: list[Flowable], more: Callable[[], Flowable], min_body: float
                 ) -> None:
        super().__init__()
        self.items, self.more, self.min_body = items, more, min_body
        self._sizes: list[tuple[float, float]] = []
        self._width = -1.0

    def _gap(self, i: int) -> float:
        if i == 0:
            return 0.0
        return float(max(self.items[i - 1].getSpaceAfter(), self.items[i].getSpaceBefore()))

    def _measure(self, avail_width: float) -> list[tuple[float, float]]:
        if self._width != avail_width:
            self._sizes = [item.wrapOn(self.canv, avail_width, 0xFFFFFFF) for item in self.items]
            self._width = avail_width
        return self._sizes

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        sizes = self._measure(avail_width)
        self.width = avail_width
        self.height = sum(h for _, h in sizes) + sum(self._gap(i) for i in range(len(self.items)))
        return self.width, self.height

    def getSpaceBefore(self) -> float:  # noqa: N802  (platypus API)
        return float(self.items[0].getSpaceBefore()) if self.items else 0.0

    def getSpaceAfter(self) -> float:  # noqa: N802
        return float(self.items[-1].getSpaceAfter()) if self.items else 0.0

    def split(self, avail_width: float, avail_height: float, _retry: bool = True,
              _tries: int = 3) -> list[Flowable]:
        sizes = self._measure(avail_width)
        self._width = -1.0  # splitting an item may discard its layout: measure again after
        used = 0.0
        placed: list[Flowable] = []
        rest: list[Flowable] = []
        for i, item in enumerate(self.items):
            gap = self._gap(i)
            h = sizes[i][1]
            if used + gap + h <= avail_height - 0.05:
                placed.append(item)
                used += gap + h
                continue
            parts = item.splitOn(self.canv, avail_width, avail_height - used - gap) if i else []
            if len(parts) > 1:
                first_h = parts[0].wrapOn(self.canv, avail_width, 0xFFFFFFF)[1]
                if used + gap + first_h <= avail_height - 0.05:
                    placed.append(parts[0])
                    used += gap + first_h
                    rest = [*parts[1:], *self.items[i + 1:]]
                    break
            rest = list(self.items[i:])
            break
        head = sizes[0][1] if sizes else 0.0
        if not rest:
            return []  # fits only without the space above it: the next column takes it
        body = sum(h for _, h in sizes[1:])
        frame = getattr(getattr(self.canv, "_doctemplate", None), "frame", None)
        fresh = bool(getattr(frame, "_atTop", False))
        if (len(placed) < 2 or used - head < min(self.min_body, body)) and not fresh:
            return []  # the heading would be orphaned: move the whole section on
        if len(placed) < 2:
            return list(self.items)  # a block taller than a page: platypus breaks it alone
        after = SectionFlow(rest, self.more, 0.0)
        short = min(self.min_body, body) - after.wrapOn(self.canv, avail_width, 0xFFFFFFF)[1]
        if short > 0 and _retry and not fresh:
            # no widow: leave at least two lines for the continued part
            return self.split(avail_width, avail_height - short - 1, False, _tries)
        first = SectionFlow(placed, self.more, 0.0)
        over = first.wrapOn(self.canv, avail_width, 0xFFFFFFF)[1] - avail_height
        if over > -0.05:
            # a part measured taller once split (text beside a code reflows): split shorter
            if avail_height - over - 1 <= 0 or _tries <= 0:
                return list(self.items) if fresh else []
            return self.split(avail_width, avail_height - max(over, 0) - 1, _retry, _tries - 1)
        more = self.more()
        return [first, SectionFlow([more, *rest], self.more, self.min_body)]

    def draw(self) -> None:
        if getattr(getattr(self.canv, "_doctemplate", None), "dry", False):
            return  # a trial layout: only where things go counts
        y = self.height
        for i, (item, (_, h)) in enumerate(zip(self.items, self._measure(self.width),
                                               strict=True)):
            y -= self._gap(i) + h
            item.drawOn(self.canv, 0, y)


def section(sec: sheets.Section, resolve: Resolve, st: Styles, width: float) -> Flowable:
    head = Paragraph(_marked(sec.title, sec.provenance), st["heading"])
    source = [Paragraph(text(f"Rulebook: {sec.source}"), st["source"])] if sec.source else []
    if sec.link is None:
        body = [*source, *blocks(sec.blocks, st)]
    else:
        body = _with_code(sec, resolve, st, source, width)
    title = f"{sec.title} (continued)"
    return SectionFlow([head, *body], lambda: Paragraph(text(title), st["heading"]),
                       2 * st.body * 1.18 - 0.5)


# ---------------------------------------------------------------- pages


@dataclass
class Target:
    """Where the codes point and what the footer says about it."""

    base: str
    note: str = ""

    @property
    def loopback(self) -> bool:
        return is_loopback(self.base)


class SheetDoc(BaseDocTemplate):  # type: ignore[misc]
    def __init__(self, buffer: Any, sheet: sheets.Sheet, paper: L.Paper, main_url: str,
                 printed_on: date, target: Target, st: Styles, dry: bool = False,
                 most: int = 0) -> None:
        size = (paper.width_mm * MM, paper.height_mm * MM)
        super().__init__(buffer, pagesize=size, leftMargin=L.MARGIN_MM * MM,
                         rightMargin=L.MARGIN_MM * MM, topMargin=L.MARGIN_MM * MM,
                         bottomMargin=L.MARGIN_MM * MM, title=f"{sheet.game}: {sheet.title}",
                         author="Lairside", subject=sheet.subtitle or sheet.title,
                         creator=f"Lairside {lairside_version()}", invariant=1,
                         initialFontName=faces().regular, initialFontSize=L.MIN_PT)
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
        filled = frame._y2 - frame._y
        self.used.setdefault(self.page, {})[frame.id] = filled

    def handle_pageBegin(self) -> None:  # noqa: N802  (platypus API)
        if self.most and self.page >= self.most:
            raise _TooLong
        super().handle_pageBegin()

    def fill(self, page: int) -> float:
        """How much of a page's columns is filled, 0-1."""
        used = self.used.get(page, {})
        return sum(used.values()) / (self.columns * self.frame_height)

    def _decorate(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        if self.dry:
            return
        canvas.saveState()
        st = self.st
        width, height = self.pagesize
        left = L.MARGIN_MM * MM
        right = width - L.MARGIN_MM * MM
        top = height - L.MARGIN_MM * MM
        sheet = self.sheet
        qr_w = qr_size(self.main_url, L.HEADER_QR_MM) if sheet.link is not None else 0
        quiet = qr_w * QUIET_ZONE / (len(qr_matrix(self.main_url)) + 2 * QUIET_ZONE) \
            if sheet.link is not None else 0
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
            QRCode(self.main_url, qr_w).drawOn(canvas, right - qr_w, top - qr_w)
            canvas.linkURL(self.main_url, (right - qr_w, top - qr_w, right, top))
            label = Paragraph(text(f"Scan: {sheet.link.label}"), st["meta_right"])
            _, h = label.wrap(text_width * 0.45, 20)
            label.drawOn(canvas, right - qr_w - 2 * MM - text_width * 0.45, top - qr_w / 2 - h / 2)
            url = Paragraph(text(self.main_url), st["url_right"])
            _, h = url.wrap(right - quiet - left - 40 * MM, 20)
            url.drawOn(canvas, left + 40 * MM, top - qr_w + quiet - h - 0.3 * MM)
            right -= quiet
        rule_y = height - (L.MARGIN_MM + L.HEADER_MM) * MM + 2 * MM
        canvas.setLineWidth(0.8)
        canvas.line(left, rule_y, right, rule_y)
        footer(canvas, self.sheet, left, right, doc.page, self.printed_on, self.target, st)
        canvas.restoreState()


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
    _, nh = number.wrap(nw, 10 * MM)
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


# ---------------------------------------------------------------- documents


def _target_for(sheet: sheets.Sheet, resolve: Resolve, target: Target | None) -> Target:
    if target is not None:
        return target
    links = [sheet.link, *(s.link for s in sheet.sections)]
    for link in links:
        if link is not None:
            return Target(base_of(resolve(link)))
    return Target("")


def _build(sheet: sheets.Sheet, page: L.Paper, resolve: Resolve, day: date, target: Target,
           body: float, canvas: Canvas | None = None, story: list[Flowable] | None = None
           ) -> tuple[bytes, SheetDoc]:
    st = styles(body)
    buffer = io.BytesIO()
    main_url = resolve(sheet.link) if sheet.link is not None else ""
    doc = SheetDoc(buffer, sheet, page, main_url, day, target, st)
    if story is None:
        story = [section(sec, resolve, st, doc.column_width) for sec in sheet.sections]
    for flow in story:  # a trial's story: platypus marks what it moved on, and fails on a repeat
        flow.__dict__.pop("_postponed", None)
    story = list(story)
    if canvas is None:
        doc.build(story)
    else:
        doc._doSave = 0
        doc.build(story, canvasmaker=lambda *a, **k: canvas)
    return buffer.getvalue(), doc


class _TooLong(Exception):
    """A trial layout ran onto more pages than it may have."""


@dataclass
class Trial:
    """A sheet laid out at one body size without drawing: its page count (over `most` when the
    trial stopped early), how full its last page is, and the story, whose line breaks a build
    at that size reuses (so a trial and the build at the chosen size cost little more than
    the build alone)."""

    pages: int
    fill: float
    story: list[Flowable]
    stopped: bool = False

    @property
    def content(self) -> float:
        """The story's height in pages."""
        return self.pages - 1 + self.fill


def _trial(sheet: sheets.Sheet, page: L.Paper, resolve: Resolve, day: date, target: Target,
           body: float, most: int = 0) -> Trial:
    st = styles(body)
    doc = SheetDoc(io.BytesIO(), sheet, page, "", day, target, st, dry=True, most=most)
    doc._doSave = 0
    story = [section(sec, resolve, st, doc.column_width) for sec in sheet.sections]
    try:
        doc.build(list(story))
    except _TooLong:
        return Trial(most + 1, 0.0, story, stopped=True)
    return Trial(doc.page, doc.fill(doc.page), story)


@lru_cache(maxsize=1)
def _scratch() -> Canvas:
    return Canvas(io.BytesIO())


AREA_PER_CHAR = 0.387
"""Square points a character of body text covers, per square point of type size."""
AREA_PER_ITEM = 1.95
"""Per paragraph, list item or block: points of height per point of type size, times the
column width (spacing, the last line's slack)."""
AREA_PER_ROW = 1.77
"""Per table row: the same for padding and rules."""
AREA_PER_CODE = 4800.0
"""A section's QR code with its URL, beside which text flows (square points, any size).
The four were fitted over every sheet of every game: within 4% for half of them."""


def _estimate(sheet: sheets.Sheet, width: float, capacity: float) -> Callable[[float], float]:
    """About how many pages the story fills at a body size, from what it holds (only the
    number of trial layouts depends on it, never the size chosen)."""
    chars = items = rows = codes = 0
    for sec in sheet.sections:
        items += 1 + len(sec.blocks)
        codes += sec.link is not None
        chars += len(sec.title) + len(sec.source or "")
        for block in sec.blocks:
            if isinstance(block, sheets.Table):
                rows += len(block.rows) + 1 + block.blank_rows + bool(block.footer)
                chars += sum(map(len, block.header)) + sum(len(c) for r in block.rows for c in r)
            elif isinstance(block, sheets.Facts):
                rows += len(block.rows)
                chars += sum(len(f.label) + len(f.value) for f in block.rows)
            elif isinstance(block, sheets.Bullets):
                items += len(block.items)
                chars += sum(map(len, block.items))
            elif isinstance(block, sheets.Checklist):
                items += len(block.items)
                chars += sum(len(c.title) + len(c.text) for c in block.items)
            elif isinstance(block, sheets.Para):
                chars += len(block.text)

    def pages(body: float) -> float:
        area = (AREA_PER_CHAR * chars * body * body + AREA_PER_CODE * codes
                + (AREA_PER_ITEM * items + AREA_PER_ROW * rows) * body * width)
        return area / (capacity * width)

    return pages


SURE_OVER = 0.10
"""A size whose story, calibrated by a one-page trial at the next size down, stands this much
over a page is not tried: over every sheet of every game, the estimate of one size from its
neighbour erred by at most 6%. (Sheets of several pages are always tried: page breaks leave
space the estimate does not see.)"""


def _choose(sheet: sheets.Sheet, page: L.Paper, resolve: Resolve, day: date, target: Target
            ) -> tuple[float, Trial]:
    """The largest body size (layouts.DENSITIES) that sets the sheet on as few pages as the
    smallest size does: one page whenever any size fits one, else full pages by design.

    Trials draw nothing. The first is at the size an estimate from the sheet's contents
    expects; its measured height calibrates the estimate for the next. Later trials stop when
    they run onto a page too many. A sheet usually takes one or two: the size that fits, and
    the next larger one unless the estimate puts that well over."""
    sizes = L.DENSITIES
    tried: dict[int, Trial] = {}
    geometry = SheetDoc(io.BytesIO(), sheet, page, "", day, target, styles(sizes[0]))
    estimate = _estimate(sheet, geometry.column_width,
                         geometry.columns * geometry.frame_height)

    def at(i: int, most: int = 0) -> Trial:
        if i not in tried:
            tried[i] = _trial(sheet, page, resolve, day, target, sizes[i], most)
        return tried[i]

    def predicted(i: int, pages: int = 0) -> float:
        """The story's height in pages at size i: the estimate, calibrated by the nearest
        trial that ran to the end; when asked whether it fits on `pages`, by the nearest such
        trial that did (a trial on more pages counts the space its page breaks leave, which
        the estimate does not see)."""
        done = [j for j, t in tried.items() if not t.stopped]
        fitting = [j for j in done if tried[j].pages <= pages]
        near = min(fitting or done, key=lambda j: abs(j - i), default=None)
        if near is None:
            return estimate(sizes[i])
        return estimate(sizes[i]) * tried[near].content / estimate(sizes[near])

    smallest = len(sizes) - 1
    least = max(1, math.ceil(predicted(smallest) - 0.03))
    most = at(next((i for i in range(len(sizes)) if predicted(i) <= least - 0.03),
                   smallest)).pages
    while most > 1:  # could a smaller size take fewer pages? try the largest likely to
        likely = [i for i in range(len(sizes))
                  if i not in tried and predicted(i, most - 1) <= most - 1.03]
        i = likely[0] if likely else smallest
        if i in tried:
            break
        fewer = at(i, most - 1)
        if not fewer.stopped:
            most = fewer.pages
        elif i == smallest:
            break
    # a trial stopped early is known only to take more pages than it was allowed
    tried = {i: t for i, t in tried.items() if not t.stopped or t.pages > most}
    while True:
        good = min(i for i, t in tried.items() if t.pages <= most)
        bad = max((i for i, t in tried.items() if t.pages > most and i < good), default=-1)
        if good - bad <= 1 or most == 1 and predicted(good - 1, 1) >= 1 + SURE_OVER:
            return sizes[good], tried[good]
        likely = [i for i in range(bad + 1, good) if predicted(i, most) <= most - 0.03]
        at(likely[0] if likely else good - 1, most)


def choose_density(sheet: sheets.Sheet, page: L.Paper, resolve: Resolve, day: date,
                   target: Target) -> tuple[float, bytes]:
    """The chosen body size (`_choose`) and the sheet drawn at it."""
    body, chosen = _choose(sheet, page, resolve, day, target)
    return body, _build(sheet, page, resolve, day, target, body, story=chosen.story)[0]


def render(sheet: sheets.Sheet, paper: str, resolve: Resolve,
           printed_on: date | None = None, target: Target | None = None) -> bytes:
    """The sheet as PDF bytes on `paper` ("a4" or "letter")."""
    page = L.PAPERS[sheets.check_paper(paper)]
    day = printed_on or date.today()
    where = _target_for(sheet, resolve, target)
    if sheet.layout in DRAWN:
        buffer = io.BytesIO()
        canvas = _pack_canvas(buffer, page, f"{sheet.game}: {sheet.title}")
        _draw(canvas, sheet, page, resolve, day, where)
        canvas.save()
        return buffer.getvalue()
    return choose_density(sheet, page, resolve, day, where)[1]


DRAWN = (sheets.Layout.CARDS, sheets.Layout.TENT)
"""Layouts drawn straight on the canvas (fixed geometry), not flowed through platypus."""


def _draw(canvas: Canvas, sheet: sheets.Sheet, page: L.Paper, resolve: Resolve, day: date,
          where: Target) -> None:
    if sheet.layout is sheets.Layout.CARDS:
        from printables.cards import draw_cards  # noqa: PLC0415

        draw_cards(canvas, sheet, page, resolve, day, where)
    else:
        from printables.tent import draw_tent  # noqa: PLC0415

        draw_tent(canvas, sheet, page, resolve, day, where)


def _pack_canvas(buffer: io.BytesIO, page: L.Paper, title: str) -> Canvas:
    canvas = Canvas(buffer, pagesize=(page.width_mm * MM, page.height_mm * MM), invariant=1,
                    initialFontName=faces().regular, initialFontSize=L.MIN_PT)
    canvas.setTitle(title)
    canvas.setAuthor("Lairside")
    canvas.setCreator(f"Lairside {lairside_version()}")
    return canvas


def render_pack(todo: Sequence[sheets.Sheet], paper: str, resolve: Resolve,
                printed_on: date | None = None, target: Target | None = None,
                title: str = "Game-night pack") -> bytes:
    """Several sheets, in order, as one PDF (each at the size `render` would choose)."""
    page = L.PAPERS[sheets.check_paper(paper)]
    day = printed_on or date.today()
    buffer = io.BytesIO()
    canvas = _pack_canvas(buffer, page, title)
    for sheet in todo:
        where = _target_for(sheet, resolve, target)
        if sheet.layout in DRAWN:
            _draw(canvas, sheet, page, resolve, day, where)
            continue
        body, chosen = _choose(sheet, page, resolve, day, where)
        _build(sheet, page, resolve, day, where, body, canvas, chosen.story)
    canvas.save()
    return buffer.getvalue()


def warm() -> None:
    """Load reportlab, the fonts, the QR library and every game's sheets, and lay out one
    small sheet, so the first sheet a user asks for costs no more than the next
    (api/warmup.py)."""
    from assistant.games import all_games  # noqa: PLC0415
    from printables import cards, tent  # noqa: F401, PLC0415  (drawn by hand, imported lazily)

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
