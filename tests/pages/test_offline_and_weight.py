"""Pages weigh little, and rules and setup keep working offline after the first visit."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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
    page.goto(links.home())
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    rule = links.rule("tdt", "conflict-resolution")  # never opened: saved by the install step
    setup = links.setup("tdt", mode="syndicate", players=3)
    page.wait_for_function(
        "async ([rule, setup]) => !!(await caches.match(rule)) && !!(await caches.match(setup))",
        arg=[rule, setup], timeout=30_000)
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
    page.goto(links.calculator("tdt", "conflict"))  # not saved yet: a plain explanation
    assert "calculators" in page.locator("main").inner_text().lower()
    context.set_offline(False)
    page.goto(links.calculator("tdt", "conflict"))
    context.set_offline(True)
    page.get_by_role("button", name="Work it out").click()
    page.locator("[data-answer] .problem").wait_for()
    assert "needs the server" in page.locator("[data-answer]").inner_text()
