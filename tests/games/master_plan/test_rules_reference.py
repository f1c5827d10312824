"""The Master Plan rules reference: complete, cited, cross-linked, in our own words."""
from __future__ import annotations

import re

import pytest

from assistant.explain import Provenance
from assistant.games import find_game

GAME = find_game("master-plan")
BOOK = GAME.rules
CITATION = re.compile(r"all-part-of-the-master-plan\.txt:\d+")
PHASES = ["recruit", "assemble", "deployment", "battle-reveal", "alliance-check",
          "battle-order", "attack", "ability", "battle-end", "loot-claims", "instant-win",
          "loot-return", "regroup", "loser-lad-pass", "final-scoring"]
GLOSSARY = ["mastermind", "super", "hero", "villain", "squad", "throwdown", "loot", "loot-bag",
            "master-plan", "loot-rarity", "mastermind-mark", "loser-lad", "ko-pile",
            "action-number", "attack-types", "defense", "alliance"]


def test_every_phase_and_setup_step_has_an_entry():
    for entry_id in [*PHASES, "setup-decks", "setup-marks", "setup-master-plans",
                     "setup-loser-lad", "goal", "phase-numbering"]:
        assert entry_id in BOOK


@pytest.mark.parametrize("entry_id", GLOSSARY)
def test_glossary_terms(entry_id):
    assert BOOK.get(entry_id).glossary


def test_entries_cite_lines_and_explain_their_provenance():
    for entry in BOOK:
        assert any(CITATION.search(s) for s in entry.sources), f"{entry.id}: no line citation"
        assert entry.text.strip()
        if entry.provenance is not Provenance.RULEBOOK:
            assert entry.provenance_note.strip(), entry.id
        for number in entry.numbers:
            if number.provenance in (Provenance.DERIVED, Provenance.UNKNOWN):
                assert number.note or entry.provenance_note, f"{entry.id}: {number.label}"


def test_titles_unique_and_links_resolve():
    titles = [e.title.casefold() for e in BOOK]
    assert len(titles) == len(set(titles))
    calculators = set(GAME.calculators) | {"setup", "score"}
    for entry in BOOK:
        for related in entry.related:
            assert related in BOOK, f"{entry.id} → {related}"
        assert set(entry.calculators) <= calculators, entry.id


def test_every_operation_cites_existing_rules_and_its_example_runs():
    ops = [GAME.setup, GAME.scoring, *GAME.calculators.values()]
    for op in ops:
        assert op is not None and op.rules
        for rule in op.rules:
            assert rule in BOOK, f"{op.slug}: {rule}"
        answer = op.run(op.example)
        assert answer.steps and answer.summary
        for step in answer.steps:
            assert step.rule is None or step.rule in BOOK, f"{op.slug}: {step.rule}"


def test_the_faulty_phase_numbers_are_marked_derived():
    entry = BOOK.get("phase-numbering")
    assert entry.provenance is Provenance.DERIVED
    assert "Phase 6" in entry.provenance_note and "PHASE 3" in entry.provenance_note


def test_throwdowns_per_count_are_the_rulebooks():
    entry = BOOK.get("assemble")
    assert [entry.number(f"throwdowns-{n}").value for n in (4, 5, 6)] == [3, 4, 4]


def test_each_setting_has_a_default_among_its_options():
    for entry_id in ("setting-attack-reading", "setting-ending-ability", "setting-ko-piles"):
        entry = BOOK.get(entry_id)
        options = [o.strip() for o in str(entry.number("options").value).split(",")]
        assert entry.number("default").value == options[0]
        assert len(options) == 2


def test_one_mode_four_to_six_players():
    (mode,) = GAME.modes
    assert (mode.slug, mode.min_players, mode.max_players) == ("standard", 4, 6)


@pytest.mark.parametrize(("query", "entry_id"), [
    ("ll tie", "loser-lad-pass"),
    ("phase 6", "phase-numbering"),
    ("an order battle", "battle-order"),
    ("mp instant", "instant-win"),
    ("defence", "defense"),
    ("tiebreak", "final-scoring"),
    ("one target", "setting-attack-reading"),
])
def test_synonyms_find_the_rules(query, entry_id):
    from assistant.search import SearchIndex  # noqa: PLC0415

    index = SearchIndex([(GAME.slug, e) for e in BOOK], {GAME.slug: GAME.synonyms})
    ids = [hit.entry.id for hit in index.search(query)]
    assert entry_id in ids[:3], ids[:5]
