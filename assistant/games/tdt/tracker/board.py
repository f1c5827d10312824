"""What the session page shows and lets the table record (Tracker.board), and the state as
the page reads it (Tracker.state_json): the round and whose turn it is, each seat's VP,
Resources by kind, Gadgets, Faceless Henchmen, Squads and Staging Markers, and the War Map's
counts (High Alert, Agents, Spoils, Directives, R&D)."""
from __future__ import annotations

import functools
from typing import Any

from assistant.tracker import NOTE, Action, Board, Counter, Show, Toggles, Track

from .. import scoring
from ..calculators.costs import TECH_MAX, TECH_MIN
from ..modes import CLOCK_MAX, MAX_TRIGGERS, PlayMode
from .forms import ATTRIBUTES, Resource, Stage
from .rounds import now, whose_turn
from .score import henchman, seat_held_note
from .setup import GOODMAN_ID, SessionSeat, SessionSetup
from .state import SeatState, State

SQUAD_FIELDS = tuple(f for n in (1, 2, 3) for f in (f"squad_{n}", f"from_{n}"))
SEAT_VIEWS = 1024
"""Seats' page views kept (_seat_json): about 1.8 KiB each, the seats of some 200 tables."""
CONFLICT_FIELDS = ("target", "offence", "offence_total", "defence", "defence_total",
                   "target_offence", "target_offence_total", "target_defence",
                   "target_defence_total", "steals", "target_steals", "claim", "target_claim")


def _mine(event: str, label: str, asks: tuple[str, ...] = (), unless: str = "",
          confirm: str = "") -> Action:
    """A Named Henchman's action: on each seat card but General Goodman's."""
    return Action(event, label, per_seat=True, asks=asks, unless=unless, confirm=confirm,
                  skip="goodman")


def board(setup: SessionSetup) -> Board:
    cutthroat = setup.mode is PlayMode.CUTTHROAT
    syndicate = setup.mode is PlayMode.SYNDICATE
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
    if plan:
        actions += [Action("doomsday-revealed", "Plan revealed", unless="doomsday_revealed"),
                    Action("doomsday-completed", "Plan completed", unless="doomsday_completed")]
    if cutthroat:
        shows.append(Show("betrayer", "Betrayer", seat_name=True))
    if rounds:  # (the Agents' tiles and the Spoils: state_json's board_line)
        shows.append(Show("alert_line", "High Alert"))
    if rounds:
        actions += [
            Action("pass", "Passes", per_seat=True),
            Action("requisition", "Requisitions", per_seat=True,
                   asks=("resource", "count", *(("faceless",) if setup.mode is PlayMode.MAYHEM
                                               else ()))),
            _mine("squads", "Commits forces to Squads", asks=("size_1", "size_2", "size_3",
                                                             "named_in", "correction")),
            _mine("plot", "Plots", asks=("option", "tile", "occupied")),
            _mine("gadget", "Builds a Gadget", asks=("shift",)),
            _mine("staging", "Places Staging Markers",
                   asks=("phase_1", "tile_1", "phase_2", "tile_2", "phase_3", "tile_3",
                         "blanks")),
            _mine("deploy", "Funds a Deployment",
                   asks=(*SQUAD_FIELDS, "destination", "tile", "modifier")),
            _mine("conflict", "Starts a Conflict", asks=CONFLICT_FIELDS),
            _mine("damage", "Takes damage", asks=("squad", "faceless", "named", "agent")),
            _mine("bribe", "Buys off an Agent", asks=("agent",)),
            _mine("spoils", "Spoils", asks=("action", "tile", "count", "resource", "affinity")),
            _mine("mission", "Completes a mission",
                   asks=("mission", "title", *ATTRIBUTES, "affinity", "high_alert",
                         "reward_vp", "reward_resources", "reward_resource")),
            _mine("corrupt-agency", "Corrupts an Agency", asks=("agent", "option")),
            Action("exchange", "Gives", per_seat=True, asks=("target", "item", "count")),
            _mine("recall", "Recalls Squads"),
            Action("resources", "Resources counted", per_seat=True,
                   asks=tuple(r.attr for r in Resource)),
            _mine("henchmen", "Faceless Henchmen counted", asks=("count",)),
        ]
        if setup.mode is not PlayMode.MAYHEM:
            actions.append(_mine("tithe", "Tithes", asks=("item", "count")))
    else:
        actions += [_mine("deploy", "Funds a Deployment",
                           asks=(*SQUAD_FIELDS, "destination", "modifier")),
                    _mine("conflict", "Starts a Conflict", asks=CONFLICT_FIELDS),
                    _mine("mission", "Completes a mission",
                           asks=("mission", "title", *ATTRIBUTES, "affinity", "high_alert",
                                 "reward_vp", "reward_resources", "reward_resource")),
                    _mine("gadget", "Builds a Gadget", asks=("shift",))]
    actions.append(_mine("objective", "Completed",
                          asks=("objective", "vp", "title", "goodman_reward", "goodman_item"),
                          ))
    actions.append(Action("team-leader", "Team Leader", per_seat=True, skip="goodman",
                          asks=("reassign",) if cutthroat and rounds else ()))
    if syndicate:
        actions.append(Action("hire", "Hires a Named Henchman", per_seat=True,
                              asks=("title",)))
        if rounds:
            actions.append(Action("withdraw", "Takes from the Communal Vault", per_seat=True,
                                  asks=("resource", "count")))
    if cutthroat:
        actions.append(_mine("betrayal", "Betrays", asks=("forced", "resource"),
                              unless="betrayer", confirm="betrays the organization?"))
        if rounds:
            actions.append(_mine("global-event", "Flips a Global Event (Betrayer)"))
    if rounds and setup.mode is not PlayMode.MAYHEM:
        actions.append(Action("goodman-plot", "Goodman's Plotting",
                              asks=("seat", "option", "paid", "placed"), unless="not_plotting"))
    if rounds:
        actions += [Action("agent", "An Agent moves", asks=("agent", "tile"),
                           unless="not_villainy"),
                    Action("high-alert", "High Alert tokens", asks=("tile", "to"),
                           unless="not_villainy")]
    actions.append(NOTE)
    lines: tuple[str, ...] = ("vp_line",) if rounds else (  # a stored ledger's own keys
        "vp_objectives", "vp_nefarious", "vp_goodman", "vp_other")
    if rounds:
        lines = ("resource_line", "squad_line", "marker_line", *lines)
    if rounds and setup.mode is not PlayMode.SYNDICATE:
        lines = ("at_end", *lines)
    counters = [Counter("vp", "VP", -50, 999, "vp", field="amount", delta=True)]
    if not rounds:
        counters.append(Counter("resources", "Resources", 0, 200, "resources"))
    counters.append(Counter("gadgets", "Gadgets", 0, 50, "gadgets"))
    if rounds:  # Resources by kind: the seat's line, and the "Resources counted" form
        counters.append(Counter("faceless", "Faceless", 0, 60, "henchmen"))
    return Board(
        tracks=(Track("clock", "Doomsday Clock", 0, CLOCK_MAX, "clock"),
                Track("tech", "Technology Track", TECH_MIN, TECH_MAX, "tech")),
        shows=tuple(shows),
        counters=tuple(counters),
        toggles=(Toggles("triggers", "Betrayal Triggers", tuple(range(1, MAX_TRIGGERS + 1)),
                         "trigger", "trigger", skip="goodman"),),
        actions=tuple(actions),
        seat_lines=lines)


