"""The table referee: what the rules forbid at this point of a round (checked on every new
request, before `apply`), what they allow now (`moves`), and when the game has ended.

The checks run in `Tracker.resolve`, which a request passes and an event read back from
storage does not: an older session whose events broke a rule checked only now still folds.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker import Event, seat_index, seat_of

from .. import scoring
from ..calculators.cleanup import contract_key
from ..calculators.contracts import contract_attempt, target_range
from ..facts import number
from ..modes import Difficulty
from .forms import NEGATIVE, TYPES
from .state import (
    BASE,
    CONTRACT,
    HENCHMEN,
    OVER,
    SessionSetup,
    State,
    Villain,
    attraction_start,
    clean_up_answer,
    start_weeks,
)

PICKS = number("room-draft", "picks")
LOCATION_WEEKS = number("special-locations", "weeks")
CONTRACT_MIN = number("actions-and-time", "contract-min")


def round_mix(state: State) -> dict[str, int]:
    """The difficulties on the map this round: setup's seeding in round 1 (maniacal.txt:68),
    then the Contract Key (maniacal.txt:325); a resolved contract is replaced by one of the
    same difficulty (maniacal.txt:228), so the mix holds all round."""
    if state.round == 1:
        return {d.value: number("setup-contracts", d.value) for d in Difficulty}
    return contract_key(state.round - 1, dict(state.values))


def fit(v: Villain) -> int:
    """The most henchmen (Mercenaries too) that can still go on a contract: neither injured
    (maniacal.txt:242) nor exhausted (maniacal.txt:227). An injured one may have been the one
    exhausted in a room, so only the larger of the two is certainly out."""
    return v.henchmen + v.mercenaries - max(v.injuries, v.exhausted)


def fresh_henchmen(v: Villain) -> int:
    """Henchmen not yet exhausted this round (injured ones may still work a room)."""
    return v.henchmen + v.mercenaries - v.exhausted


def check(setup: SessionSetup, state: State, event: Event) -> None:
    """InvalidInput, citing the rule in plain words, for what the rules forbid now."""
    kind = event.kind
    if kind == "scheme" and str(event["effect"]) in NEGATIVE:
        raise InvalidInput("effect", "A negative Scheme is played on a rival's contract "
                           "attempt once it is committed: after the team is assigned and "
                           "before the card is turned over (rule negative-schemes, "
                           "maniacal.txt:256). Record it with that contract (scheme and "
                           "scheme_by), so its +2 Infamy and its effect stand with the attempt.",
                           "the contract's scheme and scheme_by fields")
    if kind == "scheme" and str(event["effect"]) == "refresh":
        i = seat_index(setup.seats, str(event["seat"]))
        if state.villains[i].exhausted == 0:
            raise InvalidInput("effect", f"{setup.seats[i].name} has no exhausted henchman to "
                               "refresh (rule positive-schemes, maniacal.txt:271).",
                               "another effect")
    if kind == "henchmen-phase" and state.phase == BASE:
        left = [f"{s.name} {PICKS - v.picks}" for s, v in zip(setup.seats, state.villains,
                                                              strict=True) if v.picks < PICKS]
        if left:
            raise InvalidInput("kind", f"The Base Building phase ends once every player has "
                               f"made the round's {PICKS} picks, each a build or a sell (rule "
                               "room-draft, maniacal.txt:93-97); still to pick: "
                               + ", ".join(left) + ".", "a build or a sell for each of them")
    if kind == "room" and state.phase == CONTRACT and state.active() == event["seat"]:
        _room(setup, state, event)
    if kind == "contract" and state.phase == CONTRACT and state.active() == event["seat"]:
        _contract(setup, state, event)
    if kind == "laugh":
        if not laugh_open(setup, state):
            raise InvalidInput("kind", "The most sinister laugh breaks only a tie for first "
                               "that Infamy and henchmen leave open once the game has ended "
                               "(rule winner-and-ties, maniacal.txt:331).", "no laugh call")
        i = seat_index(setup.seats, str(event["seat"]))
        if not _tied_first(setup, state, setup.seats[i].name):
            tied = [s.id for s in setup.seats if _tied_first(setup, state, s.name)]
            raise InvalidInput("seat", f"{setup.seats[i].name} is not in the tie for first "
                               "(rule winner-and-ties, maniacal.txt:331).", ", ".join(tied))


def _room(setup: SessionSetup, state: State, event: Event) -> None:
    i = seat_index(setup.seats, str(event["seat"]))
    v, name = state.villains[i], setup.seats[i].name
    room = str(event.get("room") or "").strip()
    if room.casefold() in v.rooms:
        raise InvalidInput("room", f"Each Action room is activated once a round (rule "
                           f"action-rooms, maniacal.txt:196); this round {name} already used "
                           f"the {room}.", "another room, or another action")
    if event.get("figure") == "henchman":
        if fresh_henchmen(v) <= 0:
            raise InvalidInput("figure", f"Every henchman of {name} is exhausted this round "
                               "(rule action-rooms, maniacal.txt:195).",
                               "the Supervillain" if not v.villain_used else "another action")
    elif v.villain_used:
        raise InvalidInput("figure", f"{name}'s Supervillain is already exhausted on a room "
                           "this round (rule action-rooms, maniacal.txt:194).",
                           "a henchman" if fresh_henchmen(v) > 0 else "another action")


def _contract(setup: SessionSetup, state: State, event: Event) -> None:
    i = seat_index(setup.seats, str(event["seat"]))
    v, name = state.villains[i], setup.seats[i].name
    level = str(event["difficulty"])
    mix = round_mix(state)
    if mix[level] == 0:
        offered = [d for d, n in mix.items() if n]
        raise InvalidInput("difficulty", f"No {level.capitalize()} contract is on the map in "
                           f"round {state.round}: " + (
                               "setup deals 4 Easy and 2 Hard (rule setup-contracts, "
                               "maniacal.txt:68)" if state.round == 1 else
                               "the Contract Key row deals none (rule contract-key, "
                               "maniacal.txt:325)")
                           + ", and a resolved contract is replaced by one of the same "
                           "difficulty (maniacal.txt:228).", ", ".join(offered))
    scheme, by = event.get("scheme"), str(event.get("scheme_by") or "")
    if bool(scheme) != bool(by):
        raise InvalidInput("scheme_by" if scheme else "scheme", "A rival's Scheme needs both "
                           "who played it and its effect.", "both, or neither")
    if by:
        k = [s.id for s in setup.seats].index(seat_of(setup.seats, by, "scheme_by"))
        if k == i:
            raise InvalidInput("scheme_by", "A negative Scheme is played by an opponent of the "
                               "active player (rule negative-schemes, maniacal.txt:255).",
                               ", ".join(s.id for s in setup.seats if s.id != event["seat"]))
    if event.get("target") is None:
        return  # a result typed by hand: a correction, not counted here
    if event.get("extra_week"):
        raise InvalidInput("extra_week", "Record the extra week as the rival's Scheme that "
                           "caused it (scheme week, scheme_by).", "scheme and scheme_by")
    if event.get("team") is None or event.get("successes") is None:
        raise InvalidInput("team" if event.get("team") is None else "successes",
                           "The session works the contract out from the card's team size "
                           "and the successes rolled.", "both numbers")
    low, high = target_range(Difficulty(level))
    if not low <= int(event["target"]) <= high:
        raise InvalidInput("target", f"{level.capitalize()} contracts have Targets {low}-{high} "
                           "(rule contract-target, maniacal.txt:211).", f"{low}-{high}")
    team = int(event["team"])
    ready = max(0, fit(v))
    members = [{"name": f"henchman {n + 1}", **({} if n < ready else {"exhausted": True})}
               for n in range(team)]
    answer = contract_attempt({"weeks_left": state.weeks(str(event["seat"])) or 0,
                               "time_cost": event["weeks"], "team_size": team,
                               "team": members, "extra_week": scheme == "week"})
    if not answer.result["allowed"]:
        if ready < team:
            raise InvalidInput("team", f"The contract needs a team of exactly {team}; {name} "
                               f"has {ready} henchm{'a' if ready == 1 else 'e'}n neither "
                               "injured (rule injury, maniacal.txt:242) nor exhausted this "
                               "round (rule exhausted, maniacal.txt:227).",
                               f"a team of at most {ready}" if ready else "another action")
        raise InvalidInput("weeks", "Not allowed: " + "; ".join(answer.result["problems"])
                           + (". The Scheme's extra week leaves too little time; the book does "
                              "not say what then (reading M-15): record the attempt without it "
                              "or take another action" if answer.result["unresolved"] else "")
                           + " (rule contract-time-cost).", "another action")


# ---------------------------------------------------------------- the game's end

def score_gap(setup: SessionSetup, state: State) -> dict[str, Any] | None:
    """A value the final score still waits for, as a table-values event; None if none."""
    try:
        scoring.score(score_data(setup, state, laugh=False))
    except InvalidInput as missing:
        if missing.field == "after_money_tie":
            return {"kind": "table-values", "after_money_tie": "skip"}
        return {"kind": "table-values", "money_bonus": ", ".join("0" for _ in setup.seats)}
    return None


def score_data(setup: SessionSetup, state: State, laugh: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": [{"name": s.name, "infamy": v.infamy, "money": v.money,
                     "henchmen": v.henchmen, "mercenaries": v.mercenaries}
                    for s, v in zip(setup.seats, state.villains, strict=True)],
        "cleanup_done": True, "money_bonus": list(state.value("money_bonus") or [])}
    if state.value("after_money_tie"):
        data["after_money_tie"] = state.value("after_money_tie")
    if laugh and state.laugh:
        data["laugh_winner"] = next(s.name for s in setup.seats if s.id == state.laugh)
    return data


def laugh_open(setup: SessionSetup, state: State) -> bool:
    """The game has ended with a tie for first that Infamy and henchmen leave open."""
    if state.phase != OVER or score_gap(setup, state) is not None:
        return False
    return bool(scoring.score(score_data(setup, state, laugh=False)).result["shared"])


def finished(setup: SessionSetup, state: State) -> bool:
    """Round 3's Clean-up is done (maniacal.txt:322) and the score has what it needs: the
    money bonus from the board and, for a tie for first, the table's laugh call."""
    if state.phase != OVER or score_gap(setup, state) is not None:
        return False
    return not laugh_open(setup, state) or _laugh_settles(setup, state)


