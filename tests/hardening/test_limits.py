"""Limits that hold across workers and behind proxies, unknown codes rate-limited, links that
never take their host from a client, retention (issue 14, items 6, 7, 10), and a history whose
memory grows linearly (item 4)."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update

from api.storage.models import SessionRow
from assistant.errors import InvalidInput
from assistant.games import all_games
from assistant.tracker import History, parse_event
from assistant.tracker import history as kernel_history
from tests.sessions.conftest import make_app
from tests.sessions.helpers import CUTTHROAT, create, write

VP = {"kind": "vp", "seat": "jin-feng", "amount": 2, "reason": "mission reward"}


def test_two_workers_share_one_create_limit(tmp_path):
    """Two apps (two gunicorn workers) on one database: a burst of 60 creates lets exactly the
    limit through, however the requests are spread."""
    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    workers = [make_app(url, LAIRSIDE_RATE_CREATE="20/3600").test_client() for _ in range(2)]
    made = [workers[i % 2].post("/api/v1/games/tdt/sessions", json=CUTTHROAT).status_code
            for i in range(60)]
    assert made.count(201) == 20 and made.count(429) == 40
    refused = workers[0].post("/api/v1/games/tdt/sessions", json=CUTTHROAT)
    assert refused.mimetype == "application/problem+json"
    assert int(refused.headers["Retry-After"]) >= 1


def test_forwarded_for_counts_only_behind_a_configured_proxy(tmp_path):
    url = f"sqlite:///{tmp_path / 'p.sqlite3'}"
    direct = make_app(url, LAIRSIDE_RATE_CREATE="2/3600").test_client()
    forged = [direct.post("/api/v1/games/tdt/sessions", json=CUTTHROAT,
                          headers={"X-Forwarded-For": f"10.0.0.{i}"}).status_code
              for i in range(4)]
    assert forged == [201, 201, 429, 429]  # a client cannot pick its own address
    proxied = make_app(f"sqlite:///{tmp_path / 'q.sqlite3'}", LAIRSIDE_RATE_CREATE="2/3600",
                       LAIRSIDE_PROXIES=1).test_client()
    phones = [proxied.post("/api/v1/games/tdt/sessions", json=CUTTHROAT,
                           headers={"X-Forwarded-For": f"10.0.0.{i % 2}"}).status_code
              for i in range(6)]
    assert phones == [201, 201, 201, 201, 429, 429]  # each phone behind the proxy counted apart


def test_unknown_share_codes_are_rate_limited_and_then_hits_wait_too(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'm.sqlite3'}", LAIRSIDE_RATE_MISS="5/60")
    client = app.test_client()
    real = create(client)
    misses = [client.get(f"/api/v1/sessions/zzzzzzz{c}").status_code for c in "23456789"]
    assert misses[:5] == [404] * 5 and set(misses[5:]) == {429}
    # over the limit, a real code is not confirmed either (no probing by status)
    assert client.get(f"/api/v1/sessions/{real['code']}").status_code == 429
    page = client.get(f"/g/tdt/sessions/{real['code']}")
    assert page.status_code == 429
    other = client.get(f"/api/v1/sessions/{real['code']}",
                       environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 200


def test_links_never_take_a_made_up_host(tmp_path):
    url = f"sqlite:///{tmp_path / 'h.sqlite3'}"
    open_app = make_app(url).test_client()
    evil = open_app.post("/api/v1/games/tdt/sessions", json=CUTTHROAT,
                         headers={"Host": "evil.example"})
    assert evil.status_code == 400 and evil.json["type"] == "/problems/untrusted-host"
    lan = open_app.post("/api/v1/games/tdt/sessions", json=CUTTHROAT,
                        headers={"Host": "192.168.1.20:8000"})
    assert lan.json["urls"]["edit"].startswith("http://192.168.1.20:8000/g/tdt/sessions/")
    public = make_app(url, LAIRSIDE_PUBLIC_URL="https://lair.example.org").test_client()
    made = public.post("/api/v1/games/tdt/sessions", json=CUTTHROAT,
                       headers={"Host": "evil.example"})
    assert made.json["urls"]["edit"].startswith("https://lair.example.org/g/tdt/sessions/")
    trusted = make_app(url, TRUSTED_HOSTS=["lair.example.org"]).test_client()
    refused = trusted.get("/api/v1/games", headers={"Host": "evil.example"})
    assert refused.status_code == 400 and refused.mimetype == "application/problem+json"
    ok = trusted.post("/api/v1/games/tdt/sessions", json=CUTTHROAT,
                      headers={"Host": "lair.example.org"})
    assert ok.json["urls"]["view"].startswith("http://lair.example.org/")


def test_retention_expires_unused_sessions_from_the_cli(tmp_path):
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    app = make_app(url)
    client = app.test_client()
    old, fresh = create(client), create(client)
    assert write(client, old, VP, 0).status_code == 201
    read = client.get(f"/api/v1/sessions/{fresh['code']}").json
    expires = datetime.fromisoformat(read["expires_at"])
    assert timedelta(days=89) < expires - datetime.now(UTC) <= timedelta(days=90)
    assert read["urls"]["export"].endswith("/export")  # offered with the date
    store = app.extensions["lairside.sessions"]
    with store.engine.begin() as conn:
        conn.execute(update(SessionRow).where(SessionRow.code == old["code"]).values(
            updated_at=datetime.now(UTC) - timedelta(days=91)))
    result = app.test_cli_runner().invoke(args=["expire-sessions"])
    assert result.exit_code == 0 and "Deleted 1 session" in result.output
    assert client.get(f"/api/v1/sessions/{old['code']}").status_code == 404
    assert client.get(f"/api/v1/sessions/{fresh['code']}").status_code == 200
    result = app.test_cli_runner().invoke(args=["expire-sessions", "--days", "0"])
    assert "nothing deleted" in result.output
    store.dispose()


def test_expire_command_is_on_the_flask_cli(tmp_path):
    root = Path(__file__).resolve().parents[2]
    answer = subprocess.run([sys.executable, "-m", "flask", "--app", "api:create_app",
                             "expire-sessions"], capture_output=True, text=True, cwd=tmp_path,
                            env={**os.environ, "PYTHONPATH": str(root)}, timeout=120)
    assert answer.returncode == 0, answer.stderr
    assert "Deleted 0 session(s) unchanged for 90 days" in answer.stdout


TRACKED = [g for g in all_games() if g.tracker is not None]


@pytest.mark.parametrize("game", TRACKED, ids=lambda g: g.slug)
def test_sparse_history_equals_keeping_every_state(game, monkeypatch):
    """With a state kept every 3 events and 1 recent one, every version's state, undo target
    and undo/revert result equals a plain fold that keeps every state."""
    monkeypatch.setattr(kernel_history, "SNAPSHOT_EVERY", 3)
    monkeypatch.setattr(kernel_history, "RECENT", 1)
    tracker = game.tracker
    setup = tracker.parse_setup(tracker.example_setup)
    rng = random.Random(game.slug)
    history, states = History(tracker, setup), [tracker.initial(setup)]
    befores: list[int | None] = [None]
    examples = [dict(e) for e in tracker.example_events]
    for _ in range(120):
        roll = rng.random()
        if roll < 0.15:
            raw = {"kind": "undo"}
        elif roll < 0.25 and history.version:
            raw = {"kind": "revert", "to_version": rng.randrange(history.version)}
        else:
            raw = rng.choice(examples)
        try:
            history.append(parse_event(tracker, raw))
        except InvalidInput:
            continue
        # the reference: what the kernel did before, every state kept
        if raw["kind"] == "undo":
            back = befores[-1]
            states.append(states[back])
            befores.append(befores[back])
        elif raw["kind"] == "revert":
            states.append(states[raw["to_version"]])
            befores.append(len(states) - 2)
        else:
            states.append(tracker.apply(setup, states[-1], parse_event(tracker, raw),
                                        len(states)))
            befores.append(len(states) - 2)
    assert history.version == len(states) - 1 > 30
    order = list(range(len(states)))
    rng.shuffle(order)
    for version in order:
        assert history.points[version].state == states[version]
        assert history.points[version].before == befores[version]
    kept = len(history._kept)
    assert kept <= history.version // 3 + 2
