"""Pages weigh little, and rules and setup keep working offline after the first visit."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import expect

from assistant import links
from assistant.games import find_game

BUDGET = 100 * 1024  # bytes per page before caching: HTML + CSS + JS, uncompressed

WEIGHED = [
    ("home", links.home()),
    ("search", links.search("betrayl")),
    ("rules-index", links.rules_index("tdt")),
    ("rule", links.rule("tdt", "fund-deployment")),
    ("setup", links.setup("tdt", mode="cutthroat", players=6, seed="demo")),
    ("calculator", links.calculator("tdt", "fund-deployment")),
    ("calculator-largest", links.calculator("tdt", "mission")),
    ("score", links.score("tdt", "cutthroat")),
    ("timers", links.timers("tdt", players=5)),
    ("join", "/join"),
    ("start-a-table", "/g/tdt/sessions/new?mode=cutthroat&players=5"),
]


def test_every_page_weighs_under_the_budget(make_context: Any, artifacts: Path,
                                            base_url: str) -> None:
    weights: dict[str, dict[str, int]] = {}
    for name, path in WEIGHED:
        page = make_context().new_page()  # a cold cache for each page
        sizes: dict[str, int] = {}

        def weigh(response: Any, sizes: dict[str, int] = sizes) -> None:
            if response.url.startswith(base_url) and response.request.method == "GET":
                sizes[urlsplit(response.url).path] = len(response.body())

        page.on("response", weigh)
        page.goto(path)
        page.wait_for_load_state("networkidle")
        weights[name] = {"total": sum(sizes.values()), **sizes}
    (artifacts / "page-weights.json").write_text(json.dumps(weights, indent=1))
    heavy = {name: w["total"] for name, w in weights.items() if w["total"] > BUDGET}
    assert heavy == {}


def test_rules_and_setup_work_offline_after_the_first_visit(make_context: Any) -> None:
    context = make_context(service_workers="allow")
    page = context.new_page()
    page.goto(links.rules_index("tdt"))  # the game this phone chose
    rule = links.rule("tdt", "conflict-resolution")  # never opened: saved with its game
    setup = links.setup("tdt", mode="syndicate", players=3)
    # the chosen game is saved once the worker runs, the footer says so, and asks before more
    ready = page.locator("[data-offline-ready]")
    ready.filter(has_text="Tomorrow Dies Today (").wait_for()
    assert re.search(r"Tomorrow Dies Today \(\d+ pages, [\d.]+ (kB|MB)\)", ready.inner_text())
    assert not page.evaluate("async () => !!(await caches.match('/g/maniacal/rules'))")
    more = ready.get_by_role("button", name=re.compile(r"Also save the other 4 games \(about"))
    more.click()
    ready.filter(has_text="Maniacal (").wait_for()
    assert page.evaluate("async ([rule, setup]) => !!(await caches.match(rule)) && "
                         "!!(await caches.match(setup))", [rule, setup])
    context.set_offline(True)
    page.goto(rule)
    assert page.locator("h1").inner_text() == find_game("tdt").rules.get(
        "conflict-resolution").title
    assert page.locator("[data-offline-note]").is_visible()
    page.goto(setup)
    assert page.locator("[data-checklist] li").count() > 5
    page.goto(links.search())
    page.get_by_label("Word or phrase").press_sequentially("conflict", delay=20)
    page.locator("[data-search-results] li a", has_text="Conflict").first.wait_for()
    assert "Offline" in page.locator("[data-search-status]").inner_text()
    page.goto(links.calculator("tdt", "conflict"))  # saved by the install step
    page.get_by_role("button", name="Work it out").click()
    page.locator("[data-answer] .problem").wait_for()
    assert "needs the server" in page.locator("[data-answer]").inner_text()


def test_offline_home_button_search_forms_and_deals(make_context: Any) -> None:
    """What a player taps with the Wi-Fi off, after one visit online."""
    context = make_context(service_workers="allow")
    page = context.new_page()
    page.goto(links.home())
    page.locator("label.option", has_text="Tomorrow Dies Today").click()  # the chosen game
    saved = [links.setup("tdt", mode="cutthroat", players=5, seed="202"), "/g/tdt/search.json",
             links.calculator("tdt", "fund-deployment")]
    page.locator("[data-offline-ready]").filter(has_text="Tomorrow Dies Today (").wait_for()
    assert page.evaluate("async (urls) => (await Promise.all(urls.map(u => caches.match(u))))"
                         ".every(Boolean)", saved)
    context.set_offline(True)
    page.reload()
    page.locator("label.option", has_text="Tomorrow Dies Today").click()
    page.locator("label.option", has_text="Cutthroat").click()
    page.get_by_label("Players at the table").fill("5")
    page.get_by_role("button", name="Set up the game").click()  # the home page's main button
    page.wait_for_url("**/g/tdt/setup?mode=cutthroat&players=5")
    assert page.locator("[data-checklist] li").count() > 5
    page.locator("[data-reseed]").click()  # offline: one of the saved deals
    page.wait_for_url(re.compile(r"seed=(101|202|303)"))
    assert page.locator("#deal").is_visible()

    page.goto(links.home())
    page.locator("#q-tdt").fill("how many henchmen")  # a search sent from home
    page.locator("#q-tdt").press("Enter")
    first = page.locator("[data-search-results] li a").first
    first.wait_for()
    titles = page.locator("[data-search-results] li b").all_inner_texts()[:3]
    assert any("Henchmen" in t for t in titles), titles
    assert "Offline" in page.locator("[data-search-status]").inner_text()

    page.goto(links.calculator("tdt", "fund-deployment"))  # forms open and keep what is typed
    page.locator("input[name='squads.0.size']").fill("3")
    page.reload()
    assert page.locator("input[name='squads.0.size']").input_value() == "3"
    page.get_by_role("button", name="Work it out").click()
    expect(page.locator("[data-answer]")).to_contain_text("needs the server")
    page.goto(links.score("tdt", "mayhem"))
    assert page.locator("h1").is_visible()
