"""The finished game's chart (issue 43): each seat's score measure through the rounds, laid
out here for templates/_chart.html, which draws it as inline SVG (no chart library, no script)
with a table of the same numbers for screen readers. Names reach the SVG only through the
template, which escapes them like any other text.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from assistant.tracker.progress import Progress

WIDTH, HEIGHT = 360, 200
"""The drawing's own units; it is scaled to the page's width."""
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 26
"""Room for the value axis' numbers (left) and the points' labels (below)."""
STYLES = 7
"""Line styles (a colour and a dash each, so lines differ without colour too); seats beyond
them repeat them with another marker."""


@dataclass(frozen=True)
class Line:
    name: str
    style: int
    points: str
    """The polyline's "x,y x,y" (points where the measure says nothing are left out)."""
    dots: tuple[tuple[float, float], ...]
    values: tuple[str, ...]
    last: tuple[float, float]
    square: bool
    """A square marker for seats past the seventh style."""


@dataclass(frozen=True)
class Chart:
    unit: str
    labels: tuple[str, ...]
    lines: tuple[Line, ...]
    ticks: tuple[tuple[float, str], ...]
    """The value axis: (y, the number)."""
    columns: tuple[tuple[float, str], ...]
    """The points along the bottom: (x, a short label: S, 1, 2, ..., E)."""
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT


def laid_out(progress: Progress) -> Chart | None:
    """The drawing's coordinates; None when there is nothing to draw (no seat measured)."""
    values = [v for s in progress.series for v in s.values if v is not None]
    if not values:
        return None
    low, high = min(0, min(values)), max(values)
    step = _step(high - low)
    low = step * (low // step)
    high = max(low + step, step * -(-high // step))
    count = len(progress.points)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return round(LEFT + (inner_w * i / (count - 1) if count > 1 else inner_w / 2), 1)

    def y(v: float) -> float:
        return round(TOP + inner_h * (high - v) / (high - low), 1)

    lines = []
    for n, series in enumerate(progress.series):
        dots = tuple((x(i), y(v)) for i, v in enumerate(series.values) if v is not None)
        lines.append(Line(series.name, n % STYLES, " ".join(f"{a},{b}" for a, b in dots), dots,
                          tuple("–" if v is None else _number(v) for v in series.values),
                          dots[-1] if dots else (0.0, 0.0), n >= STYLES))
    ticks = []
    v = low
    while v <= high:
        ticks.append((y(v), _number(v)))
        v += step
    short = tuple("S" if p == "Start" else "E" if p == "End" else p.removeprefix("Round ")
                  for p in progress.points)
    return Chart(progress.unit, progress.points, tuple(lines), tuple(ticks),
                 tuple((x(i), label) for i, label in enumerate(short)))


def _step(span: float) -> float:
    """A round step giving the value axis four to eight numbers."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 7:
            return step
    return float(10 ** len(str(int(span))))


def _number(v: Any) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"
