"""The table referee: the round's order (whose turn, which phase), what each seat has used this
round, and the events whose outcome the rulebook settles by calculation. Each of those takes
the table's choices (the die rolled, the target, the card's numbers), runs the same calculator
the API offers and applies every result at once, so one undo takes it all back; `play` also
returns the working, which the stored event carries for its history line.

Rulebook: Round Summary (syndicate.txt:415-437); missions (491-508); assaults (512-526);
buying and fortifying (536-545); Black Market (585-605); Sovereign Card, pardon (460-473);
Resource Collection and crew upkeep (475-487, 579-583); Blockade and taxes (627-645); the
Extended Turn (657-665); the Phantom (667-692).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.tracker import Event, seat_index
from assistant.tracker.chain import evolve as replace

from .calculators.alert import band
from .calculators.assault import assault as assault_calc
from .calculators.bases import bases as bases_calc
from .calculators.collection import collection
from .calculators.exchange import exchange as exchange_calc
from .calculators.missions import mission as mission_calc
from .calculators.robbery import robbery as robbery_calc
from .calculators.sovereign import pardon as pardon_calc
from .modes import PlayMode
from .session import (
    COLLECTION,
    OVER,
    PHANTOM,
    PHANTOM_SLOT,
    RACKET,
    SOVEREIGN,
    TOTAL_TERRITORIES,
    TURNS,
    ZONE_NAMES,
    SeatState,
    SessionSetup,
    State,
    active,
    claimed,
    order,
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
    ROUNDS_MAX,
    STAR_FIRST,
    STAR_LAST,
    ZONE_COSTS,
    ZONES,
    Bundle,
)

EXTENDED_ACTIONS = 2
"""The Extended Turn: 1 or 2 of the 8 actions per turn (syndicate.txt:661)."""
Played = tuple[State, list[str]]


def _refuse(field: str, detail: str, allowed: str | None = None) -> InvalidInput:
    return InvalidInput(field, detail, allowed)


def _bundle(seat: SeatState) -> Bundle:
    return Bundle(seat.credits, seat.influence, seat.crew)


def _set(seat: SeatState, held: Bundle) -> SeatState:
    return replace(seat, credits=held.credits, influence=held.influence, crew=held.crew)


def _pay(who: str, seat: SeatState, cost: Bundle, what: str, field: str) -> SeatState:
    if (seat.credits < cost.credits or seat.influence < cost.influence
            or seat.crew < cost.crew):
        raise _refuse(field, f"{what} costs {cost.words()}; {who} holds "
                      f"{_bundle(seat).words()}.", "enough resources (exchange on your own "
                      "turn first)")
    return _set(seat, _bundle(seat) + Bundle(-cost.credits, -cost.influence, -cost.crew))


def _working(answer: Explained, keep: Callable[[Step], bool] = lambda s: True) -> str:
    return " ".join(s.text.strip() for s in answer.steps if keep(s))


def _zone(event: Event, field: str = "zone") -> int:
    value = event.get(field)
    if value not in ZONE_NAMES:
        raise _refuse(field, "Name the zone of the territory.", ", ".join(ZONE_NAMES))
    return ZONE_NAMES.index(value)


# --- whose turn ---------------------------------------------------------------------------

def own_turn(setup: SessionSetup, state: State, slot: int, field: str = "seat") -> None:
    """Actions are taken on your own turn in Phase 1 (syndicate.txt:419)."""
    if state.phase != TURNS:
        raise _refuse(field, f"That is a Phase 1 action, taken on a player's own turn (rule "
                      f"player-turn); the table is in {_phase_words(state)}.")
    now = active(setup, state)
    if now != slot:
        raise _refuse(field, f"It is {slot_name(setup, now)}'s turn (rule player-turn); "
                      f"{slot_name(setup, slot)} acts on their own turn.",
                      slot_name(setup, now))
    if setup.extended_turn and slot != PHANTOM_SLOT and state.acted >= EXTENDED_ACTIONS:
        raise _refuse(field, f"With the Extended Turn a turn holds 1 or 2 actions (rule "
                      f"extended-turn); {slot_name(setup, slot)} has taken "
                      f"{state.acted}: end the turn.")


def _phase_words(state: State) -> str:
    from .session import PHASE_WORDS
    return PHASE_WORDS[state.phase]


def _acted(state: State) -> State:
    return replace(state, acted=state.acted + 1, paced=True)


def end_turn(setup: SessionSetup, state: State) -> Played:
    if state.phase != TURNS:
        raise _refuse("kind", f"Phase 1 is over this round; the table is in "
                      f"{_phase_words(state)}.")
    now = order(setup, state)
    slot = now[state.turn % len(now)]
    who = slot_name(setup, slot)
    their = "its" if slot == PHANTOM_SLOT else "their"
    if not setup.extended_turn:
        nxt = state.turn + 1
        if nxt >= len(now):
            return (replace(state, phase=SOVEREIGN, turn=0, acted=0, card_drawn=False,
                            paced=True),
                    [f"{who} ends {their} turn. Every player has had a turn: Phase 2, the "
                     "Sovereign Card, begins (rule round-structure)."])
        return (replace(state, turn=nxt, acted=0, paced=True),
                [f"{who} ends {their} turn; {slot_name(setup, now[nxt])} is next."])
    out = state.out | ({slot} if state.acted == 0 else set())
    words = (f"{who} passes without an action and is out of Phase 1 this round (rule "
             "extended-turn)." if state.acted == 0 else f"{who} ends {their} turn.")
    for step in range(1, len(now) + 1):
        t = state.turn + step
        if now[t % len(now)] not in out:
            return (replace(state, turn=t, acted=0, out=frozenset(out), paced=True),
                    [words + f" {slot_name(setup, now[t % len(now)])} is next."])
    return (replace(state, phase=SOVEREIGN, turn=0, acted=0, out=frozenset(),
                    card_drawn=False, paced=True),
            [words + " Everyone has passed without an action: Phase 2, the Sovereign Card, "
             "begins (rule extended-turn)."])


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
            raise _refuse(field, "The Phantom holds no base.", "a seat with a base there")
        return PHANTOM
    i = seat_index(setup.seats, raw, field)
    if not state.seats[i].bases[zone]:
        raise _refuse(field, f"{setup.seats[i].name} holds no {ZONE_NAMES[zone].upper()} "
                      "base.", "a seat with a base in that zone, or empty")
    return setup.seats[i].id


def mission(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_index(setup.seats, event["seat"])
    seat, who = state.seats[i], setup.seats[i].name
    own_turn(setup, state, i)
    zone = _zone(event)
    owner = _owner(setup, state, event, zone)
    territory = (event.get("territory") or "").strip()
    coop = bool(event.get("cooperative"))
    if coop and (owner is None or owner in (PHANTOM, setup.seats[i].id)):
        raise _refuse("cooperative", "A cooperative mission splits the reward with another "
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
        raise _refuse(field, err.detail.replace("You have", f"{who} has") +
                      " (rule mission-eligibility)", err.allowed) from None
    result = answer.result
    roll = int(event["roll"])
    won = roll in result["winning_faces"]
    hired = Bundle(**result["hire_cost"])
    seat = _pay(who, seat, hired, "Hiring extra hands", "hire")
    seat = replace(seat, dice_used=seat.dice_used + 1)
    where = f" on {territory}" if territory else ""
    faces = ", ".join(map(str, result["winning_faces"])) or "none"
    head = f"{who}'s mission{where}: rolled {roll} (wins on {faces})"
    if hired != Bundle():
        head += f", paid {hired.words()} for extra hands"
    if won:
        mine, share = Bundle(**result["reward"]), Bundle(**result["owner_share"])
        seat = _set(seat, _bundle(seat) + mine)
        state = with_seat(state, i, seat)
        lines = [f"{head}: success, {who} receives {mine.words()} from the bank"]
        if coop and owner is not None:
            j = seat_index(setup.seats, owner)
            state = with_seat(state, j, _set(state.seats[j], _bundle(state.seats[j]) + share))
            lines[0] += f"; {setup.seats[j].name} receives {share.words()} (cooperative)"
        steps = _working(answer, lambda s: s.rule not in ("alert-level", "sovereign-blockade"))
        return _acted(state), [lines[0] + ".", "Working: " + steps]
    fail = result["on_failure"]
    placed = setup.advanced and state.alert >= setup.alert_max
    if placed and not territory:
        raise _refuse("territory", f"The alert is at its maximum {setup.alert_max}: a failed "
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
        text += (f", flipping {_owner_name(setup, owner)}'s {ZONE_NAMES[zone].upper()} base"
                 if owner else " (no base there)")
    steps = _working(answer, lambda s: s.rule != "cooperative-missions"
                     and not s.text.startswith("On a win"))
    return _acted(state), [text + ".", "Working: " + steps]


def robbery(setup: SessionSetup, state: State, event: Event) -> Played:
    """A Player vs. Player robbery: rolled as a mission; on a win the consequence dice the card
    gives for the robbed base decide the credits taken from its owner, or from the bank when
    the Phantom is robbed (syndicate.txt:171-177, 499-506, 690)."""
    i = seat_index(setup.seats, event["seat"])
    seat, who = state.seats[i], setup.seats[i].name
    own_turn(setup, state, i)
    victim = _slot(setup, event.get("target"), "target")
    if victim == i:
        raise _refuse("target", "Nobody robs their own base (rule robberies).",
                      "another player's base")
    zone = _zone(event)
    fortified = bool(event.get("fortified"))
    zname, whom = ZONE_NAMES[zone].upper(), slot_name(setup, victim)
    if victim == PHANTOM_SLOT:
        held, forts = state.phantom_bases or 0, state.phantom_fortified
    else:
        held, forts = state.seats[victim].bases[zone], state.seats[victim].fortified[zone]
    if (forts if fortified else held - forts) < 1:
        raise _refuse("zone", f"{whom} holds no {'fortified' if fortified else 'unfortified'} "
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
        data["victim_credits"] = state.seats[victim].credits
    try:
        answer = robbery_calc(data)
    except InvalidInput as err:
        field = {"armed_dice": "seat", "round": "round_required"}.get(err.field, err.field)
        raise _refuse(field, err.detail + " (rule robberies)", err.allowed) from None
    result = answer.result
    hired = (Bundle(*(int(event.get(f"hire_{k}") or 0) for k in ("credits", "influence",
                                                                    "crew")))
             if event.get("hire") else Bundle())
    seat = _pay(who, seat, hired, "Hiring extra hands", "hire")
    seat = replace(seat, dice_used=seat.dice_used + 1)
    roll = int(event["roll"])
    faces = ", ".join(map(str, result["winning_faces"])) or "none"
    head = f"{who} robs {whom}'s {zname} base: rolled {roll} (wins on {faces})"
    if hired != Bundle():
        head += f", paid {hired.words()} for extra hands"
    if roll in result["winning_faces"]:
        dice = [int(d) for d in event.get("consequence") or ()]
        if len(dice) != int(result["consequence_dice"]):
            raise _refuse("consequence", f"The card gives {result['consequence_dice']} "
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
        keep = _working(answer, lambda s: s.rule not in ("alert-level", "sovereign-blockade"))
        return _acted(state), [text + ".", "Working: " + keep]
    fail = result["on_failure"]
    if setup.advanced and state.alert >= setup.alert_max and not data["territory"]:
        raise _refuse("territory", f"The alert is at its maximum {setup.alert_max}: a failed "
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
    keep = _working(answer, lambda s: "consequence" not in s.text and
                    not s.text.startswith("Credits stolen"))
    return _acted(state), [text + ".", "Working: " + keep]


def _owner_name(setup: SessionSetup, owner: str | None) -> str:
    if owner is None:
        return "nobody"
    if owner == PHANTOM:
        return "the Phantom"
    return setup.seats[seat_index(setup.seats, owner)].name


# --- assaults --------------------------------------------------------------------------------

def _slot(setup: SessionSetup, raw: Any, field: str) -> int:
    name = str(raw or "").strip()
    if name.casefold() == PHANTOM:
        if setup.mode is not PlayMode.PHANTOM:
            raise _refuse(field, "There is no Phantom in this game.", "a seat at this table")
        return PHANTOM_SLOT
    return seat_index(setup.seats, name, field)


def assault(setup: SessionSetup, state: State, event: Event) -> Played:
    """An assault with its die: the attacker, the target base, reinforcements and the roll
    (syndicate.txt:512-526); the Phantom's force follows the alert colour (680-683)."""
    if not event.get("seat"):
        raise _refuse("seat", "Say who assaults.", "a seat, or phantom")
    attacker = _slot(setup, event["seat"], "seat")
    if not event.get("target"):
        raise _refuse("target", "Say whose base is assaulted.", "a seat, or phantom")
    target = _slot(setup, event["target"], "target")
    if target == attacker:
        raise _refuse("target", "Nobody assaults their own base (rule assaults).",
                      "another player's base")
    own_turn(setup, state, attacker)
    zone = _zone(event)
    r = int(event.get("reinforcements") or 0)
    fortified, covered = bool(event.get("fortified")), bool(event.get("covered"))
    who, whom = slot_name(setup, attacker), slot_name(setup, target)
    zname = ZONE_NAMES[zone].upper()
    if target == PHANTOM_SLOT:
        have = state.phantom_fortified if fortified else (state.phantom_bases or 0) - \
            state.phantom_fortified
        if attacker != PHANTOM_SLOT and claimed(state, zone) >= ZONE_COSTS[ZONES[zone]] \
                .territories:
            raise _refuse("zone", f"The other players hold every {zname} territory, so no "
                          f"Phantom base is there.", "another zone")
    else:
        t = state.seats[target]
        have = t.fortified[zone] if fortified else t.bases[zone] - t.fortified[zone]
    if have < 1:
        kind = "fortified" if fortified else "unfortified"
        raise _refuse("zone", f"{whom} holds no {kind} {zname} base.",
                      "a base they hold (fortified or not, as it is)")
    data: dict[str, Any] = {"reinforcements": r, "fortified": fortified, "covered": covered,
                            "target": f"{whom}'s {zname} base", "alert": state.alert,
                            "players": len(setup.seats), "advanced": setup.advanced,
                            "destroyer_on": state.destroyer or ""}
    if attacker == PHANTOM_SLOT:
        if state.acted >= PHANTOM_DRAWS:
            raise _refuse("seat", f"The Phantom draws {PHANTOM_DRAWS} Base cards a turn, so "
                          f"it assaults at most {PHANTOM_DRAWS} times (rule phantom-turn).",
                          "end the Phantom's turn")
        colour = band(state.alert, state.orange_from, state.red_from)
        if colour is not None and r != PHANTOM_REINFORCEMENTS[colour]:
            raise _refuse("reinforcements", f"At {colour} alert the Phantom assaults with "
                          f"{PHANTOM_REINFORCEMENTS[colour]} reinforcement(s) (rule "
                          "phantom-turn).", str(PHANTOM_REINFORCEMENTS[colour]))
    else:
        me = state.seats[attacker]
        data.update(crew=me.crew, armed_dice=ACTION_DICE_EACH - me.dice_used)
        if me.assault is not None:
            data["armed_reinforcements"] = max(0, me.assault - me.reinforcements_used)
    try:
        answer = assault_calc(data)
    except InvalidInput as err:
        field = {"armed_dice": "seat", "crew": "reinforcements"}.get(err.field, err.field)
        raise _refuse(field, err.detail.replace("You have", f"{who} has").replace(
            "you have", f"{who} has") + " (rule assaults)", err.allowed) from None
    result = answer.result
    if not result["possible"]:
        raise _refuse("reinforcements", "Against a fortified base an assault needs at least "
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
    steps = _working(answer, lambda s: attacker != PHANTOM_SLOT or "crew on the" not in s.text)
    if attacker == PHANTOM_SLOT:
        steps += (" The Phantom has no resources, so it puts no crew on the ship (rule "
                  "phantom-turn).")
    return _acted(state), [text + ".", "Working: " + steps]


def phantom_fortify(setup: SessionSetup, state: State, event: Event) -> Played:
    """One of the Phantom's two Base cards is its own unfortified base: fortified, free
    (syndicate.txt:677-678, 689)."""
    if setup.mode is not PlayMode.PHANTOM:
        raise _refuse("kind", "There is no Phantom in this game.", "phantom mode only")
    own_turn(setup, state, PHANTOM_SLOT, "kind")
    if state.acted >= PHANTOM_DRAWS:
        raise _refuse("kind", f"The Phantom draws {PHANTOM_DRAWS} Base cards a turn (rule "
                      "phantom-turn).", "end the Phantom's turn")
    if (state.phantom_bases or 0) <= state.phantom_fortified:
        raise _refuse("kind", "Every Phantom base is fortified already.", "end-turn")
    state = replace(state, phantom_fortified=state.phantom_fortified + 1)
    return _acted(state), [f"The Phantom draws its own unfortified base and fortifies it, "
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
    zone = _zone(event)
    z = ZONES[zone]
    seat, who = state.seats[i], setup.seats[i].name
    room = ZONE_COSTS[z].territories - claimed(state, zone)
    if room < 1 or owned_total(state) >= TOTAL_TERRITORIES:
        raise _refuse("zone", f"Every {z.value.upper()} territory already holds a base "
                      f"(the {ZONE_COSTS[z].territories} of the zone, rule zones)"
                      if room < 1 else f"All {TOTAL_TERRITORIES} territories hold a base, the "
                      "Phantom's counted (rule zones).", "a zone with a free territory")
    answer = bases_calc({f"{zz.value}_owned": seat.bases[k] for k, zz in enumerate(ZONES)}
                        | {f"{z.value}_buy": 1})
    cost = Bundle(**answer.result["purchase"])
    seat = _pay(who, seat, cost, f"{_an(z.value).capitalize()} base", "zone")
    got = list(seat.bases)
    got[zone] += 1
    state = with_seat(state, i, replace(seat, bases=tuple(got)))
    keep = [s for s in answer.steps if s.rule == "buying-bases"]
    return _acted(state), [f"{who} buys {_an(z.value)} base for {cost.words()} and places "
                           "it unfortified.", "Working: " + " ".join(s.text for s in keep)]


def fortify_base(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_index(setup.seats, event["seat"])
    own_turn(setup, state, i)
    zone = _zone(event)
    z = ZONES[zone]
    seat, who = state.seats[i], setup.seats[i].name
    if seat.bases[zone] - seat.fortified[zone] < 1:
        raise _refuse("zone", f"{who} holds no unfortified {z.value.upper()} base (rule "
                      "fortifying).", ", ".join(ZONE_NAMES[k] for k in range(len(ZONES))
                                               if seat.bases[k] > seat.fortified[k]) or "none")
    answer = bases_calc({f"{zz.value}_owned": seat.bases[k] for k, zz in enumerate(ZONES)}
                        | {f"{z.value}_fortify": 1})
    cost = Bundle(**answer.result["fortify"])
    seat = _pay(who, seat, cost, f"Fortifying {_an(z.value)} base", "zone")
    fort = list(seat.fortified)
    fort[zone] += 1
    state = with_seat(state, i, replace(seat, fortified=tuple(fort)))
    keep = [s for s in answer.steps if s.rule == "fortifying"]
    return _acted(state), [f"{who} fortifies {_an(z.value)} base for {cost.words()}.",
                           "Working: " + " ".join(s.text for s in keep)]


def _an(zone: str) -> str:
    return ("an " if zone[0] in "aeiou" else "a ") + zone.upper()


def exchange(setup: SessionSetup, state: State, event: Event) -> Played:
    """At the mat's rates, on your own turn only (syndicate.txt:196, 433, 609-611)."""
    i = seat_index(setup.seats, event["seat"])
    own_turn(setup, state, i)
    seat, who = state.seats[i], setup.seats[i].name
    want, give = str(event["get"]), str(event["give"])
    if give == want:
        raise _refuse("give", "An exchange turns one resource into another.",
                      "credits, or the other of influence and crew")
    answer = exchange_calc({"get": want, "amount": int(event["amount"])})
    spend = int(answer.result[give])
    cost = Bundle(**{give: spend})
    seat = _pay(who, seat, cost, f"{event['amount']} {want}", "amount")
    seat = _set(seat, _bundle(seat) + Bundle(**{want: int(event["amount"])}))
    keep = [st for st in answer.steps if f"from {give}" in st.text]
    return _acted(with_seat(state, i, seat)), [
        f"{who} exchanges {spend} {give} for {event['amount']} {want}.",
        "Working: " + " ".join(st.text for st in keep)]


def sell_card(setup: SessionSetup, state: State, event: Event) -> Played:
    """An unwanted Operation card sold for 1 resource of any kind (syndicate.txt:434, 615)."""
    i = seat_index(setup.seats, event["seat"])
    own_turn(setup, state, i)
    seat, who = state.seats[i], setup.seats[i].name
    what = str(event["resource"])
    seat = _set(seat, _bundle(seat) + Bundle(**{what: CARD_SALE}))
    return _acted(with_seat(state, i, seat)), [
        f"{who} sells an Operation card for {Bundle(**{what: CARD_SALE}).words()} (rule "
        "selling-cards)."]


# --- Phase 2 ---------------------------------------------------------------------------------

def sovereign_card(setup: SessionSetup, state: State, event: Event) -> Played:
    if state.phase != SOVEREIGN:
        raise _refuse("star", "The Sovereign card is drawn in Phase 2, once every player has "
                      f"had their turn (rule sovereign-card-phase); the table is in "
                      f"{_phase_words(state)}.")
    if state.card_drawn:
        raise _refuse("star", f"Round {state.round}'s Sovereign card is drawn already: one a "
                      "round (rule sovereign-card-phase).")
    star = bool(event.get("star"))
    forced = must_be_star(state)
    if star and (state.star_round is not None or not STAR_FIRST <= state.round <= STAR_LAST):
        raise _refuse("star", "The star card lies 5th to 7th in the Sovereign deck and comes "
                      f"up once (rule setup-sovereign-deck): not in round {state.round}"
                      + (f"; it came up in round {state.star_round}."
                         if state.star_round is not None else "."), "star off")
    if forced and not star:
        raise _refuse("star", f"The star card lies 5th to 7th in the Sovereign deck (rule "
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
        raise _refuse(field, "That belongs to Phase 2, after the Sovereign card is drawn and "
                      f"before Resource Collection (rule sovereign-card-phase); the table is "
                      f"in {_phase_words(state)}"
                      + ("" if state.phase != SOVEREIGN else ", card not drawn yet") + ".")


def _blockaded(setup: SessionSetup, state: State, i: int) -> int:
    """1 when the Destroyer sits on one of this seat's bases."""
    return int(state.destroyer is not None and state.destroyer_owner == setup.seats[i].id)


def pardon(setup: SessionSetup, state: State, event: Event) -> Played:
    i = seat_index(setup.seats, event["seat"])
    seat, who = state.seats[i], setup.seats[i].name
    _card_time(state, "seat")
    if seat.pardoned_round == state.round:
        raise _refuse("seat", f"{who} is pardoned this round already.")
    if seat.taxed_round == state.round:
        raise _refuse("seat", f"{who} has paid this round's tax: a pardon comes before the "
                      "card is resolved (rule pardon).")
    held = sum(seat.bases)
    left = _blockaded(setup, state, i) if event.get("leave_out_flipped") else 0
    answer = pardon_calc({"bases": held - left, "influence": seat.influence})
    cost = int(answer.result["cost"])
    if not answer.result["affordable"]:
        raise _refuse("seat", f"A pardon with {held - left} base(s) costs {cost} influence "
                      f"(rule pardon); {who} holds {seat.influence}.",
                      f"at least {cost} influence")
    state = with_seat(state, i, replace(seat, influence=seat.influence - cost,
                                        pardoned_round=state.round))
    note = (" (the base under the Destroyer left out, the table's reading)" if left else "")
    return replace(state, paced=True), [
        f"{who} pays {cost} influence for a pardon: this round's Sovereign card does not touch "
        f"them{note}.", "Working: " + _working(answer)]


def tax(setup: SessionSetup, state: State, event: Event) -> Played:
    """A Tax card: credits for each base; a base whose tax cannot be paid is flipped, the
    owner choosing which (syndicate.txt:643-645)."""
    i = seat_index(setup.seats, event["seat"])
    seat, who = state.seats[i], setup.seats[i].name
    _card_time(state, "seat")
    if seat.pardoned_round == state.round:
        raise _refuse("seat", f"{who} bought a pardon: this round's card does not touch them "
                      "(rule pardon).")
    if seat.taxed_round == state.round:
        raise _refuse("seat", f"{who} has paid this round's tax.")
    per = int(event["per_base"])
    owned = sum(seat.bases)
    unpaid = max(0, owned - seat.credits // per)
    flips = [int(event.get(f"flip_{z}") or 0) for z in ZONE_NAMES]
    if not any(flips) and unpaid:
        flips = default_flips(seat, unpaid)
    for k, z in enumerate(ZONE_NAMES):
        if flips[k] > seat.bases[k]:
            raise _refuse(f"flip_{z}", f"{who} holds {seat.bases[k]} {z.upper()} base(s).",
                          f"0-{seat.bases[k]}")
    if sum(flips) != unpaid:
        raise _refuse("flip_exo", f"{who} holds {owned} base(s) and {seat.credits} credits: at "
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
        raise _refuse("seat", "Resource Collection comes after the Sovereign card is drawn and "
                      f"resolved (rule resource-collection); the table is in "
                      f"{_phase_words(state)}.")
    if state.seats[i].collected_round == state.round:
        raise _refuse("seat", f"{setup.seats[i].name} has collected this round already (rule "
                      "resource-collection).")


def pay_destroyer_check(setup: SessionSetup, state: State, i: int) -> None:
    """Only the owner of the blockaded base pays it off, on their turn in Phase 1 or in
    Phase 2 (syndicate.txt:637). Checked on a request only (see collect_check)."""
    who = setup.seats[i].name
    if state.destroyer is None:
        raise _refuse("seat", "The Destroyer is not on the board.", "when it is")
    if state.destroyer_owner != setup.seats[i].id:
        raise _refuse("seat", f"The Destroyer sits on {state.destroyer}, which is not "
                      f"{who}'s base: only the owner of the blockaded base pays it off (rule "
                      "sovereign-blockade).", _owner_name(setup, state.destroyer_owner))
    if state.paced and not (state.phase == SOVEREIGN or active(setup, state) == i):
        raise _refuse("seat", f"The Destroyer is paid off on its owner's own turn in Phase 1 "
                      f"or during Phase 2 (rule sovereign-blockade); the table is in "
                      f"{_phase_words(state)}.")


# --- Phase 3 ---------------------------------------------------------------------------------

def _upkeep_order(raw: Any) -> list[int]:
    out = []
    for token in str(raw or "").replace(";", ",").split(","):
        word = token.strip().casefold()
        if not word:
            continue
        if word not in ("middle", "inner"):
            raise _refuse("order", f"{token.strip()!r} is not a zone with crew upkeep.",
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
        raise _refuse("seat", "The game is over.")
    if seat.racket is None:
        raise _refuse("seat", "Enter this syndicate's racketeering income once first (it is "
                      "printed on its mat, not in the book).", "a mat event")
    bases: list[dict[str, Any]] = []
    upkeep: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
    zone_of: dict[str, int] = {}
    for k, zone in enumerate(ZONES):
        typed = int(event.get(f"flipped_{zone.value}") or 0)
        flipped = max(typed, seat.tax_flipped[k])
        if typed > seat.bases[k]:
            raise _refuse(f"flipped_{zone.value}", "More flipped bases than owned.",
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
    data: dict[str, Any] = {"credits": seat.credits, "influence": seat.influence,
                            "crew": seat.crew, "bases": bases,
                            "armed_dice": ACTION_DICE_EACH - seat.dice_used,
                            "take_back": "none", "round": state.round,
                            **dict(zip(RACKET, seat.racket, strict=True)),
                            **{k: event.get(k) or 0 for k in
                               ("bonus_credits", "bonus_influence", "bonus_crew")}}
    answer = collection(data)
    got = Bundle(**answer.result["resources"])
    crew_flip = [0, 0, 0]
    for f in answer.result["flipped"]:
        if f["reason"] == "crew":
            crew_flip[zone_of[f["name"]]] += 1
    was = _bundle(seat)
    seat = replace(_set(seat, got), collected_round=state.round,
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
    return state, [text + ".", "Working: " + _working(answer, lambda s: s.rule in keep)]


def _signed(b: Bundle) -> str:
    parts = [f"{v:+d} {name}" for v, name in ((b.credits, "credits"),
                                               (b.influence, "influence"), (b.crew, "crew"))
             if v]
    return ", ".join(parts) if parts else "nothing"


def end_round(setup: SessionSetup, state: State) -> Played:
    last = state.last_round is not None and state.round >= state.last_round
    if state.phase == OVER:
        raise _refuse("kind", "The game is over.")
    if not last or not state.card_drawn:
        if state.phase != COLLECTION:
            raise _refuse("kind", "A round ends after Resource Collection (rule "
                          f"resource-collection); the table is in {_phase_words(state)}.")
        waiting = [setup.seats[k].name for k, s in enumerate(state.seats)
                   if s.collected_round != state.round]
        if waiting:
            raise _refuse("kind", f"Still to collect this round: {', '.join(waiting)} (rule "
                          "resource-collection).", "collect")
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
