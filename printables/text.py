"""Plain text to Paragraph markup, in characters the sheet's face can draw."""
from __future__ import annotations

from functools import lru_cache
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from assistant import sheets
from assistant.explain import Provenance
from printables import fonts

# Helvetica's encoding (WinAnsi) lacks a few characters the rules text uses.
_PLAIN = str.maketrans({"\u2212": "-", "\u2192": "->", "\u2264": "<=", "\u2265": ">=",
                        "\u2248": "~"})


@lru_cache(maxsize=1)
def _glyphs() -> frozenset[int]:
    """The characters the embedded face has glyphs for (none when it is not embedded)."""
    face = fonts.load()
    if not face.embedded:
        return frozenset()
    font = pdfmetrics.getFont(face.regular)
    assert isinstance(font, TTFont)
    return frozenset(font.face.charToGlyph)


@lru_cache(maxsize=8192)
def text(value: str) -> str:
    """Plain text → Paragraph markup, in characters the face can draw (kept: every size a
    sheet is tried at sets the same strings)."""
    if fonts.load().embedded:
        glyphs = _glyphs()
        plain = "".join(ch if ord(ch) in glyphs or ch in "\n\t" else "?" for ch in value)
    else:
        plain = value.translate(_PLAIN)
        plain = "".join(ch if _winansi(ch) else "?" for ch in plain)
    return escape(plain)


def _winansi(ch: str) -> bool:
    try:
        ch.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def marked(value: str, provenance: Provenance) -> str:
    """`value` as markup followed by its provenance mark in bold (none for the rulebook's)."""
    mark = sheets.mark(provenance)
    return text(value) + (f" <b>{mark}</b>" if mark else "")
