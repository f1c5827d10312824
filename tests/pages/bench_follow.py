"""How fast a change reaches the phones following a table, and what following costs everyone
else (issue 19, item 4), on loopback. Run: .venv/bin/python tests/pages/bench_follow.py

Starts gunicorn as `make run` does (`-c python:api.config`: gthread workers), creates a
table, and measures the p50/p99 latency of ordinary requests (game list, session read) with
no follower; then opens FOLLOWERS long polls (GET .../wait, each holding one thread) and
measures again, and times WRITES writes from the moment the write is answered to the moment
every follower's wait has answered with the new version. Bounded: under a minute.
"""
from __future__ import annotations

import json
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.bench.slow_clients import gunicorn  # noqa: E402

FOLLOWERS = 40
WRITES = 10
REQUESTS = 300


def _get(port: int, path: str, headers: dict[str, str] | None = None,
         timeout: float = 30) -> tuple[int, bytes]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers or {})
    with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310 (loopback)
        return answer.status, answer.read()


def latencies(port: int, code: str) -> tuple[float, float]:
    paths = ["/api/v1/games", f"/api/v1/sessions/{code}"] * (REQUESTS // 2)

    def one(path: str) -> float:
        start = time.perf_counter()
        _get(port, path)
        return time.perf_counter() - start

    with ThreadPoolExecutor(4) as pool:
        times = sorted(pool.map(one, paths))
    return times[len(times) // 2] * 1000, times[int(len(times) * 0.99)] * 1000


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, gunicorn(["-c", "python:api.config"],
                                                         Path(tmp) / "b.sqlite3") as port:
        setup = {"mode": "cutthroat", "seats": [
            {"goodman": True}, {"henchman": "Azura Badeau"}, {"henchman": "Jin Feng"},
            {"henchman": "Boris Myasneek"}]}
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/games/tdt/sessions",
                                         data=json.dumps(setup).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as answer:  # noqa: S310 (loopback)
            created = json.loads(answer.read())
        code, token = created["code"], created["edit_token"]
        quiet = latencies(port, code)

        version = 0
        arrived: list[float] = []
        lock = threading.Lock()

        def follower(after: int, barrier: threading.Barrier) -> None:
            barrier.wait()
            status, body = _get(port, f"/api/v1/sessions/{code}/wait?after={after}&timeout=20")
            if status == 200:
                with lock:
                    arrived.append(time.perf_counter())

        delays = []
        loaded = (0.0, 0.0)
        for n in range(WRITES):
            barrier = threading.Barrier(FOLLOWERS + 1)
            threads = [threading.Thread(target=follower, args=(version, barrier))
                       for _ in range(FOLLOWERS)]
            for t in threads:
                t.start()
            barrier.wait()
            time.sleep(0.5)  # every follower is now waiting on the server
            if n == 0:
                loaded = latencies(port, code)
            arrived.clear()
            write = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/v1/sessions/{code}/events",
                data=json.dumps({"kind": "vp", "seat": "jin-feng", "amount": 1}).encode(),
                headers={"Content-Type": "application/json", "If-Match": f'"v{version}"',
                         "Authorization": f"Bearer {token}"})
            with urllib.request.urlopen(write) as answer:  # noqa: S310 (loopback)
                version = json.loads(answer.read())["version"]
            written = time.perf_counter()
            for t in threads:
                t.join(timeout=25)
            assert len(arrived) == FOLLOWERS, f"{len(arrived)} of {FOLLOWERS} followers heard"
            delays.append(max(arrived) - written)
        delays.sort()
        print(f"ordinary requests, no follower:      p50 {quiet[0]:.1f} ms, p99 {quiet[1]:.1f} ms")
        print(f"with {FOLLOWERS} followers waiting:        p50 {loaded[0]:.1f} ms, "
              f"p99 {loaded[1]:.1f} ms")
        print(f"write answered -> all {FOLLOWERS} followers answered: median "
              f"{delays[len(delays) // 2] * 1000:.0f} ms, worst {delays[-1] * 1000:.0f} ms "
              f"({WRITES} writes)")


if __name__ == "__main__":
    main()
