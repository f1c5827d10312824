"""Who is dealt what at setup: the seats and the Resource and Doomsday Mission hand-outs, per
mode and player count (Setting Up and Goals › Resource Missions, Doomsday Missions)."""
from __future__ import annotations

from .book import mark
from .modes import PlayMode
from .setup_data import (
    CUTTHROAT_DOOMSDAY_HANDS,
    CUTTHROAT_RESOURCE_HANDS,
    DOOMSDAY_TILES,
    GOODMAN_ASSETS,
    GOODMAN_DOOMSDAY_VAULT_CAP,
    MAX_NAMED_HENCHMEN,
    MAYHEM_DOOMSDAY_KEPT_PER_TEAM,
    MAYHEM_FACELESS,
    RESOURCE_TILES,
    SYNDICATE_DOOMSDAY_VAULT,
    SYNDICATE_DOOMSDAY_WORLD,
    SYNDICATE_RESOURCE_FIRST_DRAW,
    SYNDICATE_RESOURCE_SECOND_DRAW,
    SYNDICATE_RESOURCE_VAULT,
    SYNDICATE_RESOURCE_WORLD,
    TILES_ON_WAR_MAP,
)
from .setup_model import (
    COMMUNAL_VAULT,
    GOODMAN_VAULT,
    MAP_CIA,
    MAP_INTERPOL,
    WORLD,
    Handout,
    Seat,
    SeatRole,
    TileCount,
)


def team_name(i: int) -> str:
    return f"Team {i + 1}"


