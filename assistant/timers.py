"""Stage timers: the recommended minutes per Stage, read from the rules reference.

The minutes live in one place only, the key numbers of a game's `stage-timers` entry (and the
Phases per Round of `round-structure`); the phone timers and the printed round aid both ask
this module. A game without that entry has no timers.
"""
from __future__ import annotations

from dataclasses import dataclass

from assistant.games import Game
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

    def minutes(self, players: int, conflicts: int = 0) -> float:
        return self.fixed + self.per_player * self.phases * players + self.per_conflict * conflicts


def _number(entry: Entry, label_start: str) -> float:
    for number in entry.numbers:
        if number.label.lower().startswith(label_start.lower()) and isinstance(
                number.value, (int, float)):
            return float(number.value)
    raise LookupError(f"rule {entry.id!r} has no number labelled {label_start!r}")


def stage_timers(game: Game) -> list[StageTimer]:
    """Scheming, Villainy and Monologuing timers as the game's rules reference recommends."""
    if "stage-timers" not in game.rules:
        return []
    entry = game.rules.get("stage-timers")
    phases = int(_number(game.rules.get("round-structure"), "Villainy Phases"))
    return [
        StageTimer("scheming", "Scheming", fixed=_number(entry, "Scheming")),
        StageTimer("villainy", "Villainy", per_player=_number(entry, "Villainy, per Phase"),
                   phases=phases, per_conflict=_number(entry, "Villainy, extra per Conflict")),
        StageTimer("monologuing", "Monologuing",
                   per_player=_number(entry, "Monologuing, per player")),
    ]
