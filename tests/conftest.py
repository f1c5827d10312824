from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from api import create_app
from tests.support import require_tool

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def app(tmp_path_factory):
    """The app on a database of its own: rate limits are counted in the database, so a run
    never inherits another run's counts (nor writes into instance/)."""
    database = tmp_path_factory.mktemp("app") / "lairside.sqlite3"
    made = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": f"sqlite:///{database}"})
    yield made
    made.extensions["lairside.sessions"].dispose()


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="module")
def unlimited_client() -> Iterator[Any]:
    """A client of an app of the module's own, in memory, with no limit on creates and writes
    (a module that starts many tables)."""
    made = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": "sqlite://",
                       "LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off"})
    yield made.test_client()
    made.extensions["lairside.sessions"].dispose()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium via Playwright, one for the whole run (each test makes its own
    contexts and closes them). One instance also because Playwright's sync API refuses to
    start a second one while the first runs its event loop in this thread."""
    executable = require_tool("chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    # Waits are on the state a test expects; their timeouts only bound a loaded machine.
    sync_api.expect.set_options(timeout=30_000)
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
