"""The blocks a sheet's section holds (assistant.sheets.Block), one module per kind.

A sheet is layout as data; `flowables` dispatches each block on its type to the module that
sets that kind, as pretix's renderer dispatches on element types. A new kind of block is a new
module here and one more case below (mypy says so: the match must cover sheets.Block).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from reportlab.platypus import Flowable

from assistant import sheets
from printables.blocks import bullets, checklist, facts, para, table
from printables.styles import Styles


def flowables(items: Sequence[sheets.Block], st: Styles) -> list[Flowable]:
    """Each block of a section as the flowables that set it, in order."""
    out: list[Flowable] = []
    for block in items:
        out.extend(flowables_of(block, st))
    return out


def flowables_of(block: sheets.Block, st: Styles) -> list[Flowable]:
    match block:
        case sheets.Para():
            return para.flowables(block, st)
        case sheets.Bullets():
            return bullets.flowables(block, st)
        case sheets.Checklist():
            return checklist.flowables(block, st)
        case sheets.Facts():
            return facts.flowables(block, st)
        case sheets.Table():
            return table.flowables(block, st)
    assert_never(block)
