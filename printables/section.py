"""A sheet's section as one flowable: its heading, its source, its blocks and, when it links
somewhere, its QR code with text flowing beside it.

The section breaks only where its heading keeps at least two lines of its body, and repeats
its heading ("... (continued)") wherever it breaks across a column or page.
"""
from __future__ import annotations

import io
import math
from collections.abc import Callable
from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable
from reportlab.platypus.flowables import ImageAndFlowables

from assistant import sheets
from assistant.player_text import for_players
from printables.blocks import flowables
from printables.blocks.checklist import Checkbox
from printables.codes import QRBlock
from printables.paragraph import Paragraph
from printables.styles import Styles
from printables.target import Resolve
from printables.text import marked, text

TALL = 0xFFFFFFF
"""A height nothing reaches: measure without a limit."""


def section(sec: sheets.Section, resolve: Resolve, st: Styles, width: float) -> Flowable:
    """`sec` set in a column `width` wide."""
    head = Paragraph(marked(sec.title, sec.provenance), st["heading"])
    source: list[Flowable] = \
        [Paragraph(text(f"Rulebook: {for_players(sec.source)}"), st["source"])] \
        if sec.source else []
    if sec.link is None:
        body = [*source, *flowables(sec.blocks, st)]
    else:
        body = _with_code(sec, sec.link, resolve, st, source, width)
    title = f"{sec.title} (continued)"
    return SectionFlow([head, *body], lambda: Paragraph(text(title), st["heading"]),
                       2 * st.body * 1.18 - 0.5)


@lru_cache(maxsize=1)
def _scratch() -> Canvas:
    """A canvas to measure on: nothing is drawn on it."""
    return Canvas(io.BytesIO())


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
            total += item.wrapOn(_scratch(), width, TALL)[1]
    return total


def _with_code(sec: sheets.Section, link: sheets.Link, resolve: Resolve, st: Styles,
               source: list[Flowable], width: float) -> list[Flowable]:
    """A linked section's body with its QR code floated right beside text: the text before
    its first table or fact box, or, when that is shorter than the code, the text after its
    last one. Tables and fact boxes keep the full width (squeezed, they split badly)."""
    grids = [i for i, b in enumerate(sec.blocks) if isinstance(b, (sheets.Table, sheets.Facts))]
    first = grids[0] if grids else len(sec.blocks)
    last = grids[-1] + 1 if grids else len(sec.blocks)
    qr = QRBlock(resolve(link), st)
    code_h = qr.wrap(width, TALL)[1]
    narrow = width - qr.width - 4
    lead = flowables(sec.blocks[:first], st)
    tail = flowables(sec.blocks[last:], st) if grids else []
    note = Paragraph(text(link.hint or f"Scan the code to open {link.label}."), st["note"])
    if grids and tail and _text_height([*source, *lead], narrow) < code_h \
            and _text_height(tail, narrow) > _text_height([*source, *lead], narrow):
        return [*source, *lead, *flowables(sec.blocks[first:last], st), _beside(qr, tail)]
    beside = [*source, *lead]
    if link.hint or _text_height(beside, narrow) < code_h:
        beside.append(note)
    return [_beside(qr, beside), *flowables(sec.blocks[first:], st)]


def _beside(qr: QRBlock, items: list[Flowable]) -> Flowable:
    """`items` flowing down the left of the code."""
    # reportlab's stubs want an Image; any flowable with its _restrictSize hook serves
    return ImageAndFlowables(qr, items, imageLeftPadding=4,  # type: ignore[arg-type]
                             imageRightPadding=0)


class SectionFlow(Flowable):
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
            self._sizes = [item.wrapOn(self.canv, avail_width, TALL) for item in self.items]
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
                first_h = parts[0].wrapOn(self.canv, avail_width, TALL)[1]
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
        short = min(self.min_body, body) - after.wrapOn(self.canv, avail_width, TALL)[1]
        if short > 0 and _retry and not fresh:
            # no widow: leave at least two lines for the continued part
            return self.split(avail_width, avail_height - short - 1, False, _tries)
        first = SectionFlow(placed, self.more, 0.0)
        over = first.wrapOn(self.canv, avail_width, TALL)[1] - avail_height
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
