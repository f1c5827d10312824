"""What `apply` checks and does for every event of a Vigilante table, the stored form of an
event (`resolve`: what it did in the table's words, and a calculator's working), and what the
rules allow next (`moves`).

The play layer (Game Round and Main Actions, vigilante.txt:355-631): turns go clockwise from the
First Player, one main action a turn, 4 a round; a player's free actions (One-Time-Use cards,
Equipment) come at the start of their own turn, Ambush cards and card effects whenever they
happen; after the 4th action the player submits an Event die; the Events trigger once every
action is used. Hand-set values (a jail, damage, a hand, action tokens, the track, the marker)
are corrections, said so in their history line, and never wait for a turn.

Nothing here reads a private entry for a table's event: moves come from the public state, and
the typed reveals they offer are a deal consistent with the Identities already shown."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker import Event, put, seat_index
from assistant.tracker.chain import evolve as replace
from assistant.tracker.kernel import is_sealed

from ..calculators.events import EVENT_TYPES
from ..identities import Identity
from ..mix import completion
from . import cards, market, reveal, rounds, team, turns
from .forms import CAUSES, HEALS, MAX_DIE, MAX_STAT, PRIVATE, TOLD, numbers
from .score import finished
from .state import CHOOSE, SLOTS, TRIGGERED, TURNS, Gear, Hero, SessionSetup, State

Step3 = tuple[State, str, str]
"""The state after an event, what it did in the table's words, and the calculator's working."""

AFTER_THE_END = frozenset({"jail", "damage", "defeat", "hand", "market"})
"""Hand-set values still taken once the final round is over (before every reveal): a slip
found at the end is corrected before the verdict. Everything else that plays is refused."""
CROWDED = frozenset({"die", "new-event", "trigger", "end-round", "end-game", "draw", "recruit",
                     "fight", "inventory", "trade", "equip"})
"""Kinds refused while 3 or more Mercenaries lie in the Market (the free pick comes first)."""
MAIN = {"draw": ("A Draw action", "action-draw"), "recruit": ("A Recruit action",
                                                              "action-recruit"),
        "fight": ("A Fight", "action-fight"), "heal": ("A Heal action", "action-heal"),
        "inventory": ("An Inventory action", "action-inventory"),
        "trade": ("A Trade", "action-trade")}
"""The main actions (vigilante.txt:510-524): one a turn, each taking an action token."""


def _seat(setup: SessionSetup, event: Event, field: str = "seat") -> int:
    try:
        return seat_index(setup.seats, str(event[field]), field)
    except InvalidInput as exc:
        raise InvalidInput(exc.field, exc.detail, exc.allowed, rule="player-count") from None


def _put(state: State, i: int, seat: Any) -> State:
    return replace(state, seats=put(state.seats, i, seat))


def _cause(event: Event) -> str:
    source = event.get("source")
    cause = CAUSES[event["cause"]]
    return f"{cause} ({source})" if source else cause


def step(setup: SessionSetup, state: State, event: Event) -> Step3:
    """Every shared event's change and words, from one code path (apply and resolve)."""
    kind = event.kind
    if state.ended and kind not in AFTER_THE_END and kind != "end-game":
        rounds.over(state)
    if kind in CROWDED or (kind == "heal" and event.get("cause") != "card-effect") \
            or (kind == "play-card" and event.get("card") == "one-time-use"):
        market.check_crowd(setup, state)
    if kind == "trigger":
        return rounds.trigger(setup, state,
                              numbers(event, "firefight", SLOTS, rule="event-firefight"),
                              numbers(event, "paramedic", SLOTS, rule="event-paramedic"))
    table: dict[str, Callable[[], tuple[State, str]]] = {
        "new-event": lambda: rounds.choose_event(setup, state, event["type"], event["die"]),
        "end-round": lambda: rounds.end_round(setup, state),
        "add-event": lambda: rounds.add_event(setup, state, event["type"], event["die"]),
        "end-game": lambda: rounds.end_game(setup, state),
        "pass-first-player": lambda: rounds.pass_marker(setup, state, None),
        "market": lambda: market.record(setup, state, event["place"], event),
    }
    if kind in table:
        after, words = table[kind]()
        return after, words, ""
    i = _seat(setup, event)
    if kind in MAIN and (kind != "heal" or event.get("cause") != "card-effect"):
        return _main_action(setup, state, i, event)
    return (*_other(setup, state, i, event), "")


