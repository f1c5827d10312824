"""All Part of the Master Plan at the table: the session tracker behind the game's `tracker` slot.

A session is the seats (clockwise), who holds Loser Lad, the Super deck size if known, and
the three table settings; events fold into the state: the round, its Throwdowns with their
Loot, the face-down Squads (counts only: what a Super is stays hidden until its battle), who
picked each Throwdown, the revealed Supers, KO piles, Loot collected, hands as counts, Loser
Lad and an instant win. Battles, claims, Loser Lad and the score are worked out by the game's
own calculators, so no rule lives twice.

Modules: forms.py (the forms), state.py (setup and state), rounds.py (where a round stands),
referee.py (what each event checks and does, and the moves), battles.py (Battle and Loot at
one Throwdown), score.py (the score and the end), views.py (what each viewer sees).

Secrets: a Master Plan's requirements are entered from the owner's phone (`plan`) and appear
only in that seat's own view, never in the shared one, until the owner reveals them. The claim
that completes an entered plan is told to the owner's phone only ("declare your win now",
`declare_now`); the table learns of the win when the owner declares it (`declare-win` from
their own phone, stored with the plan it reveals: a disclosure, never taken back). Where a
phone is gone (or plans were never entered), the table types the plan card as shown
(`declare-win` with `requirements`), checked against what was typed and the public Loot only.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.explain import Explained
from assistant.inputs import Form
from assistant.tracker import Board, Event, TrackerBase, Viewer, Wording

from . import referee, score, views
from .forms import EVENT_FORMS, SETUP_FORM
from .state import Setup, State, dealt, initial, parse_setup

EXAMPLE_SETUP: Mapping[str, Any] = {
    "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}],
    "loser_lad": "Ben", "super_deck_size": 8}
EXAMPLE_REQUESTS: tuple[Mapping[str, Any], ...] = (
    {"kind": "throwdown", "loot": "Gem, Idol"},
    {"kind": "throwdown", "loot": "Crown"},
    {"kind": "throwdown", "loot": "Mask, Gem"},
    {"kind": "deploy", "seat": "ben", "throwdown": 1},
    {"kind": "deploy", "seat": "cat", "throwdown": 1},
    {"kind": "deploy", "seat": "dee", "throwdown": 2},
    {"kind": "deploy", "seat": "ann", "throwdown": 1},
    {"kind": "deploy", "seat": "ben", "throwdown": 3},
    {"kind": "deploy", "seat": "cat", "throwdown": 3},
    {"kind": "deploy", "seat": "dee", "throwdown": 2},
    {"kind": "deploy", "seat": "ann", "throwdown": 1},
    {"kind": "pick", "seat": "ben", "throwdown": 1},
    {"kind": "reveal", "throwdown": 1, "seat": "ben", "name": "Hex", "side": "villain",
     "action_number": 5, "attack": "magic", "defends_force": True},
    {"kind": "reveal", "throwdown": 1, "seat": "cat", "name": "Mind", "side": "villain",
     "action_number": 7, "attack": "psychic"},
    {"kind": "reveal", "throwdown": 1, "seat": "ann", "name": "Blaze", "side": "hero",
     "action_number": 2, "attack": "force", "defends_magic": True},
    {"kind": "reveal", "throwdown": 1, "seat": "ann", "name": "Aegis", "side": "hero",
     "action_number": 9, "attack": "none", "defends_psychic": True},
    {"kind": "battle", "throwdown": 1},
    {"kind": "claim", "throwdown": 1, "loot": "Gem"},
)


def _stored(raw: Sequence[Mapping[str, Any]]) -> tuple[Mapping[str, Any], ...]:
    """The example requests as the session stores them (a battle and a claim carry what they
    did and the working), so each is its own stored form."""
    setup = parse_setup(EXAMPLE_SETUP)
    state = initial(setup)
    out: list[Mapping[str, Any]] = []
    for item in raw:
        event = referee.stored_form(setup, state, Event(str(item["kind"]), {
            k: v for k, v in item.items() if k != "kind"}))
        state = referee.apply(setup, state, event, len(out) + 1)
        out.append({"kind": event.kind, **event.data})
    return tuple(out)


class MasterPlanTracker(TrackerBase):
    setup_form: Form = SETUP_FORM
    event_forms: Mapping[str, Form] = EVENT_FORMS
    wording: Wording = Wording(seat="Mastermind", seats="Masterminds",
                               follows="the Throwdowns, KO piles, Loot collected, Loser Lad "
                               "and the final score (Master Plans stay on their owners' "
                               "phones)")
    example_setup: Mapping[str, Any] = EXAMPLE_SETUP
    example_events: Sequence[Mapping[str, Any]] = _stored(EXAMPLE_REQUESTS)
    private_events: frozenset[str] = frozenset({"plan"})
    """Only a seat's own phone writes its Master Plan."""
    end_rule: str | None = "goal"
    """The game ends at an instant win or after round 3 (both in "How to win")."""

    def parse_setup(self, data: Mapping[str, Any]) -> Setup:
        return parse_setup(data)

    def initial(self, setup: Setup) -> State:
        return initial(setup)

    def dealt(self, setup: Setup) -> dict[str, Any]:
        """What the seeded setup dealt (Loser Lad), as the start form's values."""
        return dealt(setup)

    def start_seat(self, setup: Setup) -> str | None:
        """Loser Lad's holder at the start, where the setup names one: playing Supers begins
        with them, then goes clockwise (Assemble, step 3)."""
        return setup.loser_lad

    def writer(self, setup: Setup, event: Event) -> str | None:
        return referee.writer(setup, event)

    def resolve(self, setup: Setup, state: State, event: Event) -> Event:
        return referee.stored_form(setup, state, event)

    def apply(self, setup: Setup, state: State, event: Event, version: int) -> State:
        return referee.apply(setup, state, event, version)

    def forget(self, setup: Setup, state: State, seat: str) -> State:
        return referee.forget(state, seat)

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return views.describe(event, names, self.hidden(event, viewer))

    def state_json(self, setup: Setup, state: State, viewer: Viewer) -> dict[str, Any]:
        return views.state_json(setup, state, viewer)

    def round_of(self, setup: Setup, state: State) -> int | None:
        """The round in play (the chart of the game reads each round's end)."""
        return int(state.round)

    def score(self, setup: Setup, state: State) -> Explained:
        return score.table(setup, state)

    def finished(self, setup: Setup, state: State) -> bool:
        return score.finished(setup, state)

    def moves(self, setup: Setup, state: State) -> Sequence[Mapping[str, Any]]:
        return referee.moves(setup, state)

    def board(self, setup: Setup) -> Board:
        return views.board(setup)


TRACKER = MasterPlanTracker()
