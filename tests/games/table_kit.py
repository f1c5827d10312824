"""A session as the API drives it, for core tests: who sends each event (the table's edit
token or a seat's own phone) checked against the core's writer, as assistant/tracker/README.md
asks of the API; and an export read back by an import."""
from __future__ import annotations

import json
from typing import Any

from assistant.tracker import (
    SHARED,
    History,
    HistoryEvent,
    Viewer,
    export_event,
    fold,
    import_event,
    parse_event,
    writer,
)


class Forbidden(Exception):
    """What the API answers 403 to: the wrong token for this event's writer."""


class Table:
    """A session as the API drives it: who sends each event, checked against its writer."""

    def __init__(self, tracker: Any, setup: dict[str, Any]) -> None:
        self.tracker = tracker
        self.history = History(tracker, tracker.parse_setup(setup))

    def send(self, raw: dict[str, Any], phone: str | None = None) -> dict[str, Any]:
        """`phone`: None for the table's edit token, else the seat whose phone sends it.
        Answers what the API would: the event and state as that sender may see them."""
        event = parse_event(self.tracker, raw)
        if writer(self.tracker, self.history.setup, event) != phone:
            raise Forbidden(raw)
        self.history.append(event)
        viewer = Viewer(phone)
        stored = self.history.event_at(self.history.version)
        return {"event": stored.to_json() if not hasattr(stored, "data")
                else self.tracker.event_json(stored, viewer),
                "text": self.line(self.history.version, viewer),
                "state": self.view(viewer)}

    def view(self, viewer: Viewer = SHARED) -> dict[str, Any]:
        return dict(self.tracker.state_json(self.history.setup, self.history.state, viewer))

    def line(self, version: int, viewer: Viewer = SHARED) -> str:
        event = self.history.event_at(version)
        names = {s.id: s.name for s in self.history.setup.seats}
        if not hasattr(event, "data"):
            return str(event.describe(names))
        return str(self.tracker.describe(event, names, viewer))

    def shared_text(self) -> str:
        """Everything the table can read: the state, every event and line, the score."""
        h = self.history
        events = [h.event_at(v) for v in range(1, h.version + 1)]
        return json.dumps([self.view(), [e.to_json() if not hasattr(e, "data")
                                         else self.tracker.event_json(e, SHARED)
                                         for e in events],
                           [self.line(v) for v in range(1, h.version + 1)],
                           self.tracker.score(h.setup, h.state).to_json()]).casefold()


def export(history: History) -> dict[str, Any]:
    """What the API's export carries: the setup and every stored event as export_event gives
    it (a private entry sealed), through JSON."""
    tracker = history.tracker
    return dict(json.loads(json.dumps({
        "setup": history.setup.to_json(),
        "events": [export_event(tracker, history.event_at(v))
                   for v in range(1, history.version + 1)]})))


def imported(tracker: Any, data: dict[str, Any]) -> History:
    """What the API's import folds: the setup read again, each event through import_event."""
    return fold(tracker, tracker.parse_setup(data["setup"]),
                [import_event(tracker, e) for e in data["events"]])


def same_shared_history(a: History, b: History) -> None:
    """The same versions, shared view at every version, history lines and score."""
    tracker = a.tracker
    assert a.version == b.version
    names = {s.id: s.name for s in a.setup.seats}
    for version in range(a.version + 1):
        assert tracker.state_json(a.setup, a.state_at(version), SHARED) == \
            tracker.state_json(b.setup, b.state_at(version), SHARED), version
        if version:
            x, y = a.event_at(version), b.event_at(version)
            if isinstance(x, HistoryEvent):
                assert x == y
            else:
                assert tracker.describe(x, names, SHARED) == tracker.describe(y, names, SHARED)
    assert tracker.score(a.setup, a.state).to_json() == tracker.score(b.setup, b.state).to_json()


__all__ = ["Forbidden", "Table", "Viewer", "export", "imported", "parse_event",
           "same_shared_history", "writer"]
