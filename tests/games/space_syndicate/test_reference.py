"""Syndicate's rules reference and operations: complete, cited with line numbers, cross-linked,
in our own words; the package stays inside the core boundary."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.explain import Provenance
from assistant.games import find_game
from assistant.search import SearchIndex

GAME = find_game("space-syndicate")
BOOK = GAME.rules
ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "assistant" / "games" / "space_syndicate"
CITE = re.compile(r"syndicate\.txt:\d+")
OPS = [GAME.setup, GAME.scoring, *GAME.calculators.values()]

SECTIONS = [  # every phase and topic the issue lists has an entry
    "player-turn", "missions", "robberies", "assaults", "sleepers", "buying-bases",
    "special-bases", "fortifying", "black-market", "exchange", "selling-cards", "bonus-chips",
    "sovereign-card-phase", "pardon", "taxes", "crackdowns", "resource-collection",
    "crew-upkeep", "flipped-base", "research", "alert-level", "sovereign-blockade", "trading",
    "end-of-game", "final-score", "ties", "advanced-rules", "extended-turn", "phantom-variant",
    "phantom-turn", "solo-campaign", "zones", "awards", "setup-sovereign-deck"]


def test_entries_are_cited_with_lines_and_provenance():
    for entry in BOOK:
        assert any(CITE.search(s) for s in entry.sources), f"{entry.id}: no line citation"
        assert entry.text.strip(), entry.id
        if entry.provenance is not Provenance.RULEBOOK:
            assert entry.provenance_note.strip(), entry.id
        for number in entry.numbers:
            if number.provenance in (Provenance.DERIVED, Provenance.UNKNOWN):
                assert number.note or entry.provenance_note, f"{entry.id}: {number.label}"


@pytest.mark.parametrize("entry_id", SECTIONS)
def test_sections_are_covered(entry_id):
    assert entry_id in BOOK


def test_glossary_and_titles():
    assert sum(e.glossary for e in BOOK) >= 20
    titles = [e.title.casefold() for e in BOOK]
    assert len(titles) == len(set(titles))


def test_cross_links_resolve_and_every_calculator_is_referenced():
    slugs = set(GAME.calculators) | {"setup", "score"}
    used: set[str] = set()
    for entry in BOOK:
        for related in entry.related:
            assert related in BOOK, f"{entry.id} links to missing {related}"
        for calc in entry.calculators:
            assert calc in slugs, f"{entry.id}: calculator {calc}"
            used.add(calc)
    assert used == slugs


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.slug)
def test_operations_cite_rules_and_explain(op):
    assert op.rules
    for rule in op.rules:
        assert rule in BOOK, f"{op.slug} cites missing rule {rule}"
    answer = op.run(op.example)
    assert answer.steps and answer.summary
    for step in answer.steps:
        assert step.rule is None or step.rule in BOOK, f"{op.slug} cites {step.rule}"
        if step.provenance in (Provenance.DERIVED, Provenance.UNKNOWN) and step.rule:
            entry = BOOK.get(step.rule)
            assert step.note or entry.provenance_note or entry.readings or any(
                n.provenance is not Provenance.RULEBOOK for n in entry.numbers), (
                f"{op.slug}: {step.text}")


def test_modes():
    modes = {m.slug: m for m in GAME.modes}
    assert (modes["standard"].min_players, modes["standard"].max_players) == (2, 5)
    assert (modes["phantom"].min_players, modes["phantom"].max_players) == (2, 2)
    assert GAME.title == "Syndicate"


def test_tables_come_from_the_reference():
    """The code reads its numbers by key: changing the TOML is the only way to change them."""
    from assistant.games.space_syndicate import tables

    assert tables.PARDON == tuple(BOOK.get("pardon").number(f"pardon-{n}").value
                                  for n in range(12))
    assert tables.ASSAULT_UNFORTIFIED == (6, 5, 4, 3, 2)
    assert tables.ASSAULT_FORTIFIED == (None, 6, 5, 4, 3)
    assert tables.alert_max(3) == 6 and tables.alert_max(4) == 8


def test_synonyms_point_somewhere():
    words = " ".join(f"{e.title} {e.text} {' '.join(e.aliases)}" for e in BOOK).casefold()
    for targets in GAME.synonyms.values():
        assert any(t.casefold() in words for t in targets), targets


def test_own_words():
    files = [str(p) for p in PACKAGE.rglob("*") if p.suffix in {".py", ".toml", ".md"}]
    files += [str(p) for p in Path(__file__).parent.rglob("*") if p.suffix in {".py", ".toml"}]
    tool = ROOT.parent / "shared" / "tools" / "verbatim_check.py"
    if not tool.exists():
        pytest.skip("verbatim_check.py not available")
    out = subprocess.run([sys.executable, str(tool), *files], cwd=ROOT, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stdout


def test_core_boundary():
    code = ("import sys, assistant.games.space_syndicate as g; "
            "bad = {'flask', 'marshmallow', 'sqlalchemy', 'reportlab', 'qrcode', 'api', "
            "'printables'} & {m.split('.')[0] for m in sys.modules}; print(sorted(bad))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


INDEX = SearchIndex([(GAME.slug, e) for e in BOOK], {GAME.slug: GAME.synonyms})


@pytest.mark.parametrize(("query", "entry_id"), [
    ("pardon", "pardon"), ("destroyer", "sovereign-blockade"), ("phantom", "phantom-variant"),
    ("rob", "robberies"), ("heat", "alert-level"), ("ghost player", "phantom-variant"),
    ("black market", "black-market"), ("hired hands", "hired-hands"), ("upkeep", "crew-upkeep"),
    ("solo", "solo-campaign"), ("tie break", "ties"),
    ("beginning of the end", "beginning-of-the-end"),
    ("casino", "casino"), ("exchange", "exchange"), ("pardn", "pardon")])
def test_search_finds_the_entry(query, entry_id):
    top = [hit.entry.id for hit in INDEX.search(query)[:3]]
    assert entry_id in top, (query, top)
