"""What the WSGI layers answering the busiest requests before Flask share (README "Speed"):
the hand-over to Flask for anything a layer cannot answer exactly, and catching the answer
Flask gave so a layer can keep it."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from flask import Flask
from werkzeug.wrappers import Response
from werkzeug.wsgi import get_host

from api.json_provider import plain_json, plain_length, read_whole
from api.responses import MAX_DEPTH

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

Answer = tuple[str, list[tuple[str, str]], list[bytes]]
"""status line, headers, body"""


class BeforeFlask:
    """A layer answering some requests itself: those of `method` whose path `takes` accepts
    and for which `answer` gives an Answer. Every other request, one `answer` declines (None)
    and one it fails on (any exception) go on to Flask, which answers it fully and words any
    problem."""

    method = "GET"

    def __init__(self, flask: Flask, app: WSGIApplication) -> None:
        self.flask = flask
        self.app = app

    def takes(self, path: str) -> bool:
        raise NotImplementedError

    def answer(self, environ: WSGIEnvironment, path: str) -> Answer | None:
        raise NotImplementedError

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse
                 ) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if environ.get("REQUEST_METHOD") != self.method or not self.takes(path):
            return self.app(environ, start_response)
        try:
            answer = self.answer(environ, path)
        except Exception:  # noqa: BLE001 - never an error from here: Flask answers it fully
            answer = None
        if answer is None:
            return self.app(environ, start_response)
        status, headers, body = answer
        start_response(status, headers)
        return body


def refuse_untrusted_host(flask: Flask, environ: WSGIEnvironment) -> None:
    """Raise (SecurityError) where Flask would answer 400 for the request's Host."""
    get_host(environ, flask.config["TRUSTED_HOSTS"])


def plain_body(flask: Flask, environ: WSGIEnvironment) -> tuple[bool, Any]:
    """A layer's reading of the request's JSON body: (True, value) when it is exactly
    `application/json`, sent whole within Flask's limit, and plain (json_provider.plain_json);
    else (False, None), the body put back as it came for Flask to read and word."""
    length = plain_length(environ, flask.config["MAX_CONTENT_LENGTH"])
    if environ.get("CONTENT_TYPE") != "application/json" or length is None:
        return False, None
    raw = read_whole(environ, length)
    if len(raw) < length:  # a short body: Flask answers it as a disconnect
        return False, None
    return plain_json(raw, MAX_DEPTH)


def error_response(flask: Flask, environ: WSGIEnvironment, error: Exception) -> Response:
    """The answer Flask gives when a view raises `error`: its error handlers (a 500 for one
    none takes), then its after-request steps. For a request a layer took on and cannot
    hand over (it has already counted or written something)."""
    with flask.request_context(environ):
        try:
            return flask.finalize_request(flask.handle_user_exception(error))
        except Exception as unhandled:  # noqa: BLE001 - as Flask's wsgi_app answers it
            return flask.handle_exception(unhandled)


def root_path(environ: WSGIEnvironment) -> str:
    """What Flask's request.root_path gives: the mount point (SCRIPT_NAME), no trailing /."""
    return environ.get("SCRIPT_NAME", "").encode("latin1").decode(errors="replace").rstrip("/")


def answer_and_catch(app: WSGIApplication, environ: WSGIEnvironment,
                     start_response: StartResponse, keep: Callable[[str], bool]
                     ) -> tuple[Iterable[bytes], tuple[str, list[tuple[str, str]], bytes] | None]:
    """Run `app`; when `keep(status)` once it answered, its body is read whole and the
    answer comes back too (status, a copy of the headers, body) for the caller to keep."""
    started: list[Any] = []

    def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
        started[:] = [status, list(headers)]
        return start_response(status, headers, exc_info)

    body = app(environ, start)
    if not started or not keep(started[0]):
        return body, None
    try:
        data = b"".join(body)
    finally:
        close = getattr(body, "close", None)
        if close is not None:
            close()
    return [data], (started[0], started[1], data)
