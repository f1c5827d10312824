"""The rules reference, loaded once; every table the code reads comes from it by key."""
from __future__ import annotations

from pathlib import Path

from assistant.explain import Provenance
from assistant.rules import RuleBook

BOOK = RuleBook.load(Path(__file__).parent / "rules")
says, number = BOOK.says, BOOK.number


def mark(entry_id: str, key: str | None) -> Provenance:
    """The mark of a reading (None: of the entry), for a sheet line that applies it."""
    return BOOK.mark(entry_id, key)[0]
