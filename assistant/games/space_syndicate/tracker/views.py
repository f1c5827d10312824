"""What the table sees: the state as JSON (one shared view: Syndicate keeps no secret the
companion tracks; a hand and the chips are counts, the sleeper face down is a yes or no) and
the board the session page renders from it."""
from __future__ import annotations

from typing import Any

from assistant.tracker import NOTE, Action, Board, Counter, Show, Track

from ..calculators.alert import band
from ..calculators.market import prices
from ..calculators.sovereign import pardon_cost
from ..modes import PlayMode
from ..tables import ACTION_DICE_EACH, DESTROYER_REMOVAL, ROUNDS_MAX, ZONE_COSTS, ZONES
from .state import (
    OVER,
    PHANTOM,
    PHASE_WORDS,
    RACKET,
    SPECIALS,
    STARTING,
    ZONE_NAMES,
    SessionSetup,
    State,
    active,
    card_resolved,
    next_price,
    pending,
    slot_name,
)


def state_json(setup: SessionSetup, state: State) -> dict[str, Any]:
    seats = []
    for s, st in zip(setup.seats, state.seats, strict=True):
        owned = sum(st.bases)
        pardon, _ = pardon_cost(owned)
        row: dict[str, Any] = {
            "id": s.id, "name": s.name,
            **{k: getattr(st, k) if st.resources_known else None for k in STARTING},
            "resources_entered": st.resources_known, "vp": st.award_vp + st.other_vp,
            "award_vp": st.award_vp,
            "other_vp": st.other_vp, "score": st.credits + st.award_vp + st.other_vp,
            "tech": st.tech, "assault": st.assault, "bases": owned,
            "tech_markers": st.markers[0], "assault_markers": st.markers[1],
            "next_tech_price": next_price(state, st, 0),
            "next_assault_price": next_price(state, st, 1), "pardon": pardon,
            "racket": list(st.racket) if st.racket is not None else None,
            "upkeep": sum(ZONE_COSTS[z].upkeep * n for z, n in zip(ZONES, st.bases,
                                                                  strict=True)),
            "hand": st.hand, "chips": st.chips, "sleeper": st.sleeper,
            "specials": dict(zip(SPECIALS, st.specials, strict=True)),
            "tech_research": st.research[0], "assault_research": st.research[1],
        }
        for z, n, f in zip(ZONE_NAMES, st.bases, st.fortified, strict=True):
            row[z] = n
            row[f"{z}_fortified"] = f
        row["dice_armed"] = ACTION_DICE_EACH - st.dice_used
        row["reinforcements_used"] = st.reinforcements_used
        row["collected"] = st.collected_round == state.round
        row["pardoned"] = st.pardoned_round == state.round
        row["resolved"] = st.resolved_round == state.round
        row["flipped"] = sum(st.tax_flipped) + sum(st.crew_flipped)
        row["line"] = (f"{owned} bases · {st.hand} cards · {st.chips} chips"
                       + (" · sleeper set" if st.sleeper else "")
                       + f" · pardon {pardon} · next tech {row['next_tech_price'] or '?'}"
                       f" · next assault {row['next_assault_price'] or '?'} · "
                       f"{row['dice_armed']} dice armed"
                       + (f" · {row['flipped']} flipped" if row["flipped"] else ""))
        seats.append(row)
    now = active(setup, state)
    waiting = [setup.seats[k].id for k in pending(setup, state)] if state.card_drawn else []
    return {
        "phase": state.phase, "phase_words": PHASE_WORDS[state.phase],
        "turn": None if now is None else (PHANTOM if now < 0 else setup.seats[now].id),
        "turn_name": None if now is None else slot_name(setup, now),
        "card_drawn": state.card_drawn, "card": state.card,
        "tax_per_base": state.tax_per_base, "card_resolved": card_resolved(setup, state),
        "to_resolve": waiting, "over": state.phase == OVER,
        "destroyer_owner": state.destroyer_owner, "destroyer_zone": state.destroyer_zone,
        "round": state.round, "alert": state.alert, "alert_max": setup.alert_max,
        "band": band(state.alert, state.orange_from, state.red_from),
        "advanced": setup.advanced, "extended_turn": setup.extended_turn,
        "destroyer": state.destroyer, "no_destroyer": state.destroyer is None,
        "star_round": state.star_round, "last_round": state.last_round,
        "orange_from": state.orange_from, "red_from": state.red_from,
        "black_market_prices": list(prices(state.black_market_prices)),
        "phantom_bases": state.phantom_bases, "phantom_fortified": state.phantom_fortified,
        "deck": state.deck, "discard": state.discard,
        "chips_left": dict(zip(ZONE_NAMES, state.chips_left, strict=True)),
        "notes": list(state.notes), "seats": seats,
    }


