"""What the app derives from the registered games, held together and rebuilt together.

The registry may change after create_app (the tests register a test-only game for one test):
every cache made from it (the search indexes, the offline indexes, the rules texts' cross
references, and the app's kept answers) is dropped and made again at once when the games
registered are no longer the very objects it was made from, so none answers for a game that is
gone or misses one that came.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from operator import is_
from typing import Any, cast

from flask import Flask, current_app

from assistant.games import GAMES, Game, all_games
from assistant.search import SearchIndex, game_indexes


@dataclass
class Derived:
    """Caches of one set of registered games."""

    games: tuple[Game, ...]
    search: dict[str | None, SearchIndex]
    """One index over every game (key None) and one per game."""
    kept: dict[tuple[str, str], Any] = field(default_factory=dict)
    """Anything else made from one game's data, by (what, game slug), filled as asked."""


def same_objects(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Whether two tuples hold the very same objects (games registered anew are new objects)."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


_lock = threading.Lock()


def init_app(app: Flask) -> None:
    games = tuple(all_games())
    app.extensions["lairside.derived"] = Derived(games, game_indexes(games))


def derived() -> Derived:
    """This app's caches for the games registered now (rebuilt, with its kept answers dropped,
    when the registry changed)."""
    extensions = current_app.extensions
    held = cast(Derived, extensions["lairside.derived"])
    now = GAMES.values()  # every game package was loaded when the app was made (init_app)
    if len(now) == len(held.games) and all(map(is_, now, held.games)):
        return held
    games = tuple(all_games())
    with _lock:
        held = cast(Derived, extensions["lairside.derived"])
        if not same_objects(games, held.games):
            held = extensions["lairside.derived"] = Derived(games, game_indexes(games))
            extensions["lairside.answers"].clear()
    return held


def per_game(what: str, slug: str, make: Any) -> Any:
    """`make()` kept for these games under (what, slug)."""
    kept = derived().kept
    key = (what, slug)
    if key not in kept:
        kept[key] = make()
    return kept[key]
