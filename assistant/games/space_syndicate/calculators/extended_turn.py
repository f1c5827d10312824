"""The Extended Turn alternative rule: whose turn it is, who is out, and whether the Player
Turn phase is over, from the turns taken so far this phase.

Rulebook: Alternative Rules: Extended Turn Mechanism (syndicate.txt:657-665). Turns go round
in player order; each turn takes 1 or 2 of the 8 actions (:661); a player who passes a turn
without an action is out until the phase ends (:661), but may still trade and play an
activated sleeper (:665); the phase ends at once when every player has passed without an
action (:661), and the Sovereign Card phase begins.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import IntList, OneOf, Text

from ..book import says
from ..tables import MAX_PLAYERS, MIN_PLAYERS

MOST_ACTIONS = 2
"""Actions a turn may take (syndicate.txt:661: 'only 1 or 2 of the 8 actions')."""
KINDS = 8
"""The actions a player turn offers (syndicate.txt:661: 'the 8 actions')."""
MOST_ENTERED = 99
"""A count a form takes for one turn: under the two-kinds reading a turn may repeat its
kinds freely, so the count is the calculator's to judge, never the form's."""
MAX_TURNS = 200
READINGS = {"two-uses": "at most two uses of actions a turn",
            "two-kinds": "at most two kinds of action a turn, each repeated freely"}
"""'1 or 2 of the 8 actions' read two ways (rules entry extended-turn, both readings)."""


def seats_of(data: Mapping[str, Any]) -> list[str]:
    seats = [s.strip() for s in str(data.get("seats") or "").split(",") if s.strip()]
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise InvalidInput("seats", "List the players in turn order, comma-separated, the "
                           "first player of this round first.",
                           f"{MIN_PLAYERS} to {MAX_PLAYERS} names")
    if len({s.casefold() for s in seats}) != len(seats):
        raise InvalidInput("seats", "A name appears twice.", "different names")
    return seats


def extended_turn(data: Mapping[str, Any]) -> Explained:
    seats = seats_of(data)
    turns = list(data.get("actions") or [])
    if len(turns) > MAX_TURNS:
        raise InvalidInput("actions", "Too many turns for one phase.", f"at most {MAX_TURNS}")
    reading = str(data.get("reading") or "two-uses")
    if reading not in READINGS:
        raise InvalidInput("reading", f"{reading!r} is not a reading of '1 or 2 of the 8 "
                           "actions'.", ", ".join(READINGS))
    kinds = reading == "two-kinds"
    out: list[str] = []
    at = 0  # index in seats of whoever acts next
    steps = [says("extended-turn", reading, f"Turn order: {', '.join(seats)}; each turn takes "
                  f"{READINGS[reading]}, or passes without one.", len(seats))]
    for i, n in enumerate(turns):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidInput(f"actions.{i}", f"Turn {i + 1} says {n!r}: give how many "
                               "actions it took (0 for a pass).", "0, 1 or 2")
        if n > MOST_ACTIONS:
            what = "kinds of action" if kinds else "actions"
            other = ("" if kinds else " Under the other reading (two kinds of action, each "
                     "repeated freely) it could: pick 'two-kinds' and count the kinds.")
            raise InvalidInput(f"actions.{i}", f"Turn {i + 1} takes {n} {what}, but an "
                               f"Extended Turn takes 1 or {MOST_ACTIONS} of the {KINDS} actions "
                               "(a pass takes none): end the turn after the second and take "
                               "the rest next time round." + other,
                               f"0 to {MOST_ACTIONS} {what} a turn")
        if len(out) == len(seats):
            raise InvalidInput(f"actions.{i}", "The Player Turn phase is over: everyone has "
                               "passed without an action.", f"{i} turns")
        who = seats[at]
        if n == 0:
            out.append(who)
            steps.append(Step(f"Turn {i + 1}: {who} passes without an action and is out for "
                              "the rest of this phase.", 0, "extended-turn"))
        else:
            took = (f"{n} kind{'s' if n > 1 else ''} of action" if kinds
                    else f"{n} action{'s' if n > 1 else ''}")
            steps.append(Step(f"Turn {i + 1}: {who} takes {took} and stays in.", n,
                              "extended-turn"))
        at = _next(seats, out, at)
    over = len(out) == len(seats)
    nxt = None if over else seats[at]
    if over:
        steps.append(Step("Everyone has passed without an action: the Player Turn phase ends "
                          "now and the Sovereign Card phase begins.", len(turns),
                          "extended-turn"))
    else:
        steps.append(Step(f"Next turn: {nxt}" + (f" (out: {', '.join(out)})" if out else "")
                          + ".", None, "extended-turn"))
    if out:
        steps.append(Step(f"Out of turns but still at the table: {', '.join(out)} may trade "
                          "(when it is not their turn) and play a sleeper already activated.",
                          len(out), "trading"))
    steps.append(Step("Used action dice, used reinforcements and Black Market markers still "
                      "reset only in Resource Collection.", None, "extended-turn"))
    result = {"next": nxt, "out": out, "in": [s for s in seats if s not in out],
              "phase_over": over, "turns": len(turns), "reading": reading}
    summary = ("Everyone has passed without an action: on to the Sovereign Card phase."
               if over else f"{nxt} is next" + (f"; out: {', '.join(out)}." if out else "."))
    return Explained(result, tuple(steps), summary)


def _next(seats: list[str], out: list[str], at: int) -> int:
    """The next seat after `at` still in (or `at` itself when all are out)."""
    for step in range(1, len(seats) + 1):
        j = (at + step) % len(seats)
        if seats[j] not in out:
            return j
    return at


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="extended-turn",
        title="Extended Turn: whose turn",
        summary="Under the Extended Turn rule: who acts next, who is out after passing "
                "without an action, and when the Player Turn phase ends.",
        form=(
            Text("seats", "Players in turn order, this round's first player first, "
                 "comma-separated", 200, required=True),
            IntList("actions", "Actions taken in each turn so far, in order (0 = passed "
                    "without an action; under the two-kinds reading, the kinds of action)",
                    minimum=0, maximum=MOST_ENTERED, max_items=MAX_TURNS),
            OneOf("reading", "How your table reads '1 or 2 of the 8 actions': two uses of "
                  "actions a turn, or two kinds repeated freely", tuple(READINGS),
                  default="two-uses"),
        ),
        run=extended_turn,
        example={"seats": "Red, Blue, Green", "actions": [2, 1, 0, 1, 0, 2]},
        rules=("extended-turn", "trading", "sleepers", "player-turn"),
    ),
)
