"""The forms of a Maniacal table session: its setup and every event kind (the API's schemas,
the page's forms and the property tests' random events all come from these)."""
from __future__ import annotations

from collections.abc import Mapping

from assistant.inputs import Flag, Form, Integer, ListOf, OneOf, Text
from assistant.tracker.base import SAVED_ID

from ..facts import MAP_SPACES, MAX_PLAYERS, MIN_PLAYERS, number
from ..modes import COLOURS, MODE_OPTIONS, TRAITS, TYPE_ORDER, Difficulty

TYPES = tuple(t.value for t in TYPE_ORDER)
"""The four recruitable types, in the order the Henchmen phase takes them."""
KINDS = (*TYPES, "lackey", "bodyguard", "other")
"""The henchmen a seat holds, by kind (Mercenaries are counted apart): "other" holds those
recorded without a kind (a correction that did not say, an older session)."""
MERCENARY = "mercenary"
HIT = (*KINDS, MERCENARY)
"""Who a contract's effect can land on: a henchman of a kind, or a Mercenary."""
KIND_WORDS = {"beasts": "Beast", "criminals": "Criminal", "scientists": "Scientist",
              "mystics": "Mystic", "lackey": "Lackey", "bodyguard": "Bodyguard",
              "other": "henchman of an unrecorded kind", MERCENARY: "Mercenary"}
KIND_PLURALS = {**{k: w + "s" for k, w in KIND_WORDS.items()},
                "other": "henchmen of an unrecorded kind", MERCENARY: "Mercenaries"}


def kind_count(n: int, kind: str) -> str:
    """ "2 Beasts", "1 Lackey"."""
    return f"{n} {KIND_WORDS[kind] if n == 1 else KIND_PLURALS[kind]}"


LOCATIONS = ("underground", "hospital", "lounge")
EFFECTS = ("none", "injured", "captured", "captured-mercenary", "scheme", "power")
SCHEMES = ("target", "die", "week", "injury", "steal",          # negative side
           "reroll", "weeks", "refresh", "cancel", "consolation")  # positive side
NEGATIVE = SCHEMES[:5]
CARDS = ("scheme", "power")
CONTRACT_MIN = number("actions-and-time", "contract-min")
CONTRACT_MAX = number("actions-and-time", "contract-max")
TEAM_MIN = number("contracts", "team-min")
TEAM_MAX = number("contracts", "team-max")
STEAL = number("negative-schemes", "steal")
SCHEME_CARDS = number("components", "scheme-cards")
POWER_CARDS = number("components", "power-cards")
MERCENARY_CARDS = number("components", "mercenary-cards")
FIGURES = ("supervillain", "henchman")
OUTCOME_MAX = 2000

SEAT: Form = (
    Text("name", "The Supervillain (or colour) played from this seat.", max_length=40,
         required=True),
    Text("player", "The player's own name (optional).", max_length=40),
    SAVED_ID,
)

ATTRACTION_START = Integer(
    "attraction_start", "The number printed on the start space of the attraction tracks, on "
    "your board (the rulebook does not print it). Optional at the start: the table page asks "
    "for it when a track first moves.", minimum=0, maximum=20)

TABLE_VALUES: Form = (
    Integer("round_2_weeks", "Round 2's Time track: its starting number on your board.",
            minimum=1, maximum=20),
    Integer("round_3_weeks", "Round 3's Time track: its starting number on your board.",
            minimum=1, maximum=20),
    Text("money_bonus", "Money-rank Infamy bonus from your board, 1st place first, "
         "comma-separated (e.g. 5, 3, 1).", max_length=40),
    OneOf("after_money_tie", "After a money tie the next player's place: skip (1, 1, 3) or "
          "next (1, 1, 2).", ("skip", "next")),
    *(Integer(f"round_3_{d.value}", f"Contract Key, round 3: {d.value.capitalize()} "
              "contracts (from your board).", minimum=0, maximum=MAP_SPACES)
      for d in Difficulty),
    *(Text(f"faces_{t.value}", f"{t.value.capitalize()} ({COLOURS[t]}) die: the number on "
           "each face, comma-separated, * after an icon face (e.g. 0, 1, 1, 2, 2*, 3).",
           max_length=60) for t in TRAITS),
)

