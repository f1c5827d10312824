"""What a player holds besides resources: the hand of Operation cards (a count: its faces are
the player's own), the activated sleeper face down on the mat, and bonus chips.

Rulebook: Operation cards dealt and drawn (syndicate.txt:323, 479); sleepers (179-183, 423,
528-534, 665); bonus chips (137-151, 435, 617-621).
"""
from __future__ import annotations

from assistant.explain import plural
from assistant.tracker import Event
from assistant.tracker.chain import evolve as replace

from ..tables import Bundle
from .state import SessionSetup, State, with_seat
from .turn import Played, acted, held, own_turn, refuse, seat_at, this_turn, with_held

SLEEPER_ACTIONS = ("activate", "replace", "play")


def sleeper(setup: SessionSetup, state: State, event: Event) -> Played:
    """Activate a sleeper (an action on your turn: a card from your hand face down on the
    mat), burn the active one for a new one (also on your turn), or play it (turn it up at
    any later moment, the card's own limits aside, and discard it)."""
    i = seat_at(setup, event["seat"], "seat", "sleepers")
    seat, who = state.seats[i], setup.seats[i].name
    action = str(event.get("action") or "activate")
    if action == "play":
        if not seat.sleeper:
            raise refuse("action", f"{who} has no activated sleeper on their mat.",
                         "activate one on your turn first", rule="sleepers")
        if seat.sleeper_at is not None and seat.sleeper_at == this_turn(state):
            raise refuse("action", f"{who} activated this sleeper on this turn: it is played "
                         "at a later point.", "a later turn, or any later phase",
                         rule="sleepers")
        state = with_seat(state, i, replace(seat, sleeper=False, sleeper_at=None))
        what = str(event.get("text") or "").strip()
        return (replace(state, discard=state.discard + 1),
                [f"{who} turns up their sleeper and plays it"
                 + (f": {what}" if what else "") + "; the card is discarded."])
    own_turn(setup, state, i)
    if seat.hand < 1:
        raise refuse("seat", f"{who} holds no Operation card to lay down as a sleeper.",
                     "a card in hand (the hand correction sets the count)",
                     rule="operation-card")
    if action == "activate" and seat.sleeper:
        raise refuse("action", f"{who} has an activated sleeper already: only one at a time. "
                     "Burn it to make room for the new one.", "replace", rule="sleepers")
    if action == "replace" and not seat.sleeper:
        raise refuse("action", f"{who} has no activated sleeper to burn.", "activate",
                     rule="sleepers")
    burned = action == "replace"
    seat = replace(seat, hand=seat.hand - 1, sleeper=True, sleeper_at=this_turn(state))
    state = replace(with_seat(state, i, seat), discard=state.discard + int(burned))
    text = (f"{who} burns their activated sleeper (discarded unplayed) and lays a new one "
            "face down" if burned else f"{who} activates a sleeper, face down on their mat")
    return acted(state), [f"{text} ({plural(seat.hand, 'card', 'cards')} left in hand)."]


def bonus_chip(setup: SessionSetup, state: State, event: Event) -> Played:
    """A bonus chip played on your own turn (any number a turn) for its one-time reward, then
    discarded (syndicate.txt:435, 621). The chips' rewards are printed on them: the table
    says what this one gave."""
    i = seat_at(setup, event["seat"], "seat", "bonus-chips")
    own_turn(setup, state, i)
    seat, who = state.seats[i], setup.seats[i].name
    if seat.chips < 1:
        raise refuse("seat", f"{who} holds no bonus chip.", "a chip collected with a first "
                     "base on a territory, or traded", rule="bonus-chips")
    gain = Bundle(*(int(event.get(k) or 0) for k in ("credits", "influence", "crew")))
    seat = replace(with_held(seat, held(seat) + gain), chips=seat.chips - 1)
    level = str(event.get("level") or "none")
    parts = [gain.words()] if gain != Bundle() else []
    if level == "tech":
        seat = replace(seat, tech=None if seat.tech is None else seat.tech + 1)
        parts.append("+1 tech level")
    elif level == "assault":
        seat = replace(seat, assault=None if seat.assault is None else seat.assault + 1)
        parts.append("+1 assault level")
    what = str(event.get("text") or "").strip()
    text = f"{who} plays a bonus chip" + (f" ({what})" if what else "")
    text += f": {', '.join(parts)}" if parts else ""
    return acted(with_seat(state, i, seat)), [text + "; the chip is discarded."]
