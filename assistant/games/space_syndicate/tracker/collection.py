"""Phase 3, Resource Collection (syndicate.txt:475-487): once the Sovereign card is resolved
for every player, each collects (new Operation cards, then racketeering, bonuses and each
base's income with crew upkeep paid in the owner's order, 481, 579-583), puts research
markers down (482, in research.py), takes one Black Market marker back (483, 605); then the
round ends and the First Player tile passes (484-485). The last round's collection is the
table's call (the book does not say)."""
from __future__ import annotations

from typing import Any

from assistant.explain import plural
from assistant.tracker import Event
from assistant.tracker.chain import evolve as replace

from ..calculators.collection import cards_drawn, collection
from ..tables import ACTION_DICE_EACH, ROUNDS_MAX, ZONE_COSTS, ZONES, Bundle
from .state import (
    COLLECTION,
    LADDERS,
    OVER,
    RACKET,
    SOVEREIGN,
    ZONE_NAMES,
    SessionSetup,
    State,
    card_resolved,
    new_round,
    order,
    pending,
    slot_name,
    with_seat,
)
from .turn import Played, held, phase_words, refuse, seat_at, with_held, working

CALC_MAX = 9999
"""The largest holding the calculators' forms take; a session can hold more."""


def collection_begun(setup: SessionSetup, state: State) -> bool:
    """Phase 3 may run: this round's Sovereign card is drawn and resolved for everyone."""
    return state.phase == COLLECTION or (state.phase == SOVEREIGN
                                         and card_resolved(setup, state))


def collect_check(setup: SessionSetup, state: State, i: int) -> None:
    """Once a round, once the Sovereign card has been resolved for every player
    (syndicate.txt:475-477). Checked on a request: a session stored before the referee folds
    as it was recorded."""
    if state.phase == OVER:
        raise refuse("seat", "The game is over.", rule="end-of-game")
    if not collection_begun(setup, state):
        waiting = ", ".join(setup.seats[k].name for k in pending(setup, state))
        detail = ("Resource Collection comes once the Sovereign card is drawn and resolved for "
                  "every player; " + (f"it is still to be resolved for {waiting}."
                                      if state.phase == SOVEREIGN and state.card_drawn
                                      else f"the table is in {phase_words(state)}."))
        raise refuse("seat", detail, rule="resource-collection")
    if state.seats[i].collected_round == state.round:
        raise refuse("seat", f"{setup.seats[i].name} has collected this round already.",
                     rule="resource-collection")


def _upkeep_order(raw: Any) -> list[int]:
    out = []
    for token in str(raw or "").replace(";", ",").split(","):
        word = token.strip().casefold()
        if not word:
            continue
        if word not in ("middle", "inner"):
            raise refuse("order", f"{token.strip()!r} is not a zone with crew upkeep.",
                         "middle and inner, comma-separated, in the order you pay",
                         rule="crew-upkeep")
        out.append(ZONE_NAMES.index(word))
    return out


def collect(setup: SessionSetup, state: State, event: Event) -> Played:
    """Steps 1-3 of Resource Collection for one seat: its new Operation cards (2, plus 1 for
    each die still ARMED), then the resource-collection calculator: racketeering, the bonuses
    entered, then each base, paying crew upkeep in the order the owner chooses
    (syndicate.txt:479-481, 581)."""
    i = seat_at(setup, event["seat"], "seat", "resource-collection")
    seat, who = state.seats[i], setup.seats[i].name
    if state.phase == OVER:
        raise refuse("seat", "The game is over.", rule="end-of-game")
    if seat.racket is None:
        raise refuse("seat", "Enter this syndicate's racketeering income once first (it is "
                     "printed on its mat, not in the book).", "Mat income",
                     rule="racketeering-income")
    bases: list[dict[str, Any]] = []
    upkeep: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
    zone_of: dict[str, int] = {}
    for k, zone in enumerate(ZONES):
        typed = int(event.get(f"flipped_{zone.value}") or 0)
        flipped = max(typed, seat.tax_flipped[k])
        if typed > seat.bases[k]:
            raise refuse(f"flipped_{zone.value}", "More flipped bases than owned.",
                         f"0-{seat.bases[k]}", rule="flipped-base")
        blockade = int(state.destroyer is not None and state.destroyer_owner ==
                       setup.seats[i].id and state.destroyer_zone == zone.value)
        for n in range(seat.bases[k]):
            status = ("tax" if n < flipped else "destroyer" if n < flipped + blockade
                      else "working")
            name = f"{zone.value.upper()} base {n + 1}"
            zone_of[name] = k
            item = {"name": name, "zone": zone.value, "status": status}
            if status == "working" and ZONE_COSTS[zone].upkeep:
                upkeep[k].append(item)
            else:
                bases.append(item)
    for k in _upkeep_order(event.get("order")):
        if upkeep[k]:
            bases.append(upkeep[k].pop(0))
    bases += upkeep[1] + upkeep[2]
    # Credits and influence only add up, and crew above the calculator's range pays no more
    # upkeep (18 bases owe at most 108): the calculator works from what its form takes.
    crew = min(seat.crew, CALC_MAX)
    armed = ACTION_DICE_EACH - seat.dice_used
    data: dict[str, Any] = {"credits": 0, "influence": 0, "crew": crew, "bases": bases,
                            "armed_dice": armed, "take_back": "none", "round": state.round,
                            **dict(zip(RACKET, seat.racket, strict=True)),
                            **{k: event.get(k) or 0 for k in
                               ("bonus_credits", "bonus_influence", "bonus_crew")}}
    answer = collection(data)
    got = Bundle(**answer.result["resources"]) + Bundle(seat.credits, seat.influence,
                                                          seat.crew - crew)
    crew_flip = [0, 0, 0]
    for f in answer.result["flipped"]:
        if f["reason"] == "crew":
            crew_flip[zone_of[f["name"]]] += 1
    owed = cards_drawn(armed)
    drawn = min(owed, state.deck)
    was = held(seat)
    seat = replace(with_held(seat, got), collected_round=state.round,
                   crew_flipped=tuple(crew_flip), hand=seat.hand + drawn)
    state = replace(with_seat(state, i, seat), deck=state.deck - drawn)
    if state.phase == SOVEREIGN:
        state = replace(state, phase=COLLECTION)
    gain = Bundle(got.credits - was.credits, got.influence - was.influence,
                  got.crew - was.crew)
    cards = plural(drawn, "Operation card", "Operation cards")
    text = (f"{who} draws {cards} ({seat.hand} in hand) and collects: "
            f"{_signed(gain)}, now holding {got.words()}")
    if drawn < owed:
        text += (f"; the Operation deck ran out {plural(owed - drawn, 'card', 'cards')} short "
                 "(the book does "
                 "not say what then: the table decides, and the deck correction records it)")
    short = [f["name"] for f in answer.result["flipped"] if f["reason"] == "crew"]
    if short:
        text += (f"; {', '.join(short)} flipped, crew short, until the next Sovereign Card "
                 "phase")
    keep = {"racketeering-income", "trade-routes", "zones", "crew-upkeep", "mining-center",
            "taxes", "sovereign-blockade", "operation-cards-drawn"}
    return state, [text + ".", "Working: " + working(answer, lambda s: s.rule in keep)]


