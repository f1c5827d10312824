"""The phone pages driven in Chromium at 390×844, as a player at the table would use them."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from assistant import links
from tests.pages.conftest import run_axe

MAIN_PAGES = [
    ("home", links.home()),
    ("search", links.search("betrayl")),
    ("rules-index", links.rules_index("tdt")),
    ("rule", links.rule("tdt", "fund-deployment")),
    ("setup", links.setup("tdt", mode="cutthroat", players=6, seed="demo")),
    ("calculators", "/g/tdt/calculators"),
    ("calculator", links.calculator("tdt", "fund-deployment") + "?example=1"),
    ("score", links.score("tdt", "cutthroat")),
    ("timers", links.timers("tdt", players=5)),
]

LAYOUT_SHIFT = """() => new Promise(resolve => {
    let total = 0;
    new PerformanceObserver(list => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value;
    }).observe({type: 'layout-shift', buffered: true});
    setTimeout(() => resolve(total), 300);
})"""

SMALL_TARGETS = """() => [...document.querySelectorAll(
        'button, select, input[type=text], input[type=number], input[type=search], ' +
        '.tiles a, .bar nav a, .chips a, .list a, .results a, summary')]
    .filter(el => el.offsetParent !== null)
    .map(el => [el, el.getBoundingClientRect()])
    .filter(([el, r]) => r.height < 44 || r.width < 44)
    .map(([el, r]) => el.outerHTML.slice(0, 80) + ' ' + Math.round(r.width) + 'x' +
                      Math.round(r.height))"""


def no_horizontal_scroll(page: Any) -> bool:
    return bool(page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"))


def test_search_as_you_type_forgives_typos_and_opens_the_rule(page: Any) -> None:
    page.goto(links.search())
    page.get_by_label("Word or phrase").press_sequentially("betrayl", delay=30)
    first = page.locator("[data-search-results] li a").first
    first.wait_for()
    assert "Betray" in first.inner_text()
    expect(page).to_have_url(re.compile(r"[?&]q=betrayl"))  # shareable URL (no eval: CSP)
    first.click()
    page.wait_for_url(re.compile(r"/g/tdt/rules/betray"))
    heading = page.locator("h1").inner_text()
    assert heading == "Betraying the Organization"
    assert page.locator(".prov").first.is_visible()  # provenance mark
    assert page.get_by_role("heading", name="Related rules").is_visible()


def test_search_works_without_javascript_from_a_shared_link(make_context: Any) -> None:
    page = make_context(java_script_enabled=False).new_page()
    page.goto(links.search("betrayl"))
    assert page.locator("[data-search-results] li").count() >= 3
    assert page.get_by_label("Word or phrase").input_value() == "betrayl"


def test_cutthroat_six_players_setup_from_home(page: Any) -> None:
    page.goto(links.home())
    page.locator("label.option", has_text="Tomorrow Dies Today").click()
    page.locator("label.option", has_text="Cutthroat").click()
    page.get_by_label("Players at the table").fill("6")
    page.get_by_role("button", name="Set up the game").click()
    page.wait_for_url(re.compile(r"mode=cutthroat.*players=6"))
    glance = page.locator("#glance + .stats")
    stats = {li.locator("span").inner_text(): li.locator("b").inner_text()
             for li in glance.locator("li").all()}
    assert stats["Named henchmen"] == "5"
    assert stats["Clock start"] == "8"
    assert stats["Goodman: Resources"] == "10"
    assert stats["Goodman: Faceless henchmen"] == "1"
    assert stats["Goodman: VP"] == "3"
    # Ticks are kept on the device, and the choice is remembered at home.
    box = page.locator("[data-checklist] input[type=checkbox]").nth(2)
    box.check()
    page.reload()
    assert page.locator("[data-checklist] input[type=checkbox]").nth(2).is_checked()
    page.goto(links.home())
    assert page.get_by_label("Players at the table").input_value() == "6"
    assert page.locator("input[name=mode][value=cutthroat]").is_checked()


def test_setup_random_deal_shows_its_seed(page: Any) -> None:
    page.goto(links.setup("tdt", mode="cutthroat", players=5, seed="table7"))
    deal = page.locator("#deal").locator("..")
    assert "table7" in deal.inner_text()
    first = deal.locator("dd").first.inner_text()
    page.reload()
    assert deal.locator("dd").first.inner_text() == first  # same seed, same deal


def test_funding_calculator_base_discount_example(page: Any, artifacts: Path) -> None:
    """Rulebook, Fund Deployment, 'Base Discount' example: 3 Squads of 2, one from Base → 2."""
    page.goto(links.calculator("tdt", "fund-deployment"))
    add = page.get_by_role("button", name="Add squad")
    add.click()
    add.click()
    for i in range(3):
        page.locator(f"input[name='squads.{i}.size']").fill("2")
    page.locator("fieldset[data-row]").first.locator("label", has_text="Base").first.click()
    page.get_by_role("button", name="Work it out").click()
    summary = page.locator("[data-summary]")
    summary.wait_for()
    assert re.search(r"costs 2 Funding", summary.inner_text())
    steps = page.locator(".steps li")
    assert steps.count() >= 2
    working = page.locator(".steps").inner_text()
    assert "Base" in working and "-1" in working
    page.locator("#answer").screenshot(path=str(artifacts / "calculator-answer.png"))
    page.get_by_role("button", name="Copy summary").click()
    page.locator("[data-share-status]").filter(has_text=re.compile(r"\S")).wait_for()


def test_calculator_reports_bad_input_beside_the_field(page: Any) -> None:
    page.goto(links.calculator("tdt", "fund-deployment"))
    page.locator("input[name='squads.0.size']").fill("9")
    page.get_by_role("button", name="Work it out").click()
    page.locator(".problem").wait_for()
    assert page.locator("input[name='squads.0.size']").get_attribute("aria-invalid") == "true"


def test_scoring_a_tied_game_names_the_tie_break(page: Any, artifacts: Path) -> None:
    page.goto(links.score("tdt") + "?example=1")
    page.get_by_role("button", name="Work it out").click()
    table = page.locator("table.ranking")
    table.wait_for()
    text = table.inner_text()
    assert "Tie-break: Objectives" in text
    assert "Level with" in text
    page.locator("#answer").screenshot(path=str(artifacts / "score-answer.png"))


START = 1_790_000_000_000
"""A fixed wall-clock time (ms since 1970) for the fake clock."""


def test_stage_timer_runs_pauses_resets_and_survives_a_reload(page: Any) -> None:
    page.clock.install(time=START - 60_000)  # pause_at cannot go back: start a minute early
    page.clock.pause_at(START)  # no real time slips in (a slow reload on a busy machine)
    page.goto(links.timers("tdt", players=5))
    villainy = page.locator("[data-timer='tdt:villainy']")
    expect(villainy.locator("[data-clock]")).to_have_text("15:00")   # 5 players × 3 Phases
    expect(page.locator("[data-timer='tdt:monologuing'] [data-clock]")).to_have_text("10:00")
    page.locator("[data-timer-inputs] button[aria-label='One conflict more']").click()
    expect(villainy.locator("[data-clock]")).to_have_text("17:00")   # + 2 per Conflict
    scheming = page.locator("[data-timer='tdt:scheming']")
    expect(scheming.locator("[data-clock]")).to_have_text("10:00")
    scheming.get_by_role("button", name="Start").click()
    page.clock.run_for(65_300)
    expect(scheming.locator("[data-clock]")).to_have_text("8:55")
    page.reload()  # or a locked screen: the start time is on the device
    page.clock.run_for("00:05")
    expect(scheming.locator("[data-clock]")).to_have_text("8:50")
    scheming.get_by_role("button", name="Pause").click()
    page.clock.run_for("00:30")
    expect(scheming.locator("[data-clock]")).to_have_text("8:50")
    scheming.get_by_role("button", name="Reset").click()
    expect(scheming.locator("[data-clock]")).to_have_text("10:00")


def test_theme_follows_the_phone_until_one_is_picked(make_context: Any) -> None:
    page = make_context(color_scheme="light").new_page()
    page.goto(links.home())
    background = "getComputedStyle(document.body).backgroundColor"
    assert page.evaluate("document.documentElement.dataset.theme") is None
    assert page.evaluate(background) == "rgb(251, 250, 247)"  # the phone's light setting
    page.emulate_media(color_scheme="dark")
    assert page.evaluate(background) == "rgb(20, 18, 26)"
    toggle = page.locator("[data-theme-toggle]")
    expect(toggle).to_have_text("Auto")
    toggle.click()  # Auto -> Light, remembered over the phone's dark setting
    expect(toggle).to_have_text("Light")
    page.reload()
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    assert page.evaluate(background) == "rgb(251, 250, 247)"
    page.locator("[data-theme-toggle]").click()  # Light -> Dark
    page.locator("[data-theme-toggle]").click()  # Dark -> Auto: the phone decides again
    page.reload()
    assert page.evaluate("document.documentElement.dataset.theme") is None
    assert page.evaluate(background) == "rgb(20, 18, 26)"


def test_keyboard_reaches_the_search_and_the_skip_link(page: Any) -> None:
    page.goto(links.home())
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#main"


@pytest.mark.parametrize("name,path", MAIN_PAGES)
def test_main_pages_fit_a_phone_and_pass_axe(make_context: Any, artifacts: Path,
                                            axe_source: str, name: str, path: str) -> None:
    page = make_context(bypass_csp=True).new_page()
    page.goto(path)
    page.wait_for_load_state("networkidle")
    assert no_horizontal_scroll(page), f"{path} scrolls sideways at 390 px"
    assert page.evaluate(SMALL_TARGETS) == [], f"{path}: tap targets under 44 px"
    assert page.evaluate(LAYOUT_SHIFT) < 0.05
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)
    for theme in ("dark", "light"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        serious = run_axe(page, axe_source)
        assert serious == [], f"{path} ({theme}): {json.dumps(serious)}"


@pytest.mark.parametrize("name,path", MAIN_PAGES)
def test_pages_run_no_inline_script(page: Any, name: str, path: str) -> None:
    """The pages work under the Content-Security-Policy script-src 'self': the page fixture
    fails on any refusal; every <script> either has a src or is a JSON data block."""
    page.goto(path)
    page.wait_for_load_state("networkidle")
    inline = page.evaluate("""[...document.scripts].filter(s => !s.src &&
        s.type !== 'application/json').map(s => s.outerHTML.slice(0, 80))""")
    assert inline == []
