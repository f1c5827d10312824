"""Where a game's parts live in the API: the links a game's description answers with. The
blueprints that serve a part (printables, phone pages) add their own link here when they are
registered, so this module knows none of them."""
from __future__ import annotations

from typing import Any

from flask import url_for

from assistant.games import Game


def game_links(game: Game) -> dict[str, Any]:
    links: dict[str, Any] = {
        "self": url_for("games.describe", game=game.slug),
        "rules": url_for("rules.index", game=game.slug),
        "search": url_for("rules.index", game=game.slug) + "?q={query}",
    }
    if game.setup is not None:
        links["setup"] = url_for("operations.setup", game=game.slug)
    if game.scoring is not None:
        links["scoring"] = url_for("operations.score", game=game.slug)
    if game.calculators:
        links["calculators"] = {
            slug: url_for("operations.calculate", game=game.slug, name=slug)
            for slug in game.calculators}
    for name, build in LINK_PROVIDERS.items():
        found = build(game)
        if found:
            links[name] = found
    return links


LINK_PROVIDERS: dict[str, Any] = {}
