"""Secrets at the table: each seat's Identity (entered on its own phone), the tokens an
investigation showed (the investigator's own), and the reveal at the end of the final round.

- An Identity is written only from its owner's phone (`identity`, a private event) and shows
  only in that seat's own view until the reveal. A private identity is checked only against
  public rules (first game, Showdown, the card's counts): never against other seats' secrets,
  which would leak.
- Allegiance tokens are never entered by or shown to their owner. `investigate` (private to
  the investigating seat) records a token that seat saw on another seat's mat.
- Who reveals (`writer`): everyone reveals their card at the end of the final round
  (vigilante.txt:289, :635), and the card is secret until then (:231). The reveal of the
  Identity on a phone ("as-entered") is written by that phone only, and stored with the
  Identity it showed and `own_phone` (`resolve_reveal`): a disclosure, never taken back by an
  undo. Where a phone is gone, the table types the card the player shows: the table's event,
  read from nothing private."""
from __future__ import annotations

from collections import Counter as Tally

from assistant.errors import InvalidInput
from assistant.tracker import Event, put, seat_index
from assistant.tracker.chain import evolve as replace
from assistant.tracker.kernel import seat_of

from ..calculators.allegiance import KINDS, possible
from ..identities import CARDS, FIRST_GAME_LEFT_OUT, IDENTITY_OPTIONS, Allegiance, Identity
from ..mix import check_identities, completion
from ..modes import Scenario
from .forms import AS_ENTERED, PRIVATE
from .state import SessionSetup, Sighting, State


def identity(setup: SessionSetup, state: State, i: int, value: str) -> State:
    ident = Identity(value)
    check_public_rules(setup, ident, "identity")
    return replace(state, seats=put(state.seats, i, replace(state.seats[i],
                                                            identity=ident.value)))


def investigate(setup: SessionSetup, state: State, i: int, event: Event) -> State:
    seat = state.seats[i]
    try:  # a seat's name or its id
        tid = seat_of(setup.seats, str(event["target"]), "target")
        target = seat_index(setup.seats, tid, "target")
    except InvalidInput as exc:
        raise InvalidInput(exc.field, exc.detail, exc.allowed, rule="investigating") from None
    if target == i:
        raise InvalidInput("target", "You may never look at your own Allegiance tokens.",
                           "another seat", rule="allegiance-tokens")
    seen = {s.spot: s.seen for s in seat.sightings if s.target == tid}
    if seen.get(event["spot"], event["seen"]) != event["seen"]:
        raise InvalidInput("seen", f"You noted spot {event['spot']} as "
                           f"{seen[event['spot']]} before; tokens never move.",
                           seen[event["spot"]], rule="allegiance-tokens")
    seen[event["spot"]] = event["seen"]
    if not possible(seen):
        raise InvalidInput("seen", "No mat holds tokens like these (2 of one kind, 1 of "
                           "each other).", ", ".join(KINDS), rule="setup-allegiance-tokens")
    sighting = Sighting(tid, event["spot"], event["seen"])
    if sighting in seat.sightings:
        return state
    return replace(state, seats=put(state.seats, i, replace(
        seat, sightings=(*seat.sightings, sighting))))


def forget(setup: SessionSetup, state: State, seat: str) -> State:
    """The seat handed to a new phone (the kernel's release): its Identity and the tokens its
    investigations showed as if never entered; the new phone enters them again."""
    i = seat_index(setup.seats, seat)
    return replace(state, seats=put(state.seats, i, replace(state.seats[i], identity=None,
                                                            sightings=())))


def reveal(setup: SessionSetup, state: State, i: int, event: Event) -> State:
    seat = state.seats[i]
    if not state.ended:
        raise InvalidInput("kind", "Identities are revealed at the end of the final round.",
                           "the rounds first", rule="game-end")
    given = event.get("identity")
    # resolve_reveal stores the Identity an "as-entered" reveal shows; only a reveal stored
    # before that (an older session) still reads it from the phone's entry here
    chosen = seat.identity if given in (None, AS_ENTERED) else given
    if chosen is None:
        raise InvalidInput("identity", "Nothing was entered on this player's phone: say "
                           "which Identity card they show.", ", ".join(IDENTITY_OPTIONS),
                           rule="identity-card")
    ident = Identity(chosen)
    check_public_rules(setup, ident, "identity")
    high, med = event.get("jail_level_2_3"), event.get("med_cards")
    if ident is Identity.ADDICT:
        if high is None or med is None:
            raise InvalidInput("jail_level_2_3", "The Addict's Mission needs the Level 2-3 "
                               "Villains jailed and the First Aid Kits / Med Pacs in hand.",
                               "both numbers", rule="identity-addict")
        if high > seat.jail:
            raise InvalidInput("jail_level_2_3", f"The jail holds {seat.jail}.",
                               f"0-{seat.jail}", rule="identity-addict")
        if seat.hand is not None and med > seat.hand:
            raise InvalidInput("med_cards", f"The hand holds {seat.hand} cards.",
                               f"0-{seat.hand}", rule="identity-addict")
    after = replace(state, seats=put(state.seats, i, replace(
        seat, revealed=ident.value, jail_level_2_3=high if ident is Identity.ADDICT else None,
        med_cards=med if ident is Identity.ADDICT else None)))
    check_revealed(setup, after)
    return after


