"""Identity cards: allegiance, copies in the box, mission thresholds (data, with citations).

Identities (vigilante.txt:309-340), clarifications (vigilante.txt:639-666). The box lists 17
Identity cards (vigilante.txt:92) but the text accounts for 16 (4 Guardians, 1 Investigator,
4 Assassins, 1 Mastermind, 6 Neutrals at 1 each); the 17th is unknown, so only these ten names
are accepted.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from assistant.explain import Provenance


class Allegiance(StrEnum):
    GOOD = "good"
    NEUTRAL = "neutral"
    EVIL = "evil"


class Identity(StrEnum):
    GUARDIAN = "guardian"
    INVESTIGATOR = "investigator"
    ASSASSIN = "assassin"
    MASTERMIND = "mastermind"
    ADDICT = "addict"
    BOUNTY_HUNTER = "bounty-hunter"
    CULTIST = "cultist"
    PROFITEER = "profiteer"
    TIME_TRAVELER = "time-traveler"
    WORSHIPPER_OF_LIFE = "worshipper-of-life"


@dataclass(frozen=True)
class IdentityCard:
    identity: Identity
    title: str
    allegiance: Allegiance
    copies: int
    copies_provenance: Provenance
    rule: str
    """The rules entry with this identity's mission."""
    mission: str
    """The mission in a few of our own words."""


NEUTRAL_COPIES_NOTE = ("The rulebook prints no copy count for Neutral identities; each Neutral "
                       "mission is called unique (vigilante.txt:333), so 1 copy each.")

CARDS: Mapping[Identity, IdentityCard] = MappingProxyType({c.identity: c for c in (
    IdentityCard(Identity.GUARDIAN, "Guardian", Allegiance.GOOD, 4, Provenance.RULEBOOK,
                 "identity-guardian",
                 "The Good players' jails together hold at least 7 per Good player."),
    IdentityCard(Identity.INVESTIGATOR, "Investigator", Allegiance.GOOD, 1, Provenance.RULEBOOK,
                 "identity-investigator",
                 "After the reveal, take the Evil players' defeated Heroes into your jail as "
                 "Villains; then hold 8 or more."),
    IdentityCard(Identity.ASSASSIN, "Assassin", Allegiance.EVIL, 4, Provenance.RULEBOOK,
                 "identity-assassin", "Every Good player loses."),
    IdentityCard(Identity.MASTERMIND, "Mastermind", Allegiance.EVIL, 1, Provenance.RULEBOOK,
                 "identity-mastermind",
                 "10 or more in your own jail; then every Good player loses."),
    IdentityCard(Identity.ADDICT, "Addict", Allegiance.NEUTRAL, 1, Provenance.DERIVED,
                 "identity-addict",
                 "4 Level 2 or 3 Villains jailed; 4 cards in hand, each a First Aid Kit or "
                 "Med Pac."),
    IdentityCard(Identity.BOUNTY_HUNTER, "Bounty Hunter", Allegiance.NEUTRAL, 1,
                 Provenance.DERIVED, "identity-bounty-hunter",
                 "4 Villains jailed and the highest-Influence Hero not yours is defeated."),
    IdentityCard(Identity.CULTIST, "Cultist", Allegiance.NEUTRAL, 1, Provenance.DERIVED,
                 "identity-cultist",
                 "4 Villains jailed and every other player has 1 defeated Hero."),
    IdentityCard(Identity.PROFITEER, "Profiteer", Allegiance.NEUTRAL, 1, Provenance.DERIVED,
                 "identity-profiteer",
                 "4 Villains jailed and a team worth more Influence than any other team."),
    IdentityCard(Identity.TIME_TRAVELER, "Time Traveler", Allegiance.NEUTRAL, 1,
                 Provenance.DERIVED, "identity-time-traveler",
                 "At least 1 Villain more in your jail than some other winner."),
    IdentityCard(Identity.WORSHIPPER_OF_LIFE, "Worshipper of Life", Allegiance.NEUTRAL, 1,
                 Provenance.DERIVED, "identity-worshipper-of-life",
                 "4 Villains jailed and 3 undefeated, undamaged Heroes on your team."),
)})

IDENTITY_OPTIONS = tuple(i.value for i in Identity)
FIRST_GAME_LEFT_OUT = (Identity.INVESTIGATOR, Identity.MASTERMIND)
"""Setup step 8's first-game advice (vigilante.txt:233)."""

IDENTITY_CARDS_IN_BOX = 17
"""vigilante.txt:92; only 16 are described (unknown 17th)."""

# Mission thresholds (all "at least"; vigilante.txt:315-340). Neutral "have 4" read as at least
# 4: derived, every other threshold in the missions is a minimum.
GUARDIAN_PER_GOOD = 7
INVESTIGATOR_JAIL = 8
MASTERMIND_JAIL = 10
NEUTRAL_JAIL = 4
ADDICT_MED_CARDS = 4
WORSHIPPER_CLEAN_HEROES = 3
TIME_TRAVELER_MARGIN = 1


def copies_available(allegiance: Allegiance, first_game: bool = False) -> int:
    """How many identity cards of one allegiance the box holds (first game: fewer)."""
    return sum(c.copies for c in CARDS.values() if c.allegiance is allegiance
               and not (first_game and c.identity in FIRST_GAME_LEFT_OUT))