def seats_for(mode: PlayMode, players: int, named: int, teams: tuple[int, ...]) -> tuple[Seat, ...]:
    if mode is PlayMode.CUTTHROAT:
        res, doom, assets = (CUTTHROAT_RESOURCE_HANDS[players], CUTTHROAT_DOOMSDAY_HANDS[players],
                             GOODMAN_ASSETS[named])
        goodman = Seat("Goodman", SeatRole.GOODMAN, 1, 0, assets.faceless_henchmen,
                       assets.resources, assets.vp, res.goodman, doom.goodman)
        henchmen = tuple(Seat(f"Henchman {i}", SeatRole.HENCHMAN, 1, 1, 0, 0, 0,
                              res.per_henchman, doom.per_henchman) for i in range(1, named + 1))
        return (goodman, *henchmen)
    if mode is PlayMode.SYNDICATE:
        drawn = SYNDICATE_RESOURCE_FIRST_DRAW + SYNDICATE_RESOURCE_SECOND_DRAW
        return (Seat("Team", SeatRole.TEAM, players, named, MAX_NAMED_HENCHMEN - named, 0, 0,
                     drawn, 0),)
    k = named // len(teams)
    return tuple(Seat(team_name(i), SeatRole.TEAM, size, k, MAYHEM_FACELESS[k], k, 0,
                      RESOURCE_TILES // len(teams), DOOMSDAY_TILES // len(teams))
                 for i, size in enumerate(teams))


def resource_handout(mode: PlayMode, players: int, named: int,
                      teams: tuple[int, ...]) -> Handout:
    unused = RESOURCE_TILES - TILES_ON_WAR_MAP
    if mode is PlayMode.CUTTHROAT:
        hand = CUTTHROAT_RESOURCE_HANDS[players]
        dealt = _cutthroat_hands(named, hand.per_henchman, hand.goodman)
        # Each Henchman tithes one leftover tile to Goodman; everything else goes to the World.
        return Handout("resource-missions", RESOURCE_TILES, dealt, 0, 0, (),
                       (TileCount(MAP_INTERPOL, TILES_ON_WAR_MAP),
                        TileCount(GOODMAN_VAULT, named), TileCount(WORLD, unused - named)),
                       hand.provenance, hand.note)
    if mode is PlayMode.SYNDICATE:
        drawn = SYNDICATE_RESOURCE_FIRST_DRAW + SYNDICATE_RESOURCE_SECOND_DRAW
        return Handout("resource-missions", RESOURCE_TILES, (TileCount("Team", drawn),), 0,
                       RESOURCE_TILES - drawn, (TileCount("Team", TILES_ON_WAR_MAP),),
                       (TileCount(MAP_INTERPOL, TILES_ON_WAR_MAP),
                        TileCount(COMMUNAL_VAULT, SYNDICATE_RESOURCE_VAULT),
                        TileCount(WORLD, SYNDICATE_RESOURCE_WORLD)),
                       *mark("setup-resource-missions", "syndicate"))
    share, placed, vault, world = mayhem_resource_numbers(len(teams))
    names = [team_name(i) for i in range(len(teams))]
    return Handout("resource-missions", RESOURCE_TILES,
                   tuple(TileCount(n, share) for n in names), 0, 0,
                   tuple(TileCount(n, placed) for n in names),
                   (TileCount(MAP_INTERPOL, TILES_ON_WAR_MAP),
                    *(TileCount(f"{n}'s Vault", vault) for n in names),
                    TileCount(WORLD, world * len(teams))),
                   *mark("setup-resource-missions", "mayhem"))


def mayhem_resource_numbers(teams: int) -> tuple[int, int, int, int]:
    """Per team: tiles received, placed on the map, kept in the Vault, sent to the World."""
    share = RESOURCE_TILES // teams
    placed = TILES_ON_WAR_MAP // teams
    left = share - placed
    return share, placed, left // 2, left - left // 2


def mayhem_doomsday_numbers(teams: int) -> tuple[int, int, int, int]:
    """Per team: tiles received, added to the pile, kept in the Vault, sent to the World."""
    share = DOOMSDAY_TILES // teams
    pile = TILES_ON_WAR_MAP // teams
    kept = MAYHEM_DOOMSDAY_KEPT_PER_TEAM
    return share, pile, kept, share - pile - kept


def _cutthroat_hands(named: int, per_henchman: int, goodman: int) -> tuple[TileCount, ...]:
    henchmen = tuple(TileCount(f"Henchman {i}", per_henchman) for i in range(1, named + 1))
    return (TileCount("Goodman", goodman), *henchmen)


def doomsday_handout(mode: PlayMode, players: int, named: int,
                      teams: tuple[int, ...]) -> Handout:
    if mode is PlayMode.CUTTHROAT:
        hand = CUTTHROAT_DOOMSDAY_HANDS[players]
        dealt = _cutthroat_hands(named, hand.per_henchman, hand.goodman)
        left = DOOMSDAY_TILES - TILES_ON_WAR_MAP
        return Handout("doomsday-missions", DOOMSDAY_TILES, dealt, hand.extra, 0, (),
                       (TileCount(MAP_CIA, TILES_ON_WAR_MAP, True),
                        TileCount(GOODMAN_VAULT, GOODMAN_DOOMSDAY_VAULT_CAP),
                        TileCount(WORLD, left - GOODMAN_DOOMSDAY_VAULT_CAP, True)),
                       hand.provenance, hand.note)
    if mode is PlayMode.SYNDICATE:
        return Handout("doomsday-missions", DOOMSDAY_TILES, (), 0, DOOMSDAY_TILES, (),
                       (TileCount(MAP_CIA, TILES_ON_WAR_MAP, True),
                        TileCount(WORLD, SYNDICATE_DOOMSDAY_WORLD, True),
                        TileCount(COMMUNAL_VAULT, SYNDICATE_DOOMSDAY_VAULT)),
                       *mark("setup-doomsday-missions", "syndicate"))
    share, pile, kept, world = mayhem_doomsday_numbers(len(teams))
    names = [team_name(i) for i in range(len(teams))]
    return Handout("doomsday-missions", DOOMSDAY_TILES,
                   tuple(TileCount(n, share) for n in names), 0, 0,
                   tuple(TileCount(n, pile) for n in names),
                   (TileCount(MAP_CIA, TILES_ON_WAR_MAP, True),
                    *(TileCount(f"{n}'s Vault", kept) for n in names),
                    TileCount(WORLD, world * len(teams), True)),
                   *mark("setup-doomsday-missions", "mayhem"))
