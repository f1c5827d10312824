"""Phase 1's actions whose outcome the rulebook settles by calculation: missions and robberies,
assaults (the Phantom's too), buying and fortifying bases, Black Market levels, exchanges and
card sales. Each takes the table's choices (the die rolled, the card's numbers, the target),
runs the same calculator the API offers and applies every result at once, returning the
working for its history line.

Rulebook: missions (syndicate.txt:491-508); robberies (171-177); assaults (512-526); buying and
fortifying (536-545); bonus chips on a first purchase (619); the Black Market (585-605);
exchanges and card sales (609-615); the Phantom's turn (677-691).
"""
from __future__ import annotations

from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import plural
from assistant.tracker import Event
from assistant.tracker.chain import evolve as replace

from ..calculators.alert import band
from ..calculators.assault import assault as assault_calc
from ..calculators.bases import bases as bases_calc
from ..calculators.exchange import exchange as exchange_calc
from ..calculators.market import black_market
from ..calculators.missions import mission as mission_calc
from ..calculators.robbery import robbery as robbery_calc
from ..modes import PlayMode
from ..tables import (
    ACTION_DICE_EACH,
    CARD_SALE,
    MAX_REINFORCEMENTS,
    PHANTOM_DRAWS,
    PHANTOM_REINFORCEMENTS,
    ZONE_COSTS,
    ZONES,
    Bundle,
)
from .state import (
    LADDERS,
    PHANTOM,
    PHANTOM_SLOT,
    RESEARCH,
    SPECIAL_WORDS,
    SPECIALS,
    TOTAL_TERRITORIES,
    ZONE_NAMES,
    SeatState,
    SessionSetup,
    State,
    claimed,
    next_price,
    owned_total,
    slot_name,
    with_seat,
)
from .turn import (
    Played,
    acted,
    an_zone,
    held,
    own_turn,
    owner_name,
    pay,
    refuse,
    seat_at,
    slot_of,
    with_held,
    working,
    zone_of,
)

LEVEL_TOP = 20
"""The highest tech or assault level the forms and the black-market calculator take."""
CALC_MAX = 9999
"""The largest holding the calculators' forms take; a session can hold more."""


def card_played(state: State, seat: SeatState) -> tuple[State, SeatState]:
    """An Operation card leaves the hand for the discard pile (a mission or robbery card
    after its roll, a card sold; syndicate.txt:508, 615). A request with an empty hand is
    refused before this (referee.admit); a session stored before hands were counted keeps 0."""
    return replace(state, discard=state.discard + 1), replace(seat, hand=max(0, seat.hand - 1))


# --- missions -------------------------------------------------------------------------------

def _owner(setup: SessionSetup, state: State, event: Event, zone: int, field: str = "owner"
           ) -> str | None:
    """Whose base is on the mission's territory: a seat with a base in that zone, the Phantom,
    or nobody."""
    raw = (event.get(field) or "").strip()
    if not raw:
        return None
    if raw.casefold() == PHANTOM:
        if not state.phantom_bases:
            raise refuse(field, "The Phantom holds no base.", "a seat with a base there",
                         rule="missions")
        return PHANTOM
    i = seat_at(setup, raw, field, "missions")
    if not state.seats[i].bases[zone]:
        raise refuse(field, f"{setup.seats[i].name} holds no {ZONE_NAMES[zone].upper()} "
                     "base.", "a seat with a base in that zone, or empty", rule="missions")
    return setup.seats[i].id


def _casino(setup: SessionSetup, state: State, event: Event, i: int) -> None:
    """Only the Casino's owner adds its +1 (syndicate.txt:234, 577). Checked against the
    special bases the table recorded: where nobody is recorded as owning it, the table's
    word stands."""
    if not event.get("casino"):
        return
    k = SPECIALS.index("casino")
    owners = [j for j, s in enumerate(state.seats) if s.specials[k]]
    if owners and i not in owners:
        raise refuse("casino", f"{setup.seats[owners[0]].name} owns the Casino: only its "
                     f"owner adds +1 to a mission roll.", "casino off", rule="casino")