def state_json(setup: SessionSetup, state: State) -> dict[str, Any]:
    if not setup.rounds:  # a ledger session shows what it always showed
        return state.ledger_json()
    named = {seat.id: seat for seat in setup.henchmen}
    out = state.to_json([dict(_seat_json(s, named.get(s.id), setup.mode, state.betrayer == s.id))
                         for s in state.seats])
    turn = whose_turn(setup, state)
    out.update(round=state.round, stage=state.stage.value, phase=state.phase,
               step=state.step, now=now(setup, state), over=state.stage is Stage.OVER,
               not_villainy=state.stage is not Stage.VILLAINY,
               not_plotting=state.stage is not Stage.MONOLOGUING,
               turn=turn[0] if turn and state.turn is not None and state.turn.strict
               else None,
               plan="completed" if state.doomsday_completed else
               "revealed" if state.doomsday_revealed else "hidden")
    return out


@functools.lru_cache(maxsize=SEAT_VIEWS)
def _seat_json(seat: SeatState, named: SessionSeat | None, mode: PlayMode, betrayer: bool
               ) -> dict[str, Any]:
    """A seat as the page reads it, with its VP at the end (a Named Henchman's, as the score
    counts it, beside the VP counter, which shows VP held: "3 VP at the end: 4 VP held, −1 for
    Betrayal Trigger 3"). Kept for the seat states read lately: an event changes one seat or
    none, so the others' are made once. Callers copy it before adding to it."""
    out = seat.to_json()
    out["at_end"] = ""
    if named is not None and mode is not PlayMode.SYNDICATE:
        note = seat_held_note(seat, mode)
        counted = scoring.final_vp(henchman(named, seat, betrayer), mode)
        out["at_end"] = (f"{counted} VP at the end: {note}" if note
                         else f"{counted} VP at the end (no Betrayal Trigger counts)")
    if seat.id != GOODMAN_ID:
        out["vp_line"] = vp_line(out)
    return out


def vp_line(seat: dict[str, Any]) -> str:
    """Where a seat's VP came from, in the game's words."""
    return (f"VP from objectives: {seat['vp_objectives']} · VP from the Nefarious Plan: "
            f"{seat['vp_nefarious']} · VP from General Goodman: {seat['vp_goodman']} · "
            f"other VP: {seat['vp_other']}")
