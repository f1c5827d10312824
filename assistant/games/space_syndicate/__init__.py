"""Syndicate: the interplanetary crime dice game (not Tomorrow Dies Today's co-operative mode of
the same name). Rules from ../shared/rulebooks/syndicate.txt; see README.md for the readings."""
from __future__ import annotations

import importlib

from assistant.games import Game, collect_operations, register

from .book import BOOK
from .modes import MODES
from .scoring import SCORING
from .setup import SETUP
from .tracker import TRACKER

SLUG = "space-syndicate"

SYNONYMS: dict[str, tuple[str, ...]] = {
    "money": ("credits",), "cash": ("credits",), "cr": ("credits",),
    "inf": ("influence",), "bribe": ("pardon", "influence"),
    "men": ("crew",), "heat": ("alert",), "wanted": ("alert",),
    "attack": ("assault",), "raid": ("assault",), "steal": ("robbery",), "rob": ("robbery",),
    "pvp": ("robbery",), "upgrade": ("black market", "tech level"),
    "buy tech": ("black market",), "convert": ("exchange",), "swap": ("exchange",),
    "trap": ("sleeper",), "ghost": ("phantom",), "bot": ("phantom",), "dummy": ("phantom",),
    "d12": ("crackdown die",), "boe": ("beginning of the end",), "star": ("beginning of the end",),
    "ship": ("destroyer", "assault ship"), "blockade": ("destroyer",),
    "upkeep": ("crew upkeep",), "income": ("resource collection",),
    "end": ("beginning of the end", "game end"), "vp": ("victory points", "awards"),
    "coop": ("cooperative",), "co-op": ("cooperative",), "solo": ("ngata", "solo campaign"),
}

GAME = register(Game(
    slug=SLUG,
    title="Syndicate",
    modes=MODES,
    rules=BOOK,
    setup=SETUP,
    scoring=SCORING,
    calculators=collect_operations(f"{__name__}.calculators"),
    synonyms=SYNONYMS,
    sheets=lambda: importlib.import_module(f"{__name__}.sheets"),
    tracker=TRACKER,
))
