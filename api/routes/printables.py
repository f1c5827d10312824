"""Printable PDFs on demand, and the `flask printables` batch command.

What goes on a sheet is decided in assistant.sheets; printables/ draws it. These views parse
the query (the setup sheet reuses the setup Operation's own form), pick the base URL the QR
codes point at, and stream the PDF. reportlab is imported on the first PDF, not at start-up.
"""
from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import click
from apispec import APISpec
from flask import Blueprint, Flask, Response, current_app, request, url_for
from flask.cli import with_appcontext
from werkzeug.exceptions import MethodNotAllowed, NotFound

from api.responses import cached_json
from api.schemas.forms import operation_schema_name, schema_for
from assistant import sheets
from assistant.errors import InvalidInput
from assistant.errors import NotFound as DomainNotFound
from assistant.games import Game, all_games, find_game

bp = Blueprint("printables", __name__, url_prefix="/api/v1/games/<game>/printables")

PDF = "application/pdf"


# ---------------------------------------------------------------- URLs in QR codes


def public_base() -> str:
    """LAIRSIDE_PUBLIC_URL, else the host this request came to (phones on the same Wi-Fi)."""
    configured = current_app.config.get("LAIRSIDE_PUBLIC_URL")
    return str(configured or request.host_url).rstrip("/")


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
    """Link → absolute URL: the phone page when the app serves it, else its API resource."""
    known: dict[str, bool] = {}

    def resolve(link: sheets.Link) -> str:
        page = link.page.split("#")[0]
        if page not in known:
            known[page] = serves(app, page)
        return base + (link.page if known[page] else link.api)

    return resolve


# ---------------------------------------------------------------- views


def _pdf(sheet: sheets.Sheet, paper: str) -> Response:
    from printables.render import render  # noqa: PLC0415  (lazy: reportlab on demand)

    data = render(sheet, paper, resolver(current_app._get_current_object(),  # type: ignore[attr-defined]
                                         public_base()))
    response = Response(data, mimetype=PDF)
    response.headers["Content-Disposition"] = f'inline; filename="{sheet.slug}-{paper}.pdf"'
    response.set_etag(hashlib.blake2b(data, digest_size=12).hexdigest())
    response.cache_control.public = True
    response.cache_control.max_age = current_app.config["LAIRSIDE_CACHE_SECONDS"]
    return response.make_conditional(request)


def _paper() -> str:
    return sheets.check_paper(request.args.get("paper", "a4"))


def _setup_args(game: Game) -> dict[str, Any]:
    if game.setup is None:
        raise DomainNotFound(f"{game.title} has no setup sheet.")
    form = game.setup.form
    schema = schema_for(form, operation_schema_name(game.slug, game.setup.slug), strict=False)
    names = {field.name for field in form}
    loaded: dict[str, Any] = schema().load({k: v for k, v in request.args.items() if k in names})
    return loaded


def _sheet_urls(game: str, slug: str, **params: Any) -> dict[str, str]:
    return {paper: url_for(f"printables.{slug}", game=game, paper=paper, **params)
            for paper in sheets.PAPERS}


@bp.get("")
def catalogue(game: str) -> Response:
    found = find_game(game)
    cat = sheets.catalogue(found.slug)
    setups = []
    for params in sheets.setup_variants(found.slug):
        query = {k: (",".join(map(str, v)) if isinstance(v, (list, tuple)) else v)
                 for k, v in params.items()}
        setups.append({**params, "urls": _sheet_urls(found.slug, "setup", **query)})
    return cached_json({
        "game": found.slug,
        "papers": list(sheets.PAPERS),
        "setup": {"title": cat.setup.title, "summary": cat.setup.summary,
                  "params": list(cat.setup.params),
                  "url": url_for("printables.setup", game=found.slug), "sheets": setups},
        "aids": [{"slug": a.slug, "title": a.title, "summary": a.summary,
                  "urls": _sheet_urls(found.slug, "aid", aid=a.slug)} for a in cat.aids],
        "score_sheets": [{"mode": mode, "title": f"{cat.score.title}: {mode}",
                          "urls": _sheet_urls(found.slug, "score", mode=mode)}
                         for mode in cat.score_modes],
    })


@bp.get("/setup.pdf")
def setup(game: str) -> Response:
    found = find_game(game)
    paper = _paper()
    args = _setup_args(found)
    sheet = sheets.setup_sheet(found.slug, **args)
    return _pdf(sheet, paper)


@bp.get("/score-sheet.pdf")
def score(game: str) -> Response:
    found = find_game(game)
    paper = _paper()
    modes = sheets.catalogue(found.slug).score_modes
    mode = request.args.get("mode", "")
    if mode not in modes:
        raise InvalidInput("mode", f"Score sheets exist for {', '.join(modes)}; you asked for "
                           f"{mode!r}.", ", ".join(modes))
    return _pdf(sheets.score_sheet(found.slug, mode), paper)


@bp.get("/<aid>.pdf")
def aid(game: str, aid: str) -> Response:
    found = find_game(game)
    sheet = sheets.aid_sheet(found.slug, aid)  # 404 before the paper is checked
    return _pdf(sheet, _paper())


# ---------------------------------------------------------------- OpenAPI


def _pdf_ok(example: str) -> dict[str, Any]:
    return {"description": "The PDF, inline, with a file name such as " + example + ".",
            "content": {PDF: {"schema": {"type": "string", "format": "binary"},
                              "example": "%PDF-1.4 ..."}}}


