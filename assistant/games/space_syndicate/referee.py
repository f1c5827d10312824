"""The table referee: the Sovereign Card phase (the card, pardons, taxes), Resource Collection
and the end of the round, and the dispatch of every event the session works out (`play`),
which returns the new state and the working the stored event carries for its history line.

Rulebook: Sovereign Card and pardon (syndicate.txt:460-473); Resource Collection and crew upkeep
(475-487, 579-583); Blockade and taxes (627-645); the end of the game (39, 319, 415).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistant.tracker import Event, seat_index
from assistant.tracker.chain import evolve as replace

from .actions import (
    assault,
    buy_base,
    exchange,
    fortify_base,
    mission,
    phantom_fortify,
    robbery,
    sell_card,
)
from .calculators.collection import collection
from .calculators.sovereign import pardon as pardon_calc
from .session import (
    COLLECTION,
    OVER,
    RACKET,
    SOVEREIGN,
    TURNS,
    ZONE_NAMES,
    SeatState,
    SessionSetup,
    State,
    active,
    order,
    slot_name,
    with_seat,
)
from .tables import (
    ACTION_DICE_EACH,
    ROUNDS_MAX,
    STAR_FIRST,
    STAR_LAST,
    ZONE_COSTS,
    ZONES,
    Bundle,
)
from .turn import (
    Played,
    end_turn,
    held,
    owner_name,
    phase_words,
    refuse,
    with_held,
    working,
)

# --- Phase 2 ---------------------------------------------------------------------------------

def sovereign_card(setup: SessionSetup, state: State, event: Event) -> Played:
    if state.phase != SOVEREIGN:
        raise refuse("star", "The Sovereign card is drawn in Phase 2, once every player has "
                      f"had their turn (rule sovereign-card-phase); the table is in "
                      f"{phase_words(state)}.")
    if state.card_drawn:
        raise refuse("star", f"Round {state.round}'s Sovereign card is drawn already: one a "
                      "round (rule sovereign-card-phase).")
    star = bool(event.get("star"))
    forced = must_be_star(state)
    if star and (state.star_round is not None or not STAR_FIRST <= state.round <= STAR_LAST):
        raise refuse("star", "The star card lies 5th to 7th in the Sovereign deck and comes "
                      f"up once (rule setup-sovereign-deck): not in round {state.round}"
                      + (f"; it came up in round {state.star_round}."
                         if state.star_round is not None else "."), "star off")
    if forced and not star:
        raise refuse("star", f"The star card lies 5th to 7th in the Sovereign deck (rule "
                      f"setup-sovereign-deck) and has not come up: round {state.round}'s card "
                      "is the star.", "star on")
    seats = tuple(replace(s, tax_flipped=(0, 0, 0), crew_flipped=(0, 0, 0))
                  for s in state.seats)
    back = sum(sum(s.tax_flipped) + sum(s.crew_flipped) for s in state.seats)
    state = replace(state, seats=seats, card_drawn=True, paced=True)
    text = f"Round {state.round}'s Sovereign card is drawn"
    if star:
        state = replace(state, star_round=state.round, last_round=state.round + 1)
        text += (f": the Beginning of the End; round {state.round + 1} is the last (rule "
                 "end-of-game)")
    text += "."
    if back:
        text += f" {back} flipped base(s) turn face up again (rule flipped-base)."
    return state, [text + " Pardons and taxes now, before it is resolved (rule pardon)."]


def must_be_star(state: State) -> bool:
    """Round 7's card is the star if it has not come up (it lies 5th to 7th). A round past 7
    without it (set by hand) has no star left to draw: its card is an ordinary one."""
    return (state.star_round is None and state.last_round is None
            and state.round == STAR_LAST)


def _card_time(state: State, field: str) -> None:
    if state.phase != SOVEREIGN or not state.card_drawn:
        raise refuse(field, "That belongs to Phase 2, after the Sovereign card is drawn and "
                      f"before Resource Collection (rule sovereign-card-phase); the table is "
                      f"in {phase_words(state)}"
                      + ("" if state.phase != SOVEREIGN else ", card not drawn yet") + ".")


def _blockaded(setup: SessionSetup, state: State, i: int) -> int:
    """1 when the Destroyer sits on one of this seat's bases."""
    return int(state.destroyer is not None and state.destroyer_owner == setup.seats[i].id)


