"""The session page and the join sheet: served HTML, and two phones in a real Chromium."""
from __future__ import annotations

import io
import re
import shutil
import subprocess

import pytest
from playwright.sync_api import expect

from assistant import links
from tests.support import require_tool, serve_in_thread

from .conftest import make_app
from .helpers import CUTTHROAT, create, write


@pytest.fixture()
def app(sqlite_url):
    app = make_app(sqlite_url)
    yield app
    app.extensions["lairside.sessions"].dispose()


def test_page_serves_the_state(app):
    client = app.test_client()
    s = create(client)
    write(client, s, {"kind": "vp", "seat": "jin-feng", "amount": 2}, 0)
    page = client.get(links.session("tdt", s["code"]))
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert s["code"].upper() in html and "Jin Feng" in html and '"version":1' in html
    assert s["edit_token"] not in html
    assert client.get(links.session("tdt", "zzzzzzzz")).status_code == 404
    assert client.get(links.session("other", s["code"])).status_code == 404


def test_join_sheet_qr_codes_open_the_page(app, tmp_path):
    from pypdf import PdfReader
    client = app.test_client()
    s = create(client)
    follow = client.get(f"/api/v1/sessions/{s['code']}/join.pdf")
    both = client.get(f"/api/v1/sessions/{s['code']}/join.pdf?paper=letter",
                      headers={"Authorization": f"Bearer {s['edit_token']}"})
    assert follow.status_code == both.status_code == 200
    assert both.headers["Cache-Control"] == "no-store"
    assert client.get(f"/api/v1/sessions/{s['code']}/join.pdf",
                      headers={"Authorization": "Bearer nope"}).status_code == 403
    text = PdfReader(io.BytesIO(both.data)).pages[0].extract_text()
    assert "Join this table" in text and s["code"].upper() in text
    assert "Scorekeeper only" in text and "Scorekeeper only" not in \
        PdfReader(io.BytesIO(follow.data)).pages[0].extract_text()
    if not shutil.which("pdftoppm"):
        require_tool("pdftoppm")
    zbarimg = require_tool("zbarimg")
    pdf = tmp_path / "join.pdf"
    pdf.write_bytes(both.data)
    subprocess.run(["pdftoppm", "-r", "300", "-png", str(pdf), str(tmp_path / "p")], check=True)
    found = subprocess.run([zbarimg, "-q", "--raw", *map(str, sorted(tmp_path.glob("p*.png")))],
                           capture_output=True, text=True).stdout.split()
    # Asked on loopback, the codes point at this machine's LAN address (a phone cannot reach
    # localhost); the paths and the edit fragment are the session's own.
    from urllib.parse import urlsplit
    page = links.session("tdt", s["code"])
    assert {urlsplit(u).path for u in found} == {page}
    assert f"#token={s['edit_token']}" in " ".join(found)
    assert not any(urlsplit(u).hostname in ("localhost", "127.0.0.1") for u in found) or \
        "loopback" in text.lower() or "only this machine" in text.lower()
    for url in set(found):
        assert client.get(urlsplit(url).path).status_code == 200


@pytest.fixture()
def served(app):
    with serve_in_thread(app) as url:
        yield url


def in_browser(browser, scenario):
    """Run scenario(browser) on the run's one browser (tests/conftest.py), then close the
    contexts (phones) it opened."""
    before = list(browser.contexts)
    try:
        scenario(browser)
    finally:
        for context in browser.contexts:
            if context not in before:
                context.close()


def phone(browser, base):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=base,
                                  is_mobile=True, has_touch=True, service_workers="block")
    context.set_default_timeout(30_000)  # a bound on a loaded machine, not a speed
    return context.new_page()


def vp_of(page, seat):
    return page.locator(f'[data-seat="{seat}"] [data-counter="vp"] ~ [data-value]')


def open_seat(page, seat):
    """A seat's steppers are in its fold; one seat is open at a time."""
    fold = page.locator(f'[data-seat="{seat}"] > details.seat-fold')
    if not fold.evaluate("fold => fold.open"):
        fold.locator("> summary").click()


def vp_button(page, seat, delta):
    return page.locator(f'[data-seat="{seat}"] [data-counter="vp"][data-delta="{delta}"]')


def trigger(seat, n):
    return f'[data-seat="{seat}"] [data-toggle="triggers"][data-n="{n}"]'


def saved(page):
    expect(page.locator("[data-status]")).to_have_text(re.compile("^Saved"))


def test_two_phones_edit_and_follow_live(served, browser):
    in_browser(browser, lambda browser: two_phones(served, browser))


def two_phones(served, browser):
    import json
    import urllib.request
    request = urllib.request.Request(served + "/api/v1/games/tdt/sessions",
                                     data=json.dumps(CUTTHROAT).encode(),
                                     headers={"Content-Type": "application/json"})
    s = json.loads(urllib.request.urlopen(request).read())
    path = links.session("tdt", s["code"])
    editor_a, editor_b, follower = (phone(browser, served) for _ in range(3))
    editor_a.goto(f"{path}#token={s['edit_token']}")
    editor_b.goto(f"{path}#token={s['edit_token']}")
    follower.goto(path)
    assert "token" not in editor_a.url  # the token leaves the address bar
    assert vp_button(follower, "jin-feng", 1).is_hidden()  # read-only

    open_seat(editor_a, "jin-feng")
    vp_button(editor_a, "jin-feng", 1).click()
    saved(editor_a)
    expect(vp_of(editor_b, "jin-feng")).to_have_text("1")  # B follows live...
    open_seat(editor_b, "jin-feng")
    vp_button(editor_b, "jin-feng", 1).click()  # ...so its tap is not stale
    saved(editor_b)
    expect(vp_of(editor_b, "jin-feng")).to_have_text("2")
    expect(vp_of(follower, "jin-feng")).to_have_text("2")

    box = editor_a.locator(trigger("azura-badeau", 3))
    open_seat(editor_a, "azura-badeau")
    box.click()
    expect(box).to_have_attribute("aria-pressed", "true")
    editor_a.locator("[data-undo]").click()
    expect(box).to_have_attribute("aria-pressed", "false")
    # the score is always on the page, asked again at each version (no button to press)
    expect(follower.locator("[data-score-panel]")).to_contain_text("Jin Feng 2 VP")
    expect(follower.locator("[data-history] li")).to_have_count(4)  # the trigger and its undo
    assert "Undo the last change" in follower.locator("[data-history] li").first.inner_text()