def _main_action(setup: SessionSetup, state: State, i: int, event: Event) -> Step3:
    """One main action of seat i's turn: checked against the turn, done, a token spent."""
    kind = event.kind
    what, rule = MAIN[kind]
    turns.check_turn(setup, state, i, what, rule)
    seat, who = state.seats[i], setup.seats[i].name
    working = ""
    if kind == "draw":
        changed, words = cards.draw(who, seat, event.get("deck") or "city")
        after = _put(state, i, changed)
    elif kind == "recruit":
        after, words = market.recruit(setup, state, i, event)
    elif kind == "fight":
        changed, words, working = team.fight(
            who, seat, event.get("villain") or "the Villain", event["villain_health"],
            numbers(event, "chart", MAX_STAT, SLOTS, "villain-attack-chart"),
            event.get("effect") or "none",
            numbers(event, "effect_damage", MAX_STAT, SLOTS, "action-fight"),
            event.get("bonus_attack") or 0,
            numbers(event, "attacks", MAX_STAT, SLOTS, "action-fight"))
        after = _put(state, i, changed)
    elif kind == "heal":
        if (event.get("cubes") or 1) != 1:
            raise InvalidInput("cubes", "A Heal action removes 1 damage cube from 1 Hero.",
                               "1", rule="action-heal")
        changed, words = team.heal(who, seat, event["slot"], 1, HEALS["heal-action"])
        after = _put(state, i, changed)
    elif kind == "inventory":
        changed, words, returned = team.inventory(
            who, seat, numbers(event, "slots", SLOTS, SLOTS, "action-inventory"),
            event.get("name"))
        changed = cards.give(changed, returned)
        after = _put(state, i, changed)
        words += cards.holding(changed)
    else:  # trade
        j = _seat(setup, event, "to_seat")
        if j == i:
            raise InvalidInput("to_seat", "A trade is with another player.",
                               "another player", rule="action-trade")
        mine, theirs, words = cards.trade(who, seat, setup.seats[j].name, state.seats[j])
        after = _put(_put(state, i, mine), j, theirs)
    after = turns.spend(after, i)
    return after, words + turns.after_action(setup, after, i), working