def pardon(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_index(setup.seats, event["seat"])
    seat, who = state.seats[i], setup.seats[i].name
    _card_time(state, "seat")
    if seat.pardoned_round == state.round:
        raise refuse("seat", f"{who} is pardoned this round already.")
    if seat.taxed_round == state.round:
        raise refuse("seat", f"{who} has paid this round's tax: a pardon comes before the "
                      "card is resolved (rule pardon).")
    held = sum(seat.bases)
    left = _blockaded(setup, state, i) if event.get("leave_out_flipped") else 0
    answer = pardon_calc({"bases": held - left, "influence": min(seat.influence, CALC_MAX)})
    cost = int(answer.result["cost"])
    if not answer.result["affordable"]:
        raise refuse("seat", f"A pardon with {held - left} base(s) costs {cost} influence "
                      f"(rule pardon); {who} holds {seat.influence}.",
                      f"at least {cost} influence")
    state = with_seat(state, i, replace(seat, influence=seat.influence - cost,
                                        pardoned_round=state.round))
    note = (" (the base under the Destroyer left out, the table's reading)" if left else "")
    return replace(state, paced=True), [
        f"{who} pays {cost} influence for a pardon: this round's Sovereign card does not touch "
        f"them{note}.", "Working: " + working(answer)]


def tax(setup: SessionSetup, state: State, event: Event) -> Played:
    """A Tax card: credits for each base; a base whose tax cannot be paid is flipped, the
    owner choosing which (syndicate.txt:643-645)."""
    i = seat_index(setup.seats, event["seat"])
    seat, who = state.seats[i], setup.seats[i].name
    _card_time(state, "seat")
    if seat.pardoned_round == state.round:
        raise refuse("seat", f"{who} bought a pardon: this round's card does not touch them "
                      "(rule pardon).")
    if seat.taxed_round == state.round:
        raise refuse("seat", f"{who} has paid this round's tax.")
    per = int(event["per_base"])
    owned = sum(seat.bases)
    unpaid = max(0, owned - seat.credits // per)
    flips = [int(event.get(f"flip_{z}") or 0) for z in ZONE_NAMES]
    if not any(flips) and unpaid:
        flips = default_flips(seat, unpaid)
    for k, z in enumerate(ZONE_NAMES):
        if flips[k] > seat.bases[k]:
            raise refuse(f"flip_{z}", f"{who} holds {seat.bases[k]} {z.upper()} base(s).",
                          f"0-{seat.bases[k]}")
    if sum(flips) != unpaid:
        raise refuse("flip_exo", f"{who} holds {owned} base(s) and {seat.credits} credits: at "
                      f"{per} a base, {unpaid} go unpaid and are flipped (rule taxes); "
                      f"{sum(flips)} chosen.", f"{unpaid} in all, the owner's choice")
    paid = per * (owned - unpaid)
    state = with_seat(state, i, replace(seat, credits=seat.credits - paid,
                                        taxed_round=state.round, tax_flipped=tuple(flips)))
    text = f"{who} pays {paid} credits of tax ({owned - unpaid} base(s) × {per})"
    if unpaid:
        which = ", ".join(f"{n} {z.upper()}" for n, z in zip(flips, ZONE_NAMES, strict=True)
                          if n)
        text += (f"; cannot pay for {unpaid}: flipped ({which}), earning nothing until the "
                 "next Sovereign Card phase (rule taxes)")
    return replace(state, paced=True), [text + "."]


def default_flips(seat: SeatState, unpaid: int) -> list[int]:
    """A first choice of bases left unpaid: EXO first (the owner may choose otherwise)."""
    out = [0, 0, 0]
    for k in range(len(ZONES)):
        take = min(unpaid, seat.bases[k])
        out[k], unpaid = take, unpaid - take
    return out


def collect_check(setup: SessionSetup, state: State, i: int) -> None:
    """Once a round, after the Sovereign card (syndicate.txt:475-484). Checked on a request
    only: a session stored before the referee folds as it was recorded."""
    if state.phase == SOVEREIGN and not state.card_drawn or state.phase == TURNS and \
            state.paced:
        raise refuse("seat", "Resource Collection comes after the Sovereign card is drawn and "
                      f"resolved (rule resource-collection); the table is in "
                      f"{phase_words(state)}.")
    if state.seats[i].collected_round == state.round:
        raise refuse("seat", f"{setup.seats[i].name} has collected this round already (rule "
                      "resource-collection).")


CALC_MAX = 9999
"""The largest holding the calculators' forms take; a session can hold more."""


def pay_destroyer_check(setup: SessionSetup, state: State, i: int) -> None:
    """Only the owner of the blockaded base pays it off, on their turn in Phase 1 or in
    Phase 2 (syndicate.txt:637). Checked on a request only (see collect_check)."""
    who = setup.seats[i].name
    if state.destroyer is None:
        raise refuse("seat", "The Destroyer is not on the board.", "when it is")
    if state.destroyer_owner is None:
        raise refuse("seat", f"No base is recorded under the Destroyer on {state.destroyer}, "
                     "so nobody pays it off (rule sovereign-blockade). If a base is there, "
                     "record it with the Destroyer correction (its zone and owner).",
                     "the owner of the blockaded base")
    if state.destroyer_owner != setup.seats[i].id:
        raise refuse("seat", f"The Destroyer sits on {state.destroyer}, which is not "
                      f"{who}'s base: only the owner of the blockaded base pays it off (rule "
                      "sovereign-blockade).", owner_name(setup, state.destroyer_owner))
    if state.paced and not (state.phase == SOVEREIGN or active(setup, state) == i):
        raise refuse("seat", f"The Destroyer is paid off on its owner's own turn in Phase 1 "
                      f"or during Phase 2 (rule sovereign-blockade); the table is in "
                      f"{phase_words(state)}.")


# --- Phase 3 ---------------------------------------------------------------------------------

def _upkeep_order(raw: Any) -> list[int]:
    out = []
    for token in str(raw or "").replace(";", ",").split(","):
        word = token.strip().casefold()
        if not word:
            continue
        if word not in ("middle", "inner"):
            raise refuse("order", f"{token.strip()!r} is not a zone with crew upkeep.",
                          "middle and inner, comma-separated, in the order you pay")
        out.append(ZONE_NAMES.index(word))
    return out


def collect(setup: SessionSetup, state: State, event: Event) -> Played:
    """Step 3 of Resource Collection for one seat through the resource-collection calculator:
    racketeering, the bonuses entered, then each base, paying crew upkeep in the order the
    owner chooses (syndicate.txt:481, 581)."""
    i = seat_index(setup.seats, event["seat"])
    seat, who = state.seats[i], setup.seats[i].name
    if state.phase == OVER:
        raise refuse("seat", "The game is over.")
    if seat.racket is None:
        raise refuse("seat", "Enter this syndicate's racketeering income once first (it is "
                      "printed on its mat, not in the book).", "a mat event")
    bases: list[dict[str, Any]] = []
    upkeep: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
    zone_of: dict[str, int] = {}
    for k, zone in enumerate(ZONES):
        typed = int(event.get(f"flipped_{zone.value}") or 0)
        flipped = max(typed, seat.tax_flipped[k])
        if typed > seat.bases[k]:
            raise refuse(f"flipped_{zone.value}", "More flipped bases than owned.",
                          f"0-{seat.bases[k]}")
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
    data: dict[str, Any] = {"credits": 0, "influence": 0, "crew": crew, "bases": bases,
                            "armed_dice": ACTION_DICE_EACH - seat.dice_used,
                            "take_back": "none", "round": state.round,
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
    was = held(seat)
    seat = replace(with_held(seat, got), collected_round=state.round,
                   crew_flipped=tuple(crew_flip))
    state = with_seat(state, i, seat)
    if state.phase == SOVEREIGN:
        state = replace(state, phase=COLLECTION)
    gain = Bundle(got.credits - was.credits, got.influence - was.influence,
                  got.crew - was.crew)
    text = (f"{who} collects: {_signed(gain)}, now holding {got.words()}")
    short = [f["name"] for f in answer.result["flipped"] if f["reason"] == "crew"]
    if short:
        text += (f"; {', '.join(short)} flipped, crew short (rule crew-upkeep), until the next "
                 "Sovereign Card phase")
    keep = {"racketeering-income", "trade-routes", "zones", "crew-upkeep", "mining-center",
            "taxes", "sovereign-blockade", "operation-cards-drawn"}
    return state, [text + ".", "Working: " + working(answer, lambda s: s.rule in keep)]


def _signed(b: Bundle) -> str:
    parts = [f"{v:+d} {name}" for v, name in ((b.credits, "credits"),
                                               (b.influence, "influence"), (b.crew, "crew"))
             if v]
    return ", ".join(parts) if parts else "nothing"


def end_round(setup: SessionSetup, state: State) -> Played:
    last = state.last_round is not None and state.round >= state.last_round
    if state.phase == OVER:
        raise refuse("kind", "The game is over.")
    if not last or not state.card_drawn:
        if state.phase != COLLECTION:
            raise refuse("kind", "A round ends after Resource Collection (rule "
                          f"resource-collection); the table is in {phase_words(state)}.")
        waiting = [setup.seats[k].name for k, s in enumerate(state.seats)
                   if s.collected_round != state.round]
        if waiting:
            raise refuse("kind", f"Still to collect this round: {', '.join(waiting)} (rule "
                          "resource-collection).", "collect")
    unknown = [setup.seats[k].name for k, s in enumerate(state.seats) if not s.resources_known]
    if (last or state.round >= ROUNDS_MAX) and unknown:
        raise refuse("kind", "The final score counts each player's credits: enter the starting "
                      f"credits, influence and crew of {', '.join(unknown)} from the mat first "
                      "(rules setup-player-mat, syndicate.txt:345, and syndicate-score).",
                      "resources")
    if last or state.round >= ROUNDS_MAX:
        return (replace(state, phase=OVER, paced=True),
                [f"Round {state.round}, the last, is over: the game ends and the score is final "
                 "(rule end-of-game)."])
    seats = tuple(replace(s, dice_used=0, reinforcements_used=0) for s in state.seats)
    nxt = state.round + 1
    state = replace(state, seats=seats, round=nxt, phase=TURNS, turn=0, acted=0,
                    out=frozenset(), card_drawn=False, paced=True)
    first = slot_name(setup, order(setup, state)[0])
    return state, [f"Round {nxt - 1} ends; round {nxt} begins with {first} holding the First "
                   "Player tile (rule resource-collection)."]


PLAYS: Mapping[str, Callable[[SessionSetup, State, Event], Played]] = {
    "end-turn": lambda su, st, ev: end_turn(su, st),
    "mission": mission,
    "buy-base": buy_base,
    "fortify-base": fortify_base,
    "robbery": robbery,
    "phantom-fortify": phantom_fortify,
    "exchange": exchange,
    "sell-card": sell_card,
    "sovereign-card": sovereign_card,
    "pardon": pardon,
    "tax": tax,
    "collect": collect,
    "end-round": lambda su, st, ev: end_round(su, st),
}
"""Kinds worked out here; `assault` is one too when it carries its roll."""


def play(setup: SessionSetup, state: State, event: Event) -> Played:
    if event.kind == "assault":
        return assault(setup, state, event)
    return PLAYS[event.kind](setup, state, event)


def calculated(event: Event) -> bool:
    return event.kind in PLAYS or (event.kind == "assault" and event.get("roll") is not None)
