"""Exact odds: every probability is a fractions.Fraction found by enumerating die faces or
convolving distributions, never by simulation. Shown as a fraction and a percentage."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from .tables import DIE_FACES

FACES = tuple(range(1, DIE_FACES + 1))


def percent(p: Fraction) -> str:
    """'66.67%': two decimals, exact value rounded only for display."""
    return f"{float(p) * 100:.2f}%"


def show(p: Fraction) -> dict[str, Any]:
    """A probability as JSON: the exact fraction, its percentage and a float."""
    return {"fraction": f"{p.numerator}/{p.denominator}", "percent": percent(p),
            "value": float(p)}


def words(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({percent(p)})"


def winning_faces(targets: Iterable[int], modifier: int = 0, optional_plus: int = 0
                  ) -> tuple[int, ...]:
    """Natural faces that win against the set of winning numbers `targets`.

    `modifier` is always added to the roll; `optional_plus` may be added or not, at the
    roller's choice (the Casino's +1). A modified roll above the top face counts as the top
    face (so 6 + 1 still wins when 6 wins); below 1 counts as 1.
    """
    wins = set(targets)

    def hits(total: int) -> bool:
        return min(max(total, FACES[0]), FACES[-1]) in wins

    return tuple(f for f in FACES
                 if hits(f + modifier) or (optional_plus and hits(f + modifier + optional_plus)))


def chance(faces: Iterable[int]) -> Fraction:
    return Fraction(len(set(faces)), DIE_FACES)


def dice_sum(n: int) -> dict[int, Fraction]:
    """Exact distribution of the total of n six-sided dice, by convolution (n = 0: total 0)."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(n):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for f in FACES:
                nxt[total + f] = nxt.get(total + f, Fraction(0)) + p / DIE_FACES
        dist = nxt
    return dict(sorted(dist.items()))


def expectation(dist: Mapping[int, Fraction]) -> Fraction:
    return sum((Fraction(k) * p for k, p in dist.items()), Fraction(0))


def dist_json(dist: Mapping[int, Fraction]) -> list[dict[str, Any]]:
    return [{"outcome": k, **show(p)} for k, p in dist.items()]


def at_least(dist: Mapping[int, Fraction], k: int) -> Fraction:
    return sum((p for v, p in dist.items() if v >= k), Fraction(0))
