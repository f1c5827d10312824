"""Standard competition ranking (1, 1, 3) with a chain of tie-breaks.

Entries are compared criterion by criterion; the first criterion on which two entries differ
decides their order. Entries equal on every criterion share a rank, and the next distinct
entry skips the shared places. Nothing is ever broken at random: display order among fully
tied entries falls back to the name, so the answer never depends on the input order.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
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
    """Rank `items` best first by `criteria`, ties shared (standard competition ranking)."""

    def sort_key(item: T) -> tuple[tuple[int, ...], str, str]:
        signed = tuple(-c.key(item) if c.higher_wins else c.key(item) for c in criteria)
        return signed, name(item).casefold(), name(item)

    ordered = sorted(items, key=sort_key)
    placed: list[Placed[T]] = []
    for position, item in enumerate(ordered):
        if not placed:
            placed.append(Placed(item, 1, None))
            continue
        above = placed[-1]
        step = separating_criterion(above.item, item, criteria)
        shared = step is None
        placed.append(Placed(item, above.rank if shared else position + 1,
                             UNRESOLVED if shared else step))
    return tuple(placed)


def separating_criterion(a: T, b: T, criteria: Sequence[Criterion[T]]) -> str | None:
    """Slug of the first criterion on which `a` and `b` differ, or None if level on all."""
    for criterion in criteria:
        if criterion.key(a) != criterion.key(b):
            return criterion.slug
    return None
