"""Syndicate at the table: the session tracker behind the game's `tracker` slot.

Per seat: credits, influence, crew, VP (Awards and other), bases per zone (and how many are
fortified), tech and assault levels, Black Market markers. For the table: round, alert level,
the Sovereign Destroyer (advanced rules), the star card's round and the last round, the
Phantom's bases (2-player variation), and the values the book does not print, entered once and
remembered (alert colour bands, Black Market prices above 15). The final score is scoring.py fed
by the state. Syndicate has no hidden information the companion tracks (sleepers stay on the
table, face down), so every viewer sees the same state.

Readings (see README.md): counts are sent as new values, VP as a change with its reason; the
Black Market ladder is tracked as a count of markers filling from the bottom (the marker taken
back is the top one), so the next price is box count + 1.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.inputs import Flag, Form, Integer, ListOf, OneOf, Text
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
    put,
    seat_id,
    seat_index,
    seat_name,
)
from assistant.tracker.base import SAVED_ID
from assistant.tracker.chain import Chain
from assistant.tracker.chain import evolve as replace
from assistant.tracker.fields import check_form

from .calculators.alert import AlertState, band
from .calculators.collection import collection
from .calculators.market import prices
from .calculators.sovereign import pardon_cost
from .modes import MODE_OPTIONS, SOLO_REASON, PlayMode
from .scoring import score as score_players
from .tables import (
    ALERT_START,
    DESTROYER_REMOVAL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHANTOM_BASES,
    PHANTOM_PLAYERS,
    ROUND_START,
    ROUNDS_MAX,
    STAR_FIRST,
    STAR_LAST,
    ZONE_COSTS,
    ZONES,
    alert_max,
)

GAME = "space-syndicate"
LADDERS = ("tech", "assault")
ZONE_NAMES = tuple(z.value for z in ZONES)
MAX_TERRITORIES = max(c.territories for c in ZONE_COSTS.values())
TOTAL_TERRITORIES = sum(c.territories for c in ZONE_COSTS.values())

SEAT_FORM: Form = (
    Text("name", "Player (or syndicate) name", max_length=40, required=True),
    Text("player", "The player's name, if the seat is named after the syndicate", 40),
    Text("syndicate", "The syndicate they chose", 40),
    Integer("credits", "Starting credits (from the mat)", 0, 999, 0),
    Integer("influence", "Starting influence (from the mat)", 0, 999, 0),
    Integer("crew", "Starting crew (from the mat)", 0, 999, 0),
    Integer("tech", "Starting tech level (from the mat)", 0, 20),
    Integer("assault", "Starting assault level: 0, 1 or 2 (from the mat)", 0, 2),
    Integer("racket_credits", "Racketeering credits each round (from the mat)", 0, 99),
    Integer("racket_influence", "Racketeering influence each round (from the mat)", 0, 99),
    Integer("racket_crew", "Racketeering crew each round (from the mat)", 0, 99),
    SAVED_ID,
)
RACKET = ("racket_credits", "racket_influence", "racket_crew")
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

SEAT = Text("seat", "Seat id", max_length=40, required=True)
TRACK = OneOf("track", "Tech or assault ladder", LADDERS, required=True)


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
    "buy-level": (SEAT, TRACK),
    "take-back": (SEAT, TRACK),
    "alert": (Integer("to", "Alert level now", 1, 8, required=True),),
    "failed-mission": (Text("territory", "Territory of the failed mission", 40),),
    "assault": (Text("seat", "Who assaulted", 40),),
    "destroyer": (Text("territory", "Where the Destroyer is now (empty: off the board)", 40),),
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
                Integer("bonus_credits", "Syndicate, Mining Center and route bonuses: credits",
                        0, 99, 0),
                Integer("bonus_influence", "Bonuses: influence", 0, 99, 0),
                Integer("bonus_crew", "Bonuses: crew", 0, 99, 0),
                *(Integer(f"flipped_{z.value}", f"{z.value.upper()} bases flipped for tax or "
                          "under the Destroyer", 0, ZONE_COSTS[z].territories, 0)
                  for z in ZONES)),
    "note": (Text("text", "The note", max_length=200, required=True),),
}


@dataclass(frozen=True)
class SessionSeat:
    id: str
    name: str
    player: str | None = None
    syndicate: str | None = None
    credits: int = 0
    influence: int = 0
    crew: int = 0
    tech: int | None = None
    assault: int | None = None
    racket: tuple[int, ...] | None = None
    """Racketeering credits, influence, crew per round, if the table entered them."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name, "credits": self.credits,
                               "influence": self.influence, "crew": self.crew}
        for key in ("player", "syndicate", "tech", "assault"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.racket is not None:
            out.update(zip(RACKET, self.racket, strict=True))
        return out


@dataclass(frozen=True)
class SessionSetup:
    mode: PlayMode
    seats: tuple[SessionSeat, ...]
    advanced: bool = False
    extended_turn: bool = False
    orange_from: int | None = None
    red_from: int | None = None
    black_market_prices: tuple[int, ...] = ()
    game: str = GAME

    @property
    def alert_max(self) -> int:
        return alert_max(len(self.seats))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "mode": self.mode.value,
                               "seats": [s.to_json() for s in self.seats],
                               "advanced": self.advanced, "extended_turn": self.extended_turn}
        if self.orange_from is not None:
            out["orange_from"] = self.orange_from
        if self.red_from is not None:
            out["red_from"] = self.red_from
        if self.black_market_prices:
            out["black_market_prices"] = ", ".join(map(str, self.black_market_prices))
        return out


