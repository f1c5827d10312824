"""What the rules allow a Syndicate table now, phase by phase, as complete event bodies
pre-filled with likely values (the page shows each as a one-tap button). Each builder lists
the move that carries the game on first (end the turn, draw the Sovereign card, resolve it,
collect, end the round), then every other kind the rules accept at this point."""
from __future__ import annotations

from typing import Any

from ..calculators.alert import band
from ..calculators.sovereign import pardon_cost
from ..tables import (
    ACTION_DICE_EACH,
    ASSAULT_CREW_PLAIN,
    BLACK_MARKET,
    CREDITS_PER_CREW,
    CREW_PER_INFLUENCE,
    DESTROYER_REMOVAL,
    INFLUENCE_PER_CREW,
    PHANTOM_DRAWS,
    PHANTOM_REINFORCEMENTS,
    STAR_FIRST,
    STAR_LAST,
    ZONE_COSTS,
    ZONES,
)
from .sovereign import default_flips, must_be_star
from .state import (
    LADDERS,
    PHANTOM,
    PHANTOM_SLOT,
    RESEARCH,
    SPECIALS,
    TOTAL_TERRITORIES,
    ZONE_NAMES,
    SessionSetup,
    State,
    active,
    claimed,
    owned_total,
    pending,
    resolution_begun,
    resources_move,
)
from .turn import EXTENDED_ACTIONS, this_turn

Move = dict[str, Any]


def sovereign_draw_moves(setup: SessionSetup, state: State) -> list[Move]:
    out: list[Move] = [{"kind": "sovereign-card", "star": must_be_star(state),
                        "card": "other"}]
    if (not must_be_star(state) and state.star_round is None
            and STAR_FIRST <= state.round <= STAR_LAST):
        out.append({"kind": "sovereign-card", "star": True, "card": "other"})
    return out + _destroyer(setup, state) + _sleepers(setup, state)


