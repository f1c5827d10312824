"""Maniacal has one way to play: the basic game, Supervillain abilities left out.

The player range is worked out from the components (see rules entry `player-count`); it is
defined here once and read by setup, the calculators, the scoring and the tracker.
"""
from __future__ import annotations

from enum import StrEnum

from assistant.errors import InvalidInput
from assistant.games import Mode

from .facts import MAX_PLAYERS, MIN_PLAYERS


class PlayMode(StrEnum):
    STANDARD = "standard"
    """The rules in this rulebook text; Supervillain strengths and weaknesses ignored."""


STANDARD = Mode(
    PlayMode.STANDARD.value, "Standard", MIN_PLAYERS, MAX_PLAYERS,
    "Three rounds of drafting rooms, recruiting henchmen and pulling contracts; the most "
    "Infamy wins. Supervillain abilities (advanced rules the rulebook does not give) are left "
    "out; "
    "the 2-5 player range is worked out from the components.")

MODES = (STANDARD,)
MODE_OPTIONS = tuple(m.slug for m in MODES)


class HenchType(StrEnum):
    """The four recruitable types, in the order the Henchmen Phase handles them."""

    BEASTS = "beasts"
    CRIMINALS = "criminals"
    SCIENTISTS = "scientists"
    MYSTICS = "mystics"


class Trait(StrEnum):
    """The four traits, one dice colour each (maniacal.txt:212)."""

    BRAWN = "brawn"
    STEALTH = "stealth"
    INTELLECT = "intellect"
    MAGIC = "magic"


class Difficulty(StrEnum):
    EASY = "easy"
    HARD = "hard"
    LEGENDARY = "legendary"


TYPE_ORDER = tuple(HenchType)
TRAITS = tuple(Trait)
COLOURS = {Trait.BRAWN: "red", Trait.STEALTH: "blue", Trait.INTELLECT: "green",
           Trait.MAGIC: "orange"}


def check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidInput("players", f"Maniacal takes {MIN_PLAYERS} to {MAX_PLAYERS} players "
                           f"(worked out from the components); you asked for {players}.",
                           f"{MIN_PLAYERS}-{MAX_PLAYERS}")
