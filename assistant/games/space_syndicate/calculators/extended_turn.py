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
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import IntList, Text

from ..tables import MAX_PLAYERS, MIN_PLAYERS

MOST_ACTIONS = 2
"""Actions a turn may take (syndicate.txt:661: 'only 1 or 2 of the 8 actions')."""
MAX_TURNS = 200
TWO_NOTE = ("'1 or 2 of the 8 actions' read as at most two uses of actions a turn (rules entry "
            "extended-turn gives the other reading).")


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
    out: list[str] = []
    at = 0  # index in seats of whoever acts next
    steps = [Step(f"Turn order: {', '.join(seats)}; each turn takes 1 or 2 actions, or "
                  "passes without one.", len(seats), "extended-turn", Provenance.DERIVED,
                  TWO_NOTE)]
    for i, n in enumerate(turns):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MOST_ACTIONS:
            raise InvalidInput(f"actions.{i}", f"A turn takes 0 (a pass), 1 or {MOST_ACTIONS} "
                               f"actions; turn {i + 1} says {n!r}.", f"0 to {MOST_ACTIONS}")
        if len(out) == len(seats):
            raise InvalidInput(f"actions.{i}", "The Player Turn phase is over: everyone has "
                               "passed without an action.", f"{i} turns")
        who = seats[at]
        if n == 0:
            out.append(who)
            steps.append(Step(f"Turn {i + 1}: {who} passes without an action and is out for "
                              "the rest of this phase.", 0, "extended-turn"))
        else:
            steps.append(Step(f"Turn {i + 1}: {who} takes {n} action"
                              f"{'s' if n > 1 else ''} and stays in.", n, "extended-turn"))
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
              "phase_over": over, "turns": len(turns)}
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
                    "without an action)", minimum=0, maximum=MOST_ACTIONS,
                    max_items=MAX_TURNS),
        ),
        run=extended_turn,
        example={"seats": "Red, Blue, Green", "actions": [2, 1, 0, 1, 0, 2]},
        rules=("extended-turn", "trading", "sleepers", "player-turn"),
    ),
)
