"""Tomorrow Dies Today setup: the whole checklist for a mode and player count.

`setup_for(...)` returns a frozen `Setup` (plain data the printables and phone pages reuse);
`deal_for(setup, seed)` hands out the named tiles reproducibly; `SETUP` is the Operation the
API serves. The tables live in setup_data.py; this module checks the inputs against the
rules and writes the steps. Sections cited are from the rulebook's "Setting Up and Goals".
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Form, Integer, IntList, OneOf, Text

from . import components
from .modes import MAX_TRIGGERS, MAYHEM_TEAMS, MODE_TITLES, PLAYERS, PlayMode
from .setup_data import (
    CLOCK_N_NOTE,
    CLOCK_START,
    CUTTHROAT_DOOMSDAY_HANDS,
    CUTTHROAT_RESOURCE_HANDS,
    DIRECTIVES_FACE_UP,
    DOOMSDAY_TILES,
    FACELESS_TYPES,
    GADGETS_IN_R_AND_D,
    GOODMAN_ASSETS,
    GOODMAN_DOOMSDAY_VAULT_CAP,
    HIGH_ALERT_ON_INTERPOL,
    MAX_NAMED_HENCHMEN,
    MAYHEM_DOOMSDAY_KEPT_PER_TEAM,
    MAYHEM_FACELESS,
    MAYHEM_FACELESS_NOTE,
    RESOURCE_TILES,
    RESOURCE_TYPES,
    SIDE_JOBS_DRAWN,
    SIDE_JOBS_KEPT,
    SIDE_JOBS_NAMED,
    SYNDICATE_DOOMSDAY_VAULT,
    SYNDICATE_DOOMSDAY_WORLD,
    SYNDICATE_RESOURCE_FIRST_DRAW,
    SYNDICATE_RESOURCE_SECOND_DRAW,
    SYNDICATE_RESOURCE_VAULT,
    SYNDICATE_RESOURCE_WORLD,
    TILES_ON_WAR_MAP,
    GoodmanAssets,
)

__all__ = ["SETUP", "Deal", "Handout", "Pile", "PlayMode", "Seat", "SeatRole", "Setup",
           "SetupStep", "TileCount", "deal_for", "default_teams", "setup_for"]

Number = int | bool | tuple[int, ...]

S_SETUP = "Setup"
S_PICK = "Pick Characters"
S_VAULT = "Syndicate: Communal Vault"
S_ROSTER = "Syndicate: Building the Base"
S_RESOURCE = "Resource Missions and the Interpol Agent"
S_DOOMSDAY = "Doomsday Missions and the CIA Agent"
S_BASE = "Henchmen Base Tiles"
S_GOODMAN = "General Goodman's Starting Assets"
S_START = "Henchmen Starting Resources and Objectives"
S_TRACKS = "Bolthole, Technology Track, Doomsday Clock and Global Events"

RULEBOOK = Provenance.RULEBOOK
DERIVED = Provenance.DERIVED
HOUSE = Provenance.HOUSE
UNKNOWN = Provenance.UNKNOWN


class SeatRole(StrEnum):
    GOODMAN = "goodman"
    """Cutthroat's General Goodman: no miniature, holds the starting assets."""
    HENCHMAN = "henchman"
    """A Cutthroat player running one Named Henchman."""
    TEAM = "team"
    """Syndicate's single team, or one Mayhem team."""


@dataclass(frozen=True)
class Seat:
    """Who sits where, what they start with and how many tiles they are dealt."""

    name: str
    role: SeatRole
    players: int
    named_henchmen: int
    faceless_henchmen: int
    resources: int
    """Resources of the seat's own choice."""
    vp: int
    resource_tiles: int
    """Resource Mission tiles handed to this seat during setup."""
    doomsday_tiles: int
    """Doomsday Mission tiles handed to this seat (5-player Cutthroat: before the 2 extra)."""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "role": self.role.value, "players": self.players,
                "named_henchmen": self.named_henchmen,
                "faceless_henchmen": self.faceless_henchmen, "resources": self.resources,
                "vp": self.vp, "resource_tiles": self.resource_tiles,
                "doomsday_tiles": self.doomsday_tiles}


@dataclass(frozen=True)
class TileCount:
    """A number of tiles at one place (a seat's hand, the War Map, a Vault, the World)."""

    where: str
    tiles: int
    face_down: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"where": self.where, "tiles": self.tiles, "face_down": self.face_down}


@dataclass(frozen=True)
class Handout:
    """One hand-out (Resource or Doomsday Missions): who gets tiles and where all end up.

    Invariants: sum(dealt) + extra + undealt == total, sum(ends) == total, six on the map.
    """

    kind: str
    total: int
    dealt: tuple[TileCount, ...]
    """Tiles handed to seats to choose from."""
    extra: int
    """Tiles for seats the rulebook no longer names (one each; 5-player Cutthroat Doomsday)."""
    undealt: int
    """Tiles that go straight to the War Map, a Vault or the World without a seat choosing."""
    placed_by: tuple[TileCount, ...]
    """How many tiles each seat puts on the War Map, where the rulebook fixes it."""
    ends: tuple[TileCount, ...]
    """Where every tile is once setup is done."""
    provenance: Provenance
    note: str

    @property
    def on_war_map(self) -> int:
        return sum(t.tiles for t in self.ends if t.where.startswith("War Map"))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "total": self.total,
                "dealt": [t.to_json() for t in self.dealt], "extra": self.extra,
                "undealt": self.undealt, "placed_by": [t.to_json() for t in self.placed_by],
                "ends": [t.to_json() for t in self.ends],
                "provenance": self.provenance.value, "note": self.note}


