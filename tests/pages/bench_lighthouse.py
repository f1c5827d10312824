"""Lighthouse's mobile performance score, from Chromium's own performance APIs (issue 32
item 3), for home, a rule page, a setup page, the join page and a live table page.
Run: .venv/bin/python tests/pages/bench_lighthouse.py (part of `make bench`).

Starts the server as `make run` does (gunicorn), then loads each page cold in Chromium at
390×844 under Lighthouse's default mobile throttling (150 ms round trip, 1.6 Mbit/s down,
750 kbit/s up, CPU 4× slower) and reads First Contentful Paint, Largest Contentful Paint,
Total Blocking Time (the long tasks' time beyond 50 ms each, until the page is idle) and
Cumulative Layout Shift. Each is scored on Lighthouse 10's log-normal curves and weighted as
it weighs them; Speed Index is taken as equal to FCP (these pages paint in one go), which is
the one approximation. Also written: axe's serious and critical violations (accessibility),
console errors (best practices) and the SEO basics (title, description, lang, viewport).
Prints one JSON line; target: performance >= 95 on every page.
"""
from __future__ import annotations

import json
import math
import shutil
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from assistant import links  # noqa: E402
from assistant.games import find_game  # noqa: E402
from tests.support import start_gunicorn, stop_gunicorn  # noqa: E402

CURVES = {"fcp": (1800, 3000, 0.10), "si": (3387, 5800, 0.10), "lcp": (2500, 4000, 0.25),
          "tbt": (200, 600, 0.30), "cls": (0.1, 0.25, 0.25)}
"""Lighthouse 10, mobile: each metric's p10 and median (a score of 0.9 and 0.5) and weight."""
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1.6 * 1024 * 1024 / 8,
           "uploadThroughput": 750 * 1024 / 8}
OBSERVE = """window.__lcp = 0; window.__cls = 0; window.__long = [];
new PerformanceObserver(l => l.getEntries().forEach(e => { window.__lcp = e.startTime; }))
  .observe({type: 'largest-contentful-paint', buffered: true});
new PerformanceObserver(l => l.getEntries().forEach(e => {
  if (!e.hadRecentInput) window.__cls += e.value; }))
  .observe({type: 'layout-shift', buffered: true});
new PerformanceObserver(l => l.getEntries().forEach(
  e => window.__long.push([e.startTime, e.duration])))
  .observe({type: 'longtask', buffered: true});"""
READ = """() => ({
  fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || 0,
  lcp: window.__lcp, cls: window.__cls, long: window.__long,
  seo: {title: !!document.title, description: !!document.querySelector('meta[name=description]'),
        lang: !!document.documentElement.lang,
        viewport: !!document.querySelector('meta[name=viewport]')}})"""


def log_normal(value: float, p10: float, median: float) -> float:
    """Lighthouse's score of a metric: 1 at 0, 0.9 at p10, 0.5 at the median."""
    if value <= 0:
        return 1.0
    standardized = math.log(value / median) * 0.9061938024368232 / -math.log(p10 / median)
    return max(0.0, min(1.0, (1 - math.erf(standardized)) / 2))


def performance(metrics: dict[str, float]) -> int:
    total = sum(weight * log_normal(metrics[name], p10, median)
                for name, (p10, median, weight) in CURVES.items())
    return round(100 * total)


def measure(browser: Any, base: str, path: str, axe: str) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2, bypass_csp=True,
                                  service_workers="block")
    context.add_init_script(OBSERVE)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(base + path, wait_until="load")
    if "/sessions/" in path:  # a live table never idles (its stream stays open): drawn is done
        page.locator("body.drawn").wait_for(state="attached")
    else:
        page.wait_for_load_state("networkidle")
    read = page.evaluate(READ)
    fcp = float(read["fcp"])
    tbt = sum(max(0.0, d - 50) for start, d in read["long"] if start >= fcp)
    metrics = {"fcp": fcp, "si": fcp, "lcp": float(read["lcp"] or fcp), "tbt": tbt,
               "cls": float(read["cls"])}
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    page.add_script_tag(content=axe)
    violations = page.evaluate("""async () => (await axe.run(document, {runOnly: ['wcag2a',
        'wcag2aa', 'wcag21aa', 'best-practice']})).violations
        .filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id)""")
    context.close()
    return {"performance": performance(metrics), **{k: round(v, 3) for k, v in metrics.items()},
            "longest_task_ms": round(max((d for _, d in read["long"]), default=0)),
            "axe_serious": violations, "console_errors": errors, "seo": read["seo"]}


def main() -> None:
    from axe_playwright_python import __file__ as axe_package  # noqa: PLC0415
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    axe = (Path(axe_package).parent / "axe.min.js").read_text(encoding="utf-8")
    folder = Path(tempfile.mkdtemp())
    server, base = start_gunicorn(f"sqlite:///{folder}/bench.sqlite3", workers=1)
    try:
        tracker = find_game("tdt").tracker
        assert tracker is not None
        request = urllib.request.Request(f"{base}/api/v1/games/tdt/sessions",
                                         data=json.dumps(dict(tracker.example_setup)).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback)
            code = json.loads(answer.read())["code"]
        pages = {"home": links.home(), "rule": links.rule("tdt", "fund-deployment"),
                 "setup": links.setup("tdt", mode="cutthroat", players=5), "join": "/join",
                 "table": links.session("tdt", code)}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=shutil.which("chromium"),
                                                 args=["--headless", "--no-sandbox"])
            results = {name: measure(browser, base, path, axe) for name, path in pages.items()}
            browser.close()
    finally:
        stop_gunicorn(server)
    for name, r in results.items():
        print(f"{name:6} performance {r['performance']:3}  FCP {r['fcp']:.0f} ms  LCP "
              f"{r['lcp']:.0f} ms  TBT {r['tbt']:.0f} ms  CLS {r['cls']:.3f}  axe "
              f"{len(r['axe_serious'])}  console errors {len(r['console_errors'])}",
              file=sys.stderr)
    print(json.dumps({"lighthouse_like": results}))


if __name__ == "__main__":
    main()
