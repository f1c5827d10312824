"""QR codes on the page: drawn as vector squares from printables.qr's matrix (sharp at any
printer resolution, and cheaper than an image), each at least its size in mm across its dark
part, a long URL getting more, smaller modules."""
from __future__ import annotations

from functools import lru_cache

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from printables import layouts as L
from printables.paragraph import Paragraph
from printables.qr import QUIET_ZONE, keepable, qr_matrix
from printables.styles import Styles
from printables.text import text

MM = L.MM


def qr_size(data: str, at_least_mm: float) -> float:
    """A code's size in points, quiet zone included, with its dark part at least
    `at_least_mm` wide."""
    modules = len(qr_matrix(data))
    return at_least_mm * MM * (modules + 2 * QUIET_ZONE) / modules


def quiet_width(data: str, size: float) -> float:
    """The width of the quiet zone of a code of `size` points."""
    return size * QUIET_ZONE / (len(qr_matrix(data)) + 2 * QUIET_ZONE)


class QRCode(Flowable):
    """A QR code drawn as vector squares, its quiet zone included in `size`."""

    def __init__(self, data: str, size: float) -> None:
        super().__init__()
        self.data, self.size = data, size
        self.width = self.height = size

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        count = len(qr_matrix(self.data)) + 2 * QUIET_ZONE
        canvas: Canvas = self.canv
        canvas.saveState()
        canvas.scale(self.size / count, self.size / count)  # one unit = one module
        canvas.addLiteral(_kept_ops(self.data) if keepable(self.data) else _qr_ops(self.data))
        canvas.restoreState()


@lru_cache(maxsize=1024)
def _kept_ops(data: str) -> str:
    """`_qr_ops`, kept per text (never a text carrying a secret: printables.qr.keepable)."""
    return _qr_ops(data)


def _qr_ops(data: str) -> str:
    """PDF path operators filling the dark modules, in module units, one rectangle per run
    of dark modules in a row (a few hundred operators instead of thousands of calls)."""
    matrix = qr_matrix(data)
    size = len(matrix) + 2 * QUIET_ZONE
    ops = ["0 g"]
    for r, row in enumerate(matrix):
        y = size - QUIET_ZONE - r - 1
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            ops.append(f"{start + QUIET_ZONE} {y} {c - start} 1.02 re")
    ops.append("f")
    return "\n".join(ops)


class QRBlock(Flowable):
    """A section's QR code (dark part at least 20 mm) with its URL printed underneath, and a
    link over both. Text flows beside it (ImageAndFlowables)."""

    def __init__(self, url: str, st: Styles) -> None:
        super().__init__()
        self.qr = QRCode(url, qr_size(url, L.SECTION_QR_MM))
        self.caption = Paragraph(text(url), st["url"])
        self.width = max(L.QR_BLOCK_MM * MM, self.qr.size)
        self.height = 0.0
        self.url = url

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        _, ch = self.caption.wrap(self.width, avail_height)
        self.height = self.qr.size + ch
        return self.width, self.height

    def _restrictSize(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        # ImageAndFlowables asks its image for its size through this private hook.
        return self.wrap(avail_width, avail_height)

    def _unRestrictSize(self) -> None:
        pass

    def draw(self) -> None:
        self.qr.drawOn(self.canv, (self.width - self.qr.size) / 2, self.height - self.qr.size)
        self.caption.drawOn(self.canv, 0, 0)
        self.canv.linkURL(self.url, (0, 0, self.width, self.height), relative=1)