def board(setup: SessionSetup) -> Board:
    shows = [Show("phase_words", "Now"), Show("turn_name", "Whose turn"),
             Show("band", "Alert colour"), Show("deck", "Operation deck"),
             Show("star_round", "Star card drawn in round"), Show("last_round", "Last round")]
    actions = [Action("end-turn", "End the turn", unless="over"),
               Action("mission", "Mission", per_seat=True,
                      asks=("territory", "zone", "owner", "winning_faces", "hired_faces",
                            "hire", "hire_credits", "hire_influence", "hire_crew",
                            "reward_credits", "reward_influence", "reward_crew",
                            "cooperative", "round_required", "modifier", "casino", "roll")),
               Action("assault", "Assault", per_seat=True,
                      asks=("target", "zone", "fortified", "covered", "reinforcements",
                            "special", "roll")),
               Action("robbery", "Robbery", per_seat=True,
                      asks=("target", "territory", "zone", "fortified", "winning_faces",
                            "hired_faces", "hire", "hire_credits", "hire_influence",
                            "hire_crew", "dice_unfortified", "dice_fortified",
                            "round_required", "modifier", "casino", "roll", "consequence")),
               Action("sleeper", "Sleeper", per_seat=True, asks=("action", "text")),
               Action("buy-base", "Buy a base", per_seat=True, asks=("zone", "chip", "special")),
               Action("fortify-base", "Fortify a base", per_seat=True, asks=("zone",)),
               Action("buy-level", "Buy level", per_seat=True, asks=("track",)),
               Action("exchange", "Exchange", per_seat=True, asks=("get", "give", "amount")),
               Action("sell-card", "Sell a card", per_seat=True, asks=("resource",)),
               Action("bonus-chip", "Play a bonus chip", per_seat=True,
                      asks=("credits", "influence", "crew", "level", "text")),
               Action("research", "Research", per_seat=True, asks=("track", "action", "boxes")),
               Action("trade", "Trade", per_seat=True,
                      asks=("partner", "give_credits", "give_influence", "give_crew",
                            "give_cards", "give_chips", "get_credits", "get_influence",
                            "get_crew", "get_cards", "get_chips", "text")),
               Action("sovereign-card", "Draw the Sovereign card",
                      asks=("card", "star", "per_base", "alert_change"), unless="card_drawn"),
               Action("pardon", "Pardon", per_seat=True, asks=("leave_out_flipped",)),
               Action("tax", "Pay tax", per_seat=True,
                      asks=("per_base", "flip_exo", "flip_middle", "flip_inner")),
               Action("sovereign-effect", "Sovereign card's effect", per_seat=True,
                      asks=("lose_credits", "lose_influence", "lose_crew", "seize",
                            "seize_fortified", "seize_special", "text")),
               Action("card-resolved", "Card resolved for the rest", unless="card_resolved"),
               Action("collect", "Collect income", per_seat=True,
                      asks=("order", "bonus_credits", "bonus_influence", "bonus_crew")),
               Action("take-back", "Marker back", per_seat=True, asks=("track",)),
               Action("end-round", "End the round", unless="over"),
               Action("mat", "Mat income", per_seat=True, asks=RACKET),
               Action("resources", "Resources", per_seat=True, asks=STARTING),
               Action("holdings", "Correction: cards, chips, special bases", per_seat=True,
                      asks=("hand", "chips", "sleeper", "research_stations",
                            "military_installations", "mining_centers", "casinos",
                            "tech_research", "assault_research")),
               Action("deck", "Correction: deck and chips",
                      asks=("deck", "discard", "chips_exo", "chips_middle", "chips_inner")),
               Action("failed-mission", "Correction: mission failed",
                      asks=("territory", "zone", "owner")),
               Action("star-drawn", "Correction: star card drawn", asks=("round",),
                      unless="star_round"),
               Action("last-round", "Correction: last round", asks=("to",)),
               Action("table-values", "Table values",
                      asks=("orange_from", "red_from", "black_market_prices"))]
    if setup.advanced:
        shows.insert(0, Show("destroyer", "Sovereign Destroyer on"))
        actions.insert(1, Action("pay-destroyer", "Pay off Destroyer", per_seat=True,
                                 unless="no_destroyer",
                                 confirm=f"pay {DESTROYER_REMOVAL} influence?"))
    if setup.mode is PlayMode.PHANTOM:
        shows.append(Show("phantom_bases", "Phantom bases"))
        actions.append(Action("phantom-bases", "Phantom bases", asks=("count", "fortified")))
        actions.append(Action("phantom-fortify", "Phantom fortifies"))
        actions.append(Action("assault", "Phantom assault",
                              asks=("seat", "target", "zone", "fortified", "reinforcements",
                                    "special", "roll")))
    actions.append(NOTE)
    counters = [Counter("credits", "Credits", 0, 9999, "resources", field="credits"),
                Counter("influence", "Influence", 0, 9999, "resources", field="influence"),
                Counter("crew", "Crew", 0, 9999, "resources", field="crew"),
                Counter("vp", "VP", -99, 999, "vp", field="amount", delta=True),
                Counter("hand", "Cards in hand", 0, 78, "holdings", field="hand"),
                Counter("chips", "Bonus chips", 0, 18, "holdings", field="chips")]
    counters += [Counter(z.value, f"{z.value.upper()} bases", 0,
                         ZONE_COSTS[z].territories, "bases", field=z.value) for z in ZONES]
    counters += [Counter(f"{z.value}_fortified", f"{z.value.upper()} fortified", 0,
                         ZONE_COSTS[z].territories, "fortified", field=z.value)
                 for z in ZONES]
    counters += [Counter("tech", "Tech level", 0, 20, "tech", field="to"),
                 Counter("assault", "Assault level", 0, 20, "assault-level", field="to")]
    return Board(tracks=(Track("round", "Round", 1, ROUNDS_MAX, "round"),
                         Track("alert", "Alert level", 1, setup.alert_max, "alert")),
                 shows=tuple(shows), counters=tuple(counters), actions=tuple(actions),
                 seat_lines=("line",))
