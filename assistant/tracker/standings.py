"""A session's score as a table reads it: the score calculator's explained answer with each
seat's standing (rank, total, its own steps each citing its rule, why it sits where it does),
marked provisional until the rules end the game. Every game's `Tracker.score` answers in this
shape, so the live page, the play log and the tests read one thing."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from assistant.explain import Explained, Step

PROVISIONAL = "Provisional (the game has not ended): "


@dataclass(frozen=True)
class Standing:
    seat: str
    """The seat's id."""
    name: str
    rank: int
    """Standard competition ranking: tied seats share a rank (1, 1, 3)."""
    total: int | float | None
    """The seat's points; None in a game without points (the winner is decided otherwise)."""
    winner: bool
    steps: tuple[Step, ...] = ()
    """This seat's own lines, each with its value and rule ("−1 VP: Betrayal Trigger active")."""
    tie: str = ""
    """Why this seat sits below (or level with) the seat above it, citing the tie-break rule;
    "" for the first seat or where totals alone decide."""
    role: str = ""
    """A public role worth keeping (a team, a Henchman, a revealed Identity); never a secret."""

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "rank": self.rank, "total": self.total,
                "winner": self.winner, "steps": [s.to_json() for s in self.steps],
                "tie": self.tie, "role": self.role}


def table_score(answer: Explained, standings: Sequence[Standing], *, final: bool,
                points: bool = True, unit: str = "VP") -> Explained:
    """`answer` (the calculator's) with the standings, best first, and whether it is final."""
    ordered = sorted(standings, key=lambda s: s.rank)
    result = {**answer.result, "final": final, "points": points, "unit": unit,
              "standings": [s.to_json() for s in ordered]}
    summary = answer.summary if final else PROVISIONAL + answer.summary
    return Explained(result, answer.steps, summary, answer.extra)
