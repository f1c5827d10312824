"""Next round: the First Player marker passes counter-clockwise, turn order runs clockwise, and
the round count read off the Event Track. Rulebook: Pass First Player (vigilante.txt:502-506,
:692-694); Players Take Turns (:399); Game Round (:357); Game End (:635)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Integer, ListOf, Text

from ..book import says
from ..modes import MAX_PLAYERS

ACTIONS = 4


def next_round(data: Mapping[str, Any]) -> Explained:
    seats = [str(s.get("name") or "").strip() for s in (data.get("seats") or [])]
    if len(seats) < 2 or len(seats) > MAX_PLAYERS:
        raise InvalidInput("seats", "List the players clockwise round the table.",
                           f"2-{MAX_PLAYERS} names")
    if any(not s for s in seats) or len({s.casefold() for s in seats}) != len(seats):
        raise InvalidInput("seats", "Every seat needs a different name.", "distinct names")
    current = str(data.get("first_player") or "").strip()
    folded = [s.casefold() for s in seats]
    if current.casefold() not in folded:
        raise InvalidInput("first_player", f"{current!r} is not at the table.",
                           ", ".join(seats))
    at = folded.index(current.casefold())
    nxt = seats[(at - 1) % len(seats)]
    order = [seats[(at - 1 + k) % len(seats)] for k in range(len(seats))]
    steps = [Step(f"{seats[at]} passes the First Player marker counter-clockwise (against turn "
                  f"order) to {nxt}.", nxt, "pass-first-player"),
             Step(f"Next round's turns run clockwise from {nxt}: {', '.join(order)}; each "
                  f"player takes {ACTIONS} main actions ({ACTIONS * len(seats)} in all).",
                  ACTIONS * len(seats), "player-turn")]
    result: dict[str, Any] = {"first_player": nxt, "turn_order": order,
                              "main_actions": ACTIONS * len(seats)}
    tokens, start, rounds = (data.get(k) for k in ("track_tokens", "starting_events", "rounds"))
    if tokens is not None and start is not None:
        played = int(tokens) - int(start)
        if played < 0:
            raise InvalidInput("track_tokens", "The track cannot hold fewer tokens than the "
                               "starting Events.", f"{start} or more")
        result["rounds_played"] = played
        steps.append(says("round", "counting", f"{tokens} tokens on the track - {start} "
                          f"starting Events = round {played} just ended.", played))
        if rounds is not None:
            over = played >= int(rounds)
            result["game_over"] = over
            result["rounds_left"] = max(0, int(rounds) - played)
            steps.append(Step("That was the last round: reveal Identities and judge the "
                              "Missions." if over else f"{int(rounds) - played} round(s) left "
                              "of the card's " f"{rounds}.", int(rounds) - played,
                              "game-end"))
    summary = f"Next First Player: {nxt}; turn order {', '.join(order)}."
    if result.get("game_over"):
        summary = "Last round played: reveal Identities and judge the Missions."
    return Explained(result, tuple(steps), summary)


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="next-round", title="Next round",
        summary="Who takes the First Player marker (counter-clockwise), the turn order, and "
                "which round it is by the Event Track.",
        form=(ListOf("seats", "Players clockwise round the table", (Text("name", "Player",
                                                                        required=True),),
                     min_items=2, max_items=MAX_PLAYERS, required=True),
              Text("first_player", "Who holds the marker this round", required=True),
              Integer("track_tokens", "Tokens on the Event Track now", minimum=0, maximum=31),
              Integer("starting_events", "Starting Events from your card", minimum=0,
                      maximum=31),
              Integer("rounds", "Rounds from your card", minimum=1, maximum=31)),
        run=next_round,
        example={"seats": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}, {"name": "Dee"}],
                 "first_player": "Ben", "track_tokens": 5, "starting_events": 2, "rounds": 6},
        rules=("pass-first-player", "player-turn", "round", "game-end", "setup-first-player"),
    ),
)
