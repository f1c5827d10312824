"""Issue 44, Syndicate: the findings of the second rules review, each as a test."""
from __future__ import annotations

from assistant.explain import Provenance
from assistant.games import find_game

GAME = find_game("space-syndicate")
BOOK = GAME.rules


def test_printed_prices_are_marked_printed_in_a_derived_entry():
    # Goshen: 1 credit, 2 influence, 2 crew (syndicate.txt:501); boxes 5, 10, 15 (:589-591)
    hired, market = BOOK.get("hired-hands"), BOOK.get("black-market")
    assert hired.provenance is market.provenance is Provenance.DERIVED
    assert [hired.number(f"goshen-hire-{r}").value for r in ("credits", "influence", "crew")] \
        == [1, 2, 2]
    assert [market.number(f"black-market-{i}").value for i in (1, 2, 3)] == [5, 10, 15]
    assert all(n.provenance is Provenance.RULEBOOK for n in (*hired.numbers, *market.numbers))


def test_the_score_step_carries_the_awards_reading_of_its_entry():
    assert GAME.scoring is not None
    answer = GAME.scoring.run(GAME.scoring.example)
    reading = BOOK.get("final-score").part("awards-only")
    steps = [s for s in answer.steps if "VP from Awards" in s.text]
    assert steps and all((s.provenance, s.note) == (reading.provenance, reading.text)
                         for s in steps)
    assert reading.provenance is Provenance.DERIVED


def test_the_player_count_inferences_say_they_are_inferences():
    for entry_id, key in (("setup-by-count", "three-things"), ("crackdown-die", "crackdowns")):
        entry = BOOK.get(entry_id)
        assert entry.part(key).provenance is Provenance.DERIVED, entry_id
    assert "worked out" in BOOK.get("setup-by-count").text
    assert "the rulebook does not" in BOOK.get("crackdown-die").text
