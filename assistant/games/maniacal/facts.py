"""Maniacal's rules reference, loaded once, and the numbers code reads from it by key.

Every number a calculator uses lives in rules/*.toml with a stable `key`; this module reads it
so no figure is written twice. Values the rulebook does not print are not here: they are
inputs of the calculators (see README.md, "Readings").
"""
from __future__ import annotations

from pathlib import Path

from assistant.explain import Provenance, Step
from assistant.rules import RuleBook, StepValue

RULES = RuleBook.load(Path(__file__).parent / "rules")


def number(entry_id: str, key: str) -> int:
    """The integer key number `key` of rule entry `entry_id`."""
    value = RULES.get(entry_id).number(key).value
    if not isinstance(value, int):
        raise LookupError(f"rule {entry_id!r}: number {key!r} is not an integer")
    return value


def says(entry_id: str, key: str | None, text: str, value: StepValue = None) -> Step:
    """A step applying reading (or number) `key` of rule entry `entry_id` (None: the entry as
    a whole), with the mark and wording the rules reference gives it."""
    return RULES.get(entry_id).step(key, text, value)


def mark(entry_id: str, key: str | None) -> tuple[Provenance, str]:
    """The mark and wording of a reading (None: of the entry), for a setup line or a sheet."""
    step = says(entry_id, key, "")
    return step.provenance, step.note


def word(entry_id: str, key: str) -> str:
    """The text key number `key` of rule entry `entry_id`."""
    return str(RULES.get(entry_id).number(key).value)


ROUNDS = number("object-of-the-game", "rounds")
MIN_PLAYERS = number("player-count", "min")
MAX_PLAYERS = number("player-count", "max")
MAP_SPACES = number("setup-contracts", "map-spaces")
PER_TYPE = number("henchmen-phase", "per-type")
ROUND_ONE_WEEKS = number("time-track", "start-1")
SALARY = number("salaries", "per-henchman")
