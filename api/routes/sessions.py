"""Shared game sessions, for every game with a tracker: create, read, append events
(If-Match, Idempotency-Key), undo, revert, seats, score, play, export and import.

The share code in the URL lets anyone read; a write also needs the edit token (shown once,
stored as a hash; api/session_access.py). There is no list of sessions. Limits and retention:
README "Limits and retention"; kept answers and 304s: api/cache.py.
"""
from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import click
from flask import Blueprint, Flask, Response, current_app, request
from flask.cli import with_appcontext

from api import ratelimit, session_access
from api import session_service as service
from api.arguments import arguments
from api.conditional import version_tag
from api.docs import (
    BODY_ERRORS,
    CODE,
    doc,
    json_answer,
    path_param,
    per_game,
    problem,
    request_doc,
    setup_of,
)
from api.json_provider import dumps_bytes
from api.offload import off_the_loop
from api.public_url import public_base
from api.responses import json_body
from api.schemas.forms import camel, load, schema_for
from api.schemas.queries import EventsPageIn, PaperIn, PlayIn
from api.session_service import (
    append_event,
    checked_event,
    checked_setup,
    cited_titles,
    claim_url,
    created,
    event_form,
    event_json,
    event_schema_name,
    import_limit,
    json_object,
    json_response,
    own_lane,
    play_of,
    revalidation,
    secret_seat,
    session_read,
    store,
    table_sheet,
    tracked_game,
    versioned_body,
    viewer_of,
)
from assistant import links
from assistant.errors import InvalidInput
from assistant.games import Game, all_games, find_game
from assistant.inputs import Text
from assistant.tracker import (
    HISTORY_FORMS,
    REVERT,
    SHARED,
    UNDO,
    History,
    Tracker,
    Viewer,
    collector_paused,
    event_forms,
    exports,
)
from assistant.tracker import play as plays
from assistant.tracker.kernel import RELEASE, SEALED

bp = Blueprint("sessions", __name__)


def init_app(app: Flask) -> None:
    """The session service's store, the guard against guessing share codes, and the
    retention command."""
    ratelimit.init_app(app)
    service.init_app(app)
    app.before_request(_refuse_enumeration)
    app.cli.add_command(expire_sessions)


def _refuse_enumeration() -> None:
    """Any URL naming a share code (API or page) waits once this client asked for too many
    unknown codes; api/errors.py counts each unknown one."""
    if request.view_args and "code" in request.view_args:
        ratelimit.check("miss")


@click.command("expire-sessions")
@with_appcontext
@click.option("--days", type=int, default=None,
              help="Delete sessions unchanged for this many days (default: "
                   "LAIRSIDE_RETENTION_DAYS, 90).")
def expire_sessions(days: int | None) -> None:
    """Delete sessions nobody has changed for the retention period (run it daily)."""
    keep = days if days is not None else int(current_app.config["LAIRSIDE_RETENTION_DAYS"])
    if keep <= 0:
        click.echo("Retention is off (LAIRSIDE_RETENTION_DAYS=0): nothing deleted.")
        return
    gone = store().expire(datetime.now(UTC) - timedelta(days=keep))
    click.echo(f"Deleted {gone} session(s) unchanged for {keep} days or more.")






# --- reading bodies through the one schema of each form ----------------------------------------









# --- answers -------------------------------------------------------------------------------

































# --- the document's shared parts -------------------------------------------------------------

TAGS = ["sessions"]
READ_ERRORS = {"404": problem("No session with this code."),
               "429": problem("Too many unknown codes asked for from this client (see "
                              "Retry-After).")}
