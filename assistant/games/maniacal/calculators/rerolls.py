"""Contract odds with rerolls: the chance a team reaches the Target when its player rerolls
as well as possible, with and without sending the Lackey (maniacal.txt:251, 269).

The Lackey on the team lets its player reroll any number of dice once, after the roll
(maniacal.txt:251); each positive Scheme played for it rerolls up to 3 dice, and rerolls may
follow one another (maniacal.txt:269). The player sees every roll before choosing, so the
chance is worked out exactly by trying every choice: which reroll to use next (or none), and
how many dice of each colour to reroll. Rerolling the lowest dice of a colour is never worse
than rerolling higher ones of it (keeping higher faces leaves every later choice open), so
a choice is a count per colour. The faces are the table's own (maniacal.txt:226 gives none).
"""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import comb, factorial, prod
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Integer, ListOf, OneOf

from ..facts import number, says
from ..modes import COLOURS, Trait
from .dice import FACE, TRAIT_NAMES, _faces

SCHEME_REROLL = number("rerolls", "scheme")
MAX_DICE = 5
MAX_SCHEMES = 2
MAX_STATES = 500
"""Exact best play looks at every roll a team can show, and that count grows fast with the
pool (mixed colours most): up to 500 of them (5 dice of one colour, 2 + 2 of two colours
with 6 faces) answer within a few seconds on a busy machine; bigger pools belong to the
one-roll Success odds."""

State = tuple[tuple[int, ...], ...]
"""The faces showing, per colour in TRAIT_NAMES order, each colour's values sorted."""


