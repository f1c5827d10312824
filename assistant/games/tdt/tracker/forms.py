"""The forms of a new session: its seats and where the tracks start (see setup.py)."""
from __future__ import annotations

from assistant.inputs import Flag, Integer, ListOf, OneOf, Text
from assistant.tracker.base import SAVED_ID

from ..components import NAMED_HENCHMEN

GOODMAN_NAME = "General Goodman"
NAMED = tuple(h.name for h in NAMED_HENCHMEN if h.name != "Goodman")
"""The Named Henchmen a seat may play: the component list's characters (community data,
shared/research/tdt-component-data.md "Named henchmen"; the rulebook names some of them,
e.g. Azura Badeau and Emerson Barlow in its glossary, tomorrow-dies-today.txt:1056), General
Goodman left out: he is not a Named Henchman but a seat of his own in Cutthroat."""
SPELLINGS = {"Emerson Barlow": "Emmerson Barlow"}
"""The rulebook's spelling (tomorrow-dies-today.txt:1056) of a name the list spells otherwise."""

SEAT_FORM = (
    Text("henchman", "Named Henchman (or General Goodman, Cutthroat).", max_length=40,
         choices=(GOODMAN_NAME, *NAMED)),
    Text("player", "The player's own name (optional).", max_length=40),
    Text("team", "Mayhem: the team this Named Henchman plays for.", max_length=40),
    Flag("goodman", "Cutthroat: this seat plays General Goodman (or choose him as the seat's "
         "henchman).", ask=False),
    SAVED_ID,
    Text("name", "Leave out when starting a table: the seat's name as an export saved it.",
         max_length=60, ask=False),
)

SETUP_FORM = (
    OneOf("game", "The game being played.", ("tdt",), default="tdt"),
    OneOf("mode", "Game mode.", ("cutthroat", "syndicate", "mayhem"), required=True),
    ListOf("seats", "One seat per Named Henchman in play, plus General Goodman in Cutthroat.",
           SEAT_FORM, min_items=1, max_items=7, required=True),
    Integer("clock", "Where the Doomsday Marker starts; default: the setup table's space for "
            "this mode and number of Named Henchmen.", minimum=0, maximum=10),
    Integer("tech", "Where the Tech Marker starts (the rulebook does not say; give the level "
            "your track shows).", minimum=1, maximum=5),
    Text("team_leader", "Who holds the Team Leader token at the start: one of the seats.",
         max_length=40, seat=True),
    Flag("global_events", "Cutthroat or Mayhem: the table plays the optional Global Events "
         "(always on in Syndicate)."),
    Flag("rounds", "The session follows the round (Scheming, three Villainy Phases, "
         "Monologuing) and refuses what the rules forbid at that point. On unless set false; "
         "a session stored before the session knew the rounds is a plain ledger.",
         default=True, ask=False),  # the API's: a phone always plays by the rounds
)
