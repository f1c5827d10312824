"""Identity-mix checks shared by setup, the identity-mix calculator and the end-game judge.

Rules: Identity Cards (vigilante.txt:225-233), the scenarios (vigilante.txt:171-185), the copies
per identity (vigilante.txt:313-340). Every refusal names the field and what is allowed.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from assistant.errors import InvalidInput
from assistant.explain import Provenance, Step

from .book import says, wording
from .identities import CARDS, FIRST_GAME_LEFT_OUT, Allegiance, Identity, copies_available
from .modes import MAX_PLAYERS, TITLES, Scenario, player_range


def check_players(scenario: Scenario, players: int, field: str = "players") -> Step:
    """3 to 5 (derived, one reading for all three); Showdown at 4 (Good = Evil, no Neutral)."""
    low, high = player_range(scenario)
    if scenario is Scenario.SHOWDOWN and players != low:
        raise InvalidInput(field, f"Showdown is played with {low} here, an even count (our "
                           "reading, not a printed rule): "
                           f"{wording('scenario-showdown', 'even-count')} You asked for "
                           f"{players}.", f"{low} (our reading; your card decides)",
                           rule="scenario-showdown")
    if players > high:
        raise InvalidInput(field, f"Vigilante is played by at most {MAX_PLAYERS} players: the "
                           f"box holds {MAX_PLAYERS} player mats (worked out from the "
                           f"components); you asked for {players}.",
                           f"{low}-{high}, as on your Scenario Card", rule="player-count")
    if players < low:
        raise InvalidInput(field, f"The app takes {low} as the fewest players, and that is our "
                           "reading, not a printed rule: "
                           f"{wording('player-count', 'floor')} You asked for {players}.",
                           f"{low}-{high} (our reading; your Scenario Card decides)",
                           rule="player-count")
    if scenario is Scenario.SHOWDOWN:
        return says("scenario-showdown", "even-count", f"{players} players: {players // 2} Good "
                    f"against {players // 2} Evil, no Neutral.", players)
    return says("player-count", "floor", f"{players} players: within the {low} to "
                f"{MAX_PLAYERS} the app takes (at most {MAX_PLAYERS} from the box; the fewest "
                "is our reading); the exact counts each scenario supports are printed on the "
                "Scenario Cards.", players)


def check_counts(scenario: Scenario, players: int, good: int, evil: int, neutral: int,
                 first_game: bool = False, prefix: str = "") -> list[Step]:
    """The Good/Evil/Neutral numbers of a Scenario Card against the scenario and the box."""
    title = TITLES[scenario]
    counts = {Allegiance.GOOD: good, Allegiance.EVIL: evil, Allegiance.NEUTRAL: neutral}
    for allegiance, n in counts.items():
        field = f"{prefix}{allegiance.value}"
        have = copies_available(allegiance, first_game)
        if n < 0:
            raise InvalidInput(field, f"A count of {allegiance.value} identities cannot be "
                               "negative.", f"0-{have}", rule="setup-identities")
        if n > have:
            extra = " (the first game leaves out the Investigator and the Mastermind)" \
                if first_game and allegiance is not Allegiance.NEUTRAL else ""
            raise InvalidInput(field, f"The box holds {have} {allegiance.value} Identity cards"
                               f"{extra}; you asked for {n}.", f"0-{have}",
                               rule="setup-identities")
    if good + evil + neutral != players:
        raise InvalidInput(f"{prefix}good", f"{good} Good + {evil} Evil + {neutral} Neutral = "
                           f"{good + evil + neutral} Identities, but {players} are playing; "
                           "each player gets exactly one.",
                           f"counts adding up to {players}", rule="setup-identities")
    steps = [Step(f"{good} Good + {evil} Evil + {neutral} Neutral = {players}, one Identity per "
                  "player.", players, "setup-identities")]
    if scenario is Scenario.BROUGHT_TO_JUSTICE:
        if evil != 1:
            raise InvalidInput(f"{prefix}evil", f"{title} has exactly one Evil player; the "
                               f"counts give {evil}.", "1",
                               rule="scenario-brought-to-justice")
        if good < 1:
            # the Evil player hides among Good players, whom it must stop
            # (vigilante.txt:173); with none the Assassin would win by default
            raise InvalidInput(f"{prefix}good", f"{title} hides its one Evil player among Good "
                               "players; the counts give no Good player.", "1 or more",
                               rule="scenario-brought-to-justice")
        steps.append(says("scenario-brought-to-justice", "one-good", f"{title}: exactly 1 "
                          f"Evil player, hidden among {good} Good"
                          + (f" and {neutral} Neutral" if neutral else "") + ".", 1))
    elif scenario is Scenario.SHIFTING_ALLEGIANCES:
        if good < 1:
            raise InvalidInput(f"{prefix}good", f"{title} always has one Good Identity; the "
                               "counts give none.", "1 or more",
                               rule="scenario-shifting-allegiances")
        steps.append(Step(f"{title}: at least 1 Good Identity ({good}).", good,
                          "scenario-shifting-allegiances"))
    else:
        if neutral:
            raise InvalidInput(f"{prefix}neutral", f"{title} uses no Neutral Identities; the "
                               f"counts give {neutral}.", "0",
                               rule="scenario-showdown")
        if good != evil:
            raise InvalidInput(f"{prefix}evil", f"{title} has as many Good as Evil players; "
                               f"the counts give {good} Good and {evil} Evil.", f"{good}",
                               rule="scenario-showdown")
        steps.append(Step(f"{title}: Good = Evil = {good}, no Neutral.", good,
                          "scenario-showdown"))
    return steps


def fixed_counts(scenario: Scenario, players: int) -> tuple[int, int, int] | None:
    """Showdown fixes its own split: half Good, half Evil, no Neutral (vigilante.txt:185)."""
    if scenario is Scenario.SHOWDOWN:
        return players // 2, players // 2, 0
    return None


def identity_pool(scenario: Scenario, first_game: bool) -> dict[str, int]:
    """The Identity cards a scenario deals from: Showdown uses no Neutral (vigilante.txt:185)."""
    return {a.value: 0 if scenario is Scenario.SHOWDOWN and a is Allegiance.NEUTRAL
            else copies_available(a, first_game) for a in Allegiance}


def check_identities(scenario: Scenario, identities: Sequence[Identity],
                     first_game: bool = False, field: str = "players") -> list[Step]:
    """The revealed Identities: copies in the box, the first-game advice, the scenario's rule."""
    steps = [check_players(scenario, len(identities), field)]
    seen = Counter(identities)
    for identity, n in seen.items():
        card = CARDS[identity]
        if first_game and identity in FIRST_GAME_LEFT_OUT:
            at = identities.index(identity)
            raise InvalidInput(f"{field}.{at}.identity", f"The first-game setup leaves out the "
                               f"{card.title}.", "any identity but the Investigator and the "
                               "Mastermind", rule="first-game")
        if n > card.copies:
            at = [i for i, x in enumerate(identities) if x is identity][-1]
            raise InvalidInput(f"{field}.{at}.identity", f"There are {card.copies} "
                               f"{card.title} card{'s' * (card.copies != 1)} in the box; "
                               f"{n} players claim one.",
                               f"at most {card.copies} {card.title}",
                               rule="identity-card")
    count = Counter(CARDS[i].allegiance for i in identities)
    try:
        steps += check_counts(scenario, len(identities), count[Allegiance.GOOD],
                              count[Allegiance.EVIL], count[Allegiance.NEUTRAL], first_game)
    except InvalidInput as exc:  # the revealed list is the input, not a count field
        raise InvalidInput(field, exc.detail, exc.allowed, rule=exc.rule) from None
    neutral_copies = [c.title for c in CARDS.values() if c.allegiance is Allegiance.NEUTRAL]
    if count[Allegiance.NEUTRAL]:
        steps.append(Step("Each Neutral Identity appears at most once (their Missions are "
                          "unique).", 1, "neutral-missions", Provenance.DERIVED,
                          "Copies of " + ", ".join(neutral_copies) + " are not printed."))
    return steps


