"""Part A: every endpoint's worker CPU per request as a ratio to bare Flask's, as guards.

A bare Flask app (bare.py: a small fixed JSON) and Lairside run side by side under `make run`'s
settings (`gunicorn -c python:api.config`, 2 gevent workers), on loopback, loaded with wrk.
They alternate: bare, an endpoint, bare, the next endpoint, ... three times over (once with
--quick), so each endpoint run sits between two bare runs seconds apart and is compared with
their mean. Each endpoint run is made at 16 connections (the ratio) and at 64 (latency only).

    ratio = the endpoint's worker CPU per request ÷ bare Flask's      (lower is better)

The ratios are guards, not goals (issue 39): a guard missed is a change to look at, never a
reason to answer a URL beside its view. Reads stay within 1.5× bare Flask; a session read and
its 304 within 1.2× the one-query floor (a route asking the database one SELECT: no session
read can cost less).

Each endpoint cycles through at least 200 distinct requests (inputs.py), each sent once just
before the endpoint's runs (`warm`): what a server keeps of the answers it was asked before is
kept, as at a table, although the one bounded cache of answers (8 MiB) cannot hold every
endpoint's inputs at once, and the runs in between push them out. Appends go through
wrk with one thread per connection, each thread owning its own sessions: it sends If-Match
with the version of the ETag its last append to that session answered, and a fresh
Idempotency-Key each time. Every answer with an unexpected status (any non-2xx; 304 for the
revalidations) is counted and printed.
"""
from __future__ import annotations

import random
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import inputs
from harness import Load, Mix, Owned, Server, call, load, served, spread, verdict

QUERY_FLOOR = "floor + query"
GUARDS: dict[str, tuple[float, str | None] | None] = {
    # (bound, over): the median ratio to bare Flask (over None), or to the one-query floor,
    # is at most the bound
    "rule lookup": (1.5, None), "search": (1.5, None), "setup": (1.5, None),
    "phone rule page": (1.5, None), "phone setup page": (1.5, None),
    "session read": (1.2, QUERY_FLOOR), "session 304": (1.2, QUERY_FLOOR),
    "calculators": (1.5, None), "score": (1.5, None), "session append": (3.0, None),
    "floor": None, QUERY_FLOOR: None, "floor + DBAPI": None}
"""The floors (floor.py) have no target: what a route doing nothing costs in our app, and one
that asks the database one SELECT through SQLAlchemy, or on its pool's DBAPI connection."""
MIN_INPUTS = 200
BARE = Mix([("GET", "/x", {}, None)])
FLOORS = {"floor": BARE,
          "floor + query": Mix([("GET", f"/x/query/k7m2x9q{c}", {}, None) for c in "abcdefgh"]),
          "floor + DBAPI": Mix([("GET", f"/x/dbapi/k7m2x9q{c}", {}, None) for c in "abcdefgh"])}


def mixes(app: Server, quick: bool) -> dict[str, Mix]:
    """Every endpoint's requests (sampled to at most 600, 240 with --quick), each sent once
    and kept only when answered as expected."""
    rng = random.Random(21)
    readers = inputs.make_sessions(app.base, 200 if quick else 240)
    writers = inputs.make_sessions(app.base, 64 if quick else 256)
    found = {"rule lookup": inputs.rule_requests(), "search": inputs.search_requests(rng),
             **inputs.operation_requests(rng), "phone rule page": inputs.page_requests(),
             "session read": inputs.session_reads(readers),
             "session 304": inputs.revalidations(readers)}
    most = 240 if quick else 600
    out: dict[str, Mix] = {}
    for name, requests in found.items():
        if len(requests) > most:
            requests = rng.sample(requests, most)
        expect = (304,) if name == "session 304" else (200,)
        out[name] = Mix(inputs.answered(app.base, requests, expect), expect)
    out["session append"] = Mix([], (201,), writers, inputs.note_bodies())
    return out


def warm(server: Server, mix: Mix) -> None:
    """Each of the endpoint's requests sent once (not measured)."""
    if mix.requests:
        inputs.answered(server.base, mix.requests, mix.expect)


def refresh(server: Server, sessions: list[Owned]) -> None:
    """Each session's current version, once the server has finished what it was sent (a
    run's last appends may be answered after wrk stopped reading)."""
    server.settle(10)
    def one(session: Owned) -> None:
        session.version = call(server.base, "GET",
                               f"/api/v1/sessions/{session.code}")[2]["version"]

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(one, sessions))


def run(quick: bool = False) -> dict[str, Any]:
    seconds = 1 if quick else 4
    repetitions = 1 if quick else 3
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp, served("bare:app") as bare, \
            served(env={"LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3"}) as app, \
            served("floor:app", env={"LAIRSIDE_DATABASE_URL":
                                     f"sqlite:///{tmp}/floor.sqlite3"}) as floor:
        endpoints = {**mixes(app, quick), **FLOORS}
        server = {name: floor if name in FLOORS else app for name in endpoints}
        print(f"A. endpoints vs bare Flask: inputs ready in {time.monotonic() - started:.0f} s;"
              f" {seconds} s per run, {repetitions} repetitions, 16 and 64 connections",
              flush=True)
        bare_runs: list[Load] = [load(bare, BARE, seconds=seconds)]
        bare_64: list[Load] = []
        runs: dict[str, list[tuple[Load, Load, int]]] = {name: [] for name in endpoints}
        """Per endpoint: (run at 16, run at 64, index of the bare run just before)."""
        for _ in range(repetitions):
            bare_64.append(load(bare, BARE, connections=64, seconds=seconds))
            for name, mix in endpoints.items():
                warm(server[name], mix)
                at16 = load(server[name], mix, connections=16, seconds=seconds)
                if mix.appends:
                    refresh(app, mix.owned)
                at64 = load(server[name], mix, connections=64, seconds=seconds)
                if mix.appends:
                    refresh(app, mix.owned)
                runs[name].append((at16, at64, len(bare_runs) - 1))
                bare_runs.append(load(bare, BARE, seconds=seconds))
    return report(endpoints, runs, bare_runs, bare_64, quick, seconds, repetitions,
                  time.monotonic() - started)


