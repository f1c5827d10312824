"""A game's score through its rounds (issue 43): each seat's score measure (VP, Infamy, a
Syndicate Score, Villains in jail: the game's own, `Tracker.tally`) at the start, at the end
of every round and at the end, for the finished game's chart.

One pass over the history: the events in effect are folded once from the setup, and the
measure is read only where a round ends (`Tracker.round_of` changes) and at the end, so a long
evening costs one fold and a dozen readings, never a score per event. The measure comes from
what every seat may see (the standings, or public counts), never from a secret.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .history import History
from .kernel import apply_event

Tally = tuple[str, Mapping[str, float | int | None]]
"""The measure's unit ("VP") and each seat's value by seat id."""


@dataclass(frozen=True)
class Series:
    seat: str
    name: str
    values: tuple[float | int | None, ...]
    """One value per point (None: the measure says nothing for this seat there)."""

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "values": list(self.values)}


@dataclass(frozen=True)
class Progress:
    unit: str
    points: tuple[str, ...]
    """What each point is: "Start", "Round 1", ..., "End"."""
    series: tuple[Series, ...]

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "points": list(self.points),
                "series": [s.to_json() for s in self.series]}


def progress(history: History) -> Progress | None:
    """The measure of every seat at the start, each round's end and the end; None for a game
    whose tracker keeps no rounds or no measure."""
    tracker, setup = history.tracker, history.setup
    round_of, tally = tracker.round_of, tracker.tally
    state = tracker.initial(setup)
    first: Tally | None = tally(setup, state)
    if first is None:
        return None
    labels, readings = ["Start"], [first[1]]
    now = round_of(setup, state)
    for version in history.effective():  # a seat's release among them: the game's forget
        after = apply_event(tracker, setup, state, history.event_at(version), version)
        then = round_of(setup, after)
        if then != now and now is not None:
            labels.append(f"Round {now}")
            readings.append(_read(tally(setup, state)))
        state, now = after, then
    last = tally(setup, state)
    labels.append("End")
    readings.append(_read(last))
    unit = (last or first)[0]
    series = tuple(Series(s.id, _named(s), tuple(r.get(s.id) for r in readings))
                   for s in setup.seats if any(r.get(s.id) is not None for r in readings))
    return Progress(unit, tuple(labels), series)


def _named(seat: Any) -> str:
    """A seat as the chart names it: its name, and its player's where it has one."""
    player = getattr(seat, "player", None)
    return f"{seat.name} ({player})" if player and player != seat.name else str(seat.name)


def _read(found: Tally | None) -> Mapping[str, float | int | None]:
    return {} if found is None else found[1]
