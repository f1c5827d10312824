"""A fact box (sheets.Facts): label / value rows, labels on grey. A short value (a count, a
clock position) is a key number, set large enough to read across the table."""
from __future__ import annotations

from reportlab.platypus import Flowable

from assistant import sheets
from printables import layouts as L
from printables.blocks.grid import GRID, FitTable, grid_style
from printables.paragraph import Paragraph
from printables.styles import GREY, Styles
from printables.text import marked, text


def flowables(block: sheets.Facts, st: Styles) -> list[Flowable]:
    rows = []
    for f in block.rows:
        key = len(f.value) <= L.KEY_CHARS
        value = (Paragraph(marked(f.value, f.provenance), st["key"]) if key else
                 Paragraph(f"<b>{marked(f.value, f.provenance)}</b>", st["cell"]))
        rows.append([Paragraph(text(f.label), st["cell_head"]), value])
    # the label column is grey instead of the header row
    style = grid_style(GRID[0], ("BACKGROUND", (0, 0), (0, -1), GREY), *GRID[2:])
    return [FitTable(rows, (1.35, 1.0), style, repeat=0)]
