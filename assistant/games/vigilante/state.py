"""What a Vigilante session folds into: seats with their jail, team (4 slots) and Defeated
pile, the Event Track, the First Player, and where the round stands (Game Round,
vigilante.txt:355-383). Plain frozen values; the events that change them live in team.py and
rounds.py."""
from __future__ import annotations

from dataclasses import dataclass, field

from assistant.tracker.chain import Chain

SLOTS = 4
"""Slots on a player mat (vigilante.txt:544)."""
BREAKING_POINT = 3
"""Defeated Heroes at which a player no longer submits an Event die (vigilante.txt:427)."""
AGENCY_JAIL = 3
"""Villains jailed from which Agency cards may be drawn (vigilante.txt:462)."""
EVENT_TOKENS = 31
"""Event tokens in the bag (the track's most)."""

CHOOSE = "choose"
"""The round's first step: the First Player adds an Event (also: starting Events at setup)."""
TURNS = "turns"
"""Players take turns (4 actions each), each submitting an Event die on their last."""
TRIGGERED = "triggered"
"""The Events matched by the dice went off; the marker passes next."""


@dataclass(frozen=True)
class Gear:
    """An Equipment card attached behind a Hero (vigilante.txt:446-456)."""

    name: str
    health: int = 0
    attack: int = 0
    die: int | None = None
    """Its Event effect's die number, if it has one (it goes off at Trigger Events)."""


@dataclass(frozen=True)
class Hero:
    name: str
    influence: int
    health: int
    """The card's Health (for sessions before Equipment was tracked: as entered)."""
    damage: int = 0
    gear: tuple[Gear, ...] = ()
    cause: str = ""
    """In a Defeated pile: what defeated it."""
    attack: int | None = None
    """The card's Attack, if recorded at recruiting (a Fight asks for it otherwise)."""

    @property
    def max_health(self) -> int:
        """Health with the attached Equipment's bonuses (vigilante.txt:448)."""
        return self.health + sum(g.health for g in self.gear)


@dataclass(frozen=True)
class Sighting:
    target: str
    spot: int
    seen: str


@dataclass(frozen=True)
class SeatState:
    jail: int = 0
    team: tuple[Hero | None, ...] = (None,) * SLOTS
    defeated: tuple[Hero, ...] = ()
    identity: str | None = None
    """Private: entered on the seat's own phone."""
    sightings: tuple[Sighting, ...] = ()
    """Private: tokens this seat saw on other seats' mats."""
    revealed: str | None = None
    jail_level_2_3: int | None = None
    med_cards: int | None = None

    @property
    def broken(self) -> bool:
        """At breaking point: no Event die any more (vigilante.txt:427)."""
        return len(self.defeated) >= BREAKING_POINT


@dataclass(frozen=True)
class State:
    seats: tuple[SeatState, ...]
    first_player: int
    track: tuple[tuple[str, int], ...] = ()
    ended: bool = False
    notes: Chain[str] = field(default_factory=Chain)
    stage: str = CHOOSE
    """Where the round stands: CHOOSE, TURNS or TRIGGERED."""
