"""The ways to play Syndicate, defined once: the standard game (2-5 players, derived) and the
two-player Phantom variation. Table settings that are not modes (the advanced rules, the
Extended Turn) are flags on the setup form and the session.

Player counts: the book never prints them; 2-5 is derived in the `players-and-modes` entry
(syndicate.txt:85, 90, 192, 331, 629, 669). One player is refused: the NGATA solo campaign is
listed (syndicate.txt:105) but never described.
"""
from __future__ import annotations

from enum import StrEnum

from assistant.games import Mode

from .tables import MAX_PLAYERS, MIN_PLAYERS, PHANTOM_PLAYERS


class PlayMode(StrEnum):
    STANDARD = "standard"
    """The ordinary rules, 2 to 5 players (syndicate.txt:415-487)."""
    PHANTOM = "phantom"
    """Two real players and a Phantom third player (syndicate.txt:667-691)."""


STANDARD = Mode(PlayMode.STANDARD.value, "Standard", MIN_PLAYERS, MAX_PLAYERS,
                "Race rival syndicates for credits and victory points over 6 to 8 rounds.")
PHANTOM = Mode(PlayMode.PHANTOM.value, "Two players with the Phantom", PHANTOM_PLAYERS,
               PHANTOM_PLAYERS,
               "Two players and a Phantom third syndicate that fortifies and assaults on its "
               "own turn.")
MODES: tuple[Mode, ...] = (STANDARD, PHANTOM)
MODE_OPTIONS = tuple(m.value for m in PlayMode)

SOLO_REASON = ("The box lists an NGATA solo campaign, but the rulebook never describes it "
               "(syndicate.txt:105), so a one-player game cannot be set up.")


def mode_of(slug: str) -> Mode:
    for mode in MODES:
        if mode.slug == slug:
            return mode
    raise KeyError(slug)
