"""The room draft for tests about later phases: each seat's missing picks (sold for $0) made
before the Henchmen phase, which the rules start only after every player's third pick
(maniacal.txt:93-97)."""
from __future__ import annotations

from typing import Any

from assistant.tracker import SHARED, History, parse_event

PICKS = 3


def step(history: History, raw: dict[str, Any]) -> None:
    """Append `raw`; a Henchmen phase first completes the draft with $0 sales."""
    tracker = history.tracker
    if raw.get("kind") == "henchmen-phase":
        rows = tracker.state_json(history.setup, history.state, SHARED)["seats"]
        for row in rows:
            for _ in range(PICKS - int(row.get("picks", PICKS))):
                history.append(parse_event(tracker, {"kind": "sell", "seat": row["id"],
                                                     "cost": 0}))
    history.append(parse_event(tracker, raw))


def sales(*seats: str) -> list[dict[str, Any]]:
    """Every pick of a round as a $0 sale, for event lists sent as they are."""
    return [{"kind": "sell", "seat": s, "cost": 0} for s in seats for _ in range(PICKS)]