@dataclass(frozen=True)
class SetupStep:
    """One item of the setup checklist."""

    id: str
    title: str
    text: str
    rule: str
    section: str
    numbers: Mapping[str, Number] = field(default_factory=dict)
    key: str | None = None
    """The entry of `numbers` that best sums the step up (shown as the Step value)."""
    provenance: Provenance = RULEBOOK
    note: str = ""

    def to_json(self, order: int) -> dict[str, Any]:
        return {"id": self.id, "order": order, "title": self.title, "text": self.text,
                "numbers": {k: list(v) if isinstance(v, tuple) else v
                            for k, v in self.numbers.items()},
                "rule": self.rule, "section": self.section,
                "provenance": self.provenance.value, "note": self.note}

    def explain(self) -> Step:
        raw = self.numbers.get(self.key) if self.key else None
        value = ", ".join(str(v) for v in raw) if isinstance(raw, tuple) else raw
        return Step(f"{self.title}: {self.text}", value, self.rule, self.provenance, self.note)


@dataclass(frozen=True)
class Setup:
    mode: PlayMode
    players: int
    named_henchmen: int
    """N, the Named Henchmen in play."""
    teams: tuple[int, ...]
    """Mayhem: players per team. Empty in the other modes."""
    henchmen_per_team: int | None
    """Mayhem: the equal number of Named Henchmen each team fields."""
    global_events: bool
    """Global Events in use (always in Syndicate)."""
    clock_start: int
    global_event_at_start: bool
    goodman: GoodmanAssets | None
    seats: tuple[Seat, ...]
    resource_missions: Handout
    doomsday_missions: Handout
    defaults: tuple[str, ...]
    """What we filled in for inputs left out, in words."""
    steps: tuple[SetupStep, ...] = ()


@dataclass(frozen=True)
class Pile:
    """Named tiles at one place in a dealt setup."""

    holder: str
    tiles: tuple[str, ...]
    face_down: bool = False
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"holder": self.holder, "tiles": list(self.tiles), "face_down": self.face_down,
                "note": self.note}


@dataclass(frozen=True)
class Deal:
    seed: str
    resource_missions: tuple[Pile, ...]
    doomsday_missions: tuple[Pile, ...]
    players_choose: tuple[str, ...]
    """The parts of the procedure a deal cannot do for the players."""

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed,
                "resource_missions": [p.to_json() for p in self.resource_missions],
                "doomsday_missions": [p.to_json() for p in self.doomsday_missions],
                "players_choose": list(self.players_choose),
                "provenance": Provenance.COMMUNITY.value,
                "note": components.SOURCE_NOTE}


# ---------------------------------------------------------------- input checks

def _mode(value: PlayMode | str) -> PlayMode:
    try:
        return PlayMode(value)
    except ValueError:
        raise InvalidInput("mode", f"There is no mode {value!r}.",
                           ", ".join(m.value for m in PlayMode)) from None


def _check_players(mode: PlayMode, players: int) -> None:
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


def _check_teams(players: int, teams: tuple[int, ...]) -> None:
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


