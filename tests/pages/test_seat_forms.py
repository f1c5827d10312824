"""Issue 32, item 5, in Chromium: a new table's seats show their names first, a seat's
character is picked from the game's list, "one of the seats" is a list filled from the names
typed above it, and the print page asks the table-wide options once, outside the seats."""
from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from playwright.sync_api import expect

from assistant.games.tdt.tracker.forms import NAMED


def test_loser_lad_is_picked_from_the_names_typed_above(page: Any, base_url: str) -> None:
    page.goto("/g/master-plan/sessions/new?players=4")
    lad = page.locator("select[name='loser_lad']")
    expect(lad.locator("option")).to_have_count(1)  # nobody named yet
    for i, name in enumerate(["Ann", "Ben", "Cat", "Dee"]):
        page.locator(f"input[name='seats.{i}.name']").fill(name)
    # the blank choice shows whom the setup deals him to (issue 43), one tap to change
    expect(lad.locator("option")).to_have_text([re.compile(r"^Dealt: (Ann|Ben|Cat|Dee)$"),
                                                "Ann", "Ben", "Cat", "Dee"])
    page.locator("details.more summary").first.click()  # optional: dealt if left out
    lad.select_option("Cat")
    page.locator("input[name='seats.2.name']").fill("Cath")  # renamed: the list follows
    expect(lad.locator("option")).to_have_text([re.compile("^Dealt: "), "Ann", "Ben", "Cath",
                                                "Dee"])
    lad.select_option("Cath")
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(r"/g/master-plan/sessions/[a-z0-9]{8}$"))
    code = page.url.rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{base_url}/api/v1/sessions/{code}") as answer:  # noqa: S310
        session = json.loads(answer.read())
    assert session["setup"]["loser_lad"] == "cath"


def test_a_named_henchman_is_picked_from_the_list(page: Any) -> None:
    page.goto("/g/tdt/sessions/new?mode=syndicate&players=2")
    first = page.locator("select[name='seats.0.henchman']")
    options = first.locator("option").all_inner_texts()
    assert options[1:] == ["General Goodman", *NAMED]
    assert page.locator("input[name='seats.0.goodman']").count() == 0  # no flag per seat
    assert page.locator("[data-row] details").count() == 0  # no name folded away
    first.select_option("Jin Feng")
    page.locator("select[name='seats.1.henchman']").select_option("The Node")
    leader = page.locator("select[name='team_leader']")
    page.locator("details.more summary").first.click()
    expect(leader.locator("option")).to_have_text(["Choose a seat", "Jin Feng", "The Node"])
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(r"/g/tdt/sessions/[a-z0-9]{8}$"))


def test_the_print_page_shows_names_first_and_table_options_once(page: Any) -> None:
    page.goto("/g/tdt/print?mode=cutthroat&players=5")
    form = page.locator("[data-print-pack]")
    expect(form).to_be_visible()
    rows = form.locator("[data-seat-list] [data-row]")
    expect(rows).to_have_count(5)
    for i in range(5):
        row = rows.nth(i)
        names = row.locator("select, input[type=text]")
        expect(names.first).to_have_attribute("name", f"table.seats.{i}.player")  # names first
        expect(names.first).to_be_visible()
        expect(row.locator(f"[name='table.seats.{i}.henchman']")).to_be_visible()
    assert form.locator("[data-row] details").count() == 0
    assert form.locator("[data-row] input[type=checkbox]").count() == 0  # Goodman: a pick
    assert form.locator("[name='table.global_events']").count() == 1  # asked once
    assert form.locator("[data-seat-list] [name='table.global_events']").count() == 0


def test_a_board_value_is_asked_on_the_table_page_when_a_track_first_moves(
        make_context: Any, base_url: str) -> None:
    """Maniacal started with names only: a tap on an attraction track says what to enter and
    where it is printed; the one-field form it offers records it and the track moves on."""
    request = urllib.request.Request(
        f"{base_url}/api/v1/games/maniacal/sessions",
        data=json.dumps({"mode": "standard", "seats": [{"name": "Simon"},
                                                       {"name": "Hassan"}]}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback test server)
        made = json.loads(answer.read())
    host = make_context().new_page()
    host.goto(f"/g/maniacal/sessions/{made['code']}#token={made['edit_token']}")
    beasts = host.locator('[data-seat="simon"] [data-counter="beasts"]')
    expect(beasts.locator("~ [data-value]")).to_have_text("?")
    beasts.locator("xpath=..").locator('[data-delta="1"]').click()
    failed = host.locator("li.failed")
    expect(failed).to_contain_text("printed on your board")
    failed.get_by_role("button", name="Attraction start (printed on your board)").click()
    expect(failed).to_have_count(0)  # answered
    form = host.locator("form[data-move-form]")  # opened in the Next strip, asking only that
    start = form.locator("[name='attraction_start']")
    expect(start).to_have_value("")
    start.fill("2")
    form.get_by_role("button", name="Save").click()
    expect(host.locator("[data-version]")).to_have_text("1")
    expect(beasts.locator("~ [data-value]")).to_have_text("2")


def test_the_print_page_starts_a_table_from_picked_names(page: Any, base_url: str) -> None:
    page.goto("/g/tdt/print?mode=cutthroat&players=4")
    form = page.locator("[data-print-pack]")
    picks = ["General Goodman", "Azura Badeau", "Jin Feng", 'Boris "Myasneek"']
    for i, name in enumerate(picks):
        form.locator(f"[name='table.seats.{i}.henchman']").select_option(name)
    form.locator("[name='table.seats.1.player']").fill("Ana")
    with page.expect_response(lambda r: "/pack.pdf" in r.url
                              and r.request.method == "POST") as answer:
        page.get_by_role("button", name="Start a table and print its pack").click()
    assert answer.value.status == 201
    code = answer.value.headers["location"].rstrip("/").rsplit("/", 1)[-1]
    with urllib.request.urlopen(f"{base_url}/api/v1/sessions/{code}") as got:  # noqa: S310
        seats = json.loads(got.read())["setup"]["seats"]
    assert [s["name"] for s in seats] == picks
    assert seats[0]["goodman"] and seats[1]["player"] == "Ana"
