"""The table on phones, in Chromium: start a table on one phone, join it from another by
typing the code, follow changes within a second, trust undo, see conflicts, queue taps made
offline. Each phone is its own browser context (its own storage), 390×844."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from assistant import links
from tests.pages.conftest import open_seat, run_axe

VP = '[data-seat="{seat}"] [data-counter="vp"]'


def vp_value(page: Any, seat: str) -> str:
    return str(page.locator(VP.format(seat=seat) + " ~ [data-value]").text_content())


def vp_tap(page: Any, seat: str, delta: int = 1) -> None:
    open_seat(page, seat)
    page.locator(VP.format(seat=seat) + f'[data-delta="{delta}"]').click()


def wait_vp(page: Any, seat: str, value: int, timeout: float = 30_000) -> None:
    expect(page.locator(VP.format(seat=seat) + " ~ [data-value]")).to_have_text(
        str(value), timeout=timeout)


def until(page: Any, script: str, timeout: float = 5.0) -> None:
    """Poll `script` (a function) with page.evaluate: the pages' Content-Security-Policy
    forbids the eval that wait_for_function uses."""
    end = time.monotonic() + timeout
    while not page.evaluate(script):
        assert time.monotonic() < end, f"timed out waiting for {script}"
        time.sleep(0.02)


def start_tdt_table(page: Any, players: int = 5) -> str:
    """From the home page: Tomorrow Dies Today, Cutthroat, `players` players, Start a table."""
    page.goto(links.home())
    page.locator("label.option", has_text="Tomorrow Dies Today").click()
    page.locator("label.option", has_text="Cutthroat").click()
    page.get_by_label("Players at the table").fill(str(players))
    page.get_by_role("button", name="Start a table to keep score").click()
    page.wait_for_url(re.compile(rf"/g/tdt/sessions/new\?mode=cutthroat&players={players}"))
    expect(page.locator("[data-row]")).to_have_count(players)
    page.locator("select[name='seats.0.henchman']").select_option("General Goodman")
    names = ["Azura Badeau", "Jin Feng", 'Boris "Myasneek"', "Cassandra O'Shea", "The Node"]
    for i in range(1, players):
        page.locator(f"select[name='seats.{i}.henchman']").select_option(names[i - 1])
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(r"/g/tdt/sessions/[a-z0-9]{8}$"))
    page.locator("[data-seats] [data-seat]").first.wait_for()
    return str(page.url.rsplit("/", 1)[1])


def saved(page: Any) -> None:
    expect(page.locator("[data-status]")).to_have_text(re.compile("^Saved"))


def test_start_join_by_code_and_follow_live(make_context: Any,
                                                        artifacts: Path) -> None:
    host = make_context().new_page()
    code = start_tdt_table(host)
    assert "token" not in host.url
    assert host.locator("[data-role]").inner_text() == "keeping score on this phone"
    host.get_by_role("button", name="Show QR for another phone").click()
    until(host, "() => document.querySelector('[data-qr-follow]').naturalWidth > 0")
    host.get_by_role("button", name="Show the QR that lets a phone change the score").click()
    until(host, "() => document.querySelector('[data-qr-edit-img]').naturalWidth > 0")
    host.screenshot(path=str(artifacts / "table-host-qr.png"), full_page=True)

    guest = make_context().new_page()
    guest.goto("/join")
    guest.get_by_label("Share code").fill(f"{code[:4].upper()} {code[4:].upper()}")
    guest.get_by_role("button", name="Join").click()
    guest.wait_for_url(re.compile(rf"/g/tdt/sessions/{code}$"))
    guest.locator("[data-seats] [data-seat]").first.wait_for()
    assert guest.locator("[data-role]").inner_text().startswith("following")
    # no pause needed: a stream opened after a tap starts from the version the page showed

    delays = []
    for n in range(1, 4):
        vp_tap(host, "jin-feng")
        began = time.monotonic()
        wait_vp(guest, "jin-feng", n)
        delays.append(time.monotonic() - began)
    # How fast is measured (written below, and by tests/bench/live.py, make bench), not asserted:
    # this machine is shared. The behaviour: every tap reaches the following phone by itself.
    expect(guest.locator('[data-seats] [data-mark="c:jin-feng:vp"].changed')).to_have_count(1)
    (artifacts / "follow-delays.json").write_text(json.dumps(
        {"seconds_from_tap_to_other_phone": [round(d, 3) for d in delays]}))

    guest.goto(links.home())  # the phone remembers the table it joined
    remembered = guest.locator("[data-my-tables-list] a")
    assert remembered.count() == 1 and code.upper()[:4] in remembered.inner_text()
    assert "following" in remembered.inner_text()


def test_conflicting_taps_ask_and_unrelated_ones_go_through(make_context: Any,
                                                             browser: Any) -> None:
    a = make_context().new_page()
    code = start_tdt_table(a, players=4)
    token = a.evaluate(f"localStorage.getItem('lairside:token:{code}')")
    b = make_context().new_page()
    # B does not hear of A's taps: neither the stream nor the long poll gets through
    b.route(re.compile(r"/(stream|wait)\?"), lambda route: route.abort())
    b.goto(f"{links.session('tdt', code)}#token={token}")
    b.locator("[data-seats] [data-seat]").first.wait_for()

    vp_tap(a, "jin-feng")
    saved(a)
    vp_tap(b, "azura-badeau")  # another seat: applied on top without asking
    saved(b)
    wait_vp(a, "azura-badeau", 1)
    assert vp_value(b, "azura-badeau") == "1" and vp_value(b, "jin-feng") == "1"

    vp_tap(a, "jin-feng")  # now both phones tap the same VP
    saved(a)
    vp_tap(b, "jin-feng")
    conflict = b.locator("[data-pending] .conflict")
    conflict.wait_for()
    assert "Jin Feng" in conflict.inner_text() and "Add mine too" in conflict.inner_text()
    assert vp_value(b, "jin-feng") == "2"  # nothing doubled behind the player's back
    b.get_by_role("button", name="Add mine too").click()
    saved(b)
    assert vp_value(b, "jin-feng") == "3"
    wait_vp(a, "jin-feng", 3)  # A follows live, so its next tap is not stale
    vp_tap(a, "jin-feng")
    saved(a)
    vp_tap(b, "jin-feng")
    b.get_by_role("button", name="Drop mine").click()
    expect(b.locator("[data-pending] .conflict")).to_have_count(0)
    assert vp_value(b, "jin-feng") == "4"


def test_back_to_here_asks_undo_restores_and_redo(page: Any) -> None:
    start_tdt_table(page, players=4)
    for _ in range(3):
        vp_tap(page, "jin-feng")
        saved(page)
    asked: list[str] = []
    page.on("dialog", lambda d: (asked.append(d.message), d.accept()))
    page.locator('[data-revert="1"]').click()
    wait_vp(page, "jin-feng", 1)
    assert "hides the 2 later changes" in asked[0]
    page.locator("[data-history] li").filter(has_text="back").first.wait_for()
    page.locator("[data-savebar]").get_by_role("button", name="Undo", exact=True).click()
    wait_vp(page, "jin-feng", 3)  # undo after going back restores what it hid
    page.get_by_role("button", name="Redo").click()
    wait_vp(page, "jin-feng", 1)  # redo takes the undo back
    assert re.search(r"\d\d:\d\d", page.locator("[data-history] li").first.inner_text())


def test_taps_made_offline_are_sent_in_order_on_reconnect(make_context: Any) -> None:
    context = make_context()
    page = context.new_page()
    start_tdt_table(page, players=4)
    context.set_offline(True)
    vp_tap(page, "jin-feng")
    expect(page.locator("[data-status]")).to_have_text(re.compile("^No connection"))
    vp_tap(page, "jin-feng")
    vp_tap(page, "azura-badeau")
    assert page.locator("[data-pending] .queued").count() >= 2
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    wait_vp(page, "jin-feng", 2)
    wait_vp(page, "azura-badeau", 1)
    expect(page.locator("[data-pending] li")).to_have_count(0)


def test_compact_scoreboard_fits_five_seats_on_one_screen(make_context: Any, artifacts: Path,
                                                          axe_source: str) -> None:
    page = make_context(bypass_csp=True).new_page()
    start_tdt_table(page, players=5)
    page.get_by_role("button", name="Compact scoreboard").click()
    board = page.locator("[data-scoreboard]")
    expect(board.locator("tbody tr")).to_have_count(5)
    box = board.bounding_box()
    assert box["y"] + box["height"] <= 844, box
    assert page.evaluate("document.documentElement.scrollWidth <= "
                         "document.documentElement.clientWidth")
    page.screenshot(path=str(artifacts / "table-compact.png"))
    assert run_axe(page, axe_source) == []


def test_offline_search_finds_words_inside_rule_text(page: Any) -> None:
    page.goto(links.search())
    titles = page.evaluate("""async () => {
        const index = await (await fetch('/g/tdt/search.json')).json();
        return window.lairsideOfflineMatches(index, 'how many henchmen')
            .sort((a, b) => b.score - a.score).slice(0, 3).map(h => h.entry.id);
    }""")
    assert "setup-starting-henchmen" in titles
    words = page.evaluate("""async () => {
        const index = await (await fetch('/g/tdt/search.json')).json();
        return window.lairsideOfflineMatches(index, 'faceless resources').length;
    }""")
    assert words > 0


def test_scoring_form_fits_the_mode(page: Any) -> None:
    page.goto(links.score("tdt", "mayhem"))
    row = page.locator("[data-row]").first
    first = row.locator(".field").first
    assert first.locator("label").inner_text().startswith("Mayhem:")  # the team, first
    assert first.is_visible()
    assert row.locator(".field", has_text="Cutthroat:").first.is_hidden()
    page.locator("label", has_text="Cutthroat").first.click()
    assert row.locator(".field", has_text="Mayhem:").first.is_hidden()
    assert row.locator(".field", has_text="Cutthroat: VP General").first.is_visible()


def test_an_offline_tap_on_something_changed_meanwhile_asks(make_context: Any) -> None:
    a_context = make_context()
    a = a_context.new_page()
    code = start_tdt_table(a, players=4)
    token = a.evaluate(f"localStorage.getItem('lairside:token:{code}')")
    b_context = make_context()
    b = b_context.new_page()
    b.goto(f"{links.session('tdt', code)}#token={token}")
    b.locator("[data-seats] [data-seat]").first.wait_for()
    b_context.set_offline(True)
    vp_tap(b, "jin-feng")  # B, offline, adds 1 VP to Jin Feng...
    expect(b.locator("[data-status]")).to_have_text(re.compile("^No connection"))
    vp_tap(a, "jin-feng")  # ...while A, online, does the same
    saved(a)
    b_context.set_offline(False)
    b.evaluate("window.dispatchEvent(new Event('online'))")
    conflict = b.locator("[data-pending] .conflict")
    conflict.wait_for()  # shown, never applied twice behind B's back
    assert "Jin Feng" in conflict.inner_text()
    wait_vp(b, "jin-feng", 1)
    b.get_by_role("button", name="Add mine too").click()
    wait_vp(b, "jin-feng", 2)
    wait_vp(a, "jin-feng", 2)


def test_a_seat_phone_keeps_its_secret_and_everyone_follows(make_context: Any,
                                                            base_url: str) -> None:
    import urllib.request

    setup = {"mode": "brought-to-justice", "rounds": 2, "starting_events": 1, "good": 2,
             "evil": 1, "neutral": 1,
             "seats": [{"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}, {"name": "Pim"}]}
    request = urllib.request.Request(f"{base_url}/api/v1/games/vigilante/sessions",
                                     data=json.dumps(setup).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback test server)
        created = json.loads(answer.read())
    path = links.session("vigilante", created["code"])
    host = make_context().new_page()
    host.goto(f"{path}#token={created['edit_token']}")
    host.get_by_role("button", name="Seats' claim codes").click()  # the scorekeeper reads...
    claim_code = host.locator("[data-claims-list] li", has_text="Gwen").locator(
        ".code").inner_text()
    gwen = make_context().new_page()
    gwen.goto(path)
    gwen.on("dialog", lambda d: d.accept(claim_code))  # ...and Gwen types her seat's code
    gwen.locator('[data-seat="gwen"] [data-claim]').click()
    form = gwen.locator('[data-seat="gwen"] form[data-action-form="identity"]')
    form.wait_for()
    secret = form.locator("select option").nth(1).get_attribute("value")
    form.locator("select").select_option(secret)
    form.get_by_role("button").click()
    saved(gwen)
    named = re.compile(secret.replace("-", "."), re.IGNORECASE)
    expect(gwen.locator("[data-status]")).not_to_have_text(named)  # no notice repeats it
    expect(host.locator("[data-history] li")).to_have_count(1)  # followed live...
    own = gwen.locator("[data-history] li").first
    card = gwen.locator('[data-seat="gwen"]')
    shown_text = card.locator("[data-secret-text]")
    # on her own phone the secret is covered until she taps, and covered again after
    expect(shown_text).to_be_hidden()
    lines = card.locator('[data-mark="l:gwen"]')  # the card's lines (its forms list every card)
    assert named.search(lines.inner_text()) is None and named.search(own.inner_text()) is None
    card.get_by_role("button", name="Show my secret").click()
    expect(card.locator("[data-secret-text]")).to_be_visible()
    expect(card.locator("[data-secret-text]")).to_contain_text(named)
    expect(own).to_contain_text(named)
    card.get_by_role("button", name="Hide my secret").click()
    expect(card.locator("[data-secret-text]")).to_be_hidden()
    expect(own).not_to_contain_text(named)
    shared = host.locator("[data-history] li").first.inner_text()
    assert re.search(secret.replace("-", "."), shared, re.IGNORECASE) is None, shared  # blind
    expect(host.locator('[data-seat="gwen"] form[data-action-form="identity"]')).to_have_count(0)
