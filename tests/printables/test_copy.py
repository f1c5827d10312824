"""What must never reach paper: "1 players", sentences about 0 of something, internal
parameter names and option slugs, and marks the words contradict (a value said to be unknown
or lost printed as stated or derived). Checked over every sheet of every game: the batch,
every setup variant, the turn-order cards, and the pack's score pads and table tents."""
from __future__ import annotations

import re

import pytest

from assistant import sheets
from assistant.explain import Provenance
from assistant.games import all_games
from assistant.sheets import Check, Checklist, Fact, Facts, Para, Section, Sheet, Table
from assistant.sheets.copy import problems
from assistant.sheets.join import start_sheet
from assistant.sheets.pad import score_pad

KNOWN: set[tuple[str, str]] = set()
"""(sheet slug, problem) pairs still to fix; every game's copy is clean today."""

INTERNAL = {f"({m.slug})" for g in all_games() for m in g.modes}
"""A mode's slug in brackets is how an answer's summary names it: print its title instead."""


def _every_sheet() -> list[Sheet]:
    out: list[Sheet] = []
    for game in all_games():
        if game.sheets is None:
            continue
        out.extend(sheets.batch(game.slug))
        out.extend(sheets.setup_sheet(game.slug, **v) for v in sheets.setup_variants(game.slug))
        card = sheets.turn_card(game.slug)
        out.extend([card] if card else [])
        for mode in game.modes:
            for players in (mode.min_players, mode.max_players):
                out.append(score_pad(game, mode.slug, players))
                if game.tracker is not None:
                    out.append(start_sheet(game, mode.slug, {"mode": mode.slug,
                                                             "players": players}))
    return out


def test_no_new_copy_problems_on_any_sheet():
    found = {(s.slug, p) for s in _every_sheet() for p in problems(s, INTERNAL)}
    assert found <= KNOWN, sorted(found - KNOWN)


def _sheet(*blocks) -> Sheet:
    return Sheet(sheets.Kind.AID, "x", "X", "G", "M", "2 players", (Section("S", blocks),))


@pytest.mark.parametrize("text, bad", [
    # plurals
    ("1 players", True), ("2 players", False), ("1 player", False), ("11 players", False),
    ("Form 2 teams (1 + 1 players).", False), ("Level 1 Villains", False),
    ("1 Resources handed out", True), ("1 Faceless Henchman", False),
    # zero cases
    ("fill the other 0 sections", True), ("keep 1 (0 back)", True),
    ("the team chooses 0 more to complete the roster", True),
    ("0 handed out at the start", True), ("The clock reaches 0.", False),
    # internal names
    ("named_henchmen not given", True), ("not-a-hero (default; or still-defeated)", True),
    ("Brought to Justice", False), ("the end-of-game count", False),
    ("Reading (all-part-of-the-master-plan.txt:46)", False),
])
def test_the_checker_itself(text, bad):
    assert bool(problems(_sheet(Para(text)))) is bad


def test_a_mode_slug_in_brackets_is_an_internal_name():
    assert problems(_sheet(Para("2 players (standard): alert 6")), {"(standard)"})
    assert not problems(_sheet(Para("2 players (Standard): alert 6")), {"(standard)"})


@pytest.mark.parametrize("block, bad", [
    (Para("Cost: 12 (resource icon lost; likely Infamy)."), True),
    (Para("Cost: 12 (resource icon lost; likely Infamy).", provenance=Provenance.DERIVED), True),
    (Para("Cost: 12 (resource icon lost).", provenance=Provenance.UNKNOWN), False),
    (Para("The bonus values are not printed: enter them from your board."), True),
    (Para("The range is worked out, not printed.", provenance=Provenance.DERIVED), False),
    (Facts((Fact("Price of each option", "1 (resource lost)"),)), True),
    (Facts((Fact("Price of each option", "1 (resource lost)", Provenance.UNKNOWN),)), False),
    (Checklist((Check("Deck", "Its size is unknown."),)), True),
    (Table(("Component", "How many"), (("Super deck", "unknown"),), (),
           (Provenance.RULEBOOK,)), True),
    (Table(("Component", "How many"), (("Super deck", "unknown"),), (),
           (Provenance.UNKNOWN,)), False),
    (Para("Clock 8."), False),
])
def test_a_value_said_to_be_unknown_is_marked_unknown(block, bad):
    assert bool(problems(_sheet(block))) is bad


LOST_WORDS = re.compile(r"not given here|pictures? in the printed rulebook")
"""How the rules reference says a figure is lost (a picture in the printed rulebook; before
issue 44, "not given here")."""


def test_the_kit_marks_an_unknown_line_unknown_even_unmarked():
    from assistant.games import find_game
    from assistant.sheets.kit import SheetKit

    lost = []
    for game in all_games():
        kit = SheetKit(find_game(game.slug))
        lost.extend(block for entry in game.rules
                    for block in kit.entry_blocks(entry, readings=True)
                    if isinstance(block, Para) and LOST_WORDS.search(block.text))
    assert lost  # the rules reference does say so somewhere: the check is not empty
    assert all(block.provenance is Provenance.UNKNOWN for block in lost)
