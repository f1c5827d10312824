"""The setup's frozen records: seats, tile hand-outs, checklist steps, the Setup, the deal."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from assistant.explain import Provenance, Step

from . import components
from .modes import PlayMode
from .setup_data import GoodmanAssets

Number = int | bool | tuple[int, ...]

RULEBOOK = Provenance.RULEBOOK
DERIVED = Provenance.DERIVED
HOUSE = Provenance.HOUSE
UNKNOWN = Provenance.UNKNOWN

MAP_INTERPOL = "War Map (around Interpol HQ)"
MAP_CIA = "War Map (around CIA HQ)"
WORLD = "World"
GOODMAN_VAULT = "Goodman's Vault"
COMMUNAL_VAULT = "Communal Vault"


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
