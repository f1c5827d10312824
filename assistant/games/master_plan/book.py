"""The rules reference, loaded once, and the key numbers the code reads from it.

Every number the calculators use lives in `rules/*.toml` with a stable `key`; this module is
the one place that reads them, so a number is never written twice.
"""
from __future__ import annotations

from pathlib import Path

from assistant.rules import RuleBook

RULES = RuleBook.load(Path(__file__).parent / "rules")
says, number, text = RULES.says, RULES.number, RULES.text


PLAYERS_MIN = number("overview", "players-min")
PLAYERS_MAX = number("overview", "players-max")
ROUNDS = number("goal", "rounds")
THROWDOWNS = {n: number("assemble", f"throwdowns-{n}") for n in range(PLAYERS_MIN, PLAYERS_MAX + 1)}
"""Throwdowns dealt each round, by player count (Assemble, step 1)."""
PLANS_PER_PLAYER = number("setup-master-plans", "plans-per-player")
MARK_SETS_PER_PLAYER = number("setup-marks", "mark-sets-per-player")
SQUADS_PER_THROWDOWN = number("deployment-limits", "squads-per-player-per-throwdown")
