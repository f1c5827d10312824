"""Issue 32's smaller glitches, each checked in Chromium at 390 px: a stepper's + stays on the
line of its − whatever its label; a related rule is one pill with one border; a ranking's
column headers never break inside a word; a mode button reads "Cutthroat 4–7"; a row added
with "Add squad" has label ids that point at its inputs (axe's label checks on the form)."""
from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from assistant import links
from assistant.games import all_games
from tests.pages.conftest import run_axe

TRACKED = [g for g in all_games() if g.tracker is not None]


@pytest.mark.parametrize("game", TRACKED, ids=lambda g: g.slug)
def test_a_stepper_keeps_its_buttons_on_one_line(make_context: Any, base_url: str,
                                                 game: Any) -> None:
    request = urllib.request.Request(f"{base_url}/api/v1/games/{game.slug}/sessions",
                                     data=json.dumps(dict(game.tracker.example_setup)).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback test server)
        made = json.loads(answer.read())
    page = make_context().new_page()
    page.goto(f"{links.session(game.slug, made['code'])}#token={made['edit_token']}")
    page.locator("[data-seats] [data-seat]").first.wait_for()
    split = page.evaluate("""() => Array.from(document.querySelectorAll('.stepper')).filter(row => {
        const [down, up] = row.querySelectorAll('button');
        return Math.abs(down.getBoundingClientRect().top - up.getBoundingClientRect().top) > 1;
      }).map(row => row.querySelector('.label').textContent)""")
    assert split == []
    # no code, field name or placeholder reaches a person on the live table
    assert page.locator("main [placeholder]").count() == 0
    labels = page.evaluate("""() => Array.from(document.querySelectorAll(
        'main input, main select'))
        .map(el => [el.name, el.labels.length ? el.labels[0].textContent.trim() : ''])""")
    assert all(text and text.casefold() != name.casefold() for name, text in labels), labels


def test_related_rules_are_single_pills(page: Any) -> None:
    page.goto(links.rule("tdt", "fund-deployment"))
    pills = page.locator("section[aria-labelledby=related] .chips li")
    assert pills.count() > 0
    borders = pills.evaluate_all("""items => items.map(li => [getComputedStyle(li).borderTopWidth,
        getComputedStyle(li.querySelector('a')).borderTopWidth])""")
    assert all(li == "0px" and a != "0px" for li, a in borders), borders


def test_mode_buttons_read_with_a_space_and_headers_stay_whole(page: Any) -> None:
    page.goto(links.setup("tdt"))
    names = page.locator(".segs label span").all_inner_texts()
    assert any(n.startswith("Cutthroat 4–7") for n in names), names
    page.goto(links.score("tdt") + "?example=1")  # the form filled with the example
    page.locator("main form button[type=submit]").last.click()
    header = page.locator("table.ranking thead th")
    header.first.wait_for()
    for i in range(header.count()):
        box = header.nth(i).evaluate("th => th.getClientRects().length && "
                                     "th.scrollWidth <= th.clientWidth + 1")
        assert box, header.nth(i).inner_text()
    assert all("\n" not in t for t in header.all_inner_texts())


def test_an_added_row_has_labels_that_point_at_its_inputs(make_context: Any,
                                                          axe_source: str) -> None:
    page = make_context(bypass_csp=True).new_page()
    page.goto(links.calculator("tdt", "fund-deployment"))
    page.get_by_role("button", name="Add squad").click()
    orphans = page.evaluate("""() => Array.from(document.querySelectorAll('label[for]'))
        .filter(l => !document.getElementById(l.htmlFor)).map(l => l.htmlFor)""")
    assert orphans == []
    assert page.locator("[id*='-i-']").count() == 0
    assert run_axe(page, axe_source) == []


FORMS = [links.calculator(g.slug, c) for g in all_games() for c in g.calculators] + \
    [links.score(g.slug) for g in all_games() if g.scoring is not None] + \
    [links.setup(g.slug) for g in all_games() if g.setup is not None]

ORPHANS = """() => {
  const ids = Array.from(document.querySelectorAll('[id]')).map(e => e.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  const orphans = Array.from(document.querySelectorAll('label[for]'))
    .filter(l => !document.getElementById(l.htmlFor)).map(l => l.htmlFor);
  const unlabelled = Array.from(document.querySelectorAll('main input, main select'))
    .filter(el => el.type !== 'hidden' && el.type !== 'radio' && !el.labels.length &&
                  !el.getAttribute('aria-label')).map(el => el.name);
  return {twice, orphans, unlabelled, placeholders: Array.from(
    document.querySelectorAll('main [id*="-i-"]')).map(e => e.id)};
}"""


def test_every_form_keeps_its_labels_after_adding_rows(make_context: Any) -> None:
    """Every calculator, score and setup form, each list given one more row: no label points
    nowhere, no id twice, no input without a label, no template id left ("-i-")."""
    page = make_context().new_page()
    found: dict[str, Any] = {}
    for path in FORMS:
        page.goto(path)
        adds = page.locator("main [data-add-row]:enabled")
        for i in range(adds.count()):
            if adds.nth(i).is_visible():
                adds.nth(i).click()
        checked = page.evaluate(ORPHANS)
        if any(checked.values()):
            found[path] = checked
    assert found == {}
