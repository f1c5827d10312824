"""The table-session pages: start a table, join one by its share code, follow and edit it.

Server-rendered first paint (the state embedded as HTML-safe JSON), then static/session.js
renders the game's board, follows changes and writes with If-Match and an Idempotency-Key per
tap. The edit token travels in the URL fragment (#token=..., which browsers never send) and is
kept in the phone's storage: a new table's redirect carries it there, never to a server log or
a Referer.
"""
from __future__ import annotations

import json
import re
import secrets
from dataclasses import asdict
from itertools import combinations
from typing import Any
from urllib.parse import quote

from flask import Blueprint, Response, redirect, render_template, request
from markupsafe import Markup
from werkzeug.wrappers import Response as WerkzeugResponse

from api import pages_forms as forms
from api import ratelimit
from api.chart import laid_out
from api.public_url import mounted, mounted_links, public_base
from api.session_service import (
    checked_setup,
    cited_titles,
    kept_version,
    play_of,
    session_json,
    store,
    tracked_game,
)
from api.storage.tokens import CODE_ALPHABET, CODE_LENGTH
from assistant import links
from assistant.errors import InvalidInput, NotFound
from assistant.form_text import flatten, parse
from assistant.games import all_games, find_game
from assistant.inputs import ListOf, describe, label_for
from assistant.tracker import SHARED, event_forms
from assistant.tracker import play as plays
from assistant.tracker.progress import progress
from printables.address import is_loopback

bp = Blueprint("session_pages", __name__)

LOOK_ALIKES = {"8": "b", "b": "8", "5": "s", "s": "5", "2": "z", "z": "2", "6": "g", "g": "6",
               "u": "v", "v": "u"}
"""Characters of the code alphabet that read alike in print or on a screen: a code that is not
found is tried again with these swapped (a few look-ups at most, see `code_candidates`)."""
NEVER_IN_CODES = "01ilo"
MAX_CANDIDATES = 16


def _page(template: str, status: int = 200, **context: Any) -> Response:
    """A page of a table, or of starting or joining one: asked again on every visit."""
    response = Response(render_template(template, **context), status=status,
                        mimetype="text/html")
    response.cache_control.no_cache = True
    return response


# Start a table ---------------------------------------------------------------------------

def _seat_field(tracker: Any) -> ListOf | None:
    return next((f for f in tracker.setup_form if isinstance(f, ListOf)), None)


def _new_table_page(game: Any, values: dict[str, Any], errors: dict[str, list[str]],
                    status: int = 200) -> Response:
    tracker = game.tracker
    mode = values.get("mode") or game.modes[0].slug
    return _page(
        "session_new.html", status, game=game, values={**values, "mode": mode}, errors=errors,
        mode_titles={m.title: m.slug for m in game.modes},
        seat_field=_seat_field(tracker),
        other=[f for f in tracker.setup_form if f.name not in ("game", "mode")
               and not isinstance(f, ListOf)],
        error_labels={k: label_for(tracker.setup_form, k) for k in errors},
        setup_link=_setup_link(game, values), deals=_deals(tracker))


def _setup_link(game: Any, values: dict[str, Any]) -> str | None:
    """The setup page this table came from (mode, players and seed), to open it again."""
    if game.setup is None or not values.get("players"):
        return None
    params = {k: values[k] for k in ("mode", "players", "seed") if values.get(k)}
    return mounted_links.setup(game.slug, **params)


def _deals(tracker: Any) -> bool:
    """The game's setup deals what a table leaves out (it takes a `seed`)."""
    return any(f.name == "seed" for f in tracker.setup_form)


@bp.post("/g/<game>/sessions/deal")
def deal(game: str) -> Response:
    """What the start form as it stands would deal (nothing is created): each dealt field's
    value by its form name, for the page to show beside the field. The same parse as
    starting the table, so the deal shown is the deal made."""
    found, tracker = tracked_game(game)
    data, errors = parse(tracker.setup_form, request.form)
    setup = None
    if not errors:
        body = {**data, "game": found.slug} if any(
            f.name == "game" for f in tracker.setup_form) else data
        setup, errors = forms.attempt(lambda: checked_setup(found.slug, tracker, body))
    dealt = {} if setup is None else flatten(tracker.dealt(setup))
    response = Response(json.dumps({"dealt": dealt, "ready": not errors}, ensure_ascii=False),
                        mimetype="application/json")
    response.cache_control.no_store = True
    return response