def printables_paths(spec: APISpec) -> None:
    from api.openapi import ERRORS, _game_param  # noqa: PLC0415

    paper = {"in": "query", "name": "paper", "required": False,
             "schema": {"type": "string", "enum": list(sheets.PAPERS), "default": "a4"},
             "description": "Paper size; anything else answers 422."}
    base = "/api/v1/games/{game}/printables"
    printed = [g for g in all_games() if g.sheets is not None]
    if not printed:
        return
    provider = printed[0].sheets()
    cat = provider.CATALOGUE
    aid = cat.aids[0].slug if cat.aids else "glossary"
    score_mode = cat.score_modes[0] if cat.score_modes else printed[0].modes[0].slug
    example_score = provider.score_sheet(score_mode).slug + "-a4.pdf"
    example_aid = f"{printed[0].slug}-{aid}-a4.pdf"
    spec.path(path=base, operations={"get": {
        "tags": ["printables"], "summary": "List a game's printable sheets",
        "description": "Setup sheets for every mode, player count and team split, the "
                       "reference aids and the score sheets, each with its PDF URLs per paper.",
        "parameters": [_game_param()],
        "responses": {"200": {"description": "OK", "content": {"application/json": {
            "schema": {"type": "object"},
            "example": {"game": printed[0].slug, "papers": list(sheets.PAPERS),
                        "aids": [{"slug": a.slug, "title": a.title} for a in cat.aids[:1]]}}}},
            **ERRORS}}})
    for game in printed:
        if game.setup is None:
            continue
        own = game.sheets() if game.sheets else provider
        variants = own.setup_variants()
        example_setup = (own.setup_sheet(**variants[0]).slug if variants else game.slug)
        name = operation_schema_name(game.slug, game.setup.slug)
        spec.path(path=f"/api/v1/games/{game.slug}/printables/setup.pdf", operations={"get": {
            "tags": ["printables"], "summary": f"{game.title}: setup sheet (PDF)",
            "description": own.CATALOGUE.setup.summary + " Takes the setup's own query "
                           "parameters; a "
                           "count the mode does not allow answers 422.",
            "parameters": [{"in": "query", "schema": schema_for(game.setup.form, name,
                                                                strict=False)}, paper],
            "responses": {"200": _pdf_ok(f"{example_setup}-a4.pdf"),
                          **ERRORS}}})
    spec.path(path=f"{base}/score-sheet.pdf", operations={"get": {
        "tags": ["printables"], "summary": "Score sheet for one mode (PDF)",
        "description": "A grid to fill in by hand at the end, with a QR code that opens the "
                       "scoring calculator.",
        "parameters": [_game_param(), {"in": "query", "name": "mode", "required": True,
                                       "schema": {"type": "string"}, "example": score_mode},
                       paper],
        "responses": {"200": _pdf_ok(example_score), **ERRORS}}})
    spec.path(path=f"{base}/{{aid}}.pdf", operations={"get": {
        "tags": ["printables"], "summary": "A reference aid (PDF)",
        "description": "One of the aids in the game's catalogue (GET …/printables lists "
                       "them). An unknown aid answers 404.",
        "parameters": [_game_param(), {"in": "path", "name": "aid", "required": True,
                                       "schema": {"type": "string"}, "example": aid},
                       paper],
        "responses": {"200": _pdf_ok(example_aid), **ERRORS}}})


# ---------------------------------------------------------------- the batch command


@click.command("printables")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write to (default: printables/build).")
@click.option("--paper", type=click.Choice([*sheets.PAPERS, "both"]), default="both")
@click.option("--base-url", default=None,
              help="Base URL for the QR codes (default: LAIRSIDE_PUBLIC_URL, else this "
                   "machine's address on the local network, port 8000).")
@with_appcontext
def printables_command(out: Path | None, paper: str, base_url: str | None) -> None:
    """Write every printable sheet of every game as PDF, with an index.html."""
    from printables.batch import DEFAULT_OUT, guess_base_url, write_batch  # noqa: PLC0415

    app = current_app._get_current_object()  # type: ignore[attr-defined]
    base = (base_url or app.config.get("LAIRSIDE_PUBLIC_URL") or "").rstrip("/")
    if not base:
        base = guess_base_url()
        click.echo(f"No LAIRSIDE_PUBLIC_URL: QR codes point at {base} (serve the app there, "
                   f"e.g. make run HOST=0.0.0.0).", err=True)
    papers = sheets.PAPERS if paper == "both" else (paper,)
    todo = [sheet for game in all_games() if game.sheets is not None
            for sheet in sheets.batch(game.slug)]
    folder = out or DEFAULT_OUT
    started = time.perf_counter()
    with click.progressbar(length=len(todo) * len(papers), label="Rendering sheets",
                           show_pos=True) as bar:
        written = write_batch(todo, papers, folder, resolver(app, base),
                              on_done=lambda _path: bar.update(1))
    seconds = time.perf_counter() - started
    click.echo(f"{len(written)} PDFs in {folder} ({seconds:.1f} s); open "
               f"{folder / 'index.html'} to print.")


# ---------------------------------------------------------------- registration


def _links(game: Game) -> str | None:
    return url_for("printables.catalogue", game=game.slug) if game.sheets else None


def init_app(app: Flask) -> None:
    from api.openapi import CONTRIBUTORS  # noqa: PLC0415
    from api.routes.games import LINK_PROVIDERS  # noqa: PLC0415

    LINK_PROVIDERS["printables"] = _links
    if printables_paths not in CONTRIBUTORS:
        CONTRIBUTORS.append(printables_paths)
    app.cli.add_command(printables_command)
