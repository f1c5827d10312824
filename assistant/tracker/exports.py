"""A session as a file: what an export holds, and reading one back for an import.

An export is the setup and every event with its time, each event as `export_event` writes it
(the shared view; a seat's private entry sealed, its secret left out; a secret its owner
revealed is public and there). An import replays all of them, sealed entries included, so
every version, undo and revert comes back exactly (kernel.import_event).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from assistant.errors import InvalidInput

from .contract import Tracker
from .kernel import SEALED, export_event, import_event

FORMAT = "lairside-session"
FORMAT_VERSION = 1
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
"""No event of an imported export is older than this, nor later than a day from now: every
database stores that range, in UTC, whatever offset the export wrote."""
BYTES_PER_EVENT = 512
"""Room an export gives each event besides its own JSON: its envelope (seq, at, "event") and
the indentation of a file pretty-printed with up to 4 spaces (about 150 bytes, and 17 more for
each field of the widest event form, which has 13)."""
ESCAPED = 3
"""A session's size counts its text as UTF-8; an export written as ASCII JSON (\\u00e9 for é,
a pair of \\uXXXX for an emoji) takes up to 3 times that."""


def largest(max_bytes: int, max_events: int) -> int:
    """The most bytes an export of a session within these limits takes, however it was
    re-saved (ASCII escapes, indentation)."""
    return ESCAPED * max_bytes + max_events * BYTES_PER_EVENT


def export(tracker: Tracker, setup: Any, code: str, version: int, created_at: datetime,
           events: Iterable[tuple[int, datetime, Any]]) -> dict[str, Any]:
    """The export of a session: `events` are (version, time, stored event) in order."""
    written = [(seq, at, export_event(tracker, event)) for seq, at, event in events]
    out = [{"seq": seq, "at": at.isoformat(), "event": event} for seq, at, event in written]
    sealed = sum(1 for _, _, event in written if event.get(SEALED))
    body: dict[str, Any] = {"format": FORMAT, "format_version": FORMAT_VERSION, "code": code,
                            "version": version, "created_at": created_at.isoformat(),
                            "setup": setup.to_json(), "events": out}
    if sealed:
        body["sealed"] = sealed
    return body


@dataclass(frozen=True)
class Import:
    """An export read back: its game, setup (as JSON, for the game to check) and events."""

    game: str
    setup: Mapping[str, Any]
    events: list[Any]
    """Each event's JSON, as the export wrote it."""
    times: list[datetime | None]

    @property
    def sealed(self) -> int:
        """Private entries that arrive without their secret."""
        return sum(1 for e in self.events if isinstance(e, Mapping) and e.get(SEALED))

    def unsealed(self, tracker: Tracker) -> list[int]:
        """Where private entries arrive with their secret, which no export carries: an
        import seals each (kernel.import_event), so no phone of the new table reads it."""
        return [i for i, e in enumerate(self.events) if isinstance(e, Mapping)
                and e.get("kind") in tracker.private_events and e.get(SEALED) is None]


def read(data: Any, now: datetime) -> Import:
    """The parts of an export (its times no later than a day after `now`); InvalidInput names
    what is not one."""
    if not isinstance(data, Mapping):
        raise InvalidInput("_body", "Send the export's JSON object.", "an object")
    if data.get("format", FORMAT) != FORMAT:
        raise InvalidInput("format", f"This is not a Lairside session export "
                           f"(format {data.get('format')!r}).", FORMAT)
    setup = data.get("setup")
    if not isinstance(setup, Mapping) or not isinstance(setup.get("game"), str):
        raise InvalidInput("setup.game", "The export's setup names no game.", "a game's slug")
    items = data.get("events", [])
    if not isinstance(items, list):
        raise InvalidInput("events", "events is a list.", "a list")
    events, times = [], []
    for i, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise InvalidInput(f"events.{i}", "Each event is a JSON object.", "an object")
        events.append(item.get("event", item))  # a bare event, or {"event": ..., "at": ...}
        at = item.get("at")
        times.append(_moment(at, i, now) if isinstance(at, str) else None)
    return Import(setup["game"], setup, events, times)


def events_of(tracker: Tracker, found: Import) -> list[tuple[Any, datetime | None]]:
    """The import's events, each read as an import reads it (a sealed entry kept, a private
    entry that arrived unsealed sealed: `Import.unsealed`), with its time; InvalidInput names
    the first bad one."""
    out = []
    for i, (raw, at) in enumerate(zip(found.events, found.times, strict=True)):
        try:
            out.append((import_event(tracker, raw), at))
        except InvalidInput as error:
            raise InvalidInput(f"events.{i}.{error.field}", f"Event {i + 1}: {error.detail}",
                               error.allowed) from None
    return out


def _moment(at: str, i: int, now: datetime) -> datetime:
    allowed = "an ISO date and time from 2000 to now, e.g. 2025-01-31T20:15:00+00:00"
    try:
        moment = datetime.fromisoformat(at[:64])
        moment = (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
    except (ValueError, OverflowError):
        raise InvalidInput(f"events.{i}.at", f"Event {i + 1}: {at[:64]!r} is not an ISO date "
                           "and time a session can have.", allowed) from None
    if not EARLIEST <= moment <= now + timedelta(days=1):
        raise InvalidInput(f"events.{i}.at", f"Event {i + 1}: {at[:64]!r} is outside the "
                           "times a session can have.", allowed)
    return moment
