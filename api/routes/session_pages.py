"""The session page: follow a shared game live and, with the edit token, record events.

Server-rendered first paint (the state as of this request, embedded as HTML-safe JSON), then
static/session.js renders the board the game declares, polls the JSON API with
If-None-Match (a 304 costs one query) and writes with If-Match and an Idempotency-Key per tap.
The edit token arrives in the URL fragment (#token=..., never sent to the server by the
browser) and is kept in this phone's storage.
"""
from __future__ import annotations

from dataclasses import asdict

from flask import Blueprint, Response, render_template

from api.routes.sessions import session_json, store
from assistant.errors import NotFound
from assistant.games import find_game
from assistant.inputs import describe
from assistant.tracker import event_forms

bp = Blueprint("session_pages", __name__)


@bp.get("/g/<game>/sessions/<code>")
def session_page(game: str, code: str) -> Response:
    info = store().info(code)
    if info.setup.game != game:
        raise NotFound(f"There is no {game!r} session {code!r}.")
    found = find_game(game)
    point = store().history(info).points[info.version]
    mode = str(info.setup.mode)
    html = render_template(
        "session.html", game=found, wording=info.tracker.wording,
        mode_title=next((m.title for m in found.modes if m.slug == mode), mode.title()),
        session=session_json(info, point.state, info.version, point.before is not None),
        board=asdict(info.tracker.board(info.setup)),
        forms={kind: describe(form) for kind, form in event_forms(info.tracker).items()},
        private=sorted(getattr(info.tracker, "private_events", ())))
    response = Response(html, mimetype="text/html")
    response.cache_control.no_cache = True
    return response
