"""The type every sheet is set in: Fira Sans Condensed (SIL Open Font License), embedded.

The font files come from the PyPI package `fontpkg-fira-sans-condensed` (Mozilla's Fira,
unmodified from the Google Fonts repository), a dependency in pyproject.toml. A condensed face
sets more words per line at the same size, so body text stays at 8.5 pt or more and a setup
sheet still fits one page. When the package is missing, the sheets fall back to Helvetica (not
embedded) rather than failing; `FONTS.embedded` says which one is in use.

`load()` registers the faces with reportlab once per process; api/warmup.py calls it at
start-up so no user's request pays for it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

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
    class Measured(TTFont):  # type: ignore[misc]
        """A TrueType face that remembers the width of every word it has measured: line
        breaking measures the same words again and again (a third of a sheet's time)."""

        def __init__(self, name: str, path: str) -> None:
            super().__init__(name, path)
            self._widths: dict[str, float] = {}

        def stringWidth(self, text: str, size: float, encoding: str = "utf8") -> float:  # noqa: N802
            width = self._widths.get(text)
            if width is None:
                if len(self._widths) > 100_000:
                    self._widths.clear()
                width = self._widths[text] = float(super().stringWidth(text, 1000.0))
            return width * size / 1000.0

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
