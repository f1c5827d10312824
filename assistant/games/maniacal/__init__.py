"""Maniacal (supervillain henchmen game): rules reference, setup, calculators, scoring."""
from __future__ import annotations

import importlib

from assistant.games import Game, collect_operations, register

from .facts import RULES
from .modes import MODES
from .scoring import SCORING
from .setup import SETUP
from .tracker import TRACKER

SLUG = "maniacal"

SYNONYMS: dict[str, tuple[str, ...]] = {
    # one word a player types (singular, lower case) → words the rules use
    "vp": ("infamy",),
    "point": ("infamy",),
    "cash": ("money",),
    "dollar": ("money",),
    "minion": ("henchman",),
    "goon": ("henchman",),
    "hire": ("recruit",),
    "hiring": ("recruitment",),
    "draft": ("room", "building"),
    "job": ("contract",),
    "mission": ("contract",),
    "heist": ("contract",),
    "turn": ("round", "time"),
    "heal": ("hospital", "injury"),
    "doctor": ("hospital",),
    "wound": ("injury",),
    "merc": ("mercenary",),
    "sabotage": ("negative", "scheme"),
    "wage": ("salary",),
    "upkeep": ("salary",),
    "sidekick": ("lackey",),
    "strength": ("brawn",),
    "str": ("brawn",),
    "intelligence": ("intellect",),
    "int": ("intellect",),
    "dc": ("target",),
    "tiebreak": ("tie", "order"),
    "tiebreaker": ("tie", "order"),
    "tapped": ("exhausted",),
    "tired": ("exhausted",),
    "initiative": ("order", "time"),
    "lab": ("room",),
}

GAME = register(Game(
    slug=SLUG,
    title="Maniacal",
    modes=MODES,
    rules=RULES,
    setup=SETUP,
    scoring=SCORING,
    calculators=collect_operations(f"{__name__}.calculators"),
    synonyms=SYNONYMS,
    tracker=TRACKER,
    sheets=lambda: importlib.import_module(f"{__name__}.sheets"),
))
