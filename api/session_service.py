"""The session service: one table's session as the API reads and writes it (the store, who
may see and write what, versioned reads kept per viewer, appends with If-Match and an
Idempotency-Key, seats and claims, the table's join sheet). The blueprints in api/routes
call it; it calls no blueprint. Limits and retention: README "Limits and retention"; kept
answers and 304s: api/cache.py.
"""
from __future__ import annotations

import functools
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import timedelta, tzinfo
from typing import Any, cast
from urllib.parse import quote

from flask import Flask, Response, current_app, request, url_for
from marshmallow import ValidationError

from api import conditional, ratelimit, session_access
from api.cache import Kept, kept_or_built, not_modified, request_key, send
from api.errors import EditTokenRequired, EventFormRefused
from api.json_provider import dumps_bytes
from api.public_url import public_base
from api.schemas.forms import camel, load
from api.storage import (
    DatabaseBusy,
    SessionInfo,
    Store,
    StoredEvent,
    database_url,
)
from api.storage.store import MAX_BYTES, MAX_EVENTS
from assistant import links, sheets
from assistant.errors import InvalidInput, NotFound
from assistant.games import Game, find_game
from assistant.inputs import Form, OneOf
from assistant.sheets.join import join_sheet
from assistant.tracker import (
    SHARED,
    History,
    Tracker,
    Viewer,
    event_forms,
    exports,
    what_now,
)
from assistant.tracker import play as plays
from assistant.tracker.kernel import is_history, refuse_session_fields, stored_event, writer
from assistant.tracker.offers import offers


def init_app(app: Flask) -> None:
    """One Store per app. Not testing: migrate now, so `make run` creates the SQLite file;
    testing: the engine only (no connection) until a session route is used."""
    url = database_url(app.config.get("LAIRSIDE_DATABASE_URL"), app.instance_path)
    made = Store(url, int(app.config.get("LAIRSIDE_MAX_EVENTS", MAX_EVENTS)),
                 int(app.config.get("LAIRSIDE_MAX_SESSION_BYTES", MAX_BYTES)),
                 app.config.get("LAIRSIDE_DB_POOL"), app.config.get("LAIRSIDE_DB_WAIT"))
    app.extensions["lairside.sessions"] = made
    if not app.testing:
        made.ready()


def store() -> Store:
    return cast(Store, current_app.extensions["lairside.sessions"]).ready()


def tracked_game(slug: str) -> tuple[Game, Tracker]:
    game = find_game(slug)
    if game.tracker is None:
        raise NotFound(f"{game.title} has no table sessions here.")
    return game, game.tracker


def checked_setup(game: str, tracker: Tracker, data: Any) -> Any:
    """A session setup from a request or an export: the form's schema, then the game's own
    checks (seat names, counts per mode)."""
    load(tracker.setup_form, f"{camel(game)}SessionSetupIn", json_object(data))
    return tracker.parse_setup(data)


def checked_event(game: str, tracker: Tracker, data: Any, from_request: bool = True) -> Any:
    """An event from a request or an export, checked once: by its kind's schema (the one
    /openapi.json shows), whose values the game then reads as it reads a stored event. A
    request may not send what only the session writes (a release, `own_phone`); an export's
    stored forms may, and import_event reads them."""
    forms = event_forms(tracker)
    body = json_object(data)
    if from_request:
        refuse_session_fields(tracker, body)
    kind = body.get("kind")
    if not isinstance(kind, str) or kind not in forms:
        raise InvalidInput("kind", f"There is no event kind {kind!r}.", ", ".join(forms))
    return stored_event(tracker, load(event_form(forms[kind], kind),
                                      event_schema_name(game, kind), data))


@functools.lru_cache(maxsize=512)
def event_form(form: Form, kind: str) -> Form:
    """An event kind's form with its `kind` field, as a body carries it."""
    return (OneOf("kind", "The event's kind.", (kind,), required=True), *form)


@functools.lru_cache(maxsize=512)
def event_schema_name(game: str, kind: str) -> str:
    return f"{camel(game)}SessionEvent{camel(kind)}In"


def expires_at(info: SessionInfo) -> str | None:
    days = int(current_app.config.get("LAIRSIDE_RETENTION_DAYS", 90))
    return (info.updated_at + timedelta(days=days)).isoformat() if days > 0 else None


