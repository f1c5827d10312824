"""The sessions' part of the OpenAPI document, generic over every game with a tracker: each
game's setup and event forms become schemas, its own example setup and events the examples,
and the score example is computed by folding those events (never typed by hand)."""
from __future__ import annotations

from typing import Any

from apispec import APISpec

from api.schemas.forms import camel, schema_for
from assistant.games import Game, all_games
from assistant.tracker import HISTORY_FORMS, SHARED, Tracker, fold, parse_event

MAX_EVENTS_PAGE = 500


def _problem(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/problem+json": {"schema": "ProblemOut"}}}


def _examples(game: Game, tracker: Tracker) -> dict[str, Any]:
    """The game's example session, folded by the real code."""
    setup = tracker.parse_setup(tracker.example_setup)
    events = [parse_event(tracker, e) for e in tracker.example_events]
    history = fold(tracker, setup, events)
    return {"setup": dict(tracker.example_setup), "events": list(tracker.example_events),
            "state": tracker.state_json(setup, history.state, SHARED),
            "score": tracker.score(setup, history.state).to_json(), "version": len(events)}


def contribute(spec: APISpec) -> None:
    from api.routes.sessions import event_form, event_schema_name  # noqa: PLC0415

    tracked = [(g, g.tracker) for g in all_games() if g.tracker is not None]
    if not tracked:
        return
    setups, kinds = [], []
    for game, tracker in tracked:
        name = f"{camel(game.slug)}SessionSetupIn"
        spec.components.schema(name, schema=schema_for(tracker.setup_form, name))
        setups.append({"$ref": f"#/components/schemas/{name}"})
        for kind, form in {**tracker.event_forms, **HISTORY_FORMS}.items():
            event_name = event_schema_name(game.slug, kind)
            spec.components.schema(event_name, schema=schema_for(event_form(form, kind),
                                                                 event_name))
            kinds.append({"$ref": f"#/components/schemas/{event_name}"})
    spec.components.schema("SessionSetupIn", {"oneOf": setups, "description":
                                              "The setup of a tracked game; fields per game."})
    spec.components.schema("SessionEventIn", {"oneOf": kinds, "description":
                                              "One event; the fields depend on the game and "
                                              "the kind."})
    first, tracker = tracked[0]
    ex = _examples(first, tracker)
    slug = first.slug
    code = {"in": "path", "name": "code", "required": True, "schema": {"type": "string"},
            "description": "The session's share code (8 letters and digits).",
            "example": "k7m2x9qa"}
    game_param = {"in": "path", "name": "game", "required": True, "schema": {
        "type": "string", "enum": [g.slug for g, _ in tracked]}, "example": slug}
    auth = [{"in": "header", "name": "Authorization", "required": False,
             "schema": {"type": "string"}, "description": "Bearer <edit token> (or send "
             "X-Edit-Token); without either the answer is 401."},
            {"in": "header", "name": "X-Edit-Token", "required": False,
             "schema": {"type": "string"}, "description": "The edit token, instead of "
             "Authorization."},
            {"in": "header", "name": "If-Match", "required": True,
             "schema": {"type": "string"}, "example": '"v12"',
             "description": "The ETag of the version you read."},
            {"in": "header", "name": "Idempotency-Key", "required": False,
             "schema": {"type": "string", "maxLength": 100},
             "description": "Any unique string per intended change: a retried write with the "
                            "same key counts once."}]
    body_errors = {
        "400": _problem("The body is not valid JSON."),
        "413": _problem("The body is larger than the server accepts."),
        "415": _problem("The body is not application/json."),
    }
    read_errors = {
        "404": _problem("No session with this code."),
        "429": _problem("Too many unknown codes asked for from this client (see Retry-After)."),
    }
    write_errors = {
        **read_errors,
        "401": {**_problem("No edit token was sent (WWW-Authenticate: Bearer)."),
                "headers": {"WWW-Authenticate": {"schema": {"type": "string"}}}},
        "403": _problem("A wrong edit token (or seat token) was sent."),
        "412": _problem("Stale If-Match: body has current_version, ETag header the current "
                        "version; nothing changed."),
        "422": _problem("The event breaks a rule of the game (nothing changed), the "
                        "Idempotency-Key was used for another event, or the session is full "
                        "(type /problems/session-full)."),
        "428": _problem("If-Match is missing or names no version."),
        "429": _problem("Too many writes (or unknown codes) from this client (see "
                        "Retry-After)."),
    }
    obj = {"type": "object"}
    state_example = {"code": "k7m2x9qa", "game": slug, "mode": ex["setup"].get("mode"),
                     "version": ex["version"], "can_undo": True, "state": ex["state"]}
    written = {"description": "Committed. ETag is the new version.",
               "content": {"application/json": {"schema": obj, "example": {
                   "event": {"seq": 1, "at": "2025-01-31T20:15:00+00:00",
                             "event": ex["events"][0] if ex["events"] else {"kind": "undo"}},
                   "version": ex["version"], "can_undo": True, "state": ex["state"]}}}}
    tags = ["sessions"]
    page = f"https://…/g/{slug}/sessions/k7m2x9qa"
    by_code = {"code": "$response.body#/code"}
    as_editor = {"path.code": "$response.body#/code",
                 "header.X-Edit-Token": "$response.body#/edit_token",
                 "header.If-Match": "$response.header.ETag"}
    created = {"description": "Created", "content": {"application/json": {
        "schema": obj, "example": {"code": "k7m2x9qa", "edit_token": "…", "version": 0,
                                   "urls": {"view": page, "edit": page + "#token=…"}}}},
        "links": {"ReadIt": {"operationId": "readSession", "parameters": by_code},
                  "ListItsEvents": {"operationId": "listEvents", "parameters": by_code},
                  "AppendToIt": {"operationId": "appendEvent", "parameters": as_editor},
                  "UndoOnIt": {"operationId": "undoChange", "parameters": as_editor},
                  "RevertIt": {"operationId": "revertSession", "parameters": as_editor},
                  "ScoreIt": {"operationId": "sessionScore", "parameters": by_code},
                  "ExportIt": {"operationId": "exportSession", "parameters": by_code}}}
    again = {"path.code": "$request.path.code",
             "header.X-Edit-Token": "$request.header.X-Edit-Token",
             "header.If-Match": "$response.header.ETag"}
    after_write = {"ReadIt": {"operationId": "readSession",
                              "parameters": {"code": "$request.path.code"}},
                   "UndoIt": {"operationId": "undoChange", "parameters": again},
                   "AppendMore": {"operationId": "appendEvent", "parameters": again}}
    written = {**written, "links": after_write}
    spec.path(path="/api/v1/games/{game}/sessions", operations={"post": {
        "operationId": "createSession", "tags": tags, "summary": "Create a session",
        "description": "Starts a tracked game. Answers the edit token (shown once), the "
                       "read-only share code and the join URLs for QR codes. Rate limited "
                       "per client.",
        "parameters": [game_param],
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": "SessionSetupIn", "examples": {
                g.slug: {"value": dict(t.example_setup)} for g, t in tracked}}}},
        "responses": {"201": created, **body_errors,
                      "404": _problem("No such game, or it has no table sessions."),
                      "422": _problem("The seats break a rule of the game."),
                      "429": _problem("Too many sessions created from this client.")}}})
    spec.path(path="/api/v1/sessions", operations={"post": {
        "operationId": "createSessionNamingGame", "tags": tags,
        "summary": "Create a session (naming the game in the body)",
        "deprecated": True,
        "description": "As POST /api/v1/games/{game}/sessions, with the game's slug in the "
                       "body's `game` field; kept for clients made before sessions moved "
                       "under their game.",
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": obj, "example": {"game": slug, **ex["setup"]}}}},
        "responses": {"201": created, **body_errors,
                      "404": _problem("No such game, or it has no table sessions."),
                      "422": _problem("No game named, or the seats break a rule of the game."),
                      "429": _problem("Too many sessions created from this client.")}}})
    spec.path(path="/api/v1/sessions/import", operations={"post": {
        "operationId": "importSession", "tags": tags, "summary": "Import an exported session",
        "description": "Replays an export (GET …/export) into a new session with a new code "
                       "and edit token; every event is checked again.",
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": obj, "example": {"format": "lairside-session",
                                       "setup": {"game": slug, **ex["setup"]},
                                       "events": [{"event": e} for e in ex["events"]]}}}},
        "responses": {"201": created, **body_errors,
                      "404": _problem("The export names a game that has no sessions."),
                      "422": _problem("The export is not valid, an event is refused, a time "
                                      "is outside 2000 to now, or it holds more than a "
                                      "session may."),
                      "429": _problem("Too many sessions created from this client.")}}})
    spec.path(path="/api/v1/sessions/{code}", operations={"get": {
        "operationId": "readSession", "tags": tags, "summary": "Read a session's state",
        "description": "The state folded from every event. ETag is the version; send "
                       "If-None-Match to get 304 while nothing changed.",
        "parameters": [code],
        "responses": {"200": {"description": "OK", "content": {"application/json": {
            "schema": obj, "example": state_example}}},
            "304": {"description": "Not modified since the ETag you sent."},
            "403": _problem("A seat token (X-Seat-Token) that is not this session's."),
            **read_errors}}})
    spec.path(path="/api/v1/sessions/{code}/events", operations={
        "get": {"operationId": "listEvents", "tags": tags, "summary": "List a session's events",
                "description": "Every event in order (undo and revert included), with a "
                               "readable line each. `after` skips to newer ones.",
                "parameters": [code, {"in": "query", "name": "after", "schema": {
                    "type": "integer", "minimum": 0}}, {"in": "query", "name": "limit",
                                                       "schema": {"type": "integer",
                                                                  "maximum": MAX_EVENTS_PAGE}}],
                "responses": {"200": {"description": "OK", "content": {"application/json": {
                    "schema": obj, "example": {"version": ex["version"], "events": [
                        {"seq": i + 1, "event": e} for i, e in enumerate(ex["events"])]}}}},
                    "403": _problem("A seat token (X-Seat-Token) that is not this session's."),
                    "422": _problem("after or limit is not a whole number 0-999999999."),
                    **read_errors}},
        "post": {"operationId": "appendEvent", "tags": tags, "summary": "Append an event",
                 "description": "Checks the event against the rules and the version in "
                                "If-Match, then commits it before answering.",
                 "parameters": [code, *auth],
                 "requestBody": {"required": True, "content": {"application/json": {
                     "schema": "SessionEventIn",
                     "examples": {f"{slug}-{i}": {"value": e}
                                  for i, e in enumerate(ex["events"])}}}},
                 "responses": {"201": written, **body_errors, **write_errors}}})
    spec.path(path="/api/v1/sessions/{code}/undo", operations={"post": {
        "operationId": "undoChange", "tags": tags, "summary": "Undo the last change",
        "description": "Recorded as an event: the history keeps everything. Undo right after "
                       "a revert comes back to where the revert started.",
        "parameters": [code, *auth], "responses": {"201": written, **write_errors}}})
    spec.path(path="/api/v1/sessions/{code}/revert", operations={"post": {
        "operationId": "revertSession", "tags": tags, "summary": "Go back to an earlier version",
        "description": "The state becomes what it was at `to_version`; recorded as an event.",
        "parameters": [code, *auth],
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": obj, "example": {"to_version": 0}}}},
        "responses": {"201": written, **body_errors, **write_errors}}})
    spec.path(path="/api/v1/sessions/{code}/score", operations={"get": {
        "operationId": "sessionScore", "tags": tags, "summary": "Final score from the state",
        "description": "The game's scoring fed by the folded state; provisional until the "
                       "game has ended.",
        "parameters": [code],
        "responses": {"200": {"description": "OK", "content": {"application/json": {
            "schema": "SessionScoreOut", "example": {"code": "k7m2x9qa",
                                                     "version": ex["version"], **ex["score"]}}}},
            "304": {"description": "Not modified since the ETag you sent."},
            **read_errors}}})
    spec.path(path="/g/{game}/sessions/{code}", operations={"get": {
        "tags": ["pages"], "summary": "The session page (HTML)",
        "description": "Follow the game live (polling); with #token=<edit token> in the URL "
                       "the page also records events, undoes and goes back. The join sheet's "
                       "QR codes open it.",
        "parameters": [game_param, code],
        "responses": {"200": {"description": "HTML", "content": {"text/html": {
            "schema": {"type": "string"}}}}, "404": {"description": "No such session."}}}})
    spec.path(path="/api/v1/sessions/{code}/seats/{seat}/claim", operations={"post": {
        "operationId": "claimSeat", "tags": tags, "summary": "Claim a seat on its own phone",
        "description": "Answers, once, the seat token that phone sends as X-Seat-Token to see "
                       "that seat's secrets (a hidden plan, an identity) and to write its "
                       "private events. Nobody else's view ever carries them.",
        "parameters": [code, {"in": "path", "name": "seat", "required": True,
                              "schema": {"type": "string"}, "example": "ana"}],
        "responses": {"201": {"description": "Claimed", "content": {"application/json": {
            "schema": obj, "example": {"code": "k7m2x9qa", "seat": "ana",
                                       "seat_token": "…", "urls": {
                                           "seat": page + "#seat=ana&key=…"}}}}},
            "404": _problem("No session with this code."),
            "409": _problem("Another phone already claimed this seat."),
            "422": _problem("No such seat at this table."),
            **read_errors}}})
    spec.path(path="/api/v1/sessions/{code}/join.pdf", operations={"get": {
        "operationId": "joinSheet", "tags": tags, "summary": "Print the join-this-table QR sheet",
        "description": "A PDF with a QR code to follow the game; with the edit token "
                       "(Authorization: Bearer ...) a second QR code opens the page ready to "
                       "edit. Never cached.",
        "parameters": [code, {"in": "query", "name": "paper", "schema": {
            "type": "string", "enum": ["a4", "letter"], "default": "a4"}}],
        "responses": {"200": {"description": "The sheet", "content": {
            "application/pdf": {"schema": {"type": "string", "format": "binary"}}}},
            "403": _problem("A wrong edit token was sent."),
            "422": _problem("paper is not a4 or letter."),
            **read_errors}}})
    spec.path(path="/api/v1/sessions/{code}/export", operations={"get": {
        "operationId": "exportSession", "tags": tags, "summary": "Export the whole session as JSON",
        "description": "Setup and every event with its time; no token. Import it with POST "
                       "/api/v1/sessions/import.",
        "parameters": [code],
        "responses": {"200": {"description": "OK", "content": {"application/json": {
            "schema": obj, "example": {"format": "lairside-session", "format_version": 1,
                                       "setup": {"game": slug, **ex["setup"]},
                                       "events": []}}}},
            **read_errors}}})
