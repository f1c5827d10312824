"""Trades between players (Part IV, syndicate.txt:649-655; the Phantom's turn, 688): during
Phase 1, between players whose turn it is not. Anything may change hands: resources by kind,
Operation cards (as a count: which cards is the players' business), bonus chips (621), and
promises or protection (237, 565), which the table keeps in words: nothing enforces them."""
from __future__ import annotations

from assistant.tracker import Event
from assistant.tracker.chain import evolve as replace

from ..tables import Bundle
from .state import PHANTOM_SLOT, TURNS, SeatState, SessionSetup, State, active, with_seat
from .turn import Played, held, phase_words, refuse, seat_at, with_held

GOODS = ("credits", "influence", "crew", "cards", "chips")
"""What a trade's form moves, each way: resources by kind, Operation cards, bonus chips."""


def _goods(event: Event, side: str) -> tuple[int, ...]:
    return tuple(int(event.get(f"{side}_{g}") or 0) for g in GOODS)


def _words(goods: tuple[int, ...]) -> str:
    res = Bundle(*goods[:3])
    parts = [res.words()] if res != Bundle() else []
    if goods[3]:
        parts.append(f"{goods[3]} Operation card{'s' if goods[3] != 1 else ''}")
    if goods[4]:
        parts.append(f"{goods[4]} bonus chip{'s' if goods[4] != 1 else ''}")
    return ", ".join(parts) or "nothing"


def _moved(seat: SeatState, out: tuple[int, ...], got: tuple[int, ...]) -> SeatState:
    seat = with_held(seat, held(seat) + Bundle(*(g - o for o, g in zip(out[:3], got[:3],
                                                                        strict=True))))
    return replace(seat, hand=seat.hand - out[3] + got[3], chips=seat.chips - out[4] + got[4])


def _short(seat: SeatState, out: tuple[int, ...]) -> tuple[str, int] | None:
    """The first good this side gives more of than it holds, with what it holds."""
    have = (seat.credits, seat.influence, seat.crew, seat.hand, seat.chips)
    for g, want, has in zip(GOODS, out, have, strict=True):
        if want > has:
            return g, has
    return None


def trade(setup: SessionSetup, state: State, event: Event) -> Played:
    a = seat_at(setup, event["seat"], "seat", "trading")
    b = seat_at(setup, event["partner"], "partner", "trading")
    names = setup.seats[a].name, setup.seats[b].name
    if a == b:
        raise refuse("partner", "A trade is between two players.", "another player",
                     rule="trading")
    if state.phase != TURNS:
        raise refuse("seat", f"Players trade during Phase 1 only; the table is in "
                     f"{phase_words(state)}.", rule="trading")
    now = active(setup, state)
    if now is not None and now != PHANTOM_SLOT and now in (a, b):
        raise refuse("seat" if now == a else "partner", f"It is {setup.seats[now].name}'s "
                     "turn: the player whose turn it is does not trade; the others may.",
                     "two players whose turn it is not", rule="trading")
    give, get = _goods(event, "give"), _goods(event, "get")
    terms = str(event.get("text") or "").strip()
    if not any(give) and not any(get) and not terms:
        raise refuse("give_credits", "Say what changes hands (or the promise made).",
                     "something given, something received, or the terms in words",
                     rule="trading")
    for k, out, field in ((a, give, "give"), (b, get, "get")):
        seat = state.seats[k]
        if any(out[:3]) and not seat.resources_known:
            raise refuse(field + "_credits", f"{setup.seats[k].name}'s starting credits, "
                         "influence and crew are not entered yet: they are printed on the "
                         "syndicate's mat. Enter the three with Resources first.",
                         "a seat whose resources are entered", rule="setup-player-mat")
        short = _short(seat, out)
        if short is not None:
            g, has = short
            what = {"cards": "Operation cards", "chips": "bonus chips"}.get(g, g)
            raise refuse(f"{field}_{g}", f"{setup.seats[k].name} holds only {has} {what}.",
                         f"at most what {setup.seats[k].name} holds", rule="trading")
    state = with_seat(state, a, _moved(state.seats[a], give, get))
    state = with_seat(state, b, _moved(state.seats[b], get, give))
    text = f"{names[0]} and {names[1]} trade: {names[0]} gives {_words(give)}"
    text += f"; {names[1]} gives {_words(get)}"
    if terms:
        text += f"; terms: {terms}"
    return replace(state, paced=True), [text + "."]