def session_urls(info: SessionInfo, token: str | None = None) -> dict[str, str]:
    page = public_base().url + links.session(info.setup.game, info.code)
    api = f"{request.script_root}/api/v1/sessions/{info.code}"
    out = {"api": api, "events": api + "/events", "score": api + "/score",
           "export": api + "/export", "view": page, "sheet": api + "/join.pdf"}
    if token is not None:
        out["edit"] = f"{page}#token={token}"
    return out


def seat_names(info: SessionInfo) -> dict[str, str]:
    return {s.id: s.name for s in info.setup.seats}


def event_json(info: SessionInfo, stored: StoredEvent, viewer: Viewer = SHARED,
               history: History | None = None) -> dict[str, Any]:
    """An event as `viewer` reads it. With the session's `history` (always, for a seat's own
    view): a seat's own entries made by an earlier phone of that seat are read as everyone
    reads them, and its entries on a new phone say so (History.reader and line)."""
    event, tracker = stored.event, info.tracker
    if is_history(event):
        return {"seq": stored.seq, "at": stored.created_at.isoformat(),
                "event": event.to_json(), "text": event.describe(seat_names(info))}
    if history is None or stored.seq > history.version:
        return {"seq": stored.seq, "at": stored.created_at.isoformat(),
                "event": tracker.event_json(event, viewer),
                "text": tracker.describe(event, seat_names(info), viewer)}
    return {"seq": stored.seq, "at": stored.created_at.isoformat(),
            "event": tracker.event_json(event, history.reader(stored.seq, viewer)),
            "text": history.line(stored.seq, viewer)}


def cited_titles(game: Game, score: dict[str, Any]) -> dict[str, str]:
    """The titles of the rules a score answer cites, for its rule links: only those (every
    title would name each secret Identity)."""
    cited = {step.get("rule") for step in score["steps"]} | {
        step.get("rule") for seat in score["result"].get("standings", ())
        for step in seat["steps"]}
    return {entry.id: entry.title for entry in game.rules if entry.id in cited}


def session_json(info: SessionInfo, state: Any, version: int, can_undo: bool,
                 viewer: Viewer = SHARED) -> dict[str, Any]:
    body = {"code": info.code, "game": info.setup.game, "mode": str(info.setup.mode),
            "version": version, "can_undo": can_undo, "setup": info.setup.to_json(),
            "state": info.tracker.state_json(info.setup, state, viewer),
            "moves": moves_json(info, state, version, viewer),
            "urls": session_urls(info), "expires_at": expires_at(info)}
    if not viewer.shared:
        body["seat"] = viewer.seat
    return body


MOVES_KEPT = 512
_moves: OrderedDict[tuple[int, str, int, str | None], list[dict[str, Any]]] = OrderedDict()
_moves_lock = threading.Lock()


def moves_json(info: SessionInfo, state: Any, version: int, viewer: Viewer
               ) -> list[dict[str, Any]]:
    """The moves `viewer` may send at `version` (assistant.tracker.offers: each tried against
    the rules, a few folds' work), worked out once per table, version and viewer in this
    process: the writer's answer and the stream's message of that version share them."""
    key = (info.id, info.code, version, viewer.seat)
    with _moves_lock:
        found = _moves.get(key)
        if found is not None:
            _moves.move_to_end(key)
            return found
    try:
        made = offers(info.tracker, info.setup, state, viewer, seat_names(info))
    except Exception:  # a game's slip costs the page its buttons, never the table's read
        logging.getLogger(__name__).exception("moves of %s at version %d", info.code, version)
        made = []
    with _moves_lock:
        _moves[key] = made
        while len(_moves) > MOVES_KEPT:
            _moves.popitem(last=False)
    return made


def revalidation(version: int, viewer: Viewer) -> list[tuple[str, str]]:
    """The ETag and caching headers of a session answer at `version` for `viewer`: phones
    revalidate every time (a 304 costs one query); a seat's own view is never shared."""
    tag = conditional.version_tag(version, viewer.seat)
    if viewer.shared:
        return [("ETag", tag), ("Cache-Control", "no-cache")]
    return [("ETag", tag), ("Cache-Control", "no-cache, private"),
            ("Vary", session_access.SEAT_HEADER)]


def versioned_body(info: SessionInfo, viewer: Viewer, what: str,
                   build: Callable[[], tuple[bytes, str]]) -> Response:
    """A read at the session's current version: 304 when the phone has it, else the answer
    kept per session, version, viewer and address (`build`: its bytes and media type)."""
    headers = revalidation(info.version, viewer)
    if conditional.unchanged(headers[0][1]):
        return not_modified(headers)
    return send(kept_version(info, viewer, what, build))


