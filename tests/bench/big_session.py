"""Sessions at any length (issue 21, item 4): the growth table `make bench` prints.

    .venv/bin/python tests/bench/big_session.py [--quick]

For 100, 1,000, 10,000 and 50,000 events (--quick: up to 10,000) of two streams, a game's
example events cycled (each a small change; an undo where one is refused) and notes only (the
state grows with every event), it stores the session (SQLite in a temporary folder; the
session limits raised to fit), then in a fresh process, a worker that never saw it, asks the
app in process for: the first read (`GET /api/v1/sessions/<code>`: the whole fold), the export,
and the import of that export (every event checked again, as anything from outside is), and
the memory the process grew by. The game is the first registered game whose sessions take
notes (or LAIRSIDE_BENCH_GAME). Cold read and memory should grow linearly with the events
(targets: a 50,000-event session reads cold in under 1 s and exports in under 2 s). The last
line is one JSON object.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
SIZES = (100, 1_000, 10_000, 50_000)
LIMITS = {"LAIRSIDE_MAX_EVENTS": 50_000, "LAIRSIDE_MAX_SESSION_BYTES": 64 * 1024 * 1024,
          "LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off",
          "LAIRSIDE_RATE_MISS": "off"}
TARGETS = {"read_s": 1.0, "export_s": 2.0}
"""At 50,000 events."""


def noted_game() -> Any:
    """The game measured: LAIRSIDE_BENCH_GAME (a slug) or the first whose sessions take
    notes."""
    from assistant.games import all_games, find_game

    chosen = os.environ.get("LAIRSIDE_BENCH_GAME")
    for game in [find_game(chosen)] if chosen else all_games():
        if game.tracker is not None and "note" in game.tracker.event_forms:
            return game
    raise SystemExit("no registered game's sessions take notes")


def build(db: str, stream: str, count: int) -> str:
    """A stored session of `count` events (checked by folding them, as an import is)."""
    from api.storage import Store
    from assistant.errors import InvalidInput
    from assistant.tracker import History, parse_event

    tracker = noted_game().tracker
    setup = tracker.parse_setup(tracker.example_setup)
    history, events = History(tracker, setup), []
    examples = [parse_event(tracker, e) for e in tracker.example_events]
    while len(events) < count:
        if stream == "notes":
            event = parse_event(tracker, {"kind": "note",
                                          "text": f"Note {len(events) + 1}: a plan."})
        else:
            event = examples[len(events) % len(examples)]
            try:
                history.append(event)
            except InvalidInput:
                event = parse_event(tracker, {"kind": "undo"})
                history.append(event)
        events.append((event, None))
    store = Store(db, max_events=LIMITS["LAIRSIDE_MAX_EVENTS"],
                  max_bytes=LIMITS["LAIRSIDE_MAX_SESSION_BYTES"])
    info, _token = store.create(tracker, setup, events)
    store.dispose()
    return info.code


def measure(db: str, code: str) -> dict[str, float]:
    """In a fresh process: first read, export, import of the export, memory grown."""
    from api import create_app

    app = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": db, **LIMITS})
    client = app.test_client()
    client.get("/healthz")
    base = _rss_kib()
    start = time.perf_counter()
    read = client.get(f"/api/v1/sessions/{code}")
    read_s = time.perf_counter() - start
    assert read.status_code == 200, read.status_code
    grown = (_rss_kib() - base) / 1024
    start = time.perf_counter()
    export = client.get(f"/api/v1/sessions/{code}/export")
    body = export.get_data()
    export_s = time.perf_counter() - start
    assert export.status_code == 200, export.status_code
    start = time.perf_counter()
    made = client.post("/api/v1/sessions/import", data=body,
                       headers={"Content-Type": "application/json"})
    import_s = time.perf_counter() - start
    assert made.status_code == 201, made.get_data()[:300]
    assert made.json["version"] == read.json["version"], "the import differs from the export"
    assert made.json["state"] == read.json["state"], "the import differs from the export"
    app.extensions["lairside.sessions"].dispose()
    return {"read_s": read_s, "export_s": export_s, "import_s": import_s,
            "export_mib": len(body) / 2**20, "memory_mib": grown}


def _rss_kib() -> int:
    """Resident memory now (KiB), from /proc: ru_maxrss would include start-up peaks."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def main() -> int:
    if len(sys.argv) == 4 and sys.argv[1] == "--measure":
        print(json.dumps(measure(sys.argv[2], sys.argv[3])))
        return 0
    sizes = [n for n in SIZES if "--quick" not in sys.argv or n <= 10_000]
    game = noted_game()
    rows: dict[str, dict[int, dict[str, float]]] = {}
    print(f"Sessions at any length ({game.title}; first read in a fresh worker, export, "
          "import of that export, memory grown by the read)")
    print(f"  {'stream':<9} {'events':>7}  {'cold read s':>11}  {'export s':>8}  "
          f"{'import s':>8}  {'export MiB':>10}  {'memory MiB':>10}")
    with tempfile.TemporaryDirectory(prefix="lairside-big-") as folder:
        for stream in ("examples", "notes"):
            rows[stream] = {}
            for count in sizes:
                db = f"sqlite:///{Path(folder) / f'{stream}-{count}.sqlite3'}"
                code = build(db, stream, count)
                out = subprocess.run([sys.executable, __file__, "--measure", db, code],
                                     check=True, capture_output=True, text=True, timeout=900,
                                     env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
                got = json.loads(out.stdout.strip().splitlines()[-1])
                rows[stream][count] = got
                print(f"  {stream:<9} {count:>7,}  {got['read_s']:>11.2f}  "
                      f"{got['export_s']:>8.2f}  {got['import_s']:>8.2f}  "
                      f"{got['export_mib']:>10.1f}  {got['memory_mib']:>10.0f}")
    largest = max(sizes)
    met = {key: all(rows[s][largest][key] < limit for s in rows) for key, limit in
           TARGETS.items()} if largest == SIZES[-1] else {}
    for key, ok in met.items():
        print(f"  {largest:,} events: {key} < {TARGETS[key]} s {'met' if ok else 'NOT met'}")
    print(json.dumps({"game": game.slug, "rows": rows, "targets": TARGETS, "met": met},
                     separators=(",", ":")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
