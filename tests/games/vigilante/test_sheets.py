"""Vigilante printables: setup sheets with blanks for the Scenario Card, the reference aid,
the end-game evaluation sheet; A4 and Letter; every code opens a page of ours."""
from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from assistant import links
from assistant.games import find_game
from assistant.sheets import Checklist, Facts, Table

GAME = find_game("vigilante")
assert GAME.sheets is not None
SHEETS = GAME.sheets()


def _text(sheet) -> str:
    return repr(sheet)


def test_one_setup_sheet_per_scenario_and_count():
    variants = SHEETS.setup_variants()
    assert {v["mode"] for v in variants} == {m.slug for m in GAME.modes}
    assert {"mode": "showdown", "players": 4} in variants
    slugs = [s.slug for s in SHEETS.batch()]
    assert len(slugs) == len(set(slugs)) and all(s.startswith("vigilante-") for s in slugs)
    for mode in ("brought-to-justice", "shifting-allegiances", "showdown"):
        assert f"vigilante-score-{mode}" in slugs


def test_setup_sheet_leaves_the_cards_values_blank():
    sheet = SHEETS.setup_sheet(mode="shifting-allegiances", players=5)
    card = next(s for s in sheet.sections if s.title == "From your Scenario Card")
    facts = next(b for b in card.blocks if isinstance(b, Facts))
    assert all(f.value.startswith("____") for f in facts.rows)
    assert all(f.provenance.value == "unknown" for f in facts.rows)
    checklist = next(b for s in sheet.sections for b in s.blocks if isinstance(b, Checklist))
    assert len(checklist.items) == 12
    assert sheet.link is not None and sheet.link.page == links.setup(
        "vigilante", mode="shifting-allegiances", players=5)


def test_brought_to_justice_offers_the_example_deck_as_a_marked_suggestion():
    sheet = SHEETS.setup_sheet(mode="brought-to-justice", players=4)
    text = _text(sheet)
    assert "15 (rulebook example; check your card" in text


def test_reference_aid_covers_round_fights_events_and_overlooked_rules():
    sheet = SHEETS.aid_sheet("reference")
    titles = [s.title for s in sheet.sections]
    for entry in ("round", "action-fight", "action-recruit", "trigger-events",
                  "overlooked-rules"):
        assert GAME.rules.get(entry).title in titles
    events = next(b for s in sheet.sections for b in s.blocks if isinstance(b, Table))
    assert [r[0] for r in events.rows] == ["Jailbreak", "Firefight", "Hacking", "Loot Crate",
                                           "Paramedic"]


def test_score_sheet_has_room_for_five_players_and_the_settings():
    sheet = SHEETS.score_sheet("brought-to-justice")
    table = next(b for s in sheet.sections for b in s.blocks if isinstance(b, Table))
    assert table.blank_rows == 5 and "Identity" in table.header
    assert "Cultist timing" in _text(sheet)


@pytest.mark.parametrize(("paper", "width"), [("a4", 595), ("letter", 612)])
def test_sheets_render_on_both_papers(paper, width):
    from printables.render import render

    for sheet in (SHEETS.setup_sheet(mode="showdown", players=4), SHEETS.aid_sheet("missions"),
                  SHEETS.score_sheet("showdown")):
        reader = PdfReader(io.BytesIO(render(sheet, paper, lambda link: link.page)))
        assert reader.pages and round(float(reader.pages[0].mediabox.width)) == width
        text = "".join(p.extract_text() for p in reader.pages)
        assert "Vigilante" in text
