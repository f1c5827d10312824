"""Cards in hand, counted (their faces are each player's own): City and Agency cards drawn,
traded 1 for 1, played (One-Time-Use, Ambush), attached as Equipment, discarded for Influence.

A hand is counted once the table has said how many cards it holds (the card's starting City
cards on the setup, or a hand-set count); until then nothing is refused for want of a count
and the hand stays unknown (vigilante.txt:429-462, :530-534, :625-631, :698)."""
from __future__ import annotations

from assistant.errors import InvalidInput
from assistant.tracker.chain import evolve as replace

from .state import AGENCY_JAIL, SeatState


def take(who: str, seat: SeatState, cards: int, what: str, rule: str,
         field: str = "seat") -> SeatState:
    """`cards` leave the hand (`what` says for what); refused if a counted hand is short."""
    if seat.hand is None:
        return seat
    if cards > seat.hand:
        raise InvalidInput(field, f"{who} holds {seat.hand} card{'' if seat.hand == 1 else 's'}"
                           f", not enough for {what}.", f"at most {seat.hand}", rule=rule)
    return replace(seat, hand=seat.hand - cards)


def give(seat: SeatState, cards: int) -> SeatState:
    """`cards` join the hand (no hand limit, vigilante.txt:532, :698)."""
    return seat if seat.hand is None else replace(seat, hand=seat.hand + cards)


def holding(seat: SeatState) -> str:
    return "" if seat.hand is None else f" (hand {seat.hand})"


def draw(who: str, seat: SeatState, deck: str) -> tuple[SeatState, str]:
    """Draw a card: the top City card, or the top Agency card with 3 or more jailed."""
    if deck == "agency" and seat.jail < AGENCY_JAIL:
        raise InvalidInput("deck", f"{who} has {seat.jail} Villain{'' if seat.jail == 1 else 's'}"
                           f" in jail: Agency cards need at least {AGENCY_JAIL}.", "city",
                           rule="agency-cards")
    after = give(seat, 1)
    return after, (f"{who} draws the top {'Agency' if deck == 'agency' else 'City'} card"
                   + holding(after))


def trade(who: str, seat: SeatState, other: str, partner: SeatState
          ) -> tuple[SeatState, SeatState, str]:
    """1 card for 1, both agreeing (a refused offer uses no action and is not recorded)."""
    for name, s in ((who, seat), (other, partner)):
        if s.hand == 0:
            raise InvalidInput("to_seat" if s is partner else "seat",
                               f"{name} has no card in hand to trade: a trade is 1 card for 1.",
                               "a player with a card in hand", rule="action-trade")
    return seat, partner, f"{who} trades 1 card for 1 with {other} (hands unchanged)"


def play(who: str, seat: SeatState, card: str, name: str | None) -> tuple[SeatState, str]:
    title = {"one-time-use": "One-Time-Use", "ambush": "Ambush"}[card]
    after = take(who, seat, 1, f"playing a {title} card", "card-" + card)
    named = f" {name}" if name else ""
    return after, (f"{who} plays the {title} card{named} and discards it" + holding(after)
                   + "; record what it does")


def set_hand(who: str, seat: SeatState, count: int) -> tuple[SeatState, str]:
    was = "not counted" if seat.hand is None else str(seat.hand)
    return (replace(seat, hand=count),
            f"Correction: {who} holds {count} card{'' if count == 1 else 's'} in hand "
            f"(was {was})")
