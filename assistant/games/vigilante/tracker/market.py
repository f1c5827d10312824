"""The Hero Market and the Recruit action (vigilante.txt:203-205, :538-556, :700-714), with the
Mercenaries variant (:668-674).

The Market has 3 places face up (4 with Mercenaries). The table records the card turned up in
a place (`market`); a place whose card is not recorded is unknown, and a recruit then says the
Hero's numbers itself. A recruit pays with cards from hand whose Influence reaches the cost
(the surplus is lost), puts the Hero in the lowest open slot and leaves its place to be refilled
from the Hero deck (derived: only the variant speaks of a refill, :674). A Mercenary is paid
for the same way, used and discarded, joining no team. Whenever 3 or more Mercenaries lie in
the Market, the current player's left-hand neighbour (the next in turn order, derived) must
use one free before anything else is done."""
from __future__ import annotations

from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker import put
from assistant.tracker.chain import evolve as replace

from . import cards, team, turns
from .state import MERCENARY_CROWD, Hero, MarketCard, SessionSetup, State

Change = tuple[State, str]


def _place(setup: SessionSetup, place: int, field: str = "place") -> int:
    if not 1 <= place <= setup.market_size:
        raise InvalidInput(field, f"The Hero Market has {setup.market_size} places"
                           + ("" if setup.mercenaries else " (4 with the Mercenaries variant)")
                           + ".", f"1-{setup.market_size}", rule="setup-hero-market")
    return place


def mercenaries(state: State) -> list[int]:
    """The places holding a recorded Mercenary."""
    return [k + 1 for k, c in enumerate(state.market) if c is not None and c.mercenary]


def crowd_due(setup: SessionSetup, state: State) -> bool:
    """3 or more Mercenaries in the Market: one must be used free at once."""
    return setup.mercenaries and len(mercenaries(state)) >= MERCENARY_CROWD


def picker(setup: SessionSetup, state: State) -> int:
    """The current player's left-hand neighbour: the next in turn order (clockwise,
    vigilante.txt:399); the current player is the last to act this round, else the one whose
    turn it is, else the First Player."""
    current = state.last_actor
    if current is None:
        now = turns.to_act(setup, state)
        current = state.first_player if now is None else now
    return (current + 1) % len(setup.seats)


def check_crowd(setup: SessionSetup, state: State) -> None:
    """Refuse anything but the forced pick while the Market holds 3 or more Mercenaries."""
    if crowd_due(setup, state):
        who = setup.seats[picker(setup, state)].name
        raise InvalidInput("kind", f"{len(mercenaries(state))} Mercenaries lie in the Hero "
                           f"Market: {who} uses one of them free and discards it first.",
                           f"{who}'s free Mercenary", rule="variant-mercenaries")


def _crowd_words(setup: SessionSetup, state: State) -> str:
    if not crowd_due(setup, state):
        return ""
    return (f"; {len(mercenaries(state))} Mercenaries in the Market: "
            f"{setup.seats[picker(setup, state)].name} must use one free and discard it")


def record(setup: SessionSetup, state: State, place: int, event: Any) -> Change:
    """The card face up in a place of the Market, as the table reads it."""
    _place(setup, place)
    mercenary = bool(event.get("mercenary"))
    health = event.get("health")
    if health is None and not mercenary:
        raise InvalidInput("health", f"Say {event['name']}'s Health, as printed.", "1 or more",
                           rule="setup-hero-market")
    card = MarketCard(event["name"], event["influence"], health or 0, event.get("attack"),
                      mercenary)
    if card.mercenary and not setup.mercenaries:
        raise InvalidInput("mercenary", "Mercenaries are in the game only with the Mercenaries "
                           "variant.", "a Hero", rule="variant-mercenaries")
    old = state.market[place - 1]
    after = replace(state, market=put(state.market, place - 1, card))
    kind = "Mercenary" if card.mercenary else "Hero"
    what = (f"{card.name} ({kind}, Influence {card.influence}"
            + (f", Attack {card.attack}" if card.attack is not None else "")
            + ("" if card.mercenary else f", Health {card.health}") + ")")
    words = (f"Hero Market place {place}: {what} is turned face up" if old is None else
             f"Correction: Hero Market place {place} holds {what} (was {old.name})")
    return after, words + _crowd_words(setup, after)


