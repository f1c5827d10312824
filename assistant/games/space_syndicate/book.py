"""The rules reference, loaded once; every table the code reads comes from it by key."""
from __future__ import annotations

from pathlib import Path

from assistant.explain import Provenance, Step
from assistant.rules import RuleBook, StepValue

BOOK = RuleBook.load(Path(__file__).parent / "rules")


def says(entry_id: str, key: str | None, text: str, value: StepValue = None) -> Step:
    """A step applying reading (or number) `key` of rules entry `entry_id` (None: the entry
    as a whole), with the mark and wording the rules reference gives it."""
    return BOOK.get(entry_id).step(key, text, value)


def mark(entry_id: str, key: str | None) -> Provenance:
    """The mark of a reading (None: of the entry), for a sheet line that applies it."""
    return says(entry_id, key, "").provenance


def number(entry_id: str, key: str) -> int:
    """The integer key number `key` of rules entry `entry_id`."""
    value = BOOK.get(entry_id).number(key).value
    if not isinstance(value, int):
        raise LookupError(f"rule {entry_id!r}: number {key!r} is not an integer")
    return value
