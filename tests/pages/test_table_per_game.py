"""Every game's table, phone to phone, in Chromium at 390 px (issue 32's "done means"): the
host's phone starts a table, a second phone joins through the code the first one shows, the
host records a change, undoes it from the save bar beside the "Saved" notice, and both read the
score with its reasons; screenshots in light and dark go to test-artifacts/pages/."""
from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from assistant import links
from assistant.games import all_games

TRACKED = [g for g in all_games() if g.tracker is not None]


@pytest.mark.parametrize("game", TRACKED, ids=lambda g: g.slug)
def test_two_phones_record_undo_and_read_the_score(make_context: Any, base_url: str,
                                                   game: Any, artifacts: Path) -> None:
    request = urllib.request.Request(f"{base_url}/api/v1/games/{game.slug}/sessions",
                                     data=json.dumps(dict(game.tracker.example_setup)).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback test server)
        made = json.loads(answer.read())
    host = make_context().new_page()
    host.goto(f"{links.session(game.slug, made['code'])}#token={made['edit_token']}")
    host.locator("[data-seats] [data-seat]").first.wait_for()
    shown = host.locator("[data-code]").inner_text()  # the code as the host's screen shows it

    guest = make_context().new_page()
    guest.goto("/join")
    guest.get_by_label("Share code").fill(shown)
    guest.get_by_role("button", name="Join").click()
    guest.wait_for_url(re.compile(rf"/g/{game.slug}/sessions/{made['code']}$"))
    guest.locator("[data-seats] [data-seat]").first.wait_for()

    steppers = host.locator("[data-seats] .stepper")
    value = steppers.first.locator("[data-value]")
    before = value.inner_text() if steppers.count() else ""
    if steppers.count():  # a seat's count, one tap
        steppers.first.locator("[data-delta='1']").click()
    else:  # a game told through its events: the first move the strip offers, as it comes
        host.on("dialog", lambda dialog: dialog.accept())
        host.locator("[data-moves] button.move").first.click()
        if host.locator("[data-move-form]").count():  # its form, filled in: save
            host.locator("[data-move-form]").get_by_role("button", name="Save").click()
    expect(host.locator("[data-status]")).to_have_text(re.compile("^Saved"))
    if before:
        expect(value).not_to_have_text(before)
    expect(guest.locator("[data-version]")).to_have_text("1")  # followed live
    bar = host.locator("[data-savebar]")
    undo = bar.get_by_role("button", name="Undo", exact=True)
    box = undo.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844  # within thumb reach
    expect(host.locator("[data-undo-what]")).to_contain_text("Undo takes back:")
    undo.click()
    if before:
        expect(value).to_have_text(before)
    expect(guest.locator("[data-version]")).to_have_text("2")

    for phone in (host, guest):
        state = phone.locator("[data-score-state]")
        expect(state).to_contain_text(re.compile("Provisional|Final score"))
        standings = phone.locator("[data-standings] > li")
        if standings.count():  # the game's score lists each seat, its reasons one tap away
            first = standings.first
            first.locator("summary").click()  # (kept open when a newer score is drawn)
            expect(first.locator("details")).to_have_attribute("open", "")
            if first.locator(".steps li").count():  # (a game's tracker may list none yet)
                expect(first.locator(".steps li").first).to_be_visible()
    for theme in ("light", "dark"):
        for name, phone in (("host", host), ("guest", guest)):
            phone.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
            phone.screenshot(path=str(artifacts / f"table-{game.slug}-{name}-{theme}.png"),
                             full_page=True)