WRITE_ERRORS = {
    **READ_ERRORS,
    "401": problem("No edit token was sent (WWW-Authenticate: Bearer).",
                   headers={"WWW-Authenticate": {"schema": {"type": "string"}}}),
    "403": problem("A wrong edit token (or seat token) was sent."),
    "412": problem("Stale If-Match: body has current_version, ETag header the current "
                   "version; nothing changed."),
    "422": problem("The event breaks a rule of the game (nothing changed), the "
                   "Idempotency-Key was used for another event, or the session is full "
                   "(type /problems/session-full)."),
    "428": problem("If-Match is missing or names no version."),
    "429": problem("Too many writes (or unknown codes) from this client (see Retry-After)."),
    "503": problem("The database could not take the write in time; nothing was written "
                   "(see Retry-After)."),
}
AUTH = [{"in": "header", "name": "Authorization", "required": False,
         "schema": {"type": "string"}, "description": "Bearer <edit token> (or send "
         "X-Edit-Token); without either the answer is 401."},
        {"in": "header", "name": "X-Edit-Token", "required": False,
         "schema": {"type": "string"}, "description": "The edit token, instead of "
         "Authorization."},
        {"in": "header", "name": "If-Match", "required": True, "schema": {"type": "string"},
         "example": '"v12"', "description": "The ETag of the version you read."},
        {"in": "header", "name": "Idempotency-Key", "required": False,
         "schema": {"type": "string", "maxLength": 100},
         "description": "Any unique string per intended change: a retried write with the "
                        "same key counts once."}]
BY_CODE = {"code": "$response.body#/code"}
AS_EDITOR = {"path.code": "$response.body#/code",
             "header.X-Edit-Token": "$response.body#/edit_token",
             "header.If-Match": "$response.header.ETag"}
AGAIN = {"path.code": "$request.path.code",
         "header.X-Edit-Token": "$request.header.X-Edit-Token",
         "header.If-Match": "$response.header.ETag"}
CREATED_LINKS = {
    "ReadIt": {"operationId": "readSession", "parameters": BY_CODE},
    "ListItsEvents": {"operationId": "listEvents", "parameters": BY_CODE},
    "AppendToIt": {"operationId": "appendEvent", "parameters": AS_EDITOR},
    "UndoOnIt": {"operationId": "undoChange", "parameters": AS_EDITOR},
    "RevertIt": {"operationId": "revertSession", "parameters": AS_EDITOR},
    "ScoreIt": {"operationId": "sessionScore", "parameters": BY_CODE},
    "ExportIt": {"operationId": "exportSession", "parameters": BY_CODE}}
WRITTEN_LINKS = {"ReadIt": {"operationId": "readSession",
                            "parameters": {"code": "$request.path.code"}},
                 "UndoIt": {"operationId": "undoChange", "parameters": AGAIN},
                 "AppendMore": {"operationId": "appendEvent", "parameters": AGAIN}}


def _tracked() -> list[tuple[Game, Tracker]]:
    return [(g, g.tracker) for g in all_games() if g.tracker is not None]


EXAMPLE_PAGE = "https://…/g/{game}/sessions/k7m2x9qa"
CREATED = {**json_answer({"code": "k7m2x9qa", "edit_token": "…", "version": 0, "urls": {
    "view": EXAMPLE_PAGE, "edit": EXAMPLE_PAGE + "#token=…"}}, "Created"), "links": CREATED_LINKS}
WRITTEN = {**json_answer({"event": {"seq": 1, "at": "2025-01-31T20:15:00+00:00",
                                    "event": {"kind": "note", "text": "Round 1"}},
                          "version": 1, "can_undo": True, "state": {}},
                         "Committed. ETag is the new version."), "links": WRITTEN_LINKS}


def _setups() -> Iterator[tuple[str, dict[str, Any]]]:
    """Creating a session: one schema per game's setup, with its example."""
    yield "/api/v1/games/{game}/sessions", {"requestBody": {"required": True, "content": {
        "application/json": {
            "schema": {"oneOf": [schema_for(t.setup_form, f"{camel(g.slug)}SessionSetupIn")
                                 for g, t in _tracked()]},
            "examples": {g.slug: {"value": dict(t.example_setup)} for g, t in _tracked()}}}},
        "parameters": [path_param("game", "A game with table sessions.", per_game(
            lambda g: g.slug, tracked=True), {
            "type": "string", "enum": [g.slug for g, _ in _tracked()]})]}


def _events() -> Iterator[tuple[str, dict[str, Any]]]:
    """Appending an event: one schema per game and kind, with each game's examples."""
    yield "/api/v1/sessions/{code}/events", {"requestBody": {"required": True, "content": {
        "application/json": {
            "schema": {"oneOf": [schema_for(event_form(form, kind),
                                            event_schema_name(g.slug, kind))
                                 for g, t in _tracked() for kind, form in event_forms(t).items()]},
            "examples": {f"{g.slug}-{i}": {"value": dict(e)} for g, t in _tracked()
                         for i, e in enumerate(t.example_events)}}}}}


