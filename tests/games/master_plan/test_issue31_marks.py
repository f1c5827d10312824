"""Issue 31, Master Plan items 12-14: the hand with KO piles kept, a Super with nowhere to
go, Loser Lad's kind, the Throwdown totals' mark and the Throwdown deck's end."""
from __future__ import annotations

from assistant.explain import Provenance
from assistant.games import find_game

GAME = find_game("master-plan")
BOOK = GAME.rules


def test_hand_shrinks_when_ko_piles_are_kept():
    # all-part-of-the-master-plan.txt:28 (even deal), :68 (ALL Supers back): only when reset
    text = BOOK.get("recruit").text
    assert "same every round" in text and "smaller each round" in text
    assert GAME.setup is not None
    answer = GAME.setup.run({"players": 4, "super_deck_size": 30})
    recruit = next(s for s in answer.steps if s.rule == "recruit")
    assert recruit.value == 7 and "kept all game" in recruit.note


def test_no_legal_throwdown_is_covered_and_marked():
    entry = BOOK.get("deployment-end")
    assert entry.provenance is Provenance.DERIVED
    assert "nowhere legal" in entry.text and entry.readings


def test_wording_fixes():
    assert "card" not in BOOK.get("loser-lad").text.split("(")[0]            # :22, :67
    assert "without looking" not in BOOK.get("assemble").text                 # :36
    assert "still uses its Ability" in BOOK.get("ability").text               # :47-48
    assert "still uses its Ability" in BOOK.get("attack").text


def test_throwdowns_in_a_game_are_marked_derived():
    deck = BOOK.get("throwdown-deck")
    assert deck.number("in-game-4").value == 3 * 3                            # :33, 3 rounds
    assert deck.number("in-game-5-6").value == 4 * 3                          # :34-35
    assert GAME.setup is not None
    answer = GAME.setup.run({"players": 5})
    total = next(s for s in answer.steps if s.rule == "throwdown-deck")
    assert total.value == answer.result["throwdowns_in_game"] == 12
    assert total.provenance is Provenance.DERIVED
