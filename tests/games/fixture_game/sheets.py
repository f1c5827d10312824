"""Coin Heist printables: one setup sheet per player count, one aid, one score sheet."""
from __future__ import annotations

from typing import Any

from assistant import links
from assistant.sheets import Catalogue, Fact, Facts, Kind, Link, Para, Section, Sheet, Spec, Table

from . import GAME, STANDARD

G = GAME.slug
CATALOGUE = Catalogue(
    setup=Spec("setup", "Setup sheet", "Coins per player.", Kind.SETUP, ("mode", "players")),
    score=Spec("score", "Score sheet", "Coins and gems.", Kind.SCORE, ("mode",)),
    score_modes=("standard",),
    aids=(Spec("split", "Splitting the take", "How coins are shared.", Kind.AID),))


def _rule(entry: str) -> Link:
    return Link(links.rule(G, entry), f"/api/v1/games/{G}/rules/{entry}", "Rule")


def setup_sheet(mode: str = "standard", players: int = 2, **_: Any) -> Sheet:
    answer = GAME.setup.run({"mode": mode, "players": players}) if GAME.setup else None
    coins = answer.result["coins_each"] if answer else 0
    page = links.setup(G, mode=mode, players=players)
    return Sheet(Kind.SETUP, f"{G}-setup-{players}p", "Setup", GAME.title, STANDARD.title,
                 f"{players} players", (Section("Start", (Facts((Fact("Coins each",
                                                                       str(coins)),)),),
                                                link=_rule("overview")),),
                 link=Link(page, f"/api/v1/games/{G}/setup?mode={mode}&players={players}",
                           "This setup"))


def aid_sheet(slug: str) -> Sheet:
    return Sheet(Kind.AID, f"{G}-{slug}", "Splitting the take", GAME.title, "All modes",
                 "any number of players",
                 (Section("Split", (Para(GAME.rules.get("splitting-the-take").text),),
                          link=_rule("splitting-the-take")),))


def score_sheet(mode: str) -> Sheet:
    return Sheet(Kind.SCORE, f"{G}-score-{mode}", "Score sheet", GAME.title, STANDARD.title,
                 "2-4 players", (Section("Coins", (Table(("Crook", "Coins", "Gems"),
                                                         blank_rows=4, row_height=9),)),),
                 link=Link(links.score(G, mode), f"/api/v1/games/{G}/rules/winning", "Score"))


def setup_variants() -> list[dict[str, Any]]:
    return [{"mode": "standard", "players": n}
            for n in range(STANDARD.min_players, STANDARD.max_players + 1)]


def batch() -> list[Sheet]:
    return ([setup_sheet(**v) for v in setup_variants()] +
            [aid_sheet(a.slug) for a in CATALOGUE.aids] + [score_sheet("standard")])
