"""All Part of the Master Plan has one way to play: 4 to 6 players, 3 rounds.

The player range is read from the rules reference (Title, all-part-of-the-master-plan.txt:5),
so it is written once; setup, calculators, scoring and the tracker all use `STANDARD`.
"""
from __future__ import annotations

from assistant.errors import InvalidInput
from assistant.games import Mode

from .book import PLAYERS_MAX, PLAYERS_MIN

STANDARD = Mode("standard", "Standard", PLAYERS_MIN, PLAYERS_MAX,
                "Every player a secret Mastermind: three rounds of Throwdowns, an instant win "
                "for the first completed Master Plan, else the most different Loot types.")
MODES = (STANDARD,)
MODE_OPTIONS = tuple(m.slug for m in MODES)


def check_mode(value: object) -> Mode:
    for mode in MODES:
        if value == mode.slug:
            return mode
    raise InvalidInput("mode", f"There is no mode {value!r}; the rulebook describes one way "
                       "to play.", ", ".join(MODE_OPTIONS))


def check_players(players: int, field: str = "players") -> int:
    if not STANDARD.min_players <= players <= STANDARD.max_players:
        raise InvalidInput(field, f"All Part of the Master Plan is played by "
                           f"{STANDARD.min_players} to {STANDARD.max_players} players; you "
                           f"asked for {players}.",
                           f"{STANDARD.min_players}-{STANDARD.max_players}")
    return players