def _check_named_henchmen(mode: PlayMode, players: int, teams: tuple[int, ...],
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


# ---------------------------------------------------------------- the model

def setup_for(mode: PlayMode | str, players: int, named_henchmen: int | None = None,
              teams: Sequence[int] | None = None, global_events: bool = False) -> Setup:
    """The full setup for a mode and player count. Raises InvalidInput outside the rules."""
    play = _mode(mode)
    title = MODE_TITLES[play]
    if teams and play is not PlayMode.MAYHEM:
        raise InvalidInput("teams", f"Teams are set only in Mayhem; {title} has none. Leave "
                           f"teams out.", "only in mode mayhem")
    if named_henchmen is not None and play is PlayMode.CUTTHROAT:
        raise InvalidInput("named_henchmen", "In Cutthroat one player is Goodman and every "
                           "other player runs one Named Henchman, so the number follows from "
                           "the players. Leave named_henchmen out.",
                           "only in mode syndicate or mayhem")
    _check_players(play, players)
    defaults: list[str] = []
    team_sizes: tuple[int, ...] = ()
    per_team: int | None = None
    if play is PlayMode.CUTTHROAT:
        named = players - 1
    elif play is PlayMode.SYNDICATE:
        named = players if named_henchmen is None else named_henchmen
        if named_henchmen is None:
            defaults.append(f"named_henchmen not given: one Named Henchman per player, "
                            f"N = {named}.")
        _check_named_henchmen(play, players, (), named)
    else:
        if teams:
            team_sizes = tuple(teams)
        else:
            team_sizes = default_teams(players)
            defaults.append(f"teams not given: we split {players} players as "
                            f"{list(team_sizes)} (the fewest equal teams where each player "
                            f"runs one Named Henchman; 5 players: 3 + 2).")
        _check_teams(players, team_sizes)
        if named_henchmen is None:
            named = max(team_sizes) * len(team_sizes)
            defaults.append(f"named_henchmen not given: each team fields {max(team_sizes)}, "
                            f"the fewest that give every player one, so N = {named}.")
        else:
            named = named_henchmen
        _check_named_henchmen(play, players, team_sizes, named)
        per_team = named // len(team_sizes)
    events = global_events or play is PlayMode.SYNDICATE
    clock = CLOCK_START[play][named]
    setup = Setup(
        mode=play, players=players, named_henchmen=named, teams=team_sizes,
        henchmen_per_team=per_team, global_events=events, clock_start=clock,
        global_event_at_start=events and clock % 2 == 0,
        goodman=GOODMAN_ASSETS[named] if play is PlayMode.CUTTHROAT else None,
        seats=_seats(play, players, named, team_sizes),
        resource_missions=_resource_handout(play, players, named, team_sizes),
        doomsday_missions=_doomsday_handout(play, players, named, team_sizes),
        defaults=tuple(defaults))
    return replace(setup, steps=_steps(setup))


def _team_name(i: int) -> str:
    return f"Team {i + 1}"


def _seats(mode: PlayMode, players: int, named: int, teams: tuple[int, ...]) -> tuple[Seat, ...]:
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
    return tuple(Seat(_team_name(i), SeatRole.TEAM, size, k, MAYHEM_FACELESS[k], k, 0,
                      RESOURCE_TILES // len(teams), DOOMSDAY_TILES // len(teams))
                 for i, size in enumerate(teams))


MAP_INTERPOL = "War Map (around Interpol HQ)"
MAP_CIA = "War Map (around CIA HQ)"
WORLD = "World"
GOODMAN_VAULT = "Goodman's Vault"
COMMUNAL_VAULT = "Communal Vault"


def _resource_handout(mode: PlayMode, players: int, named: int,
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
                       RULEBOOK, "Draw 9, place 6, draw 3 more: 6 + 6 + 6 = 18.")
    share, placed, vault, world = _mayhem_resource_numbers(len(teams))
    names = [_team_name(i) for i in range(len(teams))]
    return Handout("resource-missions", RESOURCE_TILES,
                   tuple(TileCount(n, share) for n in names), 0, 0,
                   tuple(TileCount(n, placed) for n in names),
                   (TileCount(MAP_INTERPOL, TILES_ON_WAR_MAP),
                    *(TileCount(f"{n}'s Vault", vault) for n in names),
                    TileCount(WORLD, world * len(teams))),
                   DERIVED, _mayhem_resource_note(len(teams)))


def _mayhem_resource_numbers(teams: int) -> tuple[int, int, int, int]:
    """Per team: tiles received, placed on the map, kept in the Vault, sent to the World."""
    share = RESOURCE_TILES // teams
    placed = TILES_ON_WAR_MAP // teams
    left = share - placed
    return share, placed, left // 2, left - left // 2


def _mayhem_resource_note(teams: int) -> str:
    share, placed, vault, world = _mayhem_resource_numbers(teams)
    return (f"The rulebook gives the steps, not the counts. With {teams} teams: 18 / {teams} = "
            f"{share} tiles each; turns alternate until 6 are down, so {placed} each; half of "
            f"the {share - placed} left ({vault}) to the team's Vault, {world} to the World.")


def _mayhem_doomsday_numbers(teams: int) -> tuple[int, int, int, int]:
    """Per team: tiles received, added to the pile, kept in the Vault, sent to the World."""
    share = DOOMSDAY_TILES // teams
    pile = TILES_ON_WAR_MAP // teams
    kept = MAYHEM_DOOMSDAY_KEPT_PER_TEAM
    return share, pile, kept, share - pile - kept


def _mayhem_doomsday_note(teams: int) -> str:
    share, pile, kept, world = _mayhem_doomsday_numbers(teams)
    return (f"The rulebook gives the steps, not the counts. With {teams} teams: 12 / {teams} = "
            f"{share} tiles each; equal shares of the pile of 6 are {pile} each; each keeps "
            f"{kept} and sends {world} to the World.")


def _cutthroat_hands(named: int, per_henchman: int, goodman: int) -> tuple[TileCount, ...]:
    henchmen = tuple(TileCount(f"Henchman {i}", per_henchman) for i in range(1, named + 1))
    return (TileCount("Goodman", goodman), *henchmen)


def _doomsday_handout(mode: PlayMode, players: int, named: int,
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
                       RULEBOOK, "All at random: 6 + 3 + 3 = 12.")
    share, pile, kept, world = _mayhem_doomsday_numbers(len(teams))
    names = [_team_name(i) for i in range(len(teams))]
    return Handout("doomsday-missions", DOOMSDAY_TILES,
                   tuple(TileCount(n, share) for n in names), 0, 0,
                   tuple(TileCount(n, pile) for n in names),
                   (TileCount(MAP_CIA, TILES_ON_WAR_MAP, True),
                    *(TileCount(f"{n}'s Vault", kept) for n in names),
                    TileCount(WORLD, world * len(teams), True)),
                   DERIVED, _mayhem_doomsday_note(len(teams)))


# ---------------------------------------------------------------- the checklist

def _steps(s: Setup) -> tuple[SetupStep, ...]:
    steps: list[SetupStep] = [*_table_steps(s), *_character_steps(s), *_resource_steps(s),
                              *_doomsday_steps(s), _base_step(s)]
    if s.goodman is not None:
        steps.append(_goodman_step(s.named_henchmen, s.goodman))
    steps.extend(_objective_steps(s))
    steps.extend(_track_steps(s))
    return tuple(steps)


def _table_steps(s: Setup) -> list[SetupStep]:
    mayhem = s.mode is PlayMode.MAYHEM
    lair = ("Leave Goodman's Lair out: Mayhem has no Lair (it is removed when characters "
            "are picked)." if mayhem else "Add Goodman's Lair, keeping it away from both HQs.")
    return [
        SetupStep("war-map", "War Map", "Clear the middle of the table: the tiles laid out "
                  "there form the War Map.", "setup-war-map", S_SETUP),
        SetupStep("lair-and-hqs", "Lair and Agent HQs",
                  f"Lay the Interpol HQ and CIA HQ tiles on the War Map, well apart. {lair}",
                  "setup-war-map", S_SETUP,
                  {"agent_hqs": 2, "goodmans_lair": 0 if mayhem else 1}, "agent_hqs"),
        SetupStep("high-alert", "High Alert", "Put a High Alert token on Interpol HQ.",
                  "setup-war-map", S_SETUP, {"high_alert_tokens": HIGH_ALERT_ON_INTERPOL},
                  "high_alert_tokens"),
        SetupStep("r-and-d", "R&D", f"Mark out an R&D area and turn {GADGETS_IN_R_AND_D} "
                  "Gadget cards face up in it.", "setup-war-map", S_SETUP,
                  {"gadgets": GADGETS_IN_R_AND_D}, "gadgets"),
        SetupStep("directives", "Directives", f"Mark out a Directives area and turn "
                  f"{DIRECTIVES_FACE_UP} Goodman Directives face up in it.", "setup-war-map",
                  S_SETUP, {"directives": DIRECTIVES_FACE_UP}, "directives"),
        SetupStep("world", "The World",
                  f"Set aside an area off the map as the World and stock it with the "
                  f"{len(RESOURCE_TYPES)} Resources ({', '.join(RESOURCE_TYPES)}) and the "
                  f"{len(FACELESS_TYPES)} kinds of Faceless Henchmen "
                  f"({', '.join(FACELESS_TYPES)}).", "setup-war-map", S_SETUP,
                  {"resource_types": len(RESOURCE_TYPES), "faceless_types": len(FACELESS_TYPES)}),
        SetupStep("first-pick", "Who picks first", "Settle who chooses a character first: "
                  "roll a die, or hand it to the best evil laugh.", "pick-characters", S_SETUP),
    ]


def _character_steps(s: Setup) -> list[SetupStep]:
    n, p = s.named_henchmen, s.players
    if s.mode is PlayMode.CUTTHROAT:
        return [
            SetupStep("team-leader", "Team Leader", "Goodman hands the Team Leader token to "
                      "the Henchman who leads first.", "pick-characters", S_PICK),
            SetupStep("characters", "Characters",
                      f"One player must take General Goodman: he has no miniature and forms "
                      f"no Squads, working only through his Henchmen. The other {n} players "
                      f"pick one Named Henchman each.", "goodman-role", S_PICK,
                      {"goodman": 1, "named_henchmen": n}, "named_henchmen"),
        ]
    leader = SetupStep("team-leader", "Team Leader", "Whoever committed a crime most "
                       "recently takes the Team Leader token; law-abiding tables roll a die.",
                       "pick-characters", S_PICK)
    if s.mode is PlayMode.SYNDICATE:
        extra = n - p
        more = (f" {extra} of them are run by players who take a second (or more) Henchman; "
                "decide who." if extra else "")
        return [
            leader,
            SetupStep("characters", "Characters",
                      f"Each player picks a Named Henchman; for a harder game a player may "
                      f"run more than one. {n} Named Henchmen are in play for {p} "
                      f"players.{more}", "pick-characters", S_PICK,
                      {"players": p, "named_henchmen": n}, "named_henchmen"),
            SetupStep("communal-vault", "Communal Vault", "Mark out a Communal Vault for the "
                      "team: Tithe to Goodman puts Resources in, Requisition Resources takes "
                      "them out, and effects aimed at a Henchman's Vault leave it alone.",
                      "syndicate-communal-vault", S_VAULT),
            SetupStep("fill-roster", "Fill the roster",
                      f"With {n} of {MAX_NAMED_HENCHMEN} Named Henchmen in play, the team chooses "
                      f"{MAX_NAMED_HENCHMEN - n} more to complete the roster. They start out of "
                      f"play; Plotting can hire them later.", "syndicate-building-the-base",
                      S_ROSTER, {"in_play": n, "roster_extra": MAX_NAMED_HENCHMEN - n},
                      "roster_extra"),
        ]
    k = s.henchmen_per_team or 0
    split = " + ".join(str(t) for t in s.teams)
    return [
        leader,
        SetupStep("characters", "Teams and characters",
                  f"Form {len(s.teams)} teams ({split} players). Going back and forth between "
                  f"teams, each picks {k} Named Henchmen: {n} in play, never more than "
                  f"{MAX_NAMED_HENCHMEN}. A player may run several; each Henchman counts as a "
                  f"player when the Team Leader token passes and for turn order.",
                  "pick-characters", S_PICK,
                  {"teams": len(s.teams), "players_per_team": s.teams,
                   "named_henchmen_per_team": k, "named_henchmen": n},
                  "named_henchmen_per_team", HOUSE if s.defaults else RULEBOOK,
                  " ".join(s.defaults)),
    ]


def _resource_steps(s: Setup) -> list[SetupStep]:
    h = s.resource_missions
    agent = SetupStep("interpol-agent", "Interpol Agent", "Stand the Interpol Agent on "
                      "whichever Resource Mission went onto the War Map first.",
                      "setup-resource-missions", S_RESOURCE)
    if s.mode is PlayMode.CUTTHROAT:
        hand = CUTTHROAT_RESOURCE_HANDS[s.players]
        n = s.named_henchmen
        return [
            SetupStep("resource-deal", "Deal Resource Missions",
                      f"Shuffle the {RESOURCE_TILES} Resource Mission tiles and deal "
                      f"{hand.per_henchman} to each Henchman and {hand.goodman} to Goodman.",
                      "setup-resource-missions", S_RESOURCE,
                      {"total": RESOURCE_TILES, "per_henchman": hand.per_henchman,
                       "goodman": hand.goodman}, "per_henchman", hand.provenance, hand.note),
            SetupStep("resource-place", "Place Resource Missions",
                      f"Everyone may show their tiles and bargain. Then {TILES_ON_WAR_MAP} go "
                      f"around Interpol HQ, one at a time, clockwise around the table and on "
                      f"round again until all {TILES_ON_WAR_MAP} are down.",
                      "setup-resource-missions", S_RESOURCE,
                      {"placed": TILES_ON_WAR_MAP}, "placed", UNKNOWN,
                      "The placement-order column lost its icons in the OCR (it reads "
                      "'clockwise around the table, then ... again'), so who places the "
                      "tiles after the first lap is the table's call."),
            SetupStep("resource-leftovers", "Leftover Resource Missions",
                      f"Goodman returns his unplaced tiles to the World. Each Henchman tithes "
                      f"one unplaced tile to Goodman's Vault and returns the rest to the "
                      f"World. That leaves {TILES_ON_WAR_MAP} on the War Map, {n} in Goodman's "
                      f"Vault and {RESOURCE_TILES - TILES_ON_WAR_MAP - n} in the World.",
                      "setup-resource-missions", S_RESOURCE, _ends_numbers(h),
                      "goodman_vault", DERIVED,
                      f"The end counts follow from one tithed tile per Henchman: "
                      f"{RESOURCE_TILES} - {TILES_ON_WAR_MAP} placed = "
                      f"{RESOURCE_TILES - TILES_ON_WAR_MAP} left, {n} to Goodman."),
            agent,
        ]
    if s.mode is PlayMode.SYNDICATE:
        return [
            SetupStep("resource-deal", "Draw Resource Missions",
                      f"Shuffle the {RESOURCE_TILES} Resource Mission tiles; the team draws "
                      f"{SYNDICATE_RESOURCE_FIRST_DRAW}.", "setup-resource-missions", S_RESOURCE,
                      {"total": RESOURCE_TILES, "first_draw": SYNDICATE_RESOURCE_FIRST_DRAW},
                      "first_draw"),
            SetupStep("resource-place", "Place Resource Missions",
                      f"The team chooses {TILES_ON_WAR_MAP} of them and places them around "
                      f"Interpol HQ.", "setup-resource-missions", S_RESOURCE,
                      {"placed": TILES_ON_WAR_MAP,
                       "kept_back": SYNDICATE_RESOURCE_FIRST_DRAW - TILES_ON_WAR_MAP},
                      "placed"),
            SetupStep("resource-leftovers", "Leftover Resource Missions",
                      f"Draw {SYNDICATE_RESOURCE_SECOND_DRAW} more. These and the "
                      f"{SYNDICATE_RESOURCE_FIRST_DRAW - TILES_ON_WAR_MAP} not placed go to the "
                      f"Communal Vault ({SYNDICATE_RESOURCE_VAULT}); the last "
                      f"{SYNDICATE_RESOURCE_WORLD} go to the World.",
                      "setup-resource-missions", S_RESOURCE,
                      {"second_draw": SYNDICATE_RESOURCE_SECOND_DRAW, **_ends_numbers(h)},
                      "communal_vault", RULEBOOK, h.note),
            agent,
        ]
    t = len(s.teams)
    share, placed, vault, world = _mayhem_resource_numbers(t)
    return [
        SetupStep("resource-deal", "Split Resource Missions",
                  f"Shuffle the {RESOURCE_TILES} Resource Mission tiles and split them evenly: "
                  f"{share} to each of the {t} teams.", "setup-resource-missions", S_RESOURCE,
                  {"total": RESOURCE_TILES, "per_team": share}, "per_team", DERIVED,
                  f"{RESOURCE_TILES} / {t} = {share}."),
        SetupStep("resource-place", "Place Resource Missions",
                  f"After talking it over, the teams take turns placing a tile around Interpol "
                  f"HQ, the Team Leader's team first, until {TILES_ON_WAR_MAP} are down: "
                  f"{placed} per team.", "setup-resource-missions", S_RESOURCE,
                  {"placed": TILES_ON_WAR_MAP, "per_team": placed}, "per_team", DERIVED,
                  f"Alternating turns over {TILES_ON_WAR_MAP} tiles give each of {t} teams "
                  f"{TILES_ON_WAR_MAP} / {t} = {placed}."),
        SetupStep("resource-leftovers", "Leftover Resource Missions",
                  f"Each team puts half of its {share - placed} unplaced tiles ({vault}) in its "
                  f"Vault and returns {world} to the World.", "setup-resource-missions",
                  S_RESOURCE, {"per_team_vault": vault, "per_team_world": world,
                               **_ends_numbers(h)}, "per_team_vault", DERIVED, h.note),
        agent,
    ]


def _ends_numbers(h: Handout) -> dict[str, Number]:
    out: dict[str, Number] = {"war_map": TILES_ON_WAR_MAP, "world": 0}
    for end in h.ends:
        if end.where == WORLD:
            out["world"] = end.tiles
        elif end.where == GOODMAN_VAULT:
            out["goodman_vault"] = end.tiles
        elif end.where == COMMUNAL_VAULT:
            out["communal_vault"] = end.tiles
    return out


def _doomsday_steps(s: Setup) -> list[SetupStep]:
    h = s.doomsday_missions
    agent = SetupStep("cia-agent", "CIA Agent", "Stand the CIA Agent on the CIA HQ tile. "
                      "Doomsday Missions in the World stay face down unless an ability, event "
                      "or Gadget lets someone look.", "setup-doomsday-missions", S_DOOMSDAY)
    if s.mode is PlayMode.CUTTHROAT:
        hand = CUTTHROAT_DOOMSDAY_HANDS[s.players]
        extra = (f" Then {hand.extra} seats get one more each; the icons naming them were lost, "
                 f"so agree which." if hand.extra else "")
        left = DOOMSDAY_TILES - TILES_ON_WAR_MAP
        return [
            agent,
            SetupStep("doomsday-deal", "Deal Doomsday Missions",
                      f"Shuffle the {DOOMSDAY_TILES} Doomsday Mission tiles and deal "
                      f"{hand.per_henchman} to each Henchman and {hand.goodman} to Goodman."
                      f"{extra}", "setup-doomsday-missions", S_DOOMSDAY,
                      {"total": DOOMSDAY_TILES, "per_henchman": hand.per_henchman,
                       "goodman": hand.goodman, "extra": hand.extra}, "per_henchman",
                      hand.provenance, hand.note),
            SetupStep("doomsday-pile", "Build the Doomsday pile",
                      f"After bargaining, seats add tiles face down to one pile, one at a time, "
                      f"clockwise and round again, until it holds {TILES_ON_WAR_MAP}. Shuffle "
                      f"the pile and lay its tiles face down around CIA HQ.",
                      "setup-doomsday-missions", S_DOOMSDAY, {"pile": TILES_ON_WAR_MAP},
                      "pile", UNKNOWN,
                      "The placement-order column lost its icons in the OCR, so who adds the "
                      "tiles after the first lap is the table's call."),
            SetupStep("doomsday-leftovers", "Leftover Doomsday Missions",
                      f"Goodman sends his own unplaced tiles to the World, then takes every "
                      f"Henchman's unplaced tiles into his Vault, keeping "
                      f"{GOODMAN_DOOMSDAY_VAULT_CAP} and sending the rest to the World. That "
                      f"leaves {TILES_ON_WAR_MAP} around CIA HQ, {GOODMAN_DOOMSDAY_VAULT_CAP} in "
                      f"Goodman's Vault and {left - GOODMAN_DOOMSDAY_VAULT_CAP} in the World.",
                      "setup-doomsday-missions", S_DOOMSDAY, _ends_numbers(h), "goodman_vault",
                      DERIVED,
                      f"{DOOMSDAY_TILES} - {TILES_ON_WAR_MAP} = {left} are left; the Henchmen "
                      f"hold at least {GOODMAN_DOOMSDAY_VAULT_CAP} of them whenever Goodman "
                      f"adds at least one tile to the pile, so his Vault fills to "
                      f"{GOODMAN_DOOMSDAY_VAULT_CAP}."),
        ]
    if s.mode is PlayMode.SYNDICATE:
        return [
            agent,
            SetupStep("doomsday-deal", "Doomsday Missions around CIA HQ",
                      f"Shuffle the {DOOMSDAY_TILES} Doomsday Mission tiles. Without looking, "
                      f"lay {TILES_ON_WAR_MAP} face down around CIA HQ.",
                      "setup-doomsday-missions", S_DOOMSDAY,
                      {"total": DOOMSDAY_TILES, "war_map": TILES_ON_WAR_MAP}, "war_map"),
            SetupStep("doomsday-leftovers", "Leftover Doomsday Missions",
                      f"Draw {SYNDICATE_DOOMSDAY_WORLD} more at random and put them face down "
                      f"in the World; the last {SYNDICATE_DOOMSDAY_VAULT} go to the Communal "
                      f"Vault.", "setup-doomsday-missions", S_DOOMSDAY, _ends_numbers(h),
                      "communal_vault", RULEBOOK, h.note),
        ]
    t = len(s.teams)
    share, pile, kept, world = _mayhem_doomsday_numbers(t)
    return [
        agent,
        SetupStep("doomsday-deal", "Split Doomsday Missions",
                  f"Shuffle the {DOOMSDAY_TILES} Doomsday Mission tiles and split them evenly: "
                  f"{share} to each of the {t} teams.", "setup-doomsday-missions", S_DOOMSDAY,
                  {"total": DOOMSDAY_TILES, "per_team": share}, "per_team", DERIVED,
                  f"{DOOMSDAY_TILES} / {t} = {share}."),
        SetupStep("doomsday-pile", "Build the Doomsday pile",
                  f"After talking it over, each team adds {pile} face down to a shared pile "
                  f"of {TILES_ON_WAR_MAP}. Shuffle it and lay the tiles face down around CIA HQ.",
                  "setup-doomsday-missions", S_DOOMSDAY,
                  {"pile": TILES_ON_WAR_MAP, "per_team": pile}, "per_team", DERIVED,
                  f"Equal shares of {TILES_ON_WAR_MAP}: {TILES_ON_WAR_MAP} / {t} = {pile}."),
        SetupStep("doomsday-leftovers", "Leftover Doomsday Missions",
                  f"Each team keeps {kept} of its {share - pile} remaining tiles in its Vault "
                  f"and puts the other {world} face down in the World.",
                  "setup-doomsday-missions", S_DOOMSDAY,
                  {"per_team_vault": kept, "per_team_world": world, **_ends_numbers(h)},
                  "per_team_vault", DERIVED, h.note),
    ]


def _base_step(s: Setup) -> SetupStep:
    n = s.named_henchmen
    if s.mode is PlayMode.CUTTHROAT:
        return SetupStep("base-tiles", "Base tiles",
                         f"Set the {n} Base tiles of the Henchmen in play around Goodman's Lair, "
                         f"each with its miniature, and fill the other {MAX_NAMED_HENCHMEN - n} "
                         f"sections with random Base tiles.", "setup-base-tiles", S_BASE,
                         {"chosen": n, "random": MAX_NAMED_HENCHMEN - n}, "random")
    if s.mode is PlayMode.SYNDICATE:
        return SetupStep("base-tiles", "Base tiles",
                         f"Set the Base tiles of all {MAX_NAMED_HENCHMEN} chosen Henchmen around "
                         f"Goodman's Lair ({n} in play, {MAX_NAMED_HENCHMEN - n} on the roster); "
                         f"miniatures go only on the tiles of the {n} in play.",
                         "setup-base-tiles", S_BASE,
                         {"in_play": n, "roster": MAX_NAMED_HENCHMEN - n}, "in_play")
    k = s.henchmen_per_team or 0
    return SetupStep("base-tiles", "Base tiles",
                     f"Once the rest of the War Map is laid out, each team sets its {k} Base "
                     f"tiles on it, each with its miniature; a team's tiles are its own Base.",
                     "setup-base-tiles", S_BASE, {"per_team": k}, "per_team", RULEBOOK,
                     "The rulebook points to a page ('see page XX') that was never filled in; "
                     "where on the map is the teams' choice.")


def _goodman_step(n: int, assets: GoodmanAssets) -> SetupStep:
    return SetupStep("goodman-assets", "Goodman's starting assets",
                     f"With {n} Named Henchmen in play, Goodman starts with {assets.resources} "
                     f"Resources of his choice, {assets.faceless_henchmen} Faceless Henchmen "
                     f"and {assets.vp} VP.", "setup-goodman-assets", S_GOODMAN,
                     {"named_henchmen": n, "resources": assets.resources,
                      "faceless_henchmen": assets.faceless_henchmen, "vp": assets.vp},
                     "resources")


def _objective_steps(s: Setup) -> list[SetupStep]:
    n = s.named_henchmen
    steps: list[SetupStep] = []
    if s.mode is PlayMode.CUTTHROAT:
        steps += [
            SetupStep("starting-henchmen", "Henchmen's starting supplies",
                      "The Henchmen start with no Faceless Henchmen or Resources of their own: "
                      "for both, the rulebook points to Goodman's starting assets, which he "
                      "holds and can pass on.", "setup-starting-henchmen", S_START,
                      {"faceless_henchmen": 0, "resources": 0}, None, DERIVED,
                      "The Cutthroat cells say only \"see General Goodman's Starting Assets\"; "
                      "we read that as: nothing dealt to the Henchmen directly."),
            SetupStep("doomsday-plan", "Doomsday Plan", "Goodman chooses his Doomsday Plan in "
                      "secret.", "setup-doomsday-plan", S_START),
            SetupStep("nefarious-plans", "Nefarious Plans",
                      f"Goodman draws {n} Nefarious Plans, one per Henchman, and gives each "
                      f"Henchman one; a Henchman named under a plan's Restriction cannot get "
                      f"it.", "setup-nefarious-plans", S_START, {"drawn": n, "per_henchman": 1},
                      "drawn"),
        ]
    elif s.mode is PlayMode.SYNDICATE:
        faceless = MAX_NAMED_HENCHMEN - n
        steps += [
            SetupStep("starting-henchmen", "Team's starting supplies",
                      f"The team starts with {MAX_NAMED_HENCHMEN} - {n} = {faceless} Faceless "
                      f"Henchmen and no Resources.", "setup-starting-henchmen", S_START,
                      {"faceless_henchmen": faceless, "resources": 0}, "faceless_henchmen"),
            SetupStep("doomsday-plan", "Doomsday Plan", "Draw a Doomsday Plan at random and "
                      "leave it face down beside the War Map.", "setup-doomsday-plan", S_START,
                      {"plans": 1}),
        ]
    else:
        k = s.henchmen_per_team or 0
        steps += [
            SetupStep("starting-henchmen", "Teams' starting supplies",
                      f"Each team (fielding {k} Named Henchmen) starts with "
                      f"{MAYHEM_FACELESS[k]} Faceless Henchmen, and each Named Henchman takes "
                      f"one Resource of its choice ({k} per team).", "setup-starting-henchmen",
                      S_START, {"named_henchmen_per_team": k,
                                "faceless_henchmen_per_team": MAYHEM_FACELESS[k],
                                "resources_per_team": k}, "faceless_henchmen_per_team",
                      DERIVED, MAYHEM_FACELESS_NOTE),
            SetupStep("nefarious-plans", "Nefarious Plans",
                      f"Deal out the Nefarious Plans evenly to the {len(s.teams)} teams"
                      f"{' (discard one first)' if len(s.teams) == 3 else ''}. Each team keeps "
                      f"one whose Restriction names none of its Henchmen.",
                      "setup-nefarious-plans", S_START,
                      {"kept_per_team": 1, "discarded": 1 if len(s.teams) == 3 else 0},
                      "kept_per_team", RULEBOOK,
                      "The glossary calls Nefarious Plans 'Cutthroat only', but the setup "
                      "table and Mayhem scoring both use them; we follow those."),
        ]
    steps.append(SetupStep(
        "side-jobs", "Side Jobs",
        f"Each Named Henchman takes the Side Job bearing its name, draws {SIDE_JOBS_DRAWN} more, "
        f"keeps {SIDE_JOBS_KEPT} of the {SIDE_JOBS_NAMED + SIDE_JOBS_DRAWN} and puts the rest "
        f"back; then shuffle the Side Job deck.", "setup-side-jobs", S_START,
        {"named": SIDE_JOBS_NAMED, "drawn": SIDE_JOBS_DRAWN, "kept": SIDE_JOBS_KEPT,
         "returned": SIDE_JOBS_NAMED + SIDE_JOBS_DRAWN - SIDE_JOBS_KEPT,
         "kept_in_play": SIDE_JOBS_KEPT * n}, "kept",
        RULEBOOK if s.mode is PlayMode.CUTTHROAT else DERIVED,
        "" if s.mode is PlayMode.CUTTHROAT else
        "The Side Jobs row is one cell across the columns, so we apply it to every mode; it "
        "says 'each player', and we count each Named Henchman, since the first job is the one "
        "with the Henchman's name."))
    return steps


def _track_steps(s: Setup) -> list[SetupStep]:
    n, clock = s.named_henchmen, s.clock_start
    title = MODE_TITLES[s.mode]
    bolthole_note = ("" if s.mode is PlayMode.CUTTHROAT else
                     "Lay it anyway as the setup says; nobody can betray in this mode "
                     "(Syndicate forbids it, Mayhem skips Tithe to Goodman, where betrayal "
                     "happens), so it stays empty.")
    if not s.global_events:
        event_text = ("Global Events are not in use (they are optional in Cutthroat and "
                      "Mayhem), so none starts active.")
    else:
        why = "mandatory in Syndicate" if s.mode is PlayMode.SYNDICATE else "chosen"
        parity = "even" if clock % 2 == 0 else "odd"
        outcome = ("reveal one Global Event now" if s.global_event_at_start
                   else "no Global Event starts active")
        event_text = f"Global Events are in use ({why}). The clock starts on {clock}, an " \
                     f"{parity} number, so {outcome}."
    ignored = s.mode is not PlayMode.CUTTHROAT
    consequence = {
        PlayMode.CUTTHROAT: "each one still active at the end costs 1 VP.",
        PlayMode.MAYHEM: "each one still active at the end costs its team 1 VP.",
        PlayMode.SYNDICATE: "the team cannot end the game while any Henchman has 3 or more "
                            "active.",
    }[s.mode]
    first = (" Skip the first trigger (it concerns the Team Leader; this mode ignores it)."
             if ignored else "")
    return [
        SetupStep("tracks", "Bolthole, Technology Track and Clock",
                  "Add three tiles to the War Map: the Betrayer's Bolthole between the "
                  "Resource and Doomsday Missions, the Technology Track between the Base and "
                  "the Resource Missions, and the Doomsday Clock between the Base and the "
                  "Doomsday Missions.", "setup-tracks", S_TRACKS, {"tiles": 3}, "tiles",
                  RULEBOOK, bolthole_note),
        SetupStep("clock-start", "Doomsday Clock",
                  f"{title} with {n} Named Henchmen in play: the Doomsday Marker starts on "
                  f"{clock}.", "doomsday-clock-start", S_TRACKS,
                  {"named_henchmen": n, "clock_start": clock}, "clock_start", RULEBOOK,
                  CLOCK_N_NOTE),
        SetupStep("global-event", "Global Event", event_text, "doomsday-clock-start", S_TRACKS,
                  {"in_use": s.global_events, "active_at_start": s.global_event_at_start},
                  "active_at_start", RULEBOOK,
                  "Syndicate always plays with Global Events, whatever the input says."
                  if s.mode is PlayMode.SYNDICATE else ""),
        SetupStep("betrayal-triggers", "Betrayal Triggers",
                  f"Each Named Henchman puts a token on every one of its Betrayal Triggers "
                  f"that is already active.{first} In {title}, {consequence}",
                  "setup-betrayal-triggers", S_TRACKS,
                  {"triggers": MAX_TRIGGERS,
                   "counted": MAX_TRIGGERS - 1 if ignored else MAX_TRIGGERS,
                   "team_leader_trigger_ignored": ignored}, "counted"),
    ]


# ---------------------------------------------------------------- the random deal

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
                          note="One each to the two seats your table picks; the rulebook's "
                               "icons naming them were lost."))
        at += handout.extra
    if at < len(tiles):
        piles.append(Pile(WORLD, tuple(tiles[at:])))
    return tuple(piles)


