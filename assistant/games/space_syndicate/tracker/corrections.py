"""Hand-set values: what a table types in to fix a count (or to keep a component it does not
want the companion to follow), marked "(correction)" in the history. Each still keeps the
limits the board itself sets (18 territories, 3 INNER, fortified no more than owned), and the
values the book does not print are entered here once (alert bands, Black Market prices)."""
from __future__ import annotations

from typing import Any

from assistant.explain import plural
from assistant.tracker import Event
from assistant.tracker.chain import evolve as replace

from ..calculators.alert import AlertState
from ..modes import PlayMode
from ..tables import ROUNDS_MAX, STAR_FIRST, STAR_LAST, ZONE_COSTS, ZONES
from .forms import check_bands, price_list
from .state import (
    OVER,
    PHANTOM,
    RACKET,
    RESEARCH,
    SPECIALS,
    STARTING,
    TOTAL_TERRITORIES,
    ZONE_NAMES,
    SessionSetup,
    State,
    claimed,
    new_round,
    with_seat,
)
from .turn import Played, refuse, seat_at

HOLDINGS = ("hand", "chips", "sleeper", *(f"{k.replace('-', '_')}s" for k in SPECIALS),
            "tech_research", "assault_research")
"""The holdings correction's fields: cards in hand, chips, the sleeper, special bases per
kind, research markers (tech, then weapons)."""


def _or(value: Any, default: int) -> int:
    return default if value is None else int(value)


