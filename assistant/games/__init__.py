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
from typing import TYPE_CHECKING, Any

from assistant.errors import UnknownGame, UnknownOperation
from assistant.explain import Explained
from assistant.inputs import Form
from assistant.rules import RuleBook
from assistant.timers import StageTimer

if TYPE_CHECKING:  # the kernel's protocol (the kernel sits below the games)
    from assistant.tracker.contract import Tracker


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
    """Everything about one game, each part in a slot; a game without a part leaves it empty
    and every layer (API, OpenAPI, pages, printables, sessions) hides that part.

    See README.md beside this file for the contract and how to add a game."""

    slug: str
    title: str
    modes: tuple[Mode, ...]
    rules: RuleBook
    setup: Operation | None = None
    scoring: Operation | None = None
    calculators: Mapping[str, Operation] = field(default_factory=dict)
    synonyms: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Search: a word players type (an acronym, slang) → the words the rules use for it."""
    timers: tuple[StageTimer, ...] = ()
    """Recommended minutes per stage of a round, for the phone timers and the round aid."""
    sheets: Callable[[], Any] | None = None
    """Loads the game's printable sheets on first use: an object with the members of
    assistant.sheets.contract.SheetProvider (the registry names no type of assistant.sheets,
    which reads the registry: no import circle, make lint's contracts)."""
    tracker: Tracker | None = None
    """The game's rules of a table session (see assistant/tracker)."""

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


def collect_operations(package: str) -> dict[str, Operation]:
    """A game's calculators: every module of `package` (e.g. "assistant.games.<slug>.calculators")
    in name order, each exporting OPERATIONS, by slug. A slug used twice is refused."""
    found: dict[str, Operation] = {}
    for info in sorted(pkgutil.iter_modules(importlib.import_module(package).__path__),
                       key=lambda i: i.name):
        module = importlib.import_module(f"{package}.{info.name}")
        for op in getattr(module, "OPERATIONS", ()):
            if op.slug in found:
                raise ValueError(f"two calculators named {op.slug!r}")
            found[op.slug] = op
    return found


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
