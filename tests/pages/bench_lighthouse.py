"""Lighthouse's own scores (issue 32 item 3) for home, a rule page, a setup page, the join page
and a live table page. Run: `make lighthouse` (also the first part of `make bench`).

Lighthouse comes from the npm registry, pinned in the Makefile (12.8.2: the newest line that
runs on Debian's Node 20; 13.x asks for Node 22) and installed into .lighthouse/ by the
Makefile's rule; it drives Debian's Chromium (CHROME_PATH, headless) in its default mobile
mode (a Moto G Power-sized screen, simulated slow 4G and a 4x slower CPU). The server is started
as `make run` starts it (gunicorn, gevent workers) on loopback, with its own SQLite file; a
7-seat TDT table (the longest board) with 30 changes in its history is made through the API
first. Each page is run once, bounded in time. Then the same five pages at this computer's
network address over HTTPS, served as `make run TLS=1` serves them (the audited browser trusts
the host's own authority, as a phone does once it installed it): lines named `lan-…`.

Prints a line per page (performance, accessibility, best practices, SEO, the metrics, the
longest main-thread task Lighthouse lists (its `long-tasks` audit, at its 4x CPU slowdown,
from the first task on, wall time) and the audits that cost points), then the live table's
longest task after its first paint as CPU time x4 (a trace's thread time, steady on a loaded
machine; target under 50 ms), and one JSON line last; targets: performance >= 95, the other
three 100. `bench_lighthouse.py table join` runs only the pages named.
"""
from __future__ import annotations

import json
import os
import shutil
import ssl
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from assistant import links  # noqa: E402
from tests.support import start_gunicorn, stop_gunicorn  # noqa: E402

LIGHTHOUSE = ROOT / ".lighthouse" / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}
SECONDS_PER_PAGE = 180  # a bound on a loaded machine: a run that takes longer is reported
METRICS = {"first-contentful-paint": "FCP", "largest-contentful-paint": "LCP",
           "total-blocking-time": "TBT", "cumulative-layout-shift": "CLS", "speed-index": "SI"}
SLOWDOWN = 4  # Lighthouse's mobile CPU: 4x slower than this machine


def lighthouse(url: str, chrome: str, home: Path | None = None) -> dict[str, Any]:
    """One Lighthouse run of `url` (mobile, its default throttling): the report as a dict.
    `home`: a HOME whose browser trust store holds the host's own authority (HTTPS at home)."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        command = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={report}",
                   "--quiet", f"--only-categories={','.join(CATEGORIES)}",
                   "--max-wait-for-load=20000",
                   "--chrome-flags=--headless=new --no-sandbox --disable-gpu "
                   "--disable-background-networking"]
        subprocess.run(command, check=True, timeout=SECONDS_PER_PAGE, cwd=folder,
                       env={**os.environ, "CHROME_PATH": chrome,
                            **({"HOME": str(home)} if home else {})},
                       stdout=subprocess.DEVNULL)
        result: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
        return result


def summary(report: dict[str, Any]) -> dict[str, Any]:
    """Scores out of 100, the metrics, and the audits that cost points (score below 1)."""
    categories = report["categories"]
    audits = report["audits"]
    scores = {name: round(100 * (categories[name]["score"] or 0)) for name in CATEGORIES}
    lost = sorted({ref["id"] for name in CATEGORIES for ref in categories[name]["auditRefs"]
                   if ref["weight"] > 0 and audits[ref["id"]]["score"] is not None
                   and audits[ref["id"]]["score"] < 1})
    tasks = (audits.get("long-tasks", {}).get("details") or {}).get("items", [])
    return {**scores, "met": all(scores[k] >= v for k, v in TARGETS.items()),
            "metrics": {short: audits[m].get("displayValue", "") for m, short in METRICS.items()},
            "longest_task_ms": round(max((t["duration"] for t in tasks), default=0)),
            "below_full_marks": lost,
            "warnings": report.get("runWarnings", [])}


SEVEN = {"mode": "cutthroat", "seats": [{"goodman": True, "player": "Gil"}] + [
    {"henchman": name} for name in ("Azura Badeau", "Jin Feng", 'Boris "Myasneek"',
                                    "Axle Robbins", "The Node", "Ugo Dottore")]}


def table(base: str, changes: int = 30, context: ssl.SSLContext | None = None
          ) -> tuple[str, str]:
    """A 7-seat TDT table made through the API, as a phone's "Start a table" makes one, with
    `changes` VP changes in its history (the page draws the last 30): its code and edit token."""
    request = urllib.request.Request(f"{base}/api/v1/games/tdt/sessions",
                                     data=json.dumps(SEVEN).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, context=context) as answer:  # noqa: S310
        made = json.loads(answer.read())
    seats = ("azura-badeau", "jin-feng", "the-node")
    for version in range(changes):
        event = {"kind": "vp", "seat": seats[version % len(seats)], "amount": 1}
        request = urllib.request.Request(
            f"{base}/api/v1/sessions/{made['code']}/events", data=json.dumps(event).encode(),
            headers={"Content-Type": "application/json", "If-Match": f'"v{version}"',
                     "Authorization": f"Bearer {made['edit_token']}"})
        urllib.request.urlopen(request, context=context).close()  # noqa: S310
    return str(made["code"]), str(made["edit_token"])


def cpu_tasks(base: str, path: str, token: str, chrome: str) -> dict[str, int]:
    """The live table's longest main-thread task after its first paint, as CPU time x4 (the
    trace's thread duration, unthrottled: a loaded machine stretches wall time, not this), for
    a following phone and the scorekeeper's; the median of three loads each."""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    found: dict[str, int] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chrome,
                                             args=["--headless", "--no-sandbox"])
        for role, fragment in (("follower", ""), ("scorekeeper", f"#token={token}")):
            longest = []
            for _ in range(3):
                context = browser.new_context(viewport={"width": 390, "height": 844},
                                              is_mobile=True, device_scale_factor=2,
                                              service_workers="block")
                page = context.new_page()
                page.goto(base + "/join")  # the browser's own start-up is not the page's
                browser.start_tracing(page=page, categories=[
                    "devtools.timeline", "disabled-by-default-devtools.timeline"])
                page.goto(base + path + fragment, wait_until="load")
                page.wait_for_timeout(2500)  # score, history and stream: idle, never polled
                events = json.loads(browser.stop_tracing())["traceEvents"]
                context.close()
                main = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
                        and e["args"]["name"] == "CrRendererMain"}
                painted = max((e["ts"] for e in events
                               if e.get("name") == "firstContentfulPaint"), default=0)
                longest.append(max((e["tdur"] for e in events if e.get("name") == "RunTask"
                                    and (e["pid"], e["tid"]) in main and "tdur" in e
                                    and e["ts"] >= painted), default=0))
            found[role] = round(SLOWDOWN * sorted(longest)[1] / 1000)
        browser.close()
    return found