def forced(setup: SessionSetup, state: State, i: int, place: int) -> Change:
    """The free Mercenary: used and discarded without paying Influence."""
    who = setup.seats[i].name
    if not crowd_due(setup, state):
        raise InvalidInput("kind", "A Mercenary is used free only while 3 or more lie in the "
                           "Hero Market.", "recruit it instead", rule="variant-mercenaries")
    due = picker(setup, state)
    if due != i:
        raise InvalidInput("seat", f"The current player's left-hand neighbour picks: "
                           f"{setup.seats[due].name}.", setup.seats[due].id,
                           rule="variant-mercenaries")
    _place(setup, place)
    card = state.market[place - 1]
    if card is None or not card.mercenary:
        raise InvalidInput("place", f"Place {place} holds no Mercenary.",
                           ", ".join(map(str, mercenaries(state))), rule="variant-mercenaries")
    after = replace(state, market=put(state.market, place - 1, None))
    return after, (f"{who} uses the Mercenary {card.name} free (3 or more in the Market) and "
                   f"discards it; turn up the next card into place {place}")


def _recruited(setup: SessionSetup, state: State, event: Any) -> MarketCard:
    """The card a recruit takes: the one recorded at its Market place, else as typed."""
    place = event.get("place")
    card = state.market[_place(setup, place) - 1] if place is not None else None
    if card is not None:
        for key, have in (("name", card.name), ("influence", card.influence)):
            typed = event.get(key)
            if typed is not None and str(typed).casefold() != str(have).casefold():
                raise InvalidInput(key, f"Hero Market place {place} holds {card.name} "
                                   f"(Influence {card.influence}).", str(have),
                                   rule="action-recruit")
        if event.get("attack") is not None:
            return replace(card, attack=event["attack"])
        return card
    mercenary = bool(event.get("mercenary"))
    name, cost = event.get("name"), event.get("influence")
    health = event.get("health") or (1 if mercenary else None)
    if name is None or cost is None or health is None:
        raise InvalidInput("name", "Say the Hero's name, Influence cost and Health (or the "
                           "Market place where it was recorded).",
                           "name, influence and health", rule="action-recruit")
    return MarketCard(str(name), int(cost), int(health), event.get("attack"), mercenary)


def recruit(setup: SessionSetup, state: State, i: int, event: Any) -> Change:
    """The Recruit action: the Hero (or Mercenary) and the payment, checked and applied."""
    seat, who = state.seats[i], setup.seats[i].name
    place = event.get("place")
    card = _recruited(setup, state, event)
    name, cost, mercenary = card.name, card.influence, card.mercenary
    if mercenary and not setup.mercenaries:
        raise InvalidInput("mercenary", "Mercenaries are in the game only with the Mercenaries "
                           "variant.", "a Hero", rule="variant-mercenaries")
    if not mercenary:
        team.open_slot(who, seat)
    elif None not in seat.team and setup.full_team_mercenary == "refuse":
        raise InvalidInput("seat", f"{who}'s 4 slots are full, and your table rules that a full "
                           "team recruits no Mercenary.", "a player with an open slot",
                           rule="variant-mercenaries")
    paid, spent = event.get("paid"), event.get("cards")
    if paid is not None and paid < cost:
        raise InvalidInput("paid", f"{name} costs {cost} Influence; {paid} is not enough.",
                           f"{cost} or more", rule="action-recruit")
    if spent is None and seat.hand is not None and cost > 0:
        raise InvalidInput("cards", f"How many cards did {who} discard to pay {cost} "
                           "Influence?", f"1-{seat.hand}", rule="action-recruit")
    if spent == 0 and cost > 0:
        raise InvalidInput("cards", "Influence is paid by discarding cards from hand.",
                           "1 or more", rule="action-recruit")
    if spent == 0 and paid:
        raise InvalidInput("paid", "No card discarded pays no Influence.", "0",
                           rule="action-recruit")
    seat = cards.take(who, seat, spent or 0, f"paying {name}'s {cost} Influence",
                      "action-recruit", "cards")
    pay = ""
    if spent is not None:
        pay = f"discarding {spent} card{'' if spent == 1 else 's'}"
        if paid is not None:
            pay += f" worth {paid} Influence for a cost of {cost}" + (
                f" ({paid - cost} lost)" if paid > cost else "")
        pay = f", {pay}{cards.holding(seat)}"
    elif paid is not None:
        pay = f", paying {paid} Influence for a cost of {cost}" + (
            f" ({paid - cost} lost)" if paid > cost else "")
    where = f" from the Hero Market (place {place})" if place is not None else ""
    if mercenary:
        words = (f"{who} recruits the Mercenary {name}{where}{pay}: its ability is used and it "
                 "is discarded")
    else:
        seat, placed = team.place(who, seat, Hero(name, cost, card.health,
                                                  attack=card.attack))
        words = f"{who} recruits {name}{where}{pay}: {placed}"
    after = replace(state, seats=put(state.seats, i, seat))
    if place is not None:
        after = replace(after, market=put(after.market, place - 1, None))
        words += f"; turn up the next Hero into place {place}"
    return after, words