def _laugh_settles(setup: SessionSetup, state: State) -> bool:
    if not state.laugh:
        return False
    try:
        return not scoring.score(score_data(setup, state, laugh=True)).result["shared"]
    except InvalidInput:
        return False


# ---------------------------------------------------------------- what can be done now

def moves(setup: SessionSetup, state: State) -> list[Mapping[str, Any]]:
    """What the rules allow now, the move that carries the game on first."""
    if finished(setup, state):
        return []
    if state.phase == OVER:
        gap = score_gap(setup, state)
        if gap is not None:
            return [gap]
        return [{"kind": "laugh", "seat": s.id} for s in setup.seats
                if _tied_first(setup, state, s.name)]
    try:
        attraction_start(setup, state)
        start: list[Mapping[str, Any]] = []
    except InvalidInput:  # no track moves until the table enters its board's start number
        start = [{"kind": "table-values", "attraction_start": 0}]
    if state.phase == BASE:
        picks = [m for m in _picks(setup, state) if not start or m["kind"] != "build"]
        return (picks or [{"kind": "henchmen-phase"}]) + start
    if state.phase == HENCHMEN:
        try:
            start_weeks(state)
            out: list[Mapping[str, Any]] = [{"kind": "start-contracts"}]
        except InvalidInput as missing:
            out = [{"kind": "table-values", missing.field: 8}]
        return out + _recruits(setup, state) + start
    active = state.active()
    if active is None:
        try:
            clean_up_answer(setup, state, Event("clean-up", {}))
        except InvalidInput:  # round 3's Contract Key row is missing (or does not add up)
            return [{"kind": "table-values", "round_3_easy": 2, "round_3_hard": 2,
                     "round_3_legendary": 2}]
        return [{"kind": "clean-up"}]
    return _actions(setup, state, active)


