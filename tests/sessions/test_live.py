"""Phones following tables live, against real servers as `make run` starts them (gunicorn's
gevent workers): many followers on one server, a change reaching every follower of its table
(through whichever worker wrote it), a phone that drops resuming without missing a version, a
phone that leaves freeing its slot, two servers on one PostgreSQL, a body that never arrives,
and a database that cannot keep up (issue 28). `make bench` measures the same at scale."""
from __future__ import annotations

import json
import re
import selectors
import socket
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.support import start_gunicorn, stop_gunicorn

from .conftest import make_app

SETUP = {"mode": "syndicate", "seats": [{"henchman": "Azura Badeau"}, {"henchman": "Jin Feng"}]}
BOUND = 30.0
"""Seconds any wait below may take on a loaded machine before the test fails: a bound on the
state the test waits for, never a measure of speed."""


def call(base: str, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int, Any]:
    request = urllib.request.Request(base + path, method=method, headers={
        "Content-Type": "application/json", **(headers or {})},
        data=None if body is None else json.dumps(body).encode())
    try:
        with urllib.request.urlopen(request, timeout=BOUND) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def table(base: str) -> dict[str, Any]:
    status, made = call(base, "POST", "/api/v1/games/tdt/sessions", SETUP)
    assert status == 201
    return made


def note(base: str, made: dict[str, Any], text: str) -> int:
    status, body = call(base, "POST", f"/api/v1/sessions/{made['code']}/events",
                        {"kind": "note", "text": text},
                        {"Authorization": f"Bearer {made['edit_token']}", "If-Match": "*"})
    assert status == 201, body
    return int(body["version"])


class Follower:
    """One phone's stream (a plain socket: hundreds of them cost the test little)."""

    def __init__(self, base: str, code: str, last: int | None = None) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.code, self.seen = code, b""
        self.sock = socket.create_connection((host, int(port)), timeout=BOUND)
        resume = f"Last-Event-ID: {last}\r\n" if last is not None else ""
        self.sock.sendall(f"GET /api/v1/sessions/{code}/stream HTTP/1.1\r\nHost: {host}\r\n"
                          f"{resume}\r\n".encode())
        self.sock.setblocking(False)

    def versions(self) -> list[int]:
        return [int(v) for v in re.findall(rb"\nid: (\d+)\n", b"\n" + self.seen)]

    def close(self) -> None:
        self.sock.close()


def read_until(followers: list[Follower], done: Any) -> None:
    """Read every follower's socket until `done(follower)` holds for all (or BOUND passes)."""
    selector = selectors.DefaultSelector()
    for f in followers:
        selector.register(f.sock, selectors.EVENT_READ, f)
    deadline = time.monotonic() + BOUND
    try:
        while not all(done(f) for f in followers) and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=0.5):
                try:
                    key.data.seen += key.fileobj.recv(65536)
                except BlockingIOError:
                    pass
    finally:
        selector.close()


@contextmanager
def server(db_url: str, workers: int = 2) -> Iterator[str]:
    process, base = start_gunicorn(db_url, workers=workers)
    try:
        yield base
    finally:
        stop_gunicorn(process)


def test_every_follower_of_a_table_gets_each_change_through_either_worker(sqlite_url):
    with server(sqlite_url) as base:
        tables = [table(base) for _ in range(20)]
        followers = [Follower(base, t["code"]) for t in tables for _ in range(10)]
        try:
            read_until(followers, lambda f: b"retry:" in f.seen)
            assert all(b"retry:" in f.seen for f in followers), "every stream opened"
            for t in tables:  # each write lands in one worker; half the followers are in the other
                assert note(base, t, "the plan moves") == 1
            read_until(followers, lambda f: 1 in f.versions())
            missed = [f.code for f in followers if 1 not in f.versions()]
            assert not missed, f"{len(missed)} of {len(followers)} followers missed version 1"
            assert all(b'"version":1' in f.seen for f in followers)  # the session itself
        finally:
            for f in followers:
                f.close()


def test_a_phone_that_drops_resumes_from_its_last_version(sqlite_url):
    with server(sqlite_url) as base:
        t = table(base)
        first = Follower(base, t["code"])
        note(base, t, "one")
        read_until([first], lambda f: 1 in f.versions())
        first.close()  # the phone loses its signal...
        note(base, t, "two")  # ...while the table plays on
        again = Follower(base, t["code"], last=1)
        try:
            read_until([again], lambda f: 2 in f.versions())
            assert again.versions()[0] == 2, "resumed at the version it missed, not before"
        finally:
            again.close()


