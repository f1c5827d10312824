"""Syndicate printables: a setup sheet per count, the aids and the score sheet, on A4 and
Letter, with the book's numbers and blanks where the book is silent."""
from __future__ import annotations

import io

import pytest

from assistant.games import find_game
from assistant.sheets import Facts, Table

GAME = find_game("space-syndicate")
assert GAME.sheets is not None
PROVIDER = GAME.sheets()


def text_of(sheet) -> str:
    out = []
    for section in sheet.sections:
        out.append(section.title)
        for block in section.blocks:
            if isinstance(block, Facts):
                out += [f"{f.label}: {f.value}" for f in block.rows]
            elif isinstance(block, Table):
                out += [" | ".join(r) for r in block.rows]
            elif hasattr(block, "text"):
                out.append(block.text)
            elif hasattr(block, "items"):
                out += [f"{c.title} {c.text}" for c in block.items]
    return "\n".join(out)


def test_batch_covers_every_count_aid_and_score_sheet():
    slugs = [s.slug for s in PROVIDER.batch()]
    for n in range(2, 6):
        assert f"space-syndicate-setup-standard-{n}p" in slugs
    assert "space-syndicate-setup-phantom-2p" in slugs
    for aid in ("turn", "odds", "costs", "phantom", "glossary"):
        assert f"space-syndicate-{aid}" in slugs
    assert "space-syndicate-score-standard" in slugs


@pytest.mark.parametrize(("players", "alert", "deck"), [(2, 6, 70), (3, 6, 66), (4, 8, 62),
                                                        (5, 8, 58)])
def test_setup_sheet_numbers(players, alert, deck):
    text = text_of(PROVIDER.setup_sheet(mode="standard", players=players))
    assert f"Alert maximum: {alert}" in text
    assert f"draw deck {deck}" in text
    assert "first orange level: ______" in text


def test_odds_and_costs_aids_print_the_tables():
    odds = text_of(PROVIDER.aid_sheet("odds"))
    assert "4+ | 1/2 · 50.0% | 2/3 · 66.7%" in odds          # Goshen (syndicate.txt:501)
    assert "0 | 5 | 6+ = 1/6 · 16.7% | not possible" in odds  # assault table (syndicate.txt:524)
    costs = text_of(PROVIDER.aid_sheet("costs"))
    assert "Influence | 3 | 5 | 10 | 15" in costs               # pardon (syndicate.txt:470)
    assert "Credits | 5 | 10 | 15 | ______" in costs            # Black Market (syndicate.txt:589)


def test_score_sheet_has_a_row_per_player():
    sheet = PROVIDER.score_sheet("standard")
    table = sheet.sections[0].blocks[0]
    assert isinstance(table, Table) and table.blank_rows == 5
    assert "Syndicate Score" in table.header


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_sheet_renders(paper):
    pypdf = pytest.importorskip("pypdf")
    from printables.render import render

    for sheet in PROVIDER.batch():
        pdf = render(sheet, paper, lambda link: "http://localhost" + link.page)
        assert pypdf.PdfReader(io.BytesIO(pdf)).pages, sheet.slug
