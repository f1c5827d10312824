"""Syndicate's tables as typed constants, each read by key from the rules reference (so a
number lives in one place: the TOML that cites its line in syndicate.txt)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from .book import number


class Zone(StrEnum):
    EXO = "exo"
    """The outer zone: 6 territories, no crew upkeep."""
    MIDDLE = "middle"
    """9 territories; each base costs 3 crew per round."""
    INNER = "inner"
    """3 territories; each base costs 6 crew per round."""


class Resource(StrEnum):
    CREDITS = "credits"
    INFLUENCE = "influence"
    CREW = "crew"


RESOURCES = tuple(Resource)
ZONES = tuple(Zone)


@dataclass(frozen=True)
class Bundle:
    """An amount of each resource (negative crew = an expense)."""

    credits: int = 0
    influence: int = 0
    crew: int = 0

    def get(self, resource: Resource) -> int:
        return int(getattr(self, resource.value))

    def __add__(self, other: Bundle) -> Bundle:
        return Bundle(self.credits + other.credits, self.influence + other.influence,
                      self.crew + other.crew)

    def times(self, n: int) -> Bundle:
        return Bundle(self.credits * n, self.influence * n, self.crew * n)

    def to_json(self) -> dict[str, int]:
        return {"credits": self.credits, "influence": self.influence, "crew": self.crew}

    def words(self) -> str:
        def name(r: Resource) -> str:
            return "credit" if r is Resource.CREDITS and self.get(r) == 1 else r.value

        parts = [f"{self.get(r)} {name(r)}" for r in RESOURCES if self.get(r)]
        return ", ".join(parts) if parts else "nothing"


@dataclass(frozen=True)
class ZoneCosts:
    zone: Zone
    territories: int
    buy: Bundle
    income: Bundle
    """Per Resource Collection; crew is negative for MIDDLE and INNER (the upkeep)."""
    fortify: Bundle

    @property
    def upkeep(self) -> int:
        return max(0, -self.income.crew)


def _zone(z: Zone) -> ZoneCosts:
    k = z.value
    return ZoneCosts(
        z, number("zones", f"zone-{k}-territories"),
        Bundle(number("zones", f"{k}-buy-credits"), number("zones", f"{k}-buy-influence")),
        Bundle(number("zones", f"{k}-income-credits"), number("zones", f"{k}-income-influence"),
               number("zones", f"{k}-income-crew")),
        Bundle(number("zones", f"{k}-fortify-credits"), 0, number("zones", f"{k}-fortify-crew")),
    )


ZONE_COSTS: Mapping[Zone, ZoneCosts] = MappingProxyType({z: _zone(z) for z in Zone})

MIN_PLAYERS = number("players-and-modes", "min-players")
MAX_PLAYERS = number("players-and-modes", "max-players")
PHANTOM_PLAYERS = 2
"""The variation is for two players (syndicate.txt:667-671)."""

ALERT_START = number("setup-board", "alert-start")
ROUND_START = number("setup-board", "round-start")
ALERT_MAX_SMALL = number("setup-by-count", "alert-max-small")
ALERT_MAX_LARGE = number("setup-by-count", "alert-max-large")
ALERT_MAX_LARGE_FROM = number("setup-by-count", "alert-max-large-from")


def alert_max(players: int) -> int:
    """6 with 2-3 players, 8 with 4-5 (syndicate.txt:629)."""
    return ALERT_MAX_LARGE if players >= ALERT_MAX_LARGE_FROM else ALERT_MAX_SMALL


OPERATION_CARDS = number("components", "operation-cards")
OPERATION_CARDS_EACH = number("setup-operation-cards", "operation-cards-each")
SYNDICATE_CARDS = number("components", "syndicate-cards")
SYNDICATE_CARDS_EACH = number("setup-syndicates", "syndicate-cards-each")
SOVEREIGN_CARDS = number("components", "sovereign-cards")
SOVEREIGN_DECK = number("setup-sovereign-deck", "sovereign-deck-size")
STAR_SHUFFLED_WITH = number("setup-sovereign-deck", "star-shuffled-with")
STAR_TOP = number("setup-sovereign-deck", "star-top-cards")
STAR_BOTTOM = number("setup-sovereign-deck", "star-bottom-cards")
STAR_FIRST = number("setup-sovereign-deck", "star-first")
STAR_LAST = number("setup-sovereign-deck", "star-last")
BASE_CARDS = number("components", "base-cards")
BONUS_CHIPS = number("components", "bonus-chips")
CHIPS_PLACED: Mapping[Zone, int] = MappingProxyType(
    {z: number("setup-bonus-chips", f"chips-{z.value}") for z in Zone})
ACTION_DICE_EACH = number("setup-player-mat", "action-dice-each")
ROUNDS_MIN = number("game-length", "rounds-min")
ROUNDS_MAX = number("game-length", "rounds-max")
DIE_FACES = number("missions", "die-faces")
CONSEQUENCE_DICE = number("components", "consequence-dice")
CASINO_BONUS = number("casino", "casino-bonus")

ASSAULT_CREW_PLAIN = number("assaults", "assault-crew-plain")
ASSAULT_CREW_REINFORCED = number("assaults", "assault-crew-reinforced")
MAX_REINFORCEMENTS = number("assaults", "assault-max-reinforcements")
ASSAULT_UNFORTIFIED: tuple[int, ...] = tuple(
    number("assaults", f"assault-unfortified-{r}") for r in range(MAX_REINFORCEMENTS + 1))
"""Lowest winning face against an unfortified base, by reinforcements used (0-4)."""
ASSAULT_FORTIFIED: tuple[int | None, ...] = (None, *(
    number("assaults", f"assault-fortified-{r}") for r in range(1, MAX_REINFORCEMENTS + 1)))
"""Lowest winning face against a fortified base; None = not possible (0 reinforcements)."""

PARDON: tuple[int, ...] = tuple(number("pardon", f"pardon-{n}") for n in range(12))
PARDON_PER_BASE_BEYOND = number("pardon", "pardon-per-base-beyond")
DESTROYER_REMOVAL = number("sovereign-blockade", "destroyer-removal")

BLACK_MARKET: tuple[int, ...] = tuple(number("black-market", f"black-market-{i}")
                                      for i in (1, 2, 3))

CREDITS_PER_CREW = number("exchange", "credits-per-crew")
CREDITS_PER_INFLUENCE = number("exchange", "credits-per-influence")
CREW_PER_INFLUENCE = number("exchange", "crew-per-influence")
INFLUENCE_PER_CREW = number("exchange", "influence-per-crew")
CARD_SALE = number("selling-cards", "card-sale")

CARDS_DRAWN = number("resource-collection", "cards-drawn")
CARDS_EXTRA_MAX = number("resource-collection", "cards-extra-max")

TECH_MILESTONES: tuple[int, ...] = tuple(number("tech-level", f"tech-milestone-{i}")
                                         for i in (1, 2, 3))

PHANTOM_BASES = number("phantom-variant", "phantom-bases")
PHANTOM_DRAWS = number("phantom-turn", "phantom-draws")
PHANTOM_REINFORCEMENTS: Mapping[str, int] = MappingProxyType(
    {band: number("phantom-turn", f"phantom-{band}") for band in ("yellow", "orange", "red")})

FIDGE_START = Bundle(number("fidge-and-co", "fidge-start-credits"),
                     number("fidge-and-co", "fidge-start-influence"),
                     number("fidge-and-co", "fidge-start-crew"))
FIDGE_INCOME = Bundle(number("fidge-and-co", "fidge-income-credits"),
                      number("fidge-and-co", "fidge-income-influence"),
                      number("fidge-and-co", "fidge-income-crew"))
