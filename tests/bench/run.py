"""`make bench`: Lairside's performance figures, each a ratio of two measurements in this run.

    .venv/bin/python tests/bench/run.py [--quick] [--only A,B1,...]
    SOAK_MINUTES=30 (default; 0.5 with --quick): the length of the memory soak (B5)

Every server is started by the bench as `make run` starts it (gunicorn -c python:api.config:
2 gevent workers) on a loopback port, and stopped after; load comes from wrk on this machine.
  in process (not with --quick): printables timings (tests/printables/bench.py), sessions at
      any length (big_session.py), search and calculator costs (core_costs.py)
  A   every endpoint's worker CPU per request ÷ bare Flask's, alternated (endpoints.py), and
      our floors': a route doing nothing in the app make run serves, one asking one SELECT,
      one INSERT and commit (floor.py); guards, not goals: reads ≤ 1.5× bare Flask, a session
      read and its 304 ≤ 1.2× the one-query floor
  B1  10,000 phones following 170 tables while lookups run, then 12,000 asking: followers
      held, lookup p99 ÷ with none, how fast a change reaches them, 503s for the excess,
      their CPU when quiet (live.py)
  B2  two app servers on one PostgreSQL: a change on one reaches followers on the other
  B3  PostgreSQL at 16, 64 and 256 clients mixing reads and appends (scaling.py)
  B4  500 slow clients against ordinary requests' p99 (slow_clients.py)
  B5  memory per worker over SOAK_MINUTES of a mixed load (soak.py)
  C   an append ÷ one INSERT and commit, at 250 and 5,000 events a table with 100 tables
      writing in turn; a cold read of a 5,000-event table ÷ a 50-event one (appends.py)
  D   a setup sheet and a game-night pack for a new seed ÷ a trivial PDF (printing.py)
Each part prints its figures and whether each target is met; the last line printed is one
JSON object with everything. --quick runs every part with small numbers (about 5 minutes).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE), str(ROOT)]

import appends  # noqa: E402
import endpoints  # noqa: E402
import live  # noqa: E402
import printing  # noqa: E402
import scaling  # noqa: E402
import slow_clients  # noqa: E402
import soak  # noqa: E402
from harness import ensure_wrk, postgres  # noqa: E402

IN_PROCESS = {"printables": ROOT / "tests/printables/bench.py",
              "big_session": HERE / "big_session.py", "core_costs": HERE / "core_costs.py"}
PARTS = ("in_process", "A", "B1", "B2", "B3", "B4", "B5", "C", "D")


def in_process() -> dict[str, Any]:
    """Each in-process bench in its own interpreter, its output passed through; the JSON
    object its last line holds, if any."""
    out: dict[str, Any] = {}
    for name, path in IN_PROCESS.items():
        print(f"-- {name}: {path.relative_to(ROOT)}", flush=True)
        done = subprocess.run([sys.executable, str(path)], cwd=ROOT, text=True,
                              stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
        lines = done.stdout.rstrip().splitlines()
        last = lines[-1] if lines else ""
        figures = None
        if last.startswith("{"):
            figures = json.loads(last)
            lines = lines[:-1]
        print("\n".join(lines), flush=True)
        out[name] = {"exit": done.returncode, "figures": figures}
    return out


def summary(results: dict[str, Any]) -> list[tuple[str, bool]]:
    """(target, met) of every target measured."""
    rows: list[tuple[str, bool]] = [
        (f"in process: {name} ran to its end (exit {got['exit']})", got["exit"] == 0)
        for name, got in results.get("in_process", {}).items()]
    a = results.get("A")
    if a:
        for name, e in a["endpoints"].items():
            if e["target"] is None:  # the floor: what a route doing nothing costs
                continue
            rows.append((f"A  {name}: CPU ratio to {e['guard']['over']} "
                         f"{e['guard']['ratio']:.2f} ≤ {e['target']} (a guard)", bool(e["met"])))
        rows.append((f"A  errors: {a['errors']}", a["errors"] == 0))
    b1 = results.get("B1")
    if b1:
        full = b1["full"]
        rows += [(f"B1 {b1['phones']:,} followers held: {b1['held']:,} ({b1['per_worker']} a "
                  "worker), none refused", b1["met"]["held"]),
                 (f"B1 lookup p99 with {b1['phones']:,} followers ÷ none: "
                  f"{b1['lookup_p99_ratio']:.2f} ≤ 2", b1["met"]["lookup_p99"]),
                 (f"B1 change reaches followers within 1 s: "
                  f"{100 * (b1['reach']['within_1s'] or 0):.1f}% ≥ 99%, "
                  f"{b1['reach']['missed']} missed", b1["met"]["reach_1s"]),
                 (f"B1 {b1['attempted']:,} attempted: {full['held']:,} held, {full['refused']:,}"
                  " answered 503 with Retry-After, none left hanging",
                  b1["met"]["full_refused"]),
                 (f"B1 lookup p99 with {b1['attempted']:,} attempted ÷ none: "
                  f"{full['lookup_p99_ratio']:.2f} ≤ 2", b1["met"]["full_lookup_p99"]),
                 (f"B1 CPU per lookup, idle followers ÷ none: {b1['cpu_per_lookup_ratio']:.2f}"
                  f" ≤ 1.2", b1["met"]["cpu_per_lookup"]),
                 (f"B1 idle followers' own CPU: {b1['quiet']['own_pct']:.2f}% of a core < "
                  f"{2 * b1['phones'] / 1000:g}% (2% a thousand)", b1["met"]["quiet_cpu"]),
                 ("B1 lookups without errors", b1["met"]["errors"])]
    b2 = results.get("B2")
    if b2:
        rows.append((f"B2 change on one server → followers on the other: p99 "
                     f"{b2['other_server']['p99_ms']} ms ≤ 1000, "
                     f"{b2['other_server']['missed']} missed", b2["all_met"]))
    b3 = results.get("B3")
    if b3:
        rows += [(f"B3 PostgreSQL errors at 16/64/256 clients: {b3['errors']}",
                  b3["met"]["errors"]),
                 (f"B3 req/s at 256 ÷ at 16: {b3['rps_ratio_256_16']:.2f} ≥ 0.8",
                  b3["met"]["rps_256_vs_16"])]
    b4 = results.get("B4")
    if b4:
        rows.append((f"B4 p99 with {b4['slow_clients']} slow clients ÷ without: "
                     f"{b4['p99_ratio']:.2f} ≤ 2, {b4['runs']['slow']['errors']} errors",
                     b4["all_met"]))
    b5 = results.get("B5")
    if b5:
        growth = max((w["growth_after_reference"] for w in b5["workers"].values()),
                     default=float("nan"))
        rows.append((f"B5 RSS per worker at {b5['minutes']:g} min ÷ at "
                     f"{b5['reference_minutes']:.2g} min: largest growth {100 * growth:+.1f}% "
                     f"≤ +5%, {b5['load']['errors']} errors", b5["all_met"]))
    c = results.get("C")
    if c:
        for events, got in c["appends"]["lengths"].items():
            rows.append((f"C  append ÷ INSERT floor at {int(events):,} events a table, "
                         f"{got['tables']} tables in turn: {got['ratio']:.2f} ≤ 2, "
                         f"{got['errors']} errors", got["met"]))
        cold = c["cold_reads"]
        rows.append((f"C  cold read of a 5,000-event table ÷ a 50-event one: "
                     f"{cold['ratio']:.2f} ≤ 2", cold["met"]))
    d = results.get("D")
    if d:
        for name, what in (("sheet", "setup sheet"), ("pack", "game-night pack")):
            rows.append((f"D  {what} for a new seed ÷ trivial PDF: {d['ratios'][name]:.1f} ≤ "
                         f"{d['targets'][name]:g} ({d['seconds_cpu'][name]:.3f} s)",
                         d["met"][name]))
    return rows


def main() -> int:
    quick = "--quick" in sys.argv
    only = set(PARTS)
    if "--only" in sys.argv:
        only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    minutes = float(os.environ.get("SOAK_MINUTES") or (0.5 if quick else 30))
    ensure_wrk()
    started = time.monotonic()
    results: dict[str, Any] = {"quick": quick}
    if "in_process" in only and not quick:
        results["in_process"] = in_process()
    if "A" in only:
        results["A"] = endpoints.run(quick)
    if "B1" in only:
        results["B1"] = live.followers(quick)
    if only & {"B2", "B3"}:
        with postgres() as new_database:
            if "B2" in only:
                results["B2"] = live.two_servers(new_database, quick)
            if "B3" in only:
                results["B3"] = scaling.run(new_database, quick)
    if "B4" in only:
        results["B4"] = slow_clients.run(quick)
    if "B5" in only:
        results["B5"] = soak.run(minutes, quick)
    if "C" in only:
        results["C"] = {"appends": appends.appends(quick), "cold_reads": appends.cold_reads(quick)}
    if "D" in only:
        results["D"] = printing.run(quick)
    rows = summary(results)
    results["targets"] = [{"what": text, "met": met} for text, met in rows]
    results["met"] = sum(met for _, met in rows)
    results["not_met"] = sum(not met for _, met in rows)
    results["seconds"] = round(time.monotonic() - started, 1)
    print(f"Targets ({results['met']} met, {results['not_met']} not met; "
          f"{results['seconds'] / 60:.1f} min):")
    for text, met in rows:
        print(f"  {'met    ' if met else 'NOT met'}  {text}")
    print(json.dumps(results, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
