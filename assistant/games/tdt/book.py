"""Tomorrow Dies Today's rules reference, loaded once: the readings code applies.

A step, a setup line or a sheet line that applies a reading takes its mark and wording from
here (`says`, `mark`), so the same reading never shows two marks.
"""
from __future__ import annotations

from pathlib import Path

from assistant.rules import RuleBook

RULES = RuleBook.load(Path(__file__).parent / "rules")
says, mark = RULES.says, RULES.mark
