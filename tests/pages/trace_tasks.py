"""What the long main-thread tasks of `make lighthouse`'s five pages are made of, from a Chromium
trace. Run: `.venv/bin/python tests/pages/trace_tasks.py [home rule setup join table]`.

Each page is loaded three times, each time in a fresh headless Chromium (so the first navigation
of a new renderer is included, as in a Lighthouse run), unthrottled, on the same loopback server
and 7-seat table as bench_lighthouse.py. For every task on the page's renderer main thread the
trace gives its wall time (`dur`) and its CPU time (`tdur`); Lighthouse's mobile run reports a
task as its wall time times 4 (times 2 for a task with a layout: its simulated 4x CPU), so on a
busy machine a task that waits (for the CPU, for the compositor's commit, for a synchronous
call to the browser process) looks long however little it computes. This prints, per page, the
median over the three loads of the longest task as CPU time x4 and as wall time x4, then the
three longest tasks of the last load (CPU x4, before or after the first contentful paint) with
their biggest parts: navigation commit, HTML parsing, scripts (by file), style (elements),
layout (objects), paint and commit.
"""
from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.pages.bench_lighthouse import SLOWDOWN, measured_pages, table  # noqa: E402
from tests.support import start_gunicorn, stop_gunicorn  # noqa: E402

LOADS = 3
PARTS = ("DocumentLoader::CommitNavigation", "ParseHTML", "EvaluateScript", "FunctionCall",
         "TimerFire", "UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Commit")


def part(event: dict[str, Any]) -> str:
    """A task's part as a word: its name, with the script file, element or object count."""
    args = event.get("args") or {}
    data = args.get("data") or args.get("beginData") or {}
    name = event["name"].replace("DocumentLoader::", "")
    if data.get("url") and name in ("EvaluateScript", "FunctionCall"):
        name += f"({data['url'].rsplit('/', 1)[-1].split('?')[0]})"
    elif "elementCount" in args:
        name += f"({args['elementCount']} elements)"
    elif "totalObjects" in data:
        name += f"({data['dirtyObjects']}/{data['totalObjects']} objects)"
    return f"{name} {SLOWDOWN * event.get('tdur', 0) / 1000:.0f}"


def tasks(events: list[dict[str, Any]]) -> list[tuple[float, float, str, str]]:
    """The page renderer's main-thread tasks: (CPU ms x4, wall ms x4, before/after first
    contentful paint, biggest parts), longest CPU first."""
    page = {e["pid"] for e in events if e.get("name") == "ParseHTML" and str(
        ((e.get("args") or {}).get("beginData") or {}).get("url", "")).startswith("http")}
    main = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
            and e["args"]["name"] == "CrRendererMain" and e["pid"] in page}
    timed = sorted((e for e in events if (e.get("pid"), e.get("tid")) in main
                    and e.get("ph") == "X" and "dur" in e), key=lambda e: (e["ts"], -e["dur"]))
    painted = min((e["ts"] for e in events if e.get("name") == "firstContentfulPaint"
                   and e.get("pid") in page), default=0)
    found = []
    for task in (e for e in timed if e["name"] == "RunTask" and "tdur" in e):
        end = task["ts"] + task["dur"]
        inside = [e for e in timed if e["name"] in PARTS and task["ts"] <= e["ts"]
                  and e["ts"] + e["dur"] <= end]
        biggest = sorted(inside, key=lambda e: -e.get("tdur", 0))[:5]
        found.append((SLOWDOWN * task["tdur"] / 1000, SLOWDOWN * task["dur"] / 1000,
                      "before" if task["ts"] < painted else "after",
                      "; ".join(part(e) for e in biggest)))
    return sorted(found, reverse=True)


def main() -> int:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    chrome = shutil.which("chromium") or ""
    folder = Path(tempfile.mkdtemp())
    server, base = start_gunicorn(f"sqlite:///{folder}/trace.sqlite3", workers=1)
    try:
        code, _ = table(base)
        pages = measured_pages(code)
        only = set(sys.argv[1:])
        with sync_playwright() as playwright:
            for name, path in pages.items():
                if only and name not in only:
                    continue
                loads = []
                for _ in range(LOADS):
                    browser = playwright.chromium.launch(
                        executable_path=chrome,
                        args=["--headless=new", "--no-sandbox", "--disable-gpu",
                              "--disable-background-networking"])
                    context = browser.new_context(viewport={"width": 412, "height": 823},
                                                  is_mobile=True, device_scale_factor=1.75)
                    tab = context.new_page()
                    browser.start_tracing(page=tab, categories=[
                        "devtools.timeline", "disabled-by-default-devtools.timeline", "loading"])
                    tab.goto(base + path, wait_until="load")
                    tab.wait_for_timeout(2500)
                    loads.append(tasks(json.loads(browser.stop_tracing())["traceEvents"]))
                    browser.close()
                cpu = statistics.median(found[0][0] for found in loads)
                wall = statistics.median(max(t[1] for t in found) for found in loads)
                print(f"{name}: longest task, median of {LOADS} fresh loads: CPU x4 {cpu:.0f} ms,"
                      f" wall x4 {wall:.0f} ms")
                for cpu_ms, wall_ms, when, parts in loads[-1][:3]:
                    print(f"  CPU x4 {cpu_ms:3.0f} ms (wall x4 {wall_ms:3.0f}) {when} first "
                          f"paint: {parts}")
    finally:
        stop_gunicorn(server)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