@dataclass(frozen=True)
class SeatState:
    credits: int
    influence: int
    crew: int
    tech: int | None
    assault: int | None
    award_vp: int = 0
    other_vp: int = 0
    bases: tuple[int, ...] = (0, 0, 0)
    """Owned per zone, in ZONES order (EXO, MIDDLE, INNER)."""
    fortified: tuple[int, ...] = (0, 0, 0)
    markers: tuple[int, ...] = (0, 0)
    """Black Market markers on the tech and assault ladders."""
    took_back_round: int | None = None
    racket: tuple[int, ...] | None = None


@dataclass(frozen=True)
class State:
    seats: tuple[SeatState, ...]
    round: int = ROUND_START
    alert: int = ALERT_START
    destroyer: str | None = None
    star_round: int | None = None
    last_round: int | None = None
    orange_from: int | None = None
    red_from: int | None = None
    black_market_prices: tuple[int, ...] = ()
    phantom_bases: int | None = None
    phantom_fortified: int = 0
    notes: Chain[str] = field(default_factory=Chain)


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
        seats.append(SessionSeat(sid, v["name"], v.get("player"), v.get("syndicate"),
                                 v["credits"], v["influence"], v["crew"], v.get("tech"),
                                 v.get("assault"), racket))
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
    seats = tuple(SeatState(s.credits, s.influence, s.crew, s.tech, s.assault, racket=s.racket)
                  for s in setup.seats)
    return State(seats, orange_from=setup.orange_from, red_from=setup.red_from,
                 black_market_prices=setup.black_market_prices,
                 phantom_bases=PHANTOM_BASES if setup.mode is PlayMode.PHANTOM else None)


def _with_seat(state: State, i: int, seat: SeatState) -> State:
    return replace(state, seats=put(state.seats, i, seat))


def next_price(state: State, seat: SeatState, ladder: int) -> int | None:
    """Price of the lowest box without this seat's marker (markers fill from the bottom)."""
    ladder_prices = prices(state.black_market_prices)
    box = seat.markers[ladder] + 1
    return ladder_prices[box - 1] if box <= len(ladder_prices) else None


def _claimed(setup: SessionSetup, state: State, zone: int, skip: int) -> int:
    return sum(s.bases[zone] for j, s in enumerate(state.seats) if j != skip)


