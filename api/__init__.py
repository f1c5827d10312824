"""The Lairside HTTP API. `create_app` is the only place an app is built."""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from api.config import Settings
from api.errors import register_error_handlers
from assistant.games import all_games
from assistant.search import SearchIndex


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__, instance_path=str(Path.cwd() / "instance"))
    app.config.from_mapping(Settings().flask_config())
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keep our field order
    if config:
        app.config.update(config)

    games = all_games()
    documents = [(game.slug, entry) for game in games for entry in game.rules]
    synonyms = {game.slug: game.synonyms for game in games}
    indexes: dict[str | None, SearchIndex] = {None: SearchIndex(documents, synonyms)}
    for game in games:
        indexes[game.slug] = SearchIndex([(game.slug, e) for e in game.rules],
                                         {game.slug: game.synonyms})
    app.extensions["lairside.search"] = indexes  # built once, at start-up

    for module in _route_modules():
        app.register_blueprint(module.bp)
        if hasattr(module, "init_app"):
            module.init_app(app)
    register_error_handlers(app)
    return app


def _route_modules() -> list[Any]:
    """Every module of api/routes with a blueprint `bp`: adding a module adds its routes."""
    import api.routes

    names = sorted(info.name for info in pkgutil.iter_modules(api.routes.__path__))
    modules = [importlib.import_module(f"api.routes.{name}") for name in names]
    return [module for module in modules if hasattr(module, "bp")]
