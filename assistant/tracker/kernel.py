"""The event envelope every game shares, and the two kinds the kernel owns: undo and revert.

An event arrives as JSON `{"kind": ..., field: value, ...}`. The kernel checks the kind and the
fields against the game's event form (fields.check_form), then hands the checked values to the
game's `parse_event`; undo and revert never reach the game.

Who writes what (`writer`): the table's edit token (None) or one seat's own phone (its id).
A game says it for its own events (`Tracker.writer`); an undo or revert is written by the
table, or by a seat for that seat's own private entries (its `seat` field).

An export carries every event as the shared view shows it (`export_event`): a private entry
keeps only what others may see, marked `"sealed": true`. An import reads it back
(`import_event`) as a sealed entry, which the game folds as "an entry whose content is not
here", so the versions, undos and reverts of the export replay exactly.

A seat's private entries belong to the phone (the claim) that made them. When the table hands
a seat to a new phone (the API's release of a seat's claim) the kernel records a `Release` of
that seat: the game forgets the seat's secret (`Tracker.forget`: as if never entered), the new
phone reads the earlier phone's entries as everyone else does (History.reader), and nothing
takes the release back (History: a seat's own undo and revert stop at it; the table's never
touch a seat's lane).

Who sent a request is the API's to say, from the token that sent it, never the body's: a
request carrying `own_phone` is refused (`parse_event`); the game marks an owner's reveal so
in its stored form (Tracker.resolve), which an export and an import carry as stored.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.inputs import Form, Integer, Text

from .contract import SHARED, SeatLike, Tracker
from .fields import check_form, stored_values
from .names import find_seat

UNDO = "undo"
REVERT = "revert"
RELEASE = "release"
"""The kernel's record of a seat handed to a new phone (written by the API's release only)."""
SEALED = "sealed"
"""The key an exported private entry carries (true): its secret fields were left out."""
OWN_PHONE = "own_phone"
"""A stored form's mark of an event its seat's own phone sent (an owner's reveal): set by the
game from who sent it, never taken from a request's body."""
OWN_SEAT = Text("seat", "Leave out for the table's undo. A seat's own phone sends its seat id "
                "to take back its own private entries (never the table's).", max_length=60)
HISTORY_FORMS: Mapping[str, Form] = {
    UNDO: (OWN_SEAT,),
    REVERT: (Integer("to_version", "The version to go back to.", minimum=0, required=True),
             OWN_SEAT),
}
"""Undo takes back the most recent change still in effect; revert goes back to a version.
Either acts on the table's shared events, or (with `seat`) on that seat's own entries."""


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
    """Undo, or revert to `to_version`: the table's (seat None) or one seat's, on its own
    private entries."""

    kind: str
    to_version: int | None = None
    seat: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.to_version is not None:
            out["to_version"] = self.to_version
        if self.seat is not None:
            out["seat"] = self.seat
        return out

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        if self.seat is not None:
            who = (names or {}).get(self.seat, self.seat)
            return (f"{who}'s own phone: undo their last own entry" if self.kind == UNDO
                    else f"{who}'s own phone: own entries back to version {self.to_version}")
        return ("Undo the last change" if self.kind == UNDO
                else f"Back to version {self.to_version}")


@dataclass(frozen=True)
class Release(HistoryEvent):
    """The table handed `seat` to a new phone (kind RELEASE): the entries the seat's earlier
    phone made stay its own (the game forgets them, the new phone cannot read them), and the
    new phone enters the seat's secret again. Written by the table; in the seat's own lane,
    where no undo or revert reaches behind it."""

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        who = (names or {}).get(self.seat or "", self.seat)
        return (f"The table handed {who}'s seat to a new phone: the earlier phone's own "
                f"entries stay hidden, and {who} enters them again on the new phone")


def released(seat: str) -> Release:
    """The release of `seat` (its id)."""
    return Release(RELEASE, None, seat)


def is_release(event: Any) -> bool:
    return isinstance(event, Release)


def event_forms(tracker: Tracker) -> dict[str, Form]:
    """Every kind a session of this game accepts, the kernel's two included."""
    return {**tracker.event_forms, **HISTORY_FORMS}


def parse_event(tracker: Tracker, data: Any) -> Any:
    """A request's game event or HistoryEvent from JSON; InvalidInput names the first bad
    field. What only the session writes is refused here: a sealed entry (an export's private
    entry without its secret), a release (the API's release of a seat records it), and
    `own_phone` (who sent a request is its token's to say); an import reads the first two and
    a stored form's mark (import_event)."""
    if not isinstance(data, Mapping):
        raise InvalidInput("kind", "An event is a JSON object with a kind.", "an object")
    refuse_session_fields(tracker, data)
    return _parsed(tracker, event_forms(tracker), data["kind"], data)


def refuse_session_fields(tracker: Tracker, data: Mapping[str, Any]) -> None:
    """Refuse in a request what only the session writes: a release, an unknown kind and
    `own_phone` (see parse_event)."""
    kind = data.get("kind")
    forms = event_forms(tracker)
    if kind == RELEASE:
        raise InvalidInput("kind", "A seat is handed to a new phone by the scorekeeper's "
                           "release of its claim (DELETE …/seats/<seat>/claim), never as an "
                           "event.", ", ".join(forms))
    if not isinstance(kind, str) or kind not in forms:
        raise InvalidInput("kind", f"There is no event kind {kind!r}.", ", ".join(forms))
    if data.get(OWN_PHONE) is not None:
        raise InvalidInput(OWN_PHONE, "Who sent an event is told by the token that sends it, "
                           "never by its body: leave own_phone out (an owner's reveal sent "
                           "with their seat token is marked so when it is stored).",
                           "leave it out")


def _parsed(tracker: Tracker, forms: Mapping[str, Form], kind: str,
            data: Mapping[str, Any]) -> Any:
    values = check_form(forms[kind], data, allow_extra=("kind",))
    if kind in HISTORY_FORMS:
        return HistoryEvent(kind, values.get("to_version"), values.get("seat"))
    return tracker.parse_event(kind, values)


def import_event(tracker: Tracker, data: Any) -> Any:
    """An event of an export, for an import: as parse_event, and besides what a request may
    send: a sealed private entry (`"sealed": true`, its secret fields left out) as a sealed
    event, a release, and a stored form's `own_phone` (an owner's reveal, public history).
    A private entry that arrives unsealed is read sealed (`seal`: the caller says which it
    sealed): an import never plants a seat's secret. InvalidInput names the first bad
    field."""
    if isinstance(data, Mapping) and data.get("kind") == RELEASE:
        values = check_form(HISTORY_FORMS[UNDO], data, allow_extra=("kind",))
        if not values.get("seat"):
            raise InvalidInput("seat", "A release names the seat handed to a new phone.",
                               "a seat id")
        return released(values["seat"])
    if isinstance(data, Mapping) and isinstance(data.get("kind"), str) \
            and data["kind"] in tracker.private_events and data.get(SEALED) is None:
        return seal(tracker, _parsed(tracker, event_forms(tracker), data["kind"], data))
    if isinstance(data, Mapping) and data.get(SEALED) is not None:
        kind = data.get("kind")
        if data.get(SEALED) is not True or not isinstance(kind, str) \
                or kind not in tracker.private_events:
            raise InvalidInput(SEALED, "Only a private entry of an export is sealed (true), "
                               "with its secret left out.",
                               ", ".join(sorted(tracker.private_events)) or "no kind here")
        form = tuple(f for f in tracker.event_forms[kind] if f.name in data)
        if "seat" not in data:
            raise InvalidInput("seat", "A sealed entry still names its seat.", "a seat id")
        values = check_form(form, data, allow_extra=("kind", SEALED))
        return tracker.parse_event(kind, {**values, SEALED: True})
    if isinstance(data, Mapping) and isinstance(data.get("kind"), str) \
            and data["kind"] in tracker.event_forms:
        return _parsed(tracker, event_forms(tracker), data["kind"], data)
    return parse_event(tracker, data)


def seal(tracker: Tracker, event: Any) -> Any:
    """A private entry as an export carries it and an import reads it back: its secret left
    out (the event itself when it is sealed already)."""
    return event if is_sealed(event) else import_event(tracker, export_event(tracker, event))


def stored_event(tracker: Tracker, data: Mapping[str, Any]) -> Any:
    """An event read back from storage. The server checked it against its form when it wrote
    it (parse_event or import_event), so only the kind is looked up and the defaults filled
    in: a long session reads cold without checking each of its events again. An import, which
    brings events from outside, goes through import_event."""
    kind = data.get("kind")
    form = tracker.event_forms.get(kind) if isinstance(kind, str) else None
    if isinstance(kind, str) and kind in HISTORY_FORMS:
        return HistoryEvent(kind, data.get("to_version"), data.get("seat"))
    if kind == RELEASE:
        return released(str(data.get("seat")))
    if not isinstance(kind, str) or form is None:  # a kind the game no longer has: say so
        return parse_event(tracker, data)
    if data.get(SEALED) is True:
        return tracker.parse_event(kind, {**{f.name: data[f.name] for f in form
                                             if f.name in data}, SEALED: True})
    return tracker.parse_event(kind, stored_values(form, data))


def is_history(event: Any) -> bool:
    return isinstance(event, HistoryEvent)


def is_sealed(event: Any) -> bool:
    """An imported private entry whose secret the export left out."""
    return not isinstance(event, HistoryEvent) and bool(event.get(SEALED))


def seat_of(seats: Sequence[SeatLike], seat: str, field: str = "seat") -> str:
    """The id of the seat `seat` names (its id, or its name: as typed, or in any case and
    spacing where only one seat has it; names.find_seat)."""
    ids = [s.id for s in seats]
    found = find_seat(ids, [s.name for s in seats], str(seat))
    if found is not None:
        return ids[found]
    raise InvalidInput(field, f"There is no seat {seat!r} at this table.",
                       ", ".join(s.id for s in seats))


def writer(tracker: Tracker, setup: Any, event: Any) -> str | None:
    """Who may write `event`: None for the table's edit token, else the id of the one seat
    whose own phone (seat token) writes it. InvalidInput for a seat not at this table."""
    if isinstance(event, HistoryEvent):
        return None if event.seat is None or is_release(event) \
            else seat_of(setup.seats, event.seat)
    return tracker.writer(setup, event)


def discloses(tracker: Tracker, setup: Any, event: Any) -> bool:
    """A shared event its seat wrote (an owner's reveal or declaration): it made that seat's
    secret public, so no undo or revert takes it back."""
    return (not isinstance(event, HistoryEvent) and event.kind not in tracker.private_events
            and tracker.writer(setup, event) is not None)


def apply_event(tracker: Tracker, setup: Any, state: Any, event: Any, version: int) -> Any:
    """The state with `event` folded in: a release is the game's forget of its seat (never a
    refusal), any other event the game's apply (undo and revert are the history's own)."""
    if isinstance(event, Release):
        return tracker.forget(setup, state, str(event.seat))
    return tracker.apply(setup, state, event, version)


def export_event(tracker: Tracker, event: Any) -> dict[str, Any]:
    """The event as an export carries it: the shared view, a private entry sealed."""
    if isinstance(event, HistoryEvent):
        return event.to_json()
    out = tracker.event_json(event, SHARED)
    if event.kind in tracker.private_events:
        out[SEALED] = True
    return out


GAME_OVER = "The game is over: the score is final (undo takes back the last change)."
ANYONE = "*"
"""what_now's `who` when the caller is not known: every move the rules allow."""


def allowed_moves(tracker: Tracker, setup: Any, state: Any, who: str | None = ANYONE
                  ) -> list[Mapping[str, Any]]:
    """Tracker.moves that `who` may send (None: the table's edit token; a seat id: that
    seat's own phone; ANYONE: all of them), so an answer never offers an action the caller
    may not take."""
    found = list(tracker.moves(setup, state))
    if who == ANYONE:
        return found
    mine = []
    for move in found:
        try:
            if writer(tracker, setup, parse_event(tracker, move)) == who:
                mine.append(move)
        except InvalidInput:  # a move the form no longer takes is nobody's to offer
            continue
    return mine


def what_now(tracker: Tracker, setup: Any, state: Any, who: str | None = ANYONE
             ) -> tuple[str, tuple[str, ...]]:
    """A refusal's last words and the kinds they name: what the rules allow at `state` (the
    kinds of Tracker.moves `who` may send, as the board's buttons name them), so no refusal
    leaves a table without a way on."""
    if tracker.finished(setup, state):
        return GAME_OVER, ()
    kinds = tuple(dict.fromkeys(str(m["kind"]) for m in allowed_moves(tracker, setup, state,
                                                                       who)))
    if not kinds:
        return ("Nothing is this phone's to record now: the table's scorekeeper records the "
                "next step." if who is not None else
                "Nothing is the table's to record now: a seat's own phone records the next "
                "step."), ()
    board = tracker.board(setup)
    labels: dict[str, str] = {}
    named: list[tuple[str, str]] = [(a.event, a.label) for a in board.actions]
    named += [(t.event, t.label) for t in board.tracks]
    named += [(c.event, c.label) for c in board.counters]
    named += [(t.event, t.label) for t in board.toggles]
    for event, label in named:
        labels.setdefault(event, label)
    names = [labels.get(k, k.replace("-", " ").capitalize()) for k in kinds]
    return "What can be done now: " + "; ".join(names) + ".", kinds


def after_end(tracker: Tracker, setup: Any, state: Any, event: Any) -> None:
    """Once the rules have ended the game nothing that could change the result is accepted:
    only the kinds the tracker lists in `after_end` (a note, by default). InvalidInput."""
    if isinstance(event, HistoryEvent) or not tracker.finished(setup, state):
        return
    kinds = tracker.after_end
    if event.kind in kinds:
        return
    still = ("Only a note can still be added." if kinds == {"note"} else
             f"Only these can still be recorded: {', '.join(sorted(kinds)) or 'nothing'}.")
    raise InvalidInput("kind", f"{GAME_OVER} {still}",
                       ", ".join(sorted(kinds)) or "nothing", rule=tracker.end_rule)
