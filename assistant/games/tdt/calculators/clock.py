"""The Doomsday Clock at the end of a Round (Monologuing › The World Reacts, Global Events,
The Clock Reaches 0, and Syndicate's extra tick once the Doomsday Plan is revealed)."""
from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, OneOf

from ..book import says
from ..modes import CLOCK_MAX, MODE_OPTIONS, PlayMode

"""Highest start on the setup table (Cutthroat with 3 Henchmen, Syndicate solo)."""


class Outcome(StrEnum):
    """How the game ends when the clock reaches 0."""

    BETRAYER_WINS = "betrayer-wins"
    """Cutthroat with a Betrayer: the Betrayer wins, everyone else loses."""
    EVERYONE_LOSES = "everyone-loses"
    """Cutthroat without a Betrayer: Goodman's organization is caught; nobody wins."""
    TABLE_LOSES = "table-loses"
    """Syndicate: the team ran out of time."""
    SCORING = "scoring"
    """Mayhem: Goodman's plan succeeds; go to end-game scoring."""



_OUTCOME_TEXT = {
    Outcome.BETRAYER_WINS: "The authorities catch Goodman's organization: the Betrayer wins and "
                           "everyone else loses.",
    Outcome.EVERYONE_LOSES: "The authorities catch Goodman's organization. With no Betrayer, "
                            "Goodman and every Henchman lose.",
    Outcome.TABLE_LOSES: "Time is up before the Doomsday Plan is done: the whole table loses.",
    Outcome.SCORING: "Goodman's plan is complete and he rules the world: go to Endgame and "
                     "Scoring.",
}


def clock_ticks(mode: PlayMode, plan_revealed: bool) -> int:
    """How far the clock falls in one World Reacts."""
    return 2 if mode is PlayMode.SYNDICATE and plan_revealed else 1


def clock_move(mode: PlayMode, clock: int, plan_revealed: bool = False) -> tuple[int, ...]:
    """The values the marker passes or lands on, in order; it never goes below 0."""
    if not 1 <= clock <= CLOCK_MAX:
        raise InvalidInput("clock", f"The clock must read 1-{CLOCK_MAX} before it moves (at 0 "
                           f"the game is already over); got {clock}.", f"1-{CLOCK_MAX}")
    ticks = clock_ticks(mode, plan_revealed)
    return tuple(v for v in range(clock - 1, clock - 1 - ticks, -1) if v >= 0)


def zero_outcome(mode: PlayMode, betrayer: bool = False) -> Outcome:
    """What reaching 0 means in `mode`."""
    if mode is PlayMode.CUTTHROAT:
        return Outcome.BETRAYER_WINS if betrayer else Outcome.EVERYONE_LOSES
    return Outcome.TABLE_LOSES if mode is PlayMode.SYNDICATE else Outcome.SCORING


def world_reacts(mode: PlayMode, clock: int, plan_revealed: bool = False,
                 global_events: bool = False, betrayer: bool = False) -> Explained:
    """One World Reacts step: the new clock value, any Global Event, and the end if it is 0."""
    if betrayer and mode is not PlayMode.CUTTHROAT:
        raise InvalidInput("betrayer", "Only Cutthroat has a Betrayer.", "false")
    touched = clock_move(mode, clock, plan_revealed)
    after = touched[-1]
    steps = [Step("The World Reacts: the clock falls by 1.", -1, "world-reacts")]
    if mode is PlayMode.SYNDICATE and plan_revealed:
        steps.append(says("plotting-syndicate-mayhem", "extra-drop", "Syndicate with the "
                          "Doomsday Plan revealed: it falls by 1 more.", -1))
    elif plan_revealed:
        steps.append(says("plotting-syndicate-mayhem", "extra-drop", "The extra tick for a "
                          "revealed Doomsday Plan is a Syndicate rule; no effect here.", 0))
    steps.append(says("world-reacts", "touched",
                      f"The clock goes from {clock} to {after}, touching "
                      f"{', '.join(map(str, touched))}.", after))
    touched_even = any(v % 2 == 0 for v in touched)
    events_on = mode is PlayMode.SYNDICATE or global_events
    if mode is PlayMode.SYNDICATE:
        steps.append(Step("Global Events are always used in Syndicate.", True, "global-events"))
    else:
        steps.append(Step("Global Events are optional in this mode: "
                          + ("your table uses them." if global_events else "your table does "
                             "not use them."), global_events, "global-events"))
    game_over = after == 0
    reveal = events_on and touched_even and not game_over
    if events_on:
        if game_over:
            steps.append(says("global-events-reveal", "zero",
                              "No new Global Event: the game is over.", False))
        else:
            steps.append(Step("An even number was touched: reveal a new Global Event." if reveal
                              else "No even number was touched: no new Global Event.", reveal,
                              "global-events-reveal"))
    result: dict[str, Any] = {
        "clock_before": clock, "clock_after": after, "touched": list(touched),
        "touched_even": touched_even, "global_event": reveal, "game_over": game_over,
        "outcome": None}
    summary = f"Doomsday Clock {clock} → {after}" + ("; reveal a Global Event" if reveal else "")
    if game_over:
        outcome = zero_outcome(mode, betrayer)
        result["outcome"] = outcome.value
        steps.append(Step(_OUTCOME_TEXT[outcome], outcome.value, "clock-reaches-zero"))
        summary += ". " + _OUTCOME_TEXT[outcome]
    else:
        summary += "."
    return Explained(result, tuple(steps), summary)


FORM = (
    OneOf("mode", "Game mode.", MODE_OPTIONS, required=True),
    Integer("clock", "Doomsday Clock value before The World Reacts.", 1, CLOCK_MAX,
            required=True),
    Flag("plan_revealed", "Syndicate: the Doomsday Plan has been revealed."),
    Flag("global_events", "Cutthroat/Mayhem: your table plays the optional Global Events."),
    Flag("betrayer", "Cutthroat: someone has betrayed."),
)


def _run(data: Mapping[str, Any]) -> Explained:
    return world_reacts(PlayMode(data["mode"]), int(data["clock"]),
                        bool(data.get("plan_revealed", False)),
                        bool(data.get("global_events", False)), bool(data.get("betrayer", False)))


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "world-reacts", "The World Reacts",
        "Moves the Doomsday Clock, says whether a Global Event is revealed and what 0 means.",
        FORM, _run, {"mode": "syndicate", "clock": 7, "plan_revealed": True},
        ("world-reacts", "global-events-reveal", "clock-reaches-zero",
         "plotting-syndicate-mayhem", "syndicate-doomsday-reveal")),
)
