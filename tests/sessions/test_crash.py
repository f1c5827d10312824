"""Nothing lost: SIGKILL a real server (gunicorn) in the middle of a stream of writes; after
a restart every acknowledged event is there, in a gapless sequence, and no half event is."""
from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request

from tests.support import start_gunicorn

SETUP = {"mode": "syndicate", "seats": [{"henchman": "Ugo"}, {"henchman": "Jin Feng"}]}


def start_server(db_url: str) -> tuple[subprocess.Popen[bytes], str]:
    return start_gunicorn(db_url)


def call(method: str, url: str, body: object = None, headers: dict[str, str] | None = None
         ) -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={
        "Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def test_sigkill_mid_stream_loses_no_acknowledged_event(db_url):
    server, base = start_server(db_url)
    try:
        status, created = call("POST", base + "/api/v1/games/tdt/sessions", SETUP)
        assert status == 201
        code, token = created["code"], created["edit_token"]
        acked: dict[int, str] = {}
        lock, stop = threading.Lock(), threading.Event()

        def writer(n: int) -> None:
            i = 0
            while not stop.is_set():
                text = f"writer {n} note {i}"
                try:
                    status, body = call("POST", f"{base}/api/v1/sessions/{code}/events",
                                        {"kind": "note", "text": text},
                                        {"Authorization": f"Bearer {token}", "If-Match": "*",
                                         "Idempotency-Key": f"{n}-{i}"})
                except (OSError, http.client.HTTPException):
                    return  # the server died under us (before or while answering): this
                    # write was never acknowledged
                if status == 201:
                    with lock:
                        acked[body["event"]["seq"]] = text
                i += 1

        writers = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
        for w in writers:
            w.start()
        deadline = time.monotonic() + 120  # a bound on a loaded machine: fail, never hang
        while len(acked) < 140:  # past two snapshots (every 64 events)
            assert time.monotonic() < deadline and any(w.is_alive() for w in writers), \
                f"only {len(acked)} writes acknowledged"
            time.sleep(0.01)
        os.killpg(server.pid, signal.SIGKILL)  # no shutdown, no flush: the power cord
        server.wait()
        stop.set()
        for w in writers:
            w.join()
        with lock:
            acknowledged = dict(acked)

        server, base = start_server(db_url)
        status, listing = call("GET", f"{base}/api/v1/sessions/{code}/events")
        assert status == 200
        events = listing["events"]
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1)), "no gaps"
        assert listing["version"] == len(events)
        stored = {e["seq"]: e["event"] for e in events}
        for seq, text in acknowledged.items():
            assert stored[seq] == {"kind": "note", "text": text}, f"acknowledged {seq} lost"
        assert all(e["event"]["kind"] == "note" and e["event"]["text"] for e in events)
        status, state = call("GET", f"{base}/api/v1/sessions/{code}")
        assert len(state["state"]["notes"]) == len(events)
        status, _ = call("POST", f"{base}/api/v1/sessions/{code}/events",
                         {"kind": "clock", "to": 3},
                         {"Authorization": f"Bearer {token}",
                          "If-Match": f'"v{len(events)}"'})
        assert status == 201, "the table plays on after the restart"
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
