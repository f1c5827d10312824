"""Vigilante (Paranoia Rising Games, 2019): three scenarios, secret Identities, an end-game
judge for every Mission. Rulebook: ../shared/rulebooks/vigilante.txt."""
from __future__ import annotations

import importlib

from assistant.games import Game, collect_operations, register

from .book import RULES
from .modes import MODES
from .scoring import SCORING
from .setup import SETUP
from .tracker import TRACKER

SLUG = "vigilante"

SYNONYMS: dict[str, tuple[str, ...]] = {
    "btj": ("Brought to Justice",),
    "sa": ("Shifting Allegiances",),
    "merc": ("Mercenaries", "Mercenary"),
    "mercs": ("Mercenaries",),
    "hp": ("Health",),
    "money": ("Influence",),
    "buy": ("Recruit",),
    "hire": ("Recruit",),
    "role": ("Identity",),
    "traitor": ("Assassin", "Evil"),
    "spy": ("Investigator", "investigate"),
    "peek": ("investigate", "Allegiance tokens"),
    "tokens": ("Allegiance tokens", "Event tokens"),
    "tt": ("Time Traveler",),
    "wol": ("Worshipper of Life",),
    "bh": ("Bounty Hunter",),
    "medpac": ("Med Pacs", "First Aid Kits"),
    "broken": ("breaking point",),
    "dead": ("defeated",),
    "prison": ("jail",),
    "captured": ("jail", "jailed"),
    "escape": ("escapes", "Jailbreak"),
    "gear": ("Equipment",),
    "wounds": ("damage",),
    "start player": ("First Player",),
}

GAME = register(Game(
    slug=SLUG,
    title="Vigilante",
    modes=MODES,
    rules=RULES,
    setup=SETUP,
    scoring=SCORING,
    calculators=collect_operations(f"{__name__}.calculators"),
    synonyms=SYNONYMS,
    sheets=lambda: importlib.import_module(f"{__name__}.sheets"),
    tracker=TRACKER,
))
