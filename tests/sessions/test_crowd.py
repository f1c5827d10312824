"""The crowd (issue 42): a worker full of followers refuses the next one with 503 and
Retry-After and keeps answering everything else; a stream or long poll asked with a Host
nobody vouched for is refused before it starts; workers stop at once, without tracebacks."""
from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from api.config import follower_limit
from tests.support import printed_by, start_gunicorn, stop_gunicorn

from .conftest import make_app
from .test_live import BOUND, SETUP, Follower, call, read_until, table

FOLLOW = ("/stream", "/wait?after=0&timeout=5")


@pytest.fixture()
def small(sqlite_url):
    """An app that lets two phones follow at once."""
    app = make_app(sqlite_url, LAIRSIDE_FOLLOWERS=2)
    yield app
    app.extensions["lairside.sessions"].dispose()


def test_the_follower_limit_keeps_room_for_everything_else():
    assert follower_limit(6000) == 5400  # make run's default: 10,800 phones on 2 workers
    assert follower_limit(64) == 32  # at least 32 connections kept for ordinary requests
    assert follower_limit(4000) < 4000


@pytest.mark.parametrize("path", FOLLOW)
def test_a_follower_past_the_limit_gets_503_with_retry_after(small, path):
    client = small.test_client()
    code = client.post("/api/v1/games/tdt/sessions", json=SETUP).json["code"]
    followers = small.extensions["lairside.followers"]
    held = [followers.subscribe(code) for _ in range(2)]  # two phones follow
    try:
        refused = client.get(f"/api/v1/sessions/{code}{path}")
        assert refused.status_code == 503, refused.data[:300]
        assert refused.mimetype == "application/problem+json"
        assert refused.json["type"] == "/problems/followers-full"
        assert int(refused.headers["Retry-After"]) >= 1
        # everything else is answered meanwhile
        assert client.get(f"/api/v1/sessions/{code}").status_code == 200
        assert client.get("/api/v1/games/tdt/rules/fund-deployment").status_code == 200
    finally:
        followers.unsubscribe(held.pop())
    assert followers.count == 1
    answered = client.get(f"/api/v1/sessions/{code}{path}", buffered=False)
    assert answered.status_code in (200, 204)
    answered.close()
    assert followers.count == 1, "a closed answer gives its place back"


def test_a_stream_never_started_gives_its_place_back(small):
    client = small.test_client()
    code = client.post("/api/v1/games/tdt/sessions", json=SETUP).json["code"]
    for _ in range(5):  # each closed before a byte of it was read
        client.get(f"/api/v1/sessions/{code}/stream", buffered=False).close()
    assert small.extensions["lairside.followers"].count == 0


@pytest.mark.parametrize("path", FOLLOW)
def test_an_untrusted_host_is_refused_before_any_stream_starts(small, path):
    client = small.test_client()
    code = client.post("/api/v1/games/tdt/sessions", json=SETUP).json["code"]
    refused = client.get(f"/api/v1/sessions/{code}{path}", headers={"Host": "evil.example"})
    assert refused.status_code == 400, refused.data[:300]
    assert refused.mimetype == "application/problem+json"
    assert refused.json["type"] == "/problems/untrusted-host"
    assert small.extensions["lairside.followers"].count == 0


def test_a_server_full_of_followers_answers_lookups_and_refuses_the_rest(sqlite_url):
    """One worker of 64 connections: 32 follow, the next get 503 at once, and a lookup is
    answered while every follower is held (before: the 65th connection waited for ever)."""
    process, base = start_gunicorn(sqlite_url, workers=1, LAIRSIDE_CONNECTIONS="64")
    followers: list[Follower] = []
    try:
        t = table(base)
        followers = [Follower(base, t["code"]) for _ in range(40)]
        read_until(followers, lambda f: b"retry:" in f.seen or b"followers-full" in f.seen)
        held = [f for f in followers if b"retry:" in f.seen]
        refused = [f for f in followers if f.seen.startswith(b"HTTP/1.1 503")]
        assert len(held) == 32 and len(refused) == 8, (len(held), len(refused))
        assert all(b"Retry-After: " in f.seen and b"followers-full" in f.seen for f in refused)
        started = time.monotonic()
        status, _ = call(base, "GET", "/api/v1/games/tdt/rules/fund-deployment")
        assert status == 200 and time.monotonic() - started < BOUND
        status, body = call(base, "GET", "/healthz")
        assert body["following"] == 32
    finally:
        for f in followers:
            f.close()
        stop_gunicorn(process)


def test_workers_stop_at_once_without_tracebacks(sqlite_url, tmp_path):
    log = tmp_path / "gunicorn.log"
    process, base = start_gunicorn(sqlite_url, workers=2, log=log, graceful=10)
    followers: list[Follower] = []
    try:
        t = table(base)
        followers = [Follower(base, t["code"]) for _ in range(6)]
        read_until(followers, lambda f: b"retry:" in f.seen)
        process.send_signal(signal.SIGTERM)
        try:  # the streams end first: well within graceful_timeout (10 s)
            process.wait(timeout=8)
        except subprocess.TimeoutExpired:
            pytest.fail("the server did not stop within 8 s of SIGTERM")
        read_until(followers, lambda f: f.seen.endswith(b"0\r\n\r\n"))
        assert all(f.seen.endswith(b"0\r\n\r\n") for f in followers), "each stream ended"
    finally:
        for f in followers:
            f.close()
        stop_gunicorn(process)
    text = log.read_text(errors="replace")
    assert "Worker exiting" in text
    assert "Traceback" not in text and "Exception ignored" not in text, text[-3000:]


