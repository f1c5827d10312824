"""Tomorrow Dies Today setup tables, as data.

Every number here is cited to its rulebook section ("Setting Up and Goals", pages 3-7).
Where the OCR lost part of a table (the Cutthroat hand-outs lost their icons), the value is
rebuilt from the rulebook's own totals (18 Resource Mission tiles, 12 Doomsday Mission tiles)
and marked `derived`, with the arithmetic as the note. setup.py turns these into a checklist.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from assistant.explain import Provenance

from .book import mark
from .modes import PlayMode

RESOURCE_TILES = 18
"""Resource Mission tiles in the box (Resource Missions and the Interpol Agent)."""
DOOMSDAY_TILES = 12
"""Doomsday Mission tiles in the box (implied by the Syndicate steps: 6 + 3 + 3)."""
TILES_ON_WAR_MAP = 6
"""Six Resource Missions go around Interpol HQ and six Doomsday Missions around CIA HQ."""
MAX_NAMED_HENCHMEN = 6
"""Base sections around Goodman's Lair; also Mayhem's cap on Named Henchmen in play."""
GADGETS_IN_R_AND_D = 3
DIRECTIVES_FACE_UP = 3
HIGH_ALERT_ON_INTERPOL = 1
RESOURCE_TYPES = ("Infamy", "Corruption", "Espionage", "Funding", "Data Cache")
FACELESS_TYPES = ("Soldier", "Assassin", "Thief", "Hacker", "Scientist", "Fixer")
SIDE_JOBS_NAMED = 1
"""Each Named Henchman starts with the Side Job that carries its name..."""
SIDE_JOBS_DRAWN = 4
"""...draws four more..."""
SIDE_JOBS_KEPT = 2
"""...and keeps two of the five."""
GOODMAN_DOOMSDAY_VAULT_CAP = 3
"""Cutthroat Doomsday hand-out, step 5: Goodman keeps at most three leftover tiles."""

# The Doomsday Marker's starting space by N, the Named Henchmen in play
# (the section on the Bolthole, Technology Track, Doomsday Clock and Global Events).
CLOCK_START: Mapping[PlayMode, Mapping[int, int]] = MappingProxyType({
    PlayMode.CUTTHROAT: MappingProxyType({3: 10, 4: 9, 5: 8, 6: 7}),
    PlayMode.SYNDICATE: MappingProxyType({1: 10, 2: 9, 3: 8, 4: 8, 5: 7, 6: 6}),
    PlayMode.MAYHEM: MappingProxyType({2: 6, 3: 6, 4: 6, 5: 6, 6: 6}),
})


@dataclass(frozen=True)
class GoodmanAssets:
    """Cutthroat: what General Goodman starts with, by Named Henchmen in play."""

    resources: int
    """Resources of Goodman's choice."""
    faceless_henchmen: int
    vp: int


# General Goodman's Starting Assets (Cutthroat only).
GOODMAN_ASSETS: Mapping[int, GoodmanAssets] = MappingProxyType({
    3: GoodmanAssets(12, 3, 2),
    4: GoodmanAssets(10, 2, 2),
    5: GoodmanAssets(10, 1, 3),
    6: GoodmanAssets(8, 0, 3),
})

# Mayhem starting Faceless Henchmen: "team of one 4, of two 3, of three 2" (Henchmen Starting
# Resources and Objectives). Our reading: k = the Named Henchmen the team fields, and the
# number is for the whole team (rules entry setup-starting-henchmen, reading per-team).
MAYHEM_FACELESS: Mapping[int, int] = MappingProxyType({1: 4, 2: 3, 3: 2})
@dataclass(frozen=True)
class CutthroatHand:
    """One row of a Cutthroat hand-out table: tiles dealt per seat."""

    entry: str
    """The rules entry whose reading `reading` says how the row is read."""
    per_henchman: int
    goodman: int
    extra: int
    """Tiles that go one each to seats the rulebook's icons name (5 players, Doomsday)."""
    reading: str

    @property
    def provenance(self) -> Provenance:
        return mark(self.entry, self.reading)[0]

    @property
    def note(self) -> str:
        return mark(self.entry, self.reading)[1]


# The Cutthroat Resource Mission table (from the Interpol Agent section). The figures are
# printed but the Goodman / Henchman icons are pictures, so who gets them is read from the
# 18 tiles; each row's reading is in the rules entry setup-resource-missions.
CUTTHROAT_RESOURCE_HANDS: Mapping[int, CutthroatHand] = MappingProxyType({
    players: CutthroatHand("setup-resource-missions", per, goodman, 0, f"cutthroat-{players}")
    for players, per, goodman in ((4, 4, 6), (5, 3, 6), (6, 3, 3), (7, 3, 0))})

# The Cutthroat Doomsday Mission table (from the CIA Agent section; rules entry
# setup-doomsday-missions).
CUTTHROAT_DOOMSDAY_HANDS: Mapping[int, CutthroatHand] = MappingProxyType({
    players: CutthroatHand("setup-doomsday-missions", per, goodman, extra, f"cutthroat-{players}")
    for players, per, goodman, extra in ((4, 3, 3, 0), (5, 2, 2, 2), (6, 2, 2, 0), (7, 2, 0, 0))})

# Syndicate Resource Missions: draw 9, place 6, draw 3 more, 6 to the Communal Vault,
# the last 6 to the World.
SYNDICATE_RESOURCE_FIRST_DRAW = 9
SYNDICATE_RESOURCE_SECOND_DRAW = 3
SYNDICATE_RESOURCE_VAULT = 6
SYNDICATE_RESOURCE_WORLD = 6
# Syndicate Doomsday Missions: 6 face down around CIA HQ, 3 face down to the World,
# the last 3 to the Communal Vault.
SYNDICATE_DOOMSDAY_WORLD = 3
SYNDICATE_DOOMSDAY_VAULT = 3
# Mayhem Doomsday Missions, step 4: each team keeps one leftover tile.
MAYHEM_DOOMSDAY_KEPT_PER_TEAM = 1
