"""The three Vigilante scenarios, defined once. Every other module reads them from here.

Player counts: the rulebook never prints one. At most 5 is derived from the box (5 mats and
5 shields; 10 Event dice, 20 action tokens and 30 Allegiance tokens are exactly 5 players'
worth; Components, vigilante.txt:62-110 with Take Player Pieces :223 and Allegiance Tokens
:237). The fewest players is printed only on the Scenario Cards; the app's floor of 3 is one
reading for every scenario (at 2 each player would know the other's side, and each scenario
speaks of players on a side in the plural), Showdown 4 (an even count). Both numbers and
their reasoning live in the rules entry player-count (readings `floor`, `most`); the table's
own card decides.
"""
from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from assistant.errors import InvalidInput
from assistant.games import Mode

from .book import number

MAX_PLAYERS = number("player-count", "max-players")
"""derived: 5 player mats and shields (vigilante.txt:62, :68), dice 10 = 5x2, action tokens
20 = 5x4, Allegiance tokens 30 = 5x6 (vigilante.txt:80, :110, :86 with :223, :237)."""
MIN_PLAYERS = number("player-count", "min-players")
"""derived floor (3), the same reading for every scenario (player-count, reading `floor`); the
real minimum is printed on the Scenario Card (unknown)."""
SHOWDOWN_PLAYERS = number("scenario-showdown", "players")
"""derived: Good = Evil with no Neutral needs an even count; at most 5 and the floor leave 4."""

class Scenario(StrEnum):
    BROUGHT_TO_JUSTICE = "brought-to-justice"
    """The main scenario and the first-game choice: one Evil player hides among Good and
    Neutral players (vigilante.txt:171-173)."""
    SHIFTING_ALLEGIANCES = "shifting-allegiances"
    """One certain Good identity among a random mix of Good, Evil and Neutral
    (vigilante.txt:177-179)."""
    SHOWDOWN = "showdown"
    """As many Good players as Evil ones, no Neutrals (vigilante.txt:183-185)."""


SCENARIO_OPTIONS = tuple(s.value for s in Scenario)

TITLES: Mapping[Scenario, str] = MappingProxyType({
    Scenario.BROUGHT_TO_JUSTICE: "Brought to Justice",
    Scenario.SHIFTING_ALLEGIANCES: "Shifting Allegiances",
    Scenario.SHOWDOWN: "Showdown",
})

MODES: tuple[Mode, ...] = (
    Mode(Scenario.BROUGHT_TO_JUSTICE.value, TITLES[Scenario.BROUGHT_TO_JUSTICE],
         MIN_PLAYERS, MAX_PLAYERS,
         "The main scenario, advised for a first game: a single hidden Evil player among Good "
         "and Neutral players. Player count from your Scenario Card (at most 5)."),
    Mode(Scenario.SHIFTING_ALLEGIANCES.value, TITLES[Scenario.SHIFTING_ALLEGIANCES],
         MIN_PLAYERS, MAX_PLAYERS,
         "Only one Good identity is sure to be in play; the rest are a random mix. Hard for "
         "Good. Player count from your Scenario Card (at most 5)."),
    Mode(Scenario.SHOWDOWN.value, TITLES[Scenario.SHOWDOWN], SHOWDOWN_PLAYERS,
         SHOWDOWN_PLAYERS,
         "Good against Evil in equal numbers, no Neutrals: 2 Good and 2 Evil at 4 players "
         "(the only even count from 3 to 5)."),
)


def player_range(s: Scenario) -> tuple[int, int]:
    """The counts the app accepts for a scenario (from MODES)."""
    mode = next(m for m in MODES if m.slug == s.value)
    return mode.min_players, mode.max_players


def scenario(value: str, field: str = "mode") -> Scenario:
    """The Scenario named `value`, or InvalidInput naming the allowed ones."""
    try:
        return Scenario(value)
    except ValueError:
        raise InvalidInput(field, f"There is no Vigilante scenario {value!r}.",
                           ", ".join(SCENARIO_OPTIONS)) from None
