"""A session's score as a table reads it: the score calculator's explained answer with each
seat's standing (rank, total, its own steps each citing its rule, why it sits where it does),
marked provisional until the rules end the game, and opened by the outcome in one sentence
(`headline`: who wins, or that nobody does, and why). Every game's `Tracker.score` answers in
this shape, so the live page, the play log and the tests read one thing."""
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
    note: str = ""
    """Shown beside the total where it differs from the seat's counter on the board: how the
    one becomes the other ("2 VP held, −1 for Betrayal Trigger 3"); "" where they agree."""

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "rank": self.rank, "total": self.total,
                "winner": self.winner, "steps": [s.to_json() for s in self.steps],
                "tie": self.tie, "role": self.role, "note": self.note}


def table_score(answer: Explained, standings: Sequence[Standing], *, final: bool,
                points: bool = True, unit: str = "VP", headline: str = "",
                why: str = "") -> Explained:
    """`answer` (the calculator's) with the standings, best first, whether it is final, and
    the outcome in one sentence first: the game's own `headline`, else one said from the
    standings (`why`: the game's reason, after the winners' names). A final summary opens
    with that sentence; a provisional one says so first."""
    ordered = sorted(standings, key=lambda s: s.rank)
    said = headline or outcome(ordered, final=final, points=points, unit=unit, why=why)
    result = {**answer.result, "final": final, "points": points, "unit": unit,
              "unit_one": one(unit), "headline": said, "standings": [s.to_json() for s in ordered]}
    if not final:
        return Explained(result, answer.steps, PROVISIONAL + answer.summary, answer.extra)
    rest = [line for line in answer.summary.splitlines() if line.strip() != said]
    return Explained(result, answer.steps, "\n".join([said, *rest]).strip(), answer.extra)


def outcome(standings: Sequence[Standing], *, final: bool, points: bool, unit: str,
            why: str = "") -> str:
    """The outcome in one sentence from the standings (best first): "Ана wins with 14 VP,
    the most at the table.", "Ана and Бо share the win with 9 VP.", "Nobody wins."; while the
    game goes on, who leads."""
    winners = [s for s in standings if s.winner]
    if not final:
        lead = [s for s in standings if s.rank == 1] if points else []
        if not lead or lead[0].total is None:
            return "Provisional: the game has not ended, so this can still change."
        verb = "leads" if len(lead) == 1 else "lead"
        return f"Provisional: the game has not ended, so this can still change; " \
               f"{names(lead)} {verb} with {_amount(lead[0].total, unit)}."
    reason = f": {why.rstrip('.')}" if why else ""
    if not winners:
        return f"Nobody wins{reason}."
    total = winners[0].total
    if len(winners) > 1:
        amount = f" with {_amount(total, unit)}" if points and total is not None else ""
        return f"{names(winners)} share the win{amount}{reason}."
    first = winners[0]
    if not points or total is None:
        role = f" as the {first.role}" if first.role and not why else ""
        return f"{first.name} wins{role}{reason}."
    level = [s for s in standings if s is not first and s.total == total]
    if not reason and level:
        reason = f", level with {names(level)} but ahead on the tie-break"
    elif not reason and len(standings) > 1:
        reason = ", the most at the table"
    return f"{first.name} wins with {_amount(total, unit)}{reason}."


def names(seats: Sequence[Standing]) -> str:
    """"Ана", "Ана and Бо", "Ана, Бо and Cy"."""
    listed = [s.name for s in seats]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]


def _amount(total: int | float | None, unit: str) -> str:
    shown = int(total) if isinstance(total, float) and total.is_integer() else total
    return f"{shown} {one(unit) if shown == 1 else unit}".strip()


def one(unit: str) -> str:
    """A unit for a count of one: "Loot types" → "Loot type", "credits" → "credit"; "VP",
    "Infamy" stay."""
    return unit[:-1] if unit.endswith("s") and not unit.isupper() else unit
