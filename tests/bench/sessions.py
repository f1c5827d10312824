"""Session inputs for `make bench` (run.py): many sessions of every game with a tracker,
made on the served app through its own API (import of a game's example events cut at
different lengths), and the reads, revalidations and appends to load them with."""
from __future__ import annotations

import json
import urllib.request
from typing import Any

from harness import Request

JSON = {"Content-Type": "application/json"}


def _call(base: str, method: str, path: str, body: Any = None,
          headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={**JSON, **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), None


def make_sessions(base: str, per_game: int) -> list[dict[str, Any]]:
    """`per_game` sessions of each tracked game, of different lengths."""
    from assistant.games import all_games

    made = []
    for game in all_games():
        tracker = game.tracker
        if tracker is None:
            continue
        status, _, first = _call(base, "POST", f"/api/v1/games/{game.slug}/sessions",
                                 dict(tracker.example_setup))
        assert status == 201, (game.slug, status)
        accepted = []
        for event in tracker.example_events:
            got, _, _ = _call(base, "POST", f"/api/v1/sessions/{first['code']}/events", event,
                              {"Authorization": f"Bearer {first['edit_token']}"})
            if got == 201:
                accepted.append(event)
        _, _, export = _call(base, "GET", f"/api/v1/sessions/{first['code']}/export")
        for i in range(per_game):
            cut = dict(export, events=export["events"][:i % (len(accepted) + 1)]
                       + [{"event": {"kind": "note", "text": f"Session {i} of {game.slug}"}}])
            status, headers, session = _call(base, "POST", "/api/v1/sessions/import", cut)
            assert status == 201, (game.slug, status)
            made.append({"game": game.slug, "code": session["code"],
                         "token": session["edit_token"]})
    return made


def reads(base: str, sessions: list[dict[str, Any]]) -> list[Request]:
    out: list[Request] = []
    for s in sessions:
        out.append(("GET", f"/api/v1/sessions/{s['code']}", {}, None))
        out.append(("GET", f"/api/v1/sessions/{s['code']}/score", {}, None))
    return out


def revalidations(base: str, sessions: list[dict[str, Any]]) -> list[Request]:
    out: list[Request] = []
    for s in sessions:
        for path in (f"/api/v1/sessions/{s['code']}", f"/api/v1/sessions/{s['code']}/score"):
            _, headers, _ = _call(base, "GET", path)
            out.append(("GET", path, {"If-None-Match": headers["ETag"]}, None))
    return out


def appends(sessions: list[dict[str, Any]], per_session: int = 5) -> list[Request]:
    """Notes of different lengths to every session (each accepted at any point of a game)."""
    out: list[Request] = []
    for s in sessions:
        for j in range(per_session):
            text = f"Round {j}: move the {s['game']} plan forward" + "!" * (j * 7 % 30)
            out.append(("POST", f"/api/v1/sessions/{s['code']}/events",
                        {**JSON, "If-Match": "*", "Authorization": f"Bearer {s['token']}"},
                        json.dumps({"kind": "note", "text": text})))
    return out
