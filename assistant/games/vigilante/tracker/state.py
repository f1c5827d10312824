"""What a Vigilante session folds into, and the setup it folds from.

The setup: the scenario, the seats (clockwise), what the Scenario Card says (rounds, starting
Events, starting City cards, the identity mix; each optional and entered from the card), the
variant and the table's settings. The state: every seat's jail, team (4 slots) with damage and
Equipment, Defeated Heroes pile, action tokens, Event die and cards in hand; the Hero Market;
the Event Track, the First Player and where the round stands (Game Round,
vigilante.txt:355-383). Plain frozen values; the events that change them live in the modules
beside this one."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from assistant.tracker import Seat
from assistant.tracker.chain import Chain

from ..calculators.events import EQUIPMENT_TIMING
from ..judge import SETTING_OPTIONS, Settings
from ..modes import Scenario

GAME = "vigilante"
SLOTS = 4
"""Slots on a player mat (vigilante.txt:544)."""
ACTIONS = 4
"""Action tokens on a player's action meter, each round (vigilante.txt:223, :371, :409)."""
BREAKING_POINT = 3
"""Defeated Heroes at which a player no longer submits an Event die (vigilante.txt:427)."""
AGENCY_JAIL = 3
"""Villains jailed from which Agency cards may be drawn (vigilante.txt:462)."""
EVENT_TOKENS = 31
"""Event tokens in the bag (the track's most)."""
MARKET = 3
"""Heroes face up in the Hero Market (vigilante.txt:205)."""
MARKET_WITH_MERCENARIES = 4
"""With the Mercenaries variant (vigilante.txt:672, :674)."""
MERCENARY_CROWD = 3
"""Mercenaries in the Market that force the free activation (vigilante.txt:674)."""
FULL_TEAM_MERCENARY = ("allow", "refuse")
"""The table's ruling on a Mercenary recruited by a full team (the rulebook is silent)."""

CHOOSE = "choose"
"""The round's first step: the First Player adds an Event (also: starting Events at setup)."""
TURNS = "turns"
"""Players take turns (4 actions each), each submitting an Event die after their last."""
TRIGGERED = "triggered"
"""The Events matched by the dice went off; the marker passes next."""


@dataclass(frozen=True)
class SessionSetup:
    mode: Scenario
    seats: tuple[Seat, ...]
    rounds: int | None = None
    starting_events: int | None = None
    mix: tuple[int, int, int] | None = None
    """Good, Evil, Neutral from the card, if entered."""
    first_player: int = 0
    mercenaries: bool = False
    first_game: bool = False
    settings: Settings = field(default_factory=Settings)
    equipment_timing: str = EQUIPMENT_TIMING[0]
    """Trigger Events: Equipment die effects after (default) or before the track Events."""
    starting_cards: int | None = None
    """City cards each player draws at setup (the card's number): hands are counted from it."""
    full_team_mercenary: str = FULL_TEAM_MERCENARY[0]
    game: str = GAME

    @property
    def market_size(self) -> int:
        return MARKET_WITH_MERCENARIES if self.mercenaries else MARKET

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game, "mode": self.mode.value,
            "seats": [s.to_json() for s in self.seats],
            "first_player": self.seats[self.first_player].name,
            "mercenaries": self.mercenaries, "first_game": self.first_game,
            **{k: getattr(self.settings, k) for k in SETTING_OPTIONS},
            "equipment_timing": self.equipment_timing,
            "full_team_mercenary": self.full_team_mercenary}
        for key in ("rounds", "starting_events", "starting_cards"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.mix is not None:
            out.update(good=self.mix[0], evil=self.mix[1], neutral=self.mix[2])
        return out


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
class MarketCard:
    """A card face up in the Hero Market, as the table recorded it."""

    name: str
    influence: int
    health: int
    attack: int | None = None
    mercenary: bool = False


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
    actions: int = ACTIONS
    """Action tokens left on the meter this round."""
    die: int | None = None
    """The Event die submitted this round (public: it sits on the Event Track)."""
    hand: int | None = None
    """City and Agency cards in hand (a count: their faces are the player's); None while the
    table has not said how many (no starting count on the setup, no correction yet)."""
    starter: bool = False
    """The Starter Hero was placed at setup (vigilante.txt:251-253)."""

    @property
    def broken(self) -> bool:
        """At breaking point: no Event die any more (vigilante.txt:427)."""
        return len(self.defeated) >= BREAKING_POINT

    @property
    def owes_die(self) -> bool:
        """The 4th action is taken and the Event die not yet submitted (vigilante.txt:415)."""
        return self.actions == 0 and self.die is None and not self.broken


@dataclass(frozen=True)
class State:
    seats: tuple[SeatState, ...]
    first_player: int
    track: tuple[tuple[str, int], ...] = ()
    ended: bool = False
    notes: Chain[str] = field(default_factory=Chain)
    stage: str = CHOOSE
    """Where the round stands: CHOOSE, TURNS or TRIGGERED."""
    market: tuple[MarketCard | None, ...] = ()
    """The Hero Market's places; None: a face-up card the table has not recorded."""
    last_actor: int | None = None
    """The seat that took the round's last main action (the current player of the
    Mercenaries' forced pick); None before anyone has acted this round."""


def initial(setup: SessionSetup) -> State:
    hand = setup.starting_cards
    return State(tuple(SeatState(hand=hand) for _ in setup.seats), setup.first_player,
                 market=(None,) * setup.market_size)
