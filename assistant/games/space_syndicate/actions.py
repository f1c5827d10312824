"""Phase 1's actions whose outcome the rulebook settles by calculation: missions and robberies,
assaults (the Phantom's too), buying and fortifying bases, exchanges and card sales. Each takes
the table's choices (the die rolled, the card's numbers, the target), runs the same calculator
the API offers and applies every result at once, returning the working for its history line.

Rulebook: missions (syndicate.txt:491-508); robberies (171-177); assaults (512-526); buying and
fortifying (536-545); exchanges and card sales (609-615); the Phantom's turn (677-691).
"""
from __future__ import annotations

from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker import Event, seat_index
from assistant.tracker.chain import evolve as replace

from .calculators.alert import band
from .calculators.assault import assault as assault_calc
from .calculators.bases import bases as bases_calc
from .calculators.exchange import exchange as exchange_calc
from .calculators.missions import mission as mission_calc
from .calculators.robbery import robbery as robbery_calc
from .modes import PlayMode
from .session import (
    PHANTOM,
    PHANTOM_SLOT,
    TOTAL_TERRITORIES,
    ZONE_NAMES,
    SessionSetup,
    State,
    claimed,
    owned_total,
    slot_name,
    with_seat,
)
from .tables import (
    ACTION_DICE_EACH,
    CARD_SALE,
    MAX_REINFORCEMENTS,
    PHANTOM_DRAWS,
    PHANTOM_REINFORCEMENTS,
    ZONE_COSTS,
    ZONES,
    Bundle,
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
    slot_of,
    with_held,
    working,
    zone_of,
)

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
            raise refuse(field, "The Phantom holds no base.", "a seat with a base there")
        return PHANTOM
    i = seat_index(setup.seats, raw, field)
    if not state.seats[i].bases[zone]:
        raise refuse(field, f"{setup.seats[i].name} holds no {ZONE_NAMES[zone].upper()} "
                      "base.", "a seat with a base in that zone, or empty")
    return setup.seats[i].id


