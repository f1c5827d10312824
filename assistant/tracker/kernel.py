"""The event envelope every game shares, and the two kinds the kernel owns: undo and revert.

An event arrives as JSON `{"kind": ..., field: value, ...}`. The kernel checks the kind and the
fields against the game's event form (fields.check_form), then hands the checked values to the
game's `parse_event`; undo and revert never reach the game.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.inputs import Form, Integer

from .contract import Tracker
from .fields import check_form, stored_values

UNDO = "undo"
REVERT = "revert"
HISTORY_FORMS: Mapping[str, Form] = {
    UNDO: (),
    REVERT: (Integer("to_version", "The version to go back to.", minimum=0, required=True),),
}
"""Undo takes back the most recent change still in effect; revert goes back to a version."""


@dataclass(frozen=True)
class Event(Mapping[str, Any]):
    """A plain event: its kind and its checked values, read as a mapping (event["seat"])."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, name: str) -> Any:
        return self.data[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **{k: v for k, v in self.data.items() if v is not None}}


@dataclass(frozen=True)
class HistoryEvent:
    """Undo, or revert to `to_version`."""

    kind: str
    to_version: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.to_version is not None:
            out["to_version"] = self.to_version
        return out

    def describe(self) -> str:
        return ("Undo the last change" if self.kind == UNDO
                else f"Back to version {self.to_version}")


def event_forms(tracker: Tracker) -> dict[str, Form]:
    """Every kind a session of this game accepts, the kernel's two included."""
    return {**tracker.event_forms, **HISTORY_FORMS}


def parse_event(tracker: Tracker, data: Any) -> Any:
    """A game event or a HistoryEvent from JSON; InvalidInput names the first bad field."""
    if not isinstance(data, Mapping):
        raise InvalidInput("kind", "An event is a JSON object with a kind.", "an object")
    kind = data.get("kind")
    forms = event_forms(tracker)
    if not isinstance(kind, str) or kind not in forms:
        raise InvalidInput("kind", f"There is no event kind {kind!r}.", ", ".join(forms))
    values = check_form(forms[kind], data, allow_extra=("kind",))
    if kind in HISTORY_FORMS:
        return HistoryEvent(kind, values.get("to_version"))
    return tracker.parse_event(kind, values)


def stored_event(tracker: Tracker, data: Mapping[str, Any]) -> Any:
    """An event read back from storage. The server checked it against its form when it wrote
    it (parse_event), so only the kind is looked up and the defaults filled in: a long session
    reads cold without checking each of its events again. An import, which brings events from
    outside, goes through parse_event."""
    kind = data.get("kind")
    form = tracker.event_forms.get(kind) if isinstance(kind, str) else None
    if isinstance(kind, str) and kind in HISTORY_FORMS:
        return HistoryEvent(kind, data.get("to_version"))
    if not isinstance(kind, str) or form is None:  # a kind the game no longer has: say so
        return parse_event(tracker, data)
    return tracker.parse_event(kind, stored_values(form, data))


def is_history(event: Any) -> bool:
    return isinstance(event, HistoryEvent)
