"""Contract odds with rerolls (issue 31, item 7): laws for any input, a brute force over
every ordered roll and every subset of dice for small pools, and the largest pools the
calculator accepts."""
from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games import find_game
from assistant.games.maniacal.calculators.rerolls import MAX_SCHEMES, MAX_STATES, Odds, showings

OP = find_game("maniacal").calculator("contract-odds")


def brute(faces: dict[str, list[int]], dice: list[str], target: int, lackey: bool,
          schemes: int) -> Fraction:
    """Best play over ordered dice, trying every subset: no sorting, no shortcut."""

    @cache
    def best(state: tuple[int, ...], lackey: bool, schemes: int) -> Fraction:
        value = Fraction(int(sum(state) >= target))
        tools = ([(len(state), False, schemes)] if lackey else []) + (
            [(3, lackey, schemes - 1)] if schemes else [])
        for most, lk, sc in tools:
            for size in range(1, min(most, len(state)) + 1):
                for chosen in combinations(range(len(state)), size):
                    sides = [faces[dice[i]] for i in chosen]
                    total = Fraction(0)
                    for roll in product(*sides):
                        new = list(state)
                        for i, v in zip(chosen, roll, strict=True):
                            new[i] = v
                        total += best(tuple(new), lk, sc)
                    value = max(value, total / prod(len(s) for s in sides))
        return value

    def prod(xs):
        out = 1
        for x in xs:
            out *= x
        return out

    sides = [faces[d] for d in dice]
    return sum((best(roll, lackey, schemes) for roll in product(*sides)),
               Fraction(0)) / prod(len(s) for s in sides)


face_lists = st.lists(st.integers(0, 3), min_size=1, max_size=3)


@settings(max_examples=25, deadline=None)
@given(brawn=face_lists, stealth=face_lists, nb=st.integers(0, 2), ns=st.integers(0, 1),
       target=st.integers(1, 7), lackey=st.booleans(), schemes=st.integers(0, 1))
def test_matches_brute_force_on_small_pools(brawn, stealth, nb, ns, target, lackey, schemes):
    faces = {"brawn": brawn, "stealth": stealth}
    pool = {"brawn": nb, "stealth": ns}
    dice = ["brawn"] * nb + ["stealth"] * ns
    got = Odds(faces, target).chance(pool, lackey, schemes)
    assert got == brute(faces, dice, target, lackey, schemes)


def _answer(n: int, values: list[int], target: int, schemes: int):
    faces = [{"trait": "brawn", "value": v} for v in values]
    return OP.run({"recommended": "stealth", "target": target, "brawn": n,
                   "lackey_team_brawn": n, "schemes": schemes, "faces": faces}).result


@settings(max_examples=6, deadline=None)
@given(values=st.lists(st.integers(0, 3), min_size=6, max_size=6),
       target=st.integers(1, 16), schemes=st.integers(0, MAX_SCHEMES))
def test_largest_pool_rerolls_only_help(values, target, schemes):
    """5 dice of one colour with 6 faces, both rerolls: the biggest pool accepted."""
    assert showings({"brawn": 5}, {"brawn": values}) <= MAX_STATES
    r = _answer(5, values, target, schemes)
    for key in ("without_lackey", "with_lackey"):
        assert 0 <= r[key]["one_roll"] <= r[key]["chance"] <= 1
        assert Fraction(r[key]["one_roll_exact"]) <= Fraction(r[key]["exact"])
    assert Fraction(r["with_lackey"]["exact"]) >= Fraction(r["without_lackey"]["exact"])


def test_more_schemes_never_hurt():
    faces = {"brawn": [0, 1, 1, 2, 3, 3]}
    odds = Odds(faces, 7)
    chances = [odds.chance({"brawn": 3}, False, s) for s in range(MAX_SCHEMES + 1)]
    assert chances == sorted(chances) and chances[0] < chances[-1]
