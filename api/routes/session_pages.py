"""The session page: follow a shared game live and, with the edit token, record events.

Server-rendered first paint (the state as of this request), then light JavaScript in the
template polls the JSON API with If-None-Match (a 304 costs one query) and writes with
If-Match and an Idempotency-Key per tap. The edit token arrives in the URL fragment
(#token=..., never sent to the server by the browser) and is kept in this phone's storage.
"""
from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, json, render_template

from api.routes.sessions import _session_json
from api.storage import Store
from assistant.errors import NotFound
from assistant.games import find_game
from assistant.tracker import ObjectiveKind

bp = Blueprint("session_pages", __name__)


@bp.get("/g/<game>/sessions/<code>")
def session_page(game: str, code: str) -> Response:
    store: Store = current_app.extensions["lairside.sessions"].ready()
    try:
        info = store.info(code)
    except NotFound:
        abort(404)
    if info.setup.game != game:
        abort(404)
    point = store.history(info).points[info.version]
    initial = _session_json(info, point.state, info.version, point.before is not None)
    html = render_template("session.html", game=find_game(game), session=initial,
                           initial_json=json.dumps(initial),
                           objectives=[k.value for k in ObjectiveKind])
    response = Response(html, mimetype="text/html")
    response.cache_control.no_cache = True
    return response
