"""A Paragraph that parses each markup once per style and breaks its lines once per width.

The same rules text is set on sheet after sheet (every mode, count and seed of a game), at the
same few sizes and widths: parsing is a fifth of a sheet's time and line breaking the largest
part of laying it out, so both are kept here, per process, shared by every sheet.
"""
from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable
from reportlab.platypus import Paragraph as _Paragraph

Source = tuple[str, ParagraphStyle, str | None]
"""A paragraph's markup, style and bullet: all its line breaking depends on, with the width."""

KEPT_MOST = 20_000
"""Entries each of the layout caches holds before it starts over."""

_PARSED: dict[Source, tuple[str, ParagraphStyle, list[Any]]] = {}
"""Paragraph markup already parsed, per style."""

_SIZED: dict[tuple[str, str, str | None], Source] = {}
"""Per markup, style name and bullet: the source it was first parsed as. A style of one name
differs from body size to body size only in its sizes (printables/styles.py), and so do the
parsed fragments, in fontSize alone: a sheet tried at a second size reuses the first parse."""

_BROKEN: dict[tuple[Source, float], tuple[Any, float, float, list[Any] | None]] = {}
"""Line breaking already done, per paragraph source and width: its lines, height and widest
line, and for text of several fragments the word fragments reportlab leaves in `frags` (a
split slices those). Lines and words are only read once made (drawn, or sliced by a split),
so paragraphs of any sheet share them."""


def keep(cache: dict[Any, Any], key: Any, value: Any) -> None:
    """cache[key] = value, emptying the cache first once it holds KEPT_MOST entries."""
    if len(cache) > KEPT_MOST:
        cache.clear()
    cache[key] = value


def _resized(key: Source) -> tuple[str, ParagraphStyle, list[Any]] | None:
    """The fragments of `key` from its parse at another size of the same style, or None."""
    text, style, bullet = key
    first = _SIZED.get((text, style.name, bullet))
    if first is None:
        return None
    parsed = _PARSED.get(first)
    if parsed is None or parsed[1] is not first[1]:  # first[1]: its style (a <para> changes it)
        return None
    was = first[1]
    if (style.fontName, style.textColor) != (was.fontName, was.textColor) or any(
            f.fontSize != was.fontSize or f.rise for f in parsed[2]):
        return None  # markup that sets a size or a rise of its own: parse at this size
    made = (text, style, [f.clone(fontSize=style.fontSize) for f in parsed[2]])
    if len(_PARSED) <= KEPT_MOST:  # else left to the next parse to empty
        _PARSED[key] = made
    return made


class Paragraph(_Paragraph):
    """A Paragraph that parses each markup once per style (a copy of the parsed fragments for
    each use) and breaks its lines once per width (_BROKEN), and keeps its last line breaking:
    a paragraph is wrapped at the same width several times (measured by its section, placed by
    the frame, a table cell again before it is drawn). Splits are of this class too (without a
    source: their fragments are already words)."""

    # reportlab's own attributes this class reads, which its type stubs leave out
    blPara: Any
    _width_max: float
    debug: int

    _kept: tuple[float, Any, float] | None = None
    _source: Source | None = None

    def _setup(self, text: str | None, style: ParagraphStyle, bullet: Any, frags: Any,
               cleaner: Callable[[str], str]) -> None:
        # reportlab's private parsing hook (the stubs do not declare it, hence the ignores)
        if frags is not None or text is None or not isinstance(bullet, str | None):
            super()._setup(text, style, bullet, frags, cleaner)  # type: ignore[misc]
            return
        key = (text, style, bullet)
        parsed = _PARSED.get(key) or _resized(key)
        if parsed is None:
            super()._setup(text, style, bullet, None, cleaner)  # type: ignore[misc]
            if self.bulletText is not bullet:  # markup in the bullet: not worth keeping
                return
            if len(_PARSED) > KEPT_MOST:
                _PARSED.clear()
                _SIZED.clear()
            parsed = _PARSED[key] = (self.text, self.style, [f.clone() for f in self.frags])
            _SIZED.setdefault((text, style.name, bullet), key)
            self._source = key
            return
        self.text, self.style, self.bulletText, self.debug = parsed[0], parsed[1], bullet, 0
        self.frags = [f.clone() for f in parsed[2]]
        self._source = key

    @property
    def source(self) -> Source | None:
        """What this paragraph was parsed from (None for a split: its words are made)."""
        return self._source

    def deepcopy(self) -> Paragraph:
        """The copy ImageAndFlowables splits to see where text beside a code ends: splitting
        sets attributes on the copy and never changes the shared fragments (no hyphenation
        here), so a shallow copy does, without copying every fragment and line."""
        return copy.copy(self)

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        kept = self._kept
        if kept is not None and kept[0] == avail_width and \
                getattr(self, "blPara", None) is kept[1]:
            self.width, self.height = avail_width, kept[2]
            return avail_width, kept[2]
        source = self._source
        broken = _BROKEN.get((source, avail_width)) if source is not None else None
        if broken is not None:
            self.blPara, height, self._width_max, words = broken
            if words is not None:  # what breaking lines leaves in frags (a split reads it)
                self.frags = list(words)
            self.width, self.height = avail_width, height
            self._kept = (avail_width, self.blPara, height)
            return avail_width, height
        width, height = super().wrap(avail_width, avail_height)
        lines = getattr(self, "blPara", None)
        self._kept = (avail_width, lines, height)
        if source is not None and lines is not None and width == avail_width:
            words = list(self.frags) if lines.kind == 1 else None
            keep(_BROKEN, (source, avail_width),
                 (lines, height, getattr(self, "_width_max", 0), words))
        return width, height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        """reportlab's split appends a space to the last word of each line it hands on: it
        does so here on a copy of the lines, never on lines shared through _BROKEN."""
        if self._source is not None:
            if getattr(self, "blPara", None) is None:
                self.wrap(avail_width, avail_height)
            lines = self.blPara
            if lines.kind == 1:
                self.blPara = lines.clone(lines=[line.clone(words=[w.clone() for w in
                                                                   line.words])
                                                 for line in lines.lines])
        return super().split(avail_width, avail_height)