SETUP_FORM: Form = (
    OneOf("game", "The game being played.", ("maniacal",), default="maniacal"),
    OneOf("mode", "Way to play.", MODE_OPTIONS, default=MODE_OPTIONS[0]),
    ListOf("seats", f"{MIN_PLAYERS}-{MAX_PLAYERS} seats in player order: the first player "
           "first, then clockwise.", SEAT, min_items=MIN_PLAYERS, max_items=MAX_PLAYERS,
           required=True),
    ATTRACTION_START,
    Flag("bodyguards", "Bodyguard option: everyone starts with a Mercenary as a Bodyguard "
         "(the rulebook offers it for 5-player games)."),
    Flag("bodyguards_house_rule", "With fewer than 5 players: the table plays Bodyguards as "
         "its own rule."),
    *TABLE_VALUES,
)

SEAT_ID = Text("seat", "Seat id.", max_length=40, required=True, seat=True)
AMOUNT = Integer("amount", "Change (+ or -).", minimum=-30, maximum=30, required=True)
REASON = Text("reason", "Why (optional).", max_length=60)
ROOM = Text("room", "The room's name (each room works once a round; named, this page "
            "checks it).", max_length=60)
FIGURE = OneOf("figure", "Who activates it and is exhausted: the Supervillain or a henchman.",
               FIGURES, default=FIGURES[0])
HENCHMAN = OneOf("henchman", "Which of your henchmen the card's effect hit (captured, "
                 "injured or given the Power): asked only when it matters.", HIT)

