"""Phase 2, the Sovereign Card (syndicate.txt:460-473): flipped bases turn back up, the top
card is drawn, pardons are bought before it is resolved, then it is resolved for each player
in player order: a Tax card with each player's payment (641-645), any other card (a
crackdown, a fine: their texts are on the cards, not in the book) with what it did to each
player, or nothing. Resource Collection waits until every player's part is resolved (477).
The Destroyer's owner may pay it off here too (637)."""
from __future__ import annotations

from assistant.explain import plural
from assistant.tracker import Event
from assistant.tracker.chain import evolve as replace

from ..calculators.sovereign import pardon as pardon_calc
from ..tables import DESTROYER_REMOVAL, STAR_FIRST, STAR_LAST, ZONES, Bundle
from .actions import lose_base
from .state import (
    COLLECTION,
    RESEARCH,
    SOVEREIGN,
    SPECIAL_WORDS,
    SPECIALS,
    ZONE_NAMES,
    SeatState,
    SessionSetup,
    State,
    active,
    pending,
    resolution_begun,
    with_seat,
)
from .turn import Played, held, owner_name, phase_words, refuse, seat_at, with_held, working

CALC_MAX = 9999
"""The largest holding the calculators' forms take; a session can hold more."""
CARD_WORDS = {"tax": "a Tax card", "crackdown": "a crackdown", "other": "a Sovereign card"}


def must_be_star(state: State) -> bool:
    """Round 7's card is the star if it has not come up (it lies 5th to 7th). A round past 7
    without it (set by hand) has no star left to draw: its card is an ordinary one."""
    return (state.star_round is None and state.last_round is None
            and state.round == STAR_LAST)


def sovereign_card(setup: SessionSetup, state: State, event: Event) -> Played:
    if state.phase != SOVEREIGN:
        raise refuse("star", "The Sovereign card is drawn in Phase 2, once every player has "
                     f"had their turn; the table is in {phase_words(state)}.",
                     rule="sovereign-card-phase")
    if state.card_drawn:
        raise refuse("star", f"Round {state.round}'s Sovereign card is drawn already: one a "
                     "round.", rule="sovereign-card-phase")
    star = bool(event.get("star"))
    forced = must_be_star(state)
    if star and (state.star_round is not None or not STAR_FIRST <= state.round <= STAR_LAST):
        raise refuse("star", "The star card lies 5th to 7th in the Sovereign deck and comes "
                     f"up once: not in round {state.round}"
                     + (f"; it came up in round {state.star_round}."
                        if state.star_round is not None else "."), "star off",
                     rule="setup-sovereign-deck")
    if forced and not star:
        raise refuse("star", "The star card lies 5th to 7th in the Sovereign deck and has not "
                     f"come up: round {state.round}'s card is the star.", "star on",
                     rule="setup-sovereign-deck")
    kind = str(event.get("card") or "other")
    per = event.get("per_base")
    if per is not None and kind != "tax":
        raise refuse("per_base", "Only a Tax card charges credits for each base.",
                     "leave it out, or say the card is a Tax card", rule="taxes")
    seats = tuple(replace(s, tax_flipped=(0, 0, 0), crew_flipped=(0, 0, 0))
                  for s in state.seats)
    back = sum(sum(s.tax_flipped) + sum(s.crew_flipped) for s in state.seats)
    state = replace(state, seats=seats, card_drawn=True, card=kind, paced=True,
                    tax_per_base=None if per is None else int(per))
    text = f"Round {state.round}'s Sovereign card is drawn: {CARD_WORDS[kind]}"
    if per is not None:
        text += f", {plural(per, 'credit', 'credits')} for each base"
    if star:
        state = replace(state, star_round=state.round, last_round=state.round + 1)
        text += f"; it is the Beginning of the End: round {state.round + 1} is the last"
    text += "."
    change = int(event.get("alert_change") or 0)
    if change:
        was = state.alert
        now = min(max(1, was + change), setup.alert_max)
        state = replace(state, alert=now)
        text += f" The card moves the alert {was} → {now}."
        if now < was and state.destroyer is not None:
            state = replace(state, destroyer=None, destroyer_zone=None, destroyer_owner=None)
            text += " The alert fell: the Destroyer leaves the board."
    if back:
        text += f" {plural(back, 'flipped base turns', 'flipped bases turn')} face up again."
    return state, [text + " Pardons now, before it is resolved for each player in player "
                   "order."]


