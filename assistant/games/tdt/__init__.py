"""Tomorrow Dies Today (Mooney Bin Entertainment): three modes on one War Map."""
from __future__ import annotations

import importlib

from assistant.games import Game, Mode, collect_operations, register

from .book import RULES
from .modes import PLAYERS, PlayMode
from .scoring import SCORING
from .setup import SETUP
from .timers import stage_timers
from .tracker import TRACKER

# What players type → the words the rulebook uses (search; whole query words only).
SYNONYMS: dict[str, tuple[str, ...]] = {
    "vp": ("villain", "prestige"),
    "tl": ("team", "leader"),
    "hq": ("headquarters",),
    "hqs": ("headquarters",),
    "n": ("named", "henchman"),
    "supervillain": ("goodman",),
    "boss": ("goodman",),
    "general": ("goodman",),
    "minion": ("faceless", "henchman"),
    "minions": ("faceless", "henchman"),
    "rideshare": ("travel", "squad"),
    "carpool": ("travel", "squad"),
    "betray": ("betrayal", "betrayer"),
    "traitor": ("betrayer",),
    "fight": ("conflict",),
    "combat": ("conflict", "combat"),
    "money": ("funding",),
    "cash": ("funding",),
    "tech": ("technology",),
    "timer": ("time", "minutes"),
    "tie": ("tie", "tied"),
    "score": ("scoring", "vp"),
}

CUTTHROAT = Mode("cutthroat", "Cutthroat", *PLAYERS[PlayMode.CUTTHROAT],
                 "One player is General Goodman; the others are his Named Henchmen, racing "
                 "for Villain Prestige or betraying the organization.")
SYNDICATE = Mode("syndicate", "Syndicate", *PLAYERS[PlayMode.SYNDICATE],
                 "Co-operative: the players' Named Henchmen complete the Doomsday Plan "
                 "together before the clock runs out.")
MAYHEM = Mode("mayhem", "Mayhem", *PLAYERS[PlayMode.MAYHEM],
              "Two or three teams compete over six rounds for the most Villain Prestige.")


GAME = register(Game(
    slug="tdt",
    title="Tomorrow Dies Today",
    modes=(CUTTHROAT, SYNDICATE, MAYHEM),
    rules=RULES,
    setup=SETUP,
    scoring=SCORING,
    calculators=collect_operations(f"{__name__}.calculators"),
    synonyms=SYNONYMS,
    timers=stage_timers(RULES),
    sheets=lambda: importlib.import_module(f"{__name__}.sheets"),
    tracker=TRACKER,
))
