"""Issue 31, item 18: pages and sheets are written for players. File-and-line citations stay
in the API (an entry's `sources`, a step's note) and never reach a page or a sheet; no page
or sheet talks about the scan of the rulebook."""
from __future__ import annotations

import re

import pytest

from assistant.games import all_games
from assistant.player_text import for_players, split

SCAN_TALK = re.compile(r"\.txt:\d|\bOCR\b|\bthe scan\b|in the scan|our copy|\[read: |"
                       r"icons? (is |are |was |were )?lost|lost icon|rewritten text", re.I)


@pytest.mark.parametrize("text, shown, cited", [
    ("IV. Clean-up Phase (maniacal.txt:318-327)", "IV. Clean-up Phase",
     ("maniacal.txt:318-327",)),
    ("No salary (maniacal.txt:59, 121) (derived).", "No salary (derived).",
     ("maniacal.txt:59, 121",)),
    ("Setup (vigilante.txt:149, :223, :237)", "Setup", ("vigilante.txt:149, :223, :237",)),
    ("the INNER figures (syndicate.txt:130), and", "the INNER figures, and",
     ("syndicate.txt:130",)),
    ("Phase 3 [read: 2]: Assemble", "Phase 3: Assemble", ()),
    ("At 12:30, a ratio of 3:2", "At 12:30, a ratio of 3:2", ()),
])
def test_split(text, shown, cited):
    assert split(text) == (shown, cited)
    assert for_players(text) == shown


@pytest.mark.parametrize("game", [g.slug for g in all_games()])
def test_rules_entries_show_players_no_citation_and_keep_it_for_checkers(game):
    book = next(g for g in all_games() if g.slug == game).rules
    for entry in book:
        shown = entry.to_json()
        sources = shown.pop("sources")
        assert not SCAN_TALK.search(repr(shown)), (entry.id, SCAN_TALK.search(repr(shown)))
        if game != "tdt":   # the TDT reference cites pages, not lines
            assert sources, entry.id


def test_rules_index_groups_read_as_players_look():
    from assistant.rules import group_entries

    for game in all_games():
        for chapter, _entries in group_entries(game.rules):
            assert not re.search(r"heading|\[read|\btext about\b|step \d", chapter), chapter


def test_sheets_carry_no_citation_or_scan_talk():
    from assistant.sheets.copy import texts
    from tests.printables.test_copy import _every_sheet

    bad = {(s.slug, t[:80]) for s in _every_sheet() for t in texts(s)
           if t and SCAN_TALK.search(t)}
    assert not bad, sorted(bad)[:10]


def _paths() -> list[str]:
    from assistant import links

    paths = []
    for game in all_games():
        paths.append(links.rules_index(game.slug))
        paths += [links.rule(game.slug, e.id) for e in game.rules]
        paths += [links.calculator(game.slug, slug) + "?example=1" for slug in game.calculators]
        for mode in game.modes:
            paths.append(links.setup(game.slug, mode=mode.slug, players=mode.max_players,
                                     seed="7"))
    return paths


def test_pages_carry_no_citation_or_scan_talk(client):
    bad = []
    for path in _paths():
        html = client.get(path).get_data(as_text=True)
        words = re.sub(r"<[^>]+>", "", html)
        found = SCAN_TALK.search(words)
        if found:
            bad.append((path, words[max(0, found.start() - 60):found.end() + 20]))
    assert not bad, bad[:5]
