"""Whose turn it is (Taking Turns/Order of Operations): actions go from the Team Leader, then
clockwise round the table (seat order); in Mayhem going round the table alternates teams, in
the order the Team Leader token travels.

Two ways a step is played in turns:
- round and round (`strict`): Coordination and Goodman Directives. One action a turn; a seat
  with nothing to do passes, and may act when its turn comes again; the step is over when
  everyone has passed in a row. So nobody takes two actions while another waits.
- once round (`ascending`): Tithe to Goodman (each seat once, starting left of the Team
  Leader) and Side Jobs (each seat claims all of its own on its turn). A seat further round
  may act once the earlier ones are done: the seats it skips have let their turn go by.

Where nobody has said who holds the Team Leader token, the first seat to act in a step starts
its order (the rules start with the Team Leader, so whoever the table let start is read as
holding it for that step); the table is never blocked for want of the token's holder.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from assistant.tracker.chain import evolve as replace


@dataclass(frozen=True)
class Turns:
    step: str
    """Which step these turns belong to ("coordination", "tithe", ...)."""
    order: tuple[str, ...]
    """Seat ids in the order they act."""
    at: int = 0
    """Strict: the index of the seat whose turn it is; ascending: the first index still
    allowed to act."""
    passes: int = 0
    """Strict: passes in a row (everyone passing ends the step)."""
    strict: bool = True

    @property
    def done(self) -> bool:
        if self.strict:
            return self.passes >= len(self.order)
        return self.at >= len(self.order)

    @property
    def seat(self) -> str:
        """Whose turn it is (strict), or the first seat still to act (ascending)."""
        return self.order[self.at % len(self.order)] if self.order else ""

    def may(self, seat: str) -> bool:
        if seat not in self.order or self.done:
            return False
        if self.strict:
            return self.seat == seat
        return self.order.index(seat) >= self.at

    def acted(self, seat: str, again: bool = False) -> Turns:
        """`seat` took its action. Ascending with `again`: it may act again on its turn."""
        if self.strict:
            return replace(self, at=(self.at + 1) % len(self.order), passes=0)
        i = self.order.index(seat)
        return replace(self, at=i if again else i + 1)

    def passed(self, seat: str) -> Turns:
        if self.strict:
            return replace(self, at=(self.at + 1) % len(self.order), passes=self.passes + 1)
        return replace(self, at=self.order.index(seat) + 1)


def rotate(order: Sequence[str], start: str | None, after: bool = False) -> tuple[str, ...]:
    """`order` starting at `start` (or at the seat after it); as it is when `start` is not in
    it."""
    seats = list(order)
    if start not in seats:
        return tuple(seats)
    i = seats.index(start) + (1 if after else 0)
    return tuple(seats[i:] + seats[:i])
