"""Phones ask nothing twice (issue 21): a rule or setup looked up before comes from the
phone's own copy, with no request to the server, until the content it is made of changes.

Measured at the server: every request the app receives is counted, so a request made by the
page, by the service worker or by the browser itself would show."""
from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api import create_app
from api.routes import pages
from assistant import links
from assistant.games import find_game
from tests.support import serve_in_thread

from .conftest import new_context

RULE = links.rule("tdt", "fund-deployment")
SETUP = links.setup("tdt", mode="cutthroat", players=5)


class Counted:
    """The app's requests as they arrive (path and query)."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.lock = threading.Lock()

    def clear(self) -> None:
        with self.lock:
            self.seen.clear()

    def paths(self) -> list[str]:
        """What the pages asked for. Not the browser's own check for a newer service worker
        (/sw.js, revalidated after navigations at the browser's pace): no lookup asks it."""
        with self.lock:
            return [path for path in self.seen if path != "/sw.js"]


@pytest.fixture(scope="module")
def counted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Counted]]:
    database = tmp_path_factory.mktemp("repeat") / "tables.sqlite3"
    app = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": f"sqlite:///{database}"})
    counter = Counted()
    inner = app.wsgi_app

    def counting(environ: dict[str, Any], start_response: Any) -> Any:
        query = environ.get("QUERY_STRING")
        with counter.lock:
            counter.seen.append(environ["PATH_INFO"] + (f"?{query}" if query else ""))
        return inner(environ, start_response)

    app.wsgi_app = counting  # type: ignore[method-assign]
    with serve_in_thread(app) as url:
        yield url, counter
    app.extensions["lairside.sessions"].dispose()


@pytest.fixture(scope="module")
def phone(browser: Any, counted: tuple[str, Counted]) -> Iterator[Any]:
    """A phone that opened a Tomorrow Dies Today page once: its service worker saved that
    game's rules and setup pages (the footer says so) and now controls the page."""
    url, _ = counted
    context = new_context(browser, url, service_workers="allow")
    page = context.new_page()
    page.goto(links.rules_index("tdt"))
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    page.locator("[data-offline-ready]").filter(has_text="Tomorrow Dies Today (").wait_for(
        timeout=60_000)
    yield page
    context.close()


def look_up(page: Any, path: str) -> None:
    page.goto(path)
    page.wait_for_load_state("load")
    page.wait_for_timeout(400)  # anything asked late (an icon, the manifest) would show


@pytest.mark.parametrize("path", [RULE, SETUP], ids=["rule", "setup"])
def test_a_repeat_lookup_makes_no_request(phone: Any, counted: tuple[str, Counted],
                                          path: str) -> None:
    _, counter = counted
    look_up(phone, path)
    counter.clear()
    look_up(phone, path)
    assert counter.paths() == []
    if path == RULE:
        assert phone.locator("h1").inner_text() == find_game("tdt").rules.get(
            "fund-deployment").title
    else:
        assert phone.locator("[data-checklist] li").count() > 5


def test_a_related_rule_opens_without_a_request(phone: Any, counted: tuple[str, Counted]) -> None:
    _, counter = counted
    look_up(phone, RULE)
    counter.clear()
    phone.locator("ul.chips a").first.click()
    phone.wait_for_load_state("load")
    phone.wait_for_timeout(400)
    assert "/g/tdt/rules/" in phone.url and not phone.url.endswith(RULE)
    assert counter.paths() == []


def test_pages_not_saved_still_reach_the_server(phone: Any, counted: tuple[str, Counted]) -> None:
    """The counter counts: a live page goes to the server every time."""
    _, counter = counted
    look_up(phone, "/join")
    counter.clear()
    look_up(phone, "/join")
    assert "/join" in counter.paths()


def test_a_copy_older_than_a_day_is_shown_then_fetched_again(
        phone: Any, counted: tuple[str, Counted]) -> None:
    _, counter = counted
    path = links.rule("tdt", "conflict-resolution")
    look_up(phone, path)
    phone.evaluate("""async (path) => {
        const name = (await caches.keys()).find(k => k.startsWith("lairside-"));
        const cache = await caches.open(name);
        const saved = await cache.match(path);
        const headers = new Headers(saved.headers);
        headers.set("Date", new Date(Date.now() - 2 * 86400e3).toUTCString());
        await cache.put(path, new Response(await saved.text(), {status: 200, headers}));
    }""", path)
    counter.clear()
    look_up(phone, path)
    assert phone.locator("h1").inner_text() == find_game("tdt").rules.get(
        "conflict-resolution").title
    phone.wait_for_function("""async (path) => {
        const name = (await caches.keys()).find(k => k.startsWith("lairside-"));
        const saved = await (await caches.open(name)).match(path);
        return Date.parse(saved.headers.get("Date")) > Date.now() - 3600e3;
    }""", arg=path, timeout=30_000)
    assert counter.paths() == [path]  # once, in the background
    counter.clear()
    look_up(phone, path)
    assert counter.paths() == []


def test_a_new_deal_is_dealt_from_a_saved_setup_page(phone: Any) -> None:
    seeded = links.setup("tdt", mode="cutthroat", players=5, seed="101")
    look_up(phone, seeded)
    seeds = set()
    for _ in range(2):
        phone.locator("[data-reseed]").click()
        phone.wait_for_url(re.compile(r"seed=[0-9a-f]{6}"))
        seeds.add(re.search(r"seed=([0-9a-f]+)", phone.url).group(1))
        phone.go_back()
    assert len(seeds) == 2


def test_the_worker_version_follows_the_content(client: Any, tmp_path: Path) -> None:
    from tests.games.fixture_game import registered

    body = client.get("/sw.js").get_data(as_text=True)
    with client.application.app_context():
        version = pages.content_version()
        assert f'"lairside-{version}"' in body
        with registered():  # another game's rules: another version
            assert pages.content_version() != version
        assert pages.content_version() == version
    rules = tmp_path / "rules.toml"
    rules.write_text('title = "Betrayal"\n')
    before = pages._sources_digest((tmp_path,))
    rules.write_text('title = "Betrayal, revised"\n')
    assert pages._sources_digest((tmp_path,)) != before