def _card_time(setup: SessionSetup, state: State, field: str) -> None:
    if state.phase != SOVEREIGN or not state.card_drawn:
        raise refuse(field, "That belongs to Phase 2, after the Sovereign card is drawn and "
                     "before Resource Collection; the table is in "
                     f"{phase_words(state)}"
                     + ("" if state.phase != SOVEREIGN else ", card not drawn yet") + ".",
                     rule="sovereign-card-phase")


def _next_in_order(setup: SessionSetup, state: State, i: int) -> None:
    """The card is resolved in player order (syndicate.txt:462): seat i is the next one
    still to resolve."""
    waiting = pending(setup, state)
    who = setup.seats[i].name
    if i not in waiting:
        done = state.seats[i].pardoned_round == state.round
        raise refuse("seat", f"{who} " + ("bought a pardon: this round's card does not touch "
                                          "them." if done else "has had the card resolved "
                                          "this round already."),
                     ", ".join(setup.seats[k].name for k in waiting) or "nobody",
                     rule="pardon" if done else "sovereign-card-phase")
    if waiting[0] != i:
        raise refuse("seat", f"The card is resolved in player order: "
                     f"{setup.seats[waiting[0]].name} comes before {who}.",
                     setup.seats[waiting[0]].name, rule="sovereign-card-phase")


def settled(setup: SessionSetup, state: State) -> State:
    """Once the card is resolved for every player, Phase 3 begins (syndicate.txt:477)."""
    return state if pending(setup, state) else replace(state, phase=COLLECTION)


def _blockaded(setup: SessionSetup, state: State, i: int) -> int:
    """1 when the Destroyer sits on one of this seat's bases."""
    return int(state.destroyer is not None and state.destroyer_owner == setup.seats[i].id)