def test_a_refused_follower_costs_no_database_query(small, monkeypatch):
    client = small.test_client()
    code = client.post("/api/v1/games/tdt/sessions", json=SETUP).json["code"]
    small.extensions["lairside.followers"].limit = 0
    store = small.extensions["lairside.sessions"]
    monkeypatch.setattr(store, "info", lambda *a: pytest.fail("asked the database"))
    assert client.get(f"/api/v1/sessions/{code}/stream").status_code == 503


def test_phones_woken_by_one_change_share_one_read(small, monkeypatch):
    """Thirty phones of a table woken by a change ask the database at most once (a write in
    this worker keeps the store's read up to date: none), not thirty times; each sees the
    new version."""
    client = small.test_client()
    made = client.post("/api/v1/games/tdt/sessions", json=SETUP).json
    code = made["code"]
    edit = {"Authorization": f"Bearer {made['edit_token']}", "If-Match": "*"}
    followers, store = small.extensions["lairside.followers"], small.extensions["lairside.sessions"]
    followers.limit = None
    held = [followers.subscribe(code) for _ in range(30)]
    reads: list[str] = []
    real = store.info
    monkeypatch.setattr(store, "info", lambda c: reads.append(c) or real(c))
    try:
        for version in (1, 2):
            assert client.post(f"/api/v1/sessions/{code}/events", headers=edit,
                               json={"kind": "note", "text": f"n{version}"}).status_code == 201
            reads.clear()
            seen = [followers.wait(w, version - 1, 1) and followers.latest(code).version
                    for w in held]
            assert seen == [version] * 30
            assert len(reads) <= 1, reads  # at most one read a change, shared by all thirty
    finally:
        for waiter in held:
            followers.unsubscribe(waiter)


def test_only_followed_tables_are_remembered(small):
    """A worker remembers the versions of the tables its phones follow, not of every table
    written through it: a busy evening's new tables would fill it (make bench B5)."""
    client = small.test_client()
    followers = small.extensions["lairside.followers"]
    unfollowed = client.post("/api/v1/games/tdt/sessions", json=SETUP).json
    note = {"kind": "note", "text": "written while nobody follows"}
    assert client.post(f"/api/v1/sessions/{unfollowed['code']}/events", json=note, headers={
        "Authorization": f"Bearer {unfollowed['edit_token']}", "If-Match": "*"}).status_code == 201
    assert unfollowed["code"] not in followers._seen
    waiter = followers.subscribe(unfollowed["code"])  # the first phone reads its version
    try:
        assert followers.wait(waiter, 0, 0.01), "the version written before it followed"
        assert followers._seen[unfollowed["code"]] == 1
    finally:
        followers.unsubscribe(waiter)


def test_a_change_heard_twice_wakes_nobody_twice(small):
    """The watcher reports every followed table each time the files change: a version heard
    already wakes no phone again (nor walks its phones)."""
    client = small.test_client()
    code = client.post("/api/v1/games/tdt/sessions", json=SETUP).json["code"]
    followers = small.extensions["lairside.followers"]
    waiter = followers.subscribe(code)
    try:
        followers.changed(code, 5)
        waiter.after = 3  # a phone that shows 3 and has not waited since
        waiter.woken.clear()
        followers.changed(code, 5)
        assert not waiter.woken.is_set()
        followers.changed(code, 6)
        assert waiter.woken.is_set()
    finally:
        followers.unsubscribe(waiter)


def test_a_gunicorn_worker_collects_in_full_on_a_clock_not_by_count(sqlite_url):
    """api/collector.py under gevent: CPython's count no longer starts a full collection (a
    200-250 ms pause with thousands of followers); a greenlet collects every minute."""
    script = ("from gevent import monkey; monkey.patch_all()\n"
              "import gc, gevent\n"
              "from api.collector import collect_on_a_clock\n"
              "collect_on_a_clock(0.05)\n"
              "assert gc.get_threshold()[2] > 10**8, gc.get_threshold()\n"
              "import time\n"
              "full = lambda: gc.get_stats()[2]['collections']\n"
              "before, deadline = full(), time.monotonic() + 30\n"
              "while full() - before < 3 and time.monotonic() < deadline:\n"
              "    gevent.sleep(0.05)\n"  # waits on the collections, not on a speed
              "print(full() - before)\n")
    printed = printed_by(script)
    assert int(printed) >= 3  # every 0.05 s, counted within a 30 s bound


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_after_a_full_collection_freed_memory_goes_back_to_the_system():
    """The clock's collection then hands the allocator's free pages back: 60 MiB freed in
    holes between blocks still in use stays resident until trimmed (make bench B5)."""
    script = ("from api.collector import free_pages_returner\n"
              "def anonymous():\n"
              "    for line in open('/proc/self/status'):\n"
              "        if line.startswith('RssAnon'):\n"
              "            return int(line.split()[1]) / 1024\n"
              "held = [bytes(16384 + i % 7 * 1024) for i in range(4000)]\n"
              "kept, held = held[::10], None\n"  # a block in use between every freed nine
              "freed = anonymous()\n"
              "free_pages_returner()()\n"
              "print(freed - anonymous())\n")
    printed = printed_by(script)
    assert float(printed) > 30  # MiB given back of the ~60 freed


def test_a_history_lock_made_after_gevent_patches_is_a_greenlet_lock():
    """gunicorn's master imports the store before a gevent worker patches threading: a lock
    bound at import was an OS lock, and a greenlet waiting on PostgreSQL while holding it
    stopped every request of its worker. A history's lock is made when the history is."""
    script = ("import api.storage.store as store\n"
              "from gevent import monkey; monkey.patch_all()\n"
              "import gevent.thread\n"
              "held = store._Held(source=None)\n"
              "print(type(held.lock) is gevent.thread.LockType)\n")
    printed = printed_by(script)
    assert printed == "True"
