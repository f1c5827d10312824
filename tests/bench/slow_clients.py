"""Part B (issue 28, item 6): slow clients must not slow everyone else down.

One app server (`make run`'s settings: gevent workers, SQLite). wrk sends ordinary requests
(rule lookups, searches, the game list, session reads) over 16 connections: once with no slow
client, once while 500 slow clients (100 with --quick) each send a request one byte every
2 s that never completes (a connection the server closes is opened again at once), and once
more after they have gone. Target: the p99 with slow clients at most 2 x the unloaded p99 (the
mean of the runs before and after), with no error.
"""
from __future__ import annotations

import random
import socket
import tempfile
import threading
import time
from typing import Any

import inputs
from harness import Mix, load, served, verdict

SLOW, QUICK_SLOW = 500, 100
BYTE_EVERY = 2.0


class SlowClients:
    """`n` connections each trickling a request that never ends, one byte every 2 s."""

    REQUEST = (b"GET /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"a" * 4000)

    def __init__(self, port: int, n: int) -> None:
        self.port, self.n = port, n
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.reopened = 0
        self.answered = 0
        self.bytes_sent = 0

    def connect(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        sock.setblocking(False)
        return sock

    def run(self) -> None:
        conns = [[self.connect(), 0] for _ in range(self.n)]
        while not self.stop.is_set():
            tick = time.monotonic()
            for i, (sock, sent) in enumerate(conns):
                if self.stop.is_set():
                    break
                try:
                    if sock.recv(4096, socket.MSG_PEEK) == b"":
                        raise ConnectionResetError  # the server closed it
                    self.answered += 1  # the server answered something: start again
                    raise ConnectionResetError
                except BlockingIOError:
                    pass  # nothing from the server: still waiting for the rest of the request
                except OSError:
                    sock.close()
                    self.reopened += 1
                    try:
                        conns[i] = [self.connect(), 0]
                    except OSError:
                        continue
                    sock, sent = conns[i]
                try:
                    sock.send(self.REQUEST[sent % len(self.REQUEST):][:1])
                    conns[i][1] = sent + 1
                    self.bytes_sent += 1
                except OSError:
                    pass  # found closed on the next round
                # spread over the 2 s, not all at once
                self.stop.wait(max(0.0, tick + BYTE_EVERY * (i + 1) / self.n - time.monotonic()))
        for sock, _ in conns:
            sock.close()

    def __enter__(self) -> SlowClients:
        self.thread.start()
        time.sleep(BYTE_EVERY + 1)  # every slow client connected and trickling
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=30)


def run(quick: bool = False) -> dict[str, Any]:
    slow = QUICK_SLOW if quick else SLOW
    seconds = 3 if quick else 10
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp, \
            served(env={"LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp}/slow.sqlite3"}) as app:
        sessions = inputs.make_sessions(app.base, 40)
        rng = random.Random(14)
        ordinary = inputs.rule_requests() + rng.sample(inputs.search_requests(rng), 200) \
            + [("GET", "/api/v1/games", {}, None)] * 20 + inputs.session_reads(sessions)
        rng.shuffle(ordinary)
        mix = Mix(inputs.answered(app.base, ordinary))
        print(f"B4. {slow} slow clients (a byte every {BYTE_EVERY:.0f} s of a request that never"
              f" ends) while wrk sends {len(mix.requests)} ordinary requests (16 connections, "
              f"{seconds} s a run)", flush=True)
        before = load(app, mix, seconds=seconds)
        with SlowClients(app.port, slow) as clients:
            loaded = load(app, mix, seconds=seconds)
        after = load(app, mix, seconds=seconds)
        problems = app.problems()
    unloaded = (before.p99 + after.p99) / 2
    ratio = loaded.p99 / unloaded
    errors = before.errors + loaded.errors + after.errors
    met = {"p99": ratio <= 2.0, "errors": errors == 0}
    for name, got in (("no slow client", before), (f"{slow} slow clients", loaded),
                      ("after they left", after)):
        print(f"    {name:<17} p50 {got.p50:6.1f} ms  p99 {got.p99:7.1f} ms  "
              f"{got.rps:6.0f} req/s  {got.errors} errors")
    print(f"  p99 with slow clients ÷ without: {ratio:.2f} (≤ 2) {verdict(met['p99'])}; "
          f"errors {errors}; the server closed slow connections {clients.reopened} times "
          f"(each opened again at once), answered {clients.answered}"
          + (f"; server log: {problems}" if problems else ""))
    return {"slow_clients": slow, "seconds_per_run": seconds,
            "runs": {"before": before.brief(), "slow": loaded.brief(), "after": after.brief()},
            "p99_ratio": round(ratio, 3), "closed_by_server": clients.reopened,
            "answered_slow": clients.answered, "server_log_problems": problems,
            "met": met, "all_met": all(met.values()),
            "seconds": round(time.monotonic() - started, 1)}
