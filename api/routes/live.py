"""Following a table live: a stream of the session's versions (Server-Sent Events), a long poll
for phones that cannot open one, and the session's QR codes as SVG for a screen.

A waiting phone holds no thread and asks the database nothing: api/followers.py wakes it when
its table passes the version it shows. Both answer with the session as a read would. A phone
that drops resumes from the last version it got (Last-Event-ID, or `after=`). A seat's phone
is asked again, before each delivery, whether it still holds its seat: once the seat is
handed to a new phone, its stream closes and its long poll answers 403.
"""
from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import cast

from flask import Blueprint, Flask, Response, current_app, request, stream_with_context

from api import session_access
from api.arguments import arguments
from api.conditional import version_tag
from api.docs import CODE, doc, json_answer, problem
from api.errors import EditTokenMissing, EditTokenRequired
from api.followers import Followers
from api.public_url import public_base
from api.schemas.queries import SeatQueryIn
from api.session_service import (
    claim_url,
    secret_seat,
    session_body,
    session_read,
    session_urls,
    still_held,
    store,
    viewer_of,
)
from assistant.errors import InvalidInput
from printables.qr import qr_svg

bp = Blueprint("live", __name__)

WAIT_MAX = 25
"""Longest a long poll is held (seconds): under proxies' usual 30 s idle limits."""
HEARTBEAT_SECONDS = 20
"""A stream sends a comment line this often while nothing changes, so proxies keep it open."""


def init_app(app: Flask) -> None:
    limit = app.config.get("LAIRSIDE_FOLLOWERS")
    app.extensions["lairside.followers"] = Followers(app.extensions["lairside.sessions"],
                                                     None if limit is None else int(limit))


def followers() -> Followers:
    return cast(Followers, current_app.extensions["lairside.followers"])


def _number(name: str, default: int, most: int, raw: str | None = None) -> int:
    raw = request.args.get(name) if raw is None else raw
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()) or int(raw) > most:
        raise InvalidInput(name, f"{name} is a whole number from 0 to {most}; got {raw[:40]!r}.",
                           f"0-{most}")
    return int(raw)


SEAT_TOKEN = {"in": "header", "name": "X-Seat-Token", "required": False,
              "schema": {"type": "string"}, "description": "A seat's own token: that seat's view."}
AFTER = {"in": "query", "name": "after", "schema": {"type": "integer", "minimum": 0,
                                                    "maximum": 10**9},
         "description": "The version this phone shows.", "example": 3}
SESSION = {"code": "k7m2x9qa", "version": 4, "state": {}}
RELEASED = ("This phone no longer holds its seat: the scorekeeper handed it to a new phone. "
            "Leave the seat token out to follow the table.")
FOLLOW_ERRORS = {"400": problem("The Host is not one this server vouches for (set "
                                 "LAIRSIDE_PUBLIC_URL or LAIRSIDE_TRUSTED_HOSTS)."),
                 "403": problem("The seat token is not one of this session's (or its seat "
                                "was handed to a new phone while it waited)."),
                 "404": problem("No session has this code."),
                 "503": problem("This server holds as many followers as it may: read the "
                                "session every Retry-After seconds meanwhile.")}


@bp.get("/api/v1/sessions/<code>/wait")
@doc("Wait for a newer version (long poll)", "Answers as soon as the session's version is "
     "above `after`, with the session as GET /api/v1/sessions/{code} would (a seat's own view "
     f"with X-Seat-Token), or 204 when `timeout` seconds (at most {WAIT_MAX}) pass without a "
     "change; then ask again. For phones that cannot open the stream.", tags=["sessions"],
     parameters=[CODE, AFTER, {"in": "query", "name": "timeout", "schema": {
         "type": "integer", "minimum": 0, "maximum": WAIT_MAX, "default": 20},
         "description": "Seconds to wait at most."}, SEAT_TOKEN],
     responses={"200": json_answer(SESSION, "A newer version"),
                "204": {"description": "Nothing changed within the timeout."},
                **FOLLOW_ERRORS,
                "422": problem("`after` or `timeout` is not a whole number in range.")})
