"""The layout holds for sheets no game has written yet: random mixes of paragraphs, lists,
checklists, fact boxes, tables and QR links of every length lay out without an error, with
no orphaned heading, no widowed continuation and no page under a third full on a setup sheet
(deterministic seeds, so a failure reproduces)."""
from __future__ import annotations

import random

import pytest

from assistant import sheets
from assistant.sheets import (
    Check,
    Checklist,
    Fact,
    Facts,
    Kind,
    Link,
    Para,
    ParaStyle,
    Section,
    Sheet,
    Table,
)
from printables.render import render

from . import readback

WORDS = ("villain lair henchman clock mission tile deck token board round score funding squad "
         "betrayal conflict resource agent base scheme plan card die").split()


def _words(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def _block(rng: random.Random) -> sheets.Block:
    kind = rng.randrange(5)
    if kind == 0:
        return Para(_words(rng, rng.randint(3, 90)), rng.choice(list(ParaStyle)))
    if kind == 1:
        return Checklist(tuple(Check(_words(rng, 2), _words(rng, rng.randint(4, 50)))
                               for _ in range(rng.randint(1, 9))))
    if kind == 2:
        return Facts(tuple(Fact(_words(rng, 3), str(rng.randint(0, 20)) if rng.random() < .5
                                else _words(rng, 6)) for _ in range(rng.randint(1, 8))))
    cols = rng.randint(2, 5)
    return Table(tuple(_words(rng, 1) for _ in range(cols)),
                 tuple(tuple(_words(rng, rng.randint(1, 6)) for _ in range(cols))
                       for _ in range(rng.randint(1, 25))),
                 blank_rows=rng.choice((0, 0, 4)), row_height=9)


def _sheet(seed: int) -> Sheet:
    rng = random.Random(seed)
    sections = []
    for i in range(rng.randint(1, 12)):
        link = (Link(f"/g/x/rules/entry-{seed}-{i}", "/api", f"Rule {i}")
                if rng.random() < 0.6 else None)
        sections.append(Section(_words(rng, rng.randint(1, 7)).rstrip("."),
                                tuple(_block(rng) for _ in range(rng.randint(1, 4))), link))
    return Sheet(Kind.SETUP, f"random-{seed}", "Random", "Game", "Mode", "3 players",
                 tuple(sections), Link("/g/x/setup", "/api", "Setup"),
                 columns=rng.choice((1, 2, 2)))


@pytest.mark.parametrize("seed", range(16))
@pytest.mark.parametrize("paper", sheets.PAPERS)
def test_random_sheets_lay_out_cleanly(seed, paper):
    sheet = _sheet(seed)
    pages = readback.read(render(sheet, paper, lambda link: "http://lairside.test" + link.page))
    assert readback.layout_problems(pages, sheet.columns) == []
    assert all(all(p.fonts.values()) for p in pages)


def _first_setups() -> dict[str, Sheet]:
    from assistant.games import all_games

    return {g.slug: sheets.setup_sheet(g.slug, **dict(sheets.setup_variants(g.slug)[0]))
            for g in all_games() if g.sheets is not None and g.setup is not None}


@pytest.mark.parametrize("paper", sheets.PAPERS)
@pytest.mark.parametrize("which", [*range(0, 16, 3), *_first_setups()])
def test_the_size_chosen_is_the_largest_on_the_fewest_pages(which, paper):
    """However few sizes the chooser tries, it picks what laying the sheet out at every size
    picks: the largest body size that takes no more pages than the smallest size (a random
    sheet, or a game's first setup sheet)."""
    from datetime import date

    from printables import layouts as L
    from printables.fit import choose, trial
    from printables.render import Target

    sheet = _sheet(which) if isinstance(which, int) else _first_setups()[which]
    page, day, target = L.PAPERS[paper], date(2031, 4, 1), Target("http://lairside.test")

    def resolve(link: Link) -> str:
        return "http://lairside.test" + link.page

    pages = {b: trial(sheet, page, resolve, day, target, b).pages for b in L.DENSITIES}
    want = max(b for b in L.DENSITIES if pages[b] <= pages[L.DENSITIES[-1]])
    assert choose(sheet, page, resolve, day, target)[0] == want, pages
