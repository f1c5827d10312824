"""Research (syndicate.txt:236, 482, 569, 573): each Resource Collection a seat puts one marker
by each Research Station (tech research) and Military Installation (weapons research) it
owns; when a base's boxes are all full, the owner clears them on their own turn for +1 tech
or assault level. How many boxes a base has is printed on the board, so the table says it
when the level is taken."""
from __future__ import annotations

from assistant.explain import plural
from assistant.tracker import Event
from assistant.tracker.chain import evolve as replace

from .state import (
    LADDERS,
    RESEARCH,
    SPECIAL_WORDS,
    SPECIALS,
    SessionSetup,
    State,
    card_resolved,
    with_seat,
)
from .turn import Played, own_turn, refuse, seat_at

ACTIONS = ("marker", "level-up")


def research(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_at(setup, event["seat"], "seat", "research")
    seat, who = state.seats[i], setup.seats[i].name
    ladder = LADDERS.index(str(event["track"]))
    kind = RESEARCH[ladder]
    base = SPECIAL_WORDS[kind]
    owned = seat.specials[SPECIALS.index(kind)]
    if str(event.get("action") or "marker") == "marker":
        if not card_resolved(setup, state) or seat.collected_round != state.round:
            raise refuse("seat", "Research markers go down in Resource Collection, after "
                         f"the player has collected; {who} has not collected this round.",
                         "after this round's collection", rule="resource-collection")
        if owned < 1:
            raise refuse("track", f"{who} owns no {base} on record: record it first (a base "
                         "bought as one, or the holdings correction).",
                         f"a seat with a {base}", rule="research")
        if seat.research_placed[ladder] >= owned:
            raise refuse("track", f"One research marker per {base} a round; {who} has placed "
                         f"{seat.research_placed[ladder]} for {owned}.", "next round",
                         rule="research")
        markers, placed = list(seat.research), list(seat.research_placed)
        markers[ladder] += 1
        placed[ladder] += 1
        seat = replace(seat, research=tuple(markers), research_placed=tuple(placed))
        return (with_seat(state, i, seat),
                [f"{who} adds a research marker by their {base}: {markers[ladder]} in its "
                 "boxes."])
    own_turn(setup, state, i, action=False, rule="research")
    boxes = event.get("boxes")
    if boxes is None:
        raise refuse("boxes", f"How many research boxes lie by {who}'s {base}? They are "
                     "printed on the board.", "the count of boxes, all full", rule="research")
    if seat.research[ladder] < int(boxes):
        held = plural(seat.research[ladder], "research marker", "research markers")
        raise refuse("boxes", f"{who} has {held} by their "
                     f"{base}: its {boxes} boxes are not all full.",
                     f"at most {seat.research[ladder]}", rule="research")
    markers = list(seat.research)
    markers[ladder] -= int(boxes)
    track = LADDERS[ladder]
    level = seat.tech if ladder == 0 else seat.assault
    new = None if level is None else level + 1
    seat = (replace(seat, research=tuple(markers), tech=new) if ladder == 0
            else replace(seat, research=tuple(markers), assault=new))
    text = (f"{who}'s {base} research is complete: the {boxes} markers come off and their "
            f"{track} level rises by 1" + (f" to {new}" if new is not None else ""))
    return with_seat(state, i, seat), [text + "."]