def pardon(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_at(setup, event["seat"], "seat", "pardon")
    seat, who = state.seats[i], setup.seats[i].name
    _card_time(setup, state, "seat")
    if seat.pardoned_round == state.round:
        raise refuse("seat", f"{who} is pardoned this round already.", rule="pardon")
    if resolution_begun(state) or seat.taxed_round == state.round:
        raise refuse("seat", "A pardon is bought after the card is drawn and before it is "
                     "resolved; its resolution has begun.", "the card's resolution",
                     rule="pardon")
    owned = sum(seat.bases)
    left = _blockaded(setup, state, i) if event.get("leave_out_flipped") else 0
    answer = pardon_calc({"bases": owned - left, "influence": min(seat.influence, CALC_MAX)})
    cost = int(answer.result["cost"])
    if not answer.result["affordable"]:
        bases = plural(owned - left, "base", "bases")
        raise refuse("seat", f"A pardon with {bases} costs {cost} influence; "
                     f"{who} holds {seat.influence}.", f"at least {cost} influence",
                     rule="pardon")
    state = with_seat(state, i, replace(seat, influence=seat.influence - cost,
                                        pardoned_round=state.round))
    note = (" (the base under the Destroyer left out, the table's reading)" if left else "")
    return settled(setup, replace(state, paced=True)), [
        f"{who} pays {cost} influence for a pardon: this round's Sovereign card does not touch "
        f"them{note}.", "Working: " + working(answer)]


def default_flips(seat: SeatState, unpaid: int) -> list[int]:
    """A first choice of bases left unpaid: EXO first (the owner may choose otherwise)."""
    out = [0, 0, 0]
    for k in range(len(ZONES)):
        take = min(unpaid, seat.bases[k])
        out[k], unpaid = take, unpaid - take
    return out


def tax(setup: SessionSetup, state: State, event: Event) -> Played:
    """A Tax card: credits for each base; a base whose tax cannot be paid is flipped, the
    owner choosing which (syndicate.txt:643-645)."""
    i = seat_at(setup, event["seat"], "seat", "taxes")
    seat, who = state.seats[i], setup.seats[i].name
    _card_time(setup, state, "seat")
    if state.card not in (None, "tax"):
        raise refuse("per_base", f"This round's card is {CARD_WORDS[state.card]}, not a Tax "
                     "card: record what it does to each player instead.",
                     "the card's effect", rule="taxes")
    _next_in_order(setup, state, i)
    per = event.get("per_base")
    per = state.tax_per_base if per is None else per
    if per is None:
        raise refuse("per_base", "How many credits does the Tax card charge for each base? "
                     "It is printed on the card.", "1-99", rule="taxes")
    per = int(per)
    if state.tax_per_base is not None and per != state.tax_per_base:
        charge = plural(state.tax_per_base, "credit", "credits")
        raise refuse("per_base", f"This Tax card charges {charge} for "
                     "each base, the same for every player.", str(state.tax_per_base),
                     rule="taxes")
    owned = sum(seat.bases)
    unpaid = max(0, owned - seat.credits // per)
    flips = [int(event.get(f"flip_{z}") or 0) for z in ZONE_NAMES]
    if not any(flips) and unpaid:
        flips = default_flips(seat, unpaid)
    for k, z in enumerate(ZONE_NAMES):
        if flips[k] > seat.bases[k]:
            held = plural(seat.bases[k], z.upper() + " base", z.upper() + " bases")
            raise refuse(f"flip_{z}", f"{who} holds {held}.",
                         f"0-{seat.bases[k]}", rule="taxes")
    if sum(flips) != unpaid:
        raise refuse("flip_exo", f"{who} holds {plural(owned, 'base', 'bases')} and "
                     f"{seat.credits} credits: at "
                     f"{per} a base, {unpaid} go unpaid and are flipped; "
                     f"{sum(flips)} chosen.", f"{unpaid} in all, the owner's choice",
                     rule="taxes")
    paid = per * (owned - unpaid)
    state = with_seat(state, i, replace(seat, credits=seat.credits - paid,
                                        taxed_round=state.round, resolved_round=state.round,
                                        tax_flipped=tuple(flips)))
    text = f"{who} pays {paid} credits of tax ({plural(owned - unpaid, 'base', 'bases')} × {per})"
    if unpaid:
        which = ", ".join(f"{n} {z.upper()}" for n, z in zip(flips, ZONE_NAMES, strict=True)
                          if n)
        text += (f"; cannot pay for {unpaid}: flipped ({which}), earning nothing until the "
                 "next Sovereign Card phase")
    return settled(setup, replace(state, paced=True, tax_per_base=per)), [text + "."]


def sovereign_effect(setup: SessionSetup, state: State, event: Event) -> Played:
    """What a card other than a Tax card did to one player, in player order: resources it
    took, a base it seized (a crackdown), or nothing."""
    i = seat_at(setup, event["seat"], "seat", "sovereign-card-phase")
    seat, who = state.seats[i], setup.seats[i].name
    _card_time(setup, state, "seat")
    if state.card == "tax":
        raise refuse("seat", "This round's card is a Tax card: record each player's payment "
                     "with Pay tax.", "Pay tax", rule="taxes")
    _next_in_order(setup, state, i)
    loss = Bundle(*(int(event.get(f"lose_{k}") or 0) for k in ("credits", "influence",
                                                                 "crew")))
    if loss != Bundle() and not seat.resources_known:
        raise refuse("lose_credits", f"{who}'s starting credits, influence and crew are not "
                     "entered yet: they are printed on the syndicate's mat. Enter the three "
                     "with Resources first.", "a seat whose resources are entered",
                     rule="setup-player-mat")
    for k, have in (("credits", seat.credits), ("influence", seat.influence),
                    ("crew", seat.crew)):
        if int(event.get(f"lose_{k}") or 0) > have:
            raise refuse(f"lose_{k}", f"{who} holds {have} {k}: the card takes what there is.",
                         f"0-{have}", rule="sovereign-card-phase")
    seat = with_held(seat, held(seat) + Bundle(-loss.credits, -loss.influence, -loss.crew))
    parts = [f"loses {loss.words()}"] if loss != Bundle() else []
    zone = event.get("seize")
    if zone in ZONE_NAMES:
        z = ZONE_NAMES.index(zone)
        fortified = bool(event.get("seize_fortified"))
        have = seat.fortified[z] if fortified else seat.bases[z] - seat.fortified[z]
        if have < 1:
            raise refuse("seize", f"{who} holds no {'fortified' if fortified else 'unfortified'}"
                         f" {zone.upper()} base.", "a base they hold", rule="crackdowns")
        raw = event.get("seize_special")
        special = SPECIALS.index(raw) if raw in SPECIALS else None
        if special is not None and not seat.specials[special]:
            raise refuse("seize_special", f"{who} holds no {SPECIAL_WORDS[str(raw)]} on record.",
                         "none", rule="special-bases")
        seat = lose_base(seat, z, fortified, special)
        parts.append(f"loses {'a fortified' if fortified else 'an unfortified'} "
                     f"{zone.upper()} base to the Sovereign"
                     + (" (its research is cleared)" if raw in RESEARCH else ""))
    state = with_seat(state, i, replace(seat, resolved_round=state.round))
    what = str(event.get("text") or "").strip()
    text = f"The Sovereign card is resolved for {who}"
    text += (": " + "; ".join(parts)) if parts else ": nothing happens to them"
    text += f" ({what})" if what else ""
    return settled(setup, replace(state, paced=True)), [text + "."]


def resolve_rest(setup: SessionSetup, state: State, event: Event) -> Played:
    """The card touches nobody still waiting: their part is resolved with nothing to do. A
    Tax card still charges every player with a base."""
    _card_time(setup, state, "kind")
    waiting = pending(setup, state)
    if not waiting:
        raise refuse("kind", "The card is resolved for every player already.",
                     rule="sovereign-card-phase")
    if state.card == "tax":
        owing = [setup.seats[k].name for k in waiting if sum(state.seats[k].bases)]
        if owing:
            raise refuse("kind", f"The Tax card charges every base: {', '.join(owing)} still "
                         "to pay (Pay tax).", "Pay tax", rule="taxes")
    seats = list(state.seats)
    for k in waiting:
        seats[k] = replace(seats[k], resolved_round=state.round)
    names = ", ".join(setup.seats[k].name for k in waiting)
    return (settled(setup, replace(state, seats=tuple(seats), paced=True)),
            [f"The Sovereign card touches nobody else ({names}): it is resolved for every "
             "player; Resource Collection may begin."])


def pay_destroyer_check(setup: SessionSetup, state: State, i: int) -> None:
    """Only the owner of the blockaded base pays it off, on their turn in Phase 1 or in
    Phase 2 (syndicate.txt:637)."""
    who = setup.seats[i].name
    if state.destroyer is None:
        raise refuse("seat", "The Destroyer is not on the board.", "when it is",
                     rule="sovereign-blockade")
    if state.destroyer_owner is None:
        raise refuse("seat", f"No base is recorded under the Destroyer on {state.destroyer}, "
                     "so nobody pays it off. If a base is there, record it with the Destroyer "
                     "correction (its zone and owner).", "the owner of the blockaded base",
                     rule="sovereign-blockade")
    if state.destroyer_owner != setup.seats[i].id:
        raise refuse("seat", f"The Destroyer sits on {state.destroyer}, which is not "
                     f"{who}'s base: only the owner of the blockaded base pays it off.",
                     owner_name(setup, state.destroyer_owner), rule="sovereign-blockade")
    if state.paced and not (state.phase == SOVEREIGN or active(setup, state) == i):
        raise refuse("seat", "The Destroyer is paid off on its owner's own turn in Phase 1 "
                     f"or during Phase 2; the table is in {phase_words(state)}.",
                     rule="sovereign-blockade")


def pay_destroyer(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_at(setup, event["seat"], "seat", "sovereign-blockade")
    seat = state.seats[i]
    if state.destroyer is None:
        raise refuse("seat", "The Destroyer is not on the board.", "when it is",
                     rule="sovereign-blockade")
    if seat.influence < DESTROYER_REMOVAL:
        raise refuse("seat", f"It costs {DESTROYER_REMOVAL} influence; {seat.influence} held.",
                     f"at least {DESTROYER_REMOVAL} influence", rule="sovereign-blockade")
    state = replace(state, destroyer=None, destroyer_zone=None, destroyer_owner=None)
    state = with_seat(state, i, replace(seat, influence=seat.influence - DESTROYER_REMOVAL))
    return state, [f"{setup.seats[i].name} pays {DESTROYER_REMOVAL} influence: the Destroyer "
                   "leaves their base for the alert track."]
