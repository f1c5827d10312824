"""Syndicate at the table: the session tracker behind the game's `tracker` slot.

Per seat: credits, influence, crew, VP (Awards and other), bases per zone (and how many are
fortified), tech and assault levels, Black Market markers. For the table: round, alert level,
the Sovereign Destroyer (advanced rules), the star card's round and the last round, the
Phantom's bases (2-player variation), and the values the book does not print, entered once and
remembered (alert colour bands, Black Market prices above 15). The round's order and the
events worked out by the calculators live in turn.py, actions.py and referee.py (state in
session.py, what is allowed now in moves.py); this module holds the forms, the hand-set
corrections, the history lines and the score (scoring.py fed by the state, with standings).
Syndicate has no hidden information the companion tracks (sleepers stay on the table, face
down), so every viewer sees the same state.

Readings (see README.md): corrections send counts as new values, VP as a change with its reason; the
Black Market ladder is tracked as a count of markers filling from the bottom (the marker taken
back is the top one), so the next price is box count + 1.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.inputs import Flag, Form, Integer, IntList, ListOf, OneOf, Text
from assistant.tracker import (
    NOTE,
    Action,
    Board,
    Counter,
    Event,
    Show,
    Track,
    TrackerBase,
    Viewer,
    Wording,
    seat_id,
    seat_index,
    seat_name,
)
from assistant.tracker.base import SAVED_ID
from assistant.tracker.chain import evolve as replace
from assistant.tracker.fields import check_form
from assistant.tracker.kernel import what_now
from assistant.tracker.standings import Standing, table_score

from .calculators.alert import AlertState, band
from .calculators.market import black_market, prices
from .calculators.sovereign import pardon_cost
from .modes import MODE_OPTIONS, SOLO_REASON, PlayMode
from .moves import finished, moves
from .referee import calculated, collect_check, pay_destroyer_check, play
from .scoring import score as score_players
from .session import (
    GAME,
    OVER,
    PHANTOM,
    PHASE_WORDS,
    RACKET,
    RESOURCE_KINDS,
    STARTING,
    TOTAL_TERRITORIES,
    TURNS,
    ZONE_NAMES,
    SeatState,
    SessionSeat,
    SessionSetup,
    State,
    active,
    claimed,
    slot_name,
)
from .session import (
    with_seat as _with_seat,
)
from .tables import (
    ACTION_DICE_EACH,
    DESTROYER_REMOVAL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHANTOM_BASES,
    PHANTOM_PLAYERS,
    ROUNDS_MAX,
    STAR_FIRST,
    STAR_LAST,
    ZONE_COSTS,
    ZONES,
    alert_max,
)
from .turn import own_turn

LADDERS = ("tech", "assault")
LEVEL_TOP = 20
"""The highest tech or assault level the forms and the black-market calculator take."""

SEAT_FORM: Form = (
    Text("name", "Player (or syndicate) name", max_length=40, required=True),
    Text("player", "The player's name, if the seat is named after the syndicate", 40),
    Text("syndicate", "The syndicate they chose", 40),
    *(Integer(k, f"Starting {k} (from the mat; optional: the session asks for the three "
              "when the seat first spends or gains one)", 0, 999, ask=False)
      for k in STARTING),
    Integer("tech", "Starting tech level (from the mat)", 0, 20, ask=False),
    Integer("assault", "Starting assault level: 0, 1 or 2 (from the mat)", 0, 2, ask=False),
    *(Integer(k, f"Racketeering {k.split('_')[1]} each round (from the mat; optional: asked "
              "at the first Resource Collection)", 0, 99, ask=False) for k in RACKET),
    SAVED_ID,
)
SETUP_FORM: Form = (
    OneOf("game", "The game being played.", (GAME,), default=GAME),
    OneOf("mode", "How you play", MODE_OPTIONS, PlayMode.STANDARD.value),
    ListOf("seats", "The players, clockwise from the first player", SEAT_FORM,
           min_items=MIN_PLAYERS, max_items=MAX_PLAYERS, required=True),
    Flag("advanced", "Advanced rules (Sovereign Blockade with the Destroyer)"),
    Flag("extended_turn", "Extended Turn alternative"),
    Integer("orange_from", "First orange level on your alert track (not in the book)", 1, 8),
    Integer("red_from", "First red level on your alert track (not in the book)", 1, 8),
    Text("black_market_prices", "Black Market prices of boxes 4 and up, comma-separated "
         "(not in the book)", 60),
)

SEAT = Text("seat", "Seat id", max_length=40, required=True, seat=True)
TRACK = OneOf("track", "Tech or assault ladder", LADDERS, required=True)
WORKING = Text("working", "Written by the session: the outcome and its working, as the history "
               "shows it (anything sent here is replaced)", 3000)
ZONE = OneOf("zone", "Zone of the territory", ZONE_NAMES, "exo")
OWNER = Text("owner", "Whose base is on that territory: a seat, phantom, or empty for none", 40)
ROLL = Integer("roll", "The action die as rolled", 1, 6, required=True)


def _zone_fields(help_text: str) -> tuple[Integer, ...]:
    return tuple(Integer(z.value, f"{z.value.upper()} {help_text}", 0,
                         ZONE_COSTS[z].territories) for z in ZONES)


EVENT_FORMS: Mapping[str, Form] = {
    "resources": (SEAT, Integer("credits", "Credits now", 0, 9999),
                  Integer("influence", "Influence now", 0, 9999),
                  Integer("crew", "Crew now", 0, 9999)),
    "vp": (SEAT, Integer("amount", "VP gained (negative: lost)", -99, 99, required=True),
           OneOf("source", "Where the VP come from", ("award", "other"), "award"),
           Text("reason", "Which Award or card", 80)),
    "bases": (SEAT, *_zone_fields("bases owned now")),
    "fortified": (SEAT, *_zone_fields("bases fortified now")),
    "tech": (SEAT, Integer("to", "Tech level now", 0, 20, required=True)),
    "assault-level": (SEAT, Integer("to", "Assault level now", 0, 20, required=True)),
    "buy-level": (SEAT, TRACK, WORKING),
    "take-back": (SEAT, TRACK),
    "alert": (Integer("to", "Alert level now", 1, 8, required=True),),
    "failed-mission": (Text("territory", "Territory of the failed mission", 40),
                       OneOf("zone", "Zone of that territory", ZONE_NAMES), OWNER, WORKING),
    "assault": (Text("seat", "Who assaults: a seat, or phantom", 40),
                Text("target", "Whose base is assaulted: a seat, or phantom", 40),
                OneOf("zone", "Zone of the target base", ZONE_NAMES),
                Flag("fortified", "The target base is fortified"),
                Flag("covered", "Covered by its owner's Military Installation"),
                Integer("reinforcements", "Reinforcements used (0-4)", 0, 4),
                Integer("roll", "The action die as rolled (leave out to record only the "
                        "alert, as a correction)", 1, 6), WORKING),
    "destroyer": (Text("territory", "Where the Destroyer is now (empty: off the board)", 40),
                  OneOf("zone", "Zone of that territory", ZONE_NAMES), OWNER),
    "pay-destroyer": (SEAT,),
    "round": (Integer("to", "Round now", 1, ROUNDS_MAX, required=True),),
    "star-drawn": (Integer("round", "Round the star card came up", STAR_FIRST, STAR_LAST,
                           required=True),),
    "last-round": (Integer("to", "Last round, marked by hand", 1, ROUNDS_MAX, required=True),),
    "table-values": (Integer("orange_from", "First orange alert level", 1, 8),
                     Integer("red_from", "First red alert level", 1, 8),
                     Text("black_market_prices", "Black Market prices of boxes 4 and up, "
                          "comma-separated", 60)),
    "phantom-bases": (Integer("count", "Bases the Phantom owns", 0, TOTAL_TERRITORIES,
                              required=True),
                      Integer("fortified", "Of them fortified", 0, TOTAL_TERRITORIES, 0)),
    "mat": (SEAT, *(Integer(k, f"Racketeering {k.split('_')[1]} each round (from the mat)",
                            0, 99, required=True) for k in RACKET)),
    "collect": (SEAT,
                Text("order", "Crew upkeep: your MIDDLE and INNER bases in the order you pay "
                     "them, e.g. 'inner, middle' (the rest after, MIDDLE first)", 80),
                Integer("bonus_credits", "Syndicate, Mining Center and route bonuses: credits",
                        0, 99, 0),
                Integer("bonus_influence", "Bonuses: influence", 0, 99, 0),
                Integer("bonus_crew", "Bonuses: crew", 0, 99, 0),
                *(Integer(f"flipped_{z.value}", f"{z.value.upper()} bases flipped for tax or "
                          "under the Destroyer", 0, ZONE_COSTS[z].territories, 0)
                  for z in ZONES), WORKING),
    "end-turn": (WORKING,),
    "phantom-fortify": (WORKING,),
    "mission": (SEAT, Text("territory", "The mission's territory", 40), ZONE, OWNER,
                IntList("winning_faces", "Winning rolls printed on the card for the "
                        "territory's occupancy", minimum=1, maximum=6, min_items=1,
                        max_items=6, required=True),
                IntList("hired_faces", "Extra winning rolls with hired hands (grey)",
                        minimum=1, maximum=6, max_items=6),
                Flag("hire", "Hire extra hands"),
                Integer("hire_credits", "Hire price: credits", 0, 99, 0),
                Integer("hire_influence", "Hire price: influence", 0, 99, 0),
                Integer("hire_crew", "Hire price: crew", 0, 99, 0),
                Integer("reward_credits", "Reward: credits", 0, 999, 0),
                Integer("reward_influence", "Reward: influence", 0, 999, 0),
                Integer("reward_crew", "Reward: crew", 0, 999, 0),
                Flag("cooperative", "Cooperative: share the reward with the base's owner"),
                Integer("round_required", "Round printed on the card (outside EXO)", 1, 8),
                Integer("modifier", "Net roll modifier from bonus chips or Advanced Tech", -5,
                        5, 0),
                Flag("casino", "The Casino's owner adds its +1"), ROLL, WORKING),
    "robbery": (SEAT, Text("target", "Whose base is robbed: a seat, or phantom", 40,
                           required=True),
                Text("territory", "The card's territory (where a Destroyer would land)", 40),
                ZONE, Flag("fortified", "The robbed base is fortified"),
                IntList("winning_faces", "Winning rolls printed on the card", minimum=1,
                        maximum=6, min_items=1, max_items=6, required=True),
                IntList("hired_faces", "Extra winning rolls with hired hands (grey)",
                        minimum=1, maximum=6, max_items=6),
                Flag("hire", "Hire extra hands"),
                Integer("hire_credits", "Hire price: credits", 0, 99, 0),
                Integer("hire_influence", "Hire price: influence", 0, 99, 0),
                Integer("hire_crew", "Hire price: crew", 0, 99, 0),
                Integer("dice_unfortified", "Consequence dice on the card against an "
                        "unfortified base", 0, 3, required=True),
                Integer("dice_fortified", "Consequence dice on the card against a fortified "
                        "base", 0, 3),
                Integer("round_required", "Round printed on the card (outside EXO)", 1, 8),
                Integer("modifier", "Net roll modifier from bonus chips or Advanced Tech", -5,
                        5, 0),
                Flag("casino", "The Casino's owner adds its +1"), ROLL,
                IntList("consequence", "The consequence dice as rolled (on a win)", minimum=1,
                        maximum=6, max_items=3), WORKING),
    "buy-base": (SEAT, ZONE, WORKING),
    "exchange": (SEAT, OneOf("get", "What you get", ("influence", "crew"), required=True),
                 OneOf("give", "What you give", ("credits", "influence", "crew"), "credits"),
                 Integer("amount", "How much you get", 1, 99, 1), WORKING),
    "sell-card": (SEAT, OneOf("resource", "The resource taken for the card",
                              ("credits", "influence", "crew"), required=True), WORKING),
    "fortify-base": (SEAT, ZONE, WORKING),
    "sovereign-card": (Flag("star", "It is the Beginning of the End (the star card)"), WORKING),
    "pardon": (SEAT, Flag("leave_out_flipped", "Leave the base under the Destroyer out of the "
                          "count (the book does not say)"), WORKING),
    "tax": (SEAT, Integer("per_base", "Credits the Tax card charges for each base", 1, 99,
                          required=True),
            *(Integer(f"flip_{z.value}", f"{z.value.upper()} bases left unpaid (your choice; "
                      "empty: EXO first)", 0, ZONE_COSTS[z].territories, 0) for z in ZONES),
            WORKING),
    "end-round": (WORKING,),
    "note": (Text("text", "The note", max_length=200, required=True),),
}
CORRECTIONS = frozenset({"resources", "bases", "fortified", "tech", "assault-level", "alert",
                         "failed-mission", "assault", "destroyer", "round", "star-drawn",
                         "last-round"})
"""Hand-set values: still accepted (a table fixing a mistake, a session recorded before the
referee), and marked so in the history."""


def parse_setup(data: Mapping[str, Any]) -> SessionSetup:
    values = check_form(SETUP_FORM, data)
    if data.get("game") not in (None, GAME):
        raise InvalidInput("game", "This setup belongs to another game.", GAME)
    mode = PlayMode(values["mode"])
    raw = data.get("seats")
    if not isinstance(raw, list) or len(raw) < 1:
        raise InvalidInput("seats", "List the players.", f"{MIN_PLAYERS}-{MAX_PLAYERS} seats")
    if len(raw) == 1:
        raise InvalidInput("seats", SOLO_REASON, f"{MIN_PLAYERS}-{MAX_PLAYERS} seats")
    if not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise InvalidInput("seats", f"Syndicate seats {MIN_PLAYERS} to {MAX_PLAYERS} players.",
                           f"{MIN_PLAYERS}-{MAX_PLAYERS} seats")
    if mode is PlayMode.PHANTOM and len(raw) != PHANTOM_PLAYERS:
        raise InvalidInput("seats", "The Phantom variation is for two real players.",
                           f"{PHANTOM_PLAYERS} seats")
    seats: list[SessionSeat] = []
    for i, item in enumerate(raw):
        v = check_form(SEAT_FORM, item if isinstance(item, Mapping) else {}, f"seats.{i}")
        sid = seat_id(v["name"])
        if isinstance(item, Mapping) and item.get("id") not in (None, sid):
            raise InvalidInput(f"seats.{i}.id", "A seat's id comes from its name.", sid)
        if sid == "phantom":
            raise InvalidInput(f"seats.{i}.name", "The Phantom is not a seat: choose the "
                               "phantom mode instead.", "a player's name")
        if any(s.id == sid for s in seats):
            raise InvalidInput(f"seats.{i}.name", "Two seats share a name.", "different names")
        given = [v.get(k) for k in RACKET]
        if any(g is not None for g in given) and any(g is None for g in given):
            missing = next(k for k, g in zip(RACKET, given, strict=True) if g is None)
            raise InvalidInput(f"seats.{i}.{missing}", "Give all three racketeering amounts.",
                               "0-99")
        racket = None if given[0] is None else tuple(int(g or 0) for g in given)
        start = [v.get(k) for k in STARTING]
        if any(g is not None for g in start) and any(g is None for g in start):
            missing = next(k for k, g in zip(STARTING, start, strict=True) if g is None)
            raise InvalidInput(f"seats.{i}.{missing}", "Give the starting credits, influence "
                               "and crew from the mat together, or none of them: the session "
                               "asks for them when the seat first needs them.", "0-999")
        seats.append(SessionSeat(sid, v["name"], v.get("player"), v.get("syndicate"),
                                 v.get("credits"), v.get("influence"), v.get("crew"),
                                 v.get("tech"), v.get("assault"), racket))
    maximum = alert_max(len(seats))
    orange, red = values.get("orange_from"), values.get("red_from")
    _check_bands(orange, red, maximum)
    return SessionSetup(mode, tuple(seats), values.get("advanced", False),
                        values.get("extended_turn", False), orange, red,
                        price_list(values.get("black_market_prices")))


def price_list(raw: Any, field: str = "black_market_prices") -> tuple[int, ...]:
    """'20, 25' → (20, 25): the prices of boxes 4, 5, ... as printed on the table's board."""
    if raw is None or raw == "":
        return ()
    if isinstance(raw, (list, tuple)):
        parts = [str(p) for p in raw]
    else:
        parts = [p.strip() for p in str(raw).split(",") if p.strip()]
    out = []
    for p in parts:
        if not p.isdigit() or not 1 <= int(p) <= 999:
            raise InvalidInput(field, f"{p!r} is not a price.", "whole numbers 1-999, "
                               "comma-separated")
        out.append(int(p))
    return tuple(out)


