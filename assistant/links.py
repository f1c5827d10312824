"""Paths of the phone pages, in one place.

The printed sheets encode these in QR codes and the phone pages serve them, so both import
this module and a path is never typed twice. Paths only: the base URL (LAIRSIDE_PUBLIC_URL or
the request's host) is added by whoever prints the link.
"""
from __future__ import annotations

from urllib.parse import urlencode


def _query(**params: object) -> str:
    pairs = {k: (",".join(map(str, v)) if isinstance(v, (list, tuple)) else v)
             for k, v in params.items() if v is not None and v is not False}
    return f"?{urlencode(pairs)}" if pairs else ""


def home() -> str:
    return "/"


def search(query: str | None = None, game: str | None = None) -> str:
    return "/search" + _query(q=query, game=game)


def rules_index(game: str) -> str:
    return f"/g/{game}/rules"


def rule(game: str, entry_id: str) -> str:
    return f"/g/{game}/rules/{entry_id}"


def setup(game: str, section: str | None = None, **params: object) -> str:
    """The setup page for the game's setup parameters (mode, players, and whatever else its
    setup form takes), in the order given; `section` jumps to one part of the answer."""
    path = f"/g/{game}/setup" + _query(**params)
    return path + (f"#{section}" if section else "")


def calculator(game: str, slug: str) -> str:
    return f"/g/{game}/calculators/{slug}"


def score(game: str, mode: str | None = None) -> str:
    return f"/g/{game}/score" + _query(mode=mode)


def timers(game: str, players: int | None = None) -> str:
    return f"/g/{game}/timers" + _query(players=players)


def session(game: str, code: str) -> str:
    return f"/g/{game}/sessions/{code}"


def play(game: str, code: str) -> str:
    """A finished table's page of its play: the outcome, the chart, the ways to log it."""
    return f"/g/{game}/sessions/{code}/play"