EVENT_FORMS: Mapping[str, Form] = {
    "money": (SEAT_ID, AMOUNT, REASON),
    "infamy": (SEAT_ID, AMOUNT, REASON),
    **{t: (SEAT_ID, AMOUNT) for t in TYPES},
    "henchmen": (SEAT_ID, AMOUNT,
                 OneOf("type", "Which kind of henchman (leave out if your table does not "
                       "track kinds).", KINDS), REASON),
    "mercenaries": (SEAT_ID, AMOUNT),
    "injuries": (SEAT_ID, AMOUNT),
    "schemes": (SEAT_ID, AMOUNT, REASON),
    "powers": (SEAT_ID, AMOUNT, REASON),
    "rooms": (SEAT_ID, AMOUNT, REASON),
    "decks": (Integer("scheme_deck", "Scheme cards left in the deck on the Underground.",
                      minimum=0, maximum=SCHEME_CARDS),
              Integer("scheme_discard", "Scheme cards in the discard pile.", minimum=0,
                      maximum=SCHEME_CARDS),
              Integer("mercenary_deck", "Mercenary cards in the deck on Lucifer's Lounge.",
                      minimum=0, maximum=MERCENARY_CARDS),
              Integer("power_deck", "Power cards left in the deck.", minimum=0,
                      maximum=POWER_CARDS),
              Integer("power_discard", "Power cards discarded.", minimum=0,
                      maximum=POWER_CARDS)),
    "build": (SEAT_ID, Integer("cost", "The room's cost.", minimum=0, maximum=20,
                               required=True),
              OneOf("type", "Henchman type it attracts.", TYPES, required=True),
              Integer("points", "Attraction points it gives.", minimum=0, maximum=15,
                      required=True),
              Text("room", "Room name (optional).", max_length=60)),
    "sell": (SEAT_ID, Integer("cost", "The room's cost.", minimum=0, maximum=20,
                              required=True),
             Text("room", "Room name (optional).", max_length=60)),
    "henchmen-phase": (),
    "recruit": (SEAT_ID, OneOf("type", "Henchman type.", TYPES, required=True),
                Integer("cost", "Cost in attraction points.", minimum=0, maximum=10,
                        required=True),
                Text("name", "Henchman name (optional).", max_length=40)),
    "start-contracts": (),
    "room": (SEAT_ID, ROOM, FIGURE,
             Integer("weeks", "Weeks printed on the room (usually 1).", minimum=1,
                     maximum=5, default=1)),
    "contract-room": (SEAT_ID, ROOM, FIGURE),
    "contract": (SEAT_ID,
                 Integer("weeks", "Weeks from your Supervillain card for that continent.",
                         minimum=CONTRACT_MIN, maximum=CONTRACT_MAX, required=True),
                 OneOf("difficulty", "Contract difficulty.", tuple(d.value for d in Difficulty),
                       required=True),
                 Integer("team", "Team size on the card's back: that many henchmen go, none "
                         "injured or exhausted.", minimum=TEAM_MIN, maximum=TEAM_MAX),
                 OneOf("scheme", "A rival's negative Scheme played on this attempt, if any.",
                       NEGATIVE),
                 Text("scheme_by", "Who played that Scheme.", max_length=40, seat=True),
                 Integer("target", "Target value on the card (this page counts the result; "
                         "leave out only to type a result by hand).", minimum=1, maximum=15),
                 Integer("successes", "Successes rolled, rerolls done (icons matching the "
                         "recommended trait count double).", minimum=0, maximum=99),
                 *(Integer(f"{line}_{what}", f"{what.capitalize()} on the card's {line} line.",
                           minimum=0, maximum=30, default=0)
                   for line in ("success", "failure") for what in ("infamy", "money")),
                 OneOf("effect", "Special effect on the line that applies.", EFFECTS,
                       default="none"),
                 HENCHMAN,
                 Integer("lost_powers", "Powers the captured henchman carried (discarded "
                         "with it).", minimum=0, maximum=POWER_CARDS, default=0),
                 OneOf("scheme_henchman", "Which of your henchmen the rival's Injury Scheme "
                       "hit: asked only when it matters.", HIT),
                 Integer("stolen", "Filled in by the session: money a rival's Scheme took.",
                         minimum=0, maximum=STEAL),
                 # a result typed by hand (a correction; older sessions recorded only these)
                 Flag("success", "By hand: the contract succeeded."),
                 Integer("infamy", "By hand: Infamy on the line that applies.", minimum=0,
                         maximum=30, default=0),
                 Integer("money", "By hand: money on the line that applies, as printed.",
                         minimum=0, maximum=30, default=0),
                 Flag("extra_week", "Older sessions: a rival's Scheme added 1 week.")),
    "visit": (SEAT_ID, OneOf("location", "Special Location.", LOCATIONS, required=True),
              Integer("injuries", "Hospital: Injury tokens removed.", minimum=0, maximum=10,
                      default=0)),
    "pass": (SEAT_ID,),
    "scheme": (SEAT_ID, OneOf("effect", "The Scheme effect played.", SCHEMES, required=True),
               OneOf("landing", "+2 weeks only, when the token lands on other tokens (the "
                     "book does not say): on top or underneath.", ("top", "bottom"))),
    "draw": (SEAT_ID, OneOf("card", "The card a room or another card's effect gives: a "
                            "Scheme from its deck, or a random Power.", CARDS, required=True),
             OneOf("henchman", "A Power: which of your henchmen takes it (asked only when it "
                   "matters).", HIT),
             REASON),
    "clean-up": (Text("fire", "Who fires one henchman after salaries (optional): names, "
                      "comma-separated, each with the kind when they hold more than one "
                      "(e.g. Hassan: beasts, Dave).", max_length=600),
                 Text("unpaid", "Who loses which henchmen unpaid, asked only when someone "
                      "cannot pay everyone (e.g. Dave: 2 beasts, Dave: lackey).",
                      max_length=600),
                 Text("outcome", "Filled in by the session: who paid what, who lost henchmen "
                      "unpaid.", max_length=OUTCOME_MAX)),
    "table-values": (ATTRACTION_START, *TABLE_VALUES),
    "laugh": (SEAT_ID,),
    "note": (Text("text", "The note.", max_length=200, required=True),),
}

CORRECTIONS = ("money", "infamy", *TYPES, "henchmen", "mercenaries", "injuries", "schemes",
               "powers", "rooms", "decks")
"""Hand-set corrections: the history marks them so."""