def measured_pages(code: str) -> dict[str, str]:
    """The five pages measured (issue 32 item 3), the live table being session `code`."""
    return {"home": links.home(), "rule": links.rule("tdt", "fund-deployment"),
            "setup": links.setup("tdt", mode="cutthroat", players=5), "join": "/join",
            "table": links.session("tdt", code)}


def lan_https(chrome: str, only: set[str]) -> dict[str, dict[str, Any]]:
    """The same pages at this computer's network address, served the README's HTTPS way
    (make run TLS=1: its own authority, which the audited browser's trust store holds, as a
    phone's does once it installed it): what a phone on the Wi-Fi meets."""
    from api import tls  # noqa: PLC0415
    from printables.address import lan_address  # noqa: PLC0415

    lan, certutil = lan_address(), shutil.which("certutil")
    if lan is None or certutil is None:
        print("LAN audit skipped: " + ("no network address" if lan is None else
                                       "certutil missing (make system-deps)"), file=sys.stderr)
        return {}
    folder = Path(tempfile.mkdtemp())
    where = tls.Files(folder / "tls")
    tls.ensure(where, ["localhost"], ["127.0.0.1", lan])
    home = folder / "home"
    (home / ".pki" / "nssdb").mkdir(parents=True)
    for args in (["-N", "--empty-password"],
                 ["-A", "-t", "C,,", "-n", "lairside", "-i", str(where.ca)]):
        subprocess.run([certutil, "-d", f"sql:{home}/.pki/nssdb", *args], check=True,
                       stdin=subprocess.DEVNULL, timeout=60)
    server, base = start_gunicorn(f"sqlite:///{folder}/bench.sqlite3", workers=1,
                                  tls=(where.cert, where.key), host="0.0.0.0",
                                  LAIRSIDE_TLS_DIR=str(where.folder))
    base = base.replace("127.0.0.1", lan)
    try:
        code, _ = table(base, context=ssl.create_default_context(cafile=str(where.ca)))
        return {f"lan-{name}": summary(lighthouse(base + path, chrome, home))
                for name, path in measured_pages(code).items() if not only or name in only}
    finally:
        stop_gunicorn(server)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    chrome = os.environ.get("CHROME_PATH") or shutil.which("chromium") or ""
    if not LIGHTHOUSE.exists() or not chrome:
        print(f"Lighthouse needs {LIGHTHOUSE} (make lighthouse installs it) and Chromium "
              "(CHROME_PATH or chromium on PATH)", file=sys.stderr)
        return 2
    folder = Path(tempfile.mkdtemp())
    server, base = start_gunicorn(f"sqlite:///{folder}/bench.sqlite3", workers=1)
    try:
        code, token = table(base)
        pages = measured_pages(code)
        only = set(sys.argv[1:])
        results = {name: summary(lighthouse(base + path, chrome))
                   for name, path in pages.items() if not only or name in only}
        if "table" in results:
            results["table"]["longest_task_cpu_x4_ms"] = cpu_tasks(base, pages["table"], token,
                                                                   chrome)
    finally:
        stop_gunicorn(server)
        shutil.rmtree(folder, ignore_errors=True)
    results.update(lan_https(chrome, only))
    for name, r in results.items():
        print(f"{name:10} performance {r['performance']:3}  accessibility {r['accessibility']:3}"
              f"  best-practices {r['best-practices']:3}  SEO {r['seo']:3}  "
              f"{'targets met' if r['met'] else 'BELOW TARGET'}  "
              f"{' '.join(f'{k} {v}' for k, v in r['metrics'].items())}"
              f"  longest task {r['longest_task_ms']} ms"
              + (f"  lost: {', '.join(r['below_full_marks'])}" if r["below_full_marks"] else ""),
              file=sys.stderr)
    if "table" in results:
        print("table  longest task after first paint, CPU time x4 (median of 3): "
              + ", ".join(f"{role} {ms} ms" for role, ms in
                          results["table"]["longest_task_cpu_x4_ms"].items())
              + " (target: under 50 ms)", file=sys.stderr)
    print(json.dumps({"lighthouse": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
