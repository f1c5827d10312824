"""Printed numbers on Tomorrow Dies Today components that the rulebook does not list.

Every value here is third-party data (a fan-made companion prototype, see
shared/research/tdt-component-data.md): unverified against the physical components, so it
carries `Provenance.COMMUNITY` and every calculator lets a player type the printed numbers in
instead. Attribute order everywhere: Combat / Stealth / Cunning / Diplomacy.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from assistant.errors import NotFound
from assistant.explain import Provenance

PROVENANCE = Provenance.COMMUNITY
SOURCE_NOTE = ("Unverified community data (a fan-made companion prototype); "
               "check the printed component and override if it differs.")


class Attribute(StrEnum):
    """The four Henchman attributes, in the order the components print them."""

    COMBAT = "combat"
    """Fighting strength; in a Conflict each Combat success deals one damage."""
    STEALTH = "stealth"
    """Sneaking; in a Conflict each Stealth success steals 1 Funding."""
    CUNNING = "cunning"
    """Scheming; in a Conflict each Cunning success steals 1 Espionage."""
    DIPLOMACY = "diplomacy"
    """Persuasion; in a Conflict each Diplomacy success steals 1 Corruption."""


ATTRIBUTE_ORDER: tuple[Attribute, ...] = tuple(Attribute)


@dataclass(frozen=True)
class Attributes:
    """Four attribute values (Combat / Stealth / Cunning / Diplomacy)."""

    combat: int = 0
    stealth: int = 0
    cunning: int = 0
    diplomacy: int = 0

    @classmethod
    def of(cls, values: Iterable[int]) -> Attributes:
        """From four numbers in printed order."""
        combat, stealth, cunning, diplomacy = tuple(values)
        return cls(combat, stealth, cunning, diplomacy)

    @classmethod
    def from_mapping(cls, values: Mapping[str, int]) -> Attributes:
        return cls(*(int(values.get(a.value, 0)) for a in ATTRIBUTE_ORDER))

    def get(self, attribute: Attribute | str) -> int:
        value: int = getattr(self, Attribute(attribute).value)
        return value

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (self.combat, self.stealth, self.cunning, self.diplomacy)

    def as_dict(self) -> dict[str, int]:
        return {a.value: self.get(a) for a in ATTRIBUTE_ORDER}

    def add(self, other: Attributes) -> Attributes:
        return Attributes.of(a + b for a, b in zip(self.as_tuple(), other.as_tuple(), strict=True))

    def multiply(self, factor: int) -> Attributes:
        return Attributes.of(a * factor for a in self.as_tuple())

    def shortfall(self, requirement: Attributes) -> Attributes:
        """How much is missing per attribute to meet `requirement` (0 where met)."""
        return Attributes.of(max(0, need - have)
                             for have, need in zip(self.as_tuple(), requirement.as_tuple(),
                                                   strict=True))

    def meets(self, requirement: Attributes) -> bool:
        return self.shortfall(requirement) == Attributes()

    def __str__(self) -> str:
        return "/".join(str(v) for v in self.as_tuple())


ZERO = Attributes()


@dataclass(frozen=True)
class AgentHQ:
    name: str
    agent: str
    requirements: Attributes


@dataclass(frozen=True)
class ResourceMission:
    name: str
    active: Attributes
    """Requirements to complete the mission (active side)."""
    completed: Attributes
    """Numbers on the flipped side: presumably the requirements to generate Spoils there."""


@dataclass(frozen=True)
class DoomsdayMission:
    name: str
    requirements: Attributes | None
    """None where no value is known."""


@dataclass(frozen=True)
class FacelessHenchman:
    name: str
    attributes: Attributes


@dataclass(frozen=True)
class NamedHenchman:
    name: str
    attributes: Attributes


@dataclass(frozen=True)
class Gadget:
    name: str
    bonus: Attributes


def _a(combat: int, stealth: int, cunning: int, diplomacy: int) -> Attributes:
    return Attributes(combat, stealth, cunning, diplomacy)


AGENT_HQS: tuple[AgentHQ, ...] = (
    AgentHQ("CIA HQ", "CIA", _a(2, 2, 2, 2)),
    AgentHQ("Interpol HQ", "Interpol", _a(1, 2, 2, 1)),
)

RESOURCE_MISSIONS: tuple[ResourceMission, ...] = (
    ResourceMission("Blood Diamond Harvest", _a(3, 2, 1, 0), _a(3, 2, 2, 0)),
    ResourceMission("Skin Trade", _a(1, 1, 2, 2), _a(1, 1, 2, 3)),
    ResourceMission("Social Engineering Scams", _a(0, 1, 3, 2), _a(0, 1, 3, 1)),
    ResourceMission("Counterfeiting", _a(0, 3, 2, 1), _a(0, 3, 2, 0)),
    ResourceMission("Ponzi Schemes", _a(0, 1, 2, 3), _a(0, 1, 3, 2)),
    ResourceMission("Political Corruption", _a(0, 2, 2, 2), _a(0, 1, 2, 2)),
    ResourceMission("Hacker Cell", _a(0, 3, 3, 0), _a(0, 3, 4, 0)),
    ResourceMission("Art Thievery", _a(1, 2, 2, 1), _a(0, 3, 3, 1)),
    ResourceMission("Exotic Car GTA", _a(0, 2, 4, 0), _a(0, 3, 3, 0)),
    ResourceMission("Smuggling Ring", _a(0, 4, 1, 1), _a(0, 2, 2, 2)),
    ResourceMission("Arms Dealing", _a(3, 1, 1, 1), _a(1, 3, 1, 0)),
    ResourceMission("Maritime Piracy", _a(3, 1, 2, 0), _a(3, 2, 2, 0)),
    ResourceMission("Rig Sports Events", _a(0, 2, 3, 1), _a(0, 1, 2, 2)),
    ResourceMission("Gambling Dens", _a(1, 2, 3, 0), _a(1, 1, 3, 0)),
    ResourceMission("Narcotics Distribution", _a(1, 2, 1, 2), _a(1, 3, 2, 1)),
    ResourceMission("CBRNE Dealing", _a(1, 0, 4, 1), _a(1, 0, 4, 2)),
    ResourceMission("Ivory Poaching", _a(3, 0, 2, 1), _a(3, 2, 2, 0)),
    ResourceMission("Murder Inc", _a(1, 3, 1, 1), _a(2, 4, 1, 0)),
)

DOOMSDAY_MISSIONS: tuple[DoomsdayMission, ...] = (
    DoomsdayMission("Crash Wall Street", _a(0, 6, 8, 1)),
    DoomsdayMission("Destroy IXPs", _a(2, 6, 6, 1)),
    DoomsdayMission("Bring Down Satellites", _a(2, 2, 7, 4)),
    DoomsdayMission("Kidnap Military & Political Leaders", _a(3, 6, 3, 3)),
    DoomsdayMission("Deploy Neurotoxin", _a(4, 3, 6, 2)),
    DoomsdayMission("Burgle Fort Knox", _a(1, 8, 4, 2)),
    DoomsdayMission("Supplant Major African Warlords", _a(8, 4, 1, 2)),
    DoomsdayMission("Take Over South American Cartels", _a(4, 8, 1, 2)),
    DoomsdayMission("Hijack Major World Media Outlets", _a(0, 2, 7, 6)),
    DoomsdayMission("Infiltrate Asian Intelligence Agencies", _a(3, 4, 4, 4)),
    DoomsdayMission("Corrupt the U.N.", _a(0, 2, 5, 8)),
    DoomsdayMission("Acquire Russian Nuclear Stockpile", None),
)

FACELESS_HENCHMEN: tuple[FacelessHenchman, ...] = (
    FacelessHenchman("Thief", _a(0, 2, 1, 0)),
    FacelessHenchman("Hacker", _a(0, 1, 2, 0)),
    FacelessHenchman("Soldier", _a(2, 1, 0, 0)),
    FacelessHenchman("Assassin", _a(1, 2, 0, 0)),
    FacelessHenchman("Fixer", _a(0, 0, 1, 2)),
    FacelessHenchman("Scientist", _a(0, 0, 2, 1)),
)

NAMED_HENCHMEN: tuple[NamedHenchman, ...] = (
    NamedHenchman("Goodman", _a(2, 2, 2, 2)),
    NamedHenchman("Archibald Kluge", _a(0, 1, 3, 1)),
    NamedHenchman("Axle Robbins", _a(1, 0, 2, 2)),
    NamedHenchman("Azura Badeau", _a(2, 2, 1, 0)),
    NamedHenchman('Boris "Myasneek"', _a(3, 1, 1, 0)),
    NamedHenchman("Cassandra O'Shea", _a(0, 0, 2, 3)),
    NamedHenchman("Emmerson Barlow", _a(1, 3, 1, 0)),
    NamedHenchman("Jin Feng", _a(0, 3, 1, 1)),
    NamedHenchman("The Node", _a(0, 2, 2, 1)),
    NamedHenchman("Ugo Dottore", _a(1, 0, 3, 1)),
)

GADGETS: tuple[Gadget, ...] = (
    Gadget("Hypnotic Spray", _a(0, 0, 0, 2)),
    Gadget("Explosive Rounds", _a(2, 0, 0, 0)),
)


T = TypeVar("T", AgentHQ, ResourceMission, DoomsdayMission, FacelessHenchman, NamedHenchman,
            Gadget)


def _key(name: str) -> str:
    return " ".join(name.casefold().replace('"', "").split())


def find(items: Iterable[T], name: str, kind: str = "component") -> T:
    """The item called `name` (case- and spacing-insensitive); NotFound with the choices."""
    pool = tuple(items)
    wanted = _key(name)
    for item in pool:
        if _key(item.name) == wanted:
            return item
    raise NotFound(f"There is no {kind} called {name!r}.", [i.name for i in pool])


def agent_hq(name: str) -> AgentHQ:
    """An HQ by its name ("CIA HQ") or its agent's ("CIA")."""
    wanted = _key(name)
    for hq in AGENT_HQS:
        if wanted in (_key(hq.name), _key(hq.agent)):
            return hq
    raise NotFound(f"There is no agent HQ called {name!r}.", [h.name for h in AGENT_HQS])


def resource_mission(name: str) -> ResourceMission:
    return find(RESOURCE_MISSIONS, name, "Resource Mission")


def doomsday_mission(name: str) -> DoomsdayMission:
    return find(DOOMSDAY_MISSIONS, name, "Doomsday Mission")


def faceless_henchman(name: str) -> FacelessHenchman:
    return find(FACELESS_HENCHMEN, name, "Faceless Henchman kind")


def named_henchman(name: str) -> NamedHenchman:
    return find(NAMED_HENCHMEN, name, "Named Henchman")


def gadget(name: str) -> Gadget:
    return find(GADGETS, name, "Gadget")


def names(items: Iterable[AgentHQ | ResourceMission | DoomsdayMission | FacelessHenchman
                          | NamedHenchman | Gadget]) -> tuple[str, ...]:
    return tuple(i.name for i in items)
