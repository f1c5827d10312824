"""Phone pages in a real browser: the app on a real server, Debian's Chromium via Playwright.

One server per session and the run's one browser (tests/conftest.py); each test gets a fresh
phone-sized context (390×844).
Screenshots and page weights go to test-artifacts/pages/ (git-ignored).
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api import create_app
from tests.support import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "pages"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with its own SQLite file, and no rate limits: every test starts tables."""
    database = tmp_path_factory.mktemp("tables") / "tables.sqlite3"
    app = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": f"sqlite:///{database}",
                      "LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off"})
    with serve_in_thread(app) as url:
        yield url
    app.extensions["lairside.sessions"].dispose()


def new_context(browser: Any, base_url: str, **options: Any) -> Any:
    settings: dict[str, Any] = {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True,
                                "has_touch": True, "base_url": base_url,
                                "service_workers": "block"}
    settings.update(options)
    context = browser.new_context(**settings)
    context.set_default_timeout(30_000)  # a bound on a loaded machine, not a speed
    return context


@pytest.fixture()
def make_context(browser: Any, base_url: str) -> Iterator[Any]:
    """Factory for extra contexts (no JavaScript, service worker allowed...), closed after."""
    made: list[Any] = []

    def make(**options: Any) -> Any:
        made.append(new_context(browser, base_url, **options))
        return made[-1]

    yield make
    for context in made:
        context.close()


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core, as shipped inside the axe-playwright-python wheel (a test dependency)."""
    package = pytest.importorskip("axe_playwright_python")
    return (Path(package.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


@pytest.fixture()
def page(browser: Any, base_url: str) -> Iterator[Any]:
    context = new_context(browser, base_url)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("console", lambda message: errors.append(message.text)
              if "Content Security Policy" in message.text else None)
    yield opened
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def open_seat(page: Any, seat: str) -> None:
    """Open a seat's fold on the live table (one seat is open at a time), to tap its steppers."""
    fold = page.locator(f'[data-seat="{seat}"] > details.seat-fold')
    # The page closes the other folds on the "toggle" event, which comes a task after the tap:
    # a fold is read only once the events of the last tap have run (50 ms later), and tapped
    # again should a late close have shut it (on a loaded machine).
    settled = "fold => new Promise(done => setTimeout(() => done(fold.open), 50))"
    for _ in range(5):
        if fold.evaluate(settled):
            return
        fold.locator("> summary").click()
    assert fold.evaluate(settled), f"{seat}'s fold would not stay open"


def run_axe(page: Any, axe_source: str) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations of the page as shown (a context made with
    bypass_csp=True: axe is injected as an inline script)."""
    page.add_script_tag(content=axe_source)
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa',
                                                     'best-practice']});
        return r.violations.map(v => ({id: v.id, impact: v.impact,
                                       nodes: v.nodes.slice(0, 3).map(n => n.target)}));
    }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
