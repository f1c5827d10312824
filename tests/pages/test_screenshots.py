"""Screenshots of every page of every game at 360, 390 and 768 px, light and dark, into
test-artifacts/pages/matrix/. Opt-in (about two minutes): LAIRSIDE_SCREENSHOTS=1
.venv/bin/python -m pytest tests/pages/test_screenshots.py -p no:cacheprovider
Each shot also checks that the page does not scroll sideways at that width."""
from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from assistant import links
from assistant.games import Game, all_games

pytestmark = pytest.mark.skipif(not os.environ.get("LAIRSIDE_SCREENSHOTS"),
                                reason="opt-in: set LAIRSIDE_SCREENSHOTS=1")
WIDTHS = (360, 390, 768)


def game_pages(game: Game, base_url: str) -> list[tuple[str, str]]:
    mode = game.modes[0]
    pages = [("home", f"/g/{game.slug}"), ("rules", links.rules_index(game.slug)),
             ("rule", links.rule(game.slug, next(iter(game.rules)).id)),
             ("search", links.search("setup", game.slug))]
    if game.setup is not None:
        pages.append(("setup", links.setup(game.slug, mode=mode.slug,
                                           players=mode.max_players, seed="101")))
    if game.calculators:
        pages.append(("calculators", f"/g/{game.slug}/calculators"))
        slug = next(iter(game.calculators))
        pages.append(("calculator", links.calculator(game.slug, slug) + "?example=1"))
    if game.scoring is not None:
        pages.append(("score", links.score(game.slug, mode.slug) + "&example=1"))
    if game.timers:
        pages.append(("timers", links.timers(game.slug, players=4)))
    if game.tracker is not None:
        pages.append(("start-a-table", f"/g/{game.slug}/sessions/new"))
        request = urllib.request.Request(
            f"{base_url}/api/v1/games/{game.slug}/sessions",
            data=json.dumps(dict(game.tracker.example_setup)).encode(),
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback test server)
            code = json.loads(answer.read())["code"]
        pages.append(("table", links.session(game.slug, code)))
    return pages


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_every_page_at_three_widths_in_both_themes(make_context: Any, base_url: str,
                                                    artifacts: Path, game: Game) -> None:
    out = artifacts / "matrix" / game.slug
    out.mkdir(parents=True, exist_ok=True)
    wide: list[str] = []
    for width in WIDTHS:
        for theme in ("light", "dark"):
            context = make_context(viewport={"width": width, "height": 844},
                                   color_scheme=theme)
            page = context.new_page()
            for name, path in game_pages(game, base_url) + [("join", "/join")]:
                page.goto(path)
                page.wait_for_load_state("load")  # (a table page long-polls: never idle)
                if not page.evaluate("document.documentElement.scrollWidth <= "
                                     "document.documentElement.clientWidth"):
                    wide.append(f"{path} at {width}")
                page.screenshot(path=str(out / f"{name}-{width}-{theme}.png"), full_page=True)
            context.close()
    assert wide == []
