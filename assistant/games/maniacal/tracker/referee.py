"""The table referee: what the rules forbid at this point of a round (`check`, run on every
new request before it is applied), what the session works out and keeps in the stored event
(`resolve`), how each event changes the state (`apply`), and what the rules allow now
(`moves`, each a complete request body, the move that carries the game on first).

`check` and `resolve` run in `Tracker.resolve`, which a request passes and an event read back
from storage does not: an older session whose events broke a rule checked only now still
folds. `apply` refuses what no session ever recorded (a move out of its phase, a token that
is not active, time that is not there).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker import Event, put
from assistant.tracker.chain import evolve as replace

from ..calculators.contracts import target_range
from ..modes import Difficulty
from . import contracts, rounds
from .decks import (
    hand_correction,
    mercenary_correction,
    non_negative,
    pick_kinds,
    power_correction,
    take,
    with_villain,
)
from .forms import KIND_WORDS, KINDS, TYPES
from .score import finished, laugh_open, score_gap, tied_first
from .state import (
    BASE,
    CONTRACT,
    HENCHMEN,
    OVER,
    SessionSetup,
    State,
    attraction_start,
    seat_at,
    start_weeks,
    table_values,
)

AFTER_ROUND_3 = frozenset({"table-values", "laugh", "note"})
"""What a table still records once round 3's Clean-up has ended the game: the values the
final score needs and the laugh call (and notes)."""
DECKS = ("scheme_deck", "scheme_discard", "mercenary_deck", "power_deck", "power_discard")
LACKEYS = 1


# ---------------------------------------------------------------- a new request

def check(setup: SessionSetup, state: State, event: Event) -> None:
    """InvalidInput, naming the rule entry, for what the rules forbid now."""
    kind = event.kind
    if state.phase == OVER and kind not in AFTER_ROUND_3:
        raise InvalidInput("kind", "Round 3's Clean-up has ended the game: only the values the "
                           "final score needs and the laugh call can still be recorded.",
                           ", ".join(sorted(AFTER_ROUND_3)), rule="end-of-game")
    if kind == "scheme":
        contracts.check_scheme(setup, state, event)
    if kind == "henchmen-phase":
        rounds.end_draft(setup, state, strict=True)
    if kind == "henchmen":
        _check_henchmen(setup, state, event)
    active = state.phase == CONTRACT and state.active() == event.get("seat")
    if kind == "room" and active:
        contracts.check_room(setup, state, event, "action-rooms")
    if kind == "contract" and active:
        contracts.check_contract(setup, state, event)
    if kind == "laugh":
        if not laugh_open(setup, state):
            raise InvalidInput("kind", "The most sinister laugh breaks only a tie for first "
                               "that Infamy and henchmen leave open once the game has ended.",
                               "no laugh call", rule="winner-and-ties")
        i = seat_at(setup, str(event["seat"]))
        tied = tied_first(setup, state)
        if setup.seats[i].id not in tied:
            raise InvalidInput("seat", f"{setup.seats[i].name} is not in the tie for first.",
                               ", ".join(tied), rule="winner-and-ties")


def _check_henchmen(setup: SessionSetup, state: State, event: Event) -> None:
    i = seat_at(setup, str(event["seat"]))
    v, amount, kind = state.villains[i], int(event["amount"]), event.get("type")
    if kind == "lackey" and v.held("lackey") + amount > LACKEYS:
        raise InvalidInput("amount", "Each player has one Lackey from the start and can never "
                           "get another.", "at most one Lackey", rule="setup-supervillains")
    if amount < 0 and kind is None:
        pick_kinds(v, -amount, [], field_name="type", who=setup.seats[i].name,
                   rule="henchman", strict=True)


def resolve(setup: SessionSetup, state: State, event: Event) -> Event:
    """The request checked (`check`), and what the session worked out kept with it: the
    rival's seat and the money a Scheme took, who an effect hit, who paid what at Clean-up
    and which henchmen left."""
    check(setup, state, event)
    kind = event.kind
    if kind == "contract" and state.phase == CONTRACT \
            and state.active() == _seat_of(setup, event):
        return contracts.worked_out(setup, state, event)
    if kind == "clean-up" and state.phase == CONTRACT and state.active() is None:
        return _worked_out_clean_up(setup, state, event)
    if kind == "henchmen" and int(event["amount"]) < 0 and event.get("type") is None:
        i = seat_at(setup, str(event["seat"]))
        gone = pick_kinds(state.villains[i], -int(event["amount"]), [], field_name="type",
                          who=setup.seats[i].name, rule="henchman", strict=True)
        if len(set(gone)) == 1:
            return Event("henchmen", {**event, "type": gone[0]})
    if kind == "draw" and event["card"] == "power" and event.get("henchman") is None:
        i = seat_at(setup, str(event["seat"]))
        if state.phase == CONTRACT:
            contracts.draw(setup, state, i, event, strict=True)
    return event


def _seat_of(setup: SessionSetup, event: Mapping[str, Any]) -> str | None:
    try:
        return setup.seats[seat_at(setup, str(event.get("seat")))].id
    except InvalidInput:
        return None


def _worked_out_clean_up(setup: SessionSetup, state: State, event: Event) -> Event:
    answer, leaving = rounds.clean_up_plan(setup, state, event, strict=True)
    fire = [(k, gone.fired) for k, gone in enumerate(leaving) if gone.fired]
    unpaid = [(k, kind) for k, gone in enumerate(leaving) for kind in gone.unpaid]
    return Event("clean-up", {**{k: v for k, v in event.items()
                                 if k not in ("fire", "unpaid", "outcome")},
                              **({"fire": rounds.spec(setup, fire)} if fire else {}),
                              **({"unpaid": rounds.spec(setup, unpaid)} if unpaid else {}),
                              "outcome": rounds.clean_up_line(answer, state, leaving)})


# ---------------------------------------------------------------- how an event changes it

def apply(setup: SessionSetup, state: State, event: Event) -> State:
    kind = event.kind
    if kind == "note":
        return replace(state, notes=state.notes.added(str(event["text"])))
    if kind == "table-values":
        return _table_values(setup, state, event)
    if kind == "henchmen-phase":
        return rounds.end_draft(setup, state, strict=False)
    if kind == "start-contracts":
        return rounds.start_contracts(state)
    if kind == "clean-up":
        return rounds.clean_up(setup, state, event)
    if kind == "laugh":
        return replace(state, laugh=setup.seats[seat_at(setup, str(event["seat"]))].id)
    if kind == "decks":
        return replace(state, **{k: int(event[k]) for k in DECKS if event.get(k) is not None})
    i = seat_at(setup, str(event["seat"]))
    if kind in ("build", "sell"):
        return rounds.pick(setup, state, i, event)
    if kind == "recruit":
        return rounds.recruit(setup, state, i, event)
    if kind == "scheme":
        return contracts.scheme(setup, state, i, event)
    if kind == "contract-room":
        return contracts.contract_room(setup, state, i, event)
    if kind == "draw":
        return contracts.draw(setup, state, i, event, strict=False)
    if kind in ("room", "contract", "visit", "pass"):
        return contracts.action(setup, state, event)
    return _correction(setup, state, i, event)


def _correction(setup: SessionSetup, state: State, i: int, event: Event) -> State:
    """A number set by hand (the history line says so)."""
    kind, amount = event.kind, int(event["amount"])
    v = state.villains[i]
    if kind == "schemes":
        return hand_correction(state, i, amount)
    if kind == "powers":
        return power_correction(state, i, amount)
    if kind == "mercenaries":
        return mercenary_correction(state, i, amount)
    if kind in TYPES:
        attraction_start(setup, state)
        k = TYPES.index(kind)
        now = non_negative(f"{kind} attraction", v.attraction[k] + amount, "amount",
                           "attraction-score")
        return with_villain(state, i, replace(v, attraction=put(v.attraction, k, now)))
    if kind == "henchmen":
        return with_villain(state, i, _henchmen(setup, v, event))
    if kind == "rooms":
        now = non_negative("Rooms built", v.rooms_built + amount, "amount", "build-room")
        return with_villain(state, i, replace(v, rooms_built=now))
    if kind == "injuries":
        now = non_negative("Injury tokens", v.injuries + amount, "amount", "injury")
        return with_villain(state, i, replace(v, injuries=now,
                                              merc_injuries=min(v.merc_injuries, now)))
    now = non_negative(kind.capitalize(), getattr(v, kind) + amount, "amount",
                       "money" if kind == "money" else "infamy")
    return with_villain(state, i, replace(v, **{kind: now}))


def _henchmen(setup: SessionSetup, v: Any, event: Event) -> Any:
    amount, kind = int(event["amount"]), event.get("type")
    if amount >= 0:
        k = KINDS.index(str(kind or "other"))
        return replace(v, crew=put(v.crew, k, v.crew[k] + amount))
    if kind is not None:
        k = KINDS.index(str(kind))
        now = non_negative(f"{KIND_WORDS[str(kind)]} henchmen", v.crew[k] + amount, "amount",
                           "henchman")
        return replace(v, crew=put(v.crew, k, now))
    non_negative("Henchmen", v.henchmen + amount, "amount", "henchman")
    for gone in pick_kinds(v, -amount, [], field_name="type", who="", rule="henchman",
                           strict=False):
        v = take(v, gone)
    return v


def _table_values(setup: SessionSetup, state: State, event: Event) -> State:
    """The board's values entered (or corrected); a new attraction start moves every disc by
    the difference from the one the tracks were counted from."""
    if event.get("attraction_start") is not None:
        start = int(event["attraction_start"])
        try:
            was = attraction_start(setup, state)
        except InvalidInput:
            was = 0
        shift = start - was
        lowest = min(a for v in state.villains for a in v.attraction)
        if lowest + shift < 0:
            raise InvalidInput("attraction_start", f"With a start of {start} a track would "
                               f"fall below 0: the tracks were counted from {was}.",
                               f"{was - lowest}-20", rule="attraction-score")
        state = replace(state, villains=tuple(
            replace(v, attraction=(v.attraction[0] + shift, v.attraction[1] + shift,
                                   v.attraction[2] + shift, v.attraction[3] + shift))
            for v in state.villains))
    merged = dict(state.values)
    merged.update(table_values(event))
    return replace(state, values=tuple(sorted(merged.items())))


# ---------------------------------------------------------------- what can be done now

def moves(setup: SessionSetup, state: State) -> list[Mapping[str, Any]]:
    """What the rules allow now, the move that carries the game on first."""
    if finished(setup, state):
        return []
    if state.phase == OVER:
        gap = score_gap(setup, state)
        return [gap] if gap is not None else [
            {"kind": "laugh", "seat": s} for s in tied_first(setup, state)]
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
        return out + ([] if start else _recruits(setup, state)) + start
    active = state.active()
    after = _follow_ups(setup, state)
    if active is None:
        return [_clean_up_move(setup, state), *after]
    return [*_actions(setup, state, active), *after]


def _picks(setup: SessionSetup, state: State) -> list[Mapping[str, Any]]:
    for s, v in zip(setup.seats, state.villains, strict=True):
        if v.picks < rounds.PICKS:
            return [{"kind": "sell", "seat": s.id, "cost": 0},
                    {"kind": "build", "seat": s.id, "cost": 0, "type": TYPES[0], "points": 1}]
    return []


def _recruits(setup: SessionSetup, state: State) -> list[Mapping[str, Any]]:
    out: list[Mapping[str, Any]] = []
    for k, kind in enumerate(TYPES):
        first, top, _ = rounds.top_scorer(setup, state, kind)
        if state.recruited[k] < 2 and top >= 1:
            out.append({"kind": "recruit", "seat": first, "type": kind, "cost": 1})
    return out


def _clean_up_move(setup: SessionSetup, state: State) -> Mapping[str, Any]:
    try:
        _, leaving = rounds.clean_up_plan(setup, state, {}, strict=False)
    except InvalidInput:  # round 3's Contract Key row is missing (or does not add up)
        return {"kind": "table-values", "round_3_easy": 2, "round_3_hard": 2,
                "round_3_legendary": 2}
    unpaid = [(k, kind) for k, gone in enumerate(leaving) for kind in gone.unpaid]
    return {"kind": "clean-up", **({"unpaid": rounds.spec(setup, unpaid)} if unpaid else {})}


def _room_move(kind: str, seat: str, v: Any, label: str) -> list[Mapping[str, Any]]:
    if v.rooms_used >= v.rooms_built or (v.villain_used and contracts.fresh(v) <= 0):
        return []
    n = len(v.rooms) + 1
    while f"{label.casefold()} {n}" in v.rooms:
        n += 1
    return [{"kind": kind, "seat": seat, "room": f"{label} {n}",
             "figure": "supervillain" if not v.villain_used else "henchman"}]


def _actions(setup: SessionSetup, state: State, seat: str) -> list[Mapping[str, Any]]:
    i = seat_at(setup, seat)
    v, left = state.villains[i], state.weeks(seat) or 0
    out: list[Mapping[str, Any]] = [{"kind": "pass", "seat": seat}]
    if left >= 1:
        out += _room_move("room", seat, v, "Action room")
    if left >= contracts.LOCATION_WEEKS:
        out.append({"kind": "visit", "seat": seat, "location": "underground"})
    try:
        mix = contracts.round_mix(state)
    except InvalidInput:  # the table's round-3 row does not add up: it corrects it first
        mix = {}
    if left >= contracts.CONTRACT_MIN and contracts.fit(v) >= 1 and any(mix.values()):
        level = next(d for d, n in mix.items() if n)
        low, _ = target_range(Difficulty(level))
        out.append({"kind": "contract", "seat": seat, "weeks": contracts.CONTRACT_MIN,
                    "difficulty": level, "team": 1, "target": low, "successes": low,
                    "success_infamy": 1, "success_money": 1})
    return out


def _follow_ups(setup: SessionSetup, state: State) -> list[Mapping[str, Any]]:
    """What the player whose contract was the last action may still do on it: the Schemes
    that answer its result, a Contract room."""
    if state.resolved is None:
        return []
    seat, success = state.resolved
    v = state.villains[seat_at(setup, seat)]
    out: list[Mapping[str, Any]] = []
    if v.schemes and not success:
        out.append({"kind": "scheme", "seat": seat, "effect": "consolation"})
    if v.schemes:
        try:
            contracts.cancel(setup, state, seat_at(setup, seat))
            out.append({"kind": "scheme", "seat": seat, "effect": "cancel"})
        except InvalidInput:  # nothing (left) to cancel
            pass
    return out + _room_move("contract-room", seat, v, "Contract room")
