"""Vigilante's rules reference, loaded once: the numbers and readings code reads from it.

A step, a setup line or a sheet line that applies a reading takes its mark and wording from
here (`says`, `mark`), so the same reading never shows two marks.
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


def wording(entry_id: str, key: str) -> str:
    """A reading's words (for a refusal that must say it is our reading)."""
    return RULES.get(entry_id).part(key).wording
