"""The game registry.

Each game is one package under assistant/games/ that builds a `Game` and calls `register`
at import time. The registry imports every such package it finds, so adding a game touches
its own folder only; the API is generic over whatever is registered here.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import UnknownGame, UnknownOperation
from assistant.explain import Explained
from assistant.inputs import Form
from assistant.rules import RuleBook


@dataclass(frozen=True)
class Mode:
    slug: str
    title: str
    min_players: int
    max_players: int
    summary: str

    def to_json(self) -> dict[str, Any]:
        return {"slug": self.slug, "title": self.title, "summary": self.summary,
                "players": {"min": self.min_players, "max": self.max_players}}


@dataclass(frozen=True)
class Operation:
    """Something a player asks the companion to work out: setup, a calculator, the score.

    `run` takes the validated input (plain dict shaped by `form`) and returns an Explained.
    `example` is a worked example (ideally the rulebook's own) used in the docs and tests.
    """

    slug: str
    title: str
    summary: str
    form: Form
    run: Callable[[Mapping[str, Any]], Explained]
    example: Mapping[str, Any]
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    slug: str
    title: str
    modes: tuple[Mode, ...]
    rules: RuleBook
    publisher_note: str = ""
    setup: Operation | None = None
    scoring: Operation | None = None
    calculators: Mapping[str, Operation] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Game-specific data other layers may use (e.g. printable sheets); never required."""

    def mode(self, slug: str) -> Mode:
        for mode in self.modes:
            if mode.slug == slug:
                return mode
        raise KeyError(slug)

    def calculator(self, slug: str) -> Operation:
        try:
            return self.calculators[slug]
        except KeyError:
            raise UnknownOperation(
                f"{self.title} has no calculator {slug!r}.", sorted(self.calculators)) from None


GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    GAMES[game.slug] = game
    return game


def find_game(slug: str) -> Game:
    _load_all()
    try:
        return GAMES[slug]
    except KeyError:
        raise UnknownGame(f"There is no game {slug!r}.", sorted(GAMES)) from None


def all_games() -> list[Game]:
    _load_all()
    return list(GAMES.values())


_loaded = False


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")
    _loaded = True
