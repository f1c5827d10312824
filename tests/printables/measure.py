"""Where text lands on a PDF page, measured with reportlab's own font metrics.

pypdf walks the content stream and reports each text run with its matrices; reportlab's
stringWidth gives the run's width in the base-14 font it was set in. Runs are lines of a
Paragraph (reportlab never splits them), so checking runs checks every glyph. Much faster
than pdfplumber's per-character layout, so it can run on every sheet.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth


@dataclass(frozen=True)
class Run:
    text: str
    x0: float
    x1: float
    baseline: float
    size: float


def text_runs(pdf: bytes) -> list[tuple[float, float, list[Run]]]:
    """Per page: width, height and the text runs on it (PDF points, origin bottom left)."""
    pages = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        runs: list[Run] = []

        def visit(text, cm, tm, font, size, runs=runs):
            shown = text.strip()
            if not shown.strip():
                return
            a, b, _c, _d, e, f = tm
            A, B, C, D, E, F = cm
            x = e * A + f * C + E
            y = e * B + f * D + F
            effective = size * (a * A + b * C)
            name = str(font.get("/BaseFont", "/Helvetica"))[1:] if font else "Helvetica"
            last = runs[-1] if runs else None
            if last is not None and abs(last.baseline - y) < 0.01 and x <= last.x0 + 0.01:
                # pypdf reports a run that continues a line (after a font change) at the
                # line's start; it really starts where the previous run ended.
                x = last.x1
            runs.append(Run(shown, x, x + stringWidth(shown, name, effective), y, effective))

        page.extract_text(visitor_text=visit)
        pages.append((float(page.mediabox.width), float(page.mediabox.height), runs))
    return pages