# --- creating ------------------------------------------------------------------------------

@bp.post("/api/v1/games/<game>/sessions")
@doc("Create a session", "Starts a tracked game. Answers the edit token (shown once), the "
     "read-only share code and the join URLs for QR codes. Rate limited per client.",
     tags=TAGS, method="post", operation_id="createSession",
     responses={**BODY_ERRORS, "404": problem("No such game, or it has no table sessions."),
                "422": problem("The seats break a rule of the game."),
                "429": problem("Too many sessions created from this client."), "201": CREATED},
     expand=_setups)
def create(game: str) -> Response:
    _found, tracker = tracked_game(game)
    ratelimit.limit("create")
    data = json_object(json_body())
    if data.get("game", game) != game:
        raise InvalidInput("game", f"This creates a session of {game!r}; the body names "
                           f"{data.get('game')!r}.", game)
    setup = checked_setup(game, tracker, data)
    info, token = store().create(tracker, setup)
    return created(info, token, History(tracker, setup).state)


@bp.post("/api/v1/sessions")
@doc("Create a session (naming the game in the body)", "As POST "
     "/api/v1/games/{game}/sessions, with the game's slug in the body's `game` field; kept for "
     "clients made before sessions moved under their game.", tags=TAGS, method="post",
     operation_id="createSessionNamingGame", deprecated=True,
     responses={**BODY_ERRORS, "404": problem("No such game, or it has no table sessions."),
                "422": problem("No game named, or the seats break a rule of the game."),
                "429": problem("Too many sessions created from this client."), "201": CREATED},
     body=request_doc({"type": "object"}, per_game(setup_of, tracked=True)))
def create_any() -> Response:
    data = json_object(json_body())
    game = data.get("game")
    if not isinstance(game, str):
        slugs = ", ".join(g.slug for g, _ in _tracked())
        raise InvalidInput("game", "Name the game being played (or POST to "
                           "/api/v1/games/<game>/sessions).", slugs)
    return create(game)




@bp.post("/api/v1/sessions/import")
@doc("Import an exported session", "Replays an export (GET …/export) into a new session with "
     "a new code and edit token; every event is checked again, through the same schemas as a "
     "write.", tags=TAGS, method="post", operation_id="importSession",
     responses={**BODY_ERRORS, "404": problem("The export names a game that has no sessions."),
                "422": problem("The export is not valid, an event is refused, a time is "
                               "outside 2000 to now, or it holds more than a session may."),
                "429": problem("Too many sessions created from this client."), "201": CREATED},
     body=request_doc({"type": "object"}, per_game(lambda g: {
         "format": "lairside-session", "setup": setup_of(g),
         "events": [{"event": {"kind": "note", "text": "Round 1"}}]}, tracked=True)))
def import_session() -> Response:
    ratelimit.limit("create")
    request.max_content_length = import_limit()
    found = exports.read(json_body(), datetime.now(UTC))
    _game, tracker = tracked_game(found.game)
    try:
        setup = checked_setup(found.game, tracker, found.setup)
    except InvalidInput as error:
        raise error.within("setup") from None
    for i, raw in enumerate(found.events):  # each through its kind's schema, as a write is
        # (a sealed entry lacks its secret; a release is the kernel's own)
        if not (isinstance(raw, dict) and (raw.get(SEALED) or raw.get("kind") == RELEASE)):
            try:
                checked_event(found.game, tracker, raw, from_request=False)
            except InvalidInput as error:
                raise error.within(f"events.{i}", f"Event {i + 1}: ") from None
    refused = found.unsealed(tracker)
    info, token = store().create(tracker, setup, exports.events_of(tracker, found))
    left_out: dict[str, Any] = {"private_events": found.sealed + len(refused), "note": (
        "Private entries (a seat's secret) come without their secret: an export never "
        "carries one a seat has not revealed. Each seat enters its own again on its own "
        "phone.")}
    if refused:
        left_out["refused_secrets"] = [i + 1 for i in refused]
        left_out["note"] += (" Events " + ", ".join(str(i + 1) for i in refused) + " carried "
                             "a seat's secret, which no export does: it was left out, and "
                             "no phone of this table can read it.")
    return created(info, token, store().state_at(info),
                   left_out if found.sealed or refused else None)




