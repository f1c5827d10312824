"""Printable PDFs on demand, and the `flask printables` batch command.

What goes on a sheet is decided in assistant.sheets; printables/ draws it. These views parse
the query (the setup sheet reuses the setup Operation's own form), pick the base URL the QR
codes point at, and stream the PDF. reportlab is imported on the first PDF, not at start-up.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import click
from flask import Blueprint, Flask, Response, current_app, jsonify, request, url_for
from flask.cli import with_appcontext
from werkzeug.exceptions import MethodNotAllowed, NotFound

from api import ratelimit
from api.cache import Kept, kept_or_built, not_modified, public_get, send
from api.conditional import public_headers, unchanged
from api.docs import (
    ERRORS,
    GAME,
    doc,
    json_answer,
    path_param,
    per_game,
    request_doc,
    setup_of,
)
from api.game_links import LINK_PROVIDERS
from api.offload import off_the_loop
from api.public_url import public_base
from api.responses import json_body
from api.schemas.forms import load, operation_schema_name, schema_for
from api.session_access import edit_token_if_sent
from api.session_service import store, table_sheet, tracked_game
from assistant import sheets
from assistant.errors import InvalidInput
from assistant.errors import NotFound as DomainNotFound
from assistant.games import Game, all_games, find_game
from printables.meta import sheet_tag

bp = Blueprint("printables", __name__, url_prefix="/api/v1/games/<game>/printables")

PDF = "application/pdf"


# ---------------------------------------------------------------- URLs in QR codes

def serves(app: Flask, path: str) -> bool:
    """Whether the app answers GET at `path` (query and fragment ignored)."""
    adapter = app.url_map.bind("localhost")
    try:
        adapter.match(urlsplit(path).path, method="GET")
    except (NotFound, MethodNotAllowed):
        return False
    except Exception:  # noqa: BLE001  (a redirect still means "served")
        return True
    return True


def resolver(app: Flask, base: str) -> Callable[[sheets.Link], str]:
    """Link → absolute URL: the phone page when the app serves it, else its API resource.
    A link that is already absolute (a session's own URLs) is kept."""
    # what the app serves is fixed once its routes are registered: asked once per worker
    known: dict[str, bool] = app.extensions.setdefault("lairside.printables.serves", {})

    def resolve(link: sheets.Link) -> str:
        if "://" in link.page:
            return link.page
        page = urlsplit(link.page).path  # the query (a seed, a count) never changes the route
        if page not in known:
            known[page] = serves(app, page)
        return base + (link.page if known[page] else link.api)

    return resolve


# ---------------------------------------------------------------- views

def _send(tag: str, name: str, draw: Callable[[], bytes], cache: bool = True) -> Response:
    """A 304 when the client holds `tag` (nothing is drawn), else the PDF, kept by its tag in
    the worker's answers (a second phone asking costs nothing). Not to `cache`: a PDF carrying
    a secret (an edit link), drawn for this request only and kept by no cache anywhere."""
    disposition = ("Content-Disposition", f'inline; filename="{name}"')
    if not cache:
        return Response(off_the_loop(draw), mimetype=PDF, headers=[
            disposition, ("Cache-Control", "private, no-store")])
    headers = public_headers(f'"{tag}"', int(current_app.config["LAIRSIDE_CACHE_SECONDS"]))
    if unchanged(headers[0][1]):
        return not_modified(headers)
    kept = kept_or_built(("pdf", tag), lambda: Kept(off_the_loop(draw), PDF,
                                                   [*headers, disposition]))
    return send(kept)


def _pdf(sheet: sheets.Sheet, paper: str) -> Response:
    base, note = _target()
    app = current_app._get_current_object()  # type: ignore[attr-defined]

    def draw() -> bytes:
        from printables.render import Target, render  # noqa: PLC0415  (lazy: reportlab)

        return render(sheet, paper, resolver(app, base), target=Target(base, note))

    return _send(sheet_tag(sheet, paper, base, note), f"{sheet.slug}-{paper}.pdf", draw)


def _target() -> tuple[str, str]:
    """Where this request's codes point, and what the sheet's footer says about it."""
    base = public_base()
    return base.url, base.note


def _paper() -> str:
    return sheets.check_paper(request.args.get("paper", "a4"))


def _setup_args(game: Game) -> dict[str, Any]:
    if game.setup is None:
        raise DomainNotFound(f"{game.title} has no setup sheet.")
    form = game.setup.form
    names = {field.name for field in form}
    return load(form, operation_schema_name(game.slug, game.setup.slug),
                {k: v for k, v in request.args.items() if k in names}, query=True)


def _sheet_urls(game: str, slug: str, **params: Any) -> dict[str, str]:
    return {paper: url_for(f"printables.{slug}", game=game, paper=paper, **params)
            for paper in sheets.PAPERS}


def _pdf_ok(example: str, description: str = "The PDF") -> dict[str, Any]:
    return {"description": description, "headers": {"ETag": {"schema": {"type": "string"}}},
            "content": {PDF: {"schema": {"type": "string", "format": "binary"},
                              "example": f"%PDF-1.4 ... ({example})"}}}


PAPER = {"in": "query", "name": "paper", "required": False,
         "schema": {"type": "string", "enum": list(sheets.PAPERS), "default": "a4"},
         "description": "Paper size; anything else answers 422."}
MODE = {"in": "query", "name": "mode", "required": True, "schema": {"type": "string"},
        **per_game(lambda g: g.modes[0].slug)}
PLAYERS = {"in": "query", "name": "players", "required": True,
           "schema": {"type": "integer", "minimum": 1, "maximum": 99}, "example": 5}
TAGS = ["printables"]


SESSION = {"in": "query", "name": "session", "required": False, "schema": {"type": "string"},
           "description": "A session's share code: its join sheet ends the pack."}


def _setup_paths() -> Iterator[tuple[str, dict[str, Any]]]:
    """One documented setup sheet per game, with the setup's own query schema."""
    for game in all_games():
        if game.sheets is not None and game.setup is not None:
            yield f"/api/v1/games/{game.slug}/printables/setup.pdf", {
                "summary": f"{game.title}: setup sheet (PDF)",
                "description": sheets.catalogue(game.slug).setup.summary + " Takes the "
                "setup's own query parameters; a count the mode does not allow answers 422.",
                "parameters": [_setup_query(game), PAPER]}


def _setup_query(game: Game) -> dict[str, Any]:
    """The setup's own query schema (the one `_setup_args` loads with)."""
    assert game.setup is not None
    name = operation_schema_name(game.slug, game.setup.slug)
    return {"in": "query", "schema": schema_for(game.setup.form, name, True)}


def _pack_paths(tracked: bool) -> Callable[[], Iterator[tuple[str, dict[str, Any]]]]:
    """One documented pack per game (with table sessions, if `tracked`), with the setup's own
    query schema: the bounds the pack enforces are its game's."""
    def paths() -> Iterator[tuple[str, dict[str, Any]]]:
        for game in all_games():
            if game.sheets is None or game.setup is None or \
                    (tracked and game.tracker is None):
                continue
            yield f"/api/v1/games/{game.slug}/printables/pack.pdf", {
                "summary": f"{game.title}: the game-night pack (PDF)",
                "parameters": [_setup_query(game), *(() if tracked else (SESSION,)), PAPER]}
    return paths


@bp.get("")
@public_get
@doc("List a game's printable sheets", "Setup sheets for every mode, player count and team "
     "split, the reference aids and the score sheets, each with its PDF URLs per paper.",
     tags=TAGS, parameters=[GAME],
     responses={"200": json_answer({"game": "{game}", "papers": list(sheets.PAPERS),
                                    "aids": [{"slug": "round", "title": "Round structure"}]}),
                **ERRORS})
def catalogue(game: str) -> Response:
    found = find_game(game)
    cat = sheets.catalogue(found.slug)
    setups = []
    for params in sheets.setup_variants(found.slug):
        query = {k: (",".join(map(str, v)) if isinstance(v, (list, tuple)) else v)
                 for k, v in params.items()}
        setups.append({**params, "urls": _sheet_urls(found.slug, "setup", **query),
                       "pack": _sheet_urls(found.slug, "pack", **query)})
    return jsonify({
        "game": found.slug,
        "papers": list(sheets.PAPERS),
        "setup": {"title": cat.setup.title, "summary": cat.setup.summary,
                  "params": list(cat.setup.params),
                  "url": url_for("printables.setup", game=found.slug), "sheets": setups},
        "pack": {"url": url_for("printables.pack", game=found.slug),
                 "summary": "The host's game-night pack: the setup sheet, the aids (with the "
                            "role aids of the chosen mode), the score sheet, a score pad, "
                            "turn-order cards and the table tent, as one PDF. Takes the "
                            "setup's parameters, and session (a share code) for that table's "
                            "join sheet.",
                 **({"new_session": {
                     "method": "POST", "url": url_for("printables.pack_new", game=found.slug),
                     "summary": "POST the body that creates a session (as POST "
                                f"{url_for('sessions.create', game=found.slug)}) with the "
                                "setup's parameters in the query: the pack of a new table, "
                                "its join sheet with the scorekeeper's cut-off edit strip. "
                                "Answers 201, the session's address in Location."}}
                    if found.tracker is not None else {})},
        **({"turn_card": {"title": card.title, "summary": card.subtitle,
                          "urls": _sheet_urls(found.slug, "turn_card")}}
           if (card := sheets.turn_card(found.slug)) is not None else {}),
        "aids": [{"slug": a.slug, "title": a.title, "summary": a.summary,
                  "urls": _sheet_urls(found.slug, "aid", aid=a.slug)} for a in cat.aids],
        "score_sheets": [{"mode": mode, "title": f"{cat.score.title}: {mode}",
                          "urls": _sheet_urls(found.slug, "score", mode=mode)}
                         for mode in cat.score_modes],
    })


@bp.get("/setup.pdf")
@doc("Setup sheet (PDF)", "", tags=TAGS, responses={"200": _pdf_ok("{game}-setup-a4.pdf"),
                                                    **ERRORS}, expand=_setup_paths)
def setup(game: str) -> Response:
    found = find_game(game)
    paper = _paper()
    args = _setup_args(found)
    sheet = sheets.setup_sheet(found.slug, **args)
    return _pdf(sheet, paper)


@bp.get("/score-sheet.pdf")
@doc("Score sheet for one mode (PDF)", "A grid to fill in by hand at the end, with a QR code "
     "that opens the scoring calculator.", tags=TAGS, parameters=[GAME, MODE, PAPER],
     responses={"200": _pdf_ok("{game}-score-{mode}-a4.pdf"), **ERRORS})
def score(game: str) -> Response:
    found = find_game(game)
    paper = _paper()
    mode, modes = request.args.get("mode", ""), sheets.catalogue(found.slug).score_modes
    if mode not in modes:
        raise InvalidInput("mode", f"Score sheets exist for {', '.join(modes)}; you asked for "
                           f"{mode!r}.", ", ".join(modes))
    return _pdf(sheets.score_sheet(found.slug, mode), paper)


@bp.get("/turn-card.pdf")
@doc("Turn-order cards (PDF)", "The game's round on poker-size cards (63 x 88 mm) with cut "
     "lines, as many sets as a page holds; `players` adds pages until every player has a set. "
     "A game without a card answers 404.", tags=TAGS,
     parameters=[GAME, {**PLAYERS, "required": False}, PAPER],
     responses={"200": _pdf_ok("{game}-turn-card-a4.pdf"), **ERRORS})
def turn_card(game: str) -> Response:
    found = find_game(game)
    card = sheets.turn_card(found.slug)
    if card is None:
        raise DomainNotFound(f"{found.title} has no turn-order card.")
    paper = _paper()
    players = _players_arg(found)
    if players:
        card = replace(card, slug=f"{card.slug}-{players}p", copies=players)
    return _pdf(card, paper)


def _players_arg(game: Game) -> int | None:
    raw = request.args.get("players")
    if raw is None or raw == "":
        return None
    low = min(m.min_players for m in game.modes)
    high = max(m.max_players for m in game.modes)
    if not raw.strip().isdigit() or not low <= int(raw) <= high:
        raise InvalidInput("players", f"{game.title} is played by {low} to {high} players; "
                           f"you asked for {raw!r}.", f"{low}-{high}")
    return int(raw)


@bp.get("/pack.pdf")
@doc("The host's game-night pack (one PDF)", "In print order: the setup sheet for the setup's "
     "own query parameters (with the pull list: what to take out of the box), the aids (a role "
     "aid only when the mode has that role), the mode's score sheet, a score pad with a sum "
     "row, a set of turn-order cards per player and the table tent: the join sheet of "
     "`session` (with the cut-off edit strip for whoever sends its edit token as "
     "Authorization: Bearer), else a tent whose code starts a new table. Creates nothing; POST "
     "starts a new table and prints its pack.", tags=TAGS,
     responses={"200": _pdf_ok("{game}-setup-{mode}-{players}-pack-a4.pdf"), **ERRORS},
     expand=_pack_paths(tracked=False))
def pack(game: str) -> Response:
    found = find_game(game)
    paper = _paper()
    args = _setup_args(found)
    todo, private = pack_sheets(found, args, request.args.get("session"))
    return _pack_pdf(found, todo, paper, private)


def _pack_pdf(game: Game, todo: list[sheets.Sheet], paper: str, private: bool) -> Response:
    base, note = _target()
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    name = f"{todo[0].slug}-pack{'-edit' if private else ''}-{paper}.pdf"

    def draw() -> bytes:
        from printables.render import Target, render_pack  # noqa: PLC0415

        return render_pack(todo, paper, resolver(app, base), target=Target(base, note),
                           title=f"{game.title}: game-night pack")

    return _send(sheet_tag(tuple(todo), paper, base, note), name, draw, cache=not private)


@bp.post("/pack.pdf")
@doc("Start a new table and print its pack (one PDF)", "Creates a session from the JSON body "
     "(exactly what POST /api/v1/games/{game}/sessions takes; `mode` defaults to the query's "
     "and must agree with it), then answers the game-night pack of the query's setup "
     "parameters ending with that session's join sheet: the follow code on a table tent and "
     "the scorekeeper's edit code on a cut-off strip. The edit token travels inside the PDF "
     "(and X-Edit-Token, for the client that asked), so the answer is `Cache-Control: private, "
     "no-store`; the new session's address is in `Location`. A GET never creates anything.",
     tags=TAGS, method="post", expand=_pack_paths(tracked=True),
     body=request_doc({"type": "object"}, per_game(
         lambda g: {k: v for k, v in setup_of(g).items() if k != "game"}, tracked=True)),
     responses={"201": _pdf_ok("{game}-setup-pack-edit-a4.pdf", "The pack, with the "
                               "new session's edit strip; Location: the session."),
                **ERRORS})
def pack_new(game: str) -> Response:
    found, tracker = tracked_game(game)  # 404 for a game without sessions
    paper = _paper()
    args = _setup_args(found)
    body = json_body()
    if not isinstance(body, dict):
        raise InvalidInput("_body", "Send a JSON object: the new session, as POST "
                           f"/api/v1/games/{found.slug}/sessions takes it.", "an object")
    mode = args.get("mode")
    if mode and body.setdefault("mode", mode) != mode:
        raise InvalidInput("mode", f"The pack is for mode {mode!r} but the session body "
                           f"names {body['mode']!r}; leave one out or make them agree.",
                           str(mode))
    if body.get("game", found.slug) != found.slug:
        raise InvalidInput("game", f"This creates a session of {found.slug!r}; the body "
                           f"names {body.get('game')!r}.", found.slug)
    ratelimit.limit("create")
    setup = tracker.parse_setup(body)
    sheets.setup_sheet(found.slug, **args)  # a bad setup answers 422 before anything is made
    info, token = store().create(tracker, setup)
    join = table_sheet(info, token)
    todo, _ = pack_sheets(found, {**args, "mode": args.get("mode") or str(info.setup.mode)},
                          join)
    response = _pack_pdf(found, todo, paper, private=True)
    response.status_code = 201
    response.headers["Location"] = url_for("sessions.read", code=info.code)
    response.headers["X-Edit-Token"] = token  # the print page keeps it: its phone edits
    return response


def pack_sheets(game: Game, args: Mapping[str, Any], code: str | sheets.Sheet | None = None
                ) -> tuple[list[sheets.Sheet], bool]:
    """The pack's sheets in print order, and whether they carry a secret (an edit link).
    `code`: a session's share code (its join sheet ends the pack), or a join sheet already
    made with its edit strip (a new session's)."""
    table, private = (code, True) if isinstance(code, sheets.Sheet) else \
        _join_for(game, args, code) if code else (None, False)
    return sheets.pack(game.slug, args, table), private


def _join_for(game: Game, args: Mapping[str, Any], code: str) -> tuple[sheets.Sheet, bool]:
    """A session's join sheet, with the edit strip for whoever sends its edit token; refused
    when the table plays another game or mode than the pack's (its tent would not match)."""
    info = store().info(code)
    if info.setup.game != game.slug:
        other = find_game(info.setup.game).title
        raise InvalidInput("session", f"That table plays {other}, not {game.title}: print "
                           f"its pack from {other}'s print page, or leave the table out.",
                           f"a table of {game.title}")
    mode = str(info.setup.mode)
    if args.get("mode") and str(args["mode"]) != mode:
        title = next((m.title for m in game.modes if m.slug == mode), mode)
        raise InvalidInput("mode", f"That table plays {title}: print the {title} pack for it, "
                           "or leave the table out.", mode)
    token = edit_token_if_sent(info, "follow-only sheet")
    return table_sheet(info, token), token is not None


@bp.get("/<aid>.pdf")
@doc("A reference aid (PDF)", "One of the aids in the game's catalogue (GET …/printables "
     "lists them). An unknown aid answers 404.", tags=TAGS,
     parameters=[GAME, path_param("aid", "An aid's slug.", "round"), PAPER],
     responses={"200": _pdf_ok("{game}-{aid}-a4.pdf"), **ERRORS})
def aid(game: str, aid: str) -> Response:
    found = find_game(game)
    sheet = sheets.aid_sheet(found.slug, aid)  # 404 before the paper is checked
    return _pdf(sheet, _paper())


# ---------------------------------------------------------------- the batch command

@click.command("printables")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write to (default: printables/build).")
@click.option("--paper", type=click.Choice([*sheets.PAPERS, "both"]), default="both")
@click.option("--base-url", default=None,
              help="Base URL for the QR codes (default: LAIRSIDE_PUBLIC_URL, else this "
                   "machine's address on the local network, port 8000).")
@click.option("--packs/--no-packs", default=True,
              help="Also write a game-night pack per game and mode (its first setup).")
@with_appcontext
def printables_command(out: Path | None, paper: str, base_url: str | None, packs: bool) -> None:
    """Write every printable sheet of every game as PDF, and the game-night packs, with an
    index.html."""
    from printables.batch import write_all  # noqa: PLC0415

    app = current_app._get_current_object()  # type: ignore[attr-defined]
    write_all(out, paper, base_url or app.config.get("LAIRSIDE_PUBLIC_URL"), packs,
              lambda base: resolver(app, base))


# ---------------------------------------------------------------- registration

def init_app(app: Flask) -> None:
    LINK_PROVIDERS["printables"] = lambda game: url_for(
        "printables.catalogue", game=game.slug) if game.sheets else None
    app.cli.add_command(printables_command)