def resolution_moves(setup: SessionSetup, state: State) -> list[Move]:
    """The card drawn, its resolution in player order: the next player's part first."""
    waiting = pending(setup, state)
    k = waiting[0]
    sid, st = setup.seats[k].id, state.seats[k]
    out: list[Move] = []
    if state.card == "tax":
        if not st.resources_known:
            out.append(resources_move(sid))
        else:
            per = state.tax_per_base or 1
            flips = default_flips(st, max(0, sum(st.bases) - st.credits // per))
            out.append({"kind": "tax", "seat": sid, "per_base": per,
                        **{f"flip_{z}": n for z, n in zip(ZONE_NAMES, flips, strict=True)}})
        if not any(sum(state.seats[j].bases) for j in waiting):
            out.insert(0, {"kind": "card-resolved"})
    else:
        out += [{"kind": "card-resolved"}, {"kind": "sovereign-effect", "seat": sid}]
        if state.card is None and st.resources_known:
            out.append({"kind": "tax", "seat": sid, "per_base": 1,
                        **{f"flip_{z}": n for z, n in
                           zip(ZONE_NAMES, default_flips(st, max(0, sum(st.bases)
                                                                 - st.credits)),
                               strict=True)}})
    if not resolution_begun(state):
        for j in waiting:
            s, t = setup.seats[j], state.seats[j]
            if (t.resources_known and t.taxed_round != state.round
                    and t.influence >= pardon_cost(sum(t.bases))[0]):
                out.append({"kind": "pardon", "seat": s.id})
    return out + _destroyer(setup, state) + _sleepers(setup, state)


def collection_moves(setup: SessionSetup, state: State) -> list[Move]:
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
    for s, st in zip(setup.seats, state.seats, strict=True):
        if st.collected_round == state.round:
            for ladder, kind in enumerate(RESEARCH):
                if st.research_placed[ladder] < st.specials[SPECIALS.index(kind)]:
                    out.append({"kind": "research", "seat": s.id, "track": LADDERS[ladder],
                                "action": "marker"})
        if any(st.markers) and st.took_back_round != state.round:
            out.append({"kind": "take-back", "seat": s.id,
                        "track": "tech" if st.markers[0] else "assault"})
    return out + _sleepers(setup, state)


def _destroyer(setup: SessionSetup, state: State, only: int | None = None) -> list[Move]:
    if state.destroyer is None:
        return []
    for k, s in enumerate(setup.seats):
        if (state.destroyer_owner == s.id and (only is None or only == k)
                and state.seats[k].resources_known
                and state.seats[k].influence >= DESTROYER_REMOVAL):
            return [{"kind": "pay-destroyer", "seat": s.id}]
    return []


def _sleepers(setup: SessionSetup, state: State) -> list[Move]:
    """An activated sleeper may be played at any later moment (syndicate.txt:179, 665)."""
    now = this_turn(state)
    return [{"kind": "sleeper", "seat": s.id, "action": "play"}
            for s, st in zip(setup.seats, state.seats, strict=True)
            if st.sleeper and (st.sleeper_at is None or st.sleeper_at != now)]


def _trades(setup: SessionSetup, state: State, slot: int | None) -> list[Move]:
    """One trade between two players whose turn it is not (syndicate.txt:651, 688)."""
    free = [k for k in range(len(setup.seats)) if k != slot]
    for a in free:
        for b in free:
            if a == b:
                continue
            st = state.seats[a]
            give: Move = ({"give_credits": 1} if st.resources_known and st.credits else
                          {"give_cards": 1} if st.hand else
                          {"give_chips": 1} if st.chips else {})
            if give:
                return [{"kind": "trade", "seat": setup.seats[a].id,
                         "partner": setup.seats[b].id, **give}]
    return []


def turn_moves(setup: SessionSetup, state: State) -> list[Move]:
    out: list[Move] = [{"kind": "end-turn"}]
    slot = active(setup, state)
    if slot is None:
        return out
    extra = _trades(setup, state, slot) + _sleepers(setup, state)
    if slot == PHANTOM_SLOT:
        return out + _phantom(setup, state) + extra
    sid, st = setup.seats[slot].id, state.seats[slot]
    out += _research(setup, state, slot)
    if setup.extended_turn and state.acted >= EXTENDED_ACTIONS:
        return out + extra
    if st.hand:
        out.append({"kind": "sleeper", "seat": sid,
                    "action": "replace" if st.sleeper else "activate"})
    if not st.resources_known:  # every other action spends or may gain some: the mat first
        return [*out, resources_move(sid), *extra]
    if st.dice_used < ACTION_DICE_EACH and st.hand:
        out.append({"kind": "mission", "seat": sid, "zone": "exo", "winning_faces": [6],
                    "roll": 6})
        out += _robbery(setup, state, slot)
    out += _bases(setup, state, slot)
    if st.dice_used < ACTION_DICE_EACH and st.crew >= ASSAULT_CREW_PLAIN:
        out += _assault_one(setup, state, slot)[:1]
    for ladder, track in enumerate(LADDERS):
        if st.markers[ladder] < len(BLACK_MARKET) + len(state.black_market_prices) \
                and st.credits >= _price(state, st.markers[ladder]):
            out.append({"kind": "buy-level", "seat": sid, "track": track})
            break
    out += _exchange(sid, st.credits, st.influence, st.crew)
    if st.hand:
        out.append({"kind": "sell-card", "seat": sid, "resource": "credits"})
    if st.chips:
        out.append({"kind": "bonus-chip", "seat": sid})
    return out + _destroyer(setup, state, slot) + extra


def _research(setup: SessionSetup, state: State, slot: int) -> list[Move]:
    st = state.seats[slot]
    return [{"kind": "research", "seat": setup.seats[slot].id, "track": LADDERS[k],
             "action": "level-up", "boxes": st.research[k]}
            for k in range(len(RESEARCH)) if 1 <= st.research[k] <= 12]


def _exchange(sid: str, credits: int, influence: int, crew: int) -> list[Move]:
    """One exchange the seat can pay for at the mat's rates (syndicate.txt:433)."""
    if credits >= CREDITS_PER_CREW:
        return [{"kind": "exchange", "seat": sid, "get": "crew", "give": "credits",
                 "amount": 1}]
    if influence >= INFLUENCE_PER_CREW:
        return [{"kind": "exchange", "seat": sid, "get": "crew", "give": "influence",
                 "amount": 1}]
    if crew >= CREW_PER_INFLUENCE:
        return [{"kind": "exchange", "seat": sid, "get": "influence", "give": "crew",
                 "amount": 1}]
    return []


def _bases(setup: SessionSetup, state: State, slot: int) -> list[Move]:
    sid, st = setup.seats[slot].id, state.seats[slot]
    out: list[Move] = []
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
    return out


def _price(state: State, markers: int) -> int:
    ladder = BLACK_MARKET + state.black_market_prices
    return ladder[markers] if markers < len(ladder) else 10 ** 9


def _robbery(setup: SessionSetup, state: State, slot: int) -> list[Move]:
    """A robbery of another player's unfortified base (a failed roll: no dice to give)."""
    if setup.advanced and state.alert >= setup.alert_max:
        return []  # a failure would need the card's territory: left to the table's form
    sid = setup.seats[slot].id
    for j, t in enumerate(state.seats):
        if j == slot or not t.resources_known:
            continue
        for k, z in enumerate(ZONE_NAMES):
            if t.bases[k] > t.fortified[k]:
                return [{"kind": "robbery", "seat": sid, "target": setup.seats[j].id,
                         "zone": z, "winning_faces": [6], "dice_unfortified": 1, "roll": 1}]
    return []


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
