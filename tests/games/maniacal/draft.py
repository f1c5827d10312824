"""The room draft for tests about later phases: each seat's missing picks made before the
Henchmen phase, which the rules start only after every player's third pick
(maniacal.txt:93-97). A seat's first pick of the round builds a free room (no attraction), so
every seat has a room to activate later (maniacal.txt:193, 196); the others are $0 sales."""
from __future__ import annotations

from typing import Any

from assistant.tracker import SHARED, History, parse_event

PICKS = 3
FREE_ROOM = {"kind": "build", "cost": 0, "type": "beasts", "points": 0, "room": "Lab"}


def step(history: History, raw: dict[str, Any]) -> None:
    """Append `raw`; a Henchmen phase first completes the draft (a free room, then $0
    sales)."""
    tracker = history.tracker
    if raw.get("kind") == "henchmen-phase":
        rows = tracker.state_json(history.setup, history.state, SHARED)["seats"]
        for row in rows:
            for n in range(PICKS - int(row.get("picks", PICKS))):
                pick = FREE_ROOM if n == 0 and row.get("picks") == 0 else {
                    "kind": "sell", "cost": 0}
                history.append(parse_event(tracker, {**pick, "seat": row["id"]}))
    history.append(parse_event(tracker, raw))


def sales(*seats: str) -> list[dict[str, Any]]:
    """Every pick of a round, for event lists sent as they are: a free room, then $0 sales."""
    return [{**FREE_ROOM, "seat": s} if n == 0 else {"kind": "sell", "seat": s, "cost": 0}
            for s in seats for n in range(PICKS)]
