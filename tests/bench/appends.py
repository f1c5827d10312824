"""Part C (issue 42, items 2 and 3): what a long table costs, as ratios within this run.

appends(): 100 tables of 250 events, then 100 of 5,000 (a game's example events cycled, an
undo where one is refused: a long evening's table), each set served by `make run`'s server
with the floors added (floor.py); wrk appends a note to each table in turn (one connection per
wrk thread, each thread owning its tables, If-Match the version its last append there
answered), alternated with runs of the write floor (POST /x/insert: one INSERT and its
commit). Figure: the workers' CPU per append ÷ per floor request (the mean of the floor runs
around it): at most 2, at 250 and at 5,000 events.

cold_reads(): in a fresh interpreter (a worker that never saw any of them), the first read of
each of 20 tables of 5,000 events and of 20 of 50 events (GET /api/v1/sessions/<code> through
the app): the median CPU of the first ÷ of the second, at most 2 (a table is resumed from its
newest snapshot and the events after it, whatever its length).

Tables are written straight into a SQLite file before the servers start: one folded and
stored as an import is (Store.create, its snapshots with it), the others copied from it in SQL.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import inputs
from harness import JSON, ROOT, Load, Mix, Owned, call, load, served, verdict

LIMITS = {"LAIRSIDE_MAX_EVENTS": "20000", "LAIRSIDE_MAX_SESSION_BYTES": str(64 * 2**20)}
GAME = "tdt"
TARGET = 2.0


def examples(count: int) -> list[tuple[Any, None]]:
    """`count` events of the game's examples cycled, an undo where one is refused."""
    from assistant.errors import InvalidInput
    from assistant.games import find_game
    from assistant.tracker import History, parse_event

    tracker = find_game(GAME).tracker
    history = History(tracker, tracker.parse_setup(tracker.example_setup))
    plain = [parse_event(tracker, e) for e in tracker.example_events]
    out: list[tuple[Any, None]] = []
    while len(out) < count:
        event = plain[len(out) % len(plain)]
        try:
            history.append(event)
        except InvalidInput:
            event = parse_event(tracker, {"kind": "undo"})
            history.append(event)
        out.append((event, None))
    return out


def tables(url: str, events: int, count: int) -> list[Owned]:
    """`count` tables of `events` events in the database at `url`: one stored as an import
    is, the others copied from it (sessions, events and snapshots rows)."""
    from sqlalchemy import text

    from api.storage import Store, tokens
    from assistant.games import find_game

    tracker = find_game(GAME).tracker
    store = Store(url, max_events=int(LIMITS["LAIRSIDE_MAX_EVENTS"]),
                  max_bytes=int(LIMITS["LAIRSIDE_MAX_SESSION_BYTES"])).ready()
    info, token = store.create(tracker, tracker.parse_setup(tracker.example_setup),
                               examples(events))
    made = [Owned(info.code, token, events)]
    with store.engine.begin() as conn:
        for _ in range(count - 1):
            code = tokens.new_code()
            new = conn.execute(text(
                "INSERT INTO sessions (code, token_hash, game, mode, setup, version, "
                "size_bytes, created_at, updated_at) SELECT :code, token_hash, game, mode, "
                "setup, version, size_bytes, created_at, updated_at FROM sessions "
                "WHERE id = :id RETURNING id"), {"code": code, "id": info.id}).scalar_one()
            for table, columns in (("events", "seq, kind, payload, created_at"),
                                   ("snapshots", "version, fold, record, state")):
                conn.execute(text(f"INSERT INTO {table} (session_id, {columns}) SELECT :new, "
                                  f"{columns} FROM {table} WHERE session_id = :id"),
                             {"new": new, "id": info.id})
            made.append(Owned(code, token, events))
    store.dispose()
    return made


def caught_up(base: str, owned: list[Owned]) -> None:
    """Each table's version as the server has it now (a phone that read its table): the
    previous pass moved them on, and a write from an older version is rightly refused 412."""
    for table in owned:
        table.version = int(call(base, "GET", f"/api/v1/sessions/{table.code}")[2]["version"])


