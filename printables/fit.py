"""Fit: the body size a flowed sheet is set at, and the sheet built at it.

A sheet is set at the largest body size (layouts.DENSITIES) that fits one page; when none
does, at the largest size that takes no more pages than the smallest size, so a sheet is one
page or full pages by design. `choose` finds that size in one to three trial layouts (an
estimate from the sheet's contents says where to start; trials draw nothing), and the kept
parsing and line breaking (printables/paragraph.py) keep each trial cheap.
"""
from __future__ import annotations

import io
import math
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from assistant import sheets
from printables import layouts as L
from printables.page import SheetDoc, TooLong
from printables.section import section
from printables.styles import styles
from printables.target import Resolve, Target


def build(sheet: sheets.Sheet, page: L.Paper, resolve: Resolve, day: date, target: Target,
          body: float, canvas: Canvas | None = None, story: list[Flowable] | None = None
          ) -> bytes:
    """The sheet drawn at body size `body`: as a PDF of its own, or onto `canvas` (a pack's;
    then the bytes are empty). `story`: a trial's at that size, whose line breaks it reuses."""
    st = styles(body)
    buffer = io.BytesIO()
    main_url = resolve(sheet.link) if sheet.link is not None else ""
    doc = SheetDoc(buffer, sheet, page, main_url, day, target, st)
    if story is None:
        story = [section(sec, resolve, st, doc.column_width) for sec in sheet.sections]
    for flow in story:  # a trial's story: platypus marks what it moved on, and fails on a repeat
        flow.__dict__.pop("_postponed", None)
    story = list(story)
    if canvas is None:
        doc.build(story)
    else:
        doc._doSave = 0
        doc.build(story, canvasmaker=lambda *a, **k: canvas)
    return buffer.getvalue()


@dataclass
class Trial:
    """A sheet laid out at one body size without drawing: its page count (over `most` when the
    trial stopped early), how full its last page is, and the story, whose line breaks a build
    at that size reuses (so a trial and the build at the chosen size cost little more than
    the build alone)."""

    pages: int
    fill: float
    story: list[Flowable]
    stopped: bool = False

    @property
    def content(self) -> float:
        """The story's height in pages."""
        return self.pages - 1 + self.fill


def trial(sheet: sheets.Sheet, page: L.Paper, resolve: Resolve, day: date, target: Target,
          body: float, most: int = 0) -> Trial:
    st = styles(body)
    doc = SheetDoc(io.BytesIO(), sheet, page, "", day, target, st, dry=True, most=most)
    doc._doSave = 0
    story = [section(sec, resolve, st, doc.column_width) for sec in sheet.sections]
    try:
        doc.build(list(story))
    except TooLong:
        return Trial(most + 1, 0.0, story, stopped=True)
    return Trial(doc.page, doc.fill(doc.page), story)


AREA_PER_CHAR = 0.387
"""Square points a character of body text covers, per square point of type size."""
AREA_PER_ITEM = 1.95
"""Per paragraph, list item or block: points of height per point of type size, times the
column width (spacing, the last line's slack)."""
AREA_PER_ROW = 1.77
"""Per table row: the same for padding and rules."""
AREA_PER_CODE = 4800.0
"""A section's QR code with its URL, beside which text flows (square points, any size).
The four were fitted over every sheet of every game: within 4% for half of them."""


def estimate(sheet: sheets.Sheet, width: float, capacity: float) -> Callable[[float], float]:
    """About how many pages the story fills at a body size, from what it holds (only the
    number of trial layouts depends on it, never the size chosen)."""
    chars = items = rows = codes = 0
    for sec in sheet.sections:
        items += 1 + len(sec.blocks)
        codes += sec.link is not None
        chars += len(sec.title) + len(sec.source or "")
        for block in sec.blocks:
            if isinstance(block, sheets.Table):
                rows += len(block.rows) + 1 + block.blank_rows + bool(block.footer)
                chars += sum(map(len, block.header)) + sum(len(c) for r in block.rows for c in r)
            elif isinstance(block, sheets.Facts):
                rows += len(block.rows)
                chars += sum(len(f.label) + len(f.value) for f in block.rows)
            elif isinstance(block, sheets.Bullets):
                items += len(block.items)
                chars += sum(map(len, block.items))
            elif isinstance(block, sheets.Checklist):
                items += len(block.items)
                chars += sum(len(c.title) + len(c.text) for c in block.items)
            elif isinstance(block, sheets.Para):
                chars += len(block.text)

    def pages(body: float) -> float:
        area = (AREA_PER_CHAR * chars * body * body + AREA_PER_CODE * codes
                + (AREA_PER_ITEM * items + AREA_PER_ROW * rows) * body * width)
        return area / (capacity * width)

    return pages