def _other(setup: SessionSetup, state: State, i: int, event: Event) -> tuple[State, str]:
    """The events that are not main actions: the die, free actions, cards, effects, setup
    pieces and hand-set values."""
    kind, seat, who = event.kind, state.seats[i], setup.seats[i].name
    if kind == "die":
        return turns.submit(setup, state, i, event["die"])
    if kind == "mercenary":
        return market.forced(setup, state, i, event["place"])
    if kind == "starter":
        if not rounds.before_play(setup, state):
            raise InvalidInput("kind", "Starter Heroes are chosen at setup, before round 1 "
                               "begins.", "a Recruit action on your turn",
                               rule="setup-starter-heroes")
        changed, words = team.starter(who, seat, Hero(event["name"], event["influence"],
                                                      event["health"],
                                                      attack=event.get("attack")))
        return _put(state, i, changed), words
    if kind == "first-player":
        return rounds.pass_marker(setup, state, i)
    if kind == "equip":
        turns.check_turn(setup, state, i, "Attaching Equipment (at the start of your turn)",
                         "card-equipment")
        hero = team.hero_at(seat, event["slot"], "card-equipment")
        held = cards.take(who, seat, 1, f"attaching Equipment to {hero.name}",
                          "card-equipment")
        changed, words = team.equip(who, held, event["slot"], Gear(
            event["name"], event.get("health") or 0, event.get("attack") or 0,
            event.get("die")), bool(event.get("extra")))
        return _put(state, i, changed), words + cards.holding(changed)
    if kind == "play-card":
        if event["card"] == "one-time-use":
            turns.check_turn(setup, state, i, "A One-Time-Use card (played at the start of "
                             "your turn)", "card-one-time-use")
        changed, words = cards.play(who, seat, event["card"], event.get("name"))
        return _put(state, i, changed), words
    if kind == "heal":  # a card's effect: whenever the card says
        changed, words = team.heal(who, seat, event["slot"], event.get("cubes") or 1,
                                   HEALS["card-effect"])
        return _put(state, i, changed), words
    if kind == "hit":
        changed, words = team.hurt(who, seat, event["slot"], event["cubes"], _cause(event))
        return _put(state, i, changed), words
    if kind == "jail":
        high = seat.jail_level_2_3
        if high is not None and event["count"] < high:
            # A revealed Addict said how many of the jailed are Level 2-3; the jail cannot
            # drop below that without a new reveal (else the verdict could not be judged).
            raise InvalidInput("count", f"{who} revealed {high} Level 2-3 Villains in jail; "
                               "reveal again with the new number first.",
                               f"{high} or more", rule="identity-addict")
        return _put(state, i, replace(seat, jail=event["count"])), (
            f"{who}'s jail set by hand: {event['count']} Villains (was {seat.jail})")
    if kind == "hand":
        if seat.med_cards is not None and event["count"] < seat.med_cards:
            raise InvalidInput("count", f"{who} revealed {seat.med_cards} First Aid Kits and "
                               "Med Pacs in hand; reveal again with the new number first.",
                               f"{seat.med_cards} or more", rule="identity-addict")
        changed, words = cards.set_hand(who, seat, event["count"])
        return _put(state, i, changed), words
    if kind == "actions":
        if state.stage != TURNS or state.ended:
            raise InvalidInput("kind", "Action tokens are counted during the players' turns; "
                               "every player has all 4 until the round's Event is chosen.",
                               "during the players' turns", rule="action-token")
        return turns.set_tokens(setup, state, i, event["left"])
    changes: dict[str, Callable[[], team.Change]] = {
        "damage": lambda: team.set_damage(who, seat, event["slot"], event["to"]),
        "defeat": lambda: team.defeat_by_hand(who, seat, event["slot"], event.get("cause")),
    }
    changed, words = changes[kind]()
    return _put(state, i, changed), words


def apply(setup: SessionSetup, state: State, event: Event) -> State:
    kind = event.kind
    if kind == "note":
        return replace(state, notes=state.notes.added(event["text"]))
    if kind in TOLD:
        return step(setup, state, event)[0]
    i = _seat(setup, event)
    if kind in PRIVATE and is_sealed(event):  # an import's entry, its secret left out
        return state
    if kind == "identity":
        return reveal.identity(setup, state, i, event["identity"])
    if kind == "investigate":
        return reveal.investigate(setup, state, i, event)
    return reveal.reveal(setup, state, i, event)


def resolve(setup: SessionSetup, state: State, event: Event) -> Event:
    """The stored form: a told event with its words (and working), worked out from the state
    when it is written; an owner's reveal with the Identity it shows."""
    if event.kind in TOLD:
        try:
            _, said, working = step(setup, state, event)
        except InvalidInput:
            return event  # apply refuses it the same way, saying what can be done instead
        data = {k: v for k, v in event.data.items() if k not in ("said", "working")}
        return Event(event.kind, {**data, "said": said, **({"working": working}
                                                         if working else {})})
    if event.kind == "reveal":
        return reveal.resolve_reveal(setup, state, event)
    return event


# ---------------------------------------------------------------- what can be done now

def _reveals(setup: SessionSetup, state: State) -> list[dict[str, Any]]:
    shown = [Identity(s.revealed) for s in state.seats if s.revealed]
    rest = completion(setup.mode, len(setup.seats), shown, setup.first_game, setup.mix)
    waiting = [s.id for s, st in zip(setup.seats, state.seats, strict=True) if not st.revealed]
    out = []
    for seat, ident in zip(waiting, rest or (), strict=False):
        move: dict[str, Any] = {"kind": "reveal", "seat": seat, "identity": ident.value}
        if ident is Identity.ADDICT:
            move.update(jail_level_2_3=0, med_cards=0)
        out.append(move)
    return out