def check_public_rules(setup: SessionSetup, ident: Identity, name: str) -> None:
    """Only rules the whole table knows: never other seats' secrets."""
    card = CARDS[ident]
    if setup.first_game and ident in FIRST_GAME_LEFT_OUT:
        raise InvalidInput(name, f"This first game leaves out the {card.title}.",
                           "any other Identity", rule="first-game")
    if setup.mode is Scenario.SHOWDOWN and card.allegiance is Allegiance.NEUTRAL:
        raise InvalidInput(name, "Showdown uses no Neutral Identities.", "Good or Evil",
                           rule="scenario-showdown")
    if setup.mix is not None:
        good, evil, neutral = setup.mix
        limit = {Allegiance.GOOD: good, Allegiance.EVIL: evil, Allegiance.NEUTRAL: neutral}
        if limit[card.allegiance] == 0:
            raise InvalidInput(name, f"Your Scenario Card deals no {card.allegiance.value} "
                               "Identities.", "an Identity of a dealt Allegiance",
                               rule="setup-identities")


def check_revealed(setup: SessionSetup, state: State) -> None:
    shown = [Identity(s.revealed) for s in state.seats if s.revealed]
    count = Tally(shown)
    for ident, n in count.items():
        if n > CARDS[ident].copies:
            card = CARDS[ident]
            raise InvalidInput("identity", f"The box holds {card.copies} "
                               f"{card.title} card{'s' * (card.copies != 1)}; {n} are revealed.",
                               "another Identity", rule="identity-card")
    if len(shown) < len(setup.seats) and completion(
            setup.mode, len(setup.seats), shown, setup.first_game, setup.mix) is None:
        raise InvalidInput("identity", "With the Identities already shown, no deal the "
                           "scenario" + (" and the card" if setup.mix else "") + " allow is "
                           "left for the players still to reveal.", "another Identity",
                           rule="setup-identities")
    if len(shown) == len(setup.seats):
        try:
            check_identities(setup.mode, shown, setup.first_game, "identity")
        except InvalidInput as exc:
            raise InvalidInput(exc.field, exc.detail, exc.allowed,
                               rule=exc.rule or "setup-identities") from None
        if setup.mix is not None:
            got = Tally(CARDS[i].allegiance for i in shown)
            want = dict(zip(Allegiance, setup.mix, strict=True))
            if any(got[a] != want[a] for a in Allegiance):
                raise InvalidInput("identity", "The revealed Identities do not match the "
                                   "card's Good/Evil/Neutral counts.",
                                   ", ".join(f"{want[a]} {a.value}" for a in Allegiance),
                                   rule="setup-identities")


def writer(setup: SessionSetup, event: Event) -> str | None:
    """Identities and investigations are their seat's own; so is a reveal of the Identity
    entered on the phone ("as-entered", or its stored form with `own_phone`). A reveal typed
    from the card the player shows (their phone gone) is the table's."""
    if event.kind in PRIVATE:
        return seat_of(setup.seats, str(event["seat"]))
    if event.kind == "reveal" and (event.get("own_phone")
                                   or event.get("identity") in (None, AS_ENTERED)):
        return seat_of(setup.seats, str(event["seat"]))
    return None


def resolve_reveal(setup: SessionSetup, state: State, event: Event) -> Event:
    """An owner's "as-entered" reveal is stored with the Identity it shows (and
    `own_phone`), so the history, an export and its import carry what was revealed."""
    if event.get("identity") not in (None, AS_ENTERED) or not state.ended:
        return event  # apply says why a reveal before the end is refused
    i = seat_index(setup.seats, event["seat"])
    entered = state.seats[i].identity
    if entered is None:
        raise InvalidInput("identity", "No Identity was entered on this phone: choose the "
                           "card you show.", ", ".join(IDENTITY_OPTIONS), rule="identity-card")
    return Event("reveal", {**event.data, "identity": entered, "own_phone": True})
