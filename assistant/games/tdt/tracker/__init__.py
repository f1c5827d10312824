"""Tomorrow Dies Today at the table: the session tracker behind the game's `tracker` slot.

Seats are the Named Henchmen in play (plus General Goodman in Cutthroat); the state is what
matters for the end: VP by source, Betrayal Triggers, objectives, Resources and Gadgets (a
tie-break), the Doomsday Clock, the Technology Track, the plan, the Betrayer, the Team Leader.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput
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
from assistant.tracker.fields import check_form

from .. import scoring
from ..calculators.costs import TECH_MAX, TECH_MIN
from ..modes import CLOCK_MAX, MAX_TRIGGERS, PlayMode
from .events import EVENT_FORMS, Event, EventKind, Stage, build_event, describe
from .forms import SETUP_FORM
from .moves import moves
from .plays import play
from .rounds import now
from .score import final_score, henchmen
from .setup import SessionSetup, parse_setup
from .state import State, initial

EXAMPLE_SETUP: Mapping[str, Any] = {"mode": "cutthroat", "seats": [
    {"goodman": True, "player": "Gil"}, {"henchman": "Azura Badeau", "player": "Ana"},
    {"henchman": "Jin Feng", "player": "Jo"}, {"henchman": "Boris Myasneek", "player": "Bo"}]}
RAW_EXAMPLE_EVENTS = (
    {"kind": "tech", "to": 1},
    {"kind": "resources", "seat": "jin-feng", "count": 3},
    {"kind": "gadget", "seat": "jin-feng"},
    {"kind": "next"},
    {"kind": "vp", "seat": "jin-feng", "amount": 2, "reason": "mission reward"},
    {"kind": "trigger", "seat": "azura-badeau", "trigger": 3, "active": True},
    {"kind": "next"}, {"kind": "next"}, {"kind": "next"},
    {"kind": "objective", "seat": "jin-feng", "objective": "side-job", "vp": 2,
     "title": "Smash and grab"},
    {"kind": "betrayal", "seat": "boris-myasneek"},
    {"kind": "next"},
)


class TdtTracker(TrackerBase):
    setup_form = SETUP_FORM
    event_forms = {kind.value: form for kind, form in EVENT_FORMS.items()}
    example_events: tuple[dict[str, Any], ...] = ()
    """Filled in below, once the session can work out their stored forms."""
    wording = Wording(seat="Named Henchman", seats="Named Henchmen",
                      follows="VP, Betrayal Triggers, objectives, the Doomsday Clock and the "
                              "Technology Track, and the final score")
    example_setup = EXAMPLE_SETUP

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

    def resolve(self, setup: SessionSetup, state: State, event: Event) -> Event:
        """The event with what the session worked out filled in (a refused one is left as
        sent: `apply` refuses it, saying what can be done instead)."""
        try:
            return play(setup, state, event, 0)[1]
        except InvalidInput:
            return event

    def apply(self, setup: SessionSetup, state: State, event: Event, version: int) -> State:
        return play(setup, state, event, version)[0]

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return describe(event, names)

    def state_json(self, setup: SessionSetup, state: State, viewer: Viewer) -> dict[str, Any]:
        out = state.to_json()
        if not setup.rounds:  # a ledger session shows what it always showed
            return out
        out.update(round=state.round, stage=state.stage.value, phase=state.phase,
                   now=now(state), over=state.stage is Stage.OVER,
                   plan="completed" if state.doomsday_completed else
                   "revealed" if state.doomsday_revealed else "hidden")
        lines = _end_lines(setup, state)
        for seat in out["seats"]:
            seat["at_end"] = lines.get(seat["id"], "")
        return out

    def score(self, setup: SessionSetup, state: State) -> Explained:
        return final_score(setup, state, self.finished(setup, state))

    def finished(self, setup: SessionSetup, state: State) -> bool:
        if setup.rounds:
            return state.stage is Stage.OVER
        return bool(final_score(setup, state, False).result["outcome"]["kind"]
                    not in ("in-progress", "blocked"))

    def moves(self, setup: SessionSetup, state: State) -> Sequence[Mapping[str, Any]]:
        return moves(setup, state, self.finished(setup, state))

    def board(self, setup: SessionSetup) -> Board:
        cutthroat = setup.mode is PlayMode.CUTTHROAT
        plan = setup.mode is not PlayMode.MAYHEM
        rounds = setup.rounds
        shows = [Show("now", "Now")] if rounds else []
        shows.append(Show("team_leader", "Team Leader", seat_name=True))
        actions = [Action("next", "Next step", unless="over")] if rounds else []
        if plan and rounds:  # one line where the compact scoreboard's caption has little room
            shows.append(Show("plan", "Doomsday Plan"))
        elif plan:
            shows += [Show("doomsday_revealed", "Doomsday Plan revealed"),
                      Show("doomsday_completed", "Doomsday Plan completed")]
            actions += [Action("doomsday-revealed", "Plan revealed", unless="doomsday_revealed"),
                        Action("doomsday-completed", "Plan completed",
                               unless="doomsday_completed")]
        if cutthroat:
            shows.append(Show("betrayer", "Betrayer", seat_name=True))
        actions += [Action("objective", "Completed", per_seat=True,
                           asks=("objective", "vp", "title"), skip="goodman"),
                    Action("deploy", "Funds a Deployment", per_seat=True,
                           asks=("squad_1", "from_1", "squad_2", "from_2", "squad_3",
                                 "from_3", "destination", "modifier"), skip="goodman"),
                    Action("conflict", "Starts a Conflict", per_seat=True,
                           asks=("target", "offence", "offence_total", "defence",
                                 "defence_total", "target_offence", "target_offence_total",
                                 "target_defence", "target_defence_total", "steals",
                                 "target_steals"), skip="goodman"),
                    Action("mission", "Completes a mission", per_seat=True,
                           asks=("mission", "title", "combat", "stealth", "cunning",
                                 "diplomacy", "affinity", "high_alert", "reward_vp",
                                 "reward_resources"), skip="goodman"),
                    Action("gadget", "Builds a Gadget", per_seat=True, asks=("shift",),
                           skip="goodman"),
                    Action("team-leader", "Team Leader", per_seat=True, skip="goodman")]
        if setup.mode is PlayMode.SYNDICATE:
            actions.append(Action("hire", "Hires a Named Henchman", per_seat=True,
                                  asks=("title",)))
        if cutthroat:
            actions.append(Action("betrayal", "Betrays", per_seat=True, skip="goodman",
                                  asks=("forced",), unless="betrayer",
                                  confirm="betrays the organization?"))
        actions.append(NOTE)
        lines: tuple[str, ...] = ("vp_objectives", "vp_nefarious", "vp_goodman", "vp_other")
        if rounds and setup.mode is not PlayMode.SYNDICATE:
            lines = ("at_end", *lines)
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
            seat_lines=lines)


def _end_lines(setup: SessionSetup, state: State) -> dict[str, str]:
    """Each Named Henchman's VP as the score counts it, beside the VP counter (which shows VP
    held): "3 VP at the end: 4 held, −1 Betrayal Trigger 3"."""
    if setup.mode is PlayMode.SYNDICATE:
        return {}
    out = {}
    for seat, h in zip(setup.henchmen, henchmen(setup, state), strict=True):
        held = state.seat(seat.id).vp_held
        counted = scoring.counted_triggers(h, setup.mode)
        if not counted:
            out[seat.id] = f"{held} VP at the end (no Betrayal Trigger counts)"
            continue
        numbers = sorted(n for n in state.seat(seat.id).triggers
                         if n != 1 or setup.mode is PlayMode.CUTTHROAT)
        out[seat.id] = (f"{held - counted} VP at the end: {held} held, −{counted} for Betrayal "
                        f"Trigger{'s' if counted > 1 else ''} {', '.join(map(str, numbers))}")
    return out


def _stored(raw: Sequence[Mapping[str, Any]]) -> tuple[dict[str, Any], ...]:
    """The example events as the session stores them (the worked-out fields filled in), so
    each is its own stored form."""
    setup = parse_setup(EXAMPLE_SETUP)
    state, out = initial(setup), []
    for i, body in enumerate(raw, 1):
        kind = str(body["kind"])
        values = check_form(EVENT_FORMS[EventKind(kind)], {k: v for k, v in body.items()
                                                          if k != "kind"})
        state, event = play(setup, state, build_event(kind, values), i)
        out.append(event.to_json())
    return tuple(out)


TdtTracker.example_events = _stored(RAW_EXAMPLE_EVENTS)
TRACKER = TdtTracker()