def _text(values: list[int]) -> str:
    return ", ".join(map(str, values))


def _trigger(setup: SessionSetup, state: State) -> dict[str, Any]:
    """Each player's first Hero for a Firefight, their first damaged one (else the first) for a
    Paramedic; a pick the Events' own damage leaves no longer valid is replaced by the first
    the player may pick, so the move stands."""
    fire = [next((k + 1 for k, h in enumerate(s.team) if h is not None), 0)
            for s in state.seats]
    heal = [next((k + 1 for k, h in enumerate(s.team) if h is not None and h.damage), f)
            for s, f in zip(state.seats, fire, strict=True)]
    for _ in range(2 * SLOTS * len(state.seats)):
        try:
            rounds.trigger(setup, state, fire, heal)
            break
        except rounds.PickNeeded as need:
            (fire if need.field == "firefight" else heal)[need.seat] = need.options[0]
        except InvalidInput:
            break
    return {"kind": "trigger", "firefight": _text(fire), "paramedic": _text(heal)}


def _die(state: State) -> int:
    """A die number that sets off as few track Events as there can be."""
    on_track = [d for _, d in state.track]
    return min(range(1, MAX_DIE + 1), key=lambda d: (on_track.count(d), d))


def _actions(setup: SessionSetup, state: State, i: int) -> list[dict[str, Any]]:
    """Seat i's main actions, pre-filled from the state: Draw first (always possible)."""
    seat, sid = state.seats[i], setup.seats[i].id
    out: list[dict[str, Any]] = [{"kind": "draw", "seat": sid, "deck": "city"}]
    if seat.jail >= 3:
        out.append({"kind": "draw", "seat": sid, "deck": "agency"})
    hurt = next((k + 1 for k, h in enumerate(seat.team) if h is not None and h.damage), None)
    if hurt is not None:
        out.append({"kind": "heal", "seat": sid, "slot": hurt})
    if None in seat.team:
        for k, card in enumerate(state.market):
            if card is None or card.mercenary:
                continue
            move: dict[str, Any] = {"kind": "recruit", "seat": sid, "place": k + 1}
            if card.influence > 0:
                if seat.hand == 0:
                    continue
                move.update(cards=1, paid=card.influence)
            out.append(move)
            break
    if any(seat.team):
        out.append({"kind": "fight", "seat": sid, "villain_health": 1,
                    "attacks": _text([0 if h is None else h.attack or 0 for h in seat.team])})
    if any(h is not None and h.gear for h in seat.team):
        out.append({"kind": "inventory", "seat": sid})
    n = len(setup.seats)
    partner = next(((i + k) % n for k in range(1, n) if state.seats[(i + k) % n].hand != 0),
                   None)
    if seat.hand != 0 and partner is not None:
        out.append({"kind": "trade", "seat": sid, "to_seat": setup.seats[partner].id})
    return out


def moves(setup: SessionSetup, state: State) -> list[dict[str, Any]]:
    """The next step of the round first (so always taking the first ends the game)."""
    if finished(setup, state):
        return []
    if state.ended:
        return _reveals(setup, state)
    if market.crowd_due(setup, state):
        who = setup.seats[market.picker(setup, state)].id
        return [{"kind": "mercenary", "seat": who, "place": market.mercenaries(state)[0]}]
    out: list[dict[str, Any]] = []
    if state.stage == CHOOSE:
        if not rounds.rounds_done(setup, state):
            out.append({"kind": "new-event", "type": EVENT_TYPES[0], "die": 1})
        if rounds.rounds_done(setup, state) or setup.rounds is None:
            out.append({"kind": "end-game"})
    elif state.stage == TURNS:
        owed = turns.die_owed(state)
        now = turns.to_act(setup, state)
        if owed is not None:
            out.append({"kind": "die", "seat": setup.seats[owed].id, "die": _die(state)})
        elif now is not None:
            out += _actions(setup, state, now)
        else:
            out.append(_trigger(setup, state))
    elif state.stage == TRIGGERED:
        out.append({"kind": "end-round"})
        if setup.rounds is None:
            out.append({"kind": "end-game"})
    return out

