"""Page geometry and type sizes, as data (millimetres and points).

Margins of 12 mm sit inside what home inkjets and lasers print (usually 3-6 mm); no text is
set below 8 pt; fills are light grey and text black so every sheet reads in greyscale.
"""
from __future__ import annotations

from dataclasses import dataclass

MM = 72 / 25.4
"""Points per millimetre."""


@dataclass(frozen=True)
class Paper:
    slug: str
    title: str
    width_mm: float
    height_mm: float


PAPERS = {"a4": Paper("a4", "A4", 210, 297), "letter": Paper("letter", "US Letter", 215.9, 279.4)}

MARGIN_MM = 12.0
GUTTER_MM = 6.0
HEADER_MM = 24.0
"""Title block at the top of every page (room for the sheet's main QR code)."""
FOOTER_MM = 13.0
"""Provenance legend and page number."""
HEADER_QR_MM = 20.0
SECTION_QR_MM = 16.0
QR_BLOCK_MM = 22.0
"""Width of a section's QR code with its caption underneath."""
CHECKBOX_MM = 3.2

MIN_PT = 8.0
BODY_PT = 8.5
HEADING_PT = 10.0
TITLE_PT = 16.0
SUBTITLE_PT = 10.0

FONT = "Helvetica"
FONT_BOLD = "Helvetica-Bold"
FONT_ITALIC = "Helvetica-Oblique"

GREY_FILL = 0.86
"""Heading bars and table headers (1 = white)."""
GREY_TEXT = 0.25
"""Notes and sources: dark enough for any printer."""