# --- reading -------------------------------------------------------------------------------

@bp.get("/api/v1/sessions/<code>")
@doc("Read a session's state", "The state folded from every event. ETag is the version; send "
     "If-None-Match to get 304 while nothing changed. With X-Seat-Token, that seat's own view. "
     "`moves`: what the rules allow now and this viewer may send (the table's; on a seat's "
     "own view that seat's own too, marked `own`), each a request `body` with its `label`, "
     "the fields to check (`asks`) and those the table enters itself (`enter`: the rules "
     "leave them open, so the body holds only a stand-in there).",
     tags=TAGS, operation_id="readSession", parameters=[CODE],
     responses={"200": json_answer({"code": "k7m2x9qa", "version": 1, "can_undo": True,
                                    "state": {}}),
                "304": {"description": "Not modified since the ETag you sent."},
                "403": problem("A seat token (X-Seat-Token) that is not this session's."),
                **READ_ERRORS})
def read(code: str) -> Response:
    info = store().info(code)
    return session_read(info, viewer_of(info))


@bp.get("/api/v1/sessions/<code>/events")
@doc("List a session's events", "Every event in order (undo and revert included), with a "
     "readable line each. `after` skips to newer ones.", tags=TAGS, operation_id="listEvents",
     parameters=[CODE],
     responses={"200": json_answer({"version": 1, "events": [{"seq": 1, "event": {
         "kind": "note", "text": "Round 1"}}]}),
         "403": problem("A seat token (X-Seat-Token) that is not this session's."),
         "422": problem("after or limit is not a whole number in its range."), **READ_ERRORS})
@arguments(EventsPageIn)
def events(code: str, query: dict[str, Any]) -> Response:
    info = store().info(code)
    viewer = viewer_of(info)
    rows = store().events(info, query["after"], query["limit"])
    # a game with secrets: a seat's entries are its own phone's (History.reader and line)
    history = store().history(info) if info.tracker.private_events else None
    return json_response({"code": info.code, "version": info.version,
                  "events": [event_json(info, r, viewer, history) for r in rows]}, 200,
                 revalidation(info.version, viewer))


@bp.get("/api/v1/sessions/<code>/score")
@doc("Final score from the state", "The game's scoring fed by the folded state; provisional "
     "until the game has ended.", tags=TAGS, operation_id="sessionScore", parameters=[CODE],
     responses={"200": json_answer({"code": "k7m2x9qa", "version": 1, "result": {},
                                    "steps": [], "summary": "…", "links": {}},
                                   schema="SessionScoreOut"),
                "304": {"description": "Not modified since the ETag you sent."},
                **READ_ERRORS})
def score(code: str) -> Response:
    info = store().info(code)

    def build() -> tuple[bytes, str]:
        return dumps_bytes(scored(store().state_at(info))), "application/json"

    def scored(state: Any) -> dict[str, Any]:
        body = {"code": info.code, "version": info.version,
                **info.tracker.score(info.setup, state).to_json()}
        body["rules"] = cited_titles(find_game(info.setup.game), body)
        if info.tracker.finished(info.setup, state):
            try:
                made = play_of(info, state, UTC)
            except plays.NotEnded:  # a score that ranks no seats yet: nothing to offer
                return body
            api = f"{request.script_root}/api/v1/sessions/{info.code}/play"
            body["play"] = {"bgstats": made.link, "bgstats_app": made.app_link, "api": api,
                            "csv": api + "?format=csv", "text": made.text()}
        return body

    return versioned_body(info, SHARED, "score", build)


# --- the play, to log where players keep their results (issue 33) ---------------------------



