"""A bulleted list (sheets.Bullets): one paragraph per item."""
from __future__ import annotations

from reportlab.platypus import Flowable

from assistant import sheets
from printables.paragraph import Paragraph
from printables.styles import Styles
from printables.text import text


def flowables(block: sheets.Bullets, st: Styles) -> list[Flowable]:
    return [Paragraph(text(item), st["bullet"], bulletText="\u2022") for item in block.items]
