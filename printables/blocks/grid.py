"""The table flowable fact boxes and tables share: relative column widths fitted to the width
it is given, never narrower than a column's widest word, its header row repeated wherever it
breaks."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Table, TableStyle

from printables import fonts
from printables import layouts as L
from printables.paragraph import Paragraph, Source, keep
from printables.styles import GREY

if TYPE_CHECKING:  # a name only the type stubs have
    from reportlab.platypus.tables import _TableCommand

GRID: list[_TableCommand] = [
    ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
    ("BACKGROUND", (0, 0), (-1, 0), GREY),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
    ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
    ("TOPPADDING", (0, 0), (-1, -1), 1.5),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
]
"""Rules, a grey header row and cell padding (points)."""


def grid_style(*commands: _TableCommand) -> TableStyle:
    """GRID in the sheet's face, with `commands` after it."""
    return TableStyle([("FONT", (0, 0), (-1, -1), fonts.load().regular, L.MIN_PT), *commands])


_WIDEST: dict[Source, float] = {}
"""The widest word of each table cell's text, by source (the same cells on every sheet)."""


def _widest_word(cell: Paragraph) -> float:
    source = cell.source
    widest = _WIDEST.get(source) if source is not None else None
    if widest is None:
        font, size = cell.style.fontName, cell.style.fontSize
        widest = max((stringWidth(w, font, size) for w in cell.getPlainText().split()),
                     default=0.0)
        if source is not None:
            keep(_WIDEST, source, widest)
    return widest


class FitTable(Flowable):
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
        return self._build(avail_width).split(avail_width, avail_height)

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