# ---------------------------------------------------------------- the Operation

def setup_json(s: Setup) -> dict[str, Any]:
    """The Operation's `result` for a Setup (without the deal)."""
    goodman = None if s.goodman is None else {
        "resources": s.goodman.resources, "faceless_henchmen": s.goodman.faceless_henchmen,
        "vp": s.goodman.vp}
    return {
        "mode": s.mode.value, "players": s.players, "named_henchmen": s.named_henchmen,
        "teams": list(s.teams) or None, "henchmen_per_team": s.henchmen_per_team,
        "global_events": s.global_events, "clock_start": s.clock_start,
        "global_event_at_start": s.global_event_at_start, "goodman": goodman,
        "seats": [seat.to_json() for seat in s.seats],
        "resource_missions": s.resource_missions.to_json(),
        "doomsday_missions": s.doomsday_missions.to_json(),
        "defaults": list(s.defaults),
        "steps": [step.to_json(i) for i, step in enumerate(s.steps, start=1)],
    }


def summary(s: Setup) -> str:
    title = MODE_TITLES[s.mode]
    who = {PlayMode.CUTTHROAT: f"Goodman + {s.named_henchmen} Named Henchmen",
           PlayMode.SYNDICATE: f"{s.named_henchmen} Named Henchmen",
           PlayMode.MAYHEM: f"teams {'+'.join(map(str, s.teams))}, "
                            f"{s.henchmen_per_team} Named "
                            f"Henchm{'a' if s.henchmen_per_team == 1 else 'e'}n each"}[s.mode]
    parts = [f"TDT {title}, {s.players} players ({who})",
             f"clock starts on {s.clock_start}"
             + (" with a Global Event" if s.global_event_at_start else "")]
    if s.goodman is not None:
        g = s.goodman
        parts.append(f"Goodman starts with {g.resources} Resources, "
                     f"{g.faceless_henchmen} Faceless Henchmen, {g.vp} VP")
    resource = (f"team draws {SYNDICATE_RESOURCE_FIRST_DRAW}, places {TILES_ON_WAR_MAP}, "
                f"then draws {SYNDICATE_RESOURCE_SECOND_DRAW}" if s.mode is PlayMode.SYNDICATE
                else _hands_in_words(s.resource_missions))
    parts.append(f"Resource Missions: {resource}")
    parts.append(f"Doomsday Missions: {_hands_in_words(s.doomsday_missions)}")
    return "; ".join(parts) + "."


