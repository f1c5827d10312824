"""Part B (issue 28, item 6): memory per worker over time under a mixed load.

One app server (`make run`'s settings, SQLite) for SOAK_MINUTES (30 in `make bench`; 1 with
QUICK=1): wrk sends a bounded mix (8 connections, each pausing 20 ms before each request, so a
few hundred requests a second at most) of rule lookups, searches, setups, calculators, scores,
phone pages, session reads, new sessions (one request in 50) and appends (one in 10, each
wrk thread to its own sessions, with If-Match and a fresh Idempotency-Key), while 100 phones
follow the tables being written to. Each worker's resident memory (VmRSS from /proc) is read
every 30 s (5 s with --quick) and printed as it goes. Target: at the end, no worker more than
5% larger than after the first 5 minutes (after the first sixth of a shorter soak).
"""
from __future__ import annotations

import json
import random
import tempfile
import threading
import time
from typing import Any

import inputs
from harness import Load, Mix, load, served, verdict
from live import FollowerClients, phones

from assistant.games import all_games

CONNECTIONS, DELAY_MS = 8, 20
FOLLOWERS = 100
TABLES_PER_CONNECTION = 24
"""Sessions each wrk connection appends to: 192 tables reach about 330 events each in 30
minutes, a long game's length."""


def mixed(base: str, rng: random.Random) -> list[tuple[str, str, dict[str, str], str | None]]:
    """A sample of every kind of read and lookup, and session creates (one in 50)."""
    ops = inputs.operation_requests(rng)
    requests = (inputs.rule_requests() + rng.sample(inputs.search_requests(rng), 300)
                + inputs.page_requests()[:150] + ops["setup"][:200]
                + ops["phone setup page"][:100] + rng.sample(ops["calculators"], 200)
                + ops["score"][:100])
    requests = inputs.answered(base, requests)
    creates = [("POST", f"/api/v1/games/{g.slug}/sessions", inputs.JSON,
                json.dumps(g.tracker.example_setup)) for g in all_games() if g.tracker]
    requests += [creates[i % len(creates)] for i in range(len(requests) // 49)]
    rng.shuffle(requests)
    return requests


def run(minutes: float, quick: bool = False) -> dict[str, Any]:
    every = 5 if quick else 30
    reference = min(5.0, minutes / 6)
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp, \
            served(env={"LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp}/soak.sqlite3"}) as app:
        rng = random.Random(30)
        readers = inputs.make_sessions(app.base, 100)
        writers = inputs.make_sessions(app.base, TABLES_PER_CONNECTION * CONNECTIONS)
        mix = Mix(mixed(app.base, rng) + inputs.session_reads(readers), (200, 201), writers,
                  inputs.note_bodies(), every=10, delay_ms=DELAY_MS)
        rng.shuffle(mix.requests)
        print(f"B5. memory per worker over {minutes:g} min of a mixed load ({len(mix.requests)}"
              f" distinct requests, appends to {len(writers)} sessions, {FOLLOWERS} phones "
              f"following; {CONNECTIONS} connections pausing {DELAY_MS} ms); RSS every "
              f"{every} s", flush=True)
        with FollowerClients(phones([app], writers, FOLLOWERS)) as clients:
            result: list[Load] = []
            wrk = threading.Thread(target=lambda: result.append(load(
                app, mix, connections=CONNECTIONS, seconds=round(minutes * 60))))
            start = time.monotonic()
            wrk.start()
            series: list[tuple[float, dict[int, float]]] = []
            while wrk.is_alive():
                wrk.join(timeout=max(0.0, start + every * (len(series) + 1)
                                     - time.monotonic()))
                if not wrk.is_alive():
                    break
                at = (time.monotonic() - start) / 60
                series.append((at, app.rss()))
                anonymous = app.anonymous()
                print(f"    {at:6.2f} min  RSS MiB (of it anonymous) "
                      + "  ".join(f"{pid}: {mib:6.1f} ({anonymous.get(pid, 0):6.1f})"
                                  for pid, mib in sorted(series[-1][1].items())), flush=True)
            events = len(clients.report()["arrivals"])
        time.sleep(1)  # what closing the streams logged
        problems = app.problems()
    run_ = result[0]
    pids = sorted({pid for _, rss in series for pid in rss})
    workers: dict[str, Any] = {}
    for pid in pids:
        points = [(at, rss[pid]) for at, rss in series if pid in rss]
        ref = next((mib for at, mib in points if at >= reference), points[-1][1])
        last = points[-1][1]
        growth = (last - ref) / ref
        workers[str(pid)] = {"first_mib": round(points[0][1], 1),
                             "reference_mib": round(ref, 1), "last_mib": round(last, 1),
                             "max_mib": round(max(m for _, m in points), 1),
                             "growth_after_reference": round(growth, 4),
                             "series": [[round(at, 2), round(m, 1)] for at, m in points]}
    flat = bool(workers) and all(w["growth_after_reference"] <= 0.05
                                 for w in workers.values()) and len(pids) == 2
    met = {"flat": flat, "errors": run_.errors == 0}
    for pid, w in workers.items():
        growth = 100 * w["growth_after_reference"]
        print(f"  worker {pid}: {w['first_mib']} MiB at first, {w['reference_mib']} at "
              f"{reference:.2g} min, {w['last_mib']} at the end ({growth:+.1f}%)")
    print(f"  at most 5% larger than at {reference:.2g} min: {verdict(flat)}"
          + ("" if len(pids) == 2 else f" (workers seen: {pids}: one was replaced)")
          + f"; {run_.requests:,} requests ({run_.rps:.0f}/s), {run_.errors} errors "
          f"{dict(sorted(run_.statuses.items()))}; {events:,} events reached the followers"
          + (f"; server log: {problems}" if problems else ""))
    return {"minutes": minutes, "sample_seconds": every, "reference_minutes": reference,
            "load": run_.brief(), "follower_events": events, "workers": workers,
            "server_log_problems": problems, "met": met, "all_met": all(met.values()),
            "seconds": round(time.monotonic() - started, 1)}
