"""Shared game sessions: create, read, append events (If-Match, Idempotency-Key), undo,
revert, score, export and import.

Who may do what: the share code in the URL lets anyone read; a write also needs the edit
token (Authorization: Bearer <token> or X-Edit-Token), answered once at creation and stored
only as a hash. There is no list of sessions. Create/import and writes are rate limited per
client. Every write names the version it was based on (If-Match: the ETag of the last read):
a stale write gets 412 with the current version and changes nothing. A write is answered
only after it is committed.
"""
from __future__ import annotations

import re
import threading
import time
from typing import Any

from apispec import APISpec
from flask import Blueprint, Flask, Response, current_app, json, request, url_for

from api.errors import Problem
from api.openapi import CONTRIBUTORS
from api.responses import json_body
from api.storage import (
    KeyReused,
    SessionInfo,
    StaleVersion,
    Store,
    StoredEvent,
    database_url,
    parse_stored_events,
)
from api.storage.tokens import token_matches
from assistant import links, sheets
from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.inputs import Flag, Form, Integer, OneOf, Text
from assistant.tracker import (
    EVENT_FORMS,
    EventKind,
    History,
    State,
    describe,
    final_score,
    parse_event,
    parse_setup,
)
from assistant.tracker.forms import SEAT_FORM, SETUP_FORM

bp = Blueprint("sessions", __name__, url_prefix="/api/v1/sessions")

EXPORT_FORMAT = "lairside-session"
EXPORT_VERSION = 1
DEFAULT_RATES = {"LAIRSIDE_RATE_CREATE": "20/3600", "LAIRSIDE_RATE_WRITE": "240/60"}
"""Per client: 20 creates or imports an hour; 240 writes a minute (a burst of taps)."""
MAX_EVENTS_PAGE = 500


def init_app(app: Flask) -> None:
    """One Store per app. Not testing: migrate now, so `make run` creates the SQLite file;
    testing: the engine only (no connection) until a session route is used."""
    import os

    for key, default in DEFAULT_RATES.items():
        app.config.setdefault(key, os.environ.get(key) or default)
    url = database_url(app.config.get("LAIRSIDE_DATABASE_URL"), app.instance_path)
    store = Store(url)
    app.extensions["lairside.sessions"] = store
    app.extensions["lairside.ratelimit"] = RateLimiter()
    if not app.testing:
        store.ready()
    if _openapi not in CONTRIBUTORS:
        CONTRIBUTORS.append(_openapi)


def _store() -> Store:
    store: Store = current_app.extensions["lairside.sessions"]
    return store.ready()


# --- rate limits ---------------------------------------------------------------------------

class RateLimiter:
    """Token buckets per client and kind, in this process (each worker keeps its own)."""

    def __init__(self) -> None:
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, kind: str, client: str, rate: str) -> float | None:
        """None if allowed, else the seconds to wait."""
        if rate in ("", "0", "off"):
            return None
        count, _, per = rate.partition("/")
        capacity, seconds = float(count), float(per or 60)
        refill = capacity / seconds
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get((kind, client), (capacity, now))
            tokens = min(capacity, tokens + (now - last) * refill)
            if tokens < 1:
                self._buckets[(kind, client)] = (tokens, now)
                return (1 - tokens) / refill
            self._buckets[(kind, client)] = (tokens - 1, now)
            if len(self._buckets) > 10000:  # forget idle clients
                self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < seconds}
        return None


def _limit(kind: str) -> None:
    limiter: RateLimiter = current_app.extensions["lairside.ratelimit"]
    wait = limiter.take(kind, request.remote_addr or "?",
                        str(current_app.config[f"LAIRSIDE_RATE_{kind.upper()}"]))
    if wait is not None:
        seconds = max(1, round(wait + 0.5))
        raise Problem(429, "Too Many Requests", f"Too many {kind} requests from this client; "
                      f"try again in {seconds} s.", "rate-limited",
                      {"Retry-After": str(seconds)}, retry_after=seconds)


# --- reading helpers -----------------------------------------------------------------------

def _etag(version: int) -> str:
    return f'"v{version}"'


def _base_url() -> str:
    public = current_app.config.get("LAIRSIDE_PUBLIC_URL")
    return str(public or request.host_url).rstrip("/")


