"""The Phantom player's turn (2-player variation): where it sits this round, and the exact odds
of what its two Base-card draws do: fortify its own bases, assault the real players', and how
many bases it takes. Enumerates every pair of cards and every die face.

Rulebook: 2-Player Game Variation (syndicate.txt:667-691); assault table (syndicate.txt:522-526).
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, lcm
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Integer, OneOf

from ..book import says
from ..checks import optional, whole
from ..odds import dist_json, expectation, show, words
from ..tables import (
    PHANTOM_DRAWS,
    PHANTOM_PLAYERS,
    PHANTOM_REINFORCEMENTS,
    ROUNDS_MAX,
    alert_max,
)
from .alert import band as band_of
from .alert import bands
from .assault import assault_chance

BANDS = tuple(PHANTOM_REINFORCEMENTS)
PHANTOM_ALERT_MAX = alert_max(PHANTOM_PLAYERS + 1)
"""Two real players and the Phantom: the 2-3 player maximum (syndicate.txt:629)."""
SEATS = 3
"""Two real players and the Phantom."""


def phantom_position(round_no: int) -> int:
    """1-based place in turn order: 3rd in round 1, 2nd in round 2, 1st in round 3, ...

    The Phantom sits counter-clockwise of the first real player (last in round 1) and the First
    Player tile moves one seat clockwise each round (syndicate.txt:485, 675)."""
    return (SEATS - 1 - (round_no - 1)) % SEATS + 1


def _band(data: Mapping[str, Any]) -> tuple[str, str | None, int | None]:
    """The colour now, the colour after one Phantom assault (None: not known) and the level.

    With the alert level and the table's band limits, the second assault of a turn is judged
    at the level the first one raised (syndicate.txt:520, 680-683); with only a colour, both
    assaults use that colour."""
    raw = data.get("band")
    level = optional(data, "alert", low=1, high=PHANTOM_ALERT_MAX)
    orange, red = bands(data, PHANTOM_ALERT_MAX)
    found = band_of(level, orange, red) if level else None
    if raw:
        if raw not in BANDS:
            raise InvalidInput("band", f"{raw!r} is not an alert colour.", ", ".join(BANDS))
        if found is not None and found != raw:
            raise InvalidInput("band", f"Alert {level} is {found} on the limits you gave.",
                               found)
        found = str(raw)
    if found is None:
        raise InvalidInput("band", "Give the alert colour, or the alert level with where orange "
                           "and red start on your track (the book's text lost the bands).",
                           ", ".join(BANDS))
    after = (band_of(min(PHANTOM_ALERT_MAX, level + 1), orange, red)
             if level is not None else None)
    return found, after, level


def phantom_turn(data: Mapping[str, Any]) -> Explained:
    counts = {"own-unfortified": whole(data, "phantom_unfortified", 0, high=18),
              "own-fortified": whole(data, "phantom_fortified", 0, high=18),
              "real-unfortified": whole(data, "real_unfortified", 0, high=18),
              "real-fortified": whole(data, "real_fortified", 0, high=18)}
    total = sum(counts.values())
    if total < PHANTOM_DRAWS:
        raise InvalidInput("real_unfortified", f"The pool needs at least {PHANTOM_DRAWS} Base "
                           "cards.", f"{PHANTOM_DRAWS} or more bases in all")
    colour, after, level = _band(data)
    r = PHANTOM_REINFORCEMENTS[colour]
    r2 = PHANTOM_REINFORCEMENTS[after] if after is not None else r
    p_win = {"real-unfortified": assault_chance(r, False),
             "real-fortified": assault_chance(r, True)}
    p_second = {"real-unfortified": assault_chance(r2, False),
                "real-fortified": assault_chance(r2, True)}
    steps = []
    rnd = optional(data, "round", low=1, high=ROUNDS_MAX)
    if rnd is not None:
        pos = phantom_position(rnd)
        steps.append(Step(f"Round {rnd}: the Phantom acts {_ordinal(pos)}.", pos,
                          "phantom-variant"))
    steps += [
        Step(f"Pool: {total} Base cards (Phantom {counts['own-unfortified']} unfortified + "
             f"{counts['own-fortified']} fortified; real players {counts['real-unfortified']} "
             f"unfortified + {counts['real-fortified']} fortified or covered). Draw "
             f"{PHANTOM_DRAWS}.", total, "phantom-turn"),
        Step(f"{colour.capitalize()} alert: each assault uses {r} reinforcement(s).", r,
             "phantom-turn"),
        Step(f"Assault odds: {words(p_win['real-unfortified'])} against an unfortified base, "
             f"{words(p_win['real-fortified'])} against a fortified one.", None, "assaults"),
    ]
    if after is not None and after != colour:
        steps.append(says(
            "phantom-turn", "card-order",
            f"The first assault lifts the alert from {level} into {after}: a second assault "
            f"this turn uses {r2} reinforcements ({words(p_second['real-unfortified'])} "
            f"unfortified, {words(p_second['real-fortified'])} fortified).", r2))
    elif after is None:
        steps.append(says(
            "phantom-turn", "card-order",
            "Both assaults are taken at this colour. If the first one lifts the alert into the "
            "next colour, the second is stronger: give the alert level and band limits for "
            "that case."))
    assaults, fortifies, captures = _draw_odds(counts, p_win, p_second)
    mean = expectation(captures)
    steps.append(says("phantom-turn", "pairs-odds", "Assaults this turn: " + ", ".join(
        f"{k}: {words(p)}" for k, p in assaults.items()) + ". Each raises the alert by 1."))
    steps.append(says("phantom-turn", "pairs-odds", "Bases the Phantom takes: " + ", ".join(
        f"{k}: {words(p)}" for k, p in captures.items()) + f" (average {mean}).", str(mean)))
    steps.append(says("phantom-turn", "no-resources", "Its own unfortified bases drawn are "
                      "fortified (free: it has no resources); a base it wins is unfortified."))
    captures = {n: p for n, p in captures.items() if p}
    result = {"band": colour, "reinforcements": r, "pool": total,
              "second_assault_reinforcements": r2,
              "assaults": dist_json(assaults), "fortifies": dist_json(fortifies),
              "captures": dist_json(captures), "expected_captures": str(mean),
              "at_least_one_capture": show(1 - captures.get(0, Fraction(0))),
              "position": phantom_position(rnd) if rnd is not None else None}
    return Explained(result, tuple(steps),
                     f"Phantom turn ({colour}): takes at least one base with "
                     f"{words(1 - captures.get(0, Fraction(0)))}.")


def _draw_odds(counts: Mapping[str, int], p_win: Mapping[str, Fraction],
               p_second: Mapping[str, Fraction]
               ) -> tuple[dict[int, Fraction], dict[int, Fraction], dict[int, Fraction]]:
    """Exact distributions of assaults, fortifies and captures over every pair of cards drawn.

    Counted in whole numbers over one common denominator and turned into fractions at the
    end: the same exact values as adding fractions card by card, at a fraction of the cost."""
    pairs = comb(sum(counts.values()), PHANTOM_DRAWS)
    unit = lcm(*(q.denominator for q in (*p_win.values(), *p_second.values())))
    first = {c: q.numerator * (unit // q.denominator) for c, q in p_win.items()}
    second = {c: q.numerator * (unit // q.denominator) for c, q in p_second.items()}
    assaults: dict[int, int] = {}
    fortifies: dict[int, int] = {}
    captures: dict[int, int] = {}  # over pairs * 2 orders * unit ** 2 die outcomes
    for a, b in combinations_with_replacement(counts, 2):
        ways = comb(counts[a], 2) if a == b else counts[a] * counts[b]
        if not ways:
            continue
        cards = (a, b)
        k = sum(c.startswith("real") for c in cards)
        f = sum(c == "own-unfortified" for c in cards)
        assaults[k] = assaults.get(k, 0) + ways
        fortifies[f] = fortifies.get(f, 0) + ways
        # Either card may be resolved first (each order equally likely); only the second
        # assault of the turn can meet a raised alert.
        for order in ((a, b), (b, a)):
            dist = {0: 1}
            done = 0
            for c in order:
                nxt: dict[int, int] = {}
                if c in first:
                    q = (first if done == 0 else second)[c]
                    done += 1
                    for n, pn in dist.items():
                        nxt[n] = nxt.get(n, 0) + pn * (unit - q)
                        nxt[n + 1] = nxt.get(n + 1, 0) + pn * q
                else:  # no assault: every outcome of this card's (unrolled) die alike
                    nxt = {n: pn * unit for n, pn in dist.items()}
                dist = nxt
            for n, pn in dist.items():
                captures[n] = captures.get(n, 0) + ways * pn
    return (_fractions(assaults, pairs), _fractions(fortifies, pairs),
            _fractions(captures, pairs * 2 * unit ** 2))


def _fractions(counts: Mapping[int, int], out_of: int) -> dict[int, Fraction]:
    return {n: Fraction(c, out_of) for n, c in sorted(counts.items())}


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}[n]


FORM = (
    Integer("phantom_unfortified", "Phantom bases, unfortified", 0, 18, 0),
    Integer("phantom_fortified", "Phantom bases, fortified", 0, 18, 0),
    Integer("real_unfortified", "Real players' bases, unfortified and uncovered", 0, 18, 0),
    Integer("real_fortified", "Real players' bases, fortified or covered", 0, 18, 0),
    OneOf("band", "Alert colour now", BANDS),
    Integer("alert", "Or: alert level now (with the band limits, also judges a second "
            "assault at the raised level)", 1, PHANTOM_ALERT_MAX),
    Integer("orange_from", "First orange level on your track", 1, PHANTOM_ALERT_MAX),
    Integer("red_from", "First red level on your track", 1, PHANTOM_ALERT_MAX),
    Integer("round", "Current round (for the Phantom's place in turn order)", 1, 8),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="phantom-turn",
        title="Phantom player's turn",
        summary="Where the Phantom acts this round and the exact odds of its fortifies, "
                "assaults and captured bases.",
        form=FORM,
        run=phantom_turn,
        example={"phantom_unfortified": 5, "real_unfortified": 3, "real_fortified": 1,
                 "band": "yellow", "round": 1},
        rules=("phantom-turn", "phantom-variant", "assaults", "alert-bands"),
    ),
)
