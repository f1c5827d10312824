"""The phone pages: server-rendered HTML over the same core the JSON API calls.

Paths come from assistant.links (the printed sheets' QR codes point at them). Views stay thin:
find the game and its Operation, run it as the API would (api.pages_forms), render a template.
Unknown games, rules or calculators get a friendly HTML 404 here; /api/ paths keep problem+json.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import lru_cache, wraps
from pathlib import Path
from typing import Any, cast

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    json,
    render_template,
    request,
    url_for,
)

from api import pages_forms as forms
from api import pages_text as text
from api.cache import public_get
from api.game_links import LINK_PROVIDERS
from api.public_url import mounted, mounted_links
from api.registry import per_game
from api.rules_search import search_index
from api.schemas.forms import load, operation_schema_name
from assistant import form_text, sheets
from assistant.errors import InvalidInput, NotFound
from assistant.games import Game, Operation, all_games, find_game
from assistant.inputs import ListOf, label_for, singular
from assistant.rules import group_entries
from assistant.search import Hit, offline_index
from printables.layouts import PAPERS

bp = Blueprint("pages", __name__)

STATIC = Path(__file__).resolve().parent.parent / "static"


def init_app(app: Flask) -> None:
    app.jinja_env.globals.update(links=mounted_links, kind=forms.kind, singular=singular,
                                 field_id=forms.field_id, asset=asset, fixed_url=url_for,
                                 initial_rows=form_text.initial_rows,
                                 suggestion_link=suggestion_link,
                                 mode_titles=lambda game: {m.title: m.slug for m in game.modes},
                                 game_titles=lambda: {g.slug: g.title for g in all_games()})
    app.jinja_env.filters.update(rich=text.rich, numbers=text.highlight_numbers,
                                 humanize=text.humanize, number=text.number,
                                 prefixed=lambda name, p: p + name)
    app.jinja_env.add_extension("jinja2.ext.do")
    app.jinja_env.finalize = text.shown
    LINK_PROVIDERS["pages"] = lambda game: {
        "rules": mounted_links.rules_index(game.slug),
        **({"timers": mounted_links.timers(game.slug)} if game.timers else {})}
    app.view_functions["static"] = public_get(_long_lived_assets(
        cast(Callable[..., Response], app.view_functions["static"])))


def _long_lived_assets(view: Callable[..., Response]) -> Callable[..., Response]:
    """The static files' view, keeping a year the files asked for by their content hash
    (?v=...): they never change. (Wrapping the one view, not a hook every answer runs.)"""

    @wraps(view)
    def static(*args: Any, **kwargs: Any) -> Response:
        response = view(*args, **kwargs)
        if response.status_code == 200 and request.args.get("v") not in (None, "dev"):
            response.cache_control.max_age = 31536000
            response.cache_control.public = True
            response.cache_control.immutable = True
            response.cache_control.no_cache = None
        return response

    return static


@lru_cache(maxsize=64)
def _asset_version(filename: str) -> str:
    data = (STATIC / filename).read_bytes()
    return hashlib.blake2b(data, digest_size=6).hexdigest()


def asset(filename: str) -> str:
    """A static file's URL with a content hash, so phones may cache it for good."""
    return url_for("static", filename=filename,
                   v="dev" if current_app.debug else _asset_version(filename))


def suggestion_link(suggestion: str) -> tuple[str, str] | None:
    """(path, title) of a "did you mean" suggestion on the not-found page: a rule or a
    calculator of the game in the address, or a game."""
    slugs = {g.slug: g for g in all_games()}
    game = slugs.get((request.view_args or {}).get("game", ""))
    if game is not None:
        if "/calculators/" in request.path and suggestion in game.calculators:
            title = game.calculators[suggestion].title
            return mounted_links.calculator(game.slug, suggestion), title
        if suggestion in game.rules:
            return mounted_links.rule(game.slug, suggestion), game.rules.get(suggestion).title
    if suggestion in slugs:
        rest = request.path.split("/", 3)[3] if request.path.count("/") >= 3 else ""
        return mounted(f"/g/{suggestion}/{rest}".rstrip("/")), slugs[suggestion].title
    return None


