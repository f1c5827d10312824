"""The type every sheet is set in: Fira Sans Condensed (SIL Open Font License), embedded.

The font files come from the PyPI package `fontpkg-fira-sans-condensed` (Mozilla's Fira,
unmodified from the Google Fonts repository), a dependency in pyproject.toml. A condensed face
sets more words per line at the same size, so body text stays at 8.5 pt or more and a setup
sheet still fits one page. When the package is missing, the sheets fall back to Helvetica (not
embedded) rather than failing; `FONTS.embedded` says which one is in use.

`load()` registers the faces with reportlab once per process; printables/warm.py calls it at
start-up so no user's request pays for it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

PACKAGE = "fontpkg_fira_sans_condensed"
FAMILY = "Fira Sans Condensed"


@dataclass(frozen=True)
class Faces:
    regular: str
    bold: str
    italic: str
    heavy: str
    """The weight key numbers and titles are set in."""
    embedded: bool
    family: str


FALLBACK = Faces("Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-Bold", False,
                 "Helvetica")

_FILES = {"regular": "FiraSansCondensed-Regular.ttf", "bold": "FiraSansCondensed-SemiBold.ttf",
          "italic": "FiraSansCondensed-Italic.ttf", "heavy": "FiraSansCondensed-Bold.ttf"}


@lru_cache(maxsize=1)
def load() -> Faces:
    """Register the embedded faces once; FALLBACK when the font package is not installed."""
    from reportlab.lib.fonts import addMapping  # noqa: PLC0415  (lazy: reportlab on demand)
    from reportlab.pdfbase import pdfmetrics  # noqa: PLC0415
    from reportlab.pdfbase.ttfonts import TTFont  # noqa: PLC0415

    try:
        folder = resources.files(PACKAGE) / "files"
    except ModuleNotFoundError:
        return FALLBACK
    kept = _kept_subsets()
    widths = _kept_widths()

    class Measured(TTFont):
        """A TrueType face that remembers the width of every word it has measured: line
        breaking measures the same words again and again (a third of a sheet's time). Its
        embedded subset starts with the same characters in every PDF (SEEDED), so the subset
        file, compressed, is made once per process, not once per sheet (see _kept_subsets)."""

        def __init__(self, name: str, path: str) -> None:
            super().__init__(name, path)
            self._widths: dict[str, float] = {}
            self.face.__class__ = kept  # the same face, its subsets kept

        def stringWidth(self, text: str, size: float, encoding: str = "utf8") -> float:  # noqa: N802
            width = self._widths.get(text)
            if width is None:
                if len(self._widths) > 100_000:
                    self._widths.clear()
                width = self._widths[text] = float(super().stringWidth(text, 1000.0))
            return width * size / 1000.0

        def splitString(self, text: str, doc: Any, encoding: str = "utf-8") -> Any:  # noqa: N802
            if doc not in self.state:  # a new PDF: its first codes are the seeded characters
                super().splitString(SEEDED, doc, encoding)
            return super().splitString(text, doc, encoding)

        def addObjects(self, doc: Any) -> None:  # noqa: N802  (reportlab API)
            """The face's font objects, each subset's widths written once per process."""
            state = self.state.get(doc)
            names = [self.getSubsetInternalName(n, doc)[1:]
                     for n in range(len(state.subsets))] if state is not None else []
            super().addObjects(doc)
            made = doc.idToObject["BasicFonts"].dict
            for name in names:
                font = made.get(name)
                if font is not None and type(font.Widths) is not widths:
                    font.Widths = widths(font.Widths.sequence)

    names = {}
    for face, filename in _FILES.items():
        name = f"Lairside-{face}"
        with resources.as_file(folder / filename) as path:
            if not path.is_file():
                return FALLBACK
            pdfmetrics.registerFont(Measured(name, str(path)))
        names[face] = name
    # <b> and <i> in Paragraph markup pick the matching face.
    addMapping(names["regular"], 0, 0, names["regular"])
    addMapping(names["regular"], 1, 0, names["bold"])
    addMapping(names["regular"], 0, 1, names["italic"])
    addMapping(names["regular"], 1, 1, names["bold"])
    return Faces(names["regular"], names["bold"], names["italic"], names["heavy"], True, FAMILY)


SEEDED = "\u00b7\u2022\u2013\u2014\u203a\u2018\u2019\u201c\u201d\u2026\u00d7\u00f7\u2212\u2192"
"""Characters beyond ASCII that sheets use (middle dot, bullet, dashes, quotes, arrows, maths
signs), given the first codes of every embedded subset: reportlab numbers characters in the
order a PDF first draws them, so without a fixed start two sheets rarely embed the same
subset. ASCII always comes with it (reportlab's asciiReadable)."""


def _kept_widths() -> type:
    """A PDF array of glyph widths that formats itself once per process per subset: a
    subset's 100-odd widths cost 1-2 ms to write, and every sheet writes the same four."""
    from reportlab.pdfbase import pdfdoc  # noqa: PLC0415

    written: dict[tuple[Any, ...], bytes] = {}

    class KeptWidths(pdfdoc.PDFArray):
        def format(self, document: Any, IND: bytes = b"\n ") -> bytes:  # noqa: N803
            key = tuple(self.sequence)
            out = written.get(key)
            if out is None:
                if len(written) > 64:
                    written.clear()
                out = written[key] = super().format(document, IND)
            return out

    return KeptWidths


def _kept_subsets() -> type:
    """A TrueType face class that keeps each subset font file it makes, compressed, by the
    characters it holds: making and compressing the four subsets (regular, bold, italic,
    heavy) is a sixth of a one-page sheet's time, and with SEEDED nearly every sheet asks
    for the same four. Kept for the process (a few, each some tens of KB)."""
    from reportlab.pdfbase import pdfdoc  # noqa: PLC0415
    from reportlab.pdfbase.ttfonts import TTFontFace  # noqa: PLC0415

    files: dict[tuple[str, tuple[int, ...]], bytes] = {}
    packed: dict[bytes, bytes] = {}

    class KeptFlate:
        """The Flate filter with its output kept by input (the same bytes object each time,
        so the lookup hashes nothing new)."""

        pdfname = "FlateDecode"

        def encode(self, content: bytes) -> bytes:
            out = packed.get(content)
            if out is None:
                if len(packed) > 64:
                    packed.clear()
                out = packed[content] = pdfdoc.PDFZCompress.encode(content)
            return out

    flate = KeptFlate()

    class KeptFace(TTFontFace):
        def makeSubset(self, subset: Sequence[int]) -> bytes:  # noqa: N802  (reportlab API)
            key = (self.filename, tuple(subset))
            made = files.get(key)
            if made is None:
                if len(files) > 64:
                    files.clear()
                made = files[key] = super().makeSubset(subset)
            return made

        def addSubsetObjects(self, doc: Any, fontname: str, subset: list[int]) -> Any:  # noqa: N802
            # untyped in reportlab's stubs
            descriptor = super().addSubsetObjects(doc, fontname, subset)  # type: ignore[no-untyped-call]
            stream = doc.idToObject.get(f"fontFile:{self.filename}({fontname})")
            if stream is not None and stream.filters:  # compressed: by the kept filter
                stream.filters = [flate]
            return descriptor

    return KeptFace