def kept_version(info: SessionInfo, viewer: Viewer, what: str,
                 build: Callable[[], tuple[bytes, str]]) -> Kept:
    config = current_app.config
    key = request_key("session", what, info.id, info.code, info.version, viewer.seat,
                      config.get("LAIRSIDE_PUBLIC_URL"), config.get("LAIRSIDE_RETENTION_DAYS"))
    return kept_or_built(key, lambda: Kept(*build(), revalidation(info.version, viewer)))


def session_bytes(info: SessionInfo, viewer: Viewer) -> tuple[bytes, str]:
    """The session at `info.version` as `viewer` may see it: `can_undo` is the table's; a
    seat's own view adds `can_undo_own` (its own private entries)."""
    state, can_undo = store().point(info)
    body = session_json(info, state, info.version, can_undo, viewer)
    if not viewer.shared:
        body["can_undo_own"] = store().point(info, viewer.seat)[1]
    return dumps_bytes(body), "application/json"


def session_body(info: SessionInfo, viewer: Viewer) -> Kept:
    """A read's answer, kept."""
    return kept_version(info, viewer, "read", lambda: session_bytes(info, viewer))


def session_read(info: SessionInfo, viewer: Viewer) -> Response:
    return versioned_body(info, viewer, "read", lambda: session_bytes(info, viewer))


def viewer_of(info: SessionInfo) -> Viewer:
    """The shared view, or a seat's own view when its phone sends its seat token."""
    token = request.headers.get(session_access.SEAT_HEADER)
    if token is None:
        return SHARED
    seat = store().seat_of(info, token) if token and len(token) <= 200 else None
    if seat is None:
        raise EditTokenRequired("That seat token is not one of this session's (a seat handed "
                                "to a new phone ends its old token at once); leave it out to "
                                "follow the table.")
    return Viewer(seat)


def still_held(info: SessionInfo, viewer: Viewer) -> bool:
    """Whether the phone that asked still holds its seat (its token not released since it
    was read): what a live channel checks again before each delivery, after reading the
    version it delivers. The shared view is anyone's."""
    if viewer.shared:
        return True
    token = request.headers.get(session_access.SEAT_HEADER) or ""
    return store().seat_of(info, token) == viewer.seat


def json_object(data: Any, field: str = "_body") -> dict[str, Any]:
    if not isinstance(data, dict):
        raise InvalidInput(field, "Send a JSON object.", "an object")
    return data


def json_response(body: Any, status: int, headers: list[tuple[str, str]]) -> Response:
    return Response(dumps_bytes(body), status=status, mimetype="application/json",
                    headers=headers)


def play_of(info: SessionInfo, state: Any, zone: tzinfo) -> plays.Play:
    """The session's play (plays.NotEnded while the rules have not ended it), its times the
    session's own (created, last event) shown in `zone`."""
    game = find_game(info.setup.game)
    mode = str(info.setup.mode)
    title = next((m.title for m in game.modes if m.slug == mode), mode)
    began, ended = store().span(info)
    return plays.build(info.tracker, game.title, title, info.setup, state, info.code,
                       began.astimezone(zone), ended.astimezone(zone))


def import_limit() -> int:
    """The largest import body: any export of a session within the limits fits, so every
    export imports back; other bodies keep LAIRSIDE_MAX_BODY_BYTES."""
    return (exports.largest(store().max_bytes, store().max_events)
            + int(current_app.config.get("MAX_CONTENT_LENGTH") or 65536))


def created(info: SessionInfo, token: str, state: Any,
             left_out: dict[str, Any] | None = None) -> Response:
    body = {"code": info.code, "edit_token": token,
            "note": "Keep the edit token: it is shown once. The share code only reads.",
            **session_json(info, state, info.version, info.version > 0),
            "urls": session_urls(info, token)}
    if left_out:
        body["left_out"] = left_out
    response = json_response(body, 201, revalidation(info.version, SHARED))
    response.headers["Location"] = url_for("sessions.read", code=info.code)
    return response


def append_event(code: str, event_data: Any) -> Response:
    """Write one event as the request asks (edit or seat token, If-Match, Idempotency-Key).
    The write counts against the client's write limit inside its own transaction; a request
    refused before that (a wrong token, a stale version, a broken rule) counts on its own."""
    count = ratelimit.counter("write")
    try:
        return _write_event(code, event_data, count)
    except DatabaseBusy:
        raise
    except Exception:
        if count is not None and not count.done:
            count(None)
        raise


