"""Syndicate at the table: the session tracker behind the game's `tracker` slot.

Per seat: credits, influence and crew, VP (Awards and other), bases per zone (fortified and
special ones), tech and assault levels, Black Market markers, the hand of Operation cards and
the bonus chips (counts), the activated sleeper, research markers. For the table: the round
and its phase and turn, the alert level, this round's Sovereign card and who it is resolved
for, the Destroyer (advanced rules), the star card's round and the last round, the Operation
deck and discard pile, the bonus chips left on the board, the Phantom's bases (2-player
variation), and the values the book does not print, entered once and remembered (alert colour
bands, Black Market prices above 15).

Modules: `forms` (setup and event forms), `state` (the frozen state and `initial`),
`referee` (what `apply` checks and does, `admit` for requests, and `moves`), the phases'
own modules (`turn`, `actions`, `cards`, `trade`, `research`, `sovereign`, `collection`,
`corrections`), `moves` (the moves of each phase), `score` (the end and the final score),
`views` (state_json, the board) and `lines` (the history lines). Syndicate has no hidden
information the companion tracks (the sleeper stays face down on the table, a hand is a
count), so every viewer sees the same state.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.tracker import Board, Event, TrackerBase, Viewer, Wording
from assistant.tracker.fields import check_form

from .forms import EVENT_FORMS, SETUP_FORM, parse_setup
from .lines import describe
from .referee import admit, applied, moves
from .score import final_score, finished
from .state import SessionSetup, State, initial
from .views import board, state_json

EXAMPLE_SETUP: Mapping[str, Any] = {
    "mode": "standard", "advanced": True,
    "seats": [{"name": "Ana", "syndicate": "Fidge & Co.", "credits": 3, "influence": 0,
               "crew": 2}, {"name": "Ben", "credits": 0, "influence": 0, "crew": 0},
              {"name": "Cy"}]}
"""Ana's mat is the one the rulebook prints (syndicate.txt:350); Ben's amounts are typed at
the start, Cy's are asked when Cy first spends or gains one."""
RAW_EXAMPLES: Sequence[Mapping[str, Any]] = (
    {"kind": "resources", "seat": "ana", "credits": 14, "influence": 4},
    {"kind": "buy-base", "seat": "ana", "zone": "exo"},
    {"kind": "buy-level", "seat": "ana", "track": "tech"},
    {"kind": "sleeper", "seat": "ana"},
    {"kind": "mission", "seat": "ana", "territory": "Goshen", "winning_faces": [4, 5, 6],
     "reward_credits": 4, "roll": 2},
    {"kind": "trade", "seat": "ben", "partner": "cy", "give_cards": 1,
     "text": "Cy leaves Ben's bases alone this round"},
    {"kind": "end-turn"},
    {"kind": "resources", "seat": "ben", "crew": 6},
    {"kind": "assault", "seat": "ben", "target": "ana", "zone": "exo", "roll": 3},
    {"kind": "end-turn"},
    {"kind": "vp", "seat": "cy", "amount": 3, "reason": "an Award"},
    {"kind": "end-turn"},
    {"kind": "sovereign-card", "card": "other"},
    {"kind": "card-resolved"},
    {"kind": "mat", "seat": "ana", "racket_credits": 3, "racket_influence": 0,
     "racket_crew": 3},
    {"kind": "collect", "seat": "ana"},
)


def _stored(raw: Sequence[Mapping[str, Any]]) -> tuple[dict[str, Any], ...]:
    """The examples as the session stores them: each with the outcome it worked out (the API
    docs show them, and each is its own stored form)."""
    setup = parse_setup(EXAMPLE_SETUP)
    state, out = initial(setup), []
    for item in raw:
        event = Event(str(item["kind"]), check_form(EVENT_FORMS[str(item["kind"])], item,
                                                    allow_extra=("kind",)))
        state, lines = applied(setup, state, event)
        out.append({**item, **({"working": " ".join(lines)} if lines else {})})
    return tuple(out)


class SyndicateTracker(TrackerBase):
    setup_form = SETUP_FORM
    event_forms = EVENT_FORMS
    wording = Wording(seat="player", seats="players",
                      follows="credits, influence, crew, bases, the alert level and the "
                              "final score")
    example_setup = EXAMPLE_SETUP
    example_events = _stored(RAW_EXAMPLES)
    end_rule = "end-of-game"

    def parse_setup(self, data: Mapping[str, Any]) -> SessionSetup:
        return parse_setup(data)

    def initial(self, setup: SessionSetup) -> State:
        return initial(setup)

    def start_seat(self, setup: SessionSetup) -> str | None:
        """The first seat: the setup lists the players clockwise from the one the Order roll
        gave the First Player marker (rulebook, setup step 10, Order)."""
        return setup.seats[0].id

    def apply(self, setup: SessionSetup, state: State, event: Event, version: int) -> State:
        return applied(setup, state, event)[0]

    def resolve(self, setup: SessionSetup, state: State, event: Event) -> Event:
        """The stored form carries the outcome the session worked out, in words, for its
        history line (describe sees the event alone). A refused event is left as it came:
        apply says why (the kernel adds what can be done now)."""
        admit(setup, state, event)
        if "working" not in {f.name for f in EVENT_FORMS.get(event.kind, ())}:
            return event
        try:
            _, lines = applied(setup, state, event)
        except InvalidInput:
            return event
        data = {k: v for k, v in event.data.items() if k != "working"}
        if lines:
            data["working"] = " ".join(lines)[:3000]
        return Event(event.kind, data)

    def finished(self, setup: SessionSetup, state: State) -> bool:
        return finished(state)

    def moves(self, setup: SessionSetup, state: State) -> Sequence[Mapping[str, Any]]:
        return moves(setup, state)

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return describe(event, names)

    def state_json(self, setup: SessionSetup, state: State, viewer: Viewer) -> dict[str, Any]:
        return state_json(setup, state)

    def round_of(self, setup: SessionSetup, state: State) -> int | None:
        """The round in play (the chart of the game reads each round's end)."""
        return int(state.round)

    def score(self, setup: SessionSetup, state: State) -> Explained:
        return final_score(setup, state)

    def board(self, setup: SessionSetup) -> Board:
        return board(setup)


TRACKER = SyndicateTracker()
