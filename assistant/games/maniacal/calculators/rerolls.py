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
from .dice import FACE, MAX_POOL, TRAIT_NAMES, _faces

SCHEME_REROLL = number("rerolls", "scheme")
MAX_SCHEMES = 2
MAX_STATES = 5000
"""Exact best play looks at every roll a team can show, and that count grows fast with the
pool (mixed colours most). Up to 5,000 of them answer within seconds: the rulebook's powered
henchman (4 Brawn, 1 Stealth, 1 Magic: 6 dice, maniacal.txt:279) shows at most 4,536 with
six different faces per die, and a single colour up to 7 dice (the box's 28 dice are 7 of
each colour) shows at most 792. Bigger pools are this calculator's own limit: it says so,
and Success odds gives their one-roll chance."""

State = tuple[tuple[int, ...], ...]
"""The faces showing, per colour in TRAIT_NAMES order, each colour's values sorted."""


class Odds:
    """Best play for one set of faces and a Target.

    Worked out twice: in floating point to find, in every state, the choices that come
    within a hair of the best, then exactly (fractions) over those choices only. The exact
    answer is the best one, since the best choice is always among those kept. What a reroll
    leads to depends only on the dice kept, so it is worked out once per set of dice kept;
    a die showing its colour's highest face is never worth rerolling (keeping it is at
    least as good whatever comes next); and the last reroll needs only the chance the fresh
    dice bring the kept total to the Target."""

    EPS = 1e-9

    def __init__(self, faces: Mapping[str, list[int]], target: int) -> None:
        self.sides = tuple(tuple(sorted(faces.get(t) or [0])) for t in TRAIT_NAMES)
        self.target = target
        self.rolls = lru_cache(maxsize=None)(self._rolls)
        self.merged = lru_cache(maxsize=None)(self._merged)
        self.tail = lru_cache(maxsize=None)(self._tail)
        self.tail_f = lru_cache(maxsize=None)(self._tail_f)
        self.expect = lru_cache(maxsize=None)(self._expect)
        self.value = lru_cache(maxsize=None)(self._value)
        self.exact = lru_cache(maxsize=None)(self._exact)
        self.keep: dict[tuple[State, bool, int], list[tuple[tuple[int, ...], bool, int]]] = {}

    def _rolls(self, colour: int, k: int) -> tuple[tuple[tuple[int, ...], int], ...]:
        """Every sorted outcome of k dice of a colour with the number of ways it comes up
        out of faces ** k (each face equally likely, a value on two faces twice as likely)."""
        sides = self.sides[colour]
        out: dict[tuple[int, ...], int] = {}
        for idx in combinations_with_replacement(range(len(sides)), k):
            ways = factorial(k) // prod(factorial(idx.count(i)) for i in set(idx))
            values = tuple(sorted(sides[i] for i in idx))
            out[values] = out.get(values, 0) + ways
        return tuple(out.items())

    def _merged(self, colour: int, kept: tuple[int, ...], k: int,
                ) -> tuple[tuple[tuple[int, ...], int], ...]:
        """A colour's dice after rerolling k of them beside `kept`, each with its ways."""
        if not k:
            return ((kept, 1),)
        return tuple((tuple(sorted(kept + vals)), ways) for vals, ways in self.rolls(colour, k))

    def _tail(self, counts: tuple[int, ...]) -> tuple[Fraction, ...]:
        """P(the fresh dice add up to at least n), for n from 0 to the Target."""
        ways: dict[int, int] = {0: 1}
        for c, k in enumerate(counts):
            for _ in range(k):
                step: dict[int, int] = {}
                for total, w in ways.items():
                    for v in self.sides[c]:
                        step[total + v] = step.get(total + v, 0) + w
                ways = step
        outcomes = sum(ways.values())
        return tuple(Fraction(sum(w for v, w in ways.items() if v >= need), outcomes)
                     for need in range(self.target + 1))

    def _tail_f(self, counts: tuple[int, ...]) -> tuple[float, ...]:
        return tuple(map(float, self.tail(counts)))

    def _expect(self, kept: State, counts: tuple[int, ...], lackey: bool, schemes: int,
                exact: bool) -> Fraction | float:
        """The chance after rerolling `counts[c]` dice of each colour beside `kept`, with
        the rerolls left (best play afterwards)."""
        need = self.target - sum(map(sum, kept))
        if need <= 0:
            return Fraction(1) if exact else 1.0
        if not lackey and not schemes:
            return (self.tail(counts) if exact else self.tail_f(counts))[need]
        after = self.exact if exact else self.value
        options = [self.merged(c, keep, k)
                   for c, (keep, k) in enumerate(zip(kept, counts, strict=True))]
        total: Any = 0
        for combo in product(*options):
            ways = 1
            for _, w in combo:
                ways *= w
            total += ways * after(tuple(faces for faces, _ in combo), lackey, schemes)
        outcomes = prod(len(self.sides[c]) ** k for c, k in enumerate(counts))
        return Fraction(total, outcomes) if exact else total / outcomes

    def _choices(self, state: State, most: int) -> list[tuple[int, ...]]:
        """Dice to reroll per colour, lowest first: at least one, at most `most` in all, never
        a die showing its colour's highest face."""
        ranges = [range(sum(1 for v in faces if v < top) + 1)
                  for faces, top in zip(state, map(max, self.sides), strict=True)]
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
        kept = tuple(faces[k:] for faces, k in zip(state, counts, strict=True))
        return self.expect(kept, counts, lackey, schemes, exact)

    def _value(self, state: State, lackey: bool, schemes: int) -> float:
        if sum(map(sum, state)) >= self.target:
            return 1.0
        scored = [(float(self._after(state, m, False)), m)
                  for m in self._moves(state, lackey, schemes)]
        best = max((v for v, _ in scored), default=0.0)
        self.keep[(state, lackey, schemes)] = [m for v, m in scored
                                               if best > 0 and v >= best - self.EPS]
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
        return Fraction(self.expect(start, counts, lackey, schemes, True))


def _pool(data: Mapping[str, Any], prefix: str) -> dict[str, int] | None:
    values = {t: data.get(prefix + t) for t in TRAIT_NAMES}
    if all(v is None for v in values.values()):
        return None
    return {t: int(v or 0) for t, v in values.items()}


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
            raise InvalidInput("brawn", f"This pool can show {showings(pool, faces):,} "
                               "different sets of faces: more than this calculator works out "
                               f"best play for ({MAX_STATES:,}, enough for 7 dice of one "
                               "colour or the rulebook's 6-dice powered henchman). The rules "
                               "allow the pool: Success odds gives its one-roll chance.",
                               f"a pool showing at most {MAX_STATES:,} sets of faces")
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
    return tuple(Integer(prefix + t, f"{who}: {t} dice.", minimum=0, maximum=MAX_POOL)
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