def test_a_phone_that_leaves_frees_its_place(sqlite_url):
    with server(sqlite_url, workers=1) as base:
        t = table(base)
        followers = [Follower(base, t["code"]) for _ in range(30)]
        read_until(followers, lambda f: b"retry:" in f.seen)

        def following() -> int:
            return int(call(base, "GET", "/healthz")[1]["following"])

        assert following() == 30
        for f in followers:
            f.close()
        deadline = time.monotonic() + BOUND
        while following() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert following() == 0, "a closed stream holds nothing on the server"


def test_a_body_that_never_arrives_is_answered_and_closed(sqlite_url):
    with server(sqlite_url, workers=1) as base:
        t = table(base)
        host, port = base.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=BOUND) as sock:
            sock.sendall(f"POST /api/v1/sessions/{t['code']}/events HTTP/1.1\r\nHost: {host}"
                         "\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"
                         "\"".encode())  # 2 of the 10 bytes it declared, then nothing
            answer = b""
            while chunk := sock.recv(65536):  # the server ends the connection
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"application/problem+json" in answer
        assert call(base, "GET", f"/api/v1/sessions/{t['code']}")[1]["version"] == 0


def _raw(base: str, head: str, body: bytes) -> bytes:
    """Send a request as raw bytes and read the answer until the server closes."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=BOUND) as sock:
        sock.sendall(head.replace("{host}", host).encode() + body)
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionResetError:  # closed right after answering a large body
            pass
    return answer


def test_a_chunked_body_that_stalls_is_answered_and_closed(sqlite_url):
    """Issue 43: a chunked body has the same deadline as a declared one (it was never timed
    out: open after 300 s)."""
    with server(sqlite_url, workers=1) as base:
        t = table(base)
        began = time.monotonic()
        answer = _raw(base, f"POST /api/v1/sessions/{t['code']}/events HTTP/1.1\r\nHost: "
                      "{host}\r\nContent-Type: application/json\r\nTransfer-Encoding: "
                      "chunked\r\n\r\n", b"2\r\n{\"\r\n")  # one chunk, then nothing
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"application/problem+json" in answer
        assert time.monotonic() - began < BOUND
        assert call(base, "GET", f"/api/v1/sessions/{t['code']}")[1]["version"] == 0


def test_a_chunked_body_over_the_limit_is_413_like_a_declared_one(sqlite_url):
    """Issue 43: a chunked body over LAIRSIDE_MAX_BODY_BYTES was answered 400 "not valid
    JSON" (cut at the limit as it was read); now 413, as a declared length is."""
    with server(sqlite_url, workers=1) as base:
        t = table(base)
        text = json.dumps({"kind": "note", "text": "x" * 70_000}).encode()
        chunks = b"".join(b"%x\r\n%s\r\n" % (len(text[i:i + 8192]), text[i:i + 8192])
                          for i in range(0, len(text), 8192)) + b"0\r\n\r\n"
        answer = _raw(base, f"POST /api/v1/sessions/{t['code']}/events HTTP/1.1\r\nHost: "
                      "{host}\r\nContent-Type: application/json\r\nIf-Match: \"v0\"\r\n"
                      f"Authorization: Bearer {t['edit_token']}\r\nConnection: close\r\n"
                      "Transfer-Encoding: chunked\r\n\r\n", chunks)
        assert answer.startswith(b"HTTP/1.1 413"), answer[:300]
        assert b"application/problem+json" in answer


def test_two_servers_on_one_postgresql_wake_each_others_followers(pg_url):
    with server(pg_url) as a, server(pg_url) as b:
        t = table(a)
        followers = [Follower(b, t["code"]) for _ in range(10)]  # all on the other server
        try:
            read_until(followers, lambda f: b"retry:" in f.seen)
            for version in (1, 2, 3):
                assert note(a, t, f"change {version}") == version
                read_until(followers, lambda f, v=version: v in f.versions())
                assert all(version in f.versions() for f in followers)
        finally:
            for f in followers:
                f.close()


def test_a_database_that_cannot_keep_up_answers_503_with_retry_after(sqlite_url):
    app = make_app(sqlite_url, LAIRSIDE_DB_POOL=1, LAIRSIDE_DB_WAIT=0.2)
    client = app.test_client()
    made = client.post("/api/v1/games/tdt/sessions", json=SETUP).json
    store = app.extensions["lairside.sessions"]
    try:
        with store.engine.connect():  # the worker's one connection, taken
            busy = client.get(f"/api/v1/sessions/{made['code']}")
        assert busy.status_code == 503 and busy.mimetype == "application/problem+json"
        assert int(busy.headers["Retry-After"]) >= 1
        assert client.get(f"/api/v1/sessions/{made['code']}").status_code == 200
    finally:
        store.dispose()


@pytest.fixture()
def pg_url(postgres_server):
    return postgres_server()