def _write_event(code: str, event_data: Any, count: ratelimit.Count | None) -> Response:
    info = store().known(code)  # its version is read again inside the write
    try:
        event = checked_event(info.setup.game, info.tracker, event_data)
    except InvalidInput as refused:  # a form error says what can be done now too
        refused.next = _next_kinds(info)
        raise
    except ValidationError as refused:
        raise EventFormRefused(refused.messages, _next_kinds(info)) from None
    who = writer(info.tracker, info.setup, event)  # None: the table; else that seat's phone
    token = None
    if who is None:
        session_access.require_editor(info)  # a seat's token alone writes nothing shared
        viewer = SHARED
    else:
        token = request.headers.get(session_access.SEAT_HEADER)
        viewer = viewer_of(info)
        if viewer.seat != who:
            name = seat_names(info)[who]
            raise EditTokenRequired(
                f"Only {name}'s own phone takes back {name}'s own entries (send its "
                f"{session_access.SEAT_HEADER})." if is_history(event) else
                f"This is written from {name}'s own phone (send its "
                f"{session_access.SEAT_HEADER}); the table's edit token may not.")
    expected = conditional.expected_version()
    key = session_access.idempotency_key()
    done = store().append(info, event, expected, key, event_data, who, count, token)
    history = store().history(info) if who is not None else None
    body = {"event": event_json(info, done.stored, viewer, history), "version": done.version,
            "can_undo": done.can_undo,
            "state": info.tracker.state_json(info.setup, done.state, viewer)}
    # No `moves` here: working them out was near half a write's CPU, for one phone only. The
    # session read at the new version has them (kept, one answer for every phone at that
    # version and view), and the page asks it once its queue of taps is sent.
    # The new version's ETag (the phone's next If-Match); the answer itself is made once, for
    # the phone that wrote, and kept by nobody (no-store: so not compressed either, which
    # cost a tenth of a write for a few KB on the table's Wi-Fi)
    headers = [(name, "no-store" if name == "Cache-Control" else value)
               for name, value in revalidation(done.version, viewer)]
    # built as session_urls builds the session's API links (url_for's rule matching cost a
    # twentieth of an append)
    headers.append(("Location", f"{request.script_root}/api/v1/sessions/{info.code}/events"
                                f"?after={done.stored.seq - 1}"))
    if done.replayed:
        headers.append(("Idempotent-Replayed", "true"))
    return json_response(body, 201, headers)


def _next_kinds(info: SessionInfo) -> tuple[str, ...]:
    """The kinds the caller (the table, or the seat whose token is sent) may send now."""
    info = store().info(info.code)  # now, not as this process last knew it
    return what_now(info.tracker, info.setup, store().state_at(info), viewer_of(info).seat)[1]


def own_lane(code: str, body: dict[str, Any]) -> dict[str, Any]:
    """An undo or revert from a seat's own phone (its seat token) acts on that seat's own
    entries; from the table (the edit token), on the table's."""
    if session_access.SEAT_HEADER in request.headers:
        return {**body, "seat": viewer_of(store().info(code)).seat}
    return body


def secret_seat(info: SessionInfo, seat: str) -> None:
    """Claims exist where the game keeps secrets; `seat` must be one of the table's."""
    if not info.tracker.private_events:
        raise NotFound(f"{find_game(info.setup.game).title} keeps no secrets at the table, so "
                       "there is no seat to claim: every phone follows it with the share code.")
    ids = [s.id for s in info.setup.seats]
    if seat not in ids:
        raise InvalidInput("seat", f"There is no seat {seat!r} at this table.", ", ".join(ids))


def claim_url(info: SessionInfo, seat: str, claim: str) -> str:
    """The link on a seat's slip: opening it on a phone claims that seat."""
    return f"{public_base().url}{links.session(info.setup.game, info.code)}" \
           f"#seat={quote(seat, safe='')}&claim={claim.upper()}"  # an id in any alphabet


def table_sheet(info: SessionInfo, token: str | None) -> sheets.Sheet:
    """The table's tent: its follow code; with the edit `token`, the scorekeeper's strip and,
    in a game with secrets, a slip per seat with that seat's claim code and its QR."""
    slips = []
    if token is not None and info.tracker.private_events:
        codes = store().claim_codes(info)
        slips = [(s.name, codes[s.id].upper(), claim_url(info, s.id, codes[s.id]))
                 for s in info.setup.seats]
    return join_sheet(find_game(info.setup.game), info.code, str(info.setup.mode),
                      [(s.name, s.player) for s in info.setup.seats],
                      session_urls(info, token), slips)

