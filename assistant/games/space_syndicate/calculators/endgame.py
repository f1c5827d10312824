"""When the game ends: the Beginning of the End card lies 5th, 6th or 7th in the Sovereign deck
(one of the three shuffled together, so each is 1/3); read here as ending the game after the
round that follows it (derived). Exact conditional odds once some rounds have passed.

Rulebook: Setup step 4 (syndicate.txt:319); one Sovereign card per round (syndicate.txt:462);
6 to 8 rounds (syndicate.txt:39, 415).
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Integer

from ..book import says
from ..checks import optional, whole
from ..odds import show, words
from ..tables import ROUNDS_MAX, STAR_FIRST, STAR_LAST

DERIVED = Provenance.DERIVED


def last_round_odds(sovereign_drawn: int, star_round: int | None) -> dict[int, Fraction]:
    """Chance of each last round, given how many Sovereign cards are drawn and when the star
    came up (None: not yet)."""
    if star_round is not None:
        return {star_round + 1: Fraction(1)}
    left = [pos for pos in range(STAR_FIRST, STAR_LAST + 1) if pos > sovereign_drawn]
    return {pos + 1: Fraction(1, len(left)) for pos in left}


def end_odds(data: Mapping[str, Any]) -> Explained:
    drawn = whole(data, "sovereign_drawn", 0, low=0, high=ROUNDS_MAX)
    star = optional(data, "star_round", low=STAR_FIRST, high=STAR_LAST)
    if star is None and drawn >= STAR_LAST:
        raise InvalidInput("star_round", f"By the {STAR_LAST}th Sovereign card the star card "
                           "has come up; say in which round.",
                           f"round {STAR_FIRST} to {STAR_LAST}")
    if star is not None and star > drawn:
        raise InvalidInput("sovereign_drawn", "The star card cannot come up before its card "
                           "is drawn.", f"{star} or more")
    steps = [says("setup-sovereign-deck", "fair-shuffle", f"The star card lies {STAR_FIRST}th, "
                  f"6th or {STAR_LAST}th: one of three cards shuffled together, so each is "
                  "equally likely."),
             Step("One Sovereign card is drawn per round, so it comes up in round 5, 6 or 7.",
                  None, "sovereign-card-phase"),
             says("end-of-game", None, "The game ends after the round that follows: 6, 7 or "
                  "8 rounds.")]
    odds = last_round_odds(drawn, star)
    if star is not None:
        steps.append(says("end-of-game", None, f"The star card came up in round {star}: round "
                          f"{star + 1} is the last.", star + 1))
    elif drawn:
        steps.append(says("end-of-game", None, f"{drawn} Sovereign card(s) drawn without the "
                          "star: " + ", ".join(f"last round {k}: {words(p)}"
                                                for k, p in odds.items()) + ".", drawn))
    result = {"last_round": [{"round": k, **show(p)} for k, p in odds.items()],
              "certain": len(odds) == 1}
    summary = "Last round: " + ", ".join(f"{k} ({words(p)})" for k, p in odds.items()) + "."
    return Explained(result, tuple(steps), summary)


FORM = (
    Integer("sovereign_drawn", "Sovereign cards drawn so far", 0, 8, 0),
    Integer("star_round", "Round in which the star card came up (if it has)", 5, 7),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="end-odds",
        title="When will the game end?",
        summary="Exact odds of the last round (6, 7 or 8) from the Sovereign deck's build.",
        form=FORM,
        run=end_odds,
        example={"sovereign_drawn": 5},
        rules=("end-of-game", "setup-sovereign-deck", "beginning-of-the-end",
               "sovereign-card-phase"),
    ),
)
