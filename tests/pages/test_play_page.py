"""Issue 33 on a phone, in Chromium: a table the rules have ended offers "Log this play in BG
Stats" (its createPlay link) and "Copy as text"; a table still playing offers neither, and a
following phone gets them the moment the last event ends the game."""
from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote

import pytest
from playwright.sync_api import expect

from assistant import links
from assistant.tracker.play import BGSTATS_WEB
from tests.games.fixture_game import registered
from tests.pages.conftest import run_axe

SETUP = {"mode": "standard", "seats": [{"name": "Ana", "player": "Ann"}, {"name": "Bo"}]}


@pytest.fixture(autouse=True)
def coin_heist() -> Iterator[None]:
    """The fixture game (it ends when round 5 begins) served by the pages' server."""
    with registered():
        yield


def send(base_url: str, path: str, body: dict[str, Any],
         headers: dict[str, str] | None = None) -> dict[str, Any]:
    request = urllib.request.Request(f"{base_url}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json",
                                              **(headers or {})})
    with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback test server)
        return dict(json.loads(answer.read()))


def heist(base_url: str, events: list[dict[str, Any]]) -> tuple[str, str]:
    made = send(base_url, "/api/v1/games/coin-heist/sessions", SETUP)
    for version, event in enumerate(events):
        write(base_url, made["code"], made["edit_token"], version, event)
    return made["code"], made["edit_token"]


def write(base_url: str, code: str, edit: str, version: int, event: dict[str, Any]) -> None:
    send(base_url, f"/api/v1/sessions/{code}/events", event,
         {"Authorization": f"Bearer {edit}", "If-Match": f'"v{version}"'})


COINS = [{"kind": "coins", "seat": "ana", "count": 4}, {"kind": "coins", "seat": "bo",
                                                        "count": 6}]


def test_a_finished_table_offers_its_play_to_bg_stats(page: Any, base_url: str) -> None:
    code, _ = heist(base_url, [*COINS, {"kind": "round", "to": 5}])
    page.goto(links.session("coin-heist", code))
    link = page.get_by_role("link", name="Log this play in BG Stats")
    expect(link).to_be_visible()
    href = str(link.get_attribute("href"))
    assert href.startswith(BGSTATS_WEB)
    data = json.loads(unquote(href[len(BGSTATS_WEB):]))
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in data["players"]] == [
        ("Bo", 6, 1, True), ("Ann", 4, 2, False)]
    copy = page.get_by_role("button", name="Copy as text")
    expect(copy).to_have_attribute("data-share", "Coin Heist · Standard · " + data["playDate"][:16]
                                   + f" ({data['durationMin']} min)\n1. Bo 6 coins · winner\n"
                                   "2. Ann (Ana) 4 coins\nStart player: Ann (the first seat "
                                   f"listed)\nKept on Lairside, table {code}. "
                                   "Bo wins with 6 coins, the most at the table.")
    copy.click()
    expect(page.locator("[data-play] [data-share-status]")).not_to_be_empty()


def test_the_link_appears_when_the_rules_end_the_game(page: Any, base_url: str) -> None:
    code, edit = heist(base_url, COINS)
    page.goto(links.session("coin-heist", code))
    expect(page.locator("[data-version]")).to_have_text("2")
    expect(page.locator("[data-play]")).to_be_hidden()  # round 1: provisional, no play
    write(base_url, code, edit, 2, {"kind": "round", "to": 5})
    expect(page.locator("[data-version]")).to_have_text("3")  # followed live
    expect(page.get_by_role("link", name="Log this play in BG Stats")).to_be_visible()


def test_the_offer_fits_a_phone_and_reads_well(make_context: Any, base_url: str,
                                              axe_source: str) -> None:
    page = make_context(bypass_csp=True).new_page()
    code, _ = heist(base_url, [*COINS, {"kind": "round", "to": 5}])
    page.goto(links.session("coin-heist", code))
    expect(page.get_by_role("link", name="Log this play in BG Stats")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= "
                         "document.documentElement.clientWidth"), "scrolls sideways at 390 px"
    for theme in ("dark", "light"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        assert run_axe(page, axe_source) == [], theme
