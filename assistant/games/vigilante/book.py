"""Vigilante's rules reference, loaded once: the numbers and readings code reads from it.

A step, a setup line or a sheet line that applies a reading takes its mark and wording from
here (`says`, `mark`), so the same reading never shows two marks.
"""
from __future__ import annotations

from pathlib import Path

from assistant.rules import RuleBook

RULES = RuleBook.load(Path(__file__).parent / "rules")
says, mark, number = RULES.says, RULES.mark, RULES.number


def wording(entry_id: str, key: str) -> str:
    """A reading's words (for a refusal that must say it is our reading)."""
    return RULES.get(entry_id).part(key).wording
