"""What must never reach paper: "1 players", sentences about 0 of something, internal
parameter names. Checked over every sheet of every game and every setup variant."""
from __future__ import annotations

import pytest

from assistant import sheets
from assistant.games import all_games
from assistant.sheets import Para, Section, Sheet
from assistant.sheets.copy import problems

KNOWN: set[tuple[str, str]] = set()
"""(sheet slug, problem) pairs still to fix; every game's copy is clean today."""


def _every_sheet() -> list[Sheet]:
    out: list[Sheet] = []
    for game in all_games():
        if game.sheets is None:
            continue
        out.extend(sheets.batch(game.slug))
        out.extend(sheets.setup_sheet(game.slug, **v) for v in sheets.setup_variants(game.slug))
    return out


def test_no_new_copy_problems_on_any_sheet():
    found = {(s.slug, p) for s in _every_sheet() for p in problems(s)}
    assert found <= KNOWN, sorted(found - KNOWN)


@pytest.mark.parametrize("text, bad", [
    ("1 players", True), ("2 players", False), ("1 player", False), ("11 players", False),
    ("fill the other 0 sections", True), ("named_henchmen not given", True),
    ("Form 2 teams (1 + 1 players).", False), ("Level 1 Villains", False),
])
def test_the_checker_itself(text, bad):
    sheet = Sheet(sheets.Kind.AID, "x", "X", "G", "M", "2 players",
                  (Section("S", (Para(text),)),))
    assert bool(problems(sheet)) is bad
