"""The rules search indexes of the games registered now (api/registry.py)."""
from __future__ import annotations

from api.registry import derived
from assistant.errors import UnknownGame
from assistant.search import SearchIndex


def search_index(game: str | None) -> SearchIndex:
    indexes = derived().search
    if game not in indexes:
        raise UnknownGame(f"There is no game {game!r}.", sorted(k for k in indexes if k))
    return indexes[game]
