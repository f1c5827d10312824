"""Standard competition ranking (1, 1, 3) with a chain of tie-breaks.

Entries are compared criterion by criterion; the first criterion on which two entries differ
decides their order. Entries equal on every criterion share a rank, and the next distinct
entry skips the shared places. Nothing is ever broken at random: display order among fully
tied entries falls back to the name, so the answer never depends on the input order.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Generic, TypeVar

T = TypeVar("T")

UNRESOLVED = "unresolved"
"""Separation slug for two neighbours that every criterion leaves level."""


@dataclass(frozen=True)
class Criterion(Generic[T]):
    """One link in the chain: a number per entry and which way is better."""

    slug: str
    label: str
    """Plural noun phrase for notes: "completed objectives", "active Betrayal Triggers"."""
    key: Callable[[T], int]
    higher_wins: bool = True
    rule: str | None = None


@dataclass(frozen=True)
class Placed(Generic[T]):
    """An entry with its rank and what separated it from the entry just above it."""

    item: T
    rank: int
    separated_by: str | None
    """Slug of the first criterion on which it differs from the entry above; UNRESOLVED when
    none does; None for the first entry."""


def rank(items: Sequence[T], criteria: Sequence[Criterion[T]],
         name: Callable[[T], str]) -> tuple[Placed[T], ...]:
    """Rank `items` best first by `criteria`, ties shared (standard competition ranking).

    Each entry's numbers are worked out once (signed so that smaller sorts first) and both
    the order and each separation read them: the same answer as asking the criteria again
    (separating_criterion), at a fraction of the calls."""
    keyed = []
    for item in items:
        label = name(item)
        signed = tuple([-c.key(item) if c.higher_wins else c.key(item) for c in criteria])
        keyed.append((signed, label.casefold(), label, item))
    keyed.sort(key=itemgetter(0, 1, 2))  # stable, as sorted(items, key=...) was
    slugs = [c.slug for c in criteria]
    placed: list[Placed[T]] = []
    above: tuple[int, ...] = ()
    for position, (signed, _, _, item) in enumerate(keyed):
        if not placed:
            placed.append(Placed(item, 1, None))
        else:
            step = next((slug for slug, a, b in zip(slugs, above, signed, strict=True)
                         if a != b), None)
            placed.append(Placed(item, placed[-1].rank if step is None else position + 1,
                                 UNRESOLVED if step is None else step))
        above = signed
    return tuple(placed)


def separating_criterion(a: T, b: T, criteria: Sequence[Criterion[T]]) -> str | None:
    """Slug of the first criterion on which `a` and `b` differ, or None if level on all."""
    for criterion in criteria:
        if criterion.key(a) != criterion.key(b):
            return criterion.slug
    return None
