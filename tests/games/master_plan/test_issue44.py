"""Issue 44, All Part of the Master Plan: each finding of the second rules review as a test."""
from __future__ import annotations

from assistant.explain import Provenance
from assistant.games import find_game

GAME = find_game("master-plan")
BOOK = GAME.rules


def test_the_three_rounds_are_printed_wherever_they_are_shown():
    # "after 3 rounds" (all-part-of-the-master-plan.txt:15); the round overview is derived for
    # its corrected phase numbers, not for the count of rounds
    overview, goal = BOOK.get("round-overview"), BOOK.get("goal")
    assert overview.provenance is Provenance.DERIVED
    assert overview.number("rounds").value == goal.number("rounds").value == 3
    assert overview.number("rounds").provenance is goal.number("rounds").provenance \
        is Provenance.RULEBOOK


def test_the_table_setting_defaults_are_our_reading_not_print():
    for entry_id in ("setting-attack-reading", "setting-ending-ability", "setting-ko-piles"):
        entry = BOOK.get(entry_id)
        assert entry.number("default").provenance is Provenance.DERIVED, entry_id
        assert entry.number("default").note


def test_a_silent_rule_is_marked_unknown_on_the_sheet_as_on_the_page():
    tie = BOOK.get("final-scoring").part("unresolved")
    assert tie.provenance is Provenance.UNKNOWN
    assert GAME.scoring is not None
    answer = GAME.scoring.run({"players": [                 # level on all three (:73)
        {"name": "Ben", "loot": "Crown, Mask", "ko": [6, 4]},
        {"name": "Ann", "loot": "Gem, Idol", "ko": [4, 6]},
        {"name": "Cat", "loot": "Mask", "ko": []}, {"name": "Dee", "loot": "Gem", "ko": [1]}]})
    steps = [s for s in answer.steps if s.note == tie.text]
    assert steps and all(s.provenance is Provenance.UNKNOWN for s in steps)
