"""The Lairside HTTP API. `create_app` is the only place an app is built."""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, request
from werkzeug.exceptions import RequestHeaderFieldsTooLarge, RequestURITooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

from api.config import Settings
from api.errors import register_error_handlers
from api.responses import SecurityHeaders
from assistant.games import all_games
from assistant.search import SearchIndex

MAX_URL_BYTES = 4096
"""Longest path + query string answered (414 problem+json beyond). gunicorn's own line limit
is raised above it (Makefile: --limit-request-line 8190), so its plain-text 400 is never the
answer for an URL of up to 8 KiB."""
MAX_HEADER_BYTES = 16384
"""Most bytes of request headers in all (431 problem+json beyond); gunicorn's per-field limit
is raised to 16380 to match (Makefile)."""


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__, instance_path=str(Path.cwd() / "instance"))
    app.config.from_mapping(Settings().flask_config())
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep our field order
    if config:
        app.config.update(config)
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]
    proxies = int(app.config.get("LAIRSIDE_PROXIES") or 0)
    if proxies > 0:  # honour X-Forwarded-For/-Proto only from that many proxies in front
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)  # type: ignore

    games = all_games()
    documents = [(game.slug, entry) for game in games for entry in game.rules]
    synonyms = {game.slug: game.synonyms for game in games}
    indexes: dict[str | None, SearchIndex] = {None: SearchIndex(documents, synonyms)}
    for game in games:
        indexes[game.slug] = SearchIndex([(game.slug, e) for e in game.rules],
                                         {game.slug: game.synonyms})
    app.extensions["lairside.search"] = indexes  # built once, at start-up

    app.before_request(_refuse_oversized)
    for module in _route_modules():
        app.register_blueprint(module.bp)
        if hasattr(module, "init_app"):
            module.init_app(app)
    register_error_handlers(app)
    if not app.testing:  # each worker loads the PDF stack now, not on a player's first sheet
        from api.warmup import warm  # noqa: PLC0415

        warm()
    return app


def _refuse_oversized() -> None:
    environ = request.environ
    url = len(environ.get("RAW_URI") or request.full_path.encode())
    if url > MAX_URL_BYTES:
        raise RequestURITooLarge(f"The address is {url} bytes long; at most {MAX_URL_BYTES} "
                                 "are answered.")
    headers = _header_bytes(environ)
    if headers > MAX_HEADER_BYTES:
        raise RequestHeaderFieldsTooLarge(f"The request headers take {headers} bytes; at most "
                                          f"{MAX_HEADER_BYTES} are answered.")


_BODY_HEADERS = ("CONTENT_TYPE", "CONTENT_LENGTH")


def _header_bytes(environ: Mapping[str, Any]) -> int:
    """The request headers' size as `name: value` lines, counted from the WSGI environ (what
    request.headers would list, without building each header's name): HTTP_X_Y is X-Y."""
    total = sum([len(key) - 1 + len(value)  # -5 for HTTP_, +4 for ": " and CRLF
                 for key, value in environ.items() if key[:5] == "HTTP_"])
    for key in _BODY_HEADERS:
        value = environ.get(key)
        if value:
            total += len(key) + 4 + len(value)
        value = environ.get("HTTP_" + key)
        if value is not None:  # counted above, but request.headers leaves it out
            total -= len(key) + 4 + len(value)
    return total


def _route_modules() -> list[Any]:
    """Every module of api/routes with a blueprint `bp`: adding a module adds its routes."""
    import api.routes

    names = sorted(info.name for info in pkgutil.iter_modules(api.routes.__path__))
    modules = [importlib.import_module(f"api.routes.{name}") for name in names]
    return [module for module in modules if hasattr(module, "bp")]