def appends(quick: bool = False) -> dict[str, Any]:
    count = 20 if quick else 100
    lengths = (250, 1_000) if quick else (250, 5_000)
    seconds = 2 if quick else 5
    passes = 1 if quick else 3
    started = time.monotonic()
    floor = Mix([("POST", "/x/insert", JSON, json.dumps({"kind": "note", "text": "x" * 40}))])
    out: dict[str, Any] = {}
    print(f"C1. appends to {count} tables written in turn (16 connections) ÷ the write floor "
          f"(one INSERT and commit), {seconds} s a run, {passes} pass(es)", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        for events in lengths:
            url = f"sqlite:///{tmp}/appends-{events}.sqlite3"
            owned = tables(url, events, count)
            mix = Mix([], (201,), owned, inputs.note_bodies())
            with served("floor:app", env={"LAIRSIDE_DATABASE_URL": url, **LIMITS}) as app:
                inputs.answered(app.base, floor.requests)  # the floor's table made
                for table in owned:  # each table read once: held as a running evening holds it
                    inputs.answered(app.base, inputs.session_reads([table]))
                floors: list[Load] = [load(app, floor, seconds=seconds)]
                runs: list[Load] = []
                for _ in range(passes):
                    caught_up(app.base, owned)  # each pass writes from the versions now
                    runs.append(load(app, mix, connections=16, seconds=seconds))
                    floors.append(load(app, floor, seconds=seconds))
                problems = app.problems()
            ratios = [run.cpu_ms / ((floors[i].cpu_ms + floors[i + 1].cpu_ms) / 2)
                      for i, run in enumerate(runs)]
            ratio = statistics.median(ratios)
            errors = sum(r.errors for r in runs + floors)
            out[str(events)] = {
                "tables": count, "ratio": round(ratio, 3), "ratios": [round(r, 3) for r in ratios],
                "append_cpu_ms": round(statistics.median(r.cpu_ms for r in runs), 4),
                "floor_cpu_ms": round(statistics.median(f.cpu_ms for f in floors), 4),
                "append_p99_ms": round(statistics.median(r.p99 for r in runs), 2),
                "appends": sum(r.requests for r in runs), "errors": errors,
                "statuses": {str(k): v for r in runs for k, v in r.statuses.items()},
                "server_log_problems": problems, "met": ratio <= TARGET and errors == 0}
            got = out[str(events)]
            print(f"  {events:>5,} events a table: append {got['append_cpu_ms']:.3f} ms CPU, "
                  f"floor {got['floor_cpu_ms']:.3f} ms: append ÷ INSERT floor {ratio:.2f} "
                  f"(≤ {TARGET}) {verdict(got['met'])}; {errors} errors"
                  + (f"; server log: {problems}" if problems else ""), flush=True)
    return {"lengths": {k: v for k, v in out.items()}, "seconds_per_run": seconds,
            "passes": passes, "all_met": all(v["met"] for v in out.values()),
            "seconds": round(time.monotonic() - started, 1)}


def cold_reads(quick: bool = False) -> dict[str, Any]:
    count = 8 if quick else 20
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/cold.sqlite3"
        sets = {str(n): [t.code for t in tables(url, n, count)] for n in (50, 5_000)}
        done = subprocess.run([sys.executable, __file__, "--cold", url, json.dumps(sets)],
                              capture_output=True, text=True, timeout=600, cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT), **LIMITS})
        if done.returncode:
            raise RuntimeError(done.stderr[-3000:])
        got: dict[str, list[float]] = json.loads(done.stdout.strip().splitlines()[-1])
    medians = {n: statistics.median(v) * 1000 for n, v in got.items()}
    ratio = medians["5000"] / medians["50"]
    met = ratio <= TARGET
    print(f"C2. cold read (first GET in a fresh worker) of {count} tables each: 5,000 events "
          f"{medians['5000']:.2f} ms CPU, 50 events {medians['50']:.2f} ms: ratio {ratio:.2f} "
          f"(≤ {TARGET}) {verdict(met)}", flush=True)
    return {"tables": count, "cpu_ms": {n: round(m, 3) for n, m in medians.items()},
            "ratio": round(ratio, 3), "met": met, "all_met": met,
            "seconds": round(time.monotonic() - started, 1)}


def _measure_cold(url: str, sets: dict[str, list[str]]) -> dict[str, list[float]]:
    """In this fresh interpreter: each table's first read, CPU seconds, the sets taken in
    turn (the first read of all is left out: it warms the app, not the table)."""
    from api import create_app

    app = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": url,
                      "LAIRSIDE_MAX_EVENTS": int(LIMITS["LAIRSIDE_MAX_EVENTS"])})
    client = app.test_client()
    client.get(f"/api/v1/sessions/{sets['50'][0]}")
    times: dict[str, list[float]] = {n: [] for n in sets}
    for i in range(1, len(sets["50"])):
        for n, codes in sets.items():
            used = time.process_time()
            answer = client.get(f"/api/v1/sessions/{codes[i]}")
            times[n].append(time.process_time() - used)
            assert answer.status_code == 200, answer.status_code
    app.extensions["lairside.sessions"].dispose()
    return times


if __name__ == "__main__" and sys.argv[1:2] == ["--cold"]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    print(json.dumps(_measure_cold(sys.argv[2], json.loads(sys.argv[3]))))
