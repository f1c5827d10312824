"""Tomorrow Dies Today (Mooney Bin Entertainment): three modes on one War Map."""
from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from typing import Any

from assistant.games import Game, Mode, register
from assistant.rules import RuleBook

from .calculators import collect as _collect_calculators

CUTTHROAT = Mode("cutthroat", "Cutthroat", 4, 7,
                 "One player is General Goodman; the others are his Named Henchmen, racing "
                 "for Villain Prestige or betraying the organization.")
SYNDICATE = Mode("syndicate", "Syndicate", 1, 6,
                 "Co-operative: the players' Named Henchmen complete the Doomsday Plan "
                 "together before the clock runs out.")
MAYHEM = Mode("mayhem", "Mayhem", 2, 6,
              "Two or three teams compete over six rounds for the most Villain Prestige.")


def _optional(module: str, attr: str) -> Any:
    """A part of the game that may not be written yet (setup, scoring): None if absent."""
    if importlib.util.find_spec(f"{__name__}.{module}") is None:
        return None
    return getattr(importlib.import_module(f"{__name__}.{module}"), attr)


GAME = register(Game(
    slug="tdt",
    title="Tomorrow Dies Today",
    modes=(CUTTHROAT, SYNDICATE, MAYHEM),
    rules=RuleBook.load(Path(__file__).parent / "rules"),
    setup=_optional("setup", "SETUP"),
    scoring=_optional("scoring", "SCORING"),
    calculators=_collect_calculators(),
))
