"""Deployment: is each play legal, whose turn is next, and when deployment is over.

Rulebook: Phase 3 [read: 2]: Assemble, step 3 (all-part-of-the-master-plan.txt:38-40). The
Loser Lad holder plays first, then clockwise, one Super face down per turn; a play where the
player has no Squad yet starts one (a Mark goes on it), otherwise it joins their Squad; one
Squad per player per Throwdown; a Squad never mixes Heroes and Villains.

Deployed Supers are face down, so a play's side is secret: leave it `hidden` on a shared
screen. Entered on the owner's own phone, the side lets the check catch a mixed Squad.
The book never says when deployment ends; the default taken (every hand emptied) is stated.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, ListOf, OneOf, Text

from ..book import THROWDOWNS, says
from ..common import key, plural, split_list, text_field
from ..modes import STANDARD, check_players

HIDDEN = "hidden"
SIDES = ("hero", "villain", HIDDEN)
MAX_PLAYS = 120


def seats(data: Mapping[str, Any]) -> tuple[list[str], int]:
    """Players in clockwise order and the index of the Loser Lad holder."""
    players = list(split_list(data.get("players")))
    check_players(len(players))
    keys = [key(p) for p in players]
    if len(set(keys)) != len(keys):
        raise InvalidInput("players", "Two players have the same name.",
                           "different names, clockwise from anyone")
    holder = text_field(data, "holder")
    if key(holder) not in keys:
        raise InvalidInput("holder", f"{holder or 'Nobody'} is not one of the players.",
                           ", ".join(players))
    return players, keys.index(key(holder))


def check(players: Sequence[str], start: int, plays: Sequence[Mapping[str, Any]],
          hand: int | None) -> Explained:
    n = len(players)
    t = THROWDOWNS[n]
    keys = [key(p) for p in players]
    total = hand * n if hand is not None else None
    squads: dict[tuple[int, str], dict[str, Any]] = {}
    steps: list[Step] = [Step(
        f"{players[start]} holds Loser Lad and plays first; then clockwise: "
        + ", ".join(players[(start + i) % n] for i in range(n)) + ".", n, "deployment")]
    if total is not None and len(plays) > total:
        raise InvalidInput(f"plays.{total}", f"Deployment is over after {total} plays ({hand} "
                           f"per player).", f"at most {total} plays")
    for i, play in enumerate(plays):
        expected = players[(start + i) % n]
        who = text_field(play, "player")
        if key(who) != keys[(start + i) % n]:
            raise InvalidInput(f"plays.{i}.player", f"Play {i + 1} is {expected}'s turn, not "
                               f"{who or 'nobody'}'s.", expected)
        if play.get("set_aside"):
            free = [x for x in range(1, t + 1) if (x, keys[(start + i) % n]) not in squads]
            if free:
                raise InvalidInput(f"plays.{i}.set_aside", f"{expected} has no Squad at "
                                   f"Throwdown {free[0]} yet: any Super can start one there "
                                   "(rule deployment-limits).", "a play to a Throwdown")
            steps.append(says("deployment-end", "no-legal-place", f"Play {i + 1}: {expected} "
                              "has a Squad at every Throwdown and none can take this Super: it "
                              "is set aside for the round and the turn passes.", 0))
            continue
        if play.get("throwdown") is None:
            raise InvalidInput(f"plays.{i}.throwdown", f"Say where play {i + 1} went.",
                               f"1-{t}")
        where = int(play["throwdown"])
        if not 1 <= where <= t:
            raise InvalidInput(f"plays.{i}.throwdown", f"With {n} players there are {t} "
                               f"Throwdowns.", f"1-{t}")
        side = str(play.get("side") or HIDDEN)
        squad = squads.get((where, keys[(start + i) % n]))
        if squad is None:
            squads[(where, keys[(start + i) % n])] = {
                "throwdown": where, "owner": expected, "supers": 1,
                "side": None if side == HIDDEN else side}
            steps.append(Step(f"Play {i + 1}: {expected} starts a Squad at Throwdown {where} and "
                              "puts a Mastermind Mark on it.", where, "deployment"))
            continue
        if side != HIDDEN and squad["side"] not in (None, side):
            raise InvalidInput(f"plays.{i}.side", f"{expected}'s Squad at Throwdown {where} is "
                               f"{squad['side']}; a Squad never mixes Heroes and Villains.",
                               str(squad["side"]))
        squad["supers"] += 1
        squad["side"] = squad["side"] or (None if side == HIDDEN else side)
        steps.append(says("deployment", "joins", f"Play {i + 1}: {expected} adds a Super to "
                          f"their Squad at Throwdown {where} (one Squad each per Throwdown; no "
                          "new Mark).", where))
    done = total is not None and len(plays) == total
    nxt = None if done else players[(start + len(plays)) % n]
    if done:
        steps.append(says("deployment-end", None, f"All {total} Supers are deployed: on to "
                          "Battle.", total))
    else:
        left = f"; {plural(total - len(plays), 'play')} left" if total is not None else ""
        steps.append(says("deployment-end", None, f"Next: {nxt}{left}.", len(plays) + 1))
    marks: dict[str, int] = {}
    for s in squads.values():
        marks[s["owner"]] = marks.get(s["owner"], 0) + 1
    result = {
        "throwdowns": t, "plays": len(plays), "plays_total": total, "done": done,
        "next_player": nxt,
        "squads": sorted(squads.values(), key=lambda s: (s["throwdown"], s["owner"].casefold())),
        "marks_used": {p: marks.get(p, 0) for p in players},
    }
    summary = "Deployment complete." if done else f"All plays legal; next: {nxt}."
    return Explained(result, tuple(steps), summary)


def deploy_check(data: Mapping[str, Any]) -> Explained:
    players, start = seats(data)
    hand = data.get("hand_size")
    plays = data.get("plays") or []
    if len(plays) > MAX_PLAYS:
        raise InvalidInput("plays", "Too many plays.", f"at most {MAX_PLAYS}")
    return check(players, start, plays, None if hand is None else int(hand))


PLAY_FIELDS = (
    Text("player", "Who played", max_length=40, required=True),
    Integer("throwdown", "Which Throwdown (numbered 1, 2, ... around the table); left out "
            "for a Super set aside", minimum=1, maximum=max(THROWDOWNS.values())),
    Flag("set_aside", "The player had a Squad at every Throwdown and none could take this "
         "Super: it sits out the round and the turn passes"),
    OneOf("side", "Hero or Villain, only on the owner's own phone; 'hidden' on a shared screen",
          SIDES, default=HIDDEN),
)
FORM = (
    Text("players", f"The {STANDARD.min_players}-{STANDARD.max_players} players in clockwise "
         "order, comma-separated", max_length=300, required=True),
    Text("holder", "Who holds Loser Lad", max_length=40, required=True),
    Integer("hand_size", "Optional: Supers per hand this round (from setup)", minimum=1,
            maximum=MAX_PLAYS),
    ListOf("plays", "The plays so far, in order (the last one is the one to check)",
           PLAY_FIELDS, max_items=MAX_PLAYS),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="deploy-check",
        title="Deployment check",
        summary="Checks each face-down play in order (whose turn, one Squad per Throwdown, no "
                "mixed Squads, a Mark per new Squad) and says who plays next.",
        form=FORM,
        run=deploy_check,
        example={"players": "Ann, Ben, Cat, Dee", "holder": "Ben", "hand_size": 2,
                 "plays": [{"player": "Ben", "throwdown": 1}, {"player": "Cat", "throwdown": 1},
                           {"player": "Dee", "throwdown": 3}]},
        rules=("deployment", "deployment-limits", "deployment-end", "squad", "mastermind-mark",
               "loser-lad"),
    ),
)