@bp.get("/g/<game>/sessions/new")
def new_table(game: str) -> Response:
    found, tracker = tracked_game(game)
    values: dict[str, Any] = {k: v for k, v in request.args.items() if v.strip()}
    if _deals(tracker) and not values.get("seed"):
        values["seed"] = secrets.token_hex(4)  # this page's deal; "Deal again" is a reload
    seats = _seat_field(tracker)
    if seats is not None:
        wanted = request.args.get("players", type=int)
        if wanted is not None:
            values[seats.name] = max(seats.min_items, min(seats.max_items, wanted))
    return _new_table_page(found, values, {})


@bp.post("/g/<game>/sessions/new")
def create_table(game: str) -> Response | WerkzeugResponse:
    """Create the session from the form and open its page, ready to edit on this phone."""
    found, tracker = tracked_game(game)
    data, errors = parse(tracker.setup_form, request.form)
    values: dict[str, Any] = dict(request.form.items())
    seats = _seat_field(tracker)
    if seats is not None:
        values[seats.name] = len(data.get(seats.name, []))
    if not errors:
        body = {**data, "game": found.slug} if any(
            f.name == "game" for f in tracker.setup_form) else data
        setup, errors = forms.attempt(lambda: checked_setup(found.slug, tracker, body))
    if errors:
        return _new_table_page(found, values, errors, 422)
    ratelimit.limit("create")
    info, token = store().create(tracker, setup)
    fragment = f"token={token}"
    setup_link = request.form.get("from_setup", "")
    if setup_link.startswith(mounted(f"/g/{found.slug}/setup")):
        fragment += "&setup=" + quote(setup_link, safe="")
    response = redirect(f"{mounted(links.session(found.slug, info.code))}#{fragment}",
                        code=303)
    response.cache_control.no_store = True
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


# Join a table ----------------------------------------------------------------------------

def clean_code(raw: str) -> str:
    """What a player typed → the code's own characters: any case, spaces, dashes and dots."""
    return re.sub(r"[\s\-._·]+", "", raw).lower()


def code_candidates(code: str) -> list[str]:
    """The code as typed, then with one look-alike character swapped, then two (a misread
    is one or two characters), at most MAX_CANDIDATES look-ups in all."""
    spots = [i for i, c in enumerate(code) if c in LOOK_ALIKES]
    out = [code]
    for count in (1, 2):
        for chosen in combinations(spots, count):
            out.append("".join(LOOK_ALIKES[c] if i in chosen else c for i, c in enumerate(code)))
    return out[:MAX_CANDIDATES]


def _check_code(code: str) -> None:
    strange = sorted({c for c in code if c not in CODE_ALPHABET})
    if not code:
        raise InvalidInput("code", "Type the share code shown on the host's phone or sheet.",
                           f"{CODE_LENGTH} letters and digits")
    bad = [c for c in strange if c in NEVER_IN_CODES]
    if bad:
        raise InvalidInput("code", "Share codes never use 0, 1, i, l or o; check the "
                           f"character{'s' if len(bad) > 1 else ''} "
                           f"{', '.join(repr(c) for c in bad)}.",
                           f"{CODE_LENGTH} characters from {CODE_ALPHABET}")
    if strange:
        raise InvalidInput("code", f"A share code has letters and digits only; "
                           f"{', '.join(repr(c) for c in strange)} is not one.",
                           f"{CODE_LENGTH} characters from {CODE_ALPHABET}")
    if len(code) != CODE_LENGTH:
        raise InvalidInput("code", f"A share code has {CODE_LENGTH} characters (four and "
                           f"four); this one has {len(code)}.",
                           f"{CODE_LENGTH} characters")


def find_session(raw: str) -> Any:
    """The session a typed code names, forgiving case, spaces and look-alike characters."""
    code = clean_code(raw)
    _check_code(code)
    for candidate in code_candidates(code):
        try:
            return store().info(candidate)
        except NotFound:
            continue
    raise InvalidInput("code", f"No table has the code {code[:4].upper()} {code[4:].upper()}. "
                       "Check it on the host's screen.", "the code on the host's screen")