def mission(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_index(setup.seats, event["seat"])
    seat, who = state.seats[i], setup.seats[i].name
    own_turn(setup, state, i)
    zone = zone_of(event)
    owner = _owner(setup, state, event, zone)
    territory = (event.get("territory") or "").strip()
    coop = bool(event.get("cooperative"))
    if coop and (owner is None or owner in (PHANTOM, setup.seats[i].id)):
        raise refuse("cooperative", "A cooperative mission splits the reward with another "
                      "player who owns the base there (rule cooperative-missions).",
                      "name that player as the owner, or leave cooperative off")
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
        raise refuse(field, err.detail.replace("You have", f"{who} has") +
                      " (rule mission-eligibility)", err.allowed) from None
    result = answer.result
    roll = int(event["roll"])
    won = roll in result["winning_faces"]
    hired = Bundle(**result["hire_cost"])
    seat = pay(who, seat, hired, "Hiring extra hands", "hire")
    seat = replace(seat, dice_used=seat.dice_used + 1)
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
            j = seat_index(setup.seats, owner)
            state = with_seat(state, j, with_held(state.seats[j], held(state.seats[j]) + share))
            lines[0] += f"; {setup.seats[j].name} receives {share.words()} (cooperative)"
        steps = working(answer, lambda s: s.rule not in ("alert-level", "sovereign-blockade"))
        return acted(state), [lines[0] + ".", "Working: " + steps]
    fail = result["on_failure"]
    placed = setup.advanced and state.alert >= setup.alert_max
    if placed and not territory:
        raise refuse("territory", f"The alert is at its maximum {setup.alert_max}: a failed "
                      "mission brings the Destroyer onto its territory (rule "
                      "sovereign-blockade). Name the territory.", "the mission's territory")
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
    i = seat_index(setup.seats, event["seat"])
    seat, who = state.seats[i], setup.seats[i].name
    own_turn(setup, state, i)
    victim = slot_of(setup, event.get("target"), "target")
    if victim == i:
        raise refuse("target", "Nobody robs their own base (rule robberies).",
                      "another player's base")
    zone = zone_of(event)
    fortified = bool(event.get("fortified"))
    zname, whom = ZONE_NAMES[zone].upper(), slot_name(setup, victim)
    if victim == PHANTOM_SLOT:
        held, forts = state.phantom_bases or 0, state.phantom_fortified
    else:
        held, forts = state.seats[victim].bases[zone], state.seats[victim].fortified[zone]
    if (forts if fortified else held - forts) < 1:
        raise refuse("zone", f"{whom} holds no {'fortified' if fortified else 'unfortified'} "
                      f"{zname} base: the victim needs a base in the card's zone (rule "
                      "robberies).", "a base the victim holds")
    data: dict[str, Any] = {
        k: event.get(k) for k in ("winning_faces", "hired_faces", "hire", "casino", "modifier",
                                  "round_required", "dice_unfortified", "dice_fortified")}
    data.update(fortified=fortified, armed_dice=ACTION_DICE_EACH - seat.dice_used,
                round=state.round, alert=state.alert, players=len(setup.seats),
                advanced=setup.advanced, territory=(event.get("territory") or "").strip(),
                destroyer_on=state.destroyer or "", phantom_victim=victim == PHANTOM_SLOT)
    if victim != PHANTOM_SLOT:
        data["victim_credits"] = min(state.seats[victim].credits, 9999)
    try:
        answer = robbery_calc(data)
    except InvalidInput as err:
        field = {"armed_dice": "seat", "round": "round_required"}.get(err.field, err.field)
        raise refuse(field, err.detail + " (rule robberies)", err.allowed) from None
    result = answer.result
    hired = (Bundle(*(int(event.get(f"hire_{k}") or 0) for k in ("credits", "influence",
                                                                    "crew")))
             if event.get("hire") else Bundle())
    seat = pay(who, seat, hired, "Hiring extra hands", "hire")
    seat = replace(seat, dice_used=seat.dice_used + 1)
    roll = int(event["roll"])
    faces = ", ".join(map(str, result["winning_faces"])) or "none"
    head = f"{who} robs {whom}'s {zname} base: rolled {roll} (wins on {faces})"
    if hired != Bundle():
        head += f", paid {hired.words()} for extra hands"
    if roll in result["winning_faces"]:
        dice = [int(d) for d in event.get("consequence") or ()]
        if len(dice) != int(result["consequence_dice"]):
            raise refuse("consequence", f"The card gives {result['consequence_dice']} "
                          f"consequence dice against this base: give each as rolled (rule "
                          "robberies).", f"{result['consequence_dice']} dice, 1-6 each")
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
                         "victim's credits; reading S-12)")
        seat = replace(seat, credits=seat.credits + taken)
        state = with_seat(state, i, seat)
        keep = working(answer, lambda s: s.rule not in ("alert-level", "sovereign-blockade"))
        return acted(state), [text + ".", "Working: " + keep]
    fail = result["on_failure"]
    if setup.advanced and state.alert >= setup.alert_max and not data["territory"]:
        raise refuse("territory", f"The alert is at its maximum {setup.alert_max}: a failed "
                      "mission brings the Destroyer onto its territory (rule "
                      "sovereign-blockade). Name the territory.", "the card's territory")
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

