"""What games' trackers share: a base with the contract's defaults (plain events, private
events shown to everyone but their own seat as who wrote one, not what), and the seat code
their rules use (seats' ids from their names, names.py; finding a seat, its name in a history
line).

A game subclasses TrackerBase and overrides only what differs; a tracker need not use it
(the contract is contract.Tracker), but then it declares every member itself.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from assistant.errors import InvalidInput
from assistant.inputs import Text

from .contract import Action, SeatLike, Viewer
from .kernel import SEALED, Event, seat_of
from .names import find_seat, seat_id

T = TypeVar("T")

NOTE = Action("note", "Add note", asks=("text",))
SAVED_ID = Text("id", "Leave out when starting a table: the seat's id as an export saved it "
                "(made from its name).", max_length=60, ask=False)
"""A seat form's last field, so an export's setup (which names each seat's id) is a setup the
form takes as it is."""
"""The board's free note for the table's record (a game's `note` event, with its `text`)."""


def seat_index(seats: Sequence[SeatLike], seat: str, field: str = "seat") -> int:
    """Where the seat with id `seat` sits; InvalidInput on `field` if there is none."""
    ids = [s.id for s in seats]
    if seat not in ids:
        raise InvalidInput(field, f"There is no seat {seat!r} at this table.", ", ".join(ids))
    return ids.index(seat)


def seat_name(names: Mapping[str, str], seat: Any) -> str:
    """An event's seat as a history line names it: `names` maps ids to names; a seat given
    by name (where a game takes names) is found by its id; "" for no seat."""
    if seat is None or seat == "":
        return ""
    if str(seat) in names:
        return names[str(seat)]
    found = find_seat(list(names), list(names.values()), str(seat))
    return str(seat) if found is None else list(names.values())[found]


def put(items: tuple[T, ...], i: int, item: T) -> tuple[T, ...]:
    """`items` with its i-th replaced by `item` (one seat's new state in a frozen state)."""
    return (*items[:i], item, *items[i + 1:])


@dataclass(frozen=True)
class Seat:
    """A seat named by the game's own word for it, and optionally the player's own name."""

    id: str
    name: str
    player: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name,
                **({"player": self.player} if self.player else {})}


class TrackerBase:
    """Defaults for contract.Tracker members most games share: events are plain `Event`s
    (event["seat"]); no private kinds. A game with private kinds names them in
    `private_events`: each is about its own seat (its `seat` field), written by that seat's
    own phone (`writer`), and every other viewer sees it as its kind and seat only (`hidden`
    says when; `describe` uses it too). A sealed entry (an import's, its secret left out) is
    hidden from every viewer, its own seat's too: there is nothing in it to show."""

    private_events: frozenset[str] = frozenset()
    """Kinds whose content others must not see; only their own seat's phone writes them."""
    after_end: frozenset[str] = frozenset({"note"})
    """Kinds accepted once the game is over (kernel.after_end): a note for the record."""
    end_rule: str | None = None
    """The rule entry that ends the game (named when a late event is refused)."""

    def dealt(self, setup: Any) -> dict[str, Any]:
        """The setup deals nothing the start page shows (a game whose setup does overrides
        this)."""
        return {}

    def start_seat(self, setup: Any) -> str | None:
        """The setup does not say who started (a game whose setup does overrides this)."""
        return None

    def round_of(self, setup: Any, state: Any) -> int | None:
        """The round `state` is in, for the chart of the game (progress.py): a game with
        rounds says; None: the chart has a start and an end only."""
        return None

    def tally(self, setup: Any, state: Any) -> tuple[str, dict[str, Any]] | None:
        """Each seat's score measure now, with its unit, for the chart of the game: the
        standings' totals (what every seat may see); None for a game without points (one
        with a public count to chart instead says so)."""
        result = self.score(setup, state).result  # type: ignore[attr-defined]
        if not result.get("points", True):
            return None
        return str(result.get("unit", "")), {str(s["seat"]): s["total"]
                                             for s in result.get("standings", ())}

    def parse_event(self, kind: str, values: Mapping[str, Any]) -> Any:
        return Event(kind, dict(values))

    def writer(self, setup: Any, event: Any) -> str | None:
        """A private kind's own seat; the table for everything else (a game whose seats write
        shared events too, such as an owner's reveal, says so in its own writer)."""
        if event.kind in self.private_events:
            return seat_of(setup.seats, str(event["seat"]))
        return None

    def resolve(self, setup: Any, state: Any, event: Any) -> Any:
        """Events are their own stored form."""
        return event

    def forget(self, setup: Any, state: Any, seat: str) -> Any:
        """Nothing private to forget; a game with private kinds says how it forgets them."""
        if self.private_events:
            raise NotImplementedError(f"{type(self).__name__} keeps private entries: it "
                                      "says how a release forgets them (Tracker.forget)")
        return state

    def hidden(self, event: Any, viewer: Viewer) -> bool:
        """True when `event` is private and `viewer` is not its own seat's phone (or the
        entry is sealed: nobody can read it)."""
        return event.kind in self.private_events and (
            viewer.seat != seat_id(str(event["seat"])) or bool(event.get(SEALED)))

    def event_json(self, event: Any, viewer: Viewer) -> dict[str, Any]:
        if self.hidden(event, viewer):
            return {"kind": event.kind, "seat": event["seat"]}
        result: dict[str, Any] = event.to_json()
        return result
