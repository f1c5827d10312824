"""What the rules allow a Syndicate table now, as complete event bodies (Tracker.moves): the
move that carries the game on comes first (end the turn, draw the Sovereign card, collect,
end the round), so a table that always takes it reaches the end of the game."""
from __future__ import annotations

from typing import Any

from .calculators.alert import band
from .calculators.sovereign import pardon_cost
from .referee import default_flips, must_be_star
from .session import (
    COLLECTION,
    OVER,
    PHANTOM,
    PHANTOM_SLOT,
    SOVEREIGN,
    TOTAL_TERRITORIES,
    ZONE_NAMES,
    SessionSetup,
    State,
    active,
    claimed,
    owned_total,
    resources_move,
)
from .tables import (
    ACTION_DICE_EACH,
    ASSAULT_CREW_PLAIN,
    BLACK_MARKET,
    DESTROYER_REMOVAL,
    PHANTOM_DRAWS,
    PHANTOM_REINFORCEMENTS,
    STAR_FIRST,
    STAR_LAST,
    ZONE_COSTS,
    ZONES,
)
from .turn import EXTENDED_ACTIONS

Move = dict[str, Any]


def finished(state: State) -> bool:
    return state.phase == OVER


def moves(setup: SessionSetup, state: State) -> list[Move]:
    if state.phase == OVER:
        return []
    if state.phase == SOVEREIGN and not state.card_drawn:
        out: list[Move] = [{"kind": "sovereign-card", "star": must_be_star(state)}]
        if (not must_be_star(state) and state.star_round is None
                and STAR_FIRST <= state.round <= STAR_LAST):
            out.append({"kind": "sovereign-card", "star": True})
        return out + _destroyer(setup, state)
    if state.phase in (SOVEREIGN, COLLECTION):
        return _collection(setup, state)
    return _turn(setup, state)


def _collection(setup: SessionSetup, state: State) -> list[Move]:
    out: list[Move] = []
    for s, st in zip(setup.seats, state.seats, strict=True):
        if st.collected_round == state.round:
            continue
        if not st.resources_known:  # collecting adds to amounts the mat gives first
            out.append(resources_move(s.id))
        elif st.racket is None:
            out.append({"kind": "mat", "seat": s.id, "racket_credits": 0,
                        "racket_influence": 0, "racket_crew": 0})
        else:
            out.append({"kind": "collect", "seat": s.id})
    last = state.last_round is not None and state.round >= state.last_round
    if not out or (last and all(st.resources_known for st in state.seats)):
        out.append({"kind": "end-round"})
    if state.phase == SOVEREIGN:
        for s, st in zip(setup.seats, state.seats, strict=True):
            if (st.pardoned_round == state.round or st.taxed_round == state.round
                    or not st.resources_known):
                continue
            if st.influence >= pardon_cost(sum(st.bases))[0]:
                out.append({"kind": "pardon", "seat": s.id})
            unpaid = max(0, sum(st.bases) - st.credits)
            flips = default_flips(st, unpaid)
            out.append({"kind": "tax", "seat": s.id, "per_base": 1,
                        **{f"flip_{z}": n for z, n in zip(ZONE_NAMES, flips, strict=True)}})
        out += _destroyer(setup, state)
    for s, st in zip(setup.seats, state.seats, strict=True):
        if any(st.markers) and st.took_back_round != state.round:
            out.append({"kind": "take-back", "seat": s.id,
                        "track": "tech" if st.markers[0] else "assault"})
    return out


def _destroyer(setup: SessionSetup, state: State, only: int | None = None) -> list[Move]:
    if state.destroyer is None:
        return []
    for k, s in enumerate(setup.seats):
        if (state.destroyer_owner == s.id and (only is None or only == k)
                and state.seats[k].resources_known
                and state.seats[k].influence >= DESTROYER_REMOVAL):
            return [{"kind": "pay-destroyer", "seat": s.id}]
    return []


def _turn(setup: SessionSetup, state: State) -> list[Move]:
    out: list[Move] = [{"kind": "end-turn"}]
    slot = active(setup, state)
    if slot is None:
        return out
    if slot == PHANTOM_SLOT:
        return out + _phantom(setup, state)
    if setup.extended_turn and state.acted >= EXTENDED_ACTIONS:
        return out
    sid, st = setup.seats[slot].id, state.seats[slot]
    if not st.resources_known:  # every action spends or may gain some: the mat's first
        return [*out, resources_move(sid)]
    if st.dice_used < ACTION_DICE_EACH:
        out.append({"kind": "mission", "seat": sid, "zone": "exo", "winning_faces": [6],
                    "roll": 6})
    free = owned_total(state) < TOTAL_TERRITORIES
    for k, z in enumerate(ZONES):
        c = ZONE_COSTS[z]
        if (free and claimed(state, k) < c.territories and st.credits >= c.buy.credits
                and st.influence >= c.buy.influence):
            out.append({"kind": "buy-base", "seat": sid, "zone": z.value})
            break
    for k, z in enumerate(ZONES):
        c = ZONE_COSTS[z]
        if (st.bases[k] > st.fortified[k] and st.credits >= c.fortify.credits
                and st.crew >= c.fortify.crew):
            out.append({"kind": "fortify-base", "seat": sid, "zone": z.value})
            break
    if st.dice_used < ACTION_DICE_EACH and st.crew >= ASSAULT_CREW_PLAIN:
        out += _assault_one(setup, state, slot)[:1]
    if st.credits >= BLACK_MARKET[0] and st.markers[0] < len(BLACK_MARKET) + len(
            state.black_market_prices) and st.credits >= _price(state, st.markers[0]):
        out.append({"kind": "buy-level", "seat": sid, "track": "tech"})
    return out + _destroyer(setup, state, slot)


def _price(state: State, markers: int) -> int:
    ladder = BLACK_MARKET + state.black_market_prices
    return ladder[markers] if markers < len(ladder) else 10 ** 9


def _assault_one(setup: SessionSetup, state: State, slot: int) -> list[Move]:
    """An assault without reinforcements on an unfortified base (it needs no ARMED one)."""
    sid = setup.seats[slot].id
    for j, t in enumerate(state.seats):
        if j == slot:
            continue
        for k, z in enumerate(ZONE_NAMES):
            if t.bases[k] > t.fortified[k]:
                return [{"kind": "assault", "seat": sid, "target": setup.seats[j].id,
                         "zone": z, "reinforcements": 0, "roll": 1}]
    if (state.phantom_bases or 0) > state.phantom_fortified:
        for k, z in enumerate(ZONES):
            if claimed(state, k) < ZONE_COSTS[z].territories:
                return [{"kind": "assault", "seat": sid, "target": PHANTOM,
                         "zone": z.value, "reinforcements": 0, "roll": 1}]
    return []


def _phantom(setup: SessionSetup, state: State) -> list[Move]:
    if state.acted >= PHANTOM_DRAWS:
        return []
    fortify: list[Move] = ([{"kind": "phantom-fortify"}]
                           if (state.phantom_bases or 0) > state.phantom_fortified else [])
    colour = band(state.alert, state.orange_from, state.red_from)
    r = PHANTOM_REINFORCEMENTS[colour] if colour else PHANTOM_REINFORCEMENTS["yellow"]
    for j, t in enumerate(state.seats):
        for k, z in enumerate(ZONE_NAMES):
            if t.bases[k]:
                return [{"kind": "assault", "seat": PHANTOM, "target": setup.seats[j].id,
                         "zone": z, "fortified": t.fortified[k] == t.bases[k],
                         "reinforcements": r, "roll": 1}, *fortify]
    return fortify
