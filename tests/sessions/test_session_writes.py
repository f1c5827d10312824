"""Events added before Flask (api/session_writes.py) answer exactly what the Flask view
answers: the same status line, headers and bytes for every game's example events and for
every refusal (token, If-Match, Idempotency-Key, the rules, a full session, the rate limit),
nothing is counted or written twice, and a request the layer hands on reaches Flask with its
body intact."""
from __future__ import annotations

import itertools
import json
from datetime import UTC, datetime
from typing import Any

import pytest
from werkzeug.test import EnvironBuilder

from api.session_writes import SessionWrites
from api.storage import store as store_module
from api.storage import tokens
from assistant.games import all_games

from .conftest import make_app

GAMES = [g for g in all_games() if g.tracker is not None]
TOKEN = "t" * 43


def _layer(app: Any) -> SessionWrites:
    layer = app.wsgi_app
    while not isinstance(layer, SessionWrites):
        layer = layer.app
    return layer


def _call(app: Any, path: str, body: bytes, headers: dict[str, str],
          content_type: str = "application/json", root: str = ""
          ) -> tuple[str, list[Any], bytes, bool]:
    """Status, headers, body, and whether the layer answered it (`root`: the app mounted
    there)."""
    environ = EnvironBuilder(path=path, base_url=f"http://localhost{root}", method="POST",
                             data=body, content_type=content_type, headers=headers
                             ).get_environ()
    started: list[Any] = []
    layer = _layer(app)
    answered = layer.answered = []  # type: ignore[attr-defined]
    answer = b"".join(app.wsgi_app(environ, lambda status, listed, exc=None: started.extend(
        [status, listed])))
    return started[0], started[1], answer, answered == [True]


@pytest.fixture()
def twins(tmp_path, monkeypatch):
    """Two apps on databases of their own, the same session codes, tokens and clock in
    both: one answers appends before Flask, the other sends every one through Flask."""
    codes = itertools.count()
    monkeypatch.setattr(tokens, "new_token", lambda: TOKEN)
    monkeypatch.setattr(tokens, "new_code", lambda: f"{next(codes) // 2:0>8d}"
                        .translate(str.maketrans("0123456789", "abcdefghjk")))
    monkeypatch.setattr(store_module, "_now", lambda: datetime(2026, 11, 23, 2, tzinfo=UTC))
    config = {"LAIRSIDE_RATE_WRITE": "40/60", "LAIRSIDE_MAX_EVENTS": 30}
    fast = make_app(f"sqlite:///{tmp_path / 'fast.sqlite3'}", **config)
    flask = make_app(f"sqlite:///{tmp_path / 'flask.sqlite3'}", **config)
    _layer(flask).answer = lambda environ, path: None  # type: ignore[method-assign]
    layer = _layer(fast)
    answer = layer.answer

    def watched(environ: Any, path: str) -> Any:
        got = answer(environ, path)
        layer.answered.append(got is not None)  # type: ignore[attr-defined]
        return got
    layer.answer = watched  # type: ignore[method-assign]
    yield fast, flask
    for app in (fast, flask):
        app.extensions["lairside.sessions"].dispose()


def _same(twins: tuple[Any, Any], path: str, body: bytes, headers: dict[str, str],
          content_type: str = "application/json") -> tuple[str, bytes, bool]:
    fast, flask = twins
    got = _call(fast, path, body, headers, content_type)
    want = _call(flask, path, body, headers, content_type)
    assert not want[3], "the reference went through Flask"
    assert got[:3] == want[:3], (path, body[:80], headers)
    return got[0], got[2], got[3]


def _create(twins: tuple[Any, Any], game: Any) -> str:
    codes = set()
    for app in twins:
        made = app.test_client().post(f"/api/v1/games/{game.slug}/sessions",
                                      json=dict(game.tracker.example_setup))
        assert made.status_code == 201
        codes.add(made.json["code"])
    (code,) = codes
    return code


