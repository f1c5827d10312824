"""What can happen at the table, as events: one form per kind, parsed into a frozen Event.

Counts that a phone shows as a number (Resources, Gadgets, the clock, the tech track) are
sent as the new value (`count`, `to`), not as a change: two phones that both saw "clock 7"
and both tap "6" mean the same thing, and the version check (If-Match) catches the rest.
VP is sent as a change with its reason, because the reason is what the table argues about.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from assistant.inputs import Flag, Form, Integer, OneOf, Text
from assistant.tracker import seat_name


class EventKind(StrEnum):
    VP = "vp"
    """VP gained or lost by a seat, with the reason."""
    TRIGGER = "trigger"
    """One of a Named Henchman's five Betrayal Triggers turned on or off (1 is Team Leader)."""
    OBJECTIVE = "objective"
    """An objective completed: Side Job, Disloyal Side Job, Directive, Global Event, or the
    Nefarious Plan revealed."""
    RESOURCES = "resources"
    """How many Resources a seat now holds (a tie-break in Cutthroat)."""
    GADGETS = "gadgets"
    """How many Gadgets a seat now holds (a tie-break in Cutthroat)."""
    CLOCK = "clock"
    """The Doomsday Marker moved to a space (0-10)."""
    TECH = "tech"
    """The Tech Marker moved to a level (1-5)."""
    DOOMSDAY_REVEALED = "doomsday-revealed"
    """The Doomsday Plan was revealed (Cutthroat and Syndicate)."""
    DOOMSDAY_COMPLETED = "doomsday-completed"
    """The Doomsday Plan was completed (Cutthroat: Goodman declares it; Syndicate: its
    requirements are met)."""
    BETRAYAL = "betrayal"
    """A Named Henchman betrayed the organization, or Goodman forced them out (Cutthroat)."""
    TEAM_LEADER = "team-leader"
    """The Team Leader token passed to a seat."""
    NOTE = "note"
    """A free note for the table's record."""


class ObjectiveKind(StrEnum):
    SIDE_JOB = "side-job"
    """A loyal Side Job from the seat's Vault."""
    DISLOYAL_SIDE_JOB = "disloyal-side-job"
    """A Disloyal (Betrayal) Side Job; Cutthroat only."""
    DIRECTIVE = "directive"
    """A Goodman Directive; loyal Named Henchmen only."""
    GLOBAL_EVENT = "global-event"
    """A Global Event solved: 1 VP and the card into the Vault."""
    NEFARIOUS_PLAN = "nefarious-plan"
    """The Nefarious Plan revealed at the end with its VP; Cutthroat and Mayhem."""


class VpSource(StrEnum):
    GOODMAN = "goodman"
    """Awarded by General Goodman (Cutthroat), scored on its own line."""
    OTHER = "other"
    """Anything else: mission rewards, the affinity bonus, exchanges, VP spent to hire."""


SEAT = Text("seat", "The seat id (see the session's seats).", max_length=40, required=True)
EVENT_FORMS: Mapping[EventKind, Form] = {
    EventKind.VP: (SEAT, Integer("amount", "VP gained (positive) or lost (negative).",
                                 minimum=-50, maximum=50, required=True),
                   OneOf("source", "Where the VP comes from.", tuple(VpSource), "other"),
                   Text("reason", "Why, in a few words.", max_length=120)),
    EventKind.TRIGGER: (SEAT, Integer("trigger", "Which Betrayal Trigger (1 is the Team Leader "
                                      "trigger).", minimum=1, maximum=5, required=True),
                        Flag("active", "On (true) or off (false).", default=True)),
    EventKind.OBJECTIVE: (SEAT, OneOf("objective", "What was completed.",
                                      tuple(ObjectiveKind), required=True),
                          Integer("vp", "VP it gave (a Global Event gives 1).", minimum=0,
                                  maximum=30),
                          Text("title", "The card's name.", max_length=80)),
    EventKind.RESOURCES: (SEAT, Integer("count", "Resources held now.", minimum=0, maximum=200,
                                        required=True)),
    EventKind.GADGETS: (SEAT, Integer("count", "Gadgets held now.", minimum=0, maximum=50,
                                      required=True)),
    EventKind.CLOCK: (Integer("to", "The Doomsday Clock's new space.", minimum=0, maximum=10,
                              required=True),),
    EventKind.TECH: (Integer("to", "The Technology Track's new level.", minimum=1, maximum=5,
                             required=True),),
    EventKind.DOOMSDAY_REVEALED: (),
    EventKind.DOOMSDAY_COMPLETED: (),
    EventKind.BETRAYAL: (SEAT, Flag("forced", "Goodman forced this Henchman out (Force "
                                    "Betrayal) rather than a voluntary betrayal.")),
    EventKind.TEAM_LEADER: (SEAT,),
    EventKind.NOTE: (Text("text", "The note.", max_length=280, required=True),
                     Text("seat", "The seat it is about (optional).", max_length=40)),
}
"""The fields of each kind; `kind` itself is always required (undo and revert belong to the
session kernel)."""


