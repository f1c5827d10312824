"""A table (sheets.Table): a header row, rows whose first cell carries the row's mark, blank
rows to write in and an optional footer row, with a little space above and below."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reportlab.lib import colors
from reportlab.platypus import Flowable, Spacer

from assistant import sheets
from assistant.explain import Provenance
from printables import layouts as L
from printables.blocks.grid import GRID, FitTable, grid_style
from printables.paragraph import Paragraph
from printables.styles import GREY, Styles
from printables.text import marked, text

if TYPE_CHECKING:  # a name only the type stubs have
    from reportlab.platypus.tables import _TableCommand


def flowables(block: sheets.Table, st: Styles) -> list[Flowable]:
    return [Spacer(1, 1.5), _table(block, st), Spacer(1, 2.5)]


def _table(block: sheets.Table, st: Styles) -> FitTable:
    header = [Paragraph(text(h), st["cell_head"]) for h in block.header]
    rows: list[list[Any]] = [header]
    for i, row in enumerate(block.rows):
        provenance = block.marks[i] if i < len(block.marks) else Provenance.RULEBOOK
        cells = [Paragraph(text(c), st["cell"]) for c in row]
        cells[0] = Paragraph(marked(row[0], provenance), st["cell"])
        rows.append(cells)
    rows.extend([[""] * len(block.header) for _ in range(block.blank_rows)])
    heights: list[float | None] | None = None
    if block.blank_rows:
        heights = [None] * (1 + len(block.rows)) + [block.row_height * L.MM] * block.blank_rows
    footer: list[_TableCommand] = []
    if block.footer:
        rows.append([Paragraph(text(c), st["cell_head"]) for c in block.footer])
        if heights is not None:
            heights.append(block.row_height * L.MM)
        footer = [("BACKGROUND", (0, -1), (-1, -1), GREY),
                  ("LINEABOVE", (0, -1), (-1, -1), 1.5, colors.black)]
    widths = block.widths or (1.0,) * len(block.header)
    return FitTable(rows, widths, grid_style(*GRID, *footer), heights)