def mission(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_at(setup, event["seat"], "seat", "missions")
    seat, who = state.seats[i], setup.seats[i].name
    own_turn(setup, state, i)
    zone = zone_of(event, "missions")
    owner = _owner(setup, state, event, zone)
    _casino(setup, state, event, i)
    territory = (event.get("territory") or "").strip()
    coop = bool(event.get("cooperative"))
    if coop and (owner is None or owner in (PHANTOM, setup.seats[i].id)):
        raise refuse("cooperative", "A cooperative mission splits the reward with another "
                     "player who owns the base there.",
                     "name that player as the owner, or leave cooperative off",
                     rule="cooperative-missions")
    data: dict[str, Any] = {
        k: event.get(k) for k in ("winning_faces", "hired_faces", "hire", "casino", "modifier",
                                  "round_required", "cooperative", "hire_credits",
                                  "hire_influence", "hire_crew", "reward_credits",
                                  "reward_influence", "reward_crew")}
    data.update(armed_dice=ACTION_DICE_EACH - seat.dice_used, round=state.round,
                alert=state.alert, players=len(setup.seats), advanced=setup.advanced,
                territory=territory, destroyer_on=state.destroyer or "")
    try:
        answer = mission_calc(data)
    except InvalidInput as err:
        field = {"armed_dice": "seat", "round": "round_required"}.get(err.field, err.field)
        raise refuse(field, err.detail.replace("You have", f"{who} has"), err.allowed,
                     rule="mission-eligibility") from None
    result = answer.result
    roll = int(event["roll"])
    won = roll in result["winning_faces"]
    hired = Bundle(**result["hire_cost"])
    seat = pay(who, seat, hired, "Hiring extra hands", "hire", "hired-hands")
    seat = replace(seat, dice_used=seat.dice_used + 1)
    state, seat = card_played(state, seat)
    where = f" on {territory}" if territory else ""
    faces = ", ".join(map(str, result["winning_faces"])) or "none"
    head = f"{who}'s mission{where}: rolled {roll} (wins on {faces})"
    if hired != Bundle():
        head += f", paid {hired.words()} for extra hands"
    if won:
        mine, share = Bundle(**result["reward"]), Bundle(**result["owner_share"])
        seat = with_held(seat, held(seat) + mine)
        state = with_seat(state, i, seat)
        lines = [f"{head}: success, {who} receives {mine.words()} from the bank"]
        if coop and owner is not None:
            j = seat_at(setup, owner, "owner", "cooperative-missions")
            state = with_seat(state, j, with_held(state.seats[j], held(state.seats[j]) + share))
            lines[0] += f"; {setup.seats[j].name} receives {share.words()} (cooperative)"
        steps = working(answer, lambda s: s.rule not in ("alert-level", "sovereign-blockade"))
        return acted(state), [lines[0] + ".", "Working: " + steps]
    fail = result["on_failure"]
    placed = setup.advanced and state.alert >= setup.alert_max
    if placed and not territory:
        raise refuse("territory", f"The alert is at its maximum {setup.alert_max}: a failed "
                     "mission brings the Destroyer onto its territory. Name the territory.",
                     "the mission's territory", rule="sovereign-blockade")
    state = with_seat(state, i, seat)
    state = replace(state, alert=int(fail["alert_after"]), destroyer=fail["destroyer_on"])
    text = f"{head}: failed"
    if fail["alert_after"] == fail["alert_before"]:
        text += f"; the alert stays at its maximum {fail['alert_max']}"
    else:
        text += f"; alert {fail['alert_before']} → {fail['alert_after']}"
    if placed:
        state = replace(state, destroyer_zone=ZONE_NAMES[zone], destroyer_owner=owner)
        text += f"; the Sovereign Destroyer lands on {territory}"
        text += (f", flipping {owner_name(setup, owner)}'s {ZONE_NAMES[zone].upper()} base"
                 if owner else " (no base there)")
    steps = working(answer, lambda s: s.rule != "cooperative-missions"
                    and not s.text.startswith("On a win"))
    return acted(state), [text + ".", "Working: " + steps]


def robbery(setup: SessionSetup, state: State, event: Event) -> Played:
    """A Player vs. Player robbery: rolled as a mission; on a win the consequence dice the card
    gives for the robbed base decide the credits taken from its owner, or from the bank when
    the Phantom is robbed (syndicate.txt:171-177, 499-506, 690)."""
    i = seat_at(setup, event["seat"], "seat", "robberies")
    seat, who = state.seats[i], setup.seats[i].name
    own_turn(setup, state, i)
    victim = slot_of(setup, event.get("target"), "target", "robberies")
    if victim == i:
        raise refuse("target", "Nobody robs their own base.", "another player's base",
                     rule="robberies")
    zone = zone_of(event, "robberies")
    _casino(setup, state, event, i)
    fortified = bool(event.get("fortified"))
    zname, whom = ZONE_NAMES[zone].upper(), slot_name(setup, victim)
    if victim == PHANTOM_SLOT:
        owned, forts = state.phantom_bases or 0, state.phantom_fortified
    else:
        owned, forts = state.seats[victim].bases[zone], state.seats[victim].fortified[zone]
    if (forts if fortified else owned - forts) < 1:
        raise refuse("zone", f"{whom} holds no {'fortified' if fortified else 'unfortified'} "
                     f"{zname} base: the victim needs a base in the card's zone.",
                     "a base the victim holds", rule="robberies")
    data: dict[str, Any] = {
        k: event.get(k) for k in ("winning_faces", "hired_faces", "hire", "casino", "modifier",
                                  "round_required", "dice_unfortified", "dice_fortified")}
    data.update(fortified=fortified, armed_dice=ACTION_DICE_EACH - seat.dice_used,
                round=state.round, alert=state.alert, players=len(setup.seats),
                advanced=setup.advanced, territory=(event.get("territory") or "").strip(),
                destroyer_on=state.destroyer or "", phantom_victim=victim == PHANTOM_SLOT)
    if victim != PHANTOM_SLOT:
        data["victim_credits"] = min(state.seats[victim].credits, CALC_MAX)
    try:
        answer = robbery_calc(data)
    except InvalidInput as err:
        field = {"armed_dice": "seat", "round": "round_required"}.get(err.field, err.field)
        raise refuse(field, err.detail, err.allowed, rule="mission-eligibility"
                     if field in ("seat", "round_required") else "robberies") from None
    result = answer.result
    hired = (Bundle(*(int(event.get(f"hire_{k}") or 0) for k in ("credits", "influence",
                                                                    "crew")))
             if event.get("hire") else Bundle())
    seat = pay(who, seat, hired, "Hiring extra hands", "hire", "hired-hands")
    seat = replace(seat, dice_used=seat.dice_used + 1)
    state, seat = card_played(state, seat)
    roll = int(event["roll"])
    faces = ", ".join(map(str, result["winning_faces"])) or "none"
    head = f"{who} robs {whom}'s {zname} base: rolled {roll} (wins on {faces})"
    if hired != Bundle():
        head += f", paid {hired.words()} for extra hands"
    if roll in result["winning_faces"]:
        dice = [int(d) for d in event.get("consequence") or ()]
        if len(dice) != int(result["consequence_dice"]):
            raise refuse("consequence", f"The card gives {result['consequence_dice']} "
                         "consequence dice against this base: give each as rolled.",
                         f"{result['consequence_dice']} dice, 1-6 each", rule="robberies")
        total = sum(dice)
        taken = total
        text = f"{head}: success; consequence dice {' + '.join(map(str, dice)) or '0'} = {total}"
        if victim == PHANTOM_SLOT:
            text += f"; {who} takes {total} credits from the bank (the Phantom is robbed)"
        else:
            v = state.seats[victim]
            taken = min(total, v.credits)
            state = with_seat(state, victim, replace(v, credits=v.credits - taken))
            text += f"; {who} takes {taken} credits from {whom}"
            if taken < total:
                text += (f", all {whom} held (the book does not say what happens beyond the "
                         "victim's credits)")
        seat = replace(seat, credits=seat.credits + taken)
        state = with_seat(state, i, seat)
        keep = working(answer, lambda s: s.rule not in ("alert-level", "sovereign-blockade"))
        return acted(state), [text + ".", "Working: " + keep]
    fail = result["on_failure"]
    if setup.advanced and state.alert >= setup.alert_max and not data["territory"]:
        raise refuse("territory", f"The alert is at its maximum {setup.alert_max}: a failed "
                     "mission brings the Destroyer onto its territory. Name the territory.",
                     "the card's territory", rule="sovereign-blockade")
    state = with_seat(state, i, seat)
    state = replace(state, alert=int(fail["alert_after"]), destroyer=fail["destroyer_on"])
    text = f"{head}: failed; " + (f"alert {fail['alert_before']} → {fail['alert_after']}"
                                  if fail["alert_after"] != fail["alert_before"] else
                                  f"the alert stays at its maximum {fail['alert_max']}")
    if setup.advanced and fail["alert_before"] >= setup.alert_max:
        state = replace(state, destroyer_zone=None, destroyer_owner=None)
        text += f"; the Sovereign Destroyer lands on {data['territory']}"
    keep = working(answer, lambda s: "consequence" not in s.text and
                   not s.text.startswith("Credits stolen"))
    return acted(state), [text + ".", "Working: " + keep]


# --- assaults --------------------------------------------------------------------------------

def _special_of(event: Event) -> int | None:
    value = event.get("special")
    return SPECIALS.index(value) if value in SPECIALS else None


def assault(setup: SessionSetup, state: State, event: Event) -> Played:
    """An assault with its die: the attacker, the target base, reinforcements and the roll
    (syndicate.txt:512-526); the Phantom's force follows the alert colour (680-683)."""
    if not event.get("seat"):
        raise refuse("seat", "Say who assaults.", "a seat, or phantom", rule="assaults")
    attacker = slot_of(setup, event["seat"], "seat", "assaults")
    if not event.get("target"):
        raise refuse("target", "Say whose base is assaulted.", "a seat, or phantom",
                     rule="assaults")
    target = slot_of(setup, event["target"], "target", "assaults")
    if target == attacker:
        raise refuse("target", "Nobody assaults their own base.", "another player's base",
                     rule="assaults")
    own_turn(setup, state, attacker)
    zone = zone_of(event, "assaults")
    r = int(event.get("reinforcements") or 0)
    fortified, covered = bool(event.get("fortified")), bool(event.get("covered"))
    who, whom = slot_name(setup, attacker), slot_name(setup, target)
    zname = ZONE_NAMES[zone].upper()
    special = _special_of(event)
    if target == PHANTOM_SLOT:
        have = state.phantom_fortified if fortified else (state.phantom_bases or 0) - \
            state.phantom_fortified
        if attacker != PHANTOM_SLOT and claimed(state, zone) >= ZONE_COSTS[ZONES[zone]] \
                .territories:
            raise refuse("zone", f"The other players hold every {zname} territory, so no "
                         "Phantom base is there.", "another zone", rule="zones")
        if special is not None:
            raise refuse("special", "The companion does not keep the Phantom's special "
                         "bases.", "none", rule="special-bases")
    else:
        t = state.seats[target]
        have = t.fortified[zone] if fortified else t.bases[zone] - t.fortified[zone]
        if special is not None and not t.specials[special]:
            raise refuse("special", f"{whom} holds no {SPECIAL_WORDS[SPECIALS[special]]} on "
                         "record.", "none, or a special base they hold", rule="special-bases")
    if have < 1:
        kind = "fortified" if fortified else "unfortified"
        raise refuse("zone", f"{whom} holds no {kind} {zname} base.",
                     "a base they hold (fortified or not, as it is)", rule="assaults")
    data: dict[str, Any] = {"reinforcements": r, "fortified": fortified, "covered": covered,
                            "target": f"{whom}'s {zname} base", "alert": state.alert,
                            "players": len(setup.seats), "advanced": setup.advanced,
                            "destroyer_on": state.destroyer or ""}
    if attacker == PHANTOM_SLOT:
        if state.acted >= PHANTOM_DRAWS:
            raise refuse("seat", f"The Phantom draws {PHANTOM_DRAWS} Base cards a turn, so "
                         f"it assaults at most {PHANTOM_DRAWS} times.",
                         "end the Phantom's turn", rule="phantom-turn")
        colour = band(state.alert, state.orange_from, state.red_from)
        if colour is not None and r != PHANTOM_REINFORCEMENTS[colour]:
            more = plural(PHANTOM_REINFORCEMENTS[colour], "reinforcement", "reinforcements")
            raise refuse("reinforcements", f"At {colour} alert the Phantom assaults with "
                         f"{more}.",
                         str(PHANTOM_REINFORCEMENTS[colour]), rule="phantom-turn")
    else:
        me = state.seats[attacker]
        data.update(crew=min(me.crew, 999), armed_dice=ACTION_DICE_EACH - me.dice_used)
        if me.assault is not None:
            data["armed_reinforcements"] = max(0, me.assault - me.reinforcements_used)
    try:
        answer = assault_calc(data)
    except InvalidInput as err:
        field = {"armed_dice": "seat", "crew": "reinforcements"}.get(err.field, err.field)
        raise refuse(field, err.detail.replace("You have", f"{who} has").replace(
            "you have", f"{who} has"), err.allowed, rule="action-die"
            if field == "seat" else "assaults") from None
    result = answer.result
    if not result["possible"]:
        raise refuse("reinforcements", "Against a fortified base an assault needs at least "
                     "1 reinforcement: no roll wins without one.",
                     f"1-{MAX_REINFORCEMENTS}", rule="assaults")
    roll = int(event["roll"])
    won = roll >= int(result["lowest_win"])
    crew = int(result["crew"]) if attacker != PHANTOM_SLOT else 0
    if attacker != PHANTOM_SLOT:
        me = state.seats[attacker]
        state = with_seat(state, attacker, replace(
            me, crew=me.crew - crew, dice_used=me.dice_used + 1,
            reinforcements_used=me.reinforcements_used + r))
    alert_after = int(result["alert"]["alert_after"])
    text = (f"{who} assaults {whom}'s {'fortified ' if fortified else ''}{zname} base with "
            f"{plural(r, 'reinforcement', 'reinforcements')}: rolled {roll}, "
            f"{result['lowest_win']}"
            f"{'+' if result['lowest_win'] < 6 else ''} wins")
    if won:
        state = transfer(state, target, attacker, zone, fortified, special)
        text += f": taken, {who} now holds it unfortified"
        if special is not None:
            text += (f" (a {SPECIAL_WORDS[SPECIALS[special]]}"
                     + ("; its research is cleared" if SPECIALS[special] in RESEARCH else "")
                     + ")")
    else:
        text += f": beaten off, {whom} keeps it"
    text += f"; {who} discards {crew} crew" if crew else ""
    text += (f"; alert {state.alert} → {alert_after}" if alert_after != state.alert
             else f"; the alert stays at its maximum {alert_after}")
    state = replace(state, alert=alert_after)
    steps = working(answer, lambda s: attacker != PHANTOM_SLOT or "crew on the" not in s.text)
    if attacker == PHANTOM_SLOT:
        steps += " The Phantom has no resources, so it puts no crew on the ship."
    return acted(state), [text + ".", "Working: " + steps]


def phantom_fortify(setup: SessionSetup, state: State, event: Event) -> Played:
    """One of the Phantom's two Base cards is its own unfortified base: fortified, free
    (syndicate.txt:677-678, 689)."""
    if setup.mode is not PlayMode.PHANTOM:
        raise refuse("kind", "There is no Phantom in this game.", "phantom mode only",
                     rule="phantom-variant")
    own_turn(setup, state, PHANTOM_SLOT, "kind")
    if state.acted >= PHANTOM_DRAWS:
        raise refuse("kind", f"The Phantom draws {PHANTOM_DRAWS} Base cards a turn.",
                     "end the Phantom's turn", rule="phantom-turn")
    if (state.phantom_bases or 0) <= state.phantom_fortified:
        raise refuse("kind", "Every Phantom base is fortified already.", "end-turn",
                     rule="phantom-turn")
    state = replace(state, phantom_fortified=state.phantom_fortified + 1)
    return acted(state), [f"The Phantom draws its own unfortified base and fortifies it, "
                          f"free: {state.phantom_fortified} of its {state.phantom_bases} "
                          "bases fortified."]


def lose_base(seat: SeatState, zone: int, fortified: bool, special: int | None) -> SeatState:
    """A base taken from this seat (an assault, a seizure): its research goes with it
    (syndicate.txt:569, 573): the markers of its kind are cleared once no such base is left."""
    bases, fort = list(seat.bases), list(seat.fortified)
    bases[zone] -= 1
    fort[zone] -= 1 if fortified else 0
    fort[zone] = min(fort[zone], bases[zone])
    seat = replace(seat, bases=tuple(bases), fortified=tuple(max(0, f) for f in fort))
    if special is not None and seat.specials[special]:
        specials = list(seat.specials)
        specials[special] -= 1
        seat = replace(seat, specials=tuple(specials))
        kind = SPECIALS[special]
        if kind in RESEARCH and not specials[special]:
            research = list(seat.research)
            research[RESEARCH.index(kind)] = 0
            seat = replace(seat, research=tuple(research))
    return seat


def transfer(state: State, loser: int, winner: int, zone: int, fortified: bool,
             special: int | None = None) -> State:
    if loser == PHANTOM_SLOT:
        state = replace(state, phantom_bases=(state.phantom_bases or 0) - 1,
                        phantom_fortified=state.phantom_fortified - (1 if fortified else 0))
    else:
        state = with_seat(state, loser, lose_base(state.seats[loser], zone, fortified,
                                                  special))
    if winner == PHANTOM_SLOT:
        return replace(state, phantom_bases=(state.phantom_bases or 0) + 1)
    w = state.seats[winner]
    got = list(w.bases)
    got[zone] += 1
    w = replace(w, bases=tuple(got))
    if special is not None:
        specials = list(w.specials)
        specials[special] += 1
        w = replace(w, specials=tuple(specials))
    return with_seat(state, winner, w)


# --- bases -----------------------------------------------------------------------------------

def buy_base(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_at(setup, event["seat"], "seat", "buying-bases")
    own_turn(setup, state, i)
    zone = zone_of(event, "buying-bases")
    z = ZONES[zone]
    seat, who = state.seats[i], setup.seats[i].name
    room = ZONE_COSTS[z].territories - claimed(state, zone)
    if room < 1 or owned_total(state) >= TOTAL_TERRITORIES:
        raise refuse("zone", f"Every {z.value.upper()} territory already holds a base "
                     f"(the {ZONE_COSTS[z].territories} of the zone)"
                     if room < 1 else f"All {TOTAL_TERRITORIES} territories hold a base, the "
                     "Phantom's counted.", "a zone with a free territory", rule="zones")
    special = _special_of(event)
    if special is not None and SPECIALS[special] == "casino" and any(
            s.specials[special] for s in state.seats):
        raise refuse("special", "There is one Casino (on Honos), and it has an owner.",
                     "none, or another special base", rule="casino")
    chip = str(event.get("chip") or "auto")
    left = state.chips_left[zone]
    if chip == "yes" and left < 1:
        raise refuse("chip", f"No bonus chip is left on the {z.value.upper()} territories.",
                     "no", rule="bonus-chips")
    takes = left > 0 if chip == "auto" else chip == "yes"
    answer = bases_calc({f"{zz.value}_owned": seat.bases[k] for k, zz in enumerate(ZONES)}
                        | {f"{z.value}_buy": 1})
    cost = Bundle(**answer.result["purchase"])
    seat = pay(who, seat, cost, f"{an_zone(z.value).capitalize()} base", "zone",
               "buying-bases")
    got = list(seat.bases)
    got[zone] += 1
    seat = replace(seat, bases=tuple(got), chips=seat.chips + int(takes))
    if special is not None:
        specials = list(seat.specials)
        specials[special] += 1
        seat = replace(seat, specials=tuple(specials))
    state = with_seat(state, i, seat)
    text = f"{who} buys {an_zone(z.value)} base for {cost.words()} and places it unfortified"
    if special is not None:
        text += f" (a {SPECIAL_WORDS[SPECIALS[special]]})"
    if takes:
        chips = list(state.chips_left)
        chips[zone] -= 1
        state = replace(state, chips_left=tuple(chips))
        text += "; the first base there: the bonus chip on it is theirs"
    keep = [s for s in answer.steps if s.rule == "buying-bases"]
    return acted(state), [text + ".", "Working: " + " ".join(s.text for s in keep)]


def fortify_base(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_at(setup, event["seat"], "seat", "fortifying")
    own_turn(setup, state, i)
    zone = zone_of(event, "fortifying")
    z = ZONES[zone]
    seat, who = state.seats[i], setup.seats[i].name
    if seat.bases[zone] - seat.fortified[zone] < 1:
        raise refuse("zone", f"{who} holds no unfortified {z.value.upper()} base.",
                     ", ".join(ZONE_NAMES[k] for k in range(len(ZONES))
                               if seat.bases[k] > seat.fortified[k]) or "none",
                     rule="fortifying")
    answer = bases_calc({f"{zz.value}_owned": seat.bases[k] for k, zz in enumerate(ZONES)}
                        | {f"{z.value}_fortify": 1})
    cost = Bundle(**answer.result["fortify"])
    seat = pay(who, seat, cost, f"Fortifying {an_zone(z.value)} base", "zone", "fortifying")
    fort = list(seat.fortified)
    fort[zone] += 1
    state = with_seat(state, i, replace(seat, fortified=tuple(fort)))
    keep = [s for s in answer.steps if s.rule == "fortifying"]
    return acted(state), [f"{who} fortifies {an_zone(z.value)} base for {cost.words()}.",
                          "Working: " + " ".join(s.text for s in keep)]


# --- Black Market, exchanges, card sales ------------------------------------------------------

def buy_level(setup: SessionSetup, state: State, event: Event) -> Played:
    """A level bought at the lowest box without the seat's marker: the black-market
    calculator's price (syndicate.txt:587-591). Before the table followed the phases, a
    purchase was recorded at any time (a session stored then folds so)."""
    i = seat_at(setup, event["seat"], "seat", "black-market")
    if state.paced:
        own_turn(setup, state, i, "track")
    seat, track, who = state.seats[i], str(event["track"]), setup.seats[i].name
    ladder = LADDERS.index(track)
    price = next_price(state, seat, ladder)
    if price is None:
        raise refuse("track", f"The price of box {seat.markers[ladder] + 1} is not in the "
                     "book: enter your board's Black Market prices (Table values) first.",
                     "Table values with the Black Market prices", rule="black-market")
    if seat.credits < price:
        raise refuse("track", f"It costs {price} credits; {who} holds {seat.credits}.",
                     f"at least {price} credits", rule="black-market")
    level = seat.tech if ladder == 0 else seat.assault
    shown = level if level is not None and level < LEVEL_TOP else None  # the form's range
    answer = black_market({"ladder": track,
                           "own_boxes": list(range(1, seat.markers[ladder] + 1)),
                           "further_prices": list(state.black_market_prices),
                           **({"level": shown} if shown is not None else {})})
    bought = answer.result["purchases"][0]
    markers = list(seat.markers)
    markers[ladder] += 1
    upd = replace(seat, credits=seat.credits - price, markers=tuple(markers))
    if ladder == 0:
        upd = replace(upd, tech=None if seat.tech is None else seat.tech + 1)
    else:
        upd = replace(upd, assault=None if seat.assault is None else seat.assault + 1)
    state = with_seat(state, i, upd)
    text = (f"{who} buys {'an' if track == 'assault' else 'a'} {track} level on the Black "
            f"Market for {bought['price']} credits (box {bought['box']})")
    if shown is not None:
        text += f": {track} level {shown} → {shown + 1}"
    keep = " ".join(st.text for st in answer.steps if st.text.startswith("Purchase"))
    return (acted(state) if state.paced else state), [text + ".", "Working: " + keep]


def exchange(setup: SessionSetup, state: State, event: Event) -> Played:
    """At the mat's rates, on your own turn only (syndicate.txt:196, 433, 609-611)."""
    i = seat_at(setup, event["seat"], "seat", "exchange")
    own_turn(setup, state, i)
    seat, who = state.seats[i], setup.seats[i].name
    want, give = str(event["get"]), str(event["give"])
    if give == want:
        raise refuse("give", "An exchange turns one resource into another.",
                     "credits, or the other of influence and crew", rule="exchange")
    answer = exchange_calc({"get": want, "amount": int(event["amount"])})
    spend = int(answer.result[give])
    cost = Bundle(**{give: spend})
    seat = pay(who, seat, cost, f"{event['amount']} {want}", "amount", "exchange")
    seat = with_held(seat, held(seat) + Bundle(**{want: int(event["amount"])}))
    keep = [st for st in answer.steps if f"from {give}" in st.text]
    return acted(with_seat(state, i, seat)), [
        f"{who} exchanges {spend} {give} for {event['amount']} {want}.",
        "Working: " + " ".join(st.text for st in keep)]


def sell_card(setup: SessionSetup, state: State, event: Event) -> Played:
    """An unwanted Operation card sold for 1 resource of any kind (syndicate.txt:434, 615)."""
    i = seat_at(setup, event["seat"], "seat", "selling-cards")
    own_turn(setup, state, i)
    seat, who = state.seats[i], setup.seats[i].name
    what = str(event["resource"])
    state, seat = card_played(state, seat)
    seat = with_held(seat, held(seat) + Bundle(**{what: CARD_SALE}))
    return acted(with_seat(state, i, seat)), [
        f"{who} sells an Operation card for {Bundle(**{what: CARD_SALE}).words()} "
        f"({seat.hand} left in hand)."]
