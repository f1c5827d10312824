"""All Part of the Master Plan at the table: the forms of a new session and of each event.

The forms are honest (ranges, options, help in players' words): they generate the API's
schemas, the start page and the random events of the property tests. What a form cannot say
(whose turn it is, which Throwdown is being resolved) the referee checks (referee.py).
"""
from __future__ import annotations

from collections.abc import Mapping

from assistant.inputs import Flag, Form, Integer, ListOf, OneOf, Text
from assistant.tracker.base import SAVED_ID

from .. import abilities
from ..book import THROWDOWNS
from ..calculators.battle import ACTION_MAX, NONE, Attack, Side
from ..modes import STANDARD
from ..settings import SETTINGS

GAME = "master-plan"
MAX_THROWDOWN = max(THROWDOWNS.values())
DECK_MAX = 500
RESULT_MAX, WORKING_MAX = 1000, 8000
WORKED = frozenset({"loser-lad", "super-deck", "throwdown", "deploy", "set-aside", "pick",
                    "battle", "claim", "regroup"})
"""Kinds stored with their result line and the calculator's working (referee.stored_form)."""

# ---------------------------------------------------------------- a new table

SEAT_FORM: Form = (
    Text("name", "The player's name.", max_length=40, required=True),
    Text("rarity", "Optional: the Loot rarity side of their Master Plan (it is public).",
         max_length=80),
    SAVED_ID,
)
SETUP_FORM: Form = (
    OneOf("game", "The game being played.", (GAME,), default=GAME),
    OneOf("mode", "The one way to play.", (STANDARD.slug,), default=STANDARD.slug),
    ListOf("seats", "The players in clockwise order.", SEAT_FORM,
           min_items=STANDARD.min_players, max_items=STANDARD.max_players, required=True),
    Text("loser_lad", "Who starts with Loser Lad (whoever lost at something most recently). "
         "Left out, the setup deals him to a seat (the table changes it in one tap before "
         "the first Super is played); null: say so before the first Super is played.",
         max_length=40, seat=True, dealt=True),
    Integer("super_deck_size", "Optional: Super cards in the deck (the rulebook does not "
            "print it); gives each hand and when deployment ends.", minimum=1,
            maximum=DECK_MAX),
    *(s.field() for s in SETTINGS),
    Text("seed", "The deal of Loser Lad where the table leaves him out: any text, the same "
         "deal for the same text; left out, the players' names.", max_length=40, ask=False),
)

# ---------------------------------------------------------------- events

SEAT = Text("seat", "The player (name or seat id).", max_length=40, required=True, seat=True)
TD = Integer("throwdown", "Which Throwdown (1, 2, ...).", minimum=1, maximum=MAX_THROWDOWN,
             required=True)
RESULT = Text("result", "Filled in by the session: what the event did, in one line.",
              max_length=RESULT_MAX)
WORKING = Text("working", "Filled in by the session: the calculator's working, a step a line.",
               max_length=WORKING_MAX)
EVENT_FORMS: Mapping[str, Form] = {
    "plan": (SEAT, Text("requirements", "Private: the Loot your Master Plan lists, "
                        "comma-separated. Enter it on your own phone.", max_length=400,
                        required=True)),
    "loser-lad": (Text("seat", "Who holds Loser Lad: at the start, whoever lost at something "
                       "most recently; later, a correction before anyone deploys.",
                       max_length=40, required=True, seat=True), RESULT),
    "super-deck": (Integer("size", "Super cards in the deck, counted (the rulebook does not "
                           "print it): each player's hand is this divided evenly.", minimum=1,
                           maximum=DECK_MAX, required=True), RESULT),
    "throwdown": (Text("loot", "The Loot drawn onto this Throwdown, comma-separated.",
                       max_length=400), RESULT),
    "deploy": (SEAT, TD, RESULT, WORKING),
    "set-aside": (SEAT, RESULT, WORKING),
    "pick": (Text("seat", "The Loser Lad holder, who picks.", max_length=40, required=True,
                  seat=True),
             Integer("throwdown", "The Throwdown to reveal and fight next.", minimum=1,
                     maximum=MAX_THROWDOWN, required=True), RESULT),
    "reveal": (TD, SEAT,
               Text("name", "The Super's name.", max_length=40, required=True),
               OneOf("side", "Hero or Villain.", tuple(s.value for s in Side), required=True),
               Integer("action_number", "Its Action Number.", minimum=0, maximum=ACTION_MAX,
                       required=True),
               OneOf("attack", "Attack type (grey fist = none).",
                     (*(a.value for a in Attack), NONE), required=True),
               Flag("defends_magic", "Magic (purple) Defense."),
               Flag("defends_force", "Force (red) Defense."),
               Flag("defends_psychic", "Psychic (green) Defense."),
               Integer("tie_order", "Only for equal Action Numbers: the table's order "
                       "(1 first).", minimum=1, maximum=40),
               Text("target", "One-target setting: whom its attack knocks out when several "
                    "could be.", max_length=40),
               Text("ability", "Optional: the Ability text.", max_length=200),
               Text("ability_knocks_out", "Optional: Supers its Ability knocked out "
                    "(comma-separated).", max_length=200),
               Text("ability_returns", "Optional: Supers its Ability sent away from the "
                    "Throwdown without a knock-out (comma-separated).", max_length=200),
               Text(abilities.FIELD, "Optional: Loot its Ability moves, as 'Gem from Ann' "
                    "(to this Super's Mastermind), 'Crown from Throwdown 2 to here', 'Idol "
                    "from Ben to bag' (comma-separated); applied only if the Ability happens.",
                    max_length=200)),
    "misplaced": (TD, SEAT),
    "battle": (TD,
               Text("order", "Only for equal Action Numbers not ordered at reveal: the tied "
                    "Supers in the table's order, first acts first (comma-separated).",
                    max_length=200),
               Text("targets", "One-target setting only: each attacker's pick, as "
                    "'Nova: Shade, Hex: Blaze'.", max_length=400), RESULT, WORKING),
    "claim": (TD, Text("loot", "The Loot the next claimer takes.", max_length=40,
                       required=True), RESULT, WORKING),
    "declare-win": (SEAT, Text("requirements", "Only for the table recording a plan card as "
                               "shown (the player's phone is gone or was never used): the "
                               "revealed plan, comma-separated. The owner's own phone leaves "
                               "it out and reveals the plan entered there.", max_length=400),
                    Flag("own_phone", "Set by the session, never sent: the stored form of a "
                         "declaration sent with the owner's own seat token says so; a "
                         "request carrying it is refused.")),
    "regroup": (Text("holder_picks", "On a tie for the fewest KOs: whom the holder gives "
                     "Loser Lad to.", max_length=40, seat=True), RESULT, WORKING),
    "correct": (SEAT, Text("loot", "A correction by hand: every Loot this player holds now, "
                           "comma-separated ('none' for none).", max_length=400),
                Text("ko", "A correction by hand: the Action Numbers in this player's KO pile "
                     "this round, comma-separated ('none' for none).", max_length=200)),
    "note": (Text("text", "The note.", max_length=280, required=True),),
}
