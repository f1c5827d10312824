"""The forms of a Syndicate table: the setup (names and a mode are enough; a mat's numbers
may come now or when first needed) and every event the table records. From these the API
builds its schemas, the phone page its forms and the property tests their random events, so
each range and option is the rules' own."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.inputs import Flag, Form, Integer, IntList, ListOf, OneOf, Text
from assistant.tracker import seat_ids
from assistant.tracker.base import SAVED_ID
from assistant.tracker.fields import check_form

from ..modes import MODE_OPTIONS, SOLO_REASON, PlayMode
from ..tables import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPERATION_CARDS,
    PHANTOM_PLAYERS,
    ROUNDS_MAX,
    STAR_FIRST,
    STAR_LAST,
    ZONE_COSTS,
    ZONES,
    alert_max,
)
from .state import (
    CARD_KINDS,
    CHIPS_START,
    GAME,
    LADDERS,
    RACKET,
    SPECIALS,
    STARTING,
    TOTAL_TERRITORIES,
    ZONE_NAMES,
    SessionSeat,
    SessionSetup,
)

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

SEAT = Text("seat", "Who", max_length=40, required=True, seat=True)
TRACK = OneOf("track", "Tech or assault ladder", LADDERS, required=True)
WORKING = Text("working", "Written by the session: the outcome and its working, as the history "
               "shows it (anything sent here is replaced)", 3000)
ZONE = OneOf("zone", "Zone of the territory", ZONE_NAMES, "exo")
OWNER = Text("owner", "Whose base is on that territory: a player, phantom, or empty for none",
             40)
ROLL = Integer("roll", "The action die as rolled", 1, 6, required=True)
SPECIAL = OneOf("special", "A special base? (the icon by its name on the board)",
                ("none", *SPECIALS))
SAYS = Text("text", "What the card or chip says, in a few words (optional)", 120)


def _zone_fields(help_text: str) -> tuple[Integer, ...]:
    return tuple(Integer(z.value, f"{z.value.upper()} {help_text}", 0,
                         ZONE_COSTS[z].territories) for z in ZONES)


def _hire() -> tuple[Integer, ...]:
    return tuple(Integer(f"hire_{k}", f"Hire price: {k}", 0, 99, 0)
                 for k in ("credits", "influence", "crew"))


def _goods(side: str, words: str) -> tuple[Integer, ...]:
    return (*(Integer(f"{side}_{k}", f"{words}: {k}", 0, 999, 0)
              for k in ("credits", "influence", "crew")),
            Integer(f"{side}_cards", f"{words}: Operation cards", 0, 20, 0),
            Integer(f"{side}_chips", f"{words}: bonus chips", 0, 18, 0))


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
    "holdings": (SEAT, Integer("hand", "Operation cards in hand now", 0, OPERATION_CARDS),
                 Integer("chips", "Bonus chips held now", 0, sum(CHIPS_START)),
                 Integer("sleeper", "Activated sleeper on the mat: 1, or 0 for none", 0, 1),
                 Integer("research_stations", "Research Stations owned", 0, TOTAL_TERRITORIES),
                 Integer("military_installations", "Military Installations owned", 0,
                         TOTAL_TERRITORIES),
                 Integer("mining_centers", "Mining Centers owned", 0, TOTAL_TERRITORIES),
                 Integer("casinos", "Owns the Casino: 1, or 0", 0, 1),
                 Integer("tech_research", "Markers by your Research Stations", 0, 20),
                 Integer("assault_research", "Markers by your Military Installations", 0,
                         20)),
    "deck": (Integer("deck", "Operation cards left in the draw deck", 0, OPERATION_CARDS),
             Integer("discard", "Operation cards in the discard pile", 0, OPERATION_CARDS),
             *(Integer(f"chips_{z}", f"Bonus chips still on the {z.upper()} territories", 0,
                       n) for z, n in zip(ZONE_NAMES, CHIPS_START, strict=True))),
    "buy-level": (SEAT, TRACK, WORKING),
    "take-back": (SEAT, TRACK, WORKING),
    "alert": (Integer("to", "Alert level now", 1, 8, required=True),),
    "failed-mission": (Text("territory", "Territory of the failed mission", 40),
                       OneOf("zone", "Zone of that territory", ZONE_NAMES), OWNER, WORKING),
    "assault": (Text("seat", "Who assaults: a player, or phantom", 40),
                Text("target", "Whose base is assaulted: a player, or phantom", 40),
                OneOf("zone", "Zone of the target base", ZONE_NAMES),
                Flag("fortified", "The target base is fortified"),
                Flag("covered", "Covered by a Military Installation (its owner's, or by a "
                     "trade)"),
                Integer("reinforcements", "Reinforcements used (0-4)", 0, 4),
                OneOf("special", "The target is a special base (its research is cleared)",
                      ("none", *SPECIALS)),
                Integer("roll", "The action die as rolled (leave out to record only the "
                        "alert, as a correction)", 1, 6), WORKING),
    "destroyer": (Text("territory", "Where the Destroyer is now (empty: off the board)", 40),
                  OneOf("zone", "Zone of that territory", ZONE_NAMES), OWNER),
    "pay-destroyer": (SEAT, WORKING),
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
    "research": (SEAT, TRACK,
                 OneOf("action", "A marker in Resource Collection, or full boxes turned "
                       "into a level on your turn", ("marker", "level-up"), "marker"),
                 Integer("boxes", "Research boxes by that base (printed on the board)", 1, 12),
                 WORKING),
    "end-turn": (WORKING,),
    "phantom-fortify": (WORKING,),
    "mission": (SEAT, Text("territory", "The mission's territory", 40), ZONE, OWNER,
                IntList("winning_faces", "Winning rolls printed on the card for the "
                        "territory's occupancy", minimum=1, maximum=6, min_items=1,
                        max_items=6, required=True),
                IntList("hired_faces", "Extra winning rolls with hired hands (grey)",
                        minimum=1, maximum=6, max_items=6),
                Flag("hire", "Hire extra hands"), *_hire(),
                Integer("reward_credits", "Reward: credits", 0, 999, 0),
                Integer("reward_influence", "Reward: influence", 0, 999, 0),
                Integer("reward_crew", "Reward: crew", 0, 999, 0),
                Flag("cooperative", "Cooperative: share the reward with the base's owner"),
                Integer("round_required", "Round printed on the card (outside EXO)", 1, 8),
                Integer("modifier", "Net roll modifier from bonus chips or Advanced Tech", -5,
                        5, 0),
                Flag("casino", "The Casino's owner adds its +1"), ROLL, WORKING),
    "robbery": (SEAT, Text("target", "Whose base is robbed: a player, or phantom", 40,
                           required=True),
                Text("territory", "The card's territory (where a Destroyer would land)", 40),
                ZONE, Flag("fortified", "The robbed base is fortified"),
                IntList("winning_faces", "Winning rolls printed on the card", minimum=1,
                        maximum=6, min_items=1, max_items=6, required=True),
                IntList("hired_faces", "Extra winning rolls with hired hands (grey)",
                        minimum=1, maximum=6, max_items=6),
                Flag("hire", "Hire extra hands"), *_hire(),
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
    "buy-base": (SEAT, ZONE,
                 OneOf("chip", "The bonus chip on that territory: auto takes it while the "
                       "zone has one left; no for a territory that had a base before",
                       ("auto", "yes", "no"), "auto"),
                 SPECIAL, WORKING),
    "exchange": (SEAT, OneOf("get", "What you get", ("influence", "crew"), required=True),
                 OneOf("give", "What you give", ("credits", "influence", "crew"), "credits"),
                 Integer("amount", "How much you get", 1, 99, 1), WORKING),
    "sell-card": (SEAT, OneOf("resource", "The resource taken for the card",
                              ("credits", "influence", "crew"), required=True), WORKING),
    "fortify-base": (SEAT, ZONE, WORKING),
    "sleeper": (SEAT, OneOf("action", "Activate one from your hand, burn the active one for a "
                            "new one, or play the active one", ("activate", "replace", "play"),
                            "activate"), SAYS, WORKING),
    "bonus-chip": (SEAT, *(Integer(k, f"The chip gives: {k}", 0, 99, 0)
                           for k in ("credits", "influence", "crew")),
                   OneOf("level", "The chip gives a level", ("none", "tech", "assault"),
                         "none"), SAYS, WORKING),
    "trade": (SEAT, Text("partner", "Who they trade with", max_length=40, required=True,
                         seat=True),
              *_goods("give", "First player gives"), *_goods("get", "Partner gives"),
              Text("text", "Anything else agreed (protection, a promise)", 120), WORKING),
    "sovereign-card": (Flag("star", "It is the Beginning of the End (the star card)"),
                       OneOf("card", "What the card does", CARD_KINDS),
                       Integer("per_base", "A Tax card: credits for each base", 1, 99),
                       Integer("alert_change", "How the card moves the alert, if it does",
                               -7, 7), WORKING),
    "pardon": (SEAT, Flag("leave_out_flipped", "Leave the base under the Destroyer out of the "
                          "count (the book does not say)"), WORKING),
    "tax": (SEAT, Integer("per_base", "Credits the Tax card charges for each base", 1, 99),
            *(Integer(f"flip_{z.value}", f"{z.value.upper()} bases left unpaid (your choice; "
                      "empty: EXO first)", 0, ZONE_COSTS[z].territories, 0) for z in ZONES),
            WORKING),
    "sovereign-effect": (SEAT, *(Integer(f"lose_{k}", f"The card takes: {k}", 0, 999, 0)
                                 for k in ("credits", "influence", "crew")),
                         OneOf("seize", "A base the Sovereign seizes (a crackdown)",
                               ("none", *ZONE_NAMES), "none"),
                         Flag("seize_fortified", "The seized base was fortified"),
                         OneOf("seize_special", "The seized base is a special base",
                               ("none", *SPECIALS)), SAYS, WORKING),
    "card-resolved": (WORKING,),
    "end-round": (WORKING,),
    "note": (Text("text", "The note", max_length=200, required=True),),
}
CORRECTIONS = frozenset({"resources", "bases", "fortified", "tech", "assault-level", "alert",
                         "failed-mission", "assault", "destroyer", "round", "star-drawn",
                         "last-round", "holdings", "deck"})
"""Hand-set values: still accepted (a table fixing a mistake, or keeping a component the
companion does not follow), and marked so in the history."""


def parse_setup(data: Mapping[str, Any]) -> SessionSetup:
    values = check_form(SETUP_FORM, data)
    if data.get("game") not in (None, GAME):
        raise InvalidInput("game", "This setup belongs to another game.", GAME)
    mode = PlayMode(values["mode"])
    raw = data.get("seats")
    if not isinstance(raw, list) or len(raw) < 1:
        raise InvalidInput("seats", "List the players.", f"{MIN_PLAYERS}-{MAX_PLAYERS} seats")
    if len(raw) == 1:
        raise InvalidInput("seats", SOLO_REASON, f"{MIN_PLAYERS}-{MAX_PLAYERS} seats",
                           rule="solo-campaign")
    if not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise InvalidInput("seats", f"Syndicate seats {MIN_PLAYERS} to {MAX_PLAYERS} players.",
                           f"{MIN_PLAYERS}-{MAX_PLAYERS} seats", rule="players-and-modes")
    if mode is PlayMode.PHANTOM and len(raw) != PHANTOM_PLAYERS:
        raise InvalidInput("seats", "The Phantom variation is for two real players.",
                           f"{PHANTOM_PLAYERS} seats", rule="phantom-variant")
    seats: list[SessionSeat] = []
    rows = [check_form(SEAT_FORM, item if isinstance(item, Mapping) else {}, f"seats.{i}")
            for i, item in enumerate(raw)]
    ids = seat_ids([v["name"] for v in rows], [v.get("id") for v in rows])
    for i, (v, sid) in enumerate(zip(rows, ids, strict=True)):
        if sid == "phantom":
            raise InvalidInput(f"seats.{i}.name", "The Phantom is not a seat: choose the "
                               "phantom mode instead.", "a player's name")
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
    orange, red = values.get("orange_from"), values.get("red_from")
    check_bands(orange, red, alert_max(len(seats)))
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
                               "comma-separated", rule="black-market")
        out.append(int(p))
    return tuple(out)


def check_bands(orange: int | None, red: int | None, maximum: int) -> None:
    """The alert colour bands the table enters fit its track (syndicate.txt:629, 681-683)."""
    for name, v in (("orange_from", orange), ("red_from", red)):
        if v is not None and v > maximum:
            raise InvalidInput(name, f"The alert maximum here is {maximum}.", f"1-{maximum}",
                               rule="alert-bands")
    if orange is not None and red is not None and red <= orange:
        raise InvalidInput("red_from", "Red starts above orange.", f"{orange + 1}-{maximum}",
                           rule="alert-bands")
