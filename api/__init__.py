"""The Lairside HTTP API. `create_app` is the only place an app is built."""
from __future__ import annotations

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
    indexes: dict[str | None, SearchIndex] = {None: SearchIndex(documents)}
    for game in games:
        indexes[game.slug] = SearchIndex([(game.slug, e) for e in game.rules])
    app.extensions["lairside.search"] = indexes  # built once, at start-up

    from api.routes import games as games_routes
    from api.routes import meta, operations, rules

    for module in (meta, games_routes, rules, operations):
        app.register_blueprint(module.bp)
    register_error_handlers(app)
    return app
