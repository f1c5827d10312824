"""Slow clients must not stop other users being served (issue 14, item 3), on loopback.

Starts gunicorn as `make run` does (`-c python:api.config`: 2 gthread workers x 32 threads),
measures the p99 latency of ordinary requests (4 at a time: game list, rule search, session
read), then opens 50 slow clients that each send a request one byte every 2 s (and reconnect
when dropped), and measures again. Pass: p99 with the slow clients stays within 2x of the
unloaded p99. For comparison it repeats the loaded run on 2 sync workers (the old `make run`),
bounded by a 3 s timeout per request. Bounded: about a minute in all.
"""
from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.bench.harness import free_port  # noqa: E402

VENV_BIN = Path(sys.executable).parent
SLOW = 50
REQUESTS = 600
CONCURRENCY = 4


@contextmanager
def gunicorn(args: list[str], db: Path, quiet: bool = False):
    port = free_port()
    env = {**os.environ, "LAIRSIDE_DATABASE_URL": f"sqlite:///{db}",
           "LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off",
           "LAIRSIDE_RATE_MISS": "off",
           "LAIRSIDE_WARM_SHEETS": "0"}  # a start-up transient (printables/warm.py): not measured
    proc = subprocess.Popen([str(VENV_BIN / "gunicorn"), *args, "--workers", "2", "--bind",
                             f"127.0.0.1:{port}", "--log-level", "error", "api:create_app()"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL if quiet else None)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def one(port: int, path: str, timeout: float) -> float | None:
    start = time.perf_counter()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        conn.request("GET", path, headers={"Host": "127.0.0.1"})
        response = conn.getresponse()
        response.read()
        conn.close()
        if response.status != 200:
            return None
    except OSError:
        return None
    return time.perf_counter() - start


def measure(port: int, paths: list[str], count: int, timeout: float) -> tuple[float, int]:
    """(p99 in ms of the answered ones, how many failed or timed out)."""
    with ThreadPoolExecutor(CONCURRENCY) as pool:
        times = list(pool.map(lambda i: one(port, paths[i % len(paths)], timeout),
                              range(count)))
    done = sorted(t for t in times if t is not None)
    failed = len(times) - len(done)
    if not done:
        return float("inf"), failed
    return done[min(len(done) - 1, int(len(done) * 0.99))] * 1000, failed


class SlowClients:
    """`n` connections each sending a request one byte every 2 s, reconnecting when closed."""

    REQUEST = b"GET /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"a" * 400

    def __init__(self, port: int, n: int) -> None:
        self.port, self.n = port, n
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def connect(self) -> tuple[socket.socket, int]:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        return sock, 0

    def run(self) -> None:
        conns = [self.connect() for _ in range(self.n)]
        while not self.stop.is_set():
            tick = time.monotonic()
            for i, (sock, sent) in enumerate(conns):
                try:
                    sock.send(self.REQUEST[sent % len(self.REQUEST):][:1])
                    conns[i] = (sock, sent + 1)
                except OSError:
                    sock.close()
                    try:
                        conns[i] = self.connect()
                    except OSError:
                        pass
            self.stop.wait(max(0.0, 2.0 - (time.monotonic() - tick)))
        for sock, _ in conns:
            sock.close()

    def __enter__(self) -> SlowClients:
        self.thread.start()
        time.sleep(3)  # every slow client connected and trickling
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=10)


def seed(port: int) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    body = json.dumps({"mode": "cutthroat", "seats": [
        {"goodman": True, "player": "Gil"}, {"henchman": "Azura Badeau"},
        {"henchman": "Jin Feng"}, {"henchman": "Boris Myasneek"}]})
    conn.request("POST", "/api/v1/games/tdt/sessions", body=body,
                 headers={"Content-Type": "application/json", "Host": "127.0.0.1"})
    code = json.loads(conn.getresponse().read())["code"]
    return f"/api/v1/sessions/{code}"


def main() -> int:
    tmp = Path(tempfile.mkdtemp(prefix="lairside-slow-"))
    ok = True
    with gunicorn(["-c", "python:api.config"], tmp / "threads.sqlite3") as port:
        paths = ["/api/v1/games", "/api/v1/rules?q=betrayl", seed(port)]
        measure(port, paths, 100, 10)  # warm-up
        quiet, quiet_failed = measure(port, paths, REQUESTS, 10)
        with SlowClients(port, SLOW):
            loaded, loaded_failed = measure(port, paths, REQUESTS, 10)
        ratio = loaded / quiet
        ok = ratio <= 2.0 and loaded_failed == 0 and quiet_failed == 0
        print(f"slow clients, gthread (make run): p99 {quiet:.1f} ms unloaded, {loaded:.1f} ms "
              f"with {SLOW} slow clients ({ratio:.2f}x, limit 2x), failed "
              f"{quiet_failed}+{loaded_failed} of {2 * REQUESTS}: {'PASS' if ok else 'FAIL'}")
    with gunicorn([], tmp / "sync.sqlite3", quiet=True) as port:  # its worker timeouts: noise
        paths = ["/api/v1/games", "/api/v1/rules?q=betrayl"]
        measure(port, paths, 50, 10)
        with SlowClients(port, SLOW):
            loaded, failed = measure(port, paths, 40, 3)
        rest = f"p99 of the rest {loaded:.0f} ms" if failed < 40 else "none answered"
        print(f"slow clients, 2 sync workers (old make run), for comparison: {failed} of 40 "
              f"ordinary requests got no answer within 3 s; {rest}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
