"""Issue 31, Syndicate items 8-10: marks on worked-out claims, what the advanced setting
switches, and readings that the calculators can follow."""
from __future__ import annotations

from assistant.explain import Provenance
from assistant.games import find_game

GAME = find_game("space-syndicate")
BOOK = GAME.rules


def test_worked_out_entries_are_marked():
    for entry_id in ("final-score", "hired-hands", "black-market"):
        entry = BOOK.get(entry_id)
        assert entry.provenance is Provenance.DERIVED and entry.provenance_note, entry_id


def test_printed_entries_are_not_marked_unknown():
    crackdowns = BOOK.get("crackdowns")                 # syndicate.txt:135, 237, 565, 692
    assert crackdowns.provenance is Provenance.RULEBOOK
    assert crackdowns.number("how-rolled").provenance is Provenance.UNKNOWN
    drawn = BOOK.get("operation-cards-drawn")           # syndicate.txt:479
    assert drawn.provenance is Provenance.RULEBOOK
    assert drawn.number("base").value == 2 and drawn.number("most-extra").value == 2


def test_taking_a_marker_back_is_optional_the_price_rule_derived():
    answer = GAME.calculator("black-market").run({"ladder": "tech", "own_boxes": [1]})
    assert answer.result["purchases"][0]["price"] == 10            # syndicate.txt:589
    price = next(s for s in answer.steps if s.text.startswith("Purchase 1"))
    back = next(s for s in answer.steps if "take back" in s.text)
    assert price.provenance is Provenance.DERIVED
    assert back.provenance is Provenance.RULEBOOK and "may" in back.text
    assert "may take back" in BOOK.get("black-market").text


def test_advanced_setting_names_only_the_destroyer():
    text = BOOK.get("advanced-rules").text
    assert "switches one thing" in text and "always available" in text
    assert "one setting" not in text


def test_pardon_reading_is_one_the_calculator_takes():
    pardon = GAME.calculator("pardon")
    assert pardon.run({"bases": 4, "flipped": 2}).result["cost"] == 20
    assert pardon.run({"bases": 4, "flipped": 2, "flipped_not_held": True}).result["cost"] == 10
    assert "flipped bases are not held" in " ".join(r.text for r in BOOK.get("pardon").readings)


def test_crew_upkeep_reading_says_the_owner_chooses_the_order():
    reading = " ".join(r.text for r in BOOK.get("crew-upkeep").readings)
    assert "owner chooses" in reading and "order you list" in reading