def _urls(info: SessionInfo, token: str | None = None) -> dict[str, str]:
    page = _base_url() + links.session(info.setup.game, info.code)
    api = url_for("sessions.read", code=info.code)
    out = {"api": api, "events": api + "/events", "score": api + "/score",
           "export": api + "/export", "view": page, "sheet": api + "/join.pdf"}
    if token is not None:
        out["edit"] = f"{page}#token={token}"
    return out


def _names(info: SessionInfo) -> dict[str, str]:
    return {s.id: s.name for s in info.setup.seats}


def _event_json(info: SessionInfo, stored: StoredEvent) -> dict[str, Any]:
    return {"seq": stored.seq, "at": stored.created_at.isoformat(),
            "event": stored.event.to_json(), "text": describe(stored.event, _names(info))}


def _session_json(info: SessionInfo, state: State, version: int, can_undo: bool
                  ) -> dict[str, Any]:
    return {"code": info.code, "game": info.setup.game, "mode": info.setup.mode.value,
            "version": version, "can_undo": can_undo, "setup": info.setup.to_json(),
            "state": state.to_json(), "urls": _urls(info)}


def _answer(payload: Any, version: int, status: int = 200) -> Response:
    response = Response(json.dumps(payload), status=status, mimetype="application/json")
    response.set_etag(f"v{version}")
    response.cache_control.no_cache = True  # phones revalidate; a 304 costs one query
    return response


def _not_modified(info: SessionInfo) -> Response | None:
    if request.if_none_match.contains(f"v{info.version}"):
        response = Response(status=304)
        response.set_etag(f"v{info.version}")
        response.cache_control.no_cache = True
        return response
    return None


# --- writing helpers -----------------------------------------------------------------------

