"""Read a rendered PDF back: text runs (with font and size), filled rectangles and lines, the
fonts and whether each is embedded; then the layout facts the printables promise: how full
each page is, headings at the top of every column, two lines under every heading.

pypdf walks each page's content stream; a run's width comes from reportlab's metrics of the
face it was set in (printables.fonts registers them). Fast enough to read every sheet.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field

from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from printables import fonts
from printables import layouts as L

MM = L.MM


@dataclass(frozen=True)
class Run:
    text: str
    x0: float
    x1: float
    baseline: float
    size: float
    font: str
    """The face's name without the subset prefix, e.g. FiraSansCondensed-Bold."""


@dataclass
class Page:
    width: float
    height: float
    runs: list[Run] = field(default_factory=list)
    marks: list[tuple[float, float, float, float]] = field(default_factory=list)
    """Rectangles and line segments drawn (x0, y0, x1, y1), in page points."""
    fonts: dict[str, bool] = field(default_factory=dict)
    """Base font name → embedded."""

    @property
    def text(self) -> str:
        return " ".join(r.text for r in self.runs)


_FACES = {"FiraSansCondensed-Regular": "regular", "FiraSansCondensed-SemiBold": "bold",
          "FiraSansCondensed-Italic": "italic", "FiraSansCondensed-Bold": "heavy"}


def _metric_name(base: str) -> str:
    face = fonts.load()
    key = _FACES.get(base)
    return getattr(face, key) if key and face.embedded else base


