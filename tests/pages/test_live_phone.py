"""The live table on a phone (issue 32 items 2 and 3), a 7-seat Tomorrow Dies Today table in
Chromium at 390 px: nothing moves while the page draws itself (no layout shift), each seat folds
to one line so the whole table is a couple of screens long, one seat is open at a time, and
Undo and Redo stay on screen, beside the "Saved" notice, wherever the page is scrolled. How fast
it draws (its long tasks) is measured by `make lighthouse`, never asserted here."""
from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from playwright.sync_api import expect

from assistant import links
from tests.pages.conftest import PHONE, open_seat

SEVEN = {"mode": "cutthroat", "seats": [{"goodman": True, "player": "Gil"}] + [
    {"henchman": name} for name in ("Azura Badeau", "Jin Feng", 'Boris "Myasneek"',
                                    "Axle Robbins", "The Node", "Ugo Dottore")]}
TALLEST = 2900
"""The page's height at 390 px with every seat folded (it was about 5,900 px unfolded): about
three and a half screens, the Next strip's first three moves and the round's play-layer lines
(the stage, High Alert) included."""
SHIFTS = """window.__shifts = [];
new PerformanceObserver(list => list.getEntries().forEach(e => {
  if (!e.hadRecentInput) window.__shifts.push(e.value); }))
  .observe({type: 'layout-shift', buffered: true});"""


def seven_seats(base_url: str) -> dict[str, Any]:
    request = urllib.request.Request(f"{base_url}/api/v1/games/tdt/sessions",
                                     data=json.dumps(SEVEN).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback test server)
        made: dict[str, Any] = json.loads(answer.read())
    return made


def record(base_url: str, made: dict[str, Any], count: int) -> None:
    """`count` VP changes written through the API, as the scorekeeper's phone writes them."""
    for version in range(count):
        event = {"kind": "vp", "seat": "jin-feng", "amount": 1}
        request = urllib.request.Request(
            f"{base_url}/api/v1/sessions/{made['code']}/events", data=json.dumps(event).encode(),
            headers={"Content-Type": "application/json", "If-Match": f'"v{version}"',
                     "Authorization": f"Bearer {made['edit_token']}"})
        with urllib.request.urlopen(request):  # noqa: S310 (loopback test server)
            pass


def open_as_scorekeeper(page: Any, made: dict[str, Any]) -> None:
    page.goto(f"{links.session('tdt', made['code'])}#token={made['edit_token']}")
    page.locator("[data-standings] > li").first.wait_for()


def height(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollHeight"))


def test_the_table_draws_without_layout_shift(make_context: Any, base_url: str) -> None:
    """Lighthouse's Cumulative Layout Shift, read from Chromium's own entries: zero, from the
    first paint until the board, the score, the history and the live stream are all there."""
    context = make_context()
    context.add_init_script(SHIFTS)
    page = context.new_page()
    made = seven_seats(base_url)
    record(base_url, made, 12)  # a history to draw too
    for token in (made["edit_token"], ""):  # the scorekeeper's phone, then a follower's
        page.goto(f"{links.session('tdt', made['code'])}" + (f"#token={token}" if token else ""))
        page.locator("[data-standings] > li").first.wait_for()
        expect(page.locator("[data-live]")).to_have_text("live")
        expect(page.locator("[data-history] li")).to_have_count(12)
        page.wait_for_load_state("load")
        assert page.evaluate("window.__shifts") == []


def test_seven_seats_fold_to_a_short_page_one_seat_open_at_a_time(make_context: Any,
                                                                   base_url: str) -> None:
    page = make_context().new_page()
    open_as_scorekeeper(page, seven_seats(base_url))
    folds = page.locator("[data-seats] details.seat-fold")
    expect(folds).to_have_count(7)
    expect(page.locator("[data-seats] details.seat-fold[open]")).to_have_count(1)  # the first seat
    jin = page.locator('[data-seat="jin-feng"]')
    open_seat(page, "jin-feng")
    expect(page.locator("[data-seats] details.seat-fold[open]")).to_have_count(1)
    box = jin.bounding_box()
    assert box is not None and box["height"] <= PHONE["height"]  # its actions on one screen
    # a folded seat still reads its counts, and a tap on an open one's stepper counts
    expect(page.locator('[data-seat="azura-badeau"] .seat-fold > summary')).to_contain_text("VP 0")
    jin.locator('[data-counter="vp"][data-delta="1"]').click()
    expect(page.locator("[data-status]")).to_have_text(re.compile("^Saved"))
    expect(jin.locator(".seat-fold > summary")).to_contain_text("VP 1")
    # its forms are a menu of titles, each built when it opens, and keep their labels
    more = jin.locator("details.seat-more")
    more.locator("> summary").click()
    expect(more.locator("form")).to_have_count(0)
    more.locator("details.action > summary", has_text="Funds a Deployment").click()
    expect(more.locator('form[data-action-form="deploy"]')).to_have_count(1)
    assert more.locator("select, input").first.evaluate("el => el.labels.length") == 1

    page.reload()  # the seat in hand stays open on this phone
    page.locator("[data-standings] > li").first.wait_for()
    expect(page.locator("[data-seats] details.seat-fold[open]")).to_have_count(1)
    assert jin.locator("details.seat-fold").evaluate("fold => fold.open")
    jin.locator(".seat-fold > summary").click()  # fold it: every seat folded
    expect(page.locator("[data-seats] details.seat-fold[open]")).to_have_count(0)
    assert height(page) <= TALLEST, height(page)
    assert page.evaluate("document.documentElement.scrollWidth <= "
                         "document.documentElement.clientWidth")


def test_undo_and_redo_stay_on_screen_beside_the_notice_at_any_scroll(
        make_context: Any, base_url: str) -> None:
    page = make_context().new_page()
    open_as_scorekeeper(page, seven_seats(base_url))
    open_seat(page, "jin-feng")
    page.locator('[data-seat="jin-feng"] [data-counter="vp"][data-delta="1"]').click()
    bar = page.locator("[data-savebar]")
    expect(bar.locator("[data-status]")).to_have_text(re.compile("^Saved"))
    undo = bar.get_by_role("button", name="Undo", exact=True)
    undo.click()
    expect(bar.locator("[data-status]")).to_have_text(re.compile("^Saved"))
    redo = bar.get_by_role("button", name="Redo", exact=True)
    expect(redo).to_be_visible()
    bottom = height(page) - PHONE["height"]
    for y in (0, bottom // 3, 2 * bottom // 3, bottom):
        page.evaluate(f"window.scrollTo(0, {y})")
        for button in (undo, redo):
            box = button.evaluate("b => { const r = b.getBoundingClientRect(); "
                                  "return [r.top, r.bottom, r.height]; }")
            assert box[2] > 0 and 0 <= box[0] and box[1] <= PHONE["height"], (y, box)
    redo.click()
    expect(page.locator('[data-seat="jin-feng"] .seat-fold > summary')).to_contain_text("VP 1")