SURE_OVER = 0.10
"""A size whose story, calibrated by a one-page trial at the next size down, stands this much
over a page is not tried: over every sheet of every game, the estimate of one size from its
neighbour erred by at most 6%. (Sheets of several pages are always tried: page breaks leave
space the estimate does not see.)"""


def choose(sheet: sheets.Sheet, page: L.Paper, resolve: Resolve, day: date, target: Target
           ) -> tuple[float, Trial]:
    """The largest body size (layouts.DENSITIES) that sets the sheet on as few pages as the
    smallest size does: one page whenever any size fits one, else full pages by design.

    Trials draw nothing. The first is at the size an estimate from the sheet's contents
    expects; its measured height calibrates the estimate for the next. Later trials stop when
    they run onto a page too many. A sheet usually takes one or two: the size that fits, and
    the next larger one unless the estimate puts that well over."""
    sizes = L.DENSITIES
    tried: dict[int, Trial] = {}
    geometry = SheetDoc(io.BytesIO(), sheet, page, "", day, target, styles(sizes[0]))
    guess = estimate(sheet, geometry.column_width, geometry.columns * geometry.frame_height)

    def at(i: int, most: int = 0) -> Trial:
        if i not in tried:
            tried[i] = trial(sheet, page, resolve, day, target, sizes[i], most)
        return tried[i]

    def predicted(i: int, pages: int = 0) -> float:
        """The story's height in pages at size i: the estimate, calibrated by the nearest
        trial that ran to the end; when asked whether it fits on `pages`, by the nearest such
        trial that did (a trial on more pages counts the space its page breaks leave, which
        the estimate does not see)."""
        done = [j for j, t in tried.items() if not t.stopped]
        fitting = [j for j in done if tried[j].pages <= pages]
        near = min(fitting or done, key=lambda j: abs(j - i), default=None)
        if near is None:
            return guess(sizes[i])
        return guess(sizes[i]) * tried[near].content / guess(sizes[near])

    smallest = len(sizes) - 1
    least = max(1, math.ceil(predicted(smallest) - 0.03))
    most = at(next((i for i in range(len(sizes)) if predicted(i) <= least - 0.03),
                   smallest)).pages
    while most > 1:  # could a smaller size take fewer pages? try the largest likely to
        likely = [i for i in range(len(sizes))
                  if i not in tried and predicted(i, most - 1) <= most - 1.03]
        i = likely[0] if likely else smallest
        if i in tried:
            break
        fewer = at(i, most - 1)
        if not fewer.stopped:
            most = fewer.pages
        elif i == smallest:
            break
    # a trial stopped early is known only to take more pages than it was allowed
    tried = {i: t for i, t in tried.items() if not t.stopped or t.pages > most}
    while True:
        good = min(i for i, t in tried.items() if t.pages <= most)
        bad = max((i for i, t in tried.items() if t.pages > most and i < good), default=-1)
        if good - bad <= 1 or most == 1 and predicted(good - 1, 1) >= 1 + SURE_OVER:
            return sizes[good], tried[good]
        likely = [i for i in range(bad + 1, good) if predicted(i, most) <= most - 0.03]
        at(likely[0] if likely else good - 1, most)


CHOSEN_MOST = 256
"""Sheets whose body size each process remembers (chosen)."""
_CHOSEN: OrderedDict[Any, float] = OrderedDict()
_CHOSEN_LOCK = threading.Lock()  # sheets are drawn on a thread pool (api/offload.py)


def chosen(sheet: sheets.Sheet, page: L.Paper, resolve: Resolve, day: date, target: Target
           ) -> tuple[float, list[Flowable] | None]:
    """`choose`'s size, worked out once per process for a sheet (on a paper, a day, for an
    address): a game-night pack for a new seed or count shares most of its sheets (aids,
    score sheet and pad, turn cards) with every other pack, and finding a size was nearly half
    of drawing one. With a trial's story when one was just laid out (its line breaks reused),
    else None (the build makes its story; printables/paragraph.py keeps the line breaks).
    Only a size is kept; a sheet that carries a secret (a table tent's edit strip) is drawn,
    never sized here."""
    key = (sheet, page, day, target.base, target.note)
    with _CHOSEN_LOCK:
        size = _CHOSEN.get(key)
        if size is not None:
            _CHOSEN.move_to_end(key)
            return size, None
    size, made = choose(sheet, page, resolve, day, target)
    with _CHOSEN_LOCK:
        _CHOSEN[key] = size
        while len(_CHOSEN) > CHOSEN_MOST:
            _CHOSEN.popitem(last=False)
    return size, made.story
