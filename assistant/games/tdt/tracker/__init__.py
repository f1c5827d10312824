"""Tomorrow Dies Today at the table: the session tracker behind the game's `tracker` slot.

Seats are the Named Henchmen in play (plus General Goodman in Cutthroat); the state is what
matters for the end: VP by source, Betrayal Triggers, objectives, Resources and Gadgets (a
tie-break), the Doomsday Clock, the Technology Track, the plan, the Betrayer, the Team Leader.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.explain import Explained
from assistant.tracker import (
    NOTE,
    Action,
    Board,
    Counter,
    Show,
    Toggles,
    Track,
    TrackerBase,
    Viewer,
    Wording,
)

from ..calculators.costs import TECH_MAX, TECH_MIN
from ..modes import CLOCK_MAX, MAX_TRIGGERS, PlayMode
from .events import EVENT_FORMS, Event, build_event, describe
from .forms import SETUP_FORM
from .score import final_score
from .setup import SessionSetup, parse_setup
from .state import State, apply, initial

EXAMPLE_SETUP: Mapping[str, Any] = {"mode": "cutthroat", "seats": [
    {"goodman": True, "player": "Gil"}, {"henchman": "Azura Badeau", "player": "Ana"},
    {"henchman": "Jin Feng", "player": "Jo"}, {"henchman": "Boris Myasneek", "player": "Bo"}]}
EXAMPLE_EVENTS = (
    {"kind": "vp", "seat": "jin-feng", "amount": 2, "reason": "mission reward"},
    {"kind": "trigger", "seat": "azura-badeau", "trigger": 3, "active": True},
    {"kind": "objective", "seat": "jin-feng", "objective": "side-job", "vp": 2,
     "title": "Smash and grab"},
    {"kind": "clock", "to": 8},
    {"kind": "betrayal", "seat": "boris-myasneek"},
)


class TdtTracker(TrackerBase):
    setup_form = SETUP_FORM
    event_forms = {kind.value: form for kind, form in EVENT_FORMS.items()}
    wording = Wording(seat="Named Henchman", seats="Named Henchmen",
                      follows="VP, Betrayal Triggers, objectives, the Doomsday Clock and the "
                              "Technology Track, and the final score")
    example_setup = EXAMPLE_SETUP
    example_events = EXAMPLE_EVENTS

    def parse_setup(self, data: Mapping[str, Any]) -> SessionSetup:
        return parse_setup(data)

    def parse_event(self, kind: str, values: Mapping[str, Any]) -> Event:
        return build_event(kind, values)

    def initial(self, setup: SessionSetup) -> State:
        return initial(setup)

    def start_seat(self, setup: SessionSetup) -> str | None:
        """The Team Leader at the start, where the table said: actions go from the Team
        Leader, then clockwise (rulebook glossary, Team Leader). None if not entered."""
        return setup.team_leader

    def apply(self, setup: SessionSetup, state: State, event: Event, version: int) -> State:
        return apply(setup, state, event, version)

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return describe(event, names)

    def state_json(self, setup: SessionSetup, state: State, viewer: Viewer) -> dict[str, Any]:
        return state.to_json()

    def score(self, setup: SessionSetup, state: State) -> Explained:
        return final_score(setup, state)

    def board(self, setup: SessionSetup) -> Board:
        cutthroat = setup.mode is PlayMode.CUTTHROAT
        plan = setup.mode is not PlayMode.MAYHEM
        shows = [Show("team_leader", "Team Leader", seat_name=True)]
        actions = []
        if plan:
            shows += [Show("doomsday_revealed", "Doomsday Plan revealed"),
                      Show("doomsday_completed", "Doomsday Plan completed")]
            actions += [Action("doomsday-revealed", "Plan revealed", unless="doomsday_revealed"),
                        Action("doomsday-completed", "Plan completed",
                               unless="doomsday_completed")]
        if cutthroat:
            shows.append(Show("betrayer", "Betrayer", seat_name=True))
        actions += [Action("objective", "Completed", per_seat=True,
                           asks=("objective", "vp", "title"), skip="goodman"),
                    Action("team-leader", "Team Leader", per_seat=True, skip="goodman")]
        if cutthroat:
            actions.append(Action("betrayal", "Betrays", per_seat=True, skip="goodman",
                                  unless="betrayer", confirm="betrays the organization?"))
        actions.append(NOTE)
        return Board(
            tracks=(Track("clock", "Doomsday Clock", 0, CLOCK_MAX, "clock"),
                    Track("tech", "Technology Track", TECH_MIN, TECH_MAX, "tech")),
            shows=tuple(shows),
            counters=(Counter("vp", "VP", -50, 999, "vp", field="amount", delta=True),
                      Counter("resources", "Resources", 0, 200, "resources"),
                      Counter("gadgets", "Gadgets", 0, 50, "gadgets")),
            toggles=(Toggles("triggers", "Betrayal Triggers",
                             tuple(range(1, MAX_TRIGGERS + 1)), "trigger", "trigger",
                             skip="goodman"),),
            actions=tuple(actions),
            seat_lines=("vp_objectives", "vp_nefarious", "vp_goodman", "vp_other"))


TRACKER = TdtTracker()