def wait(code: str) -> Response:
    followers().check_room()
    info = store().info(code)
    viewer = viewer_of(info)
    after = _number("after", 0, 10**9)
    timeout = _number("timeout", 20, WAIT_MAX)
    public_base()  # an untrusted Host is refused now, not after the wait
    if info.version <= after:
        waiter = followers().subscribe(info.code, request.environ.get("gunicorn.socket"))
        try:
            followers().wait(waiter, after, timeout)
            info = followers().latest(info.code)
        finally:
            followers().unsubscribe(waiter)
        if not still_held(info, viewer):  # its seat was handed to a new phone meanwhile
            raise EditTokenRequired(RELEASED)
    if info.version <= after:
        response = Response(status=204, headers=[("ETag", version_tag(info.version,
                                                                       viewer.seat))])
    else:
        response = session_read(info, viewer)
    response.cache_control.no_store = True
    return response


@bp.get("/api/v1/sessions/<code>/stream")
@doc("Follow a session live (Server-Sent Events)", "A stream of `event: session` messages, "
     "each the session as GET /api/v1/sessions/{code} answers it (a seat's own view with "
     "X-Seat-Token), sent as soon as its version passes the one the phone has; `id:` is the "
     "version. A phone that reconnects sends Last-Event-ID (or `after`) and misses nothing. "
     f"A comment line every {HEARTBEAT_SECONDS} s keeps proxies from closing a quiet stream.",
     tags=["sessions"], parameters=[CODE, AFTER, {
         "in": "header", "name": "Last-Event-ID", "required": False,
         "schema": {"type": "string"}, "description": "The last version received."},
         SEAT_TOKEN],
     responses={"200": {"description": "The stream", "content": {"text/event-stream": {
         "schema": {"type": "string"}, "example": 'id: 4\nevent: session\ndata: {...}\n\n'}}},
         **FOLLOW_ERRORS,
         "422": problem("`after` or Last-Event-ID is not a whole number in range.")})
def stream(code: str) -> Response:
    following = followers()
    following.check_room()
    info = store().info(code)
    viewer = viewer_of(info)
    resumed = request.headers.get("Last-Event-ID")
    after = _number("after", 0, 10**9, resumed.strip() if resumed else None)
    public_base()  # every refusal is said before the stream starts, never inside it
    # the phone's place is taken now (503 when there is none) and given back when the
    # server closes the answer, whether or not the stream ever started
    waiter = following.subscribe(info.code, request.environ.get("gunicorn.socket"))

    def events() -> Iterator[bytes]:
        nonlocal info, after
        yield b"retry: 2000\n\n"
        while not waiter.gone:
            if info.version > after:
                if not still_held(info, viewer):  # handed to a new phone: no more
                    return
                body = session_body(info, viewer).body
                yield b"id: %d\nevent: session\ndata: %s\n\n" % (info.version, body)
                after = info.version
            if following.wait(waiter, after, HEARTBEAT_SECONDS):
                info = following.latest(info.code)
            elif not waiter.gone:  # a quiet spell (where nothing watches, writing finds
                yield b": nothing new\n\n"  # a phone that went)

    try:
        response = Response(stream_with_context(events()), mimetype="text/event-stream")
    except BaseException:
        following.unsubscribe(waiter)
        raise
    response.call_on_close(functools.partial(following.unsubscribe, waiter))
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


@bp.get("/api/v1/sessions/<code>/qr.svg")
@doc("The session's QR code (SVG)", "A QR code of the follow page, for a second phone to scan "
     "from the first one's screen. With the edit token (Authorization: Bearer), the edit "
     "link's code instead, never cached; with the edit token and `seat`, the code that claims "
     "that seat (for its player to scan from the scorekeeper's screen).", tags=["sessions"],
     parameters=[CODE],
     responses={"200": {"description": "An SVG image", "content": {
         "image/svg+xml": {"schema": {"type": "string"}}}},
         "403": problem("The edit token sent is not this session's."),
         "404": problem("No session has this code.")})
@arguments(SeatQueryIn)
def qr(code: str, query: dict[str, str]) -> Response:
    info = store().info(code)
    token = session_access.edit_token_if_sent(info, "follow code")

    urls = session_urls(info, token)  # an address phones reach, if any (api/public_url.py)
    seat = query.get("seat")
    if seat is not None:
        if token is None:
            raise EditTokenMissing("A seat's claim code is shown to the scorekeeper: send the "
                                   "edit token (Authorization: Bearer).")
        secret_seat(info, seat)
        urls["edit"] = claim_url(info, seat, store().claim_codes(info)[seat])
    # The edit link holds the token: drawn without the shared cache, never stored anywhere.
    svg = qr_svg(urls["view"], cached=True) if token is None else qr_svg(urls["edit"], cached=False)
    response = Response(svg, mimetype="image/svg+xml")
    if token is None:
        response.cache_control.max_age = 3600
    else:
        response.cache_control.no_store = True
    return response