def _embedded(font: object) -> bool:
    desc = font.get("/FontDescriptor")  # type: ignore[attr-defined]
    if desc is None:
        return False
    desc = desc.get_object()
    return any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def read(pdf: bytes) -> list[Page]:
    fonts.load()
    pages = []
    for raw in PdfReader(io.BytesIO(pdf)).pages:
        page = Page(float(raw.mediabox.width), float(raw.mediabox.height))
        resources = raw.get("/Resources")
        for font in (resources.get_object().get("/Font", {}) if resources else {}).values():
            font = font.get_object()
            base = str(font.get("/BaseFont", "?"))[1:]
            page.fonts[base] = _embedded(font)
        point = [0.0, 0.0]

        def operand(op, args, cm, tm, page=page, point=point):
            a, b, c, d, e, f = cm

            def at(x, y):
                return a * x + c * y + e, b * x + d * y + f

            if op == b"re" and len(args) == 4:
                x, y, w, h = (float(v) for v in args)
                (x0, y0), (x1, y1) = at(x, y), at(x + w, y + h)
                page.marks.append((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
            elif op == b"m" and len(args) == 2:
                point[:] = [float(args[0]), float(args[1])]
            elif op == b"l" and len(args) == 2:
                (x0, y0), (x1, y1) = at(*point), at(float(args[0]), float(args[1]))
                page.marks.append((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
                point[:] = [float(args[0]), float(args[1])]

        def visit(text, cm, tm, font, size, page=page):
            shown = text.strip()
            if not shown:
                return
            a, b, _c, _d, e, f = tm
            A, B, C, D, E, F = cm
            x = e * A + f * C + E
            y = e * B + f * D + F
            effective = size * (a * A + b * C)
            base = str(font.get("/BaseFont", "/Helvetica"))[1:] if font else "Helvetica"
            base = base.split("+", 1)[-1]
            runs = page.runs
            last = runs[-1] if runs else None
            if last is not None and abs(last.baseline - y) < 0.01 and x <= last.x0 + 0.01:
                # pypdf reports a run that continues a line (after a font change) at the
                # line's start; it really starts where the previous run ended.
                x = last.x1
            width = stringWidth(shown, _metric_name(base), abs(effective))
            runs.append(Run(shown, x, x + width, y, abs(effective), base))

        raw.extract_text(visitor_text=visit, visitor_operand_before=operand)
        pages.append(page)
    return pages


# ---------------------------------------------------------------- layout facts


@dataclass(frozen=True)
class Frame:
    x0: float
    x1: float
    bottom: float
    top: float


def frames(page: Page, columns: int, warning: bool = False) -> list[Frame]:
    """The columns text flows through (printables.page.SheetDoc's frames)."""
    left = L.MARGIN_MM * MM
    width = page.width - 2 * left
    top = page.height - (L.MARGIN_MM + L.HEADER_MM) * MM
    bottom = (L.MARGIN_MM + L.FOOTER_MM + (L.WARNING_MM if warning else 0)) * MM
    gutter = L.GUTTER_MM * MM
    col = (width - gutter * (columns - 1)) / columns
    return [Frame(left + i * (col + gutter), left + i * (col + gutter) + col, bottom, top)
            for i in range(columns)]


def _inside(frame: Frame, x: float, y: float) -> bool:
    return frame.x0 - 1 <= x <= frame.x1 + 1 and frame.bottom - 2 <= y <= frame.top + 2


def fill(page: Page, columns: int, warning: bool = False) -> float:
    """How much of the page's columns is used (0-1): per column, from its top to the lowest
    text, rule or box drawn in it."""
    used = 0.0
    cols = frames(page, columns, warning)
    for frame in cols:
        lows = [r.baseline - 0.3 * r.size for r in page.runs
                if _inside(frame, (r.x0 + r.x1) / 2, r.baseline)]
        lows += [m[1] for m in page.marks if _inside(frame, (m[0] + m[2]) / 2, m[1])
                 and _inside(frame, (m[0] + m[2]) / 2, m[3])]
        if lows:
            used += frame.top - max(frame.bottom, min(lows))
    return used / sum(f.top - f.bottom for f in cols)


HEADING_SIZES = {round(b + L.HEADING_GAIN, 2) for b in L.DENSITIES}


def is_heading(run: Run) -> bool:
    heavy = run.font in ("FiraSansCondensed-Bold", "Helvetica-Bold")
    return heavy and round(run.size, 2) in HEADING_SIZES


def column_runs(page: Page, frame: Frame) -> list[Run]:
    """The runs of one column, top to bottom."""
    runs = [r for r in page.runs if _inside(frame, r.x0 + 0.5, r.baseline)]
    return sorted(runs, key=lambda r: (-round(r.baseline, 1), r.x0))


@dataclass(frozen=True)
class Heading:
    text: str
    baseline: float
    """Of its last line."""
    lines_under: int
    """Lines of text under it in its column, before the next heading."""


def headings(page: Page, frame: Frame) -> list[Heading]:
    runs = column_runs(page, frame)
    groups: list[list[Run]] = []
    for run in runs:
        if not is_heading(run):
            continue
        last = groups[-1][-1] if groups else None
        if last is not None and 0.5 < last.baseline - run.baseline < run.size * 1.6 and not any(
                run.baseline < r.baseline < last.baseline and not is_heading(r) for r in runs):
            groups[-1].append(run)  # the heading's second line
        else:
            groups.append([run])
    out = []
    for k, group in enumerate(groups):
        below = groups[k + 1][0].baseline if k + 1 < len(groups) else frame.bottom - 5
        lines = {round(r.baseline) for r in runs
                 if below < r.baseline < group[-1].baseline - 0.5 and not is_heading(r)}
        # rows of a table to fill in by hand are ruled lines with no text in them
        width = frame.x1 - frame.x0
        rows = {round(m[1]) for m in page.marks if m[3] - m[1] < 0.5 and m[2] - m[0] > width / 3
                and _inside(frame, (m[0] + m[2]) / 2, m[1])
                and below < m[1] < group[-1].baseline - group[-1].size}
        lines |= {f"row {y}" for y in sorted(rows)[1:]}  # type: ignore[arg-type]
        out.append(Heading(" ".join(r.text for r in group), group[-1].baseline, len(lines)))
    return out


CONTINUED = " (continued)"


def layout_problems(pages: list[Page], columns: int, warning: bool = False) -> list[str]:
    """Across a document's pages: a column that does not start with a heading (a section or
    table broken with no repeated header); a heading left at the foot of a column with fewer
    than two lines under it while its section goes on in the next column (orphan); a repeated
    heading with fewer than two lines under it (widow)."""
    problems = []
    previous: Heading | None = None
    for p, page in enumerate(pages):
        for i, frame in enumerate(frames(page, columns, warning)):
            runs = column_runs(page, frame)
            if not runs:
                continue
            where = f"page {p + 1} column {i + 1}"
            heads = headings(page, frame)
            if not is_heading(runs[0]):
                problems.append(f"{where} starts with {runs[0].text!r}, not a heading")
            elif heads and heads[0].text.endswith(CONTINUED):
                if previous is not None and previous.lines_under < 2 and \
                        heads[0].text.startswith(previous.text.split(" [")[0]):
                    problems.append(f"heading {previous.text!r} orphaned before {where}")
                if heads[0].lines_under < 2:
                    problems.append(f"{where}: {heads[0].text!r} has one line under it")
            previous = heads[-1] if heads else previous
    return problems
