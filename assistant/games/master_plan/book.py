"""The rules reference, loaded once, and the key numbers the code reads from it.

Every number the calculators use lives in `rules/*.toml` with a stable `key`; this module is
the one place that reads them, so a number is never written twice.
"""
from __future__ import annotations

from pathlib import Path

from assistant.explain import Step
from assistant.rules import RuleBook, StepValue

RULES = RuleBook.load(Path(__file__).parent / "rules")


def says(entry: str, key: str | None, text: str, value: StepValue = None) -> Step:
    """A step applying reading (or number) `key` of a rules entry (None: the entry as a
    whole), with the mark and wording the rules reference gives it."""
    return RULES.get(entry).step(key, text, value)


def number(entry: str, key: str) -> int:
    """A whole-number key number of a rules entry."""
    value = RULES.get(entry).number(key).value
    if not isinstance(value, int):
        raise LookupError(f"rule {entry!r}: number {key!r} is not a whole number")
    return value


def text(entry: str, key: str) -> str:
    """A text key number of a rules entry (a setting's default, its options)."""
    return str(RULES.get(entry).number(key).value)


PLAYERS_MIN = number("overview", "players-min")
PLAYERS_MAX = number("overview", "players-max")
ROUNDS = number("goal", "rounds")
THROWDOWNS = {n: number("assemble", f"throwdowns-{n}") for n in range(PLAYERS_MIN, PLAYERS_MAX + 1)}
"""Throwdowns dealt each round, by player count (Assemble, step 1)."""
PLANS_PER_PLAYER = number("setup-master-plans", "plans-per-player")
MARK_SETS_PER_PLAYER = number("setup-marks", "mark-sets-per-player")
SQUADS_PER_THROWDOWN = number("deployment-limits", "squads-per-player-per-throwdown")