def assault(setup: SessionSetup, state: State, event: Event) -> Played:
    """An assault with its die: the attacker, the target base, reinforcements and the roll
    (syndicate.txt:512-526); the Phantom's force follows the alert colour (680-683)."""
    if not event.get("seat"):
        raise refuse("seat", "Say who assaults.", "a seat, or phantom")
    attacker = slot_of(setup, event["seat"], "seat")
    if not event.get("target"):
        raise refuse("target", "Say whose base is assaulted.", "a seat, or phantom")
    target = slot_of(setup, event["target"], "target")
    if target == attacker:
        raise refuse("target", "Nobody assaults their own base (rule assaults).",
                      "another player's base")
    own_turn(setup, state, attacker)
    zone = zone_of(event)
    r = int(event.get("reinforcements") or 0)
    fortified, covered = bool(event.get("fortified")), bool(event.get("covered"))
    who, whom = slot_name(setup, attacker), slot_name(setup, target)
    zname = ZONE_NAMES[zone].upper()
    if target == PHANTOM_SLOT:
        have = state.phantom_fortified if fortified else (state.phantom_bases or 0) - \
            state.phantom_fortified
        if attacker != PHANTOM_SLOT and claimed(state, zone) >= ZONE_COSTS[ZONES[zone]] \
                .territories:
            raise refuse("zone", f"The other players hold every {zname} territory, so no "
                          f"Phantom base is there.", "another zone")
    else:
        t = state.seats[target]
        have = t.fortified[zone] if fortified else t.bases[zone] - t.fortified[zone]
    if have < 1:
        kind = "fortified" if fortified else "unfortified"
        raise refuse("zone", f"{whom} holds no {kind} {zname} base.",
                      "a base they hold (fortified or not, as it is)")
    data: dict[str, Any] = {"reinforcements": r, "fortified": fortified, "covered": covered,
                            "target": f"{whom}'s {zname} base", "alert": state.alert,
                            "players": len(setup.seats), "advanced": setup.advanced,
                            "destroyer_on": state.destroyer or ""}
    if attacker == PHANTOM_SLOT:
        if state.acted >= PHANTOM_DRAWS:
            raise refuse("seat", f"The Phantom draws {PHANTOM_DRAWS} Base cards a turn, so "
                          f"it assaults at most {PHANTOM_DRAWS} times (rule phantom-turn).",
                          "end the Phantom's turn")
        colour = band(state.alert, state.orange_from, state.red_from)
        if colour is not None and r != PHANTOM_REINFORCEMENTS[colour]:
            raise refuse("reinforcements", f"At {colour} alert the Phantom assaults with "
                          f"{PHANTOM_REINFORCEMENTS[colour]} reinforcement(s) (rule "
                          "phantom-turn).", str(PHANTOM_REINFORCEMENTS[colour]))
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
            "you have", f"{who} has") + " (rule assaults)", err.allowed) from None
    result = answer.result
    if not result["possible"]:
        raise refuse("reinforcements", "Against a fortified base an assault needs at least "
                      "1 reinforcement: no roll wins without one (rule assaults).",
                      f"1-{MAX_REINFORCEMENTS}")
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
            f"{r} reinforcement(s): rolled {roll}, {result['lowest_win']}"
            f"{'+' if result['lowest_win'] < 6 else ''} wins")
    if won:
        state = _transfer(state, target, attacker, zone, fortified)
        text += f": taken, {who} now holds it unfortified"
    else:
        text += f": beaten off, {whom} keeps it"
    text += f"; {who} discards {crew} crew" if crew else ""
    text += (f"; alert {state.alert} → {alert_after}" if alert_after != state.alert
             else f"; the alert stays at its maximum {alert_after}")
    state = replace(state, alert=alert_after)
    steps = working(answer, lambda s: attacker != PHANTOM_SLOT or "crew on the" not in s.text)
    if attacker == PHANTOM_SLOT:
        steps += (" The Phantom has no resources, so it puts no crew on the ship (rule "
                  "phantom-turn).")
    return acted(state), [text + ".", "Working: " + steps]


def phantom_fortify(setup: SessionSetup, state: State, event: Event) -> Played:
    """One of the Phantom's two Base cards is its own unfortified base: fortified, free
    (syndicate.txt:677-678, 689)."""
    if setup.mode is not PlayMode.PHANTOM:
        raise refuse("kind", "There is no Phantom in this game.", "phantom mode only")
    own_turn(setup, state, PHANTOM_SLOT, "kind")
    if state.acted >= PHANTOM_DRAWS:
        raise refuse("kind", f"The Phantom draws {PHANTOM_DRAWS} Base cards a turn (rule "
                      "phantom-turn).", "end the Phantom's turn")
    if (state.phantom_bases or 0) <= state.phantom_fortified:
        raise refuse("kind", "Every Phantom base is fortified already.", "end-turn")
    state = replace(state, phantom_fortified=state.phantom_fortified + 1)
    return acted(state), [f"The Phantom draws its own unfortified base and fortifies it, "
                           f"free (rule phantom-turn): {state.phantom_fortified} of its "
                           f"{state.phantom_bases} bases fortified."]


def _transfer(state: State, loser: int, winner: int, zone: int, fortified: bool) -> State:
    if loser == PHANTOM_SLOT:
        state = replace(state, phantom_bases=(state.phantom_bases or 0) - 1,
                        phantom_fortified=state.phantom_fortified - (1 if fortified else 0))
    else:
        s = state.seats[loser]
        bases, fort = list(s.bases), list(s.fortified)
        bases[zone] -= 1
        fort[zone] -= 1 if fortified else 0
        state = with_seat(state, loser, replace(s, bases=tuple(bases), fortified=tuple(fort)))
    if winner == PHANTOM_SLOT:
        return replace(state, phantom_bases=(state.phantom_bases or 0) + 1)
    w = state.seats[winner]
    got = list(w.bases)
    got[zone] += 1
    return with_seat(state, winner, replace(w, bases=tuple(got)))


