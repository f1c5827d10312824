"""A score pad for a night of several games: a row per game, a column per player, a sum row.

Generic over every game (nothing here names one): the number of columns is the player count,
and the pad's QR code opens the game's scoring calculator when it has one.
"""
from __future__ import annotations

from assistant import links
from assistant.games import Game

from . import Kind, Link, Para, Section, Sheet, Table
from .kit import plural

GAMES = 10
"""Rows on a pad: more games than a long evening holds."""
ROW_MM = 9.0


def score_pad(game: Game, mode: str, players: int, games: int = GAMES) -> Sheet:
    mode_title = next((m.title for m in game.modes if m.slug == mode), mode.title())
    link = (Link(links.score(game.slug, mode), f"/api/v1/games/{game.slug}",
                 "Scoring calculator") if game.scoring is not None else None)
    header = ("Game", *(f"Player {n}" for n in range(1, players + 1)))
    names = ("Name", *("" for _ in range(players)))
    table = Table(header, (names,), (1.0, *(2.0 for _ in range(players))),
                  blank_rows=games, row_height=ROW_MM,
                  footer=("Sum", *("" for _ in range(players))))
    howto = Para("Write each player's name once, then one row per game: the final score from "
                 "the game's own count (the code opens the scoring calculator, which shows its "
                 "working). Add each column into the Sum row at the end of the night.")
    return Sheet(kind=Kind.SCORE, slug=f"{game.slug}-score-pad-{players}p",
                 title="Score pad: a night of games", game=game.title, mode=mode_title,
                 players=plural(players, "player", "players"),
                 sections=(Section("Games tonight", (howto, table), link),), columns=1)
