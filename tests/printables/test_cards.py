"""Turn-order cards: every game's round on poker-size cards (63 x 88 mm), a page of whole sets
with cut lines, read back from the PDF: inside the page, embedded fonts, nothing under 8 pt,
the round's steps all printed, and enough pages for every player."""
from __future__ import annotations

from dataclasses import replace

import pytest

from assistant import sheets
from assistant.games import all_games
from assistant.sheets import Layout, Para
from printables import cards
from printables import layouts as L
from printables.render import render

from . import readback
from .conftest import BASE, DAY

GAMES = [g for g in all_games() if g.sheets is not None]
FONTS = {"FiraSansCondensed-Regular", "FiraSansCondensed-SemiBold", "FiraSansCondensed-Italic",
         "FiraSansCondensed-Bold"}


def _resolve(link: sheets.Link) -> str:
    return BASE + link.page


@pytest.fixture(scope="module")
def decks():
    out = {}
    for game in GAMES:
        card = sheets.turn_card(game.slug)
        assert card is not None, f"{game.slug} has no turn-order card"
        for paper in sheets.PAPERS:
            out[game.slug, paper] = (card, readback.read(render(card, paper, _resolve, DAY)))
    return out


def test_every_game_has_a_card_from_its_round_entry():
    for game in GAMES:
        card = sheets.turn_card(game.slug)
        assert card.layout is Layout.CARDS and card.slug == f"{game.slug}-turn-card"
        steps = [b for s in card.sections for b in s.blocks if isinstance(b, Para)]
        assert steps, game.slug
        entry = card.link.page.rsplit("/", 1)[1]
        text = game.rules.get(entry).text
        assert all(p.text.split(" ", 1)[-1][:20] in text for p in steps), game.slug


@pytest.mark.parametrize("paper", sheets.PAPERS)
@pytest.mark.parametrize("game", [g.slug for g in GAMES])
def test_a_page_of_cards_reads_back(decks, game, paper):
    card, read = decks[game, paper]
    size = L.PAPERS[paper]
    _, faces = cards.faces(card, DAY)
    grid = cards.grid(size)
    assert len(read) == 1
    page = read[0]
    assert page.width == pytest.approx(size.width_mm * L.MM, abs=0.5)
    assert page.fonts and all(page.fonts.values())
    assert {name.split("+", 1)[-1] for name in page.fonts} <= FONTS
    assert min(r.size for r in page.runs) >= L.MIN_PT - 0.01
    # every character sits inside the paper's 12 mm printable margin (the card's inset)
    margin = L.MARGIN_MM * L.MM - 1.5
    outside = [r for r in page.runs if r.x0 < margin or r.x1 > page.width - margin
               or r.baseline - 0.25 * r.size < margin
               or r.baseline + r.size > page.height - margin]
    assert not outside, outside[:3]
    # as many whole sets as the 3 x 3 grid holds, each face with its title
    sets = grid.slots // len(faces)
    assert sets >= 4 and grid.columns == 3 and grid.rows == 3
    titles = [r for r in page.runs if r.text == card.title]
    assert len(titles) == sets * len(faces)
    # every step of the round is printed on each set
    words = " ".join(page.text.split())
    for sec in card.sections:
        assert words.count(sec.title.split(" ")[0]) >= sets


@pytest.mark.parametrize("paper", sheets.PAPERS)
def test_cut_lines_frame_every_card(decks, paper):
    card, read = decks[GAMES[0].slug, paper]
    grid = cards.grid(L.PAPERS[paper])
    page = read[0]
    w, h = cards.CARD_W_MM * L.MM, cards.CARD_H_MM * L.MM
    verticals = {round(m[0], 1) for m in page.marks if abs(m[0] - m[2]) < 0.1
                 and abs(m[3] - m[1]) > 3 * h}
    horizontals = {round(m[1], 1) for m in page.marks if abs(m[1] - m[3]) < 0.1
                   and abs(m[2] - m[0]) > 3 * w}
    assert {round(grid.left + c * w, 1) for c in range(grid.columns + 1)} <= verticals
    assert {round(grid.bottom + r * h, 1) for r in range(grid.rows + 1)} <= horizontals


def test_copies_add_pages_until_every_player_has_a_set():
    for game in GAMES:
        card = sheets.turn_card(game.slug)
        _, faces = cards.faces(card, DAY)
        per_page = cards.grid(L.PAPERS["a4"]).slots // len(faces)
        players = max(m.max_players for m in game.modes)
        read = readback.read(render(replace(card, copies=players), "a4", _resolve, DAY))
        assert len(read) == -(-players // per_page)
        titles = sum(1 for p in read for r in p.runs if r.text == card.title)
        assert titles // len(faces) >= players
