"""Answers that explain themselves.

Every calculation returns its result and the steps that led there. A step is one short
sentence in our own words, the number it contributes, and the rule entry it applies (an id in
the game's rules reference), plus where that fact comes from (its provenance).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from assistant.player_text import counted, split


class Provenance(StrEnum):
    RULEBOOK = "rulebook"
    """Stated by the rulebook."""
    DERIVED = "derived"
    """Worked out from the rulebook's own arithmetic or examples; `note` gives the reasoning."""
    COMMUNITY = "community"
    """Third-party data, unverified against the physical components."""
    HOUSE = "house"
    """A table's own choice."""
    UNKNOWN = "unknown"
    """The rulebook does not say (or the OCR lost it); the user supplies the value."""


_PLAIN: dict[str, str] = {p: p.value for p in Provenance}
"""Each provenance as plain text: the enum's `.value` descriptor costs more than the rest of
a step's JSON."""


@dataclass(frozen=True)
class Step:
    text: str
    value: int | float | str | bool | None = None
    rule: str | None = None
    provenance: Provenance = Provenance.RULEBOOK
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        """The step as the API answers it, in words for players: a rulebook file-and-line
        citation of its text or note moves to `sources` (player_text.split)."""
        text, cited = _said(self.text)
        out: dict[str, Any] = {"text": text, "value": self.value, "rule": self.rule,
                               "provenance": _PLAIN[self.provenance]}
        if self.note:
            note, more = _said(self.note)
            out["note"] = note
            cited += more
        if cited:
            out["sources"] = list(cited)
        return out


@dataclass(frozen=True)
class Explained:
    """A result (JSON-ready mapping) with its working."""

    result: Mapping[str, Any]
    steps: tuple[Step, ...] = ()
    summary: str = ""
    """One plain-text line (or a few) a player can paste into a group chat."""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"result": dict(self.result),
                               "steps": [s.to_json() for s in self.steps],
                               "summary": _said(self.summary)[0]}
        out.update(self.extra)
        return out


def _said(text: str) -> tuple[str, tuple[str, ...]]:
    """(`text` in words for players, the citations it held): counts said for their number
    ("2 weeks", never "2 week(s)"); quick for text with neither."""
    if "s)" in text:
        text = counted(text)
    if ".txt:" not in text and "(:" not in text and "[read:" not in text:
        return text, ()
    return split(text)


def plural(n: int, one: str, many: str) -> str:
    """"1 player", "3 players", "0 players": a count with its noun, for steps and sheets."""
    return f"{n} {one if n == 1 else many}"
