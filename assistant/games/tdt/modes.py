"""The three ways to play Tomorrow Dies Today: one enum shared by setup, calculators, scoring
and the tracker (slugs as in the game registry)."""
from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType


class PlayMode(StrEnum):
    CUTTHROAT = "cutthroat"
    """General Goodman and his Named Henchmen, with a possible Betrayer (4-7 players)."""
    SYNDICATE = "syndicate"
    """Co-operative: the players' Named Henchmen race the Doomsday Clock (1-6 players)."""
    MAYHEM = "mayhem"
    """Two or three teams compete for Villain Prestige (2-6 players)."""


MODE_OPTIONS = tuple(m.value for m in PlayMode)

PLAYERS: Mapping[PlayMode, tuple[int, int]] = MappingProxyType({
    PlayMode.CUTTHROAT: (4, 7), PlayMode.SYNDICATE: (1, 6), PlayMode.MAYHEM: (2, 6)})
"""Players per mode (Game Modes)."""
NAMED_HENCHMEN: Mapping[PlayMode, tuple[int, int]] = MappingProxyType({
    PlayMode.CUTTHROAT: (3, 6), PlayMode.SYNDICATE: (1, 6), PlayMode.MAYHEM: (2, 6)})
"""Named Henchmen in play per mode: Cutthroat is 4-7 players, one of them Goodman; never more
than six Named Henchmen in play (Pick Characters)."""
MAYHEM_TEAMS = (2, 3)
"""Mayhem is played by 2 or 3 teams (Game Modes › Mayhem)."""
CLOCK_MAX = 10
"""The Doomsday Clock runs from 10 down to 0 (Doomsday Clock)."""
MAX_TRIGGERS = 5
"""Betrayal Trigger slots on a Named Henchman's sheet, the first being the Team Leader's."""
BETRAYAL_THRESHOLD = 3
"""Active triggers that allow a voluntary betrayal (Betraying the Organization: 3 of 5)."""

MODE_TITLES: Mapping[PlayMode, str] = MappingProxyType({
    PlayMode.CUTTHROAT: "Cutthroat", PlayMode.SYNDICATE: "Syndicate", PlayMode.MAYHEM: "Mayhem"})

GOODMAN = "General Goodman"


def names_goodman(name: str) -> bool:
    """A row named for General Goodman ("Goodman", "Gen. Goodman"): never a Named Henchman."""
    words = "".join(c if c.isalnum() else " " for c in name.casefold()).split()
    return "goodman" in words
