"""Session reads before Flask: `GET /api/v1/sessions/<code>` and `.../score` in the table's
shared view.

Every phone at a table polls the same session, so one version's answer is asked for again and
again. This layer asks the database for the session's current version (one indexed SELECT, so
a change made through any worker is seen on the very next read), then answers
- 304 when the client's If-None-Match names that version (nothing else is read or built);
- the bytes Flask answered for that same session, version and address before, kept per worker
  (`KEEP`: the view marks a shared-view 200 as one to keep).
Everything else goes on to Flask, which answers it fully: other routes and methods, a seat's
own view (X-Seat-Token: its answer holds that seat's secrets and is never kept here), a code
not written as stored, an unknown session, a client at the unknown-code limit, a host Flask
would refuse, any error, and the first read of each version.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from flask import Flask

from api import ratelimit
from api.before_flask import answer_and_catch, refuse_untrusted_host
from api.responses import PageCache, matches
from api.storage import tokens

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

PREFIX = "/api/v1/sessions/"
KEEP = "lairside.session_version"
"""WSGI environ key: the version a shared-view 200 of a session read or score was built at
(set by the view in api/routes/sessions.py)."""
KEPT_BYTES = 8 * 1024 * 1024
"""Answer bytes each worker keeps (a few thousand sessions' latest reads)."""
SHARED_CACHE_CONTROL = "no-cache"
"""Cache-Control of the shared view's answers: phones revalidate, and a 304 costs one query."""


def version_tag(version: int, seat: str | None = None) -> str:
    """The ETag of a session answer at `version`: the shared view's, or a seat's own."""
    return f'"v{version}"' if seat is None else f'"v{version}-{seat}"'


class SessionReads:
    """WSGI middleware in front of Flask for shared-view session reads (see the module)."""

    def __init__(self, flask: Flask, app: WSGIApplication, budget: int = KEPT_BYTES) -> None:
        self.flask = flask
        self.app = app
        self.kept = PageCache(budget)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse
                 ) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if environ.get("REQUEST_METHOD") != "GET" or not path.startswith(PREFIX) \
                or "HTTP_X_SEAT_TOKEN" in environ:
            return self.app(environ, start_response)
        code, _, rest = path[len(PREFIX):].partition("/")
        if rest not in ("", "score") or not tokens.well_formed(code) \
                or code != tokens.normal_code(code):
            return self.app(environ, start_response)
        try:
            key = self._key(environ, code, rest)
        except Exception:  # noqa: BLE001 - never an error from here: Flask answers it fully
            key = None
        if key is None:
            return self.app(environ, start_response)
        version = key[2]
        tag = version_tag(version)
        asked = environ.get("HTTP_IF_NONE_MATCH")
        if asked and matches(tag, asked):
            start_response("304 NOT MODIFIED", [("ETag", tag),
                                                ("Cache-Control", SHARED_CACHE_CONTROL)])
            return []
        kept = self.kept.get(key)
        if kept is not None:
            body, _code, status, headers = kept
            # a copy of the headers: the layers outside append to the list
            start_response(str(status), list(cast(list[tuple[str, str]], headers)))
            return [body]
        return self._answer_and_keep(key, environ, start_response)

    def _key(self, environ: WSGIEnvironment, code: str, rest: str) -> tuple[Any, ...] | None:
        """What the answer depends on, its current version read from the database; None when
        Flask is to answer (unknown session, host refused, client at the miss limit)."""
        config = self.flask.config
        store = self.flask.extensions["lairside.sessions"]
        refuse_untrusted_host(self.flask, environ)
        if ratelimit.reached("miss", config, ratelimit.address_of(environ), store):
            return None
        found = store.head(code)
        if found is None:
            return None
        session_id, version, updated_at = found
        # The address's parts and the settings the answer's links and expiry are built from
        return (code, rest, version, session_id, updated_at, environ.get("wsgi.url_scheme"),
                environ.get("HTTP_HOST"), environ.get("SERVER_NAME"),
                environ.get("SERVER_PORT"), environ.get("SCRIPT_NAME", ""),
                config.get("LAIRSIDE_PUBLIC_URL"), config.get("LAIRSIDE_RETENTION_DAYS"),
                repr(config["TRUSTED_HOSTS"]))

    def _answer_and_keep(self, key: tuple[Any, ...], environ: WSGIEnvironment,
                         start_response: StartResponse) -> Iterable[bytes]:
        # Kept only when the view built it at the version the key was read at
        body, caught = answer_and_catch(self.app, environ, start_response, lambda status:
                                        environ.get(KEEP) == key[2] and status.startswith("200 "))
        if caught is not None:
            status, headers, data = caught
            self.kept.put(key, (data, 200, status, headers))  # third and fourth: line, headers
        return body


__all__ = ["KEEP", "SessionReads"]
