"""The paragraph styles of a sheet, per body size: every other size follows from the body's.

A sheet is tried at several body sizes (printables/fit.py); each size's styles are made once.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from printables import fonts
from printables import layouts as L

GREY = colors.Color(L.GREY_FILL, L.GREY_FILL, L.GREY_FILL)
"""Heading bars and table headers."""
INK = colors.Color(L.GREY_TEXT, L.GREY_TEXT, L.GREY_TEXT)
"""Notes and sources."""


@dataclass(frozen=True)
class Styles:
    body: float
    s: dict[str, ParagraphStyle] = field(default_factory=dict)

    def __getitem__(self, name: str) -> ParagraphStyle:
        return self.s[name]


@lru_cache(maxsize=8)
def styles(body: float = L.BODY_PT) -> Styles:
    f = fonts.load()
    small = L.MIN_PT

    def style(name: str, size: float, font: str = f.regular, lead: float = 1.18,
              **kw: Any) -> ParagraphStyle:
        kw.setdefault("bulletFontName", f.regular)
        return ParagraphStyle(name, fontName=font, fontSize=size, leading=size * lead, **kw)

    head = body + L.HEADING_GAIN
    table = {
        "body": style("body", body, spaceAfter=body * 0.2),
        "bullet": style("bullet", body, leftIndent=9, bulletIndent=1, spaceAfter=body * 0.1),
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