class Odds:
    """Best play for one set of faces and a Target.

    Worked out twice: in floating point to find, in every state, the choices that come
    within a hair of the best, then exactly (fractions) over those choices only. The exact
    answer is the best one, since the best choice is always among those kept."""

    EPS = 1e-9

    def __init__(self, faces: Mapping[str, list[int]], target: int) -> None:
        self.sides = tuple(tuple(sorted(faces.get(t) or [0])) for t in TRAIT_NAMES)
        self.target = target
        self.rolls = lru_cache(maxsize=None)(self._rolls)
        self.rolls_f = lru_cache(maxsize=None)(self._rolls_f)
        self.last_f = lru_cache(maxsize=None)(self._last_f)
        self.sums = lru_cache(maxsize=None)(self._sums)
        self.value = lru_cache(maxsize=None)(self._value)
        self.exact = lru_cache(maxsize=None)(self._exact)
        self.keep: dict[tuple[State, bool, int], list[tuple[tuple[int, ...], bool, int]]] = {}

    def _rolls(self, colour: int, k: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
        """Every sorted outcome of k dice of a colour with its chance (each face equally
        likely, a value on two faces twice as likely)."""
        sides = self.sides[colour]
        n = len(sides)
        out: dict[tuple[int, ...], Fraction] = {}
        for idx in combinations_with_replacement(range(n), k):
            ways = factorial(k) // prod(factorial(idx.count(i)) for i in set(idx))
            values = tuple(sorted(sides[i] for i in idx))
            out[values] = out.get(values, Fraction(0)) + Fraction(ways, n ** k)
        return tuple(out.items())

    def _sums(self, counts: tuple[int, ...]) -> tuple[tuple[int, Fraction], ...]:
        """The total of `counts[c]` fresh dice of each colour, as a distribution."""
        dist: dict[int, Fraction] = {0: Fraction(1)}
        for c, k in enumerate(counts):
            for _ in range(k):
                n = len(self.sides[c])
                step: dict[int, Fraction] = {}
                for total, p in dist.items():
                    for v in self.sides[c]:
                        step[total + v] = step.get(total + v, Fraction(0)) + p / n
                dist = step
        return tuple(dist.items())

    def _outcomes(self, state: State, counts: tuple[int, ...], exact: bool = True,
                  ) -> list[tuple[State, Any]]:
        """The states a reroll can lead to, each with its chance (a float when not exact)."""
        kept = [faces[k:] for faces, k in zip(state, counts, strict=True)]
        one: Any = Fraction(1) if exact else 1.0
        options = [(self.rolls(c, k) if exact else self.rolls_f(c, k)) if k else (((), one),)
                   for c, k in enumerate(counts)]
        out = []
        for combo in product(*options):
            chance = one
            for _, p in combo:
                chance *= p
            out.append((tuple(tuple(sorted(keep + vals)) for keep, (vals, _) in
                              zip(kept, combo, strict=True)), chance))
        return out

    def _rolls_f(self, colour: int, k: int) -> tuple[tuple[tuple[int, ...], float], ...]:
        return tuple((v, float(p)) for v, p in self.rolls(colour, k))

    def _last(self, state: State, counts: tuple[int, ...]) -> Fraction:
        """The chance when this reroll is the last: only the new total matters."""
        kept = sum(sum(faces[k:]) for faces, k in zip(state, counts, strict=True))
        return sum((p for v, p in self.sums(counts) if kept + v >= self.target), Fraction(0))

    def _choices(self, state: State, most: int) -> list[tuple[int, ...]]:
        """Dice to reroll per colour: at least one, at most `most` in all."""
        ranges = [range(len(faces) + 1) for faces in state]
        return [c for c in product(*ranges) if 0 < sum(c) <= most]

    def _moves(self, state: State, lackey: bool, schemes: int,
               ) -> list[tuple[tuple[int, ...], bool, int]]:
        """(dice per colour, Lackey left after, Schemes left after) for every reroll."""
        moves = []
        if lackey:
            moves += [(c, False, schemes) for c in self._choices(state, sum(map(len, state)))]
        if schemes:
            moves += [(c, lackey, schemes - 1) for c in self._choices(state, SCHEME_REROLL)]
        return moves

    def _after(self, state: State, move: tuple[tuple[int, ...], bool, int], exact: bool,
               ) -> Fraction | float:
        counts, lackey, schemes = move
        if not lackey and not schemes:
            return self._last(state, counts) if exact else self.last_f(state, counts)
        if exact:
            return sum((p * self.exact(s, lackey, schemes)
                        for s, p in self._outcomes(state, counts)), Fraction(0))
        return float(sum(p * self.value(s, lackey, schemes)
                         for s, p in self._outcomes(state, counts, exact=False)))

    def _last_f(self, state: State, counts: tuple[int, ...]) -> float:
        return float(self._last(state, counts))

    def _value(self, state: State, lackey: bool, schemes: int) -> float:
        if sum(map(sum, state)) >= self.target:
            return 1.0
        scored = [(self._after(state, m, False), m) for m in self._moves(state, lackey, schemes)]
        best = max((float(v) for v, _ in scored), default=0.0)
        self.keep[(state, lackey, schemes)] = [m for v, m in scored
                                               if best > 0 and float(v) >= best - self.EPS]
        return best

    def _exact(self, state: State, lackey: bool, schemes: int) -> Fraction:
        if sum(map(sum, state)) >= self.target:
            return Fraction(1)
        self.value(state, lackey, schemes)
        return max((Fraction(self._after(state, m, True))
                    for m in self.keep[(state, lackey, schemes)]), default=Fraction(0))

    def chance(self, pool: Mapping[str, int], lackey: bool, schemes: int) -> Fraction:
        """The chance from the first roll on, with best play afterwards."""
        counts = tuple(pool.get(t, 0) for t in TRAIT_NAMES)
        start: State = tuple(() for _ in TRAIT_NAMES)
        if not lackey and not schemes:
            return self._last(start, counts)
        return sum((p * self.exact(s, lackey, schemes)
                    for s, p in self._outcomes(start, counts)), Fraction(0))


def _pool(data: Mapping[str, Any], prefix: str) -> dict[str, int] | None:
    values = {t: data.get(prefix + t) for t in TRAIT_NAMES}
    if all(v is None for v in values.values()):
        return None
    pool = {t: int(v or 0) for t, v in values.items()}
    if sum(pool.values()) > MAX_DICE:
        raise InvalidInput(prefix + TRAIT_NAMES[0], f"Exact odds with rerolls are worked out "
                           f"for teams of up to {MAX_DICE} dice; this one has "
                           f"{sum(pool.values())}. Use Success odds for bigger pools.",
                           f"up to {MAX_DICE} dice")
    return pool


def showings(pool: Mapping[str, int], faces: Mapping[str, list[int]]) -> int:
    """How many different sets of faces the pool can show (the work exact play takes)."""
    return prod(comb(k + len(set(faces.get(t) or [0])) - 1, k) for t, k in pool.items() if k)


def _line(pool: Mapping[str, int]) -> str:
    return ", ".join(f"{pool[t]} {t}" for t in TRAIT_NAMES if pool[t]) or "no dice"


def contract_odds(data: Mapping[str, Any]) -> Explained:
    recommended = str(data["recommended"])
    target = int(data["target"])
    schemes = int(data.get("schemes") or 0)
    without, with_lackey = _pool(data, ""), _pool(data, "lackey_team_")
    if without is None and with_lackey is None:
        raise InvalidInput("brawn", "Enter the dice of the team without the Lackey, of the "
                           "team with it, or both.", "dice per colour for a team")
    faces = _faces(data, recommended)
    for pool in (p for p in (without, with_lackey) if p):
        for t in TRAIT_NAMES:
            if pool[t] and not faces[t]:
                raise InvalidInput("faces", f"The pool has {t} dice but no {t} faces were "
                                   f"entered: enter each face of your {COLOURS[Trait(t)]} die "
                                   "once.", f"faces for {t}")
        if showings(pool, faces) > MAX_STATES:
            raise InvalidInput("brawn", f"This pool can show {showings(pool, faces)} "
                               "different sets of faces; exact best play is worked out for "
                               f"up to {MAX_STATES} (for example 5 dice of one colour, or 2 "
                               "and 2 of two colours). Use Success odds for bigger pools.",
                               f"a pool showing at most {MAX_STATES} sets of faces")
    odds = Odds(faces, target)
    steps = [says("die-faces", None, "Faces as entered by the table."),
             says("counting-successes", "icon-double", "Icon faces of the recommended trait "
                  "count double.")]
    if with_lackey is not None:
        steps.append(says("lackeys", "once", "The Lackey on the team: after the roll, reroll any "
                          "number of the dice, once."))
    result: dict[str, Any] = {"target": target, "schemes": schemes}
    if schemes:
        steps.append(Step(f"{schemes} reroll Scheme(s): each rerolls up to {SCHEME_REROLL} "
                          "dice, one after another, each once.", schemes, "rerolls",
                          Provenance.RULEBOOK))
    for key, team, lackey in (("without_lackey", without, False),
                              ("with_lackey", with_lackey, True)):
        if team is None:
            result[key] = None
            continue
        pool = team
        plain = odds.chance(pool, False, 0)
        best = odds.chance(pool, lackey, schemes)
        who = "With the Lackey sent" if lackey else "Without the Lackey"
        steps.append(Step(f"{who}: {_line(pool)}; one roll alone reaches {target} "
                          f"{float(plain):.1%} of the time.", round(float(plain), 6),
                          "contract-target"))
        if lackey or schemes:
            tools = " and ".join(x for x in ("the Lackey's reroll of any dice" if lackey else "",
                                              f"{schemes} Scheme reroll(s)" if schemes else "")
                                 if x)
            steps.append(says("rerolls", "best-play", f"{who}: with {tools}, played as well "
                              f"as possible, {float(best):.1%} "
                              f"({best.numerator}/{best.denominator}).", round(float(best), 6)))
        result[key] = {"dice": pool, "one_roll": round(float(plain), 6),
                       "one_roll_exact": f"{plain.numerator}/{plain.denominator}",
                       "chance": round(float(best), 6),
                       "exact": f"{best.numerator}/{best.denominator}"}
    if without is not None and with_lackey is not None:
        a, b = result["without_lackey"]["chance"], result["with_lackey"]["chance"]
        better = "with" if b > a else "without" if a > b else "either"
        result["better"] = better
        steps.append(says("rerolls", "best-play", f"Send the Lackey? {b:.1%} with it against "
                          f"{a:.1%} without: " + ("send it." if better == "with" else
                                                  "keep it home." if better == "without" else
                                                  "it makes no difference."), round(b - a, 6)))
    shown = [f"{'with' if k == 'with_lackey' else 'without'} the Lackey "
             f"{result[k]['chance']:.1%}" for k in ("without_lackey", "with_lackey")
             if result[k] is not None]
    return Explained(result, tuple(steps), f"Target {target}: " + "; ".join(shown) + ".")


def _team(prefix: str, who: str) -> tuple[Integer, ...]:
    return tuple(Integer(prefix + t, f"{who}: {t} dice.", minimum=0, maximum=MAX_DICE)
                 for t in TRAIT_NAMES)


CONTRACT_ODDS = Operation(
    slug="contract-odds",
    title="Contract odds with rerolls",
    summary="The chance of reaching the Target with the Lackey's reroll and reroll Schemes "
            "played as well as possible, with and without sending the Lackey.",
    form=(
        ListOf("faces", "Your dice's faces, entered once from the box (every face of each "
               "colour in the pools).", FACE, min_items=1, max_items=48, required=True),
        OneOf("recommended", "The contract's recommended trait.", TRAIT_NAMES, required=True),
        Integer("target", "Target to reach.", minimum=1, maximum=20, required=True),
        *_team("", "Team without the Lackey"),
        *_team("lackey_team_", "Team with the Lackey sent (its dice included)"),
        Integer("schemes", "Reroll Schemes you will play on it (up to 3 dice each).",
                minimum=0, maximum=MAX_SCHEMES, default=0),
    ),
    run=contract_odds,
    example={"recommended": "brawn", "target": 4, "brawn": 2, "lackey_team_brawn": 2,
             "faces": [{"trait": "brawn", "value": v} for v in (0, 0, 1, 1, 2, 3)]},
    rules=("rerolls", "lackeys", "positive-schemes", "die-faces", "contract-target"),
)

OPERATIONS = (CONTRACT_ODDS,)
