"""Issue 41 ("done means"): whole games started from a game's start page with names and a
mode only, played to the final score through the live page's own buttons and forms, the
"Next" strip first, in Chromium at 390 px. Secrets (Master Plan's plans, Vigilante's
Identities) are entered on the seats' own phones, each claimed with the code the
scorekeeper's page shows.

The driver taps the move the strip offers (the first unless a test picks another); where the
move's form has fields the table enters itself, it types what a card at this table would say
(the value the game's own move holds: always a legal one). It reads the table's moves from the
API only to know which button is which and what to type, never to write."""
from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

Pick = Callable[[dict[str, Any]], int]


def start(page: Any, game: str, mode: str, names: list[str]) -> str:
    """A table from the game's start page, names and a mode only; its code."""
    page.goto(f"/g/{game}/sessions/new?mode={mode}&players={len(names)}")
    for i, name in enumerate(names):
        page.locator(f"input[name='seats.{i}.name']").fill(name)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(rf"/g/{game}/sessions/[a-z0-9]{{8}}$"))
    page.locator("[data-seats] [data-seat]").first.wait_for()
    page.on("dialog", lambda dialog: dialog.accept())  # the board's "are you sure?"
    return str(page.url.rsplit("/", 1)[1])


def read(base_url: str, code: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base_url}/api/v1/sessions/{code}") as answer:  # noqa: S310
        return dict(json.loads(answer.read()))


def tap_move(page: Any, i: int, move: dict[str, Any]) -> None:
    """The strip's button for move i: one tap, or open its form, type what the table enters
    (its other fields are shown filled in), save."""
    button = page.locator(f'[data-moves] [data-move="{i}"]')
    if not button.is_visible():
        page.locator("[data-moves] .more-moves > summary").click()
    button.click()
    if not move["asks"]:
        return
    form = page.locator(f'[data-move-form="{i}"]')
    for name in move["enter"]:
        field = form.locator(f'[name="{name}"]')
        assert field.input_value() == "", f"{name} shown filled in: a stand-in sent as real"
        value = move["body"][name]
        if field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    form.get_by_role("button", name="Save").click()


def play(page: Any, base_url: str, code: str, pick: Pick = lambda table: 0,
         most: int = 200) -> dict[str, Any]:
    """Tap the strip's moves until the rules end the game; the last state read."""
    for _ in range(most):
        table = read(base_url, code)
        version = table["version"]
        expect(page.locator("[data-version]")).to_have_text(str(version))
        if not table["moves"]:
            expect(page.locator("[data-next]")).to_be_hidden()
            return table
        i = pick(table)
        tap_move(page, i, table["moves"][i])
        try:
            expect(page.locator("[data-version]")).to_have_text(str(version + 1))
        except AssertionError:
            raise AssertionError(f"{table['moves'][i]} not saved: "
                                 f"{page.locator('[data-pending]').inner_text()}") from None
    raise AssertionError(f"no end after {most} moves")


def final_score(page: Any) -> list[str]:
    expect(page.locator("[data-score-state]")).to_contain_text("Final")
    return list(page.locator("[data-standings] > li summary").all_inner_texts())


def test_maniacal_from_the_start_page_to_the_final_score(page: Any, base_url: str) -> None:
    code = start(page, "maniacal", "standard", ["Simon", "Hassan"])
    play(page, base_url, code)
    standings = final_score(page)
    assert len(standings) == 2 and any("wins" in s for s in standings), standings
