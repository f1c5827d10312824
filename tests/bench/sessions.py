"""`make bench` figures for shared game sessions (called by run.py as `run(report)`).

Under gunicorn (2 sync workers, like `make run`) on a fresh SQLite file (WAL,
synchronous=FULL: every acknowledged append is on disk): state reads (full body and 304
revalidation) and appends per second, each as a ratio to bare Flask in the same run, and the
latency of an append at 16 concurrent clients (p50/p99).
"""
from __future__ import annotations

import json
import tempfile
import urllib.request
from pathlib import Path

from harness import served, wrk

SETUP = {"mode": "cutthroat", "seats": [
    {"goodman": True}, {"henchman": "Azura Badeau"}, {"henchman": "Jin Feng"},
    {"henchman": "Boris Myasneek"}, {"henchman": "Cassandra O'Shea"}]}


def _create(base: str) -> dict:
    request = urllib.request.Request(base + "/api/v1/games/tdt/sessions",
                                     data=json.dumps(SETUP).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def run(report) -> None:
    print("sessions under gunicorn, 2 sync workers, SQLite WAL synchronous=FULL, "
          "wrk 16 connections, 5 s each:")
    with served("bare:app", env={"PYTHONPATH": str(Path(__file__).parent)}) as base:
        bare = wrk(base + "/x")
    report("bare Flask fixed JSON (baseline)", f"{bare['rps']:8.0f} req/s  p99 "
                                               f"{bare['p99']:.1f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        env = {"LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
               "LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off"}
        with served("api:create_app()", env=env) as base:
            session = _create(base)
            url = f"{base}/api/v1/sessions/{session['code']}"
            writes = {"Content-Type": "application/json", "If-Match": "*",
                      "Authorization": f"Bearer {session['edit_token']}"}
            body = json.dumps({"kind": "vp", "seat": "jin-feng", "amount": 1})
            appended = wrk(url + "/events", method="POST", body=body, headers=writes)
            version = json.loads(urllib.request.urlopen(url).read())["version"]
            full = wrk(url)
            revalidated = wrk(url, headers={"If-None-Match": f'"v{version}"'})
            score = wrk(url + "/score")

    def line(label: str, got: dict) -> None:
        errors = f"  ({got['errors']:.0f} non-2xx!)" if got["errors"] else ""
        report(label, f"{got['rps']:8.0f} req/s  p99 {got['p99']:.1f} ms  "
                      f"ratio {got['rps'] / bare['rps']:.2f}{errors}")

    line("append an event (POST …/events, committed)", appended)
    report("append latency at 16 concurrent clients", f"p50 {appended['p50']:.1f} ms  "
                                                      f"p99 {appended['p99']:.1f} ms")
    line(f"read state, full body ({version} events)", full)
    line("read state, 304 revalidation (If-None-Match)", revalidated)
    line("final score from the state", score)
