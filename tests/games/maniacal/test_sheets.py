"""Maniacal's printable sheets: numbers from the setup, blanks for what the book lost."""
from __future__ import annotations

import pytest

from assistant.explain import Provenance
from assistant.games import find_game
from assistant.sheets import Facts, Table

PROVIDER = find_game("maniacal").sheets()  # type: ignore[misc]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_sheet_money_matches_the_setup(players):
    sheet = PROVIDER.setup_sheet(mode="standard", players=players)
    facts = next(b for s in sheet.sections for b in s.blocks if isinstance(b, Facts))
    money = next(f for f in facts.rows if f.label.startswith("Money by seat"))
    assert money.value == ", ".join(f"${8 + k}" for k in range(players))
    assert sheet.slug == f"maniacal-setup-{players}p" and sheet.link is not None


def test_unprinted_values_are_blanks_marked_unknown():
    sheet = PROVIDER.setup_sheet(mode="standard", players=4)
    section = next(s for s in sheet.sections if s.title.startswith("Copy from your board"))
    table = next(b for b in section.blocks if isinstance(b, Table))
    rows = dict(zip((r[0] for r in table.rows), zip(table.marks, (r[1] for r in table.rows),
                                                   strict=True), strict=True))
    assert rows["Time track, round 1 start"] == (Provenance.RULEBOOK, "8")
    for label in ("Time track, round 2 start", "Time track, round 3 start",
                  "Money bonus (Infamy) by place", "Contract Key, round 3"):
        mark, value = rows[label]
        assert mark is Provenance.UNKNOWN and "___" in value


def test_batch_has_every_sheet_in_the_catalogue():
    slugs = {s.slug for s in PROVIDER.batch()}
    assert {f"maniacal-{a.slug}" for a in PROVIDER.CATALOGUE.aids} <= slugs
    assert "maniacal-score-standard" in slugs and "maniacal-setup-5p-bodyguards" in slugs


def test_dice_aid_invents_no_faces():
    sheet = PROVIDER.aid_sheet("contracts")
    section = next(s for s in sheet.sections if s.title == "Trait Dice Faces")
    table = next(b for b in section.blocks if isinstance(b, Table))
    assert all(row[1] == "" for row in table.rows)