def apply(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    kind = event.kind
    if kind in ("resources", "vp", "bases", "fortified", "tech", "assault-level", "buy-level",
                "take-back", "pay-destroyer", "mat", "collect"):
        i = seat_index(setup.seats, event["seat"])
        return _seat_event(setup, state, event, i)
    if kind == "alert":
        if event["to"] > setup.alert_max:
            raise InvalidInput("to", f"The alert maximum with {len(setup.seats)} players is "
                               f"{setup.alert_max}.", f"1-{setup.alert_max}")
        dropped = event["to"] < state.alert
        return replace(state, alert=event["to"],
                       destroyer=None if dropped else state.destroyer)
    if kind in ("failed-mission", "assault"):
        if kind == "assault" and event.get("seat"):
            seat_index(setup.seats, event["seat"])
        alert = AlertState(state.alert, setup.alert_max, setup.advanced, state.destroyer)
        if kind == "failed-mission":
            alert.failed_mission((event.get("territory") or "").strip())
        else:
            alert.assault()
        return replace(state, alert=alert.level, destroyer=alert.destroyer)
    if kind == "destroyer":
        if not setup.advanced:
            raise InvalidInput("territory", "The Destroyer only plays with the advanced rules.",
                               "sessions created with advanced rules")
        where = (event.get("territory") or "").strip() or None
        if where and state.alert < setup.alert_max:
            raise InvalidInput("territory", "The Destroyer comes in only at maximum alert.",
                               f"alert {setup.alert_max}, or empty to take it off")
        return replace(state, destroyer=where)
    if kind == "round":
        if event["to"] < state.round:
            raise InvalidInput("to", "Rounds only move forward (undo a mistake instead).",
                               f"{state.round}-{ROUNDS_MAX}")
        return replace(state, round=event["to"])
    if kind == "star-drawn":
        if state.star_round is not None:
            raise InvalidInput("round", f"The star card came up in round {state.star_round}.",
                               "undo that event first")
        if event["round"] > state.round:
            raise InvalidInput("round", "That round has not been played yet.",
                               f"{STAR_FIRST}-{min(state.round, STAR_LAST)}")
        return replace(state, star_round=event["round"], last_round=event["round"] + 1)
    if kind == "last-round":
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


def _or(value: Any, default: int) -> int:
    return default if value is None else int(value)


def _seat_event(setup: SessionSetup, state: State, event: Event, i: int) -> State:
    seat = state.seats[i]
    kind = event.kind
    if kind == "resources":
        if all(event.get(k) is None for k in ("credits", "influence", "crew")):
            raise InvalidInput("credits", "Give at least one amount.", "credits, influence, crew")
        return _with_seat(state, i, replace(
            seat, credits=_or(event.get("credits"), seat.credits),
            influence=_or(event.get("influence"), seat.influence),
            crew=_or(event.get("crew"), seat.crew)))
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
                room = ZONE_COSTS[zone].territories - _claimed(setup, state, z, i)
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
        return _with_seat(state, i, upd)
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
    if kind == "collect":
        return _with_seat(state, i, _collect(seat, event))
    # pay-destroyer
    if state.destroyer is None:
        raise InvalidInput("seat", "The Destroyer is not on the board.", "when it is")
    if seat.influence < DESTROYER_REMOVAL:
        raise InvalidInput("seat", f"It costs {DESTROYER_REMOVAL} influence; {seat.influence} "
                           "held.", f"at least {DESTROYER_REMOVAL} influence")
    state = replace(state, destroyer=None)
    return _with_seat(state, i, replace(seat, influence=seat.influence - DESTROYER_REMOVAL))


def _collect(seat: SeatState, event: Event) -> SeatState:
    """Step 3 of Resource Collection for one seat: racketeering income, the bonuses entered,
    then each base (EXO first, then MIDDLE, then INNER), paying crew before taking income;
    flipped for tax or under the Destroyer: nothing. Uses the resource-collection calculator."""
    if seat.racket is None:
        raise InvalidInput("seat", "Enter this syndicate's racketeering income once first "
                           "(it is printed on its mat, not in the book).", "a mat event")
    bases = []
    for z, zone in enumerate(ZONES):
        flipped = int(event.get(f"flipped_{zone.value}") or 0)
        if flipped > seat.bases[z]:
            raise InvalidInput(f"flipped_{zone.value}", "More flipped bases than owned.",
                               f"0-{seat.bases[z]}")
        bases += [{"name": f"{zone.value.upper()} {k + 1}", "zone": zone.value,
                   "status": "tax" if k < flipped else "working"}
                  for k in range(seat.bases[z])]
    data: dict[str, Any] = {"credits": seat.credits, "influence": seat.influence,
                            "crew": seat.crew, "bases": bases,
                            **dict(zip(RACKET, seat.racket, strict=True)),
                            **{k: event.get(k) or 0 for k in
                               ("bonus_credits", "bonus_influence", "bonus_crew")}}
    got = collection(data).result["resources"]
    return replace(seat, credits=got["credits"], influence=got["influence"], crew=got["crew"])


def describe(event: Event, names: Mapping[str, str]) -> str:
    who = seat_name(names, event.get("seat"))
    kind = event.kind
    if kind == "resources":
        parts = [f"{event[k]} {k}" for k in ("credits", "influence", "crew")
                 if event.get(k) is not None]
        return f"{who} now holds {', '.join(parts)}"
    if kind == "vp":
        why = f" ({event['reason']})" if event.get("reason") else ""
        return f"{who} {event['amount']:+d} VP{why}"
    if kind in ("bases", "fortified"):
        parts = [f"{event[z]} {z.upper()}" for z in ZONE_NAMES if event.get(z) is not None]
        return f"{who}: {kind} now {', '.join(parts)}"
    if kind in ("tech", "assault-level"):
        return f"{who}: {'tech' if kind == 'tech' else 'assault'} level {event['to']}"
    if kind == "buy-level":
        return f"{who} buys a {event['track']} level on the Black Market"
    if kind == "take-back":
        return f"{who} takes back a {event['track']} marker"
    if kind == "pay-destroyer":
        return f"{who} pays {DESTROYER_REMOVAL} influence to send the Destroyer away"
    if kind == "alert":
        return f"Alert set to {event['to']}"
    if kind == "failed-mission":
        where = f" on {event['territory']}" if event.get("territory") else ""
        return f"Mission failed{where}: alert +1"
    if kind == "assault":
        return f"{who + ' assaults' if who else 'Assault'}: alert +1"
    if kind == "destroyer":
        return (f"Destroyer on {event['territory']}" if event.get("territory")
                else "Destroyer off the board")
    if kind == "round":
        return f"Round {event['to']}"
    if kind == "star-drawn":
        return f"Beginning of the End drawn in round {event['round']}"
    if kind == "last-round":
        return f"Last round marked: {event['to']}"
    if kind == "table-values":
        return "Table values entered"
    if kind == "mat":
        return (f"{who}: racketeering {event['racket_credits']} credits, "
                f"{event['racket_influence']} influence, {event['racket_crew']} crew")
    if kind == "collect":
        return f"{who} collects income (Resource Collection step 3)"
    if kind == "phantom-bases":
        return f"Phantom holds {event['count']} bases ({event.get('fortified', 0)} fortified)"
    return f"Note: {event.get('text', '')}"


def state_json(setup: SessionSetup, state: State) -> dict[str, Any]:
    seats = []
    for s, st in zip(setup.seats, state.seats, strict=True):
        held = sum(st.bases)
        pardon, _ = pardon_cost(held)
        row: dict[str, Any] = {
            "id": s.id, "name": s.name, "credits": st.credits, "influence": st.influence,
            "crew": st.crew, "vp": st.award_vp + st.other_vp, "award_vp": st.award_vp,
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
        row["line"] = (f"{held} bases · pardon {pardon} · next tech "
                       f"{row['next_tech_price'] or '?'} · next assault "
                       f"{row['next_assault_price'] or '?'}")
        seats.append(row)
    return {
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
    players = [{"name": s.name, "credits": st.credits, "award_vp": st.award_vp,
                "other_vp": st.other_vp} for s, st in zip(setup.seats, state.seats, strict=True)]
    answer = score_players({"players": players})
    over = state.last_round is not None and state.round >= state.last_round
    if over:
        return answer
    step = Step(f"Provisional: round {state.round}"
                + (f" of {state.last_round}" if state.last_round else "")
                + "; the game is not over yet.", state.round, "end-of-game",
                Provenance.DERIVED, "The end comes after the round following the star card.")
    return Explained(answer.result, (*answer.steps, step), "Provisional: " + answer.summary)


EXAMPLE_SETUP: Mapping[str, Any] = {
    "mode": "standard", "advanced": True,
    "seats": [{"name": "Ana", "syndicate": "Fidge & Co.", "credits": 3, "influence": 0,
               "crew": 2}, {"name": "Ben"}, {"name": "Cy"}]}
EXAMPLE_EVENTS: Sequence[Mapping[str, Any]] = (
    {"kind": "resources", "seat": "ana", "credits": 14, "influence": 4},
    {"kind": "bases", "seat": "ana", "exo": 1},
    {"kind": "buy-level", "seat": "ana", "track": "tech"},
    {"kind": "failed-mission", "territory": "Goshen"},
    {"kind": "assault", "seat": "ben"},
    {"kind": "vp", "seat": "cy", "amount": 3, "reason": "an Award"},
    {"kind": "round", "to": 2},
)


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

    def describe(self, event: Event, names: Mapping[str, str], viewer: Viewer) -> str:
        return describe(event, names)

    def state_json(self, setup: SessionSetup, state: State, viewer: Viewer) -> dict[str, Any]:
        return state_json(setup, state)

    def score(self, setup: SessionSetup, state: State) -> Explained:
        return final_score(setup, state)

    def board(self, setup: SessionSetup) -> Board:
        shows = [Show("band", "Alert colour"), Show("star_round", "Star card drawn in round"),
                 Show("last_round", "Last round")]
        actions = [Action("failed-mission", "Mission failed", asks=("territory",)),
                   Action("assault", "Assault made", per_seat=True),
                   Action("buy-level", "Buy level", per_seat=True, asks=("track",)),
                   Action("take-back", "Marker back", per_seat=True, asks=("track",)),
                   Action("collect", "Collect income", per_seat=True,
                          asks=("bonus_credits", "bonus_influence", "bonus_crew",
                                "flipped_exo", "flipped_middle", "flipped_inner")),
                   Action("mat", "Mat income", per_seat=True, asks=RACKET),
                   Action("star-drawn", "Star card drawn", asks=("round",),
                          unless="star_round"),
                   Action("last-round", "Mark last round", asks=("to",)),
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
