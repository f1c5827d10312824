"""The rules search indexes the app built at start-up (one per game, and one over all games)."""
from __future__ import annotations

from typing import cast

from flask import current_app

from assistant.search import SearchIndex


def search_index(game: str | None) -> SearchIndex:
    return cast(dict[str | None, SearchIndex], current_app.extensions["lairside.search"])[game]
