"""The seeded deal: the named tiles (community data) handed out as the mode's procedure does."""
from __future__ import annotations

import random

from . import components
from .modes import PlayMode
from .setup_data import (
    SYNDICATE_DOOMSDAY_WORLD,
    SYNDICATE_RESOURCE_FIRST_DRAW,
    SYNDICATE_RESOURCE_SECOND_DRAW,
    TILES_ON_WAR_MAP,
)
from .setup_model import COMMUNAL_VAULT, MAP_CIA, WORLD, Deal, Handout, Pile, Setup


def deal_for(setup: Setup, seed: str | int) -> Deal:
    """Hand out the named tiles (community data) as the mode's procedure does.

    The seed is used as text, so 42 and "42" give the same deal; random.Random seeds text
    through SHA-512, so the deal is the same on every run and machine.
    """
    key = str(seed)
    rng = random.Random(key)
    resource = [m.name for m in components.RESOURCE_MISSIONS]
    doomsday = [m.name for m in components.DOOMSDAY_MISSIONS]
    rng.shuffle(resource)
    rng.shuffle(doomsday)
    if setup.mode is PlayMode.SYNDICATE:
        first, second = SYNDICATE_RESOURCE_FIRST_DRAW, SYNDICATE_RESOURCE_SECOND_DRAW
        res = (Pile("Team (first draw)", tuple(resource[:first]),
                    note=f"Choose {TILES_ON_WAR_MAP} to place around Interpol HQ; the other "
                         f"{first - TILES_ON_WAR_MAP} go to the Communal Vault."),
               Pile("Team (second draw)", tuple(resource[first:first + second]),
                    note="Straight to the Communal Vault."),
               Pile(WORLD, tuple(resource[first + second:])))
        pile = TILES_ON_WAR_MAP
        world = pile + SYNDICATE_DOOMSDAY_WORLD
        doom = (Pile(MAP_CIA, tuple(doomsday[:pile]), True,
                     "Face down, clockwise in this order; don't look."),
                Pile(WORLD, tuple(doomsday[pile:world]), True),
                Pile(COMMUNAL_VAULT, tuple(doomsday[world:])))
        return Deal(key, res, doom, (f"Which {TILES_ON_WAR_MAP} of the first draw go around "
                                     "Interpol HQ, and where.",))
    choose: tuple[str, ...]
    if setup.mode is PlayMode.CUTTHROAT:
        choose = ("Which tiles each seat places around Interpol HQ, and in what order.",
                  "Which unplaced Resource Mission each Henchman tithes to Goodman.",
                  "Which Doomsday Missions go into the face-down pile (then shuffle it).")
        if setup.doomsday_missions.extra:
            choose += ("Which two seats take the extra Doomsday Missions.",)
    else:
        choose = ("Which tiles each team places around Interpol HQ.",
                  "Which unplaced Resource Missions each team keeps in its Vault.",
                  "Which Doomsday Missions each team adds to the pile (then shuffle it), and "
                  "which one it keeps.")
    return Deal(key, _hands(resource, setup.resource_missions),
                _hands(doomsday, setup.doomsday_missions), choose)


def _hands(tiles: list[str], handout: Handout) -> tuple[Pile, ...]:
    piles: list[Pile] = []
    at = 0
    for hand in handout.dealt:
        piles.append(Pile(hand.where, tuple(tiles[at:at + hand.tiles])))
        at += hand.tiles
    if handout.extra:
        piles.append(Pile("Extra (seats to agree)", tuple(tiles[at:at + handout.extra]),
                          note="One each to the two seats your table picks (the rulebook "
                               "marks which on its own page)."))
        at += handout.extra
    if at < len(tiles):
        piles.append(Pile(WORLD, tuple(tiles[at:])))
    return tuple(piles)