def _hands_in_words(h: Handout) -> str:
    """A hand-out in a few words: "3 per Henchman, 6 to Goodman", "9 per team"."""
    if not h.dealt:
        return "dealt at random, none to players"
    words: list[str] = []
    for where, per in (("Henchman", "per Henchman"), ("Team ", "per team")):
        same = {t.tiles for t in h.dealt if t.where.startswith(where)}
        if len(same) == 1:
            words.append(f"{same.pop()} {per}")
    words += [f"{t.tiles} to {t.where}" for t in h.dealt
              if not t.where.startswith(("Henchman", "Team "))]
    if h.extra:
        words.append(f"+1 each for {h.extra} seats you agree on")
    return ", ".join(words)


def _optional_int(data: Mapping[str, Any], name: str) -> int | None:
    value = data.get(name)
    return None if value is None else int(value)


def run(data: Mapping[str, Any]) -> Explained:
    teams = data.get("teams") or None
    s = setup_for(str(data["mode"]), int(data["players"]),
                  named_henchmen=_optional_int(data, "named_henchmen"),
                  teams=None if teams is None else [int(t) for t in teams],
                  global_events=bool(data.get("global_events", False)))
    result = setup_json(s)
    seed = data.get("seed")
    if seed is not None and str(seed) != "":
        result["deal"] = deal_for(s, seed).to_json()
    return Explained(result, tuple(step.explain() for step in s.steps), summary(s))