def seat_correction(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_at(setup, event["seat"], "seat", "syndicate-mat")
    seat, who = state.seats[i], setup.seats[i].name
    kind, before = event.kind, seat.hand
    if kind == "resources":
        if all(event.get(k) is None for k in STARTING):
            raise refuse("credits", "Give at least one amount.", "credits, influence, crew",
                         rule="resources")
        missing = [k for k in STARTING if event.get(k) is None]
        if not seat.resources_known and missing:
            raise refuse(missing[0], f"{who}'s starting resources are not entered yet: give "
                         "all three from the syndicate's mat.",
                         "credits, influence and crew together", rule="setup-player-mat")
        seat = replace(seat, credits=_or(event.get("credits"), seat.credits),
                       influence=_or(event.get("influence"), seat.influence),
                       crew=_or(event.get("crew"), seat.crew), resources_known=True)
    elif kind == "vp":
        award = event.get("source", "award") == "award"
        was = seat.award_vp if award else seat.other_vp
        now = was + int(event["amount"])
        if now < 0:
            raise refuse("amount", "VP from a source cannot go below 0.", f"{-was} or more",
                         rule="final-score")
        seat = replace(seat, award_vp=now) if award else replace(seat, other_vp=now)
    elif kind in ("bases", "fortified"):
        seat = _bases(setup, state, event, i)
    elif kind == "tech":
        seat = replace(seat, tech=event["to"])
    elif kind == "assault-level":
        seat = replace(seat, assault=event["to"])
    elif kind == "mat":
        seat = replace(seat, racket=tuple(int(event[k]) for k in RACKET))
    else:  # holdings
        seat = _holdings(setup, state, event, i)
    state = with_seat(state, i, seat)
    if seat.hand != before:  # cards set into a hand come from the deck (or go back to it)
        state = replace(state, deck=max(0, state.deck - (seat.hand - before)))
    return state, []


def _bases(setup: SessionSetup, state: State, event: Event, i: int) -> Any:
    seat = state.seats[i]
    owned, fort = list(seat.bases), list(seat.fortified)
    changed = False
    for z, zone in enumerate(ZONES):
        value = event.get(zone.value)
        if value is None:
            continue
        changed = True
        if event.kind == "bases":
            room = ZONE_COSTS[zone].territories - claimed(state, z, i)
            if value > room:
                raise refuse(zone.value, f"The {zone.value.upper()} zone has "
                             f"{ZONE_COSTS[zone].territories} territories; the others hold "
                             "the rest.", f"0-{room}", rule="zones")
            owned[z] = value
            fort[z] = min(fort[z], value)
        else:
            if value > owned[z]:
                raise refuse(zone.value, "Only bases you own can be fortified.",
                             f"0-{owned[z]}", rule="fortifying")
            fort[z] = value
    if not changed:
        raise refuse("exo", "Give at least one zone.", ", ".join(ZONE_NAMES), rule="zones")
    specials = seat.specials
    if sum(specials) > sum(owned):
        raise refuse(next(z for z in ZONE_NAMES if event.get(z) is not None),
                     f"{setup.seats[i].name} has "
                     f"{plural(sum(specials), 'special base', 'special bases')} on record; "
                     "fewer bases than that cannot hold them.",
                     f"{sum(specials)} bases in all at least (or correct the special bases "
                     "first)", rule="special-bases")
    return replace(seat, bases=tuple(owned), fortified=tuple(fort))


def _holdings(setup: SessionSetup, state: State, event: Event, i: int) -> Any:
    seat, who = state.seats[i], setup.seats[i].name
    if all(event.get(k) is None for k in HOLDINGS):
        raise refuse("hand", "Give at least one count.", ", ".join(HOLDINGS),
                     rule="operation-card")
    specials = [_or(event.get(f"{k.replace('-', '_')}s"), n)
                for k, n in zip(SPECIALS, seat.specials, strict=True)]
    if sum(specials) > sum(seat.bases):
        raise refuse("research_stations", f"{who} owns "
                     f"{plural(sum(seat.bases), 'base', 'bases')}; special "
                     "bases are among them.", f"{sum(seat.bases)} special bases in all at most",
                     rule="special-bases")
    casino = SPECIALS.index("casino")
    others = [setup.seats[j].name for j, s in enumerate(state.seats)
              if j != i and s.specials[casino]]
    if specials[casino] and others:
        raise refuse("casinos", f"There is one Casino, and {others[0]} owns it on record.",
                     "0", rule="casino")
    research = [_or(event.get(f"{t}_research"), n)
                for t, n in zip(("tech", "assault"), seat.research, strict=True)]
    for k, kind in enumerate(RESEARCH):
        if research[k] and not specials[SPECIALS.index(kind)]:
            raise refuse(f"{('tech', 'assault')[k]}_research", f"Research markers lie by a "
                         f"base of that kind; {who} has none on record.", "0",
                         rule="research")
    sleeper = event.get("sleeper")
    return replace(seat, hand=_or(event.get("hand"), seat.hand),
                   chips=_or(event.get("chips"), seat.chips),
                   sleeper=seat.sleeper if sleeper is None else bool(sleeper),
                   sleeper_at=seat.sleeper_at if sleeper else None,
                   specials=tuple(specials), research=tuple(research))


def room_check(setup: SessionSetup, state: State, event: Event) -> None:
    """On a request: a seat's bases set by hand fit the board with everyone else's, the
    Phantom's counted (18 territories)."""
    i = seat_at(setup, event["seat"], "seat", "zones")
    owned = [int(event[z]) if event.get(z) is not None else n
             for z, n in zip(ZONE_NAMES, state.seats[i].bases, strict=True)]
    board = sum(sum(s.bases) for j, s in enumerate(state.seats) if j != i) + \
        (state.phantom_bases or 0)
    if board + sum(owned) > TOTAL_TERRITORIES:
        raise refuse(next((z for z in ZONE_NAMES if event.get(z) is not None), "exo"),
                     f"The board has {TOTAL_TERRITORIES} territories and "
                     f"{board} already hold another's base"
                     + (", the Phantom's counted" if state.phantom_bases else "") + ".",
                     f"{TOTAL_TERRITORIES - board} bases in all at most", rule="zones")


# --- the alert, the Destroyer, the rounds -------------------------------------------------------

def alert_correction(setup: SessionSetup, state: State, event: Event) -> Played:
    """A failed mission or an assault recorded by its alert alone (the alert calculator):
    at the maximum the alert stays, and with the advanced rules a failed mission brings the
    Destroyer onto its territory (syndicate.txt:507, 520, 631)."""
    who = ""
    if event.get("seat"):
        if str(event["seat"]).casefold() == PHANTOM:
            if setup.mode is not PlayMode.PHANTOM:
                raise refuse("seat", "There is no Phantom in this game.",
                             ", ".join(s.id for s in setup.seats), rule="phantom-variant")
            who = "the Phantom"
        else:
            who = setup.seats[seat_at(setup, event["seat"], "seat", "assaults")].name
    alert = AlertState(state.alert, setup.alert_max, setup.advanced, state.destroyer)
    if event.kind == "failed-mission":
        territory = (event.get("territory") or "").strip()
        zone, owner = where(setup, state, event)
        was = state.destroyer
        alert.failed_mission(territory)
        state = replace(state, alert=alert.level, destroyer=alert.destroyer)
        if alert.destroyer != was or (was is not None and alert.destroyer is not None):
            state = replace(state, destroyer_zone=zone, destroyer_owner=owner)
    else:
        alert.assault()
        state = replace(state, alert=alert.level, destroyer=alert.destroyer)
    head = (f"{who or 'A player'} assaulted (result typed by hand)"
            if event.kind == "assault" else "A mission failed"
            + (f" on {event['territory']}" if event.get("territory") else ""))
    return state, [head + ". " + " ".join(s.text for s in alert.steps)]


def where(setup: SessionSetup, state: State, event: Event) -> tuple[str | None, str | None]:
    """The zone and owner of the base at the Destroyer's territory, as the table said."""
    raw = (event.get("owner") or "").strip()
    zone = event.get("zone")
    if not raw:
        return zone, None
    if zone is None:
        raise refuse("zone", "Name the zone of that player's base.", ", ".join(ZONE_NAMES),
                     rule="sovereign-blockade")
    if raw.casefold() == PHANTOM:
        if not state.phantom_bases:
            raise refuse("owner", "The Phantom holds no base.", "a seat, or empty",
                         rule="sovereign-blockade")
        return zone, PHANTOM
    i = seat_at(setup, raw, "owner", "sovereign-blockade")
    if not state.seats[i].bases[ZONE_NAMES.index(zone)]:
        raise refuse("owner", f"{setup.seats[i].name} holds no {zone.upper()} base.",
                     "the owner of a base in that zone, or empty", rule="sovereign-blockade")
    return zone, setup.seats[i].id


def table_correction(setup: SessionSetup, state: State, event: Event) -> Played:
    kind = event.kind
    if kind == "alert":
        if event["to"] > setup.alert_max:
            raise refuse("to", f"The alert maximum with {len(setup.seats)} players is "
                         f"{setup.alert_max}.", f"1-{setup.alert_max}", rule="alert-level")
        dropped = event["to"] < state.alert
        return replace(state, alert=event["to"],
                       destroyer=None if dropped else state.destroyer), []
    if kind == "destroyer":
        if not setup.advanced:
            raise refuse("territory", "The Destroyer only plays with the advanced rules.",
                         "tables started with the advanced rules", rule="advanced-rules")
        at = (event.get("territory") or "").strip() or None
        if at and state.alert < setup.alert_max:
            raise refuse("territory", "The Destroyer comes in only at maximum alert.",
                         f"alert {setup.alert_max}, or empty to take it off",
                         rule="sovereign-blockade")
        zone, owner = where(setup, state, event) if at else (None, None)
        return replace(state, destroyer=at, destroyer_zone=zone, destroyer_owner=owner), []
    if kind == "round":
        return set_round(state, event["to"]), []
    if kind == "star-drawn":
        if state.star_round is not None:
            raise refuse("round", f"The star card came up in round {state.star_round}.",
                         "undo that event first", rule="setup-sovereign-deck")
        if event["round"] > state.round:
            raise refuse("round", "That round has not been played yet.",
                         f"{STAR_FIRST}-{min(state.round, STAR_LAST)}",
                         rule="setup-sovereign-deck")
        return replace(state, star_round=event["round"], last_round=event["round"] + 1), []
    if kind == "last-round":
        if state.phase == OVER:
            raise refuse("to", "The game is over; undo its last round's end first.",
                         rule="end-of-game")
        if event["to"] < state.round:
            raise refuse("to", "That round is already over.", f"{state.round}-{ROUNDS_MAX}",
                         rule="end-of-game")
        return replace(state, last_round=event["to"]), []
    if kind == "table-values":
        orange = event.get("orange_from", state.orange_from)
        red = event.get("red_from", state.red_from)
        check_bands(orange, red, setup.alert_max)
        more = price_list(event.get("black_market_prices"))
        return replace(state, orange_from=orange, red_from=red,
                       black_market_prices=more or state.black_market_prices), []
    if kind == "phantom-bases":
        if setup.mode is not PlayMode.PHANTOM:
            raise refuse("count", "There is no Phantom in this game.", "phantom mode only",
                         rule="phantom-variant")
        if event["fortified"] > event["count"]:
            raise refuse("fortified", "More fortified than owned.", f"0-{event['count']}",
                         rule="fortifying")
        owned = sum(sum(s.bases) for s in state.seats)
        if event["count"] + owned > TOTAL_TERRITORIES:
            raise refuse("count", f"Only {TOTAL_TERRITORIES} territories exist.",
                         f"0-{TOTAL_TERRITORIES - owned}", rule="zones")
        return replace(state, phantom_bases=event["count"],
                       phantom_fortified=event["fortified"]), []
    if kind == "deck":
        chips = tuple(_or(event.get(f"chips_{z}"), n)
                      for z, n in zip(ZONE_NAMES, state.chips_left, strict=True))
        return replace(state, deck=_or(event.get("deck"), state.deck),
                       discard=_or(event.get("discard"), state.discard), chips_left=chips), []
    # note
    return replace(state, notes=state.notes.added(event["text"])), []


def set_round(state: State, to: int) -> State:
    """The round set by hand: forward only, and never past the last round (syndicate.txt:39,
    415; the star card fixes the last)."""
    last = state.last_round if state.last_round is not None else ROUNDS_MAX
    if state.phase == OVER:
        raise refuse("to", f"The game ended with round {state.round}; undo its end first.",
                     f"{state.round}", rule="end-of-game")
    if to < state.round:
        raise refuse("to", "Rounds only move forward (undo a mistake instead).",
                     f"{state.round}-{last}", rule="game-length")
    if to == state.round:
        return state
    return new_round(state, to)


def round_room(state: State, to: int) -> None:
    """On a request: no round past the last."""
    last = state.last_round if state.last_round is not None else ROUNDS_MAX
    if to > last and state.phase != OVER:
        why = (f"round {last} is the last (the star card came up in round {state.star_round})"
               if state.star_round is not None else
               f"round {last} is the last, set by hand" if state.last_round is not None else
               f"the game lasts at most {ROUNDS_MAX} rounds")
        raise refuse("to", f"There is no round {to}: {why}.", f"{state.round}-{last}",
                     rule="end-of-game")
