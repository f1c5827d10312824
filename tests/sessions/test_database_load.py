"""The database under load (README "The database under load"): connections taken in arrival
order, a clear 503 when none comes free in time, a write and its rate-limit count in one
transaction, a connection found dead answered 503 once."""
from __future__ import annotations

import threading

import psycopg
import pytest
from sqlalchemy import select

from api.storage.gate import Gate, GateTimeout
from api.storage.models import RateCountRow

from .conftest import make_app
from .helpers import CUTTHROAT


def wait_until(check, most: int = 10_000_000) -> None:
    """Spin (yielding) until `check()` holds: waits on the state, never on a clock."""
    for _ in range(most):
        if check():
            return
        threading.Event().wait(0.001)
    raise AssertionError("never happened")


def test_the_gate_hands_places_in_arrival_order():
    gate = Gate(1, wait=60)
    order: list[str] = []
    gate.enter()  # the one place, taken

    def take(name: str) -> None:
        with gate.place():
            order.append(name)

    waiters = []
    for n, name in enumerate("abc"):
        thread = threading.Thread(target=take, args=(name,))
        thread.start()
        waiters.append(thread)
        wait_until(lambda n=n: gate.waiting == n + 1)
    gate.leave()
    for thread in waiters:
        thread.join()
    assert order == ["a", "b", "c"]
    assert gate.waiting == 0
    with gate.place():  # every place came back
        pass


def test_a_newcomer_never_takes_a_place_ahead_of_a_waiter():
    gate = Gate(1, wait=60)
    gate.enter()
    got: list[str] = []
    waiter = threading.Thread(target=lambda: (gate.enter(), got.append("waiter")))
    waiter.start()
    wait_until(lambda: gate.waiting == 1)
    gate.leave()  # handed to the waiter, even before it runs again
    hurried = Gate(1, wait=0)
    hurried.__dict__.update(gate.__dict__)  # the same line, a newcomer that will not wait
    with pytest.raises(GateTimeout):
        hurried.enter()
    waiter.join()
    assert got == ["waiter"]
    gate.leave()


def test_a_wait_that_runs_out_leaves_the_line():
    gate = Gate(1, wait=0.01)
    gate.enter()
    with pytest.raises(GateTimeout):
        gate.enter()
    assert gate.waiting == 0
    gate.leave()
    with gate.place():
        pass


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_no_connection_in_time_answers_503_problem_with_retry_after(kind, tmp_path, request):
    url = f"sqlite:///{tmp_path / 'l.sqlite3'}" if kind == "sqlite" \
        else request.getfixturevalue("postgres_server")()
    app = make_app(url, LAIRSIDE_DB_POOL=1, LAIRSIDE_DB_WAIT=0.05)
    client = app.test_client()
    made = client.post("/api/v1/games/tdt/sessions", json=CUTTHROAT).json
    store = app.extensions["lairside.sessions"]
    try:
        with store.gate.place():  # the worker's one place in line, taken
            busy = client.get(f"/api/v1/sessions/{made['code']}")
            write = client.post(f"/api/v1/sessions/{made['code']}/events",
                                json={"kind": "note", "text": "x"},
                                headers={"Authorization": f"Bearer {made['edit_token']}",
                                         "If-Match": '"v0"'})
        for answer in (busy, write):
            assert answer.status_code == 503
            assert answer.mimetype == "application/problem+json"
            assert answer.json["status"] == 503 and "nothing was written" in \
                answer.json["detail"]
            assert int(answer.headers["Retry-After"]) >= 1
        assert client.get(f"/api/v1/sessions/{made['code']}").json["version"] == 0
    finally:
        store.dispose()


def counts(store) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(select(RateCountRow.count).where(
            RateCountRow.bucket.startswith("write|"))).scalar_one_or_none() or 0)


def note(client, made, version: int, **headers):
    return client.post(f"/api/v1/sessions/{made['code']}/events",
                       json={"kind": "note", "text": f"n{version}"},
                       headers={"Authorization": f"Bearer {made['edit_token']}",
                                "If-Match": f'"v{version}"', **headers})


def test_a_write_counts_once_in_its_own_transaction_and_a_refused_one_counts_too(db_url):
    app = make_app(db_url, LAIRSIDE_RATE_WRITE="5/3600")
    client = app.test_client()
    made = client.post("/api/v1/games/tdt/sessions", json=CUTTHROAT).json
    store = app.extensions["lairside.sessions"]
    try:
        assert note(client, made, 0).status_code == 201 and counts(store) == 1
        assert note(client, made, 0).status_code == 412 and counts(store) == 2  # stale
        replay = note(client, made, 1, **{"Idempotency-Key": "k"})
        again = note(client, made, 1, **{"Idempotency-Key": "k"})
        assert (replay.status_code, again.status_code) == (201, 201) and counts(store) == 4
        assert again.headers["Idempotent-Replayed"] == "true"
        assert note(client, made, 2).status_code == 201 and counts(store) == 5
        over = note(client, made, 3)
        assert over.status_code == 429 and int(over.headers["Retry-After"]) >= 1
        assert client.get(f"/api/v1/sessions/{made['code']}").json["version"] == 3
    finally:
        store.dispose()


def test_a_write_over_the_limit_in_another_worker_is_undone_whole(db_url):
    """Two workers share the count: the write that goes over it is rolled back with its
    count, so the table stays as it was."""
    first = make_app(db_url, LAIRSIDE_RATE_WRITE="2/3600")
    second = make_app(db_url, LAIRSIDE_RATE_WRITE="2/3600")
    a, b = first.test_client(), second.test_client()
    made = a.post("/api/v1/games/tdt/sessions", json=CUTTHROAT).json
    try:
        assert note(a, made, 0).status_code == 201
        assert note(b, made, 1).status_code == 201  # b now knows the client is at its limit
        over = note(a, made, 2)  # a does not: it counts, goes over, and undoes the write
        assert over.status_code == 429
        assert a.get(f"/api/v1/sessions/{made['code']}").json["version"] == 2
        assert counts(first.extensions["lairside.sessions"]) == 2
    finally:
        first.extensions["lairside.sessions"].dispose()
        second.extensions["lairside.sessions"].dispose()


def test_a_connection_found_dead_answers_503_once_then_the_pool_recovers(postgres_server):
    url = postgres_server()
    app = make_app(url)
    client = app.test_client()
    made = client.post("/api/v1/games/tdt/sessions", json=CUTTHROAT).json
    store = app.extensions["lairside.sessions"]
    try:
        assert client.get(f"/api/v1/sessions/{made['code']}").status_code == 200
        dsn = store.engine.url.set(drivername="postgresql").render_as_string(False)
        with psycopg.connect(dsn, autocommit=True) as admin:  # not one of the pool's
            others = ("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                      "current_database() AND pid <> pg_backend_pid()")
            assert admin.execute(others).fetchone()[0] >= 1
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                          "datname = current_database() AND pid <> pg_backend_pid()")
            wait_until(lambda: admin.execute(others).fetchone()[0] == 0)
        dead = client.get(f"/api/v1/sessions/{made['code']}")
        assert dead.status_code == 503 and int(dead.headers["Retry-After"]) >= 1
        assert client.get(f"/api/v1/sessions/{made['code']}").status_code == 200
    finally:
        store.dispose()
