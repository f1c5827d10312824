"""The forms of a new session: its seats and where the tracks start (see setup.py)."""
from __future__ import annotations

from assistant.inputs import Flag, Integer, ListOf, OneOf, Text
from assistant.tracker.base import SAVED_ID

SEAT_FORM = (
    Text("henchman", "The Named Henchman played from this seat.", max_length=40),
    Text("player", "The player's own name (optional).", max_length=40),
    Text("team", "Mayhem: the team this Named Henchman plays for.", max_length=40),
    Flag("goodman", "Cutthroat: this seat plays General Goodman."),
    SAVED_ID,
    Text("name", "Leave out when starting a table: the seat's name as an export saved it.",
         max_length=60),
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
    Text("team_leader", "Seat id holding the Team Leader token at the start.", max_length=40),
    Flag("global_events", "Cutthroat or Mayhem: the table plays the optional Global Events "
         "(always on in Syndicate)."),
    Flag("rounds", "The session follows the round (Scheming, three Villainy Phases, "
         "Monologuing) and refuses what the rules forbid at that point. On unless set false; "
         "a session stored before the session knew the rounds is a plain ledger.",
         default=True),
)
