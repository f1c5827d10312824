"""The Lairside HTTP API. `create_app` is the only place an app is built."""
from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from flask import Flask, request
from werkzeug.exceptions import RequestHeaderFieldsTooLarge, RequestURITooLarge
from werkzeug.middleware.proxy_fix import ProxyFix

from api import compress, registry
from api.cache import AnswerCache
from api.config import ANSWER_CACHE_BYTES, flask_config
from api.errors import register_error_handlers
from api.json_provider import OrjsonProvider
from api.responses import BodyDeadline, SecurityHeaders
from api.routes import (
    games,
    live,
    meta,
    operations,
    pages,
    printables,
    rules,
    session_pages,
    sessions,
)

MAX_URL_BYTES = 4096
"""Longest path + query answered (414 beyond); gunicorn's line limit is higher (8190, in
api/config.py), so its plain-text 400 never answers an address of up to 8 KiB."""
MAX_HEADER_BYTES = 16384
"""Most bytes of request headers in all (431 beyond); gunicorn's per-field limit matches."""

BLUEPRINTS = (meta, games, rules, operations, sessions, live, printables, pages, session_pages)
"""Every module of api/routes, each with its blueprint `bp` (and an `init_app` where it needs
one): what answers a URL is named here and in the module's route decorators, nowhere else."""


class Lairside(Flask):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._synced: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """Flask's own, remembered per registered function: Flask asks `inspect` about every
        view and hook on every request (an async hook runs through Flask's async_to_sync)."""
        found = self._synced.get(func)
        if found is None:
            found = self._synced[func] = super().ensure_sync(func)
        return found

    def add_url_rule(self, rule: str, endpoint: str | None = None,
                     view_func: Callable[..., Any] | None = None,
                     provide_automatic_options: bool | None = None, **options: Any) -> None:
        """Refuse an `async def` view when it is registered: the app is served by sync (gevent)
        workers, and a coroutine returned by a view would never run."""
        if view_func is not None and inspect.iscoroutinefunction(inspect.unwrap(view_func)):
            raise TypeError(f"{rule}: {view_func.__qualname__} is an async view; views here "
                            "are plain functions (gevent serves many requests at once).")
        super().add_url_rule(rule, endpoint, view_func, provide_automatic_options, **options)


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Lairside(__name__, instance_path=str(Path.cwd() / "instance"))
    app.config.from_mapping(flask_config())
    app.json = OrjsonProvider(app)
    if config:
        app.config.update(config)
    # Around Flask, only what protects every request: a deadline on request bodies, the
    # security headers, and ProxyFix for known proxies.
    app.wsgi_app = SecurityHeaders(BodyDeadline(app.wsgi_app))  # type: ignore[method-assign]
    app.before_request(refuse_oversized)
    compress.init_app(app)  # the first after_request hook: Flask runs it last
    proxies = int(app.config.get("LAIRSIDE_PROXIES") or 0)
    if proxies > 0:  # honour X-Forwarded-For/-Proto/-Prefix only from that many proxies
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies,  # type: ignore
                                x_prefix=proxies)  # a proxy serving the app at /lair says so

    app.extensions["lairside.answers"] = AnswerCache(
        int(app.config.get("LAIRSIDE_ANSWER_CACHE_BYTES") or ANSWER_CACHE_BYTES))
    registry.init_app(app)
    for module in BLUEPRINTS:
        app.register_blueprint(module.bp)
        init = getattr(module, "init_app", None)
        if init is not None:
            init(app)
    register_error_handlers(app)
    if not app.testing:  # each worker loads the PDF stack now, not on a player's first sheet
        from printables.warm import warm  # noqa: PLC0415

        warm()
    return app


def refuse_oversized() -> None:
    """Refuse (414, 431) an address or headers beyond their limits, before any view or other
    hook runs (the first hook registered)."""
    environ = request.environ
    # RAW_URI (gunicorn, Werkzeug) is the address as sent; otherwise path and query string
    url = len(environ.get("RAW_URI") or "") or \
        len(environ.get("PATH_INFO") or "/") + 1 + len(environ.get("QUERY_STRING") or "")
    if url > MAX_URL_BYTES:
        raise RequestURITooLarge(f"The address is {url} bytes long; at most {MAX_URL_BYTES} "
                                 "are answered.")
    headers = _header_bytes(environ)
    if headers > MAX_HEADER_BYTES:
        raise RequestHeaderFieldsTooLarge(f"The request headers take {headers} bytes; at "
                                          f"most {MAX_HEADER_BYTES} are answered.")


def _header_bytes(environ: Mapping[str, Any]) -> int:
    """The request headers' size as `Name: value` CRLF lines, counted from the WSGI environ
    (HTTP_X_Y is X-Y; Content-Type and -Length have keys of their own)."""
    size = sum(len(key) - 1 + len(value) for key, value in environ.items()
               if key[:5] == "HTTP_")  # len("HTTP_") - len(": \r\n") = 1
    for key in ("CONTENT_TYPE", "CONTENT_LENGTH"):
        if environ.get(key) and "HTTP_" + key not in environ:
            size += len(key) + 4 + len(environ[key])
    return size
