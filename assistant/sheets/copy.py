"""Copy checks for printed sheets: what must never reach paper.

"1 players", "0 sections" style sentences, and internal parameter names ("named_henchmen")
in printed text. Run over every sheet by tests/printables/test_copy.py; a game fixes what it
finds in its own sheets.py.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from . import Bullets, Checklist, Facts, Para, Sheet, Table

_ONE_PLURAL = re.compile(r"(?<![\d.,-])\b1 (players|seats|sections|cards|tiles|henchmen|villains|"
                         r"rounds|points|turns|dice|items|games)\b", re.IGNORECASE)
_ZERO = re.compile(r"\b(the other|fill|remaining) 0 \w+", re.IGNORECASE)
_SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def texts(sheet: Sheet) -> Iterator[str]:
    """Every string a sheet prints."""
    yield from (sheet.title, sheet.mode, sheet.players, sheet.subtitle)
    for sec in sheet.sections:
        yield sec.title
        if sec.link:
            yield sec.link.label
            yield sec.link.hint
        for block in sec.blocks:
            if isinstance(block, Para):
                yield block.text
            elif isinstance(block, Bullets):
                yield from block.items
            elif isinstance(block, Facts):
                for fact in block.rows:
                    yield fact.label
                    yield fact.value
            elif isinstance(block, Checklist):
                for check in block.items:
                    yield check.title
                    yield check.text
            elif isinstance(block, Table):
                yield from block.header
                yield from block.footer
                for row in block.rows:
                    yield from row


def problems(sheet: Sheet) -> list[str]:
    found = []
    for value in texts(sheet):
        for pattern, what in ((_ONE_PLURAL, "plural after 1"), (_ZERO, "a sentence about 0"),
                              (_SNAKE, "an internal name")):
            for match in pattern.finditer(value):
                before = value[:match.start()].rstrip()
                if pattern is _ONE_PLURAL and before.endswith(("+", "Level", "level", "Tier")):
                    continue  # "1 + 1 players", "Level 1 Villains"
                found.append(f"{what}: {match.group(0)!r}")
                break
    return found
