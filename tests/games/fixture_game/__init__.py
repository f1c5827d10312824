"""Coin Heist: a tiny game that exists only in the tests and plugs in through the contract
(assistant/games/README.md). `register_fixture()` adds it to the registry for one test."""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import GAMES, Game, Mode, Operation, register
from assistant.inputs import Integer, ListOf, OneOf, Text
from assistant.ranking import Criterion, rank
from assistant.rules import RuleBook
from assistant.timers import StageTimer

from .tracker import TRACKER

SLUG = "coin-heist"
STANDARD = Mode("standard", "Standard", 2, 4, "Everyone for themselves.")
RULES = RuleBook.load(Path(__file__).parent / "rules")
HOUSE = Provenance.HOUSE


def _setup(data: Mapping[str, Any]) -> Explained:
    players = data["players"]
    if not STANDARD.min_players <= players <= STANDARD.max_players:
        raise InvalidInput("players", f"Coin Heist is played by 2 to 4; you asked for "
                           f"{players}.", "2-4")
    coins = 12 // players
    return Explained({"mode": data["mode"], "players": players, "coins_each": coins},
                     (Step(f"12 coins shared by {players}: {coins} each.", coins, "overview",
                           HOUSE),), f"Coin Heist, {players} players: {coins} coins each.")


def _split(data: Mapping[str, Any]) -> Explained:
    coins, crew = data["coins"], data["crew"]
    each, rest = divmod(coins, crew)
    return Explained({"each": each, "leader_extra": rest},
                     (Step(f"{coins} coins over {crew}: {each} each.", each,
                           "splitting-the-take", HOUSE),
                      Step(f"The leader keeps the {rest} left over.", rest,
                           "splitting-the-take", HOUSE)),
                     f"{each} each, leader +{rest}.")


def _score(data: Mapping[str, Any]) -> Explained:
    crooks = data["crooks"]
    if len(crooks) < 2:
        raise InvalidInput("crooks", "Score at least two crooks.", "2-4 crooks")
    chain = (Criterion("coins", "coins", lambda c: c["coins"], rule="winning"),
             Criterion("gems", "gems", lambda c: c.get("gems", 0), rule="winning"))
    placed = rank(crooks, chain, lambda c: c["name"])
    rows = [{"name": p.item["name"], "rank": p.rank, "coins": p.item["coins"],
             "separated_by": p.separated_by} for p in placed]
    steps = tuple(Step(f"{r['name']}: rank {r['rank']}.", r["coins"], "winning", HOUSE)
                  for r in rows)
    return Explained({"rows": rows}, steps, "; ".join(f"{r['rank']}. {r['name']}" for r in rows))


CROOK = (Text("name", "The crook's name.", required=True),
         Integer("coins", "Coins carried out.", minimum=0, maximum=99, required=True),
         Integer("gems", "Gems carried out.", minimum=0, maximum=9, default=0))

GAME = Game(
    slug=SLUG, title="Coin Heist", modes=(STANDARD,), rules=RULES,
    setup=Operation("setup", "Setup", "Coins per player.",
                    (OneOf("mode", "Mode.", ("standard",), required=True),
                     Integer("players", "Players.", minimum=1, maximum=9, required=True)),
                    _setup, {"mode": "standard", "players": 3}, ("overview",)),
    scoring=Operation("score", "Final score", "Most coins, then gems.",
                      (ListOf("crooks", "Each crook.", CROOK, min_items=1, max_items=4,
                              required=True),),
                      _score, {"crooks": [{"name": "Ana", "coins": 5, "gems": 1},
                                          {"name": "Bo", "coins": 5}]}, ("winning",)),
    calculators={"split": Operation(
        "split", "Split the take", "Coins shared by the crew.",
        (Integer("coins", "Coins.", minimum=0, maximum=99, required=True),
         Integer("crew", "Crew size.", minimum=1, maximum=4, required=True)),
        _split, {"coins": 7, "crew": 2}, ("splitting-the-take",))},
    synonyms={"loot": ("coins",)},
    timers=(StageTimer("raid", "Raid", per_player=1, rule="overview"),),
    sheets=lambda: importlib.import_module(f"{__name__}.sheets"),
    tracker=TRACKER,
)


@contextmanager
def registered() -> Iterator[Game]:
    """The fixture game in the registry for the duration of a test."""
    register(GAME)
    try:
        yield GAME
    finally:
        GAMES.pop(SLUG, None)
