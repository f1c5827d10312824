"""A checklist (sheets.Checklist): per item a tick box, its bold title and its text."""
from __future__ import annotations

import copy

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from assistant import sheets
from assistant.explain import Provenance
from printables import layouts as L
from printables.paragraph import Paragraph
from printables.styles import Styles
from printables.text import marked, text

MM = L.MM


def flowables(block: sheets.Checklist, st: Styles) -> list[Flowable]:
    return [Checkbox(c.title, c.text, c.provenance, st) for c in block.items]


class Checkbox(Flowable):
    """A tick box followed by a bold title and its text."""

    GAP = 2.2 * MM

    def __init__(self, title: str, body: str, provenance: Provenance, st: Styles) -> None:
        super().__init__()
        self.para = Paragraph(f"<b>{text(title)}.</b> {marked(body, provenance)}", st["body"])
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
        first.para, first.box, first.pad = _paragraph(parts[0]), self.box, self.pad
        return [first, Indented(_paragraph(parts[1]), self.box + self.GAP)]

    def draw(self) -> None:
        canvas: Canvas = self.canv
        canvas.saveState()
        canvas.setLineWidth(0.8)
        top = self.height - self.pad
        canvas.rect(0, top - self.box - 0.5, self.box, self.box, stroke=1, fill=0)
        canvas.restoreState()
        self.para.drawOn(canvas, self.box + self.GAP, top - self.para.height)


class Indented(Flowable):
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
        return [Indented(_paragraph(p), self.indent) for p in parts] if len(parts) > 1 else []

    def draw(self) -> None:
        self.para.drawOn(self.canv, self.indent, 0)


def _paragraph(part: Flowable) -> Paragraph:
    """A part of a split Paragraph (reportlab makes the parts of its class)."""
    assert isinstance(part, Paragraph)
    return part
