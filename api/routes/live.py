"""Following a table live, and showing it on a screen: a stream of the session's versions
(Server-Sent Events), a long poll for phones that cannot open a stream, and the session's QR
codes as SVG.

A phone waiting for a change holds no thread and asks the database nothing: api/followers.py
wakes it when its table passes the version it shows. Both answer with the session as a read
would (a seat's own view with X-Seat-Token). A phone that drops comes back from the last
version it got: Last-Event-ID (or `after=`) on the stream, `after=` on the long poll.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from apispec import APISpec
from flask import Blueprint, Flask, Response, current_app, json, request, stream_with_context
from markupsafe import escape

from api import session_access
from api.errors import EditTokenRequired
from api.followers import Followers
from api.routes.sessions import session_read, session_urls, store, viewer_of
from api.storage.tokens import token_matches
from assistant.errors import InvalidInput
from printables.qr import QUIET_ZONE, qr_matrix

bp = Blueprint("live", __name__)

WAIT_MAX = 25
"""Longest a long poll is held (seconds): under proxies' usual 30 s idle limits."""
HEARTBEAT_SECONDS = 20
"""A stream sends a comment line this often while nothing changes, so proxies keep it open."""


def init_app(app: Flask) -> None:
    from api.openapi import CONTRIBUTORS  # noqa: PLC0415

    app.extensions["lairside.followers"] = Followers(app.extensions["lairside.sessions"])
    if contribute not in CONTRIBUTORS:
        CONTRIBUTORS.append(contribute)


def followers() -> Followers:
    found: Followers = current_app.extensions["lairside.followers"]
    return found


def _number(name: str, default: int, most: int, raw: str | None = None) -> int:
    raw = request.args.get(name) if raw is None else raw
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()) or int(raw) > most:
        raise InvalidInput(name, f"{name} is a whole number from 0 to {most}; got {raw[:40]!r}.",
                           f"0-{most}")
    return int(raw)


@bp.get("/api/v1/sessions/<code>/wait")
def wait(code: str) -> Response:
    """The session as soon as its version is above `after` (200), or 204 after `timeout`."""
    info = store().info(code)
    viewer = viewer_of(info)
    after = _number("after", 0, 10**9)
    timeout = _number("timeout", 20, WAIT_MAX)
    if info.version <= after:
        followers().wait(info.code, after, timeout, request.environ.get("gunicorn.socket"))
        info = store().info(code)
    if info.version <= after:
        response = Response(status=204)
    else:
        response = session_read(info, viewer)
    response.cache_control.no_store = True
    return response


@bp.get("/api/v1/sessions/<code>/stream")
def stream(code: str) -> Response:
    """Server-Sent Events: an `event: session` with the session's JSON each time its version
    passes the one the phone has (`id:` is the version), a comment line while nothing does."""
    info = store().info(code)
    viewer = viewer_of(info)
    resumed = request.headers.get("Last-Event-ID")
    after = _number("after", 0, 10**9, resumed.strip() if resumed else None)
    connection = request.environ.get("gunicorn.socket")

    def events() -> Iterator[bytes]:
        nonlocal info, after
        yield b"retry: 2000\n\n"
        while True:
            if info.version > after:
                body = session_read(info, viewer).get_data()
                yield b"id: %d\nevent: session\ndata: %s\n\n" % (info.version, body)
                after = info.version
            if followers().wait(info.code, after, HEARTBEAT_SECONDS, connection):
                info = store().info(code)
            else:  # a quiet spell, or the phone went: writing finds out which
                yield b": nothing new\n\n"

    response = Response(stream_with_context(events()), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def qr_svg(text: str, matrix: tuple[tuple[bool, ...], ...] | None = None) -> str:
    """A QR code as a small SVG: one path of unit squares, a quiet zone around it."""
    rows = matrix if matrix is not None else qr_matrix(text)
    size = len(rows) + 2 * QUIET_ZONE
    path = "".join(f"M{x + QUIET_ZONE} {y + QUIET_ZONE}h1v1h-1z"
                   for y, row in enumerate(rows) for x, dark in enumerate(row) if dark)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
            f'shape-rendering="crispEdges" role="img" aria-label="QR code: {escape(text)}">'
            f'<rect width="{size}" height="{size}" fill="#fff"/>'
            f'<path fill="#000" d="{path}"/></svg>')


