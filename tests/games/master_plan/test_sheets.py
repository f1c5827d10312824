"""The Master Plan printables say what the rules and calculators say (no typed numbers)."""
from __future__ import annotations

import pytest

from assistant.explain import Provenance
from assistant.games import find_game
from assistant.sheets import Checklist, Facts, Table

GAME = find_game("master-plan")
SHEETS = GAME.sheets() if GAME.sheets else None
assert SHEETS is not None


def facts(sheet):
    for section in sheet.sections:
        for block in section.blocks:
            if isinstance(block, Facts):
                return {f.label: f for f in block.rows}
    raise AssertionError("no facts")


@pytest.mark.parametrize(("players", "throwdowns"), [(4, 3), (5, 4), (6, 4)])
def test_setup_sheet_per_player_count(players, throwdowns):
    sheet = SHEETS.setup_sheet(mode="standard", players=players)
    f = facts(sheet)
    assert f["Throwdowns each round"].value == str(throwdowns)
    assert f["Master Plans dealt"].value == str(players)
    assert f["Supers per hand"].provenance is Provenance.UNKNOWN  # no deck size given
    assert sheet.slug == f"master-plan-setup-{players}p"
    assert sheet.link and f"players={players}" in sheet.link.page


def test_a_known_deck_fills_in_the_hand():
    f = facts(SHEETS.setup_sheet(mode="standard", players=6, super_deck_size=40))
    assert (f["Supers per hand"].value, f["Set aside each round"].value) == ("6", "4")
    assert f["Supers per hand"].provenance is Provenance.DERIVED


def test_the_round_checklist_and_the_settings_are_printed():
    sheet = SHEETS.setup_sheet(mode="standard", players=5)
    titles = [s.title for s in sheet.sections]
    assert "Each round (x3)" in titles
    checks = next(b for s in sheet.sections if s.title.startswith("Each round")
                  for b in s.blocks if isinstance(b, Checklist))
    assert [c.title for c in checks.items][0] == "1 Recruit"
    assert [c.title for c in checks.items][-1] == "5 Regroup"
    table = next(b for s in sheet.sections if s.title.startswith("Table settings")
                 for b in s.blocks if isinstance(b, Table))
    assert [r[2] for r in table.rows] == ["every", "skipped", "reset"]


def test_score_sheet_columns_follow_the_chain():
    sheet = SHEETS.score_sheet("standard")
    table = sheet.sections[0].blocks[0]
    assert isinstance(table, Table)
    assert table.header[1:4] == ("Different Loot types", "Supers in the KO pile",
                                 "Highest Action Number in the KO pile")
    assert table.blank_rows == 6


def test_battle_aid_prints_the_calculators_worked_battle():
    sheet = SHEETS.aid_sheet("battle-loot")
    worked = next(s for s in sheet.sections if s.title == "A battle, worked")
    op = GAME.calculator("battle")
    assert worked.blocks[-1].text == op.run(op.example).summary


def test_batch_covers_every_count_aid_and_score_sheet():
    slugs = [s.slug for s in SHEETS.batch()]
    assert slugs == ["master-plan-setup-4p", "master-plan-setup-5p", "master-plan-setup-6p",
                     "master-plan-battle-loot", "master-plan-glossary",
                     "master-plan-score-standard"]


def test_score_sheet_chain_reads_plainly():
    sheet = SHEETS.score_sheet("standard")
    chain = next(s for s in sheet.sections if s.title == "The chain")
    lines = [b.text for b in chain.blocks[:3]]
    assert lines == ["1. Most different Loot types.", "2. Most Supers in the KO pile.",
                     "3. The highest Action Number in the KO pile."]
