"""Events added before Flask: `POST /api/v1/sessions/<code>/events`, `.../undo` and
`.../revert` from the table's shared view (the edit token).

Every tap at the table is one of these. Flask's request, routing and response objects cost
about a third of an append's CPU, so this layer runs the view's own code (`append_event` in
api/routes/sessions.py) on the raw request and answers the 201 itself. Once it has begun (the
write is counted against the client's rate limit), it answers every refusal too, through
Flask's own error handlers, so nothing is counted or written twice.

Before it begins it hands Flask, with the body put back as it came, whatever it does not take:
other routes and methods, a seat's own phone (X-Seat-Token: its private events and its own
view), a code not written as stored, an event or revert whose body is not exactly
`application/json` of a plain length within the limit, JSON that needs the careful reading
(api/json_provider.py), a revert body that is not an object (undo reads no body), a mount path
Werkzeug would quote in the Location, a host Flask would refuse, a client at the unknown-code
limit (Flask answers the 429), and any error.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from werkzeug.datastructures import EnvironHeaders

from api import ratelimit
from api.before_flask import (
    Answer,
    BeforeFlask,
    error_response,
    plain_body,
    refuse_untrusted_host,
    root_path,
)
from api.routes.sessions import append_event
from api.storage import tokens
from assistant.tracker import REVERT, UNDO

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIEnvironment

PREFIX = "/api/v1/sessions/"
ACTIONS = ("/events", "/undo", "/revert")
_PLAIN_ROOT = re.compile(r"[A-Za-z0-9/_.~-]*")
"""A mount path the Location header carries as it is (Werkzeug quotes anything else)."""


class SessionWrites(BeforeFlask):
    """WSGI middleware in front of Flask for the table's writes (see the module)."""

    method = "POST"

    def takes(self, path: str) -> bool:
        return path[:17] == PREFIX and path.endswith(ACTIONS)

    def answer(self, environ: WSGIEnvironment, path: str) -> Answer | None:
        code, _, action = path[17:].partition("/")
        if "HTTP_X_SEAT_TOKEN" in environ or not tokens.well_formed(code) \
                or code != tokens.normal_code(code) or f"/{action}" not in ACTIONS:
            return None
        config = self.flask.config
        root = root_path(environ)
        if not _PLAIN_ROOT.fullmatch(root):
            return None
        data: Any = {"kind": UNDO}  # as the undo view: the body is not read
        if action != "undo":
            plain, data = plain_body(self.flask, environ)
            if not plain:
                return None
            if action == "revert":  # as the revert view: an object, or Flask's 422
                if not isinstance(data, dict):
                    return None
                data = {"kind": REVERT, **data}
        refuse_untrusted_host(self.flask, environ)
        address = ratelimit.address_of(environ)
        if ratelimit.reached("miss", config, address, self.flask.extensions["lairside.sessions"]):
            return None
        try:
            body, headers = append_event(self.flask, code, data, EnvironHeaders(environ),
                                         address, root)
        except Exception as refused:  # noqa: BLE001 - begun: answered here, never twice
            answer, status, listed = error_response(self.flask, environ, refused
                                                    ).get_wsgi_response(environ)
            return status, listed, list(answer)
        return "201 CREATED", [("Content-Type", "application/json"),
                               ("Content-Length", str(len(body))), *headers], [body]


__all__ = ["SessionWrites"]
