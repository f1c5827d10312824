"""The Tomorrow Dies Today rules reference: complete, cited, cross-linked, in our own words."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from assistant.explain import Provenance
from assistant.games import find_game

GOLDEN = tomllib.loads((Path(__file__).parent / "golden" / "glossary_terms.toml").read_text())
TERMS = [tuple(t) for t in GOLDEN["terms"]]
BOOK = find_game("tdt").rules
ROOT = Path(__file__).resolve().parents[2]


def test_the_glossary_has_54_terms():
    assert len(TERMS) == 54 and len({i for _, i in TERMS}) == 54


@pytest.mark.parametrize(("term", "entry_id"), TERMS)
def test_every_glossary_term_has_an_entry(term, entry_id):
    entry = BOOK.get(entry_id)
    assert entry.glossary, f"{entry_id} should be marked as a glossary term"
    assert entry.text


def test_entries_are_cited_and_have_provenance():
    for entry in BOOK:
        assert entry.section.strip(), entry.id
        assert entry.text.strip(), entry.id
        if entry.provenance is not Provenance.RULEBOOK:
            assert entry.provenance_note.strip(), f"{entry.id}: why {entry.provenance}?"
        for number in entry.numbers:
            if number.provenance in (Provenance.DERIVED, Provenance.UNKNOWN):
                assert number.note or entry.provenance_note, f"{entry.id}: {number.label}"


def test_titles_are_unique():
    titles = [e.title.casefold() for e in BOOK]
    assert len(titles) == len(set(titles))


def test_cross_links_resolve():
    calculators = set(find_game("tdt").calculators)
    for entry in BOOK:
        for related in entry.related:
            assert related in BOOK, f"{entry.id} links to missing {related}"
        for calc in entry.calculators:
            assert calc in calculators | {"setup", "score"}, f"{entry.id}: calculator {calc}"


def test_modes_are_real_modes():
    modes = {m.slug for m in find_game("tdt").modes}
    for entry in BOOK:
        assert set(entry.modes) <= modes, entry.id
        assert {m for m, _ in entry.mode_notes} <= modes, entry.id


@pytest.mark.parametrize("entry_id", ["requisition-resources", "team-leader",
                                      "setup-nefarious-plans", "nefarious-plan",
                                      "conflict-effects", "henchman-named"])
def test_contradictions_show_both_readings(entry_id):
    assert len(BOOK.get(entry_id).readings) >= 2


def test_every_cited_rule_id_exists():
    """Calculators, setup and scoring cite rule entries; each cited id must exist."""
    game = find_game("tdt")
    ops = list(game.calculators.values()) + [op for op in (game.setup, game.scoring) if op]
    for op in ops:
        for rule in op.rules:
            assert rule in BOOK, f"{op.slug} cites missing rule {rule}"
        for step in op.run(op.example).steps:
            assert step.rule is None or step.rule in BOOK, f"{op.slug} cites {step.rule}"


def test_no_sentence_is_copied_from_the_rulebook():
    tool = ROOT.parent / "shared" / "tools" / "verbatim_check.py"
    if not tool.exists():
        pytest.skip("the shared verbatim checker is not beside the project")
    out = subprocess.run([sys.executable, str(tool)], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:]
