"""Maniacal's rules reference, loaded once, and the numbers code reads from it by key.

Every number a calculator uses lives in rules/*.toml with a stable `key`; this module reads it
so no figure is written twice. Values the rulebook does not print are not here: they are
inputs of the calculators (see README.md, "Readings").
"""
from __future__ import annotations

from pathlib import Path

from assistant.rules import RuleBook

RULES = RuleBook.load(Path(__file__).parent / "rules")
says, mark, number, word = RULES.says, RULES.mark, RULES.number, RULES.text


ROUNDS = number("object-of-the-game", "rounds")
MIN_PLAYERS = number("player-count", "min")
MAX_PLAYERS = number("player-count", "max")
MAP_SPACES = number("setup-contracts", "map-spaces")
PER_TYPE = number("henchmen-phase", "per-type")
ROUND_ONE_WEEKS = number("time-track", "start-1")
SALARY = number("salaries", "per-henchman")
