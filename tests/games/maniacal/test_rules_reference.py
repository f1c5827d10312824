"""The Maniacal rules reference: complete, cited, cross-linked, in our own words."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.explain import Provenance
from assistant.games import find_game

GAME = find_game("maniacal")
BOOK = GAME.rules
ROOT = Path(__file__).resolve().parents[3]
LINES = re.compile(r"maniacal\.txt:\d+")

# Every part of the rulebook the issue names, by the entry that covers it.
REQUIRED = [
    "base-building", "henchmen-phase", "contract-phase", "clean-up", "time-track", "contracts",
    "dice-pool", "schemes", "powers", "lackeys", "injury", "captured", "action-rooms",
    "contract-rooms", "special-locations", "hoodlum-hospital", "the-underground",
    "lucifers-lounge", "mercenaries", "bodyguard-option", "end-of-game", "money-bonus",
    "winner-and-ties", "uncovered-components", "advanced-supervillains", "die-faces",
    "contract-key", "player-count", "recruitment", "recruitment-ties", "salaries", "firing",
    "setup-checklist", "starting-money", "room-draft", "passing", "next-player-order",
]

GLOSSARY = [
    "supervillain", "henchman", "beast", "criminal", "scientist", "mystic", "lackeys",
    "mercenaries", "bodyguard", "attraction-score", "infamy", "secret-base-room", "contracts",
    "contract-target", "trait-dice", "time-track", "week", "player-order", "active-player",
    "exhausted", "injury", "captured", "schemes", "powers", "special-locations", "continent",
    "world-map", "round-track", "bank", "recommended-trait", "time-token", "salaries",
    "player-aid",
]


@pytest.mark.parametrize("entry_id", REQUIRED)
def test_every_part_of_the_rulebook_has_an_entry(entry_id):
    assert BOOK.get(entry_id).text


@pytest.mark.parametrize("entry_id", GLOSSARY)
def test_glossary_terms(entry_id):
    assert BOOK.get(entry_id).glossary


def test_entries_cite_lines_and_carry_provenance():
    for entry in BOOK:
        assert any(LINES.search(s) for s in entry.sources), f"{entry.id}: no line citation"
        if entry.provenance is not Provenance.RULEBOOK:
            assert entry.provenance_note.strip(), entry.id
        for number in entry.numbers:
            if number.provenance in (Provenance.DERIVED, Provenance.UNKNOWN):
                assert number.note or entry.provenance_note, f"{entry.id}: {number.label}"


def test_titles_unique_and_links_resolve():
    titles = [e.title.casefold() for e in BOOK]
    assert len(titles) == len(set(titles))
    ops = set(GAME.calculators) | {"setup", "score"}
    for entry in BOOK:
        for related in entry.related:
            assert related in BOOK, f"{entry.id} links to missing {related}"
        for calc in entry.calculators:
            assert calc in ops, f"{entry.id}: calculator {calc}"


def test_every_calculator_is_reachable_from_the_rules():
    named = {c for e in BOOK for c in e.calculators}
    assert set(GAME.calculators) | {"setup", "score"} <= named


def test_operations_cite_existing_rules_and_examples_run():
    for op in [*GAME.calculators.values(), GAME.setup, GAME.scoring]:
        assert op is not None
        for rule in op.rules:
            assert rule in BOOK, f"{op.slug} cites missing rule {rule}"
        answer = op.run(op.example)
        assert answer.steps and answer.summary
        for step in answer.steps:
            assert step.rule is None or step.rule in BOOK, f"{op.slug} cites {step.rule}"
            if step.provenance in (Provenance.DERIVED, Provenance.UNKNOWN, Provenance.HOUSE):
                assert step.note, f"{op.slug}: {step.text} is {step.provenance} without a note"


def test_unprinted_values_are_unknown_not_invented():
    for entry_id, key in [("time-track", "start-2"), ("time-track", "start-3"),
                          ("money-bonus", "values"), ("contract-key", "round-3"),
                          ("setup-tokens", "attraction-start")]:
        number = BOOK.get(entry_id).number(key)
        assert number.provenance is Provenance.UNKNOWN
        assert not isinstance(number.value, int)


def test_readings_where_the_book_reads_two_ways():
    for entry_id in ["setup-decks", "henchman-cards", "contract-key", "negative-schemes",
                     "build-room", "salaries", "winner-and-ties"]:
        assert BOOK.get(entry_id).readings, entry_id


def test_synonyms_point_at_words_the_rules_use():
    text = " ".join(f"{e.title} {e.text}" for e in BOOK).casefold()
    for word, targets in GAME.synonyms.items():
        assert any(t.casefold() in text for t in targets), word


def test_nothing_copied_word_for_word():
    tool = ROOT.parent / "shared" / "tools" / "verbatim_check.py"
    if not tool.exists():
        pytest.skip("verbatim checker not available")
    folders = [ROOT / "assistant" / "games" / "maniacal", ROOT / "tests" / "games" / "maniacal"]
    paths = [str(p) for f in folders for p in f.rglob("*") if p.suffix in {".py", ".toml",
                                                                          ".md"}]
    out = subprocess.run([sys.executable, str(tool), *paths], cwd=ROOT, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stdout[-3000:]


def test_core_boundary():
    code = ("import sys, assistant.games.maniacal; bad = [m for m in ('flask', 'marshmallow', "
            "'sqlalchemy', 'reportlab', 'qrcode', 'api', 'printables') if m in sys.modules]; "
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == ""
