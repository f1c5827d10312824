"""Page geometry and type sizes, as data (millimetres and points).

Margins of 12 mm sit inside what home inkjets and lasers print (usually 3-6 mm); no text is
set below 8 pt and body text never below 8.5 pt; fills are light grey and text black so every
sheet reads in greyscale.
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
HEADER_MM = 29.0
"""Title block at the top of every page: the sheet's main QR code and its URL under it."""
FOOTER_MM = 13.0
"""Provenance legend, version, date, the QR base address and the page number."""
WARNING_MM = 9.0
"""The boxed warning above the footer when the codes point at loopback."""
HEADER_QR_MM = 20.0
SECTION_QR_MM = 20.0
"""The smallest code we print: a phone reads 20 mm from arm's length at 150 dpi."""
QR_BLOCK_MM = 27.0
"""Width of a section's QR block (the code with its URL underneath)."""
CHECKBOX_MM = 3.4

MIN_PT = 8.0
"""Nothing smaller: notes, sources, URLs under codes, the footer."""
BODY_PT = 8.5
"""The smallest body size; sheets with room are set larger (DENSITIES)."""
TITLE_PT = 18.0
SUBTITLE_PT = 10.5

DENSITIES = (12.0, 11.5, 11.0, 10.5, 10.0, 9.5, 9.0, 8.5)
"""Body sizes, largest first: a sheet takes the largest that fits one page, else the largest
that takes no more pages than the smallest does (two full pages by design)."""
HEADING_GAIN = 2.5
"""Heading size over body size."""
KEY_GAIN = 6.0
"""A key number (a short fact value: "Clock 8") over body size: read across the table."""
KEY_CHARS = 7
"""Fact values this short are key numbers."""

MIN_FILL = 1 / 3
"""No page may be filled less than this (the tests read it back)."""

TENT_QR_MM = 64.0
"""The join sheet's follow code: read from across a table."""
TENT_EDIT_QR_MM = 34.0
TENT_STRIP_MM = 62.0
"""Height of the join sheet's cut-off strip with the edit code."""
CODE_PT = 44.0
"""The join sheet's short code."""

GREY_FILL = 0.86
"""Heading bars and table headers (1 = white)."""
GREY_TEXT = 0.25
"""Notes and sources: dark enough for any printer."""