def _signed(b: Bundle) -> str:
    parts = [f"{v:+d} {name}" for v, name in ((b.credits, "credits"),
                                               (b.influence, "influence"), (b.crew, "crew"))
             if v]
    return ", ".join(parts) if parts else "nothing"


def take_back(setup: SessionSetup, state: State, event: Event) -> Played:
    """One Black Market marker back a round, from either ladder, in Resource Collection
    (syndicate.txt:483, 605); markers fill from the bottom, so the top one comes back. A
    session stored before the phases were followed took it back at any time."""
    i = seat_at(setup, event["seat"], "seat", "black-market")
    seat, who = state.seats[i], setup.seats[i].name
    ladder = LADDERS.index(str(event["track"]))
    if not seat.markers[ladder]:
        raise refuse("track", f"{who} has no marker on the {event['track']} ladder.",
                     ", ".join(LADDERS[k] for k in (0, 1) if seat.markers[k]) or "none",
                     rule="black-market")
    if seat.took_back_round == state.round:
        raise refuse("track", f"{who} has taken a marker back this round: one a round, from "
                     "either ladder.", "next round", rule="black-market")
    markers = list(seat.markers)
    markers[ladder] -= 1
    state = with_seat(state, i, replace(seat, markers=tuple(markers),
                                        took_back_round=state.round))
    return state, [f"{who} takes a marker back from the {event['track']} ladder of the Black "
                   "Market (one a round)."]


def take_back_check(setup: SessionSetup, state: State) -> None:
    """On a request: only in Resource Collection."""
    if not collection_begun(setup, state):
        raise refuse("track", "A Black Market marker comes back in Resource Collection, once "
                     f"the Sovereign card is resolved; the table is in {phase_words(state)}.",
                     "in Resource Collection", rule="black-market")


def end_round(setup: SessionSetup, state: State) -> Played:
    last = state.last_round is not None and state.round >= state.last_round
    if state.phase == OVER:
        raise refuse("kind", "The game is over.", rule="end-of-game")
    if not last or not state.card_drawn:
        if state.phase != COLLECTION:
            raise refuse("kind", "A round ends after Resource Collection; the table is in "
                         f"{phase_words(state)}.", rule="resource-collection")
        waiting = [setup.seats[k].name for k, s in enumerate(state.seats)
                   if s.collected_round != state.round]
        if waiting:
            raise refuse("kind", f"Still to collect this round: {', '.join(waiting)}.",
                         "collect", rule="resource-collection")
    unknown = [setup.seats[k].name for k, s in enumerate(state.seats) if not s.resources_known]
    if (last or state.round >= ROUNDS_MAX) and unknown:
        raise refuse("kind", "The final score counts each player's credits: enter the starting "
                     f"credits, influence and crew of {', '.join(unknown)} from the mat first.",
                     "resources", rule="syndicate-score")
    if last or state.round >= ROUNDS_MAX:
        return (replace(state, phase=OVER, paced=True),
                [f"Round {state.round}, the last, is over: the game ends and the score is "
                 "final."])
    nxt = state.round + 1
    state = replace(new_round(state, nxt), paced=True)
    first = slot_name(setup, order(setup, state)[0])
    return state, [f"Round {nxt - 1} ends; round {nxt} begins with {first} holding the First "
                   "Player tile."]


def end_round_check(setup: SessionSetup, state: State) -> None:
    """On a request: the round's Sovereign card is resolved for every player first."""
    if state.phase == SOVEREIGN and state.card_drawn and not card_resolved(setup, state):
        waiting = ", ".join(setup.seats[k].name for k in pending(setup, state))
        raise refuse("kind", f"The Sovereign card is still to be resolved for {waiting}.",
                     rule="sovereign-card-phase")


