"""The rules reference, loaded once; every table the code reads comes from it by key."""
from __future__ import annotations

from pathlib import Path

from assistant.rules import RuleBook

BOOK = RuleBook.load(Path(__file__).parent / "rules")


def number(entry_id: str, key: str) -> int:
    """The integer key number `key` of rules entry `entry_id`."""
    value = BOOK.get(entry_id).number(key).value
    if not isinstance(value, int):
        raise LookupError(f"rule {entry_id!r}: number {key!r} is not an integer")
    return value
