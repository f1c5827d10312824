"""Maniacal at the table: the session tracker behind the game's `tracker` slot.

Seats are the players in player order. The modules: `forms` (setup and event forms), `state`
(the frozen state and `initial`), `decks` (Scheme, Mercenary and Power cards, henchmen by
kind), `rounds` (draft, recruiting, the Time track, Clean-up), `contracts` (the Contract
Phase's actions and Schemes), `referee` (what a request is refused for, `apply`, `moves`),
`score` (the end and the final score), `view` (the state as shown, history lines).
Maniacal has no secret the tracker holds: a Scheme hand is a count, every viewer sees the
same state.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.explain import Explained
from assistant.tracker import (
    NOTE,
    Action,
    Board,
    Counter,
    Event,
    Show,
    TrackerBase,
    Viewer,
    Wording,
)

from ..modes import TRAITS
from . import referee, view
from .contracts import HAND_SET, calculated
from .forms import EVENT_FORMS, NEGATIVE, SETUP_FORM, TYPES
from .score import final_score, finished
from .state import SessionSetup, State, initial, parse_setup

EXAMPLE_SETUP: Mapping[str, Any] = {
    "mode": "standard", "seats": [{"name": "Simon"}, {"name": "Hassan"}, {"name": "Dave"}]}
EXAMPLE_EVENTS: tuple[Mapping[str, Any], ...] = (
    {"kind": "table-values", "attraction_start": 0},  # the board's number, asked for by a build
    {"kind": "build", "seat": "simon", "cost": 5, "type": "criminals", "points": 4,
     "room": "Robotics Lab"},
    {"kind": "sell", "seat": "hassan", "cost": 3},
    {"kind": "sell", "seat": "dave", "cost": 2},
    {"kind": "sell", "seat": "simon", "cost": 2},
    {"kind": "build", "seat": "hassan", "cost": 4, "type": "beasts", "points": 3},
    {"kind": "sell", "seat": "dave", "cost": 3},
    {"kind": "sell", "seat": "simon", "cost": 1},
    {"kind": "sell", "seat": "hassan", "cost": 2},
    {"kind": "build", "seat": "dave", "cost": 6, "type": "scientists", "points": 5},
    {"kind": "henchmen-phase"},
    {"kind": "recruit", "seat": "simon", "type": "criminals", "cost": 3, "name": "Ms. Nomer"},
    {"kind": "start-contracts"},
    {"kind": "room", "seat": "simon", "room": "Robotics Lab", "figure": "supervillain"},
    {"kind": "contract", "seat": "hassan", "weeks": 4, "difficulty": "easy", "team": 1,
     "target": 3, "successes": 4, "success_infamy": 3, "success_money": 2,
     "failure_infamy": 1, "scheme": "target", "scheme_by": "simon"},
    {"kind": "visit", "seat": "dave", "location": "underground"},
)


class ManiacalTracker(TrackerBase):
    setup_form = SETUP_FORM
    event_forms = EVENT_FORMS
    wording = Wording(seat="Supervillain", seats="Supervillains",
                      follows="money, Infamy, attraction, henchmen, Schemes, the Time track "
                              "and the final score")
    example_setup = EXAMPLE_SETUP
    example_events: Sequence[Mapping[str, Any]] = EXAMPLE_EVENTS
    after_end = frozenset({"note"})
    end_rule = "end-of-game"

    def parse_setup(self, data: Mapping[str, Any]) -> SessionSetup:
        return parse_setup(data)

    def initial(self, setup: SessionSetup) -> State:
        return initial(setup)

    def start_seat(self, setup: SessionSetup) -> str | None:
        """The first seat: the setup lists seats in player order, the first player first
        (rulebook 1.8.1, Deciding Who Goes First)."""
        return setup.seats[0].id

    def resolve(self, setup: SessionSetup, state: State, event: Event) -> Event:
        return referee.resolve(setup, state, event)

    def apply(self, setup: SessionSetup, state: State, event: Event, version: int) -> State:
        return referee.apply(setup, state, event)

    def finished(self, setup: SessionSetup, state: State) -> bool:
        return finished(setup, state)

    def moves(self, setup: SessionSetup, state: State) -> Sequence[Mapping[str, Any]]:
        return referee.moves(setup, state)

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return view.describe(event, names)

    def event_json(self, event: Event, viewer: Viewer) -> dict[str, Any]:
        """A counted contract without the by-hand fields, whose defaults would read as a
        result ("success": false) that the session did not use."""
        out = event.to_json()
        if event.kind == "contract" and calculated(event):
            for key in HAND_SET:
                out.pop(key, None)
        return out

    def state_json(self, setup: SessionSetup, state: State, viewer: Viewer) -> dict[str, Any]:
        return view.state_json(setup, state)

    def round_of(self, setup: SessionSetup, state: State) -> int | None:
        """The round in play (the chart of the game reads each round's end)."""
        return int(state.round)

    def score(self, setup: SessionSetup, state: State) -> Explained:
        return final_score(setup, state)

    def board(self, setup: SessionSetup) -> Board:
        counters = (
            Counter("money", "Money $", 0, 200, "money", field="amount", delta=True),
            Counter("infamy", "Infamy", 0, 300, "infamy", field="amount", delta=True),
            *(Counter(t, f"{t.capitalize()} attraction", 0, 60, t, field="amount",
                      delta=True) for t in TYPES),
            Counter("schemes", "Schemes in hand", 0, 25, "schemes", field="amount",
                    delta=True),
            Counter("mercenaries", "Mercenaries", 0, 8, "mercenaries", field="amount",
                    delta=True),
            Counter("injuries", "Injuries", 0, 20, "injuries", field="amount", delta=True),
            Counter("powers", "Powers", 0, 14, "powers", field="amount", delta=True),
            Counter("rooms_built", "Rooms built", 0, 30, "rooms", field="amount", delta=True),
        )
        return Board(
            shows=(Show("round", "Round"), Show("phase", "Phase"),
                   Show("active", "Active on the Time track", seat_name=True),
                   Show("order_text", "Player order"), Show("time_text", "Time track"),
                   Show("draft_text", "Room draft"),
                   Show("contracts_text", "Contracts on the map this round"),
                   Show("decks_text", "Decks"),
                   Show("variant_text", "Variant"),
                   Show("missing_text", "Still to enter from your board")),
            counters=counters,
            actions=(
                Action("build", "Build", per_seat=True, asks=("cost", "type", "points", "room"),
                       unless="not_building"),
                Action("sell", "Sell", per_seat=True, asks=("cost", "room"),
                       unless="not_building"),
                Action("henchmen-phase", "Henchmen phase", unless="not_building"),
                Action("recruit", "Recruit", per_seat=True, asks=("type", "cost", "name"),
                       unless="not_recruiting"),
                Action("start-contracts", "Contract phase", unless="not_recruiting"),
                Action("room", "Action room", per_seat=True, asks=("room", "figure", "weeks"),
                       unless="not_contracting"),
                Action("contract", "Contract", per_seat=True,
                       asks=("weeks", "difficulty", "team", "scheme", "scheme_by", "target",
                             "successes", "success_infamy", "success_money",
                             "failure_infamy", "failure_money", "effect", "henchman",
                             "lost_powers", "scheme_henchman"),
                       unless="not_contracting"),
                Action("contract", "Contract result by hand (correction)", per_seat=True,
                       asks=("weeks", "difficulty", "scheme", "scheme_by", "success",
                             "infamy", "money", "effect", "henchman"),
                       unless="not_contracting"),
                Action("contract-room", "Contract room", per_seat=True,
                       asks=("room", "figure"), unless="not_contracting"),
                Action("visit", "Special Location", per_seat=True,
                       asks=("location", "injuries"), unless="not_contracting"),
                Action("pass", "Pass", per_seat=True, unless="not_contracting",
                       confirm="passes, spending all remaining weeks?"),
                Action("scheme", "Own Scheme", per_seat=True, asks=("effect", "landing"),
                       unless="not_contracting", leave_out=NEGATIVE),
                Action("draw", "Card from a room or effect", per_seat=True,
                       asks=("card", "henchman", "reason"), unless="not_contracting"),
                Action("clean-up", "Clean-up", asks=("fire", "unpaid"), unless="not_cleaning",
                       confirm="pays salaries (Mercenaries first) and ends the round?"),
                Action("henchmen", "Henchmen (correction)", per_seat=True,
                       asks=("amount", "type", "reason")),
                Action("decks", "Decks (correction)",
                       asks=("scheme_deck", "scheme_discard", "mercenary_deck", "power_deck",
                             "power_discard")),
                Action("table-values", "Attraction start (printed on your board)",
                       asks=("attraction_start",), unless="attraction_known"),
                Action("table-values", "Board values",
                       asks=("attraction_start", "round_2_weeks", "round_3_weeks", "money_bonus",
                             "after_money_tie", "round_3_easy", "round_3_hard",
                             "round_3_legendary",
                             *(f"faces_{t.value}" for t in TRAITS))),
                Action("laugh", "Most sinister laugh", per_seat=True, unless="no_laugh",
                       confirm="wins the tie on the table's call?"),
                NOTE,
            ),
            seat_lines=("attraction_line", "crew_text", "weeks_text", "used_text"))


TRACKER = ManiacalTracker()
