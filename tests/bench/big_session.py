"""A 50,000-event session (issue 14, item 4): first read and memory, with the
storage in-process (SQLite in a temporary folder).

For two streams, a game's example events cycled (each a small change) and notes only (the
state grows with every event: the old history kept a copy per version, 1.9 GiB per worker at
20,000 notes), 50,000 events each (the default limit, LAIRSIDE_MAX_EVENTS, is 10,000; this
raises it), and 10,000 notes, it imports the session, then in a fresh process (a worker that
never saw it) times the first read, an undo's and a revert's check, and the memory it grew by.
Bounded: a few minutes at most.
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
EVENTS = 50_000
GAME = "space-syndicate"


def build(db: str, stream: str, count: int) -> str:
    from api.storage import Store
    from assistant.errors import InvalidInput
    from assistant.games import find_game
    from assistant.tracker import History, parse_event

    tracker = find_game(GAME).tracker
    assert tracker is not None
    setup = tracker.parse_setup(tracker.example_setup)
    history, events = History(tracker, setup), []
    examples = [parse_event(tracker, e) for e in tracker.example_events]
    note = 0
    while len(events) < count:
        if stream == "notes":
            note += 1
            event = parse_event(tracker, {"kind": "note", "text": f"Note {note}: a plan."})
        else:
            event = examples[len(events) % len(examples)]
            try:
                history.append(event)
            except InvalidInput:
                event = parse_event(tracker, {"kind": "undo"})
                history.append(event)
            events.append((event, None))
            continue
        events.append((event, None))
    store = Store(db, max_events=EVENTS, max_bytes=64 * 1024 * 1024)
    info, _token = store.create(tracker, setup, events)
    store.dispose()
    return info.code


def first_read(db: str, code: str, count: int) -> dict[str, float]:
    from api.storage import Store
    from assistant.tracker import parse_event

    store = Store(db, max_events=EVENTS, max_bytes=64 * 1024 * 1024)
    base = _rss_kib()
    start = time.perf_counter()
    info = store.info(code)
    state, can_undo = store.point(info)
    read = time.perf_counter() - start
    start = time.perf_counter()
    history = store.history(info)
    history.check(parse_event(info.tracker, {"kind": "undo"}))
    undo = time.perf_counter() - start
    start = time.perf_counter()
    history.check(parse_event(info.tracker, {"kind": "revert", "to_version": count // 3}))
    revert = time.perf_counter() - start
    grown = (_rss_kib() - base) / 1024
    return {"read_s": read, "undo_ms": undo * 1000, "revert_ms": revert * 1000,
            "memory_mib": grown, "kept_states": len(history._kept)}


def _rss_kib() -> int:
    """Resident memory now (KiB), from /proc: ru_maxrss would include start-up peaks."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main() -> int:
    if len(sys.argv) == 5 and sys.argv[1] == "--read":
        print(json.dumps(first_read(sys.argv[2], sys.argv[3], int(sys.argv[4]))))
        return 0
    folder = Path(tempfile.mkdtemp(prefix="lairside-big-"))
    for stream, count in (("examples", EVENTS), ("notes", EVENTS), ("notes", 10_000)):
        db = f"sqlite:///{folder / f'{stream}-{count}.sqlite3'}"
        code = build(db, stream, count)
        out = subprocess.run([sys.executable, __file__, "--read", db, code, str(count)],
                             check=True,
                             capture_output=True, text=True, timeout=600,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
        got = json.loads(out.stdout)
        print(f"{count:,}-event session ({GAME}, {stream}): first read {got['read_s']:.2f} s, "
              f"memory +{got['memory_mib']:.0f} MiB ({got['kept_states']} states kept), "
              f"undo check {got['undo_ms']:.1f} ms, revert to an old version "
              f"{got['revert_ms']:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
