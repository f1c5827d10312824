"""Part B (issue 28, item 6): PostgreSQL at 16, 64 and 256 clients mixing reads and appends.

One app server (`make run`'s settings) on a throw-away PostgreSQL. wrk runs one thread per
connection; each thread owns its own sessions and appends to them (If-Match: the version its
last append there answered; a fresh Idempotency-Key), and between appends reads sessions of
every game (four reads to an append). The levels run in turn, twice over (once with --quick);
each level's figure is the median of its runs. Targets: no error at any level (every status
other than 200 and 201 counts, and wrk's socket errors and timeouts), and requests per second
at 256 clients at least 0.8 x the figure at 16.

The load is a closed loop, as phones are: each client waits for its answer before it asks
again. Once the server is busy, 256 clients bring no more requests per second than 16, each
waits longer (p50 and p99 grow with the clients), and an error can come only from a request
that waited past LAIRSIDE_DB_WAIT in the line for a connection (api/storage/gate.py).
"""
from __future__ import annotations

import statistics
import time
from typing import Any

import inputs
from endpoints import refresh
from harness import Load, Mix, load, served, verdict

LEVELS = (16, 64, 256)


def run(new_database: Any, quick: bool = False) -> dict[str, Any]:
    seconds = 3 if quick else 8
    passes = 1 if quick else 2
    started = time.monotonic()
    with served(env={"LAIRSIDE_DATABASE_URL": new_database()}) as app:
        readers = inputs.make_sessions(app.base, 200)
        writers = inputs.make_sessions(app.base, 256)
        mix = Mix(inputs.session_reads(readers), (200, 201), writers, inputs.note_bodies(),
                  every=5)
        print(f"B3. PostgreSQL: reads of {len(readers)} sessions and appends to {len(writers)}"
              f" (one in five requests) at {', '.join(map(str, LEVELS))} clients, {seconds} s "
              f"a run, {passes} pass(es)", flush=True)
        runs: dict[int, list[Load]] = {n: [] for n in LEVELS}
        for _ in range(passes):
            for n in LEVELS:
                runs[n].append(load(app, mix, connections=n, seconds=seconds))
                refresh(app, writers)
        problems = app.problems()
    rps = {n: statistics.median(r.rps for r in got) for n, got in runs.items()}
    errors = sum(r.errors for got in runs.values() for r in got)
    ratio = rps[LEVELS[-1]] / rps[LEVELS[0]]
    met = {"errors": errors == 0, "rps_256_vs_16": ratio >= 0.8}
    for n, got in runs.items():
        statuses: dict[int, int] = {}
        for r in got:
            for code, count in r.statuses.items():
                statuses[code] = statuses.get(code, 0) + count
        print(f"    {n:>3} clients: {rps[n]:6.0f} req/s  p50 "
              f"{statistics.median(r.p50 for r in got):6.1f} ms  p99 "
              f"{statistics.median(r.p99 for r in got):7.1f} ms  "
              f"answers {dict(sorted(statuses.items()))}"
              f"  errors {sum(r.errors for r in got)}")
    print(f"  errors: {errors} (0) {verdict(met['errors'])}; req/s at 256 ÷ at 16: {ratio:.2f} "
          f"(≥ 0.8) {verdict(met['rps_256_vs_16'])}" + (f"; server log: {problems}" if problems
                                                       else ""))
    return {"seconds_per_run": seconds, "passes": passes,
            "levels": {str(n): [r.brief() for r in got] for n, got in runs.items()},
            "rps": {str(n): round(v, 1) for n, v in rps.items()}, "errors": errors,
            "rps_ratio_256_16": round(ratio, 3), "server_log_problems": problems, "met": met,
            "all_met": all(met.values()), "seconds": round(time.monotonic() - started, 1)}
