"""Whose turn it is and what a turn may hold (syndicate.txt:415-437, 657-665, 675), with the
small helpers the referee's events share: a refusal naming its rule, paying a cost, naming a
seat or the Phantom, the working a calculator shows."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.tracker import Event, seat_index
from assistant.tracker.chain import evolve as replace

from ..modes import PlayMode
from ..tables import Bundle
from .state import (
    PHANTOM,
    PHANTOM_SLOT,
    PHASE_WORDS,
    SOVEREIGN,
    TURNS,
    ZONE_NAMES,
    SeatState,
    SessionSetup,
    State,
    active,
    order,
    slot_name,
)

EXTENDED_ACTIONS = 2
"""The Extended Turn: 1 or 2 of the 8 actions per turn (syndicate.txt:661)."""
Played = tuple[State, list[str]]


def refuse(field: str, detail: str, allowed: str | None = None, *, rule: str) -> InvalidInput:
    """A refusal by the rules: what the rule forbids here, in player words, and the rule
    entry it applies (the page links it)."""
    return InvalidInput(field, detail, allowed, rule=rule)


def seat_at(setup: SessionSetup, raw: Any, field: str, rule: str) -> int:
    """The index of the seat `raw` names (its id or its name), or a refusal naming `rule`."""
    try:
        return seat_index(setup.seats, str(raw or ""), field)
    except InvalidInput as err:
        raise refuse(field, err.detail, err.allowed, rule=rule) from None


def held(seat: SeatState) -> Bundle:
    return Bundle(seat.credits, seat.influence, seat.crew)


def with_held(seat: SeatState, amount: Bundle) -> SeatState:
    return replace(seat, credits=amount.credits, influence=amount.influence, crew=amount.crew)


def pay(who: str, seat: SeatState, cost: Bundle, what: str, field: str, rule: str
        ) -> SeatState:
    if (seat.credits < cost.credits or seat.influence < cost.influence
            or seat.crew < cost.crew):
        raise refuse(field, f"{what} costs {cost.words()}; {who} holds "
                     f"{held(seat).words()}.", "enough resources (exchange on your own "
                     "turn first)", rule=rule)
    return with_held(seat, held(seat) + Bundle(-cost.credits, -cost.influence, -cost.crew))


def working(answer: Explained, keep: Callable[[Step], bool] = lambda s: True) -> str:
    return " ".join(s.text.strip() for s in answer.steps if keep(s))


def zone_of(event: Event, rule: str, field: str = "zone") -> int:
    value = event.get(field)
    if value not in ZONE_NAMES:
        raise refuse(field, "Name the zone of the territory.", ", ".join(ZONE_NAMES),
                     rule=rule)
    return ZONE_NAMES.index(value)


# --- whose turn ---------------------------------------------------------------------------

def own_turn(setup: SessionSetup, state: State, slot: int, field: str = "seat", *,
             action: bool = True, rule: str = "player-turn") -> None:
    """Actions are taken on your own turn in Phase 1 (syndicate.txt:419); with the Extended
    Turn a turn holds 1 or 2 of them (661). `action` False: something done on your turn that
    is not one of the 8 actions (turning full research into a level, 569)."""
    if state.phase != TURNS:
        raise refuse(field, f"That is done on a player's own turn in Phase 1; the table is in "
                     f"{phase_words(state)}.", rule=rule)
    now = active(setup, state)
    if now != slot:
        raise refuse(field, f"It is {slot_name(setup, now)}'s turn; "
                     f"{slot_name(setup, slot)} acts on their own turn.",
                     slot_name(setup, now), rule=rule)
    if (action and setup.extended_turn and slot != PHANTOM_SLOT
            and state.acted >= EXTENDED_ACTIONS):
        raise refuse(field, f"With the Extended Turn a turn holds 1 or 2 actions; "
                     f"{slot_name(setup, slot)} has taken {state.acted}: end the turn.",
                     rule="extended-turn")


def phase_words(state: State) -> str:
    return PHASE_WORDS[state.phase]


def acted(state: State) -> State:
    """One of the 8 actions taken on this turn (counted for the Extended Turn)."""
    return replace(state, acted=state.acted + 1, paced=True)


def end_turn(setup: SessionSetup, state: State) -> Played:
    if state.phase != TURNS:
        raise refuse("kind", f"Phase 1 is over this round; the table is in "
                     f"{phase_words(state)}.", rule="round-structure")
    now = order(setup, state)
    slot = now[state.turn % len(now)]
    who = slot_name(setup, slot)
    their = "its" if slot == PHANTOM_SLOT else "their"
    if not setup.extended_turn:
        nxt = state.turn + 1
        if nxt >= len(now):
            return (replace(state, phase=SOVEREIGN, turn=0, acted=0, card_drawn=False,
                            paced=True),
                    [f"{who} ends {their} turn. Every player has had a turn: Phase 2, the "
                     "Sovereign Card, begins."])
        return (replace(state, turn=nxt, acted=0, paced=True),
                [f"{who} ends {their} turn; {slot_name(setup, now[nxt])} is next."])
    out = state.out | ({slot} if state.acted == 0 else set())
    words = (f"{who} passes without an action and is out of Phase 1 this round."
             if state.acted == 0 else f"{who} ends {their} turn.")
    for step in range(1, len(now) + 1):
        t = state.turn + step
        if now[t % len(now)] not in out:
            return (replace(state, turn=t, acted=0, out=frozenset(out), paced=True),
                    [words + f" {slot_name(setup, now[t % len(now)])} is next."])
    return (replace(state, phase=SOVEREIGN, turn=0, acted=0, out=frozenset(),
                    card_drawn=False, paced=True),
            [words + " Everyone has passed without an action: Phase 2, the Sovereign Card, "
             "begins."])


def owner_name(setup: SessionSetup, owner: str | None) -> str:
    if owner is None:
        return "nobody"
    if owner == PHANTOM:
        return "the Phantom"
    return setup.seats[seat_index(setup.seats, owner)].name


def slot_of(setup: SessionSetup, raw: Any, field: str, rule: str) -> int:
    name = str(raw or "").strip()
    if name.casefold() == PHANTOM:
        if setup.mode is not PlayMode.PHANTOM:
            raise refuse(field, "There is no Phantom in this game.", "a seat at this table",
                         rule="phantom-variant")
        return PHANTOM_SLOT
    return seat_at(setup, name, field, rule)


def an_zone(zone: str) -> str:
    return ("an " if zone[0] in "aeiou" else "a ") + zone.upper()



def this_turn(state: State) -> tuple[int, int] | None:
    """The turn in progress as (round, place in the order), None outside Phase 1."""
    return (state.round, state.turn) if state.phase == TURNS else None