@bp.get("/join")
def join() -> Response | WerkzeugResponse:
    raw = request.args.get("code")
    errors: dict[str, list[str]] = {}
    if raw is not None:
        ratelimit.limit("write")  # a bounded number of guesses per client
        try:
            info = find_session(raw)
        except InvalidInput as exc:  # said as what to do, as every page says it
            errors = {k: [forms.to_do(m) for m in v] for k, v in exc.errors().items()}
        else:
            return redirect(mounted(links.session(info.setup.game, info.code)), code=303)
    games = [g for g in all_games() if g.tracker is not None]
    return _page("join.html", 422 if errors else 200, code=raw or "", errors=errors, games=games)


# Follow and edit ---------------------------------------------------------------------------

def _table(game: str, code: str) -> Any:
    info = store().info(code)
    if info.setup.game != game:
        raise NotFound(f"There is no {game!r} table {code!r}.")
    return info


def chart_html(info: Any, state: Any) -> Markup | None:
    """The finished game's chart (api/chart.py, templates/_chart.html), kept per table and
    version: one fold of the history; None before the rules end the game."""
    if not info.tracker.finished(info.setup, state):
        return None

    def build() -> tuple[bytes, str]:
        found = progress(store().history(info))
        figure = None if found is None else laid_out(found)
        return render_template("chart.html", figure=figure,
                               seat_word=info.tracker.wording.seat).encode(), "text/html"

    body = kept_version(info, SHARED, "chart", build).body.decode()
    return Markup(body) if body.strip() else None  # our own template's, names escaped


@bp.get("/g/<game>/sessions/<code>/chart")
def session_chart(game: str, code: str) -> Response:
    """The chart alone, for a table page that saw the game end (204 before the end)."""
    info = _table(game, code)
    html = chart_html(info, store().state_at(info))
    if html is None:
        response = Response(status=204)
        response.cache_control.no_cache = True
        return response
    return Response(str(html), mimetype="text/html", headers={"Cache-Control": "no-cache"})


@bp.get("/g/<game>/sessions/<code>/play")
def play_page(game: str, code: str) -> Response:
    """A finished table's play as a page: the outcome first, each player's place, the chart,
    and the ways to log it (BG Stats, a spreadsheet, text to paste); 409 before the end."""
    info = _table(game, code)
    found = find_game(game)
    state = store().state_at(info)
    name, zone = plays.time_zone(request.args.get("tz"))
    mode = str(info.setup.mode)
    mode_title = next((m.title for m in found.modes if m.slug == mode), mode.title())
    try:
        made = play_of(info, state, zone)
    except plays.NotEnded as not_yet:
        return _page("play.html", 409, game=found, mode_title=mode_title, code=info.code,
                     play=None, reason=not_yet.detail)
    answer = info.tracker.score(info.setup, state).result
    api = f"{request.script_root}/api/v1/sessions/{info.code}/play"
    return _page("play.html", game=found, mode_title=mode_title, code=info.code, play=made,
                 headline=answer.get("headline", ""), chart=chart_html(info, state),
                 unit=answer.get("unit", ""), unit_one=answer.get("unit_one", ""),
                 csv=f"{api}?format=csv&tz={quote(name, safe='')}", zone=name)


@bp.get("/g/<game>/sessions/<code>")
def session_page(game: str, code: str) -> Response:
    info = _table(game, code)
    found = find_game(game)
    state, can_undo = store().point(info)
    base = public_base().url
    mode = str(info.setup.mode)
    score = {"code": info.code, "version": info.version,
             **info.tracker.score(info.setup, state).to_json()}
    response = _page(
        "session.html", game=found, wording=info.tracker.wording,
        mode_title=next((m.title for m in found.modes if m.slug == mode), mode.title()),
        session=session_json(info, state, info.version, can_undo),
        board=asdict(info.tracker.board(info.setup)),
        forms={kind: describe(form) for kind, form in event_forms(info.tracker).items()},
        private=sorted(info.tracker.private_events),
        rule_titles=cited_titles(found, score),
        join_at=None if is_loopback(base) else base.split("://", 1)[-1] + "/join",
        score=score, chart=chart_html(info, state),
        chart_url=mounted(links.session(game, info.code) + "/chart"),
        play_url=mounted_links.play(game, info.code))
    response.headers["Referrer-Policy"] = "no-referrer"
    return response
