"""Phase III, the Time track: who is active, what each action costs, and the order players
finish in, which is next round's player order (maniacal.txt:169-190, 270, 311-317).

Tokens start stacked on the round's starting space (1st player on top). The active player is
the top token on the leftmost occupied space. Spending weeks moves a token right (its number
is the weeks left) and puts it on top of any tokens there; with no weeks left the token moves
to the next free space of the Player Order track.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, ListOf, OneOf, Text

from ..facts import ROUND_ONE_WEEKS, ROUNDS, number, says
from ..modes import check_players
from .common import find, split_names

ROOM_WEEKS = number("actions-and-time", "action-room")
LOCATION_WEEKS = number("actions-and-time", "special-location")
CONTRACT_MIN = number("actions-and-time", "contract-min")
CONTRACT_MAX = number("actions-and-time", "contract-max")
EXTRA_WEEK = number("negative-schemes", "weeks")
REGAIN = number("positive-schemes", "weeks")
ACTIONS = ("room", "contract", "location", "pass", "regain")
LABELS = {"room": "activates an Action room", "contract": "attempts a contract",
          "location": "visits a Special Location", "pass": "passes",
          "regain": "plays the +2 weeks Scheme"}
RULES = {"room": "action-rooms", "contract": "contract-time-cost",
         "location": "special-locations", "pass": "passing", "regain": "positive-schemes"}


@dataclass
class Track:
    start: int
    order: list[str]
    spaces: dict[int, list[str]] = field(default_factory=dict)
    """Weeks left → tokens on that space, bottom first."""
    finished: list[str] = field(default_factory=list)

    def weeks(self, name: str) -> int | None:
        for space, stack in self.spaces.items():
            if name in stack:
                return space
        return None

    def active(self) -> str | None:
        occupied = [s for s, stack in self.spaces.items() if stack]
        return self.spaces[max(occupied)][-1] if occupied else None

    def lift(self, name: str) -> int:
        space = self.weeks(name)
        assert space is not None
        self.spaces[space].remove(name)
        return space

    def put(self, name: str, space: int, on_top: bool = True) -> None:
        if space <= 0:
            self.finished.append(name)
            return
        stack = self.spaces.setdefault(space, [])
        if on_top:
            stack.append(name)
        else:
            stack.insert(0, name)

    def to_json(self) -> dict[str, Any]:
        return {"spaces": {str(s): list(st) for s, st in sorted(self.spaces.items(),
                                                               reverse=True) if st},
                "weeks_left": {n: self.weeks(n) or 0 for n in self.order},
                "player_order_track": list(self.finished), "active": self.active()}


def start_weeks(round_no: int, given: int | None) -> int:
    if round_no == 1:
        if given not in (None, ROUND_ONE_WEEKS):
            raise InvalidInput("start_weeks", f"Round 1's Time track starts on "
                               f"{ROUND_ONE_WEEKS} (maniacal.txt:171); you gave {given}.",
                               str(ROUND_ONE_WEEKS))
        return ROUND_ONE_WEEKS
    if given is None:
        raise InvalidInput("start_weeks", f"The book does not print where round {round_no}'s "
                           "Time track starts: enter its leftmost number from your board.",
                           "the number on your board, 1 or more")
    return given


def affordable(weeks: int) -> list[str]:
    """Actions the active player has the time for (each still needs its own conditions)."""
    out = []
    if weeks >= ROOM_WEEKS:
        out.append(f"Action room ({ROOM_WEEKS} week, if you have an unused room and a fresh "
                   "figure)")
    if weeks >= LOCATION_WEEKS:
        out.append(f"Special Location ({LOCATION_WEEKS} weeks)")
    if weeks >= CONTRACT_MIN:
        out.append(f"contract (if your Supervillain card's cost for its continent is at most "
                   f"{weeks})")
    out.append("pass")
    return out


def _cost(i: int, move: Mapping[str, Any], weeks: int) -> int:
    kind = move["action"]
    if kind == "pass":
        return weeks
    if kind == "location":
        return LOCATION_WEEKS
    if kind == "room":
        return int(move.get("weeks") or ROOM_WEEKS)
    given = move.get("weeks")
    if given is None or not CONTRACT_MIN <= int(given) <= CONTRACT_MAX:
        raise InvalidInput(f"actions.{i}.weeks", "A contract costs the weeks your Supervillain "
                           f"card shows for that continent, {CONTRACT_MIN} to {CONTRACT_MAX}.",
                           f"{CONTRACT_MIN}-{CONTRACT_MAX}")
    return int(given) + (EXTRA_WEEK if move.get("extra_week") else 0)


def play(start: int, order: Sequence[str], moves: Sequence[Mapping[str, Any]],
         ) -> tuple[Track, list[Step], list[dict[str, Any]]]:
    track = Track(start, list(order), {start: list(reversed(order))})
    steps = [Step(f"All tokens on {start}, stacked {', '.join(order)} from the top.", start,
                  "time-track"),
             says("time-track", "labels", "Each space's number counts the weeks a token has "
                  "left.")]
    log: list[dict[str, Any]] = []
    resolved: str | None = None  # who attempted the last contract, if that was the last action
    for i, move in enumerate(moves):
        who = track.active()
        named = move.get("player")
        kind = str(move["action"])
        if kind == "regain" and named and resolved is not None and find(
                order, str(named), f"actions.{i}.player") == resolved:
            who = resolved  # "before or after resolving a contract" (maniacal.txt:258)
        if who is None:
            raise InvalidInput(f"actions.{i}", "Everyone has used all their time; the "
                               "Contract Phase is over.", "no more actions")
        if named and find(order, str(named), f"actions.{i}.player") != who:
            raise InvalidInput(f"actions.{i}.player", f"It is {who}'s turn, not {named}'s: "
                               f"{who} is on top of the leftmost stack.", who)
        weeks = track.weeks(who) or 0
        if kind == "regain":
            log.append(_regain(track, who, weeks, i, move, steps))
            continue
        resolved = who if kind == "contract" else None
        cost = _cost(i, move, weeks)
        if cost > weeks:
            raise InvalidInput(f"actions.{i}.action", f"{who} has {weeks} week(s) left; "
                               f"that action needs {cost}.", "; ".join(affordable(weeks)))
        track.lift(who)
        to = weeks - cost
        landed_on = list(track.spaces.get(to, [])) if to > 0 else []
        track.put(who, to)
        text = f"{who} {LABELS[kind]}: {cost} week(s), {weeks} → {to}"
        if kind == "contract" and move.get("extra_week"):
            text += f" (incl. +{EXTRA_WEEK} from a rival's Scheme)"
        if landed_on:
            text += f", on top of {', '.join(landed_on)}"
        if to <= 0:
            text += (f"; out of time: token to \"{_ordinal(len(track.finished))}\" on the "
                     "Player Order track")
        nxt = track.active()
        text += f". Next: {nxt}." if nxt else ". Everyone is done."
        steps.append(Step(text, to, RULES[kind]))
        log.append({"player": who, "action": kind, "weeks": cost, "from": weeks, "to": to,
                    "next": nxt})
    return track, steps, log


def _regain(track: Track, who: str, weeks: int, i: int, move: Mapping[str, Any],
            steps: list[Step]) -> dict[str, Any]:
    """The +2 weeks Scheme (maniacal.txt:270): left by 2, never past the start. Played before
    an action the token is the leftmost and lands on an empty space; played after resolving a
    contract (maniacal.txt:258) it may land on other tokens, and the book does not say on top
    or underneath (reading M-18): the table says."""
    if who in track.finished:
        raise InvalidInput(f"actions.{i}.action", f"{who} has used all their time and is on "
                           "the Player Order track (maniacal.txt:174); the book does not say a "
                           "Scheme brings the token back.", "room, contract, location, pass")
    target = min(track.start, weeks + REGAIN)
    others = ([] if target == weeks else
              [t for t in track.spaces.get(target, []) if t != who])
    landing = move.get("landing")
    if others and landing not in ("top", "bottom"):
        raise InvalidInput(f"actions.{i}.landing", f"{who}'s token lands on {target}, where "
                           f"{', '.join(others)} already are; the rulebook does not say "
                           "whether it goes on top (acts first) or underneath: choose.",
                           "top, bottom")
    if target != weeks:  # on the start space already, the token stays where it is
        track.lift(who)
        track.put(who, target, on_top=not others or landing == "top")
    text = (f"{who} plays the +{REGAIN} weeks Scheme: {weeks} → {target} (never past "
            f"{track.start}); not an action.")
    if others:
        steps.append(says("positive-schemes", "landing", text + f" Placed "
                          f"{'on top of' if landing == 'top' else 'under'} "
                          f"{', '.join(others)}, as the table decided. Next: {track.active()}.",
                          target))
    else:
        steps.append(says("positive-schemes", "regain", text + f" Next: {track.active()}.",
                          target))
    return {"player": who, "action": "regain", "from": weeks, "to": target,
            "landing": landing if others else None}


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def time_track(data: Mapping[str, Any]) -> Explained:
    round_no = int(data.get("round", 1))
    order = split_names(data.get("order"), "order")
    check_players(len(order))
    start = start_weeks(round_no, data.get("start_weeks"))
    track, steps, log = play(start, order, list(data.get("actions") or []))
    state = track.to_json()
    done = track.active() is None
    if done:
        steps.append(says("next-player-order", None, "Everyone is out of time: the Contract "
                          "Phase ends. Next round's player order: " + ", ".join(track.finished)
                          + ".", len(track.finished)))
        summary = "Contract Phase over; next order " + ", ".join(track.finished) + "."
    else:
        who = str(track.active())
        left = track.weeks(who) or 0
        options = affordable(left)
        steps.append(Step(f"{who} is active with {left} week(s): " + "; ".join(options) + ".",
                          left, "actions-and-time"))
        if left < LOCATION_WEEKS:
            steps.append(Step(f"With {left} week only an Action room fits: without an unused "
                              f"room and a fresh figure, {who} must pass.",
                              left, "passing"))
        summary = f"{who} is active with {left} week(s) left."
    result = {**state, "round": round_no, "start": start, "log": log, "phase_over": done,
              "next_round_order": list(track.finished) if done else None,
              "options": [] if done else affordable(track.weeks(str(track.active())) or 0),
              "must_pass_unless_room": (not done and (track.weeks(str(track.active())) or 0)
                                        < LOCATION_WEEKS)}
    return Explained(result, tuple(steps), summary)


MOVE = (
    OneOf("action", "What the active player does (regain = the +2 weeks Scheme, no action; "
          "right after your own contract, name yourself as player).",
          ACTIONS, required=True),
    Text("player", "Who acts (optional: checked against the track).", max_length=40),
    Integer("weeks", "Contract: weeks from your Supervillain card (3-5). Room: the weeks it "
            "prints (default 1).", minimum=1, maximum=CONTRACT_MAX),
    Flag("extra_week", "Contract: a rival's Scheme adds 1 week."),
    OneOf("landing", "Regain after your own contract, landing on other tokens: top or "
          "bottom of the stack (the book does not say).", ("top", "bottom")),
)

TIME_TRACK = Operation(
    slug="time-track",
    title="Time track",
    summary="Who is active, what each action costs, forced passes and next round's order.",
    form=(
        Integer("round", "Round (1-3).", minimum=1, maximum=ROUNDS, default=1),
        Integer("start_weeks", "Rounds 2-3: the starting number of that round's Time track, "
                "from your board (round 1 is 8).", minimum=1, maximum=20),
        Text("order", "Player order at the start of the phase, 1st first, comma-separated.",
             max_length=200, required=True),
        ListOf("actions", "The actions so far, in the order they happened.", MOVE,
               max_items=60),
    ),
    run=time_track,
    example={"round": 1, "order": "Simon, Hassan, Dave", "actions": [
        {"player": "Simon", "action": "room"},
        {"player": "Hassan", "action": "contract", "weeks": 4},
        {"player": "Dave", "action": "room"},
        {"player": "Dave", "action": "location"}]},
    rules=("time-track", "actions-and-time", "passing", "next-player-order",
           "time-track-example", "positive-schemes"),
)

OPERATIONS = (TIME_TRACK,)