def _token() -> str | None:
    auth = request.headers.get("Authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    return request.headers.get("X-Edit-Token")


def _writable(code: str) -> SessionInfo:
    _limit("write")
    info = _store().info(code)
    if not token_matches(_token(), info.token_hash):
        raise Problem(403, "Forbidden", "Changing this session needs its edit token (send "
                      "Authorization: Bearer <token>); the share code only reads.",
                      "forbidden")
    return info


def _expected_version() -> int | None:
    """The version named by If-Match (None for `*`); 428 when missing."""
    raw = request.headers.get("If-Match")
    if not raw:
        raise Problem(428, "Precondition Required", "Send If-Match with the ETag of the "
                      "version your change is based on (from the last read).",
                      "precondition-required")
    if raw.strip() == "*":
        return None
    found = re.search(r"\d+", raw)
    if found is None:
        raise Problem(428, "Precondition Required", f"If-Match {raw!r} names no version; send "
                      "the ETag you read, e.g. \"v12\".", "precondition-required")
    return int(found.group())


def _idempotency_key() -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    key = key.strip()
    if not 1 <= len(key) <= 100:
        raise InvalidInput("Idempotency-Key", "An Idempotency-Key is 1 to 100 characters.",
                           "1-100 characters")
    return key


def _append(code: str, event_data: Any) -> Response:
    info = _writable(code)
    event = parse_event(event_data if isinstance(event_data, dict) else {})
    expected = _expected_version()
    key = _idempotency_key()
    try:
        done = _store().append(info, event, expected, key)
    except StaleVersion as stale:
        raise Problem(412, "Precondition Failed", f"The session is at version {stale.current}, "
                      f"not {expected}: someone else changed it. Re-read it and apply your "
                      "change again.", "precondition-failed", {"ETag": _etag(stale.current)},
                      current_version=stale.current) from None
    except KeyReused:
        raise Problem(422, "Idempotency-Key reused", f"The Idempotency-Key {key!r} was "
                      "already used on this session for a different event.",
                      "idempotency-key-reused") from None
    history = _store().history(info)
    body = {"event": _event_json(info, done.stored), "version": done.version,
            "can_undo": history.points[done.version].before is not None,
            "state": done.state.to_json()}
    response = _answer(body, done.version, 201)
    response.headers["Location"] = url_for("sessions.events", code=info.code,
                                            after=done.stored.seq - 1)
    if done.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


# --- the views -----------------------------------------------------------------------------

@bp.post("")
def create() -> Response:
    _limit("create")
    setup = parse_setup(_object(json_body()))
    info, token = _store().create(setup)
    return _created(info, token, History(setup).state)


@bp.post("/import")
def import_session() -> Response:
    _limit("create")
    data = _object(json_body())
    if data.get("format", EXPORT_FORMAT) != EXPORT_FORMAT:
        raise InvalidInput("format", f"This is not a Lairside session export "
                           f"(format {data.get('format')!r}).", EXPORT_FORMAT)
    setup = parse_setup(_object(data.get("setup"), "setup"))
    raw_events = data.get("events", [])
    if not isinstance(raw_events, list):
        raise InvalidInput("events", "events is a list.", "a list")
    events = parse_stored_events(raw_events)
    info, token = _store().create(setup, events)
    return _created(info, token, _store().state_at(info))


def _object(data: Any, field: str = "_body") -> dict[str, Any]:
    if not isinstance(data, dict):
        raise InvalidInput(field, "Send a JSON object.", "an object")
    return data


def _created(info: SessionInfo, token: str, state: State) -> Response:
    body = {"code": info.code, "edit_token": token,
            "note": "Keep the edit token: it is shown once. The share code only reads.",
            **_session_json(info, state, info.version, info.version > 0),
            "urls": _urls(info, token)}
    response = _answer(body, info.version, 201)
    response.headers["Location"] = url_for("sessions.read", code=info.code)
    return response


@bp.get("/<code>")
def read(code: str) -> Response:
    info = _store().info(code)
    unchanged = _not_modified(info)
    if unchanged is not None:
        return unchanged
    history = _store().history(info)
    point = history.points[info.version]
    return _answer(_session_json(info, point.state, info.version, point.before is not None),
                   info.version)


@bp.get("/<code>/events")
def events(code: str) -> Response:
    info = _store().info(code)
    after = _int_arg("after", 0)
    limit = min(_int_arg("limit", MAX_EVENTS_PAGE), MAX_EVENTS_PAGE)
    rows = _store().events(info, after, limit)
    return _answer({"code": info.code, "version": info.version,
                    "events": [_event_json(info, r) for r in rows]}, info.version)


def _int_arg(name: str, default: int) -> int:
    raw = request.args.get(name)
    if raw is None:
        return default
    if not raw.isdigit():
        raise InvalidInput(name, f"{name} is a whole number of 0 or more; got {raw!r}.",
                           "0 or more")
    return int(raw)


@bp.post("/<code>/events")
def append(code: str) -> Response:
    return _append(code, json_body())


@bp.post("/<code>/undo")
def undo(code: str) -> Response:
    return _append(code, {"kind": EventKind.UNDO.value})


@bp.post("/<code>/revert")
def revert(code: str) -> Response:
    body = _object(json_body())
    return _append(code, {"kind": EventKind.REVERT.value, **body})


@bp.get("/<code>/score")
def score(code: str) -> Response:
    info = _store().info(code)
    unchanged = _not_modified(info)
    if unchanged is not None:
        return unchanged
    answer = final_score(info.setup, _store().state_at(info)).to_json()
    return _answer({"code": info.code, "version": info.version, **answer}, info.version)


@bp.get("/<code>/export")
def export(code: str) -> Response:
    info = _store().info(code)
    body = {"format": EXPORT_FORMAT, "format_version": EXPORT_VERSION, "code": info.code,
            "version": info.version, "created_at": info.created_at.isoformat(),
            "setup": info.setup.to_json(),
            "events": [{"seq": r.seq, "at": r.created_at.isoformat(),
                        "event": r.event.to_json()} for r in _store().events(info)]}
    response = _answer(body, info.version)
    response.headers["Content-Disposition"] = f'inline; filename="lairside-{info.code}.json"'
    return response


@bp.get("/<code>/join.pdf")
def join_sheet(code: str) -> Response:
    """The "join this table" sheet: a QR code to follow the game and, for whoever sends the
    edit token, a second one that opens the page ready to edit."""
    from printables.render import render  # lazy: reportlab only when a sheet is printed

    info = _store().info(code)
    token = _token()
    editing = token is not None and token_matches(token, info.token_hash)
    if token is not None and not editing:
        raise Problem(403, "Forbidden", "That is not this session's edit token; leave it out "
                      "for the follow-only sheet.", "forbidden")
    paper = sheets.check_paper(request.args.get("paper", "a4"))
    data = render(join_sheet_data(info, _urls(info, token if editing else None)), paper,
                  lambda link: link.page)
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="lairside-{info.code}.pdf"'
    response.cache_control.no_store = True  # it may carry the edit link
    return response


def join_sheet_data(info: SessionInfo, urls: dict[str, str]) -> sheets.Sheet:
    """The join sheet as data for the printables renderer (assistant.sheets shapes)."""
    setup = info.setup
    seats = tuple(sheets.Fact(s.name, s.player or "-") for s in setup.seats)
    follow = sheets.Section("Follow the game", (
        sheets.Para("Scan to see the shared record live: VP, Betrayal Triggers, objectives, the "
                    "Doomsday Clock and the Technology Track, and the final score. This code "
                    "only reads."),
        sheets.Facts((sheets.Fact("Share code", info.code.upper()),
                      sheets.Fact("Mode", setup.mode.title()), *seats))),
        link=sheets.Link(page=urls["view"], api=urls["api"], label="Follow"))
    sections = [follow]
    if "edit" in urls:
        sections.append(sheets.Section("Keep score (editors)", (
            sheets.Para("Scan to open the same page ready to record events and undo. Anyone "
                        "holding this code can change the record: keep this half at the "
                        "table."),), link=sheets.Link(page=urls["edit"], api=urls["api"],
                                                      label="Edit")))
    return sheets.Sheet(kind=sheets.Kind.AID, slug=f"lairside-session-{info.code}",
                        title="Join this table", game="Tomorrow Dies Today",
                        mode=setup.mode.title(), players=_henchmen_words(len(setup.henchmen)),
                        sections=tuple(sections),
                        link=sheets.Link(page=urls["view"], api=urls["api"], label="Follow"),
                        columns=1)


def _henchmen_words(n: int) -> str:
    return f"{n} Named Henchm{'a' if n == 1 else 'e'}n"


# --- OpenAPI -------------------------------------------------------------------------------

def _schema(form: Form, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    props: dict[str, Any] = dict(extra or {})
    required = [name for name in props]
    for f in form:
        item: dict[str, Any] = {"description": f.help}
        if isinstance(f, Integer):
            item["type"] = "integer"
            if f.minimum is not None:
                item["minimum"] = f.minimum
            if f.maximum is not None:
                item["maximum"] = f.maximum
        elif isinstance(f, Flag):
            item["type"] = "boolean"
        elif isinstance(f, OneOf):
            item.update(type="string", enum=list(f.options))
        elif isinstance(f, Text):
            item.update(type="string", maxLength=f.max_length)
        else:
            continue
        if getattr(f, "default", None) is not None:
            item["default"] = f.default
        if getattr(f, "required", False):
            required.append(f.name)
        props[f.name] = item
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = required
    return out


EXAMPLE_SETUP = {"mode": "cutthroat", "seats": [
    {"goodman": True, "player": "Gil"}, {"henchman": "Azura Badeau", "player": "Ana"},
    {"henchman": "Jin Feng", "player": "Jo"}, {"henchman": "Boris Myasneek", "player": "Bo"}]}
EXAMPLE_EVENTS = {
    "vp": {"kind": "vp", "seat": "jin-feng", "amount": 2, "reason": "mission reward"},
    "trigger": {"kind": "trigger", "seat": "azura-badeau", "trigger": 3, "active": True},
    "objective": {"kind": "objective", "seat": "jin-feng", "objective": "side-job", "vp": 2,
                  "title": "Smash and grab"},
    "clock": {"kind": "clock", "to": 8},
    "betrayal": {"kind": "betrayal", "seat": "boris-myasneek"},
}


def _openapi(spec: APISpec) -> None:
    def problem(description: str) -> dict[str, Any]:
        return {"description": description,
                "content": {"application/problem+json": {"schema": "ProblemOut"}}}

    obj = {"type": "object"}
    setup = _schema(SETUP_FORM)
    setup["properties"]["seats"] = {"type": "array", "minItems": 1, "maxItems": 7,
                                    "items": _schema(SEAT_FORM), "description":
                                    "Seat ids are the henchman names in lower case with "
                                    "hyphens; Goodman's is 'goodman'."}
    spec.components.schema("SessionSetupIn", setup)
    kinds = []
    for kind, form in EVENT_FORMS.items():
        name = "SessionEvent" + "".join(p.capitalize() for p in kind.value.split("-")) + "In"
        spec.components.schema(name, _schema(form, {"kind": {"type": "string",
                                                             "enum": [kind.value]}}))
        kinds.append({"$ref": f"#/components/schemas/{name}"})
    spec.components.schema("SessionEventIn", {"oneOf": kinds, "description":
                                              "One event; the fields depend on its kind."})
    code = {"in": "path", "name": "code", "required": True, "schema": {"type": "string"},
            "description": "The session's share code (8 letters and digits).",
            "example": "k7m2x9qa"}
    auth = [{"in": "header", "name": "Authorization", "required": True,
             "schema": {"type": "string"}, "description": "Bearer <edit token> (or send "
             "X-Edit-Token)."},
            {"in": "header", "name": "If-Match", "required": True,
             "schema": {"type": "string"}, "example": '"v12"',
             "description": "The ETag of the version you read."},
            {"in": "header", "name": "Idempotency-Key", "required": False,
             "schema": {"type": "string", "maxLength": 100},
             "description": "Any unique string per intended change: a retried write with the "
                            "same key counts once."}]
    write_errors = {
        "403": problem("Missing or wrong edit token."),
        "404": problem("No session with this code."),
        "412": problem("Stale If-Match: body has current_version, ETag header the current "
                       "version; nothing changed."),
        "422": problem("The event breaks a rule of the game (nothing changed), or the "
                       "Idempotency-Key was used for another event."),
        "428": problem("If-Match is missing."),
        "429": problem("Too many writes from this client (see Retry-After)."),
    }
    state_example = {"code": "k7m2x9qa", "game": "tdt", "mode": "cutthroat", "version": 3,
                     "can_undo": True, "setup": {"...": "..."},
                     "state": {"clock": 8, "tech": None, "betrayer": None, "seats": []}}
    written = {"description": "Committed. ETag is the new version.",
               "content": {"application/json": {"schema": obj, "example": {
                   "event": {"seq": 4, "at": "2025-01-31T20:15:00+00:00",
                             "event": EXAMPLE_EVENTS["vp"], "text": "Jin Feng +2 VP "
                             "(mission reward)"}, "version": 4, "can_undo": True,
                   "state": {"clock": 8}}}}}
    tags = ["sessions"]
    created = {"description": "Created", "content": {"application/json": {
        "schema": obj, "example": {"code": "k7m2x9qa", "edit_token": "…", "version": 0,
                                   "urls": {"view": "https://…/g/tdt/sessions/k7m2x9qa",
                                            "edit": "https://…/g/tdt/sessions/k7m2x9qa"
                                                    "#token=…"}}}}}
    spec.path(path="/api/v1/sessions", operations={"post": {
        "tags": tags, "summary": "Create a session",
        "description": "Starts a tracked game. Answers the edit token (shown once), the "
                       "read-only share code and the join URLs for QR codes. Rate limited "
                       "per client.",
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": "SessionSetupIn", "example": EXAMPLE_SETUP}}},
        "responses": {"201": created,
            "422": problem("The seats break a rule of the mode."),
            "429": problem("Too many sessions created from this client.")}}})
    spec.path(path="/api/v1/sessions/import", operations={"post": {
        "tags": tags, "summary": "Import an exported session",
        "description": "Replays an export (GET …/export) into a new session with a new code "
                       "and edit token; every event is checked again.",
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": obj, "example": {"format": EXPORT_FORMAT, "setup": EXAMPLE_SETUP,
                                       "events": [{"event": EXAMPLE_EVENTS["clock"]}]}}}},
        "responses": {"201": created,
                      "422": problem("The export is not valid or an event is refused.")}}})
    spec.path(path="/api/v1/sessions/{code}", operations={"get": {
        "tags": tags, "summary": "Read a session's state",
        "description": "The state folded from every event. ETag is the version; send "
                       "If-None-Match to get 304 while nothing changed.",
        "parameters": [code],
        "responses": {"200": {"description": "OK", "content": {"application/json": {
            "schema": obj, "example": state_example}}},
            "304": {"description": "Not modified since the ETag you sent."},
            "404": problem("No session with this code.")}}})
    spec.path(path="/api/v1/sessions/{code}/events", operations={
        "get": {"tags": tags, "summary": "List a session's events",
                "description": "Every event in order (undo and revert included), with a "
                               "readable line each. `after` skips to newer ones.",
                "parameters": [code, {"in": "query", "name": "after", "schema": {
                    "type": "integer", "minimum": 0}}, {"in": "query", "name": "limit",
                                                       "schema": {"type": "integer",
                                                                  "maximum": MAX_EVENTS_PAGE}}],
                "responses": {"200": {"description": "OK", "content": {"application/json": {
                    "schema": obj, "example": {"version": 1, "events": [
                        {"seq": 1, "event": EXAMPLE_EVENTS["clock"],
                         "text": "Doomsday Clock to 8"}]}}}},
                    "404": problem("No session with this code.")}},
        "post": {"tags": tags, "summary": "Append an event",
                 "description": "Checks the event against the rules and the version in "
                                "If-Match, then commits it before answering.",
                 "parameters": [code, *auth],
                 "requestBody": {"required": True, "content": {"application/json": {
                     "schema": "SessionEventIn",
                     "examples": {k: {"value": v} for k, v in EXAMPLE_EVENTS.items()}}}},
                 "responses": {"201": written, **write_errors}}})
    spec.path(path="/api/v1/sessions/{code}/undo", operations={"post": {
        "tags": tags, "summary": "Undo the last change",
        "description": "Recorded as an event: the history keeps everything. Redo is a revert "
                       "to the version before the undo.",
        "parameters": [code, *auth], "responses": {"201": written, **write_errors}}})
    spec.path(path="/api/v1/sessions/{code}/revert", operations={"post": {
        "tags": tags, "summary": "Go back to an earlier version",
        "description": "The state becomes what it was at `to_version`; recorded as an event.",
        "parameters": [code, *auth],
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": obj, "example": {"to_version": 3}}}},
        "responses": {"201": written, **write_errors}}})
    spec.path(path="/api/v1/sessions/{code}/score", operations={"get": {
        "tags": tags, "summary": "Final score from the state",
        "description": "The game's scoring fed by the folded state; provisional until the "
                       "game has ended.",
        "parameters": [code],
        "responses": {"200": {"description": "OK", "content": {"application/json": {
            "schema": "ExplainedOut", "example": _score_example()}}},
                      "404": problem("No session with this code.")}}})
    spec.path(path="/g/{game}/sessions/{code}", operations={"get": {
        "tags": ["pages"], "summary": "The session page (HTML)",
        "description": "Follow the game live (polling); with #token=<edit token> in the URL "
                       "the page also records events, undoes and goes back. The join sheet's "
                       "QR codes open it.",
        "parameters": [{"in": "path", "name": "game", "required": True,
                        "schema": {"type": "string"}, "example": "tdt"}, code],
        "responses": {"200": {"description": "HTML", "content": {"text/html": {
            "schema": {"type": "string"}}}}, "404": {"description": "No such session."}}}})
    spec.path(path="/api/v1/sessions/{code}/join.pdf", operations={"get": {
        "tags": tags, "summary": "Print the join-this-table QR sheet",
        "description": "A PDF with a QR code to follow the game; with the edit token "
                       "(Authorization: Bearer ...) a second QR code opens the page ready to "
                       "edit. Never cached.",
        "parameters": [code, {"in": "query", "name": "paper", "schema": {
            "type": "string", "enum": ["a4", "letter"], "default": "a4"}}],
        "responses": {"200": {"description": "The sheet", "content": {
            "application/pdf": {"schema": {"type": "string", "format": "binary"}}}},
            "403": problem("A wrong edit token was sent."),
            "404": problem("No session with this code.")}}})
    spec.path(path="/api/v1/sessions/{code}/export", operations={"get": {
        "tags": tags, "summary": "Export the whole session as JSON",
        "description": "Setup and every event with its time; no token. Import it with POST "
                       "/api/v1/sessions/import.",
        "parameters": [code],
        "responses": {"200": {"description": "OK", "content": {"application/json": {
            "schema": obj, "example": {"format": EXPORT_FORMAT, "format_version": 1,
                                       "setup": EXAMPLE_SETUP, "events": []}}}},
            "404": problem("No session with this code.")}}})


__all__ = ["bp", "init_app"]


def _score_example() -> dict[str, Any]:
    """What the score of a finished Cutthroat game looks like: the scoring's own example."""
    scoring = find_game("tdt").scoring
    return scoring.run(scoring.example).to_json() if scoring else {}