def report(endpoints: dict[str, Mix], runs: dict[str, list[tuple[Load, Load, int]]],
           bare_runs: list[Load], bare_64: list[Load], quick: bool, seconds: int,
           repetitions: int, took: float) -> dict[str, Any]:
    def med(values: list[float]) -> float:
        return statistics.median(values)

    bare_errors = sum(r.errors for r in bare_runs + bare_64)
    print(f"  bare Flask: {med([r.cpu_ms for r in bare_runs]):.3f} ms CPU per request, "
          f"{med([r.rps for r in bare_runs]):.0f} req/s; p50/p99 "
          f"{med([r.p50 for r in bare_runs]):.1f}/{med([r.p99 for r in bare_runs]):.1f} ms at "
          f"16, {med([r.p50 for r in bare_64]):.1f}/{med([r.p99 for r in bare_64]):.1f} ms at 64;"
          f" {bare_errors} errors")
    print("  guards: reads ≤ 1.5× bare Flask; session read and 304 ≤ 1.2× the one-query floor "
          "(f: the ratio to that floor)")
    print(f"  {'endpoint':<17} {'inputs':>6}  {'CPU ratio min/med/max':<21} {'guard':<13} "
          f"{'p50/p99 ms @16':>15} {'p50/p99 ms @64':>15}  errors")
    out: dict[str, Any] = {}
    spreads = {}
    for name, got in runs.items():
        ratios = []
        for at16, _, before in got:
            around = (bare_runs[before].cpu_ms + bare_runs[before + 1].cpu_ms) / 2
            ratios.append(at16.cpu_ms / around)
        spreads[name] = spread(ratios)
    for name, got in runs.items():
        cpu = spreads[name]
        guard = GUARDS[name]
        target, over = guard if guard is not None else (None, None)
        floor = spreads.get(over)["median"] if over in spreads else None  # type: ignore
        guarded = cpu["median"] / floor if floor else cpu["median"]
        met = None if target is None or (over and not floor) else guarded <= target
        errors = sum(a.errors + b.errors for a, b, _ in got)
        statuses: dict[int, int] = {}
        for a, b, _ in got:
            for run in (a, b):
                for code, n in run.statuses.items():
                    if code not in endpoints[name].expect:
                        statuses[code] = statuses.get(code, 0) + n
        count = len(endpoints[name].requests) or len(endpoints[name].bodies)
        latency = {c: (med([r[i].p50 for r in got]), med([r[i].p99 for r in got]))
                   for i, c in ((0, 16), (1, 64))}
        out[name] = {
            "inputs": count, "cpu_ratio": cpu, "target": target, "met": met,
            "guard": {"over": over or "bare Flask", "ratio": round(guarded, 3)},
            "cpu_ms_per_request": spread([a.cpu_ms for a, _, _ in got], 4),
            "rps": spread([a.rps for a, _, _ in got], 0),
            "p50_ms": {str(c): round(v[0], 2) for c, v in latency.items()},
            "p99_ms": {str(c): round(v[1], 2) for c, v in latency.items()},
            "errors": errors, "error_statuses": {str(k): v for k, v in sorted(statuses.items())}}
        if endpoints[name].appends:
            out[name]["sessions"] = len(endpoints[name].owned)
        few = "" if count >= MIN_INPUTS or target is None else f" (only {count} inputs!)"
        shown = f"{cpu['min']:.2f}/{cpu['median']:.2f}/{cpu['max']:.2f}"
        aim = "(no work)    " if target is None else \
            f"{guarded:.2f}{'f' if over else ' '}≤{target:<4} {verdict(bool(met)):<7}"
        print(f"  {name:<17} {count:>6}  {shown:<21} {aim} "
              f"{latency[16][0]:>6.1f}/{latency[16][1]:<8.1f} {latency[64][0]:>6.1f}/"
              f"{latency[64][1]:<8.1f} {errors}"
              + (f" {dict(sorted(statuses.items()))}" if statuses else "") + few)
    return {"quick": quick, "seconds_per_run": seconds, "repetitions": repetitions,
            "bare": {"cpu_ms_per_request": spread([r.cpu_ms for r in bare_runs], 4),
                     "rps": spread([r.rps for r in bare_runs], 0),
                     "p99_ms": {"16": round(med([r.p99 for r in bare_runs]), 2),
                                "64": round(med([r.p99 for r in bare_64]), 2)},
                     "errors": bare_errors},
            "endpoints": out,
            "met": all(e["met"] for e in out.values() if e["target"] is not None),
            "errors": sum(e["errors"] for e in out.values()) + bare_errors,
            "seconds": round(took, 1)}