def _tied_first(setup: SessionSetup, state: State, name: str) -> bool:
    answer = scoring.score(score_data(setup, state, laugh=False))
    return name in answer.result["winners"]


def _picks(setup: SessionSetup, state: State) -> list[Mapping[str, Any]]:
    for s, v in zip(setup.seats, state.villains, strict=True):
        if v.picks < PICKS:
            return [{"kind": "sell", "seat": s.id, "cost": 0},
                    {"kind": "build", "seat": s.id, "cost": 0, "type": TYPES[0], "points": 1}]
    return []


def _recruits(setup: SessionSetup, state: State) -> list[Mapping[str, Any]]:
    out: list[Mapping[str, Any]] = []
    ids = [s.id for s in setup.seats]
    for k, kind in enumerate(TYPES):
        top = max(v.attraction[k] for v in state.villains)
        if state.recruited[k] < 2 and top >= 1:
            first = next(sid for sid in state.order
                         if state.villains[ids.index(sid)].attraction[k] == top)
            out.append({"kind": "recruit", "seat": first, "type": kind, "cost": 1})
    return out


def _actions(setup: SessionSetup, state: State, seat: str) -> list[Mapping[str, Any]]:
    i = seat_index(setup.seats, seat)
    v, left = state.villains[i], state.weeks(seat) or 0
    out: list[Mapping[str, Any]] = [{"kind": "pass", "seat": seat}]
    if left >= 1 and (not v.villain_used or fresh_henchmen(v) > 0):
        n = len(v.rooms) + 1
        while f"action room {n}" in v.rooms:
            n += 1
        out.append({"kind": "room", "seat": seat, "room": f"Action room {n}",
                    "figure": "supervillain" if not v.villain_used else "henchman"})
    if left >= LOCATION_WEEKS:
        out.append({"kind": "visit", "seat": seat, "location": "underground"})
    try:
        mix = round_mix(state)
    except InvalidInput:  # the table's round-3 row does not add up: it corrects it first
        mix = {}
    if left >= CONTRACT_MIN and fit(v) >= 1 and any(mix.values()):
        level = next(d for d, n in mix.items() if n)
        low, _ = target_range(Difficulty(level))
        out.append({"kind": "contract", "seat": seat, "weeks": CONTRACT_MIN,
                    "difficulty": level, "team": 1, "target": low, "successes": low,
                    "success_infamy": 1, "success_money": 1})
    return out