STRING, NUMBER, FLAG = {"type": "string"}, {"type": "number"}, {"type": "boolean"}
PLAY_SCHEMA = {"type": "object", "description": "BG Stats' createPlay data.", "properties": {
    **dict.fromkeys(("playDate", "location", "comments", "board", "sourceName",
                     "sourcePlayId"), STRING), "durationMin": {"type": "integer"},
    "game": {"type": "object", "properties": {"name": STRING, "highestWins": FLAG,
                                              "noPoints": FLAG, "sourceGameId": STRING}},
    "players": {"type": "array", "items": {"type": "object", "properties": {
        "name": STRING, "score": NUMBER, "rank": {"type": "integer"}, "winner": FLAG,
        "startPlayer": FLAG, "role": STRING, "sourcePlayerId": STRING}}}}}
PLAY_EXAMPLES = per_game(lambda g: {
    "code": "k7m2x9qa", "version": 42, "time_zone": "Europe/Paris", "play": {
        "playDate": "2025-01-31 20:15:00", "durationMin": 95, "board": g.modes[0].title,
        "game": {"name": g.title, "highestWins": True, "noPoints": False},
        "players": [{"name": "Ana", "score": 14, "rank": 1, "winner": True,
                     "startPlayer": True, "role": "", "sourcePlayerId": "ana"}]},
    "start_player": {"seat": "ana", "recorded": True}, "text": "…",
    "urls": {"bgstats": plays.BGSTATS_WEB + "…"}}, tracked=True)


@bp.get("/api/v1/sessions/<code>/play")
@doc("The finished game as a play to log", "Once the rules have ended the game: the play as "
     "BG Stats takes it (`play`, the JSON its createPlay link carries: the date and duration "
     "from the session's own times, the mode as `board`, every seat with its score, shared "
     "rank and winner as the score answer gives them, the start player, public roles only), "
     "the link itself, and a few lines of text for a group chat. `format=csv` gives one row "
     "per seat instead (date, game, mode, seat, name, score, rank, winner, role). A game the "
     "rules have not ended is refused (409): a provisional score is never a play.",
     tags=TAGS, operation_id="sessionPlay", parameters=[CODE],
     responses={"200": {"description": "The play", "content": {
         "application/json": {"schema": {"type": "object", "properties": {
             "play": PLAY_SCHEMA}}, **PLAY_EXAMPLES},
         "text/csv": {"schema": STRING, "example": ",".join(plays.CSV_HEADER) + "\r\n"}}},
                "304": {"description": "Not modified since the ETag you sent."},
                "409": problem("The rules have not ended the game (type "
                               "/problems/game-not-ended)."),
                "422": problem("format is not json or csv, or tz names no time zone."),
                **READ_ERRORS})
@arguments(PlayIn)
def play(code: str, query: dict[str, Any]) -> Response:
    info = store().info(code)
    fmt = query["format"]
    name, zone = plays.time_zone(query["tz"])

    def build() -> tuple[bytes, str]:
        made = play_of(info, store().state_at(info), zone)
        if fmt == "csv":
            return made.csv_text().encode(), "text/csv"
        api = f"{request.script_root}/api/v1/sessions/{info.code}/play"
        return dumps_bytes({
            "code": info.code, "version": info.version, "time_zone": name, "play": made.data,
            "start_player": {"seat": made.start.seat, "recorded": made.start.recorded},
            "text": made.text(), "urls": {"bgstats": made.link, "bgstats_app": made.app_link,
                                          "csv": api + "?format=csv"}}), "application/json"

    response = versioned_body(info, SHARED, f"play {fmt} {name}", build)
    if fmt == "csv" and response.status_code == 200:
        response.headers["Content-Disposition"] = \
            f'attachment; filename="lairside-{info.code}-play.csv"'
    return response


@bp.get("/api/v1/sessions/<code>/export")
@doc("Export the whole session as JSON", "Setup and every event with its time; no token, and "
     "no secret a seat has not revealed. Import it with POST /api/v1/sessions/import.",
     tags=TAGS, operation_id="exportSession", parameters=[CODE],
     responses={"200": json_answer({"format": "lairside-session", "format_version": 1,
                                    "setup": {}, "events": []}), **READ_ERRORS})