@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_every_append_and_refusal_is_what_flask_answers(twins, game):
    code = _create(twins, game)
    path = f"/api/v1/sessions/{code}/events"
    editor = {"Authorization": f"Bearer {TOKEN}", "If-Match": "*"}
    taken = 0
    for i, event in enumerate(game.tracker.example_events[:12]):
        status, _, layer = _same(twins, path, json.dumps(event).encode(),
                                 {**editor, "Idempotency-Key": f"k{i}"})
        taken += layer
        assert status in ("201 CREATED", "403 FORBIDDEN", "422 UNPROCESSABLE ENTITY")
    assert taken == min(12, len(game.tracker.example_events))
    note = json.dumps({"kind": "note", "text": "Ana owes Bo a drink"}).encode()
    refusals = [
        ({}, note),                                                   # no token: 401
        ({"Authorization": "Bearer wrong", "If-Match": "*"}, note),    # wrong token: 403
        ({"Authorization": f"Bearer {TOKEN}"}, note),                  # no If-Match: 428
        ({**editor, "If-Match": '"v0"'}, note),                        # stale: 412
        ({**editor, "If-Match": "soon"}, note),                        # unreadable: 428
        ({**editor, "Idempotency-Key": "k0"}, note),                   # reused key: 422
        ({**editor, "Idempotency-Key": "\u00e9"}, note),               # not ASCII: 422
        ({**editor, "Idempotency-Key": "k1"},                          # replayed: 201
         json.dumps(game.tracker.example_events[1]).encode()),
        (editor, b"[]"), (editor, b"{}"), (editor, b'{"kind": "nonsense"}'),
        (editor, json.dumps({"kind": "note", "text": "x" * 5000}).encode()),
    ]
    for headers, body in refusals:
        status, answer, layer = _same(twins, path, body, headers)
        assert layer, (headers, body)
        assert status[0] in "24", status
    unknown = "/api/v1/sessions/zzzzzzzz/events"
    status, answer, layer = _same(twins, unknown, note, editor)
    assert status.startswith("404") and layer
    base = f"/api/v1/sessions/{code}"
    history = [  # undo reads no body; revert names a version (or is refused)
        (f"{base}/undo", b"", editor, "201"), (f"{base}/undo", b"anything", editor, "201"),
        (f"{base}/undo", b"", {}, "401"), (f"{base}/undo", b"", {**editor, "If-Match": '"v0"'},
                                            "412"),
        (f"{base}/revert", b'{"to_version": 1}', editor, "201"),
        (f"{base}/revert", b'{"to_version": 999}', editor, "422"),
        (f"{base}/revert", b'{"to_version": 0}', {"Authorization": "Bearer no"}, "403"),
    ]
    for where, body, headers, expected in history:
        status, answer, layer = _same(twins, where, body, headers)
        assert layer and status[:3] == expected, (where, body, headers, status)


def test_a_full_session_and_the_write_limit_are_answered_alike(twins):
    game = next(g for g in GAMES if g.slug == "tdt")
    code = _create(twins, game)
    path = f"/api/v1/sessions/{code}/events"
    editor = {"Authorization": f"Bearer {TOKEN}", "If-Match": "*"}
    statuses = [_same(twins, path, json.dumps({"kind": "note", "text": f"n{i}"}).encode(),
                      editor)[0] for i in range(42)]
    assert statuses[:30] == ["201 CREATED"] * 30  # LAIRSIDE_MAX_EVENTS
    assert set(statuses[30:40]) == {"422 UNPROCESSABLE ENTITY"}  # full; still counted
    assert statuses[40:] == ["429 TOO MANY REQUESTS"] * 2  # the 41st write of the minute
    for app in twins:  # counted once per request, in both
        assert app.test_client().get(f"/api/v1/sessions/{code}").json["version"] == 30


def test_what_the_layer_leaves_reaches_flask_with_its_body(twins):
    game = next(g for g in GAMES if g.slug == "tdt")
    code = _create(twins, game)
    path = f"/api/v1/sessions/{code}/events"
    editor = {"Authorization": f"Bearer {TOKEN}", "If-Match": "*"}
    note = json.dumps({"kind": "note", "text": "caf\u00e9"}).encode()
    handed = [
        (path, note, {**editor, "X-Seat-Token": "a-seat"}, "application/json"),
        (path, note, editor, "application/json; charset=utf-8"),
        (path, note, editor, "text/plain"),
        (path, b'{"kind": "note", "text": "a\\u0000b"}', editor, "application/json"),
        (path, b"{", editor, "application/json"),
        (path.upper(), note, editor, "application/json"),
        (f"/api/v1/sessions/{code}/revert", b"[]", editor, "application/json"),
        (f"/api/v1/sessions/{code}/revert", b'{"to_version": 0}', editor, "text/plain"),
        (f"/api/v1/sessions/{code}/events/undo", b"", editor, "application/json"),
    ]
    statuses = []
    for where, body, headers, content_type in handed:
        status, answer, layer = _same(twins, where, body, headers, content_type)
        assert not layer, (where, body, headers, content_type)
        statuses.append(status[:3])
    # a seat token on a shared event is no secret's: the edit token writes it
    assert statuses == ["201", "201", "415", "422", "400", "404", "422", "415", "404"]
    versions = {app.test_client().get(f"/api/v1/sessions/{code}").json["version"]
                for app in twins}
    assert versions == {2}  # two notes, each once

def test_a_mount_path_and_a_refused_host_are_answered_alike(twins):
    game = next(g for g in GAMES if g.slug == "tdt")
    code = _create(twins, game)
    path = f"/api/v1/sessions/{code}/events"
    note = json.dumps({"kind": "note", "text": "hi"}).encode()
    editor = {"Authorization": f"Bearer {TOKEN}", "If-Match": "*"}
    for root, taken in (("/lair", True), ("/l air", False)):
        got, want = (_call(app, path, note, editor, root=root.replace(" ", "%20"))
                     for app in twins)
        assert got[:3] == want[:3] and got[3] == taken
        assert dict(got[1])["Location"].startswith(root.replace(" ", "%20") + "/api/")
    for app in twins:
        app.config["TRUSTED_HOSTS"] = ["lair.example.org"]
    status, answer, layer = _same(twins, path, note, {**editor, "Host": "evil.example"})
    assert status.startswith("400") and not layer