def _page(template: str, status: int = 200, **context: Any) -> Response:
    return Response(render_template(template, **context), status=status, mimetype="text/html")


# Home and search -------------------------------------------------------------------------

@bp.get("/")
@public_get
def home() -> Response:
    return _page("home.html", games=all_games())


@bp.get("/g/<game>")
@public_get
def game_home(game: str) -> Response:
    return _page("home.html", games=[find_game(game)])


# Installing: the web app manifest and icons -------------------------------------------------

@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    body = {"name": "Lairside: table-side companion", "short_name": "Lairside",
            "description": "Rules, setup, calculators, scoring, timers and a shared score "
                           "table for villain-themed board games.",
            "start_url": mounted("/?source=app"), "scope": mounted("/"),
            "display": "standalone",
            "background_color": "#14121a", "theme_color": "#14121a",
            "icons": [{"src": asset("icon-192.png"), "sizes": "192x192", "type": "image/png"},
                      {"src": asset("icon-512.png"), "sizes": "512x512", "type": "image/png"},
                      {"src": asset("icon-512-maskable.png"), "sizes": "512x512",
                       "type": "image/png", "purpose": "maskable"},
                      {"src": asset("icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
            "shortcuts": [{"name": "Join a table", "url": url_for("session_pages.join")},
                          {"name": "Search the rules", "url": mounted_links.search()}]}
    response = Response(json.dumps(body), mimetype="application/manifest+json")
    response.cache_control.max_age = 3600
    return response


@bp.get("/favicon.ico")
def favicon() -> Response:
    response = current_app.send_static_file("icon-192.png")
    response.cache_control.max_age = 86400
    return response


@bp.get("/search")
@public_get
def search() -> Response:
    query = request.args.get("q", "").strip()
    game = request.args.get("game") or None
    if game is not None:
        find_game(game)
    hits: list[Hit] = []
    problem = ""
    if query:
        try:
            hits = search_index(game).search(query, limit=20)
        except InvalidInput as exc:
            problem = exc.detail
    return _page("search.html", query=query, game=game, hits=hits, problem=problem,
                 games=all_games())


# Rules -----------------------------------------------------------------------------------

@bp.get("/g/<game>/rules")
@public_get
def rules_index(game: str) -> Response:
    found = find_game(game)
    return _page("rules_index.html", game=found, groups=group_entries(found.rules))


@bp.get("/g/<game>/rules/<entry_id>")
@public_get
def rule(game: str, entry_id: str) -> Response:
    found = find_game(game)
    entry = found.rules.get(entry_id)
    related = [found.rules.get(r) for r in entry.related if r in found.rules]
    tools = [_operation_link(found, slug) for slug in entry.calculators]
    return _page("rule.html", game=found, entry=entry, related=related,
                 tools=[t for t in tools if t])


def _operation_link(game: Game, slug: str) -> tuple[str, str] | None:
    """(title, page path) of a calculator, the scoring or the setup named by slug."""
    if slug in game.calculators:
        return game.calculators[slug].title, mounted_links.calculator(game.slug, slug)
    if game.scoring is not None and slug == game.scoring.slug:
        return game.scoring.title, mounted_links.score(game.slug)
    if game.setup is not None and slug == game.setup.slug:
        return game.setup.title, mounted_links.setup(game.slug)
    return None


# Setup -----------------------------------------------------------------------------------

@bp.get("/g/<game>/setup")
@public_get
def setup(game: str) -> Response:
    """The setup page of the address asked: it depends on the path, the query and the game
    alone (the "Deal again" seed too), so it is rendered once per address."""
    found = find_game(game)
    accepted = {f.name for f in found.setup.form} if found.setup else {"mode", "players"}
    args: dict[str, Any] = {key: value for key, value in request.args.items()
                            if value.strip() and key in accepted}
    chosen = next((m for m in found.modes if m.slug == args.get("mode")), None)
    context: dict[str, Any] = dict(game=found, mode=chosen, args=args, answer=None, errors={},
                                   op=found.setup)
    context["reseed"] = url_for("pages.setup", game=found.slug,
                                **{**args, "seed": next_seed(request.query_string)})
    context["offline_seeds"] = " ".join(OFFLINE_SEEDS)
    context["start"] = (url_for("session_pages.new_table", game=found.slug,
                                **{k: args[k] for k in ("mode", "players", "seed") if k in args})
                        if found.tracker is not None else None)
    if found.setup is None or chosen is None or "players" not in args:
        return _page("setup.html", **context)
    explained, context["errors"] = forms.run(found, found.setup, args, query=True)
    context["answer"] = None if explained is None else explained.to_json()
    return _page("setup.html", 422 if context["errors"] else 200, **context)


@bp.get("/g/<game>/print")
@public_get
def print_page(game: str) -> Response:
    """The host's print page: a choice of mode, count and paper, and links to every PDF the
    printables API serves for it (the API stays the one place that draws them)."""
    found = find_game(game)
    if found.sheets is None or found.setup is None:
        raise NotFound(f"{found.title} has no printable sheets yet.")
    accepted = {f.name for f in found.setup.form}
    args = {k: v for k, v in request.args.items() if v.strip() and k in accepted}
    if not args:  # first visit: the catalogue's first setup, a valid choice by construction
        args = {k: ",".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)
                for k, v in sheets.setup_variants(found.slug)[0].items()}
    errors: dict[str, list[str]] = {}
    try:
        paper = sheets.check_paper(request.args.get("paper", sheets.PAPERS[0]))
    except InvalidInput as exc:
        errors.update(exc.errors())
        paper = sheets.PAPERS[0]
    name = operation_schema_name(found.slug, found.setup.slug)
    form = found.setup.form
    errors.update(forms.attempt(lambda: sheets.setup_sheet(  # what the PDF link would refuse
        found.slug, **load(form, name, args, query=True)))[1])
    cat = sheets.catalogue(found.slug)
    modes = {m.slug: m.title for m in found.modes}
    pdf = _pdf_urls(found.slug, paper)
    context: dict[str, Any] = dict(
        game=found, op=found.setup, args=args, errors=errors, paper=paper,
        papers={slug: p.title for slug, p in PAPERS.items()},
        chosen=next((m for m in found.modes if m.slug == args.get("mode")), None),
        error_labels={k: PRINT_LABELS.get(k) or label_for(found.setup.form, k)
                      for k in errors},
        catalogue=cat, aids=[(a, pdf("aid", aid=a.slug)) for a in cat.aids],
        score_sheets=[(modes.get(m, text.humanize(m)), pdf("score", mode=m))
                      for m in cat.score_modes],
        turn_card=sheets.turn_card(found.slug))
    if not errors:  # the links that take the choice only for a choice the API accepts
        context.update(setup_url=pdf("setup", **args), pack_url=pdf("pack", **args),
                       turn_card_url=pdf("turn_card", players=args["players"])
                       if context["turn_card"] is not None else None)
        if found.tracker is not None:
            context.update(_table_context(found, args, paper))
    return _page("print.html", 422 if errors else 200, **context)


def _pdf_urls(game: str, paper: str) -> Callable[..., str]:
    return lambda view, **params: url_for(f"printables.{view}", game=game, paper=paper,
                                          **params)


def _table_context(found: Game, args: dict[str, Any], paper: str) -> dict[str, Any]:
    """The "start a table and print its pack" form: the new-session form's own fields (as the
    POST pack route takes them), prefixed so their ids differ from the choice's: the seats
    first, a row each with its names first, then the questions about the whole table, once."""
    assert found.tracker is not None
    form = [f for f in found.tracker.setup_form if f.name not in ("game", "mode")]
    values: dict[str, Any] = {}
    for f in form:
        if isinstance(f, ListOf) and args.get("players", "").isdigit():  # a row per player
            values[TABLE_PREFIX + f.name] = max(f.min_items, min(f.max_items,
                                                                 int(args["players"])))
    seats = next((f for f in form if isinstance(f, ListOf)), None)
    return dict(table_seats=seats, table_form=[f for f in form if f is not seats],
                table_values=values, table_prefix=TABLE_PREFIX,
                pack_new_url=url_for("printables.pack_new", game=found.slug, paper=paper,
                                     **args),
                session_page=mounted_links.session(found.slug, "CODE"))


PRINT_LABELS = {"mode": "Mode", "players": "Players", "paper": "Paper"}
"""The print form's own labels, for its list of errors (the setup's help text is long)."""

TABLE_PREFIX = "table."
"""Names of the new table's fields on the print page; print.js drops it when it sends them."""


def next_seed(query: bytes) -> str:
    """The "Deal again" seed of a setup address: another deal, derived from this one so the
    page stays the same bytes for everyone (phones with script pick a random one instead)."""
    return hashlib.blake2b(query, digest_size=3, person=b"deal again").hexdigest()


# Calculators and scoring -----------------------------------------------------------------

@bp.get("/g/<game>/calculators")
def calculators(game: str) -> Response:
    found = find_game(game)
    return _page("calculators.html", game=found)


@bp.route("/g/<game>/calculators/<slug>", methods=["GET", "POST"])
def calculator(game: str, slug: str) -> Response:
    found = find_game(game)
    return _operation_page(found, found.calculator(slug))


@bp.route("/g/<game>/score", methods=["GET", "POST"])
def score(game: str) -> Response:
    found = find_game(game)
    if found.scoring is None:
        raise NotFound(f"{found.title} has no final scoring here.")
    return _operation_page(found, found.scoring)


def _operation_page(game: Game, op: Operation) -> Response:
    answer: dict[str, Any] | None = None
    errors: dict[str, list[str]] = {}
    if request.method == "POST":
        data, errors = form_text.parse(op.form, request.form)
        values: dict[str, Any] = dict(request.form.items())
        values.update(form_text.row_counts(op.form, request.form))
        if not errors:
            explained, errors = forms.run(game, op, data)
            if explained is not None:
                answer = explained.to_json()
    elif request.args.get("example"):
        values = form_text.flatten(op.example)
    else:
        values = {key: request.args[key] for key in request.args}
    status = 422 if errors else 200
    context = dict(game=game, op=op, values=values, answer=answer, errors=errors,
                   error_labels={k: label_for(op.form, k) for k in errors})
    if request.headers.get("X-Lairside-Fragment"):
        return _page("_answer.html", status, **context)
    return _page("operation.html", status, **context)


# Timers ----------------------------------------------------------------------------------

@bp.get("/g/<game>/timers")
@public_get
def timers(game: str) -> Response:
    found = find_game(game)
    if not found.timers:
        raise NotFound(f"{found.title} has no stage timers: its rulebook recommends none.")
    players = request.args.get("players", type=int)
    return _page("timers.html", game=found, players=players, stages=found.timers)


# Offline support -------------------------------------------------------------------------

API = STATIC.parent
PAGE_SOURCES = (API.parent / "assistant", API / "templates", STATIC, API / "pages_text.py",
                API / "pages_forms.py", API / "routes" / "pages.py")
"""What the saved pages are made of: the rules and setup tables (and the code that reads
them), the templates, the scripts and styles, and the code that renders them."""


def _sources_digest(sources: tuple[Path, ...] = PAGE_SOURCES) -> bytes:
    digest = hashlib.blake2b(digest_size=16)
    for source in sources:
        files = sorted(source.rglob("*")) if source.is_dir() else [source]
        for file in files:
            if file.is_file() and "__pycache__" not in file.parts:
                digest.update(str(file.relative_to(source.parent)).encode() + b"\0")
                digest.update(file.read_bytes() + b"\0")
    return digest.digest()


_cached_sources_digest = lru_cache(maxsize=1)(_sources_digest)


def content_version() -> str:
    """The service worker's version: it changes whenever a saved page could (a rule's text of
    any registered game, a setup table, a template, a script), and only then, so phones keep
    their saved pages until there is something new to save."""
    files = _sources_digest() if current_app.debug else _cached_sources_digest()
    digest = hashlib.blake2b(files, digest_size=6)
    for game in all_games():
        digest.update(_offline_index(game.slug))
    return digest.hexdigest()


@bp.get("/sw.js")
def service_worker() -> Response:
    body = (STATIC / "sw.js").read_text(encoding="utf-8")
    root = json.dumps(request.script_root)[1:-1]  # the mount path, as a JS string's text
    response = Response(body.replace("__VERSION__", content_version()).replace("__ROOT__", root),
                        mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = mounted("/")
    return response


@bp.get("/offline")
@public_get
def offline() -> Response:
    return _page("offline.html", games=all_games())


OFFLINE_SEEDS = ("101", "202", "303")
"""Random deals saved for offline use: "Deal again" without a signal cycles through them."""


def _offline_index(slug: str) -> bytes:
    """A game's offline index, made once for the games registered now (api/registry.py)."""
    game = find_game(slug)
    return cast(bytes, per_game("offline", slug, lambda: json.dumps(
        offline_index(slug, game.rules, game.synonyms)).encode()))


@bp.get("/g/<game>/search.json")
def offline_search_index(game: str) -> Response:
    """Every word of every rule (title, text, aliases, numbers), for search without a signal."""
    found = find_game(game)
    response = Response(_offline_index(found.slug), mimetype="application/json")
    response.cache_control.max_age = 300
    return response


@bp.get("/offline.json")
def offline_manifest() -> Response:
    """Pages a phone saves for offline use: without `game`, the pages every game shares (home,
    search, join, the offline page, styles and scripts); with `game`, that game's rules,
    setup, search, timers and the forms of its calculators and scoring. A phone saves the game
    it chose, and asks before taking the others (static/app.js, static/sw.js)."""
    slug = request.args.get("game")
    if not slug:
        urls = [mounted_links.home(), mounted_links.search(), url_for("pages.offline"),
                url_for("session_pages.join"),
                asset("app.css"), asset("app.js"), asset("theme.js"), asset("icon.svg"),
                url_for("pages.manifest")]
        return Response(json.dumps(urls), mimetype="application/json")
    game = find_game(slug)
    urls = [mounted_links.rules_index(game.slug), url_for("pages.game_home", game=game.slug)]
    if game.timers:
        urls.append(mounted_links.timers(game.slug))
    urls.append(url_for("rules.index", game=game.slug))
    urls.append(url_for("pages.offline_search_index", game=game.slug))
    urls.extend(mounted_links.rule(game.slug, entry.id) for entry in game.rules)
    if game.calculators:
        urls.append(url_for("pages.calculators", game=game.slug))
        urls.extend(mounted_links.calculator(game.slug, calc) for calc in game.calculators)
    if game.scoring is not None:
        urls.append(mounted_links.score(game.slug))
        urls.extend(mounted_links.score(game.slug, mode.slug) for mode in game.modes)
    seeded = game.setup is not None and any(f.name == "seed" for f in game.setup.form)
    for mode in game.modes:
        urls.append(mounted_links.setup(game.slug, mode=mode.slug))
        if game.setup is None:
            continue
        for n in range(mode.min_players, mode.max_players + 1):
            urls.append(mounted_links.setup(game.slug, mode=mode.slug, players=n))
            if seeded:
                urls.extend(mounted_links.setup(game.slug, mode=mode.slug, players=n, seed=seed)
                            for seed in OFFLINE_SEEDS)
    return Response(json.dumps(urls), mimetype="application/json")