@bp.get("/api/v1/sessions/<code>/qr.svg")
def qr(code: str) -> Response:
    """The follow link's QR code; with the edit token (Authorization), the edit link's."""
    info = store().info(code)
    token = session_access.edit_token()
    if token is not None and not token_matches(token, info.token_hash):
        raise EditTokenRequired("That is not this session's edit token; leave it out for the "
                                "follow code.")
    urls = session_urls(info, token)
    if token is None:
        response = Response(qr_svg(urls["view"]), mimetype="image/svg+xml")
        response.cache_control.max_age = 3600
        return response
    # The edit link holds the token: drawn without the shared cache, never stored anywhere.
    svg = qr_svg(urls["edit"], qr_matrix.__wrapped__(urls["edit"]))
    response = Response(svg, mimetype="image/svg+xml")
    response.cache_control.no_store = True
    return response


# --- OpenAPI --------------------------------------------------------------------------------

def _problem(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/problem+json": {"schema": "ProblemOut"}}}


def _html(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"text/html": {"schema": {
        "type": "string"}}}}


CODE = {"in": "path", "name": "code", "required": True, "schema": {"type": "string"},
        "description": "The session's share code.", "example": "k7m2x9qa"}
GAME = {"in": "path", "name": "game", "required": True, "schema": {"type": "string"},
        "description": "A game with table sessions (see /api/v1/games)."}


def _index_example(slug: str) -> dict[str, Any]:
    """The offline search index of a real game, cut to its first entry."""
    from api.routes.pages import _offline_index  # noqa: PLC0415

    index: dict[str, Any] = json.loads(_offline_index(slug))
    return {**index, "entries": index["entries"][:1]}