def _check_bands(orange: int | None, red: int | None, maximum: int) -> None:
    for name, v in (("orange_from", orange), ("red_from", red)):
        if v is not None and v > maximum:
            raise InvalidInput(name, f"The alert maximum here is {maximum}.", f"1-{maximum}")
    if orange is not None and red is not None and red <= orange:
        raise InvalidInput("red_from", "Red starts above orange.", f"{orange + 1}-{maximum}")


def initial(setup: SessionSetup) -> State:
    seats = tuple(SeatState(s.credits or 0, s.influence or 0, s.crew or 0, s.tech, s.assault,
                            racket=s.racket, resources_known=s.credits is not None)
                  for s in setup.seats)
    return State(seats, orange_from=setup.orange_from, red_from=setup.red_from,
                 black_market_prices=setup.black_market_prices,
                 phantom_bases=PHANTOM_BASES if setup.mode is PlayMode.PHANTOM else None)


def next_price(state: State, seat: SeatState, ladder: int) -> int | None:
    """Price of the lowest box without this seat's marker (markers fill from the bottom)."""
    ladder_prices = prices(state.black_market_prices)
    box = seat.markers[ladder] + 1
    return ladder_prices[box - 1] if box <= len(ladder_prices) else None


def apply(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    return applied(setup, state, event)[0]


def applied(setup: SessionSetup, state: State, event: Event) -> tuple[State, list[str]]:
    """The state after `event`, and its outcome in words where the session worked it out."""
    kind = event.kind
    if kind in RESOURCE_KINDS and (calculated(event) or kind in ("pay-destroyer",
                                                                  "buy-level")):
        _resources_entered(setup, state, event)
    if calculated(event):
        return play(setup, state, event)
    if kind in ("failed-mission", "assault"):
        return _alert_correction(setup, state, event)
    if kind == "buy-level":
        return _buy_level(setup, state, event)
    if kind in ("resources", "vp", "bases", "fortified", "tech", "assault-level",
                "take-back", "pay-destroyer", "mat"):
        i = seat_index(setup.seats, event["seat"])
        return _seat_event(setup, state, event, i), []
    return _table_event(setup, state, event), []


def _resources_entered(setup: SessionSetup, state: State, event: Event) -> None:
    """A move that spends or gains credits, influence or crew needs the seat's own (and a
    robbed seat's): their starting amounts are printed on the syndicate's mat
    (syndicate.txt:345) and the table enters them with Resources when first needed."""
    fields = ("seat", "target") if event.kind == "robbery" else ("seat",)
    for field in fields:
        raw = event.get(field)
        if not raw or str(raw).casefold() == PHANTOM:
            continue
        i = seat_index(setup.seats, str(raw), field)
        if not state.seats[i].resources_known:
            raise InvalidInput(field, f"{setup.seats[i].name}'s starting credits, influence "
                               "and crew are not entered yet: they are printed on the "
                               "syndicate's mat (rule setup-player-mat, syndicate.txt:345). Enter "
                               f"the three with Resources for {setup.seats[i].name} first, "
                               "then this move.", "a seat whose resources are entered")


def _buy_level(setup: SessionSetup, state: State, event: Event) -> tuple[State, list[str]]:
    """A level bought at the lowest box without the seat's marker: the black-market
    calculator's price (syndicate.txt:587-591)."""
    i = seat_index(setup.seats, event["seat"])
    seat, track = state.seats[i], str(event["track"])
    ladder = LADDERS.index(track)
    after = _seat_event(setup, state, event, i)
    level = seat.tech if ladder == 0 else seat.assault
    level = level if level is not None and level < LEVEL_TOP else None  # the form's range
    answer = black_market({"ladder": track,
                           "own_boxes": list(range(1, seat.markers[ladder] + 1)),
                           "further_prices": list(state.black_market_prices),
                           **({"level": level} if level is not None else {})})
    bought = answer.result["purchases"][0]
    text = (f"{setup.seats[i].name} buys {'an' if track == 'assault' else 'a'} {track} level "
            "on the Black Market for "
            f"{bought['price']} credits (box {bought['box']})")
    if level is not None:
        text += f": {track} level {level} → {level + 1}"
    keep = " ".join(st.text for st in answer.steps if st.text.startswith("Purchase"))
    return after, [text + ".", "Working: " + keep]


def _alert_correction(setup: SessionSetup, state: State, event: Event
                      ) -> tuple[State, list[str]]:
    """A failed mission or an assault recorded by its alert alone (the alert calculator):
    at the maximum the alert stays, and with the advanced rules a failed mission brings the
    Destroyer onto its territory (syndicate.txt:507, 520, 631)."""
    who = ""
    if event.get("seat"):
        if str(event["seat"]).casefold() == PHANTOM:
            if setup.mode is not PlayMode.PHANTOM:
                raise InvalidInput("seat", "There is no Phantom in this game.",
                                   ", ".join(s.id for s in setup.seats))
            who = "the Phantom"
        else:
            who = setup.seats[seat_index(setup.seats, event["seat"])].name
    alert = AlertState(state.alert, setup.alert_max, setup.advanced, state.destroyer)
    if event.kind == "failed-mission":
        territory = (event.get("territory") or "").strip()
        zone, owner = _where(setup, state, event)
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


def _where(setup: SessionSetup, state: State, event: Event) -> tuple[str | None, str | None]:
    """The zone and owner of the base at the Destroyer's territory, as the table said."""
    raw = (event.get("owner") or "").strip()
    zone = event.get("zone")
    if not raw:
        return zone, None
    if zone is None:
        raise InvalidInput("zone", "Name the zone of that player's base.", ", ".join(ZONE_NAMES))
    if raw.casefold() == PHANTOM:
        if not state.phantom_bases:
            raise InvalidInput("owner", "The Phantom holds no base.", "a seat, or empty")
        return zone, PHANTOM
    i = seat_index(setup.seats, raw, "owner")
    if not state.seats[i].bases[ZONE_NAMES.index(zone)]:
        raise InvalidInput("owner", f"{setup.seats[i].name} holds no {zone.upper()} base.",
                           "the owner of a base in that zone, or empty")
    return zone, setup.seats[i].id


def _table_event(setup: SessionSetup, state: State, event: Event) -> State:
    kind = event.kind
    if kind == "alert":
        if event["to"] > setup.alert_max:
            raise InvalidInput("to", f"The alert maximum with {len(setup.seats)} players is "
                               f"{setup.alert_max}.", f"1-{setup.alert_max}")
        dropped = event["to"] < state.alert
        return replace(state, alert=event["to"],
                       destroyer=None if dropped else state.destroyer)
    if kind == "destroyer":
        if not setup.advanced:
            raise InvalidInput("territory", "The Destroyer only plays with the advanced rules.",
                               "sessions created with advanced rules")
        where = (event.get("territory") or "").strip() or None
        if where and state.alert < setup.alert_max:
            raise InvalidInput("territory", "The Destroyer comes in only at maximum alert.",
                               f"alert {setup.alert_max}, or empty to take it off")
        zone, owner = _where(setup, state, event) if where else (None, None)
        return replace(state, destroyer=where, destroyer_zone=zone, destroyer_owner=owner)
    if kind == "round":
        return _round(state, event["to"])
    if kind == "star-drawn":
        if state.star_round is not None:
            raise InvalidInput("round", f"The star card came up in round {state.star_round}.",
                               "undo that event first")
        if event["round"] > state.round:
            raise InvalidInput("round", "That round has not been played yet.",
                               f"{STAR_FIRST}-{min(state.round, STAR_LAST)}")
        return replace(state, star_round=event["round"], last_round=event["round"] + 1)
    if kind == "last-round":
        if state.phase == OVER:
            raise InvalidInput("to", "The game is over; undo its last round's end first.")
        if event["to"] < state.round:
            raise InvalidInput("to", "That round is already over.", f"{state.round}-{ROUNDS_MAX}")
        return replace(state, last_round=event["to"])
    if kind == "table-values":
        orange = event.get("orange_from", state.orange_from)
        red = event.get("red_from", state.red_from)
        _check_bands(orange, red, setup.alert_max)
        more = price_list(event.get("black_market_prices"))
        return replace(state, orange_from=orange, red_from=red,
                       black_market_prices=more or state.black_market_prices)
    if kind == "phantom-bases":
        if setup.mode is not PlayMode.PHANTOM:
            raise InvalidInput("count", "There is no Phantom in this game.", "phantom mode only")
        if event["fortified"] > event["count"]:
            raise InvalidInput("fortified", "More fortified than owned.", f"0-{event['count']}")
        owned = sum(sum(s.bases) for s in state.seats)
        if event["count"] + owned > TOTAL_TERRITORIES:
            raise InvalidInput("count", f"Only {TOTAL_TERRITORIES} territories exist.",
                               f"0-{TOTAL_TERRITORIES - owned}")
        return replace(state, phantom_bases=event["count"], phantom_fortified=event["fortified"])
    if kind == "note":
        return replace(state, notes=state.notes.added(event["text"]))
    raise InvalidInput("kind", f"There is no event kind {kind!r}.", ", ".join(EVENT_FORMS))


def _round(state: State, to: int) -> State:
    """The round set by hand: forward only, and never past the last round (syndicate.txt:39,
    415; the star card fixes the last, rule end-of-game)."""
    last = state.last_round if state.last_round is not None else ROUNDS_MAX
    if state.phase == OVER:
        raise InvalidInput("to", f"The game ended with round {state.round}; undo its end first.",
                           f"{state.round}")
    if to < state.round:
        raise InvalidInput("to", "Rounds only move forward (undo a mistake instead).",
                           f"{state.round}-{last}")
    if to == state.round:
        return state
    seats = tuple(replace(s, dice_used=0, reinforcements_used=0) for s in state.seats)
    return replace(state, seats=seats, round=to, phase=TURNS, turn=0, acted=0,
                   out=frozenset(), card_drawn=False)


def admit(setup: SessionSetup, state: State, event: Event) -> None:
    """Rules a request is held to that sessions stored before the referee were not: those
    still fold as they were recorded (History.extend applies without resolving), while a new
    request, or an import, is refused."""
    kind = event.kind
    if kind == "round":
        _round_room(state, int(event["to"]))
    elif kind == "bases":
        i = seat_index(setup.seats, event["seat"])
        owned = [int(event[z]) if event.get(z) is not None else n
                 for z, n in zip(ZONE_NAMES, state.seats[i].bases, strict=True)]
        board = sum(sum(s.bases) for j, s in enumerate(state.seats) if j != i) + \
            (state.phantom_bases or 0)
        if board + sum(owned) > TOTAL_TERRITORIES:
            raise InvalidInput(next((z for z in ZONE_NAMES if event.get(z) is not None), "exo"),
                               f"The board has {TOTAL_TERRITORIES} territories and "
                               f"{board} already hold another's base"
                               + (", the Phantom's counted" if state.phantom_bases else "")
                               + " (rule zones).",
                               f"{TOTAL_TERRITORIES - board} bases in all at most")
    elif kind == "collect":
        collect_check(setup, state, seat_index(setup.seats, event["seat"]))
    elif kind == "pay-destroyer":
        pay_destroyer_check(setup, state, seat_index(setup.seats, event["seat"]))


def _round_room(state: State, to: int) -> None:
    last = state.last_round if state.last_round is not None else ROUNDS_MAX
    if to > last and state.phase != OVER:
        why = (f"round {last} is the last (the star card came up in round {state.star_round})"
               if state.star_round is not None else
               f"round {last} is the last, set by hand" if state.last_round is not None else
               f"the game lasts at most {ROUNDS_MAX} rounds")
        raise InvalidInput("to", f"There is no round {to}: {why} (rule end-of-game).",
                           f"{state.round}-{last}")


def _or(value: Any, default: int) -> int:
    return default if value is None else int(value)


def _seat_event(setup: SessionSetup, state: State, event: Event, i: int) -> State:
    seat = state.seats[i]
    kind = event.kind
    if kind == "resources":
        if all(event.get(k) is None for k in STARTING):
            raise InvalidInput("credits", "Give at least one amount.", "credits, influence, crew")
        missing = [k for k in STARTING if event.get(k) is None]
        if not seat.resources_known and missing:
            raise InvalidInput(missing[0], f"{setup.seats[i].name}'s starting resources are "
                               "not entered yet: give all three from the mat (rule "
                               "setup-player-mat, syndicate.txt:345).",
                               "credits, influence and crew together")
        return _with_seat(state, i, replace(
            seat, credits=_or(event.get("credits"), seat.credits),
            influence=_or(event.get("influence"), seat.influence),
            crew=_or(event.get("crew"), seat.crew), resources_known=True))
    if kind == "vp":
        field = "award_vp" if event.get("source", "award") == "award" else "other_vp"
        was = seat.award_vp if field == "award_vp" else seat.other_vp
        now = was + int(event["amount"])
        if now < 0:
            raise InvalidInput("amount", "VP from a source cannot go below 0.",
                               f"{-was} or more")
        return _with_seat(state, i, replace(seat, award_vp=now) if field == "award_vp"
                          else replace(seat, other_vp=now))
    if kind in ("bases", "fortified"):
        owned, fort = list(seat.bases), list(seat.fortified)
        changed = False
        for z, zone in enumerate(ZONES):
            value = event.get(zone.value)
            if value is None:
                continue
            changed = True
            if kind == "bases":
                room = ZONE_COSTS[zone].territories - claimed(state, z, i)
                if value > room:
                    raise InvalidInput(zone.value, f"The {zone.value.upper()} zone has "
                                       f"{ZONE_COSTS[zone].territories} territories; the "
                                       "others hold the rest.", f"0-{room}")
                owned[z] = value
                fort[z] = min(fort[z], value)
            else:
                if value > owned[z]:
                    raise InvalidInput(zone.value, "Only bases you own can be fortified.",
                                       f"0-{owned[z]}")
                fort[z] = value
        if not changed:
            raise InvalidInput("exo", "Give at least one zone.", ", ".join(ZONE_NAMES))
        return _with_seat(state, i, replace(seat, bases=tuple(owned), fortified=tuple(fort)))
    if kind == "tech":
        return _with_seat(state, i, replace(seat, tech=event["to"]))
    if kind == "assault-level":
        return _with_seat(state, i, replace(seat, assault=event["to"]))
    if kind == "buy-level":
        if state.paced:
            own_turn(setup, state, i, "track")
        ladder = LADDERS.index(event["track"])
        price = next_price(state, seat, ladder)
        if price is None:
            raise InvalidInput("track", f"The price of box {seat.markers[ladder] + 1} is not "
                               "in the book; enter your board's prices (table values) first.",
                               "table-values with black_market_prices")
        if seat.credits < price:
            raise InvalidInput("track", f"It costs {price} credits; {seat.credits} held.",
                               f"at least {price} credits")
        markers = list(seat.markers)
        markers[ladder] += 1
        upd = replace(seat, credits=seat.credits - price, markers=tuple(markers))
        if ladder == 0:
            upd = replace(upd, tech=None if seat.tech is None else seat.tech + 1)
        else:
            upd = replace(upd, assault=None if seat.assault is None else seat.assault + 1)
        state = _with_seat(state, i, upd)
        return replace(state, acted=state.acted + 1) if state.paced else state
    if kind == "take-back":
        ladder = LADDERS.index(event["track"])
        if not seat.markers[ladder]:
            raise InvalidInput("track", f"No marker on the {event['track']} ladder.",
                               ", ".join(LADDERS[k] for k in (0, 1) if seat.markers[k])
                               or "none")
        if seat.took_back_round == state.round:
            raise InvalidInput("track", "One marker back per round, in Resource Collection.",
                               "next round")
        markers = list(seat.markers)
        markers[ladder] -= 1
        return _with_seat(state, i, replace(seat, markers=tuple(markers),
                                            took_back_round=state.round))
    if kind == "mat":
        return _with_seat(state, i, replace(seat, racket=tuple(int(event[k]) for k in RACKET)))
    # pay-destroyer
    if state.destroyer is None:
        raise InvalidInput("seat", "The Destroyer is not on the board.", "when it is")
    if seat.influence < DESTROYER_REMOVAL:
        raise InvalidInput("seat", f"It costs {DESTROYER_REMOVAL} influence; {seat.influence} "
                           "held.", f"at least {DESTROYER_REMOVAL} influence")
    state = replace(state, destroyer=None, destroyer_zone=None, destroyer_owner=None)
    return _with_seat(state, i, replace(seat, influence=seat.influence - DESTROYER_REMOVAL))


def describe(event: Event, names: Mapping[str, str]) -> str:
    text = _line(event, names)
    text = text[:1].upper() + text[1:]
    if event.kind in CORRECTIONS and not (event.kind == "assault" and event.get("roll")):
        return "(correction) " + text
    return text


def _line(event: Event, names: Mapping[str, str]) -> str:
    who = seat_name(names, event.get("seat"))
    kind = event.kind
    if event.get("working"):
        return str(event["working"])
    if kind == "resources":
        parts = [f"{event[k]} {k}" for k in ("credits", "influence", "crew")
                 if event.get(k) is not None]
        return f"{who}'s resources set by hand: {', '.join(parts)}"
    if kind == "vp":
        why = f" ({event['reason']})" if event.get("reason") else ""
        amount = int(event["amount"])
        return (f"{who} receives {amount} VP{why}" if amount >= 0
                else f"{who} loses {-amount} VP{why}")
    if kind in ("bases", "fortified"):
        parts = [f"{event[z]} {z.upper()}" for z in ZONE_NAMES if event.get(z) is not None]
        what = "bases" if kind == "bases" else "fortified bases"
        return f"{who}'s {what} set by hand: {', '.join(parts)}"
    if kind in ("tech", "assault-level"):
        return f"{who}'s {'tech' if kind == 'tech' else 'assault'} level set to {event['to']}"
    if kind == "buy-level":
        return f"{who} buys a level on the {event['track']} ladder of the Black Market"
    if kind == "take-back":
        return f"{who} takes a marker back from the {event['track']} ladder (one a round)"
    if kind == "pay-destroyer":
        return (f"{who} pays {DESTROYER_REMOVAL} influence: the Destroyer leaves their base for "
                "the alert track")
    if kind == "alert":
        return f"Alert set to {event['to']}"
    if kind == "failed-mission":
        where = f" on {event['territory']}" if event.get("territory") else ""
        return f"A mission failed{where}: the alert rises by 1 unless at its maximum"
    if kind == "assault":
        return (f"{who or 'A player'} assaulted: the alert rises by 1 unless at its maximum")
    if kind == "destroyer":
        return (f"The Destroyer placed on {event['territory']}" if event.get("territory")
                else "The Destroyer taken off the board")
    if kind == "round":
        return f"Round set to {event['to']}"
    if kind == "star-drawn":
        return (f"The star card (Beginning of the End) came up in round {event['round']}: round "
                f"{int(event['round']) + 1} is the last")
    if kind == "last-round":
        return f"Last round set to {event['to']}"
    if kind == "table-values":
        parts = [f"{k.replace('_', ' ')} {event[k]}" for k in
                 ("orange_from", "red_from", "black_market_prices") if event.get(k)]
        return "Table values entered" + (f": {', '.join(parts)}" if parts else "")
    if kind == "mat":
        return (f"{who}'s racketeering income each round: {event['racket_credits']} credits, "
                f"{event['racket_influence']} influence, {event['racket_crew']} crew")
    if kind == "phantom-bases":
        return (f"The Phantom holds {event['count']} bases ({event.get('fortified', 0)} "
                "fortified)")
    if kind == "collect":
        return f"{who} collects income (Resource Collection)"
    if kind == "note":
        return f"Note: {event.get('text', '')}"
    return f"{kind.replace('-', ' ').capitalize()}" + (f": {who}" if who else "")


def state_json(setup: SessionSetup, state: State) -> dict[str, Any]:
    seats = []
    for s, st in zip(setup.seats, state.seats, strict=True):
        held = sum(st.bases)
        pardon, _ = pardon_cost(held)
        row: dict[str, Any] = {
            "id": s.id, "name": s.name,
            **{k: getattr(st, k) if st.resources_known else None for k in STARTING},
            "resources_entered": st.resources_known, "vp": st.award_vp + st.other_vp,
            "award_vp": st.award_vp,
            "other_vp": st.other_vp, "score": st.credits + st.award_vp + st.other_vp,
            "tech": st.tech, "assault": st.assault, "bases": held,
            "tech_markers": st.markers[0], "assault_markers": st.markers[1],
            "next_tech_price": next_price(state, st, 0),
            "next_assault_price": next_price(state, st, 1), "pardon": pardon,
            "racket": list(st.racket) if st.racket is not None else None,
            "upkeep": sum(ZONE_COSTS[z].upkeep * n for z, n in zip(ZONES, st.bases,
                                                                  strict=True)),
        }
        for z, n, f in zip(ZONE_NAMES, st.bases, st.fortified, strict=True):
            row[z] = n
            row[f"{z}_fortified"] = f
        row["dice_armed"] = ACTION_DICE_EACH - st.dice_used
        row["reinforcements_used"] = st.reinforcements_used
        row["collected"] = st.collected_round == state.round
        row["pardoned"] = st.pardoned_round == state.round
        row["flipped"] = sum(st.tax_flipped) + sum(st.crew_flipped)
        row["line"] = (f"{held} bases · pardon {pardon} · next tech "
                       f"{row['next_tech_price'] or '?'} · next assault "
                       f"{row['next_assault_price'] or '?'} · {row['dice_armed']} dice armed"
                       + (f" · {row['flipped']} flipped" if row["flipped"] else ""))
        seats.append(row)
    now = active(setup, state)
    return {
        "phase": state.phase, "phase_words": PHASE_WORDS[state.phase],
        "turn": None if now is None else (PHANTOM if now < 0 else setup.seats[now].id),
        "turn_name": None if now is None else slot_name(setup, now),
        "card_drawn": state.card_drawn, "over": state.phase == OVER,
        "destroyer_owner": state.destroyer_owner, "destroyer_zone": state.destroyer_zone,
        "round": state.round, "alert": state.alert, "alert_max": setup.alert_max,
        "band": band(state.alert, state.orange_from, state.red_from),
        "advanced": setup.advanced, "extended_turn": setup.extended_turn,
        "destroyer": state.destroyer, "no_destroyer": state.destroyer is None,
        "star_round": state.star_round, "last_round": state.last_round,
        "orange_from": state.orange_from, "red_from": state.red_from,
        "black_market_prices": list(prices(state.black_market_prices)),
        "phantom_bases": state.phantom_bases, "phantom_fortified": state.phantom_fortified,
        "notes": list(state.notes), "seats": seats,
    }


def final_score(setup: SessionSetup, state: State) -> Explained:
    """The score calculator fed by the state, with each seat's standing: provisional until
    the last round has ended (rule end-of-game)."""
    players = [{"name": s.name, "credits": st.credits, "award_vp": st.award_vp,
                "other_vp": st.other_vp} for s, st in zip(setup.seats, state.seats, strict=True)]
    answer = score_players({"players": players})
    over = finished(state)
    if not over:
        step = Step(f"Provisional: round {state.round}"
                    + (f" of {state.last_round}" if state.last_round else "")
                    + f", {PHASE_WORDS[state.phase]}; the game ends once the last round is "
                    "over.", state.round, "end-of-game", Provenance.DERIVED,
                    "The end comes after the round following the star card.")
        answer = Explained(answer.result, (*answer.steps, step), answer.summary, answer.extra)
    rows = {r["name"]: r for r in answer.result["ranking"]}
    standings = []
    for s, st in zip(setup.seats, state.seats, strict=True):
        row = rows[s.name]
        steps = [Step(f"{st.credits} credits", st.credits, "syndicate-score")]
        if st.award_vp:
            steps.append(Step(f"+{st.award_vp} VP from Awards", st.award_vp, "awards",
                              Provenance.UNKNOWN, "The Awards' feats and VP are on the board."))
        if st.other_vp:
            steps.append(Step(f"+{st.other_vp} other VP", st.other_vp, "final-score",
                              Provenance.UNKNOWN, "Entered by the table."))
        level = [o for o in answer.result["ranking"] if o["score"] == row["score"]
                 and o["name"] != s.name]
        tie = (f"Level with {' and '.join(str(o['name']) for o in level)} on {row['score']}: "
               "the book prints no tie-break, so the place is shared (rule ties)."
               if level else "")
        standings.append(Standing(s.id, s.name, int(row["rank"]), int(row["score"]),
                                  row["rank"] == 1, tuple(steps), tie, s.syndicate or ""))
    return table_score(answer, standings, final=over)


EXAMPLE_SETUP: Mapping[str, Any] = {
    "mode": "standard", "advanced": True,
    "seats": [{"name": "Ana", "syndicate": "Fidge & Co.", "credits": 3, "influence": 0,
               "crew": 2}, {"name": "Ben", "credits": 0, "influence": 0, "crew": 0},
              {"name": "Cy"}]}
"""Ana's mat is the one the rulebook prints (syndicate.txt:350); Ben's amounts are typed at
the start, Cy's are asked when Cy first spends or gains one."""
RAW_EXAMPLES: Sequence[Mapping[str, Any]] = (
    {"kind": "resources", "seat": "ana", "credits": 14, "influence": 4},
    {"kind": "buy-base", "seat": "ana", "zone": "exo"},
    {"kind": "buy-level", "seat": "ana", "track": "tech"},
    {"kind": "mission", "seat": "ana", "territory": "Goshen", "winning_faces": [4, 5, 6],
     "reward_credits": 4, "roll": 2},
    {"kind": "end-turn"},
    {"kind": "resources", "seat": "ben", "crew": 6},
    {"kind": "assault", "seat": "ben", "target": "ana", "zone": "exo", "roll": 3},
    {"kind": "end-turn"},
    {"kind": "vp", "seat": "cy", "amount": 3, "reason": "an Award"},
    {"kind": "end-turn"},
    {"kind": "sovereign-card"},
    {"kind": "mat", "seat": "ana", "racket_credits": 3, "racket_influence": 0,
     "racket_crew": 3},
    {"kind": "collect", "seat": "ana"},
)


def _stored(raw: Sequence[Mapping[str, Any]]) -> tuple[dict[str, Any], ...]:
    """The examples as the session stores them: each with the outcome it worked out (the API
    docs show them, and each is its own stored form)."""
    setup = parse_setup(EXAMPLE_SETUP)
    state, out = initial(setup), []
    for item in raw:
        event = Event(str(item["kind"]), check_form(EVENT_FORMS[str(item["kind"])], item,
                                                    allow_extra=("kind",)))
        state, lines = applied(setup, state, event)
        out.append({**item, **({"working": " ".join(lines)} if lines else {})})
    return tuple(out)


EXAMPLE_EVENTS = _stored(RAW_EXAMPLES)


class SyndicateTracker(TrackerBase):
    setup_form = SETUP_FORM
    event_forms = EVENT_FORMS
    wording = Wording(seat="player", seats="players",
                      follows="credits, influence, crew, bases, the alert level and the "
                              "final score")
    example_setup = EXAMPLE_SETUP
    example_events = EXAMPLE_EVENTS

    def parse_setup(self, data: Mapping[str, Any]) -> SessionSetup:
        return parse_setup(data)

    def initial(self, setup: SessionSetup) -> State:
        return initial(setup)

    def start_seat(self, setup: SessionSetup) -> str | None:
        """The first seat: the setup lists the players clockwise from the one the Order roll
        gave the First Player marker (rulebook, setup step 10, Order)."""
        return setup.seats[0].id

    def apply(self, setup: SessionSetup, state: State, event: Event, version: int) -> State:
        return apply(setup, state, event, version)

    def resolve(self, setup: SessionSetup, state: State, event: Event) -> Event:
        """The stored form carries the outcome the session worked out, in words, for its
        history line (describe sees the event alone). A refused event is left as it came:
        apply says why."""
        try:
            admit(setup, state, event)
        except InvalidInput as refusal:  # what a refusal from apply would say
            raise refusal.then(*what_now(self, setup, state)) from None
        if "working" not in {f.name for f in EVENT_FORMS.get(event.kind, ())}:
            return event
        try:
            _, lines = applied(setup, state, event)
        except InvalidInput:
            return event
        data = {k: v for k, v in event.data.items() if k != "working"}
        if lines:
            data["working"] = " ".join(lines)[:3000]
        return Event(event.kind, data)

    def finished(self, setup: SessionSetup, state: State) -> bool:
        return finished(state)

    def moves(self, setup: SessionSetup, state: State) -> Sequence[Mapping[str, Any]]:
        return moves(setup, state)

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return describe(event, names)

    def state_json(self, setup: SessionSetup, state: State, viewer: Viewer) -> dict[str, Any]:
        return state_json(setup, state)

    def score(self, setup: SessionSetup, state: State) -> Explained:
        return final_score(setup, state)

    def board(self, setup: SessionSetup) -> Board:
        shows = [Show("phase_words", "Now"), Show("turn_name", "Whose turn"),
                 Show("band", "Alert colour"), Show("star_round", "Star card drawn in round"),
                 Show("last_round", "Last round")]
        actions = [Action("end-turn", "End the turn", unless="over"),
                   Action("mission", "Mission", per_seat=True,
                          asks=("territory", "zone", "owner", "winning_faces", "hired_faces",
                                "hire", "hire_credits", "hire_influence", "hire_crew",
                                "reward_credits", "reward_influence", "reward_crew",
                                "cooperative", "round_required", "modifier", "casino",
                                "roll")),
                   Action("assault", "Assault", per_seat=True,
                          asks=("target", "zone", "fortified", "covered", "reinforcements",
                                "roll")),
                   Action("robbery", "Robbery", per_seat=True,
                          asks=("target", "territory", "zone", "fortified", "winning_faces",
                                "hired_faces", "hire", "hire_credits", "hire_influence",
                                "hire_crew", "dice_unfortified", "dice_fortified",
                                "round_required", "modifier", "casino", "roll",
                                "consequence")),
                   Action("buy-base", "Buy a base", per_seat=True, asks=("zone",)),
                   Action("fortify-base", "Fortify a base", per_seat=True, asks=("zone",)),
                   Action("buy-level", "Buy level", per_seat=True, asks=("track",)),
                   Action("exchange", "Exchange", per_seat=True,
                          asks=("get", "give", "amount")),
                   Action("sell-card", "Sell a card", per_seat=True, asks=("resource",)),
                   Action("sovereign-card", "Draw the Sovereign card", asks=("star",),
                          unless="card_drawn"),
                   Action("pardon", "Pardon", per_seat=True, asks=("leave_out_flipped",)),
                   Action("tax", "Pay tax", per_seat=True,
                          asks=("per_base", "flip_exo", "flip_middle", "flip_inner")),
                   Action("collect", "Collect income", per_seat=True,
                          asks=("order", "bonus_credits", "bonus_influence", "bonus_crew")),
                   Action("take-back", "Marker back", per_seat=True, asks=("track",)),
                   Action("end-round", "End the round", unless="over"),
                   Action("mat", "Mat income", per_seat=True, asks=RACKET),
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
            actions.append(Action("phantom-bases", "Phantom bases",
                                  asks=("count", "fortified")))
            actions.append(Action("phantom-fortify", "Phantom fortifies"))
            actions.append(Action("assault", "Phantom assault",
                                  asks=("seat", "target", "zone", "fortified", "reinforcements",
                                        "roll")))
        actions.append(NOTE)
        counters = [Counter("credits", "Credits", 0, 9999, "resources", field="credits"),
                    Counter("influence", "Influence", 0, 9999, "resources", field="influence"),
                    Counter("crew", "Crew", 0, 9999, "resources", field="crew"),
                    Counter("vp", "VP", -99, 999, "vp", field="amount", delta=True)]
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


TRACKER = SyndicateTracker()
