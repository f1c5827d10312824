"""Coin Heist at the table: coins per crook and the round, through the plain kernel Event."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.inputs import Integer, ListOf, OneOf, Text
from assistant.tracker import (
    Action,
    Board,
    Counter,
    Event,
    Standing,
    Track,
    Viewer,
    Wording,
    table_score,
)
from assistant.tracker.base import SAVED_ID
from assistant.tracker.fields import check_form
from assistant.tracker.kernel import is_sealed

SEAT = (Text("name", "The crook's name.", max_length=40, required=True),
        Text("player", "The player's name.", max_length=40), SAVED_ID)
SETUP_FORM = (OneOf("game", "The game.", ("coin-heist",), default="coin-heist"),
              OneOf("mode", "Mode.", ("standard",), required=True),
              ListOf("seats", "The crooks.", SEAT, min_items=2, max_items=4, required=True))


@dataclass(frozen=True)
class Seat:
    id: str
    name: str
    player: str | None = None


@dataclass(frozen=True)
class HeistSetup:
    seats: tuple[Seat, ...]
    game: str = "coin-heist"
    mode: str = "standard"

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "mode": self.mode,
                "seats": [{"id": s.id, "name": s.name, "player": s.player}
                          for s in self.seats]}


@dataclass(frozen=True)
class HeistState:
    coins: tuple[int, ...]
    round: int = 1
    notes: tuple[str, ...] = ()
    stash: tuple[int, ...] = ()


class HeistTracker:
    setup_form = SETUP_FORM
    event_forms = {
        "coins": (Text("seat", "Seat id.", required=True),
                  Integer("count", "Coins now.", minimum=0, maximum=99, required=True)),
        "round": (Integer("to", "Round.", minimum=1, maximum=5, required=True),),
        "note": (Text("text", "The note.", max_length=120, required=True),),
        "stash": (Text("seat", "Seat id.", required=True),
                  Integer("coins", "Coins hidden in the crook's own stash.", minimum=0,
                          maximum=9, required=True)),
    }
    wording = Wording("crook", "crooks", "each crook's coins and the round")
    example_setup = {"mode": "standard", "seats": [{"name": "Ana"}, {"name": "Bo"}]}
    example_events = ({"kind": "coins", "seat": "ana", "count": 3}, {"kind": "round", "to": 2})
    private_events = frozenset({"stash"})
    """A crook's stash is secret: only their own phone records it and sees it."""
    after_end = frozenset({"note"})
    end_rule = "winning"

    def dealt(self, setup: HeistSetup) -> dict[str, Any]:
        return {}  # the heist deals nothing at the start

    def round_of(self, setup: HeistSetup, state: HeistState) -> int | None:
        return None  # no rounds: its chart has a start and an end

    def tally(self, setup: HeistSetup, state: HeistState) -> tuple[str, dict[str, Any]] | None:
        return None  # nothing to chart

    def start_seat(self, setup: HeistSetup) -> str | None:
        return None

    def parse_setup(self, data: Mapping[str, Any]) -> HeistSetup:
        check_form(SETUP_FORM, data)
        seats: list[Seat] = []
        for i, raw in enumerate(data["seats"]):
            values = check_form(SEAT, raw if isinstance(raw, Mapping) else {}, f"seats.{i}")
            sid = values["name"].casefold().replace(" ", "-")
            if any(s.id == sid for s in seats):
                raise InvalidInput(f"seats.{i}.name", "Two crooks share a name.", "unique names")
            seats.append(Seat(sid, values["name"], values.get("player")))
        if not 2 <= len(seats) <= 4:
            raise InvalidInput("seats", "Coin Heist seats 2 to 4 crooks.", "2-4 seats")
        return HeistSetup(tuple(seats))

    def parse_event(self, kind: str, values: Mapping[str, Any]) -> Event:
        return Event(kind, dict(values))

    def writer(self, setup: HeistSetup, event: Event) -> str | None:
        """A stash is its crook's own; everything else is the table's."""
        return str(event["seat"]) if event.kind == "stash" else None

    def resolve(self, setup: HeistSetup, state: HeistState, event: Event) -> Event:
        return event

    def initial(self, setup: HeistSetup) -> HeistState:
        return HeistState(tuple(0 for _ in setup.seats), stash=tuple(0 for _ in setup.seats))

    def apply(self, setup: HeistSetup, state: HeistState, event: Event, version: int
              ) -> HeistState:
        if event.kind in ("coins", "stash"):
            ids = [s.id for s in setup.seats]
            if event["seat"] not in ids:
                raise InvalidInput("seat", f"No crook {event['seat']!r}.", ", ".join(ids))
            i = ids.index(event["seat"])
            if event.kind == "stash" and is_sealed(event):  # an import's: its coins unknown
                return state
            if event.kind == "stash":
                return replace(state, stash=(*state.stash[:i], event["coins"],
                                             *state.stash[i + 1:]))
            return replace(state, coins=(*state.coins[:i], event["count"], *state.coins[i + 1:]))
        if self.finished(setup, state) and event.kind != "note":
            raise InvalidInput("kind", "The heist is over.", "note")
        if event.kind == "round":
            if event["to"] < state.round:
                raise InvalidInput("to", "Rounds only move forward.", f"{state.round}-5",
                                   rule="overview")
            return replace(state, round=event["to"])
        return replace(state, notes=(*state.notes, event["text"]))

    def forget(self, setup: HeistSetup, state: HeistState, seat: str) -> HeistState:
        """A crook's seat handed to a new phone: the stash as if never recorded."""
        i = [s.id for s in setup.seats].index(seat)
        return replace(state, stash=(*state.stash[:i], 0, *state.stash[i + 1:]))

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        if event.kind == "coins":
            return f"{names.get(event['seat'], event['seat'])} holds {event['count']} coins"
        if event.kind == "round":
            return f"Round {event['to']}"
        if event.kind == "stash":
            who = names.get(event["seat"], event["seat"])
            if viewer.seat == event["seat"] and not is_sealed(event):
                return f"{who} stashed {event['coins']} coins (only you see this)"
            return f"{who} touched their stash"
        return f"Note: {event['text']}"

    def event_json(self, event: Event, viewer: Viewer) -> dict[str, Any]:
        if event.kind == "stash" and (viewer.seat != event["seat"] or is_sealed(event)):
            return {"kind": "stash", "seat": event["seat"]}
        return event.to_json()

    def state_json(self, setup: HeistSetup, state: HeistState, viewer: Viewer
                   ) -> dict[str, Any]:
        return {"round": state.round, "notes": list(state.notes),
                "seats": [{"id": s.id, "coins": c,
                           **({"stash": state.stash[i]} if viewer.seat == s.id else {})}
                          for i, (s, c) in enumerate(zip(setup.seats, state.coins,
                                                         strict=True))]}

    def score(self, setup: HeistSetup, state: HeistState) -> Explained:
        best = max(state.coins)
        leaders = [s.name for s, c in zip(setup.seats, state.coins, strict=True) if c == best]
        answer = Explained({"leaders": leaders, "coins": best},
                           (Step(f"Most coins: {best}.", best, "winning", Provenance.HOUSE),),
                           f"Leading: {', '.join(leaders)} with {best} coins.")
        standings = [Standing(s.id, s.name, 1 + sum(o > c for o in state.coins), c, c == best,
                              (Step(f"{c} coins held", c, "winning", Provenance.HOUSE),))
                     for s, c in zip(setup.seats, state.coins, strict=True)]
        return table_score(answer, standings, final=self.finished(setup, state), unit="coins")

    def finished(self, setup: HeistSetup, state: HeistState) -> bool:
        """The heist ends when round 5 begins."""
        return state.round == 5

    def moves(self, setup: HeistSetup, state: HeistState) -> list[dict[str, Any]]:
        if self.finished(setup, state):
            return []
        return [{"kind": "round", "to": state.round + 1},
                {"kind": "coins", "seat": setup.seats[0].id, "count": 1},
                {"kind": "note", "text": "A note"}]

    def board(self, setup: HeistSetup) -> Board:
        return Board(tracks=(Track("round", "Round", 1, 5, "round"),),
                     counters=(Counter("coins", "Coins", 0, 99, "coins"),),
                     actions=(Action("note", "Add note", asks=("text",)),
                              Action("stash", "Stash", per_seat=True, asks=("coins",))),
                     seat_lines=("stash",), secret_lines=("stash",))


TRACKER = HeistTracker()
