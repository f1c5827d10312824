"""All Part of the Master Plan (Scott R Smith): 4-6 secret Masterminds, 3 rounds of Throwdowns.

Rulebook: ../shared/rulebooks/all-part-of-the-master-plan.txt. See README.md beside this file
for what the package holds and every reading taken where the rulebook is garbled or silent.
"""
from __future__ import annotations

import importlib

from assistant.games import Game, collect_operations, register

from .book import RULES
from .modes import MODES
from .scoring import SCORING
from .setup import SETUP
from .tracker import TRACKER

SLUG = "master-plan"

SYNONYMS: dict[str, tuple[str, ...]] = {
    "ko": ("ko", "knocked", "out"),
    "kos": ("ko", "pile"),
    "knockout": ("ko", "knocked", "out"),
    "ll": ("loser", "lad"),
    "an": ("action", "number"),
    "initiative": ("action", "number"),
    "mp": ("master", "plan"),
    "plan": ("master", "plan"),
    "td": ("throwdown",),
    "location": ("throwdown",),
    "fight": ("battle",),
    "defence": ("defense",),
    "defences": ("defense",),
    "purple": ("magic",),
    "red": ("force",),
    "green": ("psychic",),
    "fist": ("grey", "fist", "attack"),
    "win": ("instant", "win", "goal"),
    "tiebreak": ("final", "scoring", "tie"),
    "deploy": ("deployment",),
    "marker": ("mastermind", "mark"),
    "items": ("loot",),
    "treasure": ("loot",),
}

GAME = register(Game(
    slug=SLUG,
    title="All Part of the Master Plan",
    modes=MODES,
    rules=RULES,
    setup=SETUP,
    scoring=SCORING,
    calculators=collect_operations(f"{__name__}.calculators"),
    synonyms=SYNONYMS,
    sheets=lambda: importlib.import_module(f"{__name__}.sheets"),
    tracker=TRACKER,
))