def completion(scenario: Scenario, players: int, shown: Sequence[Identity],
               first_game: bool = False,
               mix: tuple[int, int, int] | None = None) -> tuple[Identity, ...] | None:
    """Identities for the players not yet revealed that make the whole table a valid deal
    (the box, the first-game advice, the scenario, the card's counts), or None when the
    Identities shown already rule every deal out. Public information only."""
    left = players - len(shown)
    if left < 0:
        return None
    seen = Counter(shown)
    spare = {a: [i for c in CARDS.values() if c.allegiance is a
                 and not (first_game and c.identity in FIRST_GAME_LEFT_OUT)
                 for i in [c.identity] * max(0, c.copies - seen[c.identity])]
             for a in Allegiance}
    for a in spare:  # the Addict last: its reveal asks for two more numbers
        spare[a].sort(key=lambda i: i is Identity.ADDICT)
    for good in range(left + 1):
        for evil in range(left - good + 1):
            counts = {Allegiance.GOOD: good, Allegiance.EVIL: evil,
                      Allegiance.NEUTRAL: left - good - evil}
            if any(n > len(spare[a]) for a, n in counts.items()):
                continue
            picked = tuple(i for a, n in counts.items() for i in spare[a][:n])
            whole = [*shown, *picked]
            tally = Counter(CARDS[i].allegiance for i in whole)
            if mix is not None and (tally[Allegiance.GOOD], tally[Allegiance.EVIL],
                                    tally[Allegiance.NEUTRAL]) != mix:
                continue
            try:
                check_identities(scenario, whole, first_game)
            except InvalidInput:
                continue
            return picked
    return None
