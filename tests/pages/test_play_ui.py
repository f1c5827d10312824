"""The live table's play layer on a phone (issue 41, builds 3 and 5; issue 43, item 5), in
Chromium at 390 px: a refusal says its rule once, links the rule by its title and offers what
can be done now as buttons; a move whose token the table draws asks for it instead of sending
the game's stand-in; a seat's long forms are a menu of titled actions, one open at a time,
every input labelled and alike; a phone that only follows has no save bar."""
from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from playwright.sync_api import expect

from assistant import links
from assistant.games import find_game
from tests.pages.conftest import open_seat, run_axe


def _table(base_url: str, game: str, setup: dict[str, Any],
           events: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    request = urllib.request.Request(f"{base_url}/api/v1/games/{game}/sessions",
                                     data=json.dumps(setup).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback test server)
        made = dict(json.loads(answer.read()))
    for version, event in enumerate(events):
        request = urllib.request.Request(
            f"{base_url}/api/v1/sessions/{made['code']}/events", data=json.dumps(event).encode(),
            headers={"Content-Type": "application/json", "If-Match": f'"v{version}"',
                     "Authorization": f"Bearer {made['edit_token']}"})
        urllib.request.urlopen(request).close()  # noqa: S310
    return made


def test_a_refusal_links_its_rule_and_offers_what_can_be_done_now(page: Any,
                                                                   base_url: str) -> None:
    made = _table(base_url, "vigilante", {"mode": "brought-to-justice", "seats": [
        {"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}]})
    page.goto(f"{links.session('vigilante', made['code'])}#token={made['edit_token']}")
    page.get_by_role("button", name="End the round").click()  # before the round has begun
    refused = page.locator("[data-pending] li.failed")
    said = "Round 1 ends after its Trigger Events"
    expect(refused).to_contain_text(said)
    assert refused.inner_text().count(said) == 1  # said once
    assert "Allowed:" not in refused.inner_text()
    rule = refused.get_by_role("link", name="Rule: A round")
    expect(rule).to_have_attribute("href", "/g/vigilante/rules/round")
    offered = refused.locator("button.move")
    expect(offered).to_have_text(["Choose new Event…", "The final round is over: reveal"])

    offered.first.click()  # the new Event token: drawn at the table, so asked, never guessed
    expect(refused).to_have_count(0)
    form = page.locator("[data-next] form[data-move-form]")
    for name in ("type", "die"):
        expect(form.locator(f"[name='{name}']")).to_have_value("")
    form.get_by_role("button", name="Save").click()  # nothing typed: nothing sent
    expect(page.locator("[data-version]")).to_have_text("0")
    form.locator("[name='type']").select_option("hacking")
    form.locator("[name='die']").fill("3")
    form.get_by_role("button", name="Save").click()
    expect(page.locator("[data-version]")).to_have_text("1")
    expect(page.locator("[data-history] li").first).to_contain_text("Hacking (3)")
    # the turns begin: one tap each where there is nothing to check
    first = page.locator("[data-moves] button.move").first
    expect(first).to_have_text("Gwen draws a City card…")  # a deck to check: two taps
    expect(page.locator("[data-moves] button.move:not([aria-expanded])")).to_have_count(0)


def test_seat_forms_are_a_titled_menu_with_labelled_inputs_alike(make_context: Any,
                                                                 base_url: str,
                                                                 axe_source: str) -> None:
    tracker = find_game("maniacal").tracker
    events = tuple(tracker.example_events)
    made = _table(base_url, "maniacal", dict(tracker.example_setup),
                  events[:[e["kind"] for e in events].index("start-contracts") + 1])
    host = make_context(bypass_csp=True).new_page()
    host.goto(f"{links.session('maniacal', made['code'])}#token={made['edit_token']}")
    open_seat(host, "hassan")
    seat = host.locator('[data-seat="hassan"]')
    seat.locator("details.seat-more > summary").click()
    menu = seat.locator("details.seat-more details.action")
    titles = menu.locator("> summary").all_inner_texts()
    assert "Contract" in titles and "Contract result by hand (correction)" in titles, titles
    assert seat.locator("details.seat-more form").count() == 0  # built when a title opens

    contract = menu.filter(has=host.locator("> summary", has_text=re.compile("^Contract$")))
    contract.locator("> summary").click()
    by_hand = menu.filter(has_text="Contract result by hand")
    by_hand.locator("> summary").click()
    expect(contract).not_to_have_attribute("open", "")  # one open at a time
    form = by_hand.locator("form")
    for name in ("weeks", "difficulty", "success"):  # each its own label, shown
        label = form.locator(f"[name='{name}']").evaluate(
            "el => el.labels.length === 1 && el.labels[0].offsetWidth > 0 "
            "&& el.labels[0].textContent.trim()")
        assert label, name
    ids = host.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids))  # a label never names another form's input
    box, words = form.locator(".field.check input, .field.check span").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect())")
    assert words["left"] - box["right"] >= 6  # the tick box does not touch its words

    correction = menu.filter(has_text="Henchmen (correction)")  # a number, a pick, a text
    correction.locator("> summary").click()
    expect(correction.locator("form select")).to_be_visible()
    looks = correction.locator("input, select").evaluate_all(
        "els => els.map(e => { const s = getComputedStyle(e); return [s.borderTopLeftRadius, "
        "s.borderTopWidth, Math.round(e.getBoundingClientRect().height), "
        "e.getBoundingClientRect().width > 150]; })")
    assert len({json.dumps(x) for x in looks}) == 1, looks  # alike, none a 130 px box
    assert run_axe(host, axe_source) == []

    follower = make_context().new_page()  # follows only: nothing to save, no bar
    follower.goto(links.session("maniacal", made["code"]))
    follower.locator("[data-seats] [data-seat]").first.wait_for()
    expect(follower.locator("[data-savebar]")).to_be_hidden()
    expect(follower.locator("[data-next]")).to_be_hidden()
