"""Issue 31, Maniacal items 1-6: readings carry their mark in the answers that use them."""
from __future__ import annotations

from assistant.explain import Provenance
from assistant.games import find_game

GAME = find_game("maniacal")
BOOK = GAME.rules


def _steps(answer, rule):
    return [s for s in answer.steps if s.rule == rule]


def test_salary_of_lackey_and_injured_is_flagged_derived_in_clean_up_and_score():
    # maniacal.txt:319-320 name Lackeys and Injured henchmen as special cases and stop there.
    cleanup = GAME.calculator("clean-up").run(
        {"round": 1, "players": [{"name": "A", "money": 3, "henchmen": 2},
                                 {"name": "B", "money": 0}]})
    score = GAME.scoring.run({"players": [
        {"name": "A", "money": 3, "henchmen": 2, "infamy": 5},
        {"name": "B", "money": 0, "infamy": 4}], "money_bonus": [3, 1]}) \
        if GAME.scoring else None
    for answer in (cleanup, score):
        assert answer is not None
        salary = [s for s in _steps(answer, "salaries") if "other henchmen" in s.text]
        assert salary and all(s.provenance is Provenance.DERIVED for s in salary)
        assert all("Lackey" in s.note for s in salary)
    assert cleanup.result["players"][0]["money"] == 1          # $1 each (maniacal.txt:319)


def test_unpaid_mercenary_leaves_the_game_paid_one_returns():
    answer = GAME.calculator("clean-up").run(
        {"round": 1, "players": [{"name": "A", "money": 1, "mercenaries": 2},
                                 {"name": "B", "money": 0}]})
    assert answer.result["mercenaries_to_deck"] == 1
    assert answer.result["players"][0]["left_unpaid"] == 1
    text = BOOK.get("mercenaries").text
    assert "bottom of the Mercenary deck" in text and "leaves the game" in text


def test_worked_out_claims_are_marked_derived():
    for entry_id in ("lucifers-lounge", "setup-decks", "supervillain"):
        entry = BOOK.get(entry_id)
        assert entry.provenance is Provenance.DERIVED, entry_id
        assert entry.provenance_note


def test_continent_letters_are_community_data():
    letters = BOOK.get("continent").number("letters")
    assert letters.provenance is Provenance.COMMUNITY
    deal = GAME.setup.run({"players": 3, "seed": "x"}) if GAME.setup else None
    assert deal is not None
    assert deal.result["deal"]["continents_provenance"] == "community"


def test_next_to_act_is_leftmost_token_top_of_stack():
    text = BOOK.get("contract-phase").text                      # maniacal.txt:172-173
    assert "leftmost" in text and "top" in text and "furthest behind" not in text


def test_unpowered_henchman_has_one_trait():
    assert "one trait only" in BOOK.get("henchman-cards").text  # maniacal.txt:279