FORM: Form = (
    OneOf("mode", "Which way to play.", tuple(m.value for m in PlayMode), required=True),
    # No bounds on players or teams here: the core's refusal names the mode's own range.
    Integer("players", "People at the table (Cutthroat 4-7, Syndicate 1-6, Mayhem 2-6).",
            required=True),
    Integer("named_henchmen", "Syndicate and Mayhem: Named Henchmen in play (1-6). Syndicate: "
            "at least one per player, default one each. Mayhem: equal per team, default the "
            "fewest that give every player one.", minimum=1, maximum=MAX_NAMED_HENCHMEN),
    IntList("teams", "Mayhem only: players per team, e.g. 2,2 or 1,1,1 (default: the fewest "
            "equal teams; 5 players: 3,2)."),
    Flag("global_events", "Play with Global Events (always on in Syndicate)."),
    Text("seed", "Optional: deal the named tiles at random; the same seed gives the same "
         "deal.", max_length=80),
)

SETUP = Operation(
    slug="setup",
    title="Setup",
    summary="The full setup checklist for a mode and player count: tile hand-outs, starting "
            "assets, the Doomsday Clock and more, with an optional seeded deal.",
    form=FORM,
    run=run,
    example={"mode": "cutthroat", "players": 5},
    rules=("setup-war-map", "pick-characters", "goodman-role", "syndicate-communal-vault",
           "syndicate-building-the-base", "setup-resource-missions", "setup-doomsday-missions",
           "setup-base-tiles", "setup-goodman-assets", "setup-starting-henchmen",
           "setup-doomsday-plan", "setup-nefarious-plans", "setup-side-jobs", "setup-tracks",
           "doomsday-clock-start", "setup-betrayal-triggers"),
)
