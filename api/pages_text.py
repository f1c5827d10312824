"""Turning the rules reference into page parts: paragraphs and lists, highlighted numbers,
sections grouped for the index, and the stage timers read from the rules entry that states them.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from markupsafe import Markup, escape

from assistant.games import Game
from assistant.rules import Entry

_NUMBER = re.compile(r"(?<![\w-])([+\-−]?\d+(?:[.,]\d+)?(?:[-–]\d+)?)(?!\w)")
_UPPER = frozenset({"vp", "hq", "hqs", "cia", "tl", "id"})
_ORDERED = re.compile(r"^\d+[.)]\s+")


def highlight_numbers(value: str) -> Markup:
    """Wrap each number so the eye finds it at a glance (the text around it escaped)."""
    parts = _NUMBER.split(str(value))  # text, number, text, number, ..., text
    return Markup("").join(escape(part) if i % 2 == 0 else Markup('<b class="num">%s</b>') % part
                           for i, part in enumerate(parts))


def rich(text: str) -> Markup:
    """Own-words rule text → paragraphs and lists ("- " bullets, "1. " steps), numbers marked."""
    html: list[str] = []
    open_list = ""
    for raw in text.splitlines():
        line = raw.strip()
        tag = "ul" if line.startswith(("- ", "• ")) else "ol" if _ORDERED.match(line) else ""
        if tag != open_list and open_list:
            html.append(f"</{open_list}>")
            open_list = ""
        if not line:
            continue
        if tag:
            if not open_list:
                html.append(f"<{tag}>")
                open_list = tag
            item = line[2:] if tag == "ul" else _ORDERED.sub("", line)
            html.append(f"<li>{highlight_numbers(item)}</li>")
        else:
            html.append(f"<p>{highlight_numbers(line)}</p>")
    if open_list:
        html.append(f"</{open_list}>")
    return Markup("".join(html))


def humanize(name: str) -> str:
    """'offence_successes' → 'Offence successes'."""
    words = " ".join(w.upper() if w in _UPPER else w
                     for w in re.sub(r"[_-]+", " ", str(name)).split())
    return words[:1].upper() + words[1:]


def chapter(entry: Entry) -> str:
    """The rulebook chapter an entry belongs to: its section up to the first › ; or (."""
    if entry.glossary:
        return "Glossary"
    return re.split(r" › |;| \(", entry.section, maxsplit=1)[0].strip()


def group_entries(entries: Iterable[Entry]) -> list[tuple[str, list[Entry]]]:
    """Entries by chapter, chapters in rulebook order (first seen), the glossary last."""
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(chapter(entry), []).append(entry)
    glossary = groups.pop("Glossary", [])
    ordered = list(groups.items())
    if glossary:
        ordered.append(("Glossary", sorted(glossary, key=lambda e: e.title.lower())))
    return ordered


@dataclass(frozen=True)
class StageTimer:
    """A stage's recommended time: fixed minutes + per player (× phases) + per conflict."""

    slug: str
    title: str
    fixed: float = 0
    per_player: float = 0
    phases: int = 1
    per_conflict: float = 0
    rule: str = "stage-timers"

    def minutes(self, players: int, conflicts: int = 0) -> float:
        return self.fixed + self.per_player * self.phases * players + self.per_conflict * conflicts


def _number(entry: Entry, label_start: str) -> float:
    for number in entry.numbers:
        if number.label.lower().startswith(label_start.lower()) and isinstance(
                number.value, (int, float)):
            return float(number.value)
    raise LookupError(f"rule {entry.id!r} has no number labelled {label_start!r}")


def stage_timers(game: Game) -> list[StageTimer]:
    """The timers the rules entry 'stage-timers' recommends, read from its key numbers, so the
    minutes live in the rules reference only. A game without that entry has no timers."""
    if "stage-timers" not in game.rules:
        return []
    entry = game.rules.get("stage-timers")
    phases = 3
    if "round-structure" in game.rules:
        try:
            phases = int(_number(game.rules.get("round-structure"), "Villainy Phases"))
        except LookupError:
            pass
    return [
        StageTimer("scheming", "Scheming", fixed=_number(entry, "Scheming")),
        StageTimer("villainy", "Villainy", per_player=_number(entry, "Villainy, per Phase"),
                   phases=phases, per_conflict=_number(entry, "Villainy, extra per Conflict")),
        StageTimer("monologuing", "Monologuing",
                   per_player=_number(entry, "Monologuing, per player")),
    ]
