"""Stage timers: the recommended minutes for each stage of a round.

A game lists its timers in its `Game.timers` slot, built from the key numbers of its own rules
reference, so the minutes live in one place; the phone timers and the printed round aid both
read that slot. A game without timers leaves it empty and no timer page is offered.
"""
from __future__ import annotations

from dataclasses import dataclass

from assistant.rules import Entry


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
    """The rules entry the minutes come from."""

    def minutes(self, players: int, conflicts: int = 0) -> float:
        return self.fixed + self.per_player * self.phases * players + self.per_conflict * conflicts


def minutes(entry: Entry, key: str) -> float:
    """The key number `key` of a rules entry, as minutes."""
    value = entry.number(key).value
    if not isinstance(value, (int, float)):
        raise LookupError(f"rule {entry.id!r}: number {key!r} is not a number")
    return float(value)
