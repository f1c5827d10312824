"""Issue 44, Maniacal: the findings of the second rules review, each as a test."""
from __future__ import annotations

from assistant.explain import Provenance
from assistant.games import find_game
from assistant.sheets import Para

GAME = find_game("maniacal")
BOOK = GAME.rules


def test_the_sheet_prints_the_continent_letters_with_the_entry_mark():
    letters = BOOK.get("continent").number("letters")
    assert GAME.sheets is not None
    sheet = GAME.sheets().setup_sheet(players=3, seed="lair")
    deal = next(s for s in sheet.sections if s.title.startswith("Random deal"))
    assert deal.provenance is letters.provenance is Provenance.COMMUNITY
    contracts = next(b for b in deal.blocks if isinstance(b, Para)
                     and b.text.startswith("Contracts"))
    assert contracts.provenance is Provenance.COMMUNITY
    setup = GAME.setup.run({"players": 3, "seed": "lair"}) if GAME.setup else None
    assert setup is not None
    step = next(s for s in setup.steps if s.rule == "continent")
    assert (step.provenance, step.note) == (letters.provenance, letters.note)


def test_the_lackey_reroll_once_is_one_marked_reading():
    once = BOOK.get("lackeys").part("once")
    assert once.provenance is Provenance.DERIVED
    assert "our reading" in BOOK.get("lackeys").text
    answer = GAME.calculator("contract-odds").run(GAME.calculator("contract-odds").example)
    step = next(s for s in answer.steps if s.rule == "lackeys")
    assert (step.provenance, step.note) == (once.provenance, once.text)


def test_contract_replacement_names_its_section_in_player_words():
    assert "heading" not in BOOK.get("contract-replacement").section


def test_a_printed_passing_direction_is_not_marked_derived():
    # the direction alternates turn by turn, clockwise first (maniacal.txt:95)
    assert BOOK.get("room-draft").number("pass-3").provenance is Provenance.RULEBOOK


def test_the_recruitment_stop_is_the_reading_the_entry_holds():
    stop = BOOK.get("recruitment").part("stop")       # dropped before: written under a number
    assert stop.provenance is Provenance.DERIVED
