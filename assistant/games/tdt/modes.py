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

MODE_TITLES: Mapping[PlayMode, str] = MappingProxyType({
    PlayMode.CUTTHROAT: "Cutthroat", PlayMode.SYNDICATE: "Syndicate", PlayMode.MAYHEM: "Mayhem"})
