"""Setup inputs checked against the rules: the mode, the player count, Mayhem teams and the
number of Named Henchmen in play (Setting Up and Goals › Pick Characters, Game Modes)."""
from __future__ import annotations

from collections.abc import Sequence

from assistant.errors import InvalidInput

from .modes import MAYHEM_TEAMS, MODE_TITLES, PLAYERS, PlayMode
from .setup_data import MAX_NAMED_HENCHMEN


def check_mode(value: PlayMode | str) -> PlayMode:
    try:
        return PlayMode(value)
    except ValueError:
        raise InvalidInput("mode", f"There is no mode {value!r}.",
                           ", ".join(m.value for m in PlayMode)) from None


def check_players(mode: PlayMode, players: int) -> None:
    low, high = PLAYERS[mode]
    if not low <= players <= high:
        raise InvalidInput("players", f"{MODE_TITLES[mode]} is played by {low} to {high} "
                           f"players; you asked for {players}.", f"{low}-{high}")


def default_teams(players: int) -> tuple[int, ...]:
    """The split we use when Mayhem teams are left out (a house choice).

    The fewest equal teams in which every player runs exactly one Named Henchman
    (2: 1+1, 3: 1+1+1, 4: 2+2, 6: 3+3); 5 players have no such split, so 3+2.
    """
    for count in MAYHEM_TEAMS:
        size, rest = divmod(players, count)
        if rest == 0 and size <= MAX_NAMED_HENCHMEN // count:
            return (size,) * count
    return ((players + 1) // 2, players // 2)


def check_teams(players: int, teams: tuple[int, ...]) -> None:
    counts = " or ".join(str(c) for c in MAYHEM_TEAMS)
    if len(teams) not in MAYHEM_TEAMS:
        raise InvalidInput("teams", f"Mayhem is played in {counts} teams; you gave "
                           f"{len(teams)}.", f"a list of {counts} team sizes, e.g. [2, 2]")
    for i, size in enumerate(teams):
        if size < 1:
            raise InvalidInput(f"teams.{i}", f"Every team needs at least one player; team "
                               f"{i + 1} has {size}.", "1 or more players per team")
    if sum(teams) != players:
        raise InvalidInput("teams", f"The teams add up to {sum(teams)} players, but you "
                           f"said {players} are playing.", f"team sizes adding up to {players}")
    cap = MAX_NAMED_HENCHMEN // len(teams)
    for i, size in enumerate(teams):
        if size > cap:
            raise InvalidInput(
                f"teams.{i}",
                f"Team {i + 1} has {size} players, but with {len(teams)} teams each team "
                f"fields the same number of Named Henchmen and at most {MAX_NAMED_HENCHMEN} "
                f"are in play, so a team has at most {cap}; every player needs a Named "
                f"Henchman of their own.",
                _allowed_splits(players))


def _allowed_splits(players: int) -> str:
    """Every valid Mayhem split for a player count, in words (e.g. "[3, 3] or [2, 2, 2]")."""
    found: list[str] = []
    for count in MAYHEM_TEAMS:
        cap = MAX_NAMED_HENCHMEN // count
        for first in range(cap, 0, -1):
            found.extend(str(list(s)) for s in _splits(players, count, first))
    return " or ".join(dict.fromkeys(found)) or "no split"


def _splits(players: int, count: int, largest: int) -> list[tuple[int, ...]]:
    """Non-increasing splits of `players` into `count` teams whose first team is `largest`."""
    if count == 1:
        return [(players,)] if players == largest else []
    out: list[tuple[int, ...]] = []
    for nxt in range(min(largest, players - largest), 0, -1):
        out.extend((largest, *rest) for rest in _splits(players - largest, count - 1, nxt))
    return out


def check_named_henchmen(mode: PlayMode, players: int, teams: tuple[int, ...],
                          named: int) -> None:
    if mode is PlayMode.SYNDICATE:
        if not players <= named <= MAX_NAMED_HENCHMEN:
            raise InvalidInput(
                "named_henchmen",
                f"In Syndicate every player runs at least one Named Henchman and at most "
                f"{MAX_NAMED_HENCHMEN} are in play, so {players} players field {players} to "
                f"{MAX_NAMED_HENCHMEN}; you asked for {named}.",
                f"{players}-{MAX_NAMED_HENCHMEN}")
        return
    options = _mayhem_henchmen_options(teams)
    if named not in options:
        raise InvalidInput(
            "named_henchmen",
            f"In Mayhem the {len(teams)} teams field equal numbers of Named Henchmen, at most "
            f"{MAX_NAMED_HENCHMEN} in all, and every player runs at least one, so teams of "
            f"{list(teams)} field {_or(options)}; you asked for {named}.", _or(options))


def _mayhem_henchmen_options(teams: tuple[int, ...]) -> list[int]:
    return [k * len(teams) for k in range(max(teams), MAX_NAMED_HENCHMEN // len(teams) + 1)]


def _or(values: Sequence[int]) -> str:
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