# --- bases -----------------------------------------------------------------------------------

def buy_base(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_index(setup.seats, event["seat"])
    own_turn(setup, state, i)
    zone = zone_of(event)
    z = ZONES[zone]
    seat, who = state.seats[i], setup.seats[i].name
    room = ZONE_COSTS[z].territories - claimed(state, zone)
    if room < 1 or owned_total(state) >= TOTAL_TERRITORIES:
        raise refuse("zone", f"Every {z.value.upper()} territory already holds a base "
                      f"(the {ZONE_COSTS[z].territories} of the zone, rule zones)"
                      if room < 1 else f"All {TOTAL_TERRITORIES} territories hold a base, the "
                      "Phantom's counted (rule zones).", "a zone with a free territory")
    answer = bases_calc({f"{zz.value}_owned": seat.bases[k] for k, zz in enumerate(ZONES)}
                        | {f"{z.value}_buy": 1})
    cost = Bundle(**answer.result["purchase"])
    seat = pay(who, seat, cost, f"{an_zone(z.value).capitalize()} base", "zone")
    got = list(seat.bases)
    got[zone] += 1
    state = with_seat(state, i, replace(seat, bases=tuple(got)))
    keep = [s for s in answer.steps if s.rule == "buying-bases"]
    return acted(state), [f"{who} buys {an_zone(z.value)} base for {cost.words()} and places "
                           "it unfortified.", "Working: " + " ".join(s.text for s in keep)]


def fortify_base(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_index(setup.seats, event["seat"])
    own_turn(setup, state, i)
    zone = zone_of(event)
    z = ZONES[zone]
    seat, who = state.seats[i], setup.seats[i].name
    if seat.bases[zone] - seat.fortified[zone] < 1:
        raise refuse("zone", f"{who} holds no unfortified {z.value.upper()} base (rule "
                      "fortifying).", ", ".join(ZONE_NAMES[k] for k in range(len(ZONES))
                                               if seat.bases[k] > seat.fortified[k]) or "none")
    answer = bases_calc({f"{zz.value}_owned": seat.bases[k] for k, zz in enumerate(ZONES)}
                        | {f"{z.value}_fortify": 1})
    cost = Bundle(**answer.result["fortify"])
    seat = pay(who, seat, cost, f"Fortifying {an_zone(z.value)} base", "zone")
    fort = list(seat.fortified)
    fort[zone] += 1
    state = with_seat(state, i, replace(seat, fortified=tuple(fort)))
    keep = [s for s in answer.steps if s.rule == "fortifying"]
    return acted(state), [f"{who} fortifies {an_zone(z.value)} base for {cost.words()}.",
                           "Working: " + " ".join(s.text for s in keep)]


def exchange(setup: SessionSetup, state: State, event: Event) -> Played:
    """At the mat's rates, on your own turn only (syndicate.txt:196, 433, 609-611)."""
    i = seat_index(setup.seats, event["seat"])
    own_turn(setup, state, i)
    seat, who = state.seats[i], setup.seats[i].name
    want, give = str(event["get"]), str(event["give"])
    if give == want:
        raise refuse("give", "An exchange turns one resource into another.",
                      "credits, or the other of influence and crew")
    answer = exchange_calc({"get": want, "amount": int(event["amount"])})
    spend = int(answer.result[give])
    cost = Bundle(**{give: spend})
    seat = pay(who, seat, cost, f"{event['amount']} {want}", "amount")
    seat = with_held(seat, held(seat) + Bundle(**{want: int(event["amount"])}))
    keep = [st for st in answer.steps if f"from {give}" in st.text]
    return acted(with_seat(state, i, seat)), [
        f"{who} exchanges {spend} {give} for {event['amount']} {want}.",
        "Working: " + " ".join(st.text for st in keep)]


def sell_card(setup: SessionSetup, state: State, event: Event) -> Played:
    """An unwanted Operation card sold for 1 resource of any kind (syndicate.txt:434, 615)."""
    i = seat_index(setup.seats, event["seat"])
    own_turn(setup, state, i)
    seat, who = state.seats[i], setup.seats[i].name
    what = str(event["resource"])
    seat = with_held(seat, held(seat) + Bundle(**{what: CARD_SALE}))
    return acted(with_seat(state, i, seat)), [
        f"{who} sells an Operation card for {Bundle(**{what: CARD_SALE}).words()} (rule "
        "selling-cards)."]