@dataclass(frozen=True)
class Event:
    kind: EventKind
    seat: str | None = None
    amount: int | None = None
    source: VpSource | None = None
    reason: str | None = None
    trigger: int | None = None
    active: bool | None = None
    objective: ObjectiveKind | None = None
    vp: int | None = None
    title: str | None = None
    count: int | None = None
    to: int | None = None
    forced: bool | None = None
    text: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The event as sent: its kind and the fields of that kind that hold a value."""
        out: dict[str, Any] = {"kind": self.kind.value}
        for f in EVENT_FORMS[self.kind]:
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = value.value if isinstance(value, StrEnum) else value
        return out


def build_event(kind: str, checked: Mapping[str, Any]) -> Event:
    """An Event from values the session kernel checked against EVENT_FORMS[kind]."""
    values = dict(checked)
    if "source" in values:
        values["source"] = VpSource(values["source"])
    if "objective" in values:
        values["objective"] = ObjectiveKind(values["objective"])
    return Event(EventKind(kind), **values)


def describe(event: Event, names: Mapping[str, str] | None = None) -> str:
    """One line for the history list: "Azura Badeau +2 VP (mission reward)"."""
    who = seat_name(names or {}, event.seat)
    k = EventKind
    if event.kind is k.VP:
        sign = "+" if (event.amount or 0) > 0 else ""
        goodman = " from Goodman" if event.source is VpSource.GOODMAN else ""
        why = f" ({event.reason})" if event.reason else ""
        return f"{who} {sign}{event.amount} VP{goodman}{why}"
    if event.kind is k.TRIGGER:
        return f"{who}: Betrayal Trigger {event.trigger} {'on' if event.active else 'off'}"
    if event.kind is k.OBJECTIVE:
        label = (event.objective or "").replace("-", " ")
        title = f" '{event.title}'" if event.title else ""
        vp = f", {event.vp} VP" if event.vp is not None else ""
        verb = "revealed" if event.objective is ObjectiveKind.NEFARIOUS_PLAN else "completed"
        return f"{who} {verb} a {label}{title}{vp}"
    if event.kind in (k.RESOURCES, k.GADGETS):
        return f"{who} holds {event.count} {event.kind.value}"
    if event.kind is k.CLOCK:
        return f"Doomsday Clock to {event.to}"
    if event.kind is k.TECH:
        return f"Technology Track to {event.to}"
    if event.kind is k.DOOMSDAY_REVEALED:
        return "Doomsday Plan revealed"
    if event.kind is k.DOOMSDAY_COMPLETED:
        return "Doomsday Plan completed"
    if event.kind is k.BETRAYAL:
        return f"{who} {'was forced out as' if event.forced else 'became'} the Betrayer"
    if event.kind is k.TEAM_LEADER:
        return f"Team Leader token to {who}"
    return f"Note{f' ({who})' if who else ''}: {event.text}"
