"""A paragraph of text (sheets.Para) in its style, with its provenance mark."""
from __future__ import annotations

from reportlab.platypus import Flowable

from assistant import sheets
from printables.paragraph import Paragraph
from printables.styles import Styles
from printables.text import marked


def flowables(block: sheets.Para, st: Styles) -> list[Flowable]:
    bullet = "\u2022" if block.style is sheets.ParaStyle.BULLET else None
    return [Paragraph(marked(block.text, block.provenance), st[block.style.value],
                      bulletText=bullet)]