def export(code: str) -> Response:
    info = store().info(code)
    history = store().history(info)
    rows = store().events(info)
    with collector_paused(len(rows)):  # the history's stored forms (an old row resolved)
        body = exports.export(info.tracker, info.setup, info.code, info.version,
                              info.created_at, [(r.seq, r.created_at,
                                                 history.stored_form(r.seq, r.event))
                                                for r in rows])
        response = json_response(body, 200, revalidation(info.version, SHARED))
    response.headers["Content-Disposition"] = f'inline; filename="lairside-{info.code}.json"'
    return response


# --- writing -------------------------------------------------------------------------------







@bp.post("/api/v1/sessions/<code>/events")
@doc("Append an event", "Checks the event against the rules and the version in If-Match, "
     "then commits it before answering.", tags=TAGS, method="post",
     operation_id="appendEvent", parameters=[CODE, *AUTH],
     responses={**BODY_ERRORS, **WRITE_ERRORS, "201": WRITTEN}, expand=_events)
def append(code: str) -> Response:
    return append_event(code, json_body())




@bp.post("/api/v1/sessions/<code>/undo")
@doc("Undo the last change", "Recorded as an event: the history keeps everything. Undo right "
     "after a revert comes back to where the revert started.", tags=TAGS, method="post",
     operation_id="undoChange", parameters=[CODE, *AUTH],
     responses={**WRITE_ERRORS, "201": WRITTEN})
def undo(code: str) -> Response:
    return append_event(code, own_lane(code, {"kind": UNDO}))


@bp.post("/api/v1/sessions/<code>/revert")
@doc("Go back to an earlier version", "The state becomes what it was at `to_version`; "
     "recorded as an event.", tags=TAGS, method="post", operation_id="revertSession",
     parameters=[CODE, *AUTH],
     body=request_doc(schema_for(HISTORY_FORMS[REVERT], "SessionRevertIn"), {"to_version": 0}),
     responses={**BODY_ERRORS, **WRITE_ERRORS, "201": WRITTEN})
def revert(code: str) -> Response:
    return append_event(code, own_lane(code, {"kind": REVERT, **json_object(json_body())}))






SEAT = path_param("seat", "A seat's id.", "ana")
CLAIM_FORM = (Text("claim_code", "The seat's claim code, as printed on its slip.", max_length=32,
                   required=True),)


@bp.post("/api/v1/sessions/<code>/seats/<seat>/claim")
@doc("Claim a seat on its own phone", "With that seat's own claim code (printed on its slip, "
     "shown on the scorekeeper's phone; the share code alone claims nothing), answers, once, "
     "the seat token that phone sends as X-Seat-Token to see that seat's secrets (a hidden "
     "plan, an identity) and to write its private entries. Nobody else's view ever carries "
     "them. Attempts are limited per seat (LAIRSIDE_RATE_CLAIM, 6 a minute), not per "
     "address: phones behind one NAT never lock each other out. Games without secrets have "
     "no claims (404).", tags=TAGS, method="post",
     operation_id="claimSeat", parameters=[CODE, SEAT],
     body=request_doc(schema_for(CLAIM_FORM, "SeatClaimIn"), {"claim_code": "K7M2X9QA"}),
     responses={"201": json_answer({"code": "k7m2x9qa", "seat": "ana", "seat_token": "…"},
                                   "Claimed"),
                "403": problem("The claim code is not this seat's."),
                "409": problem("Another phone holds this seat (the scorekeeper can release "
                               "it)."),
                "422": problem("No such seat at this table, or no claim code sent."),
                **BODY_ERRORS, **READ_ERRORS,
                "429": problem("Too many claim attempts for this seat (see Retry-After).")})
def claim_seat(code: str, seat: str) -> Response:
    info = store().info(code)
    secret_seat(info, seat)
    given = load(CLAIM_FORM, "SeatClaimIn", json_body())["claim_code"]
    ratelimit.limit("claim", who=f"{info.id}:{seat}")  # per seat: never a table's address
    token = store().claim_seat(info, seat, given)
    page = public_base().url + links.session(info.setup.game, info.code)
    response = json_response({"code": info.code, "seat": seat, "seat_token": token,
                      "note": "Keep this on the seat's own phone: it shows that seat's "
                              "secrets and is shown once.",
                      "urls": {"seat": f"{page}#seat={seat}&key={token}"}},
                     201, revalidation(info.version, Viewer(seat)))
    response.cache_control.no_store = True
    return response