def contribute(spec: APISpec) -> None:
    from assistant.games import all_games  # noqa: PLC0415
    from assistant.tracker import SHARED, fold, parse_event  # noqa: PLC0415

    game = next(g for g in all_games() if g.tracker is not None)
    GAME["example"] = game.slug  # a real game, whichever registers first
    tracker = game.tracker
    setup = tracker.parse_setup(tracker.example_setup)
    events = [parse_event(tracker, e) for e in tracker.example_events]
    state = fold(tracker, setup, events).state
    example = {"code": "k7m2x9qa", "game": game.slug, "mode": str(setup.mode),
               "version": len(events), "can_undo": bool(events), "setup": setup.to_json(),
               "state": tracker.state_json(setup, state, SHARED),
               "urls": {"api": "/api/v1/sessions/k7m2x9qa"}}
    tags = ["sessions"]
    spec.path(path="/api/v1/sessions/{code}/wait", operations={"get": {
        "tags": tags, "summary": "Wait for a newer version (long poll)",
        "description": f"Answers as soon as the session's version is above `after`, with the "
                       f"session as GET /api/v1/sessions/{{code}} would (a seat's own view with "
                       f"X-Seat-Token), or 204 when `timeout` seconds (at most {WAIT_MAX}) pass "
                       f"without a change; then ask again. Changes written by any server "
                       f"worker or server are seen within a second.",
        "parameters": [CODE,
                       {"in": "query", "name": "after", "schema": {"type": "integer",
                        "minimum": 0}, "description": "The version this phone shows.",
                        "example": 3},
                       {"in": "query", "name": "timeout", "schema": {
                           "type": "integer", "minimum": 0, "maximum": WAIT_MAX,
                           "default": 20}, "description": "Seconds to wait at most."},
                       {"in": "header", "name": "X-Seat-Token", "required": False,
                        "schema": {"type": "string"},
                        "description": "A seat's own token: that seat's view."}],
        "responses": {"200": {"description": "A newer version", "content": {
            "application/json": {"schema": {"type": "object"}, "example": example}}},
            "204": {"description": "Nothing changed within the timeout."},
            "403": _problem("The seat token is not one of this session's."),
            "404": _problem("No session has this code."),
            "422": _problem("`after` or `timeout` is not a whole number in range.")}}})
    spec.path(path="/api/v1/sessions/{code}/qr.svg", operations={"get": {
        "tags": tags, "summary": "The session's QR code (SVG)",
        "description": "A QR code of the follow page, for a second phone to scan from the "
                       "first one's screen. With the edit token (Authorization: Bearer), the "
                       "edit link's code instead, never cached.",
        "parameters": [CODE],
        "responses": {"200": {"description": "An SVG image", "content": {
            "image/svg+xml": {"schema": {"type": "string"}}}},
            "403": _problem("The edit token sent is not this session's."),
            "404": _problem("No session has this code.")}}})
    spec.path(path="/g/{game}/sessions/new", operations={
        "get": {"tags": ["pages"], "summary": "Start a table (phone page)",
                "description": "A form for the game's session setup; `mode`, `players` and "
                               "`seed` from a setup page fill it in.",
                "parameters": [GAME], "responses": {
                    "200": _html("The form."),
                    "404": _problem("No such game, or it has no table sessions.")}},
        "post": {"tags": ["pages"], "summary": "Create the table from the form",
                 "description": "Creates the session and answers 303 to its page, with the "
                                "edit token in the URL fragment (kept on this phone).",
                 "parameters": [GAME], "responses": {
                     "200": _html("The new session's page, once the browser has followed "
                                  "the 303 (the server answers 303, never 200, to the POST)."),
                     "303": {"description": "To the new session's page."},
                     "404": _problem("No such game, or it has no table sessions."),
                     "422": _html("The form again, each problem beside its field."),
                     "429": _problem("Too many sessions created from this client.")}}})
    spec.path(path="/join", operations={"get": {
        "tags": ["pages"], "summary": "Join a table by its share code (phone page)",
        "description": "Without `code`, the share-code box. With it (any case, spaces, "
                       "dashes; look-alike characters such as 8/B are tried both ways), a 303 "
                       "to the session's page, or the box again with what was wrong.",
        "parameters": [{"in": "query", "name": "code", "schema": {"type": "string"},
                        "example": "K7M2 X9QA"}],
        "responses": {"200": _html("The share-code box."),
                      "303": {"description": "To the session's page."},
                      "422": _html("The box again, saying what is wrong with the code."),
                      "429": _problem("Too many codes tried from this client.")}}})
    spec.path(path="/g/{game}/search.json", operations={"get": {
        "tags": ["pages"], "summary": "The rules' words, for search without a connection",
        "description": "Every entry of the game's rules with every word of its title, text, "
                       "aliases and key numbers (question words left out), the game's "
                       "synonyms, for the phone pages' offline search (saved by the service "
                       "worker).",
        "parameters": [GAME],
        "responses": {"200": {"description": "The index", "content": {"application/json": {
            "schema": {"type": "object"}, "example": _index_example(game.slug)}}},
            "404": _problem("No such game.")}}})
    spec.path(path="/manifest.webmanifest", operations={"get": {
        "tags": ["pages"], "summary": "The web app manifest",
        "description": "Name, icons, colours and start page, so a phone can install the "
                       "pages as an app.",
        "responses": {"200": {"description": "The manifest", "content": {
            "application/manifest+json": {"schema": {"type": "object"}}}}}}})
    spec.path(path="/favicon.ico", operations={"get": {
        "tags": ["pages"], "summary": "The icon",
        "description": "The app's icon (PNG), for browsers that ask for /favicon.ico.",
        "responses": {"200": {"description": "A PNG image", "content": {
            "image/png": {"schema": {"type": "string", "format": "binary"}}}}}}})