@bp.delete("/api/v1/sessions/<code>/seats/<seat>/claim")
@doc("Hand a seat to a new phone (release it)", "The scorekeeper (edit token) ends a seat's "
     "claim (a phone lost or swapped mid-game), in one step: the phone holding it loses that "
     "seat's view at once (its reads, stream and long poll answer 403), the seat's claim code "
     "changes (GET …/seats lists the new one), and the history says so for everyone (\"the "
     "table handed Ann's seat to a new phone\"). What the earlier phone entered stays its "
     "own: the new phone never reads it, and enters the seat's secret again from the card. "
     "No undo or revert takes a release back.", tags=TAGS, method="delete",
     operation_id="releaseSeat", parameters=[CODE, SEAT, *AUTH[:2]],
     responses={"204": {"description": "Released (ETag: the new version), or no phone held "
                                       "the seat (nothing changed)."},
                "401": WRITE_ERRORS["401"], "403": WRITE_ERRORS["403"],
                "422": problem("No such seat at this table."),
                "503": WRITE_ERRORS["503"], **READ_ERRORS})
def release_seat(code: str, seat: str) -> Response:
    ratelimit.limit("write")
    info = store().info(code)
    session_access.require_editor(info)
    secret_seat(info, seat)
    done = store().release_seat(info, seat)
    version = info.version if done is None else done.version
    return Response(status=204, headers=[("ETag", version_tag(version, None))])


@bp.get("/api/v1/sessions/<code>/seats")
@doc("The seats' claim codes (scorekeeper)", "For the edit token only: each seat's claim code, "
     "the link that claims it (for its QR code) and whether a phone holds it now. Never "
     "cached.", tags=TAGS, operation_id="listSeats", parameters=[CODE, *AUTH[:2]],
     responses={"200": json_answer({"code": "k7m2x9qa", "seats": [
         {"id": "ana", "name": "Ana", "claim_code": "K7M2X9QA", "claimed": False,
          "url": EXAMPLE_PAGE + "#seat=ana&claim=K7M2X9QA"}]}),
         "401": WRITE_ERRORS["401"], "403": WRITE_ERRORS["403"], **READ_ERRORS})
def seats(code: str) -> Response:
    info = store().info(code)
    session_access.require_editor(info)
    if not info.tracker.private_events:
        secret_seat(info, "")
    codes, held = store().claim_codes(info), store().claimed(info)
    return json_response({"code": info.code, "seats": [
        {"id": s.id, "name": s.name, "claim_code": codes[s.id].upper(), "claimed": s.id in held,
         "url": claim_url(info, s.id, codes[s.id])} for s in info.setup.seats]}, 200,
        [("Cache-Control", "no-store")])


# --- the join sheet ------------------------------------------------------------------------



@bp.get("/api/v1/sessions/<code>/join.pdf")
@doc("Print the join-this-table QR sheet", "A PDF with a QR code to follow the game; with the "
     "edit token (Authorization: Bearer ...) a second QR code opens the page ready to edit. "
     "Never cached.", tags=TAGS, operation_id="joinSheet",
     parameters=[CODE],
     responses={"200": {"description": "The sheet", "content": {"application/pdf": {
         "schema": {"type": "string", "format": "binary"}}}},
         "403": problem("A wrong edit token was sent."),
         "422": problem("paper is not a4 or letter."), **READ_ERRORS})
@arguments(PaperIn)
def join_pdf(code: str, query: dict[str, Any]) -> Response:
    """Never cached: it may carry the edit link."""
    from printables.render import Target, render  # lazy: reportlab only when printing

    info = store().info(code)
    token = session_access.edit_token_if_sent(info, "follow-only sheet")
    paper = query["paper"]
    base = public_base()  # the table's LAN address, never loopback, when it can
    sheet = table_sheet(info, token)
    response = Response(off_the_loop(lambda: render(sheet, paper, lambda link: link.page,
                                                    target=Target(base.url, base.note))),
                        mimetype="application/pdf")
    edit = "-edit" if token is not None else ""
    response.headers["Content-Disposition"] = (f'inline; filename="lairside-{info.code}'
                                               f'{edit}.pdf"')
    response.cache_control.no_store = True
    return response
