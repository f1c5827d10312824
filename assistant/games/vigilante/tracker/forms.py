"""The forms of a Vigilante table: its setup (read into a SessionSetup) and every event.

Numbers a table reads off several pieces at once (dice, slots, an attack chart) are typed as
text, "1, 4, 0, 5": the session page's text box sends what the API takes (`numbers`)."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput
from assistant.inputs import Flag, Form, Integer, ListOf, OneOf, Text
from assistant.tracker import Event, Seat, seat_ids
from assistant.tracker.base import SAVED_ID
from assistant.tracker.fields import check_form
from assistant.tracker.names import find_seat

from ..calculators.allegiance import KINDS, SPOTS
from ..calculators.events import EQUIPMENT_TIMING, EVENT_TYPES
from ..calculators.fight import EFFECTS as FIGHT_EFFECTS
from ..identities import IDENTITY_OPTIONS
from ..judge import SETTING_OPTIONS, Settings
from ..mix import check_counts, check_players
from ..modes import MAX_PLAYERS, SCENARIO_OPTIONS, scenario
from .state import (
    ACTIONS,
    EVENT_TOKENS,
    FULL_TEAM_MERCENARY,
    GAME,
    MARKET_WITH_MERCENARIES,
    SLOTS,
    SessionSetup,
)

MAX_JAIL = 60
MAX_DIE = 20
MAX_STAT = 30
MAX_HAND = 99
SETTING_QUESTIONS = {
    "cultist_timing": "Table setting, the Cultist's Mission (the rulebook reads two ways): are "
                      "the others' defeated Heroes counted after the Investigator's move or "
                      "before it?",
    "cultist_count": "Table setting, the Cultist's Mission: does each other player need at "
                     "least 1 defeated Hero, or exactly 1?",
    "bounty_moved": "Table setting, the Bounty Hunter's Mission: is a Hero the Investigator "
                    "moved not a Hero any more, or still a defeated Hero?",
    "bounty_ties": "Table setting, the Bounty Hunter's Mission, when Heroes tie for the "
                   "highest Influence: must all of them be defeated, or any one?",
    "profiteer_team": "Table setting, the Profiteer's Mission: compare the undefeated Heroes "
                      "on the mats only, or the defeated ones too?",
    "bounty_scope": "Table setting, the Bounty Hunter's Mission: compare the other players' "
                    "Heroes only, or the Hero Market's too?",
}
"""Each reading the table settles, asked so that its options answer it (our own words)."""
AS_ENTERED = "as-entered"
"""A reveal that shows the Identity the seat entered on its own phone (the page's default)."""

# ---------------------------------------------------------------- setup

SEAT_FORM: Form = (Text("name", "Player (clockwise round the table).", max_length=40,
                        required=True),
                   Text("player", "Optional: who plays this seat.", max_length=40), SAVED_ID)
SETUP_FORM: Form = (
    OneOf("game", "The game being played.", (GAME,), default=GAME),
    OneOf("mode", "Scenario.", SCENARIO_OPTIONS, required=True),
    ListOf("seats", "Players, clockwise.", SEAT_FORM, min_items=2, max_items=MAX_PLAYERS,
           required=True),
    Integer("rounds", "From your Scenario Card: rounds.", minimum=1, maximum=EVENT_TOKENS),
    Integer("starting_events", "From your Scenario Card: starting Events.", minimum=0,
            maximum=EVENT_TOKENS),
    Integer("starting_cards", "From your Scenario Card: City cards each player draws at "
            "setup (then this page counts every hand).", minimum=0, maximum=20),
    Integer("good", "From your Scenario Card: Good Identities.", minimum=0, maximum=5),
    Integer("evil", "From your Scenario Card: Evil Identities.", minimum=0, maximum=5),
    Integer("neutral", "From your Scenario Card: Neutral Identities.", minimum=0, maximum=6),
    Text("first_player", "Who takes the First Player marker (default: the first seat).",
         max_length=40, seat=True),
    Flag("mercenaries", "Mercenaries variant (4 cards in the Hero Market)."),
    Flag("first_game", "First game: no Investigator or Mastermind."),
    *(OneOf(k, SETTING_QUESTIONS[k], v, default=v[0]) for k, v in SETTING_OPTIONS.items()),
    OneOf("equipment_timing", "Table setting: Equipment die effects go off after or before the "
          "track Events (the rulebook does not say).", EQUIPMENT_TIMING,
          default=EQUIPMENT_TIMING[0]),
    OneOf("full_team_mercenary", "Table setting, Mercenaries: may a player whose 4 slots are "
          "full still recruit a Mercenary (it joins no team; the rulebook does not say)?",
          FULL_TEAM_MERCENARY, default=FULL_TEAM_MERCENARY[0]),
)


def parse_setup(data: Mapping[str, Any]) -> SessionSetup:
    values = check_form(SETUP_FORM, data)
    s = scenario(values["mode"])
    raw = data.get("seats")
    if not isinstance(raw, Sequence) or isinstance(raw, str | bytes):
        raise InvalidInput("seats", "List the players clockwise.", f"2-{MAX_PLAYERS} names")
    rows = [check_form(SEAT_FORM, item if isinstance(item, Mapping) else {}, f"seats.{i}")
            for i, item in enumerate(raw)]
    ids = seat_ids([r["name"] for r in rows], [r.get("id") for r in rows])
    seats = [Seat(sid, r["name"], r.get("player")) for sid, r in zip(ids, rows, strict=True)]
    try:
        check_players(s, len(seats), "seats")
    except InvalidInput as exc:
        raise InvalidInput("seats", exc.detail, f"{exc.allowed} seats",
                           rule="player-count") from None
    if values.get("rounds") is not None and values.get("starting_events") is None:
        # Rounds are counted as tokens on the track minus the starting Events: without the
        # starting Events the last rounds' Events would be refused and the end allowed early.
        raise InvalidInput("starting_events", "With the card's rounds, enter its starting "
                           "Events too (0 if none): the rounds are counted on the Event Track.",
                           f"0-{EVENT_TOKENS}", rule="round")
    mix = [values.get(k) for k in ("good", "evil", "neutral")]
    card_mix: tuple[int, int, int] | None = None
    if any(v is not None for v in mix):
        if any(v is None for v in mix):
            raise InvalidInput("good", "Enter all three identity counts from the card, or "
                               "none.", "Good, Evil and Neutral counts", rule="scenario-card")
        good, evil, neutral = (int(v or 0) for v in mix)
        check_counts(s, len(seats), good, evil, neutral, bool(values.get("first_game")))
        card_mix = (good, evil, neutral)
    first = 0
    if values.get("first_player"):
        found = find_seat(ids, [x.name for x in seats], values["first_player"])
        if found is None:
            raise InvalidInput("first_player", "The First Player must be one of the seats.",
                               ", ".join(x.name for x in seats), rule="setup-first-player")
        first = found
    return SessionSetup(s, tuple(seats), values.get("rounds"), values.get("starting_events"),
                        card_mix, first, bool(values.get("mercenaries")),
                        bool(values.get("first_game")),
                        Settings(**{k: values[k] for k in SETTING_OPTIONS}),
                        values.get("equipment_timing") or EQUIPMENT_TIMING[0],
                        values.get("starting_cards"),
                        values.get("full_team_mercenary") or FULL_TEAM_MERCENARY[0])


# ---------------------------------------------------------------- events

SEAT = Text("seat", "The player.", required=True, seat=True)
SLOT = Integer("slot", "Which slot (1-4).", minimum=1, maximum=SLOTS, required=True)
SAID = Text("said", "Filled in by the session: what the event did, in the table's words (any "
            "value sent is replaced).", max_length=3000)
WORKING = Text("working", "Filled in by the session: the calculator's steps (any value sent is "
               "replaced).", max_length=6000)
EVENT_TYPE = OneOf("type", "Event type.", EVENT_TYPES, required=True)
DIE = Integer("die", "Its die number.", minimum=1, maximum=MAX_DIE, required=True)
PER_SEAT = "one number per player, as seated"
NAME = Text("name", "The card's name.", max_length=40)
INFLUENCE = Integer("influence", "Its Influence cost.", minimum=0, maximum=MAX_STAT)
HEALTH = Integer("health", "Its Health as printed (Equipment is attached with Equip).",
                 minimum=1, maximum=MAX_STAT)
ATTACK = Integer("attack", "Its Attack as printed (a Fight adds it up).", minimum=0,
                 maximum=MAX_STAT)
PLACE = Integer("place", "Its place in the Hero Market (1 to 3, or 4 with Mercenaries).",
                minimum=1, maximum=MARKET_WITH_MERCENARIES)
CARD_KINDS = ("one-time-use", "ambush")
DECKS = ("city", "agency")
CAUSES = {"villain-attack": "a Villain's attack", "villain-effect": "a Villain's text effect",
          "event": "an Event", "card-effect": "a card's text effect"}
"""What can put damage on a Hero (Fight steps 2-3, Events, text effects)."""
HEALS = {"heal-action": "a Heal action", "card-effect": "a card's text effect"}

EVENT_FORMS: Mapping[str, Form] = {
    # the round
    "new-event": (EVENT_TYPE, DIE, SAID),
    "die": (SEAT, Integer("die", "The Event die this player puts on the track after their 4th "
                          "action (its number; the other die stays hidden).", minimum=1,
                          maximum=MAX_DIE, required=True), SAID),
    "trigger": (Text("firefight", f"Firefight: the slot of the Hero each player picks to take 1 "
                     f"damage, {PER_SEAT} (0: none, or the only Hero).", max_length=40),
                Text("paramedic", f"Paramedic: the slot of the damaged Hero each player picks to "
                     f"heal, {PER_SEAT} (0: none, or the only one).", max_length=40),
                SAID, WORKING),
    "end-round": (SAID,),
    "end-game": (SAID,),
    # setup
    "starter": (SEAT, Text("name", "The Starter Hero chosen (of the 2 dealt).", max_length=40,
                           required=True),
                Integer("influence", "Its Influence, as printed.", minimum=0, maximum=MAX_STAT,
                        required=True),
                Integer("health", "Its Health as printed.", minimum=1, maximum=MAX_STAT,
                        required=True), ATTACK, SAID),
    "market": (Integer("place", "Which place in the Hero Market (1 to 3, or 4 with "
                       "Mercenaries).", minimum=1, maximum=MARKET_WITH_MERCENARIES,
                       required=True),
               Text("name", "The card turned face up there.", max_length=40, required=True),
               Integer("influence", "Its Influence cost.", minimum=0, maximum=MAX_STAT,
                       required=True),
               Integer("health", "Its Health (a Hero's; a Mercenary has none).", minimum=1,
                       maximum=MAX_STAT),
               ATTACK, Flag("mercenary", "It is a Mercenary (variant)."), SAID),
    # main actions (one per turn, each removing an action token)
    "draw": (SEAT, OneOf("deck", "From the City deck, or the Agency deck (3 or more Villains "
                         "jailed).", DECKS, default="city"), SAID),
    "recruit": (SEAT, PLACE, NAME, INFLUENCE, HEALTH, ATTACK,
                Integer("cards", "Cards discarded from hand to pay.", minimum=0,
                        maximum=MAX_HAND),
                Integer("paid", "Their Influence together (at least the cost; the rest is "
                        "lost).", minimum=0, maximum=MAX_HAND),
                Flag("mercenary", "It is a Mercenary: its ability is used, then it is "
                     "discarded (variant)."), SAID),
    "fight": (SEAT, Text("villain", "The Villain's name (optional).", max_length=40),
              Integer("villain_health", "The Villain's Health.", minimum=0, maximum=MAX_STAT,
                      required=True),
              Text("chart", "Its attack chart: damage to slots 1-4, slot 1 first, e.g. 2, 1, "
                   "0, 1.", max_length=40),
              OneOf("effect", "Its text effect: none, resolved now, or To Jail.", FIGHT_EFFECTS,
                    default="none"),
              Text("effect_damage", "Damage its text dealt in step 2, slots 1-4 (e.g. 0, 1).",
                   max_length=40),
              Integer("bonus_attack", "Extra Attack from card effects this fight.", minimum=0,
                      maximum=MAX_STAT, default=0),
              Text("attacks", "Heroes' printed Attack, slots 1-4, where not recorded at "
                   "recruiting (e.g. 2, 3).", max_length=40),
              SAID, WORKING),
    "heal": (SEAT, SLOT, Integer("cubes", "Damage cubes removed (a Heal action removes 1).",
                                 minimum=1, maximum=MAX_STAT, default=1),
             OneOf("cause", "How: the Heal a Hero action, or a card's effect.",
                   tuple(HEALS), default="heal-action"), SAID),
    "inventory": (SEAT, Text("slots", "The slots whose Equipment goes back to hand, e.g. 1, 3 "
                             "(leave out: every Hero's).", max_length=40),
                  Text("name", "Only this Equipment card (one slot carrying several).",
                       max_length=40), SAID),
    "trade": (SEAT, Text("to_seat", "The player who agreed to trade 1 card for 1.",
                         max_length=40, required=True, seat=True), SAID),
    # free actions and cards
    "equip": (SEAT, SLOT, Text("name", "The Equipment card.", max_length=40, required=True),
              Integer("health", "Its Health bonus.", minimum=0, maximum=MAX_STAT, default=0),
              Integer("attack", "Its Attack bonus.", minimum=0, maximum=MAX_STAT, default=0),
              Integer("die", "The die number of its Event effect, if it has one.", minimum=1,
                      maximum=MAX_DIE),
              Flag("extra", "A text effect lets this Hero carry more than 1 Equipment."), SAID),
    "play-card": (SEAT, OneOf("card", "One-Time-Use (start of your turn) or Ambush (whenever "
                              "its condition is met).", CARD_KINDS, required=True),
                  Text("name", "The card (optional).", max_length=40), SAID),
    "mercenary": (SEAT, Integer("place", "The Mercenary's place in the Hero Market.",
                                minimum=1, maximum=MARKET_WITH_MERCENARIES, required=True),
                  SAID),
    "hit": (SEAT, SLOT, Integer("cubes", "Damage cubes placed on it.", minimum=1,
                                maximum=MAX_STAT, required=True),
            OneOf("cause", "What dealt the damage.", tuple(CAUSES), required=True),
            Text("source", "Optional: which Villain, Event or card.", max_length=40), SAID),
    # hand-set values (corrections)
    "jail": (SEAT, Integer("count", "Villains in the jail now (public).", minimum=0,
                           maximum=MAX_JAIL, required=True), SAID),
    "hand": (SEAT, Integer("count", "Cards in hand now (City and Agency).", minimum=0,
                           maximum=MAX_HAND, required=True), SAID),
    "actions": (SEAT, Integer("left", "Action tokens left on the meter this round.",
                              minimum=0, maximum=ACTIONS, required=True), SAID),
    "damage": (SEAT, SLOT, Integer("to", "Correction: the damage cubes on that Hero now.",
                                   minimum=0, maximum=MAX_STAT, required=True), SAID),
    "defeat": (SEAT, SLOT, Text("cause", "What defeated it (a card's text, a ruling).",
                                max_length=60), SAID),
    "add-event": (EVENT_TYPE, DIE, SAID),
    "pass-first-player": (SAID,),
    "first-player": (SEAT, SAID),
    # secrets and the end
    "identity": (SEAT, OneOf("identity", "Your Identity card (only your phone sees it).",
                             IDENTITY_OPTIONS, required=True)),
    "investigate": (SEAT, Text("target", "The player you investigated (name).", max_length=40,
                               required=True, seat=True),
                    Integer("spot", "Which of their 4 spots.", minimum=1, maximum=SPOTS,
                            required=True),
                    OneOf("seen", "What the token showed (only your phone sees it).", KINDS,
                          required=True)),
    "reveal": (SEAT, OneOf("identity", "The Identity card shown at the reveal ("
                           f"{AS_ENTERED}: the one entered on this phone, sent from the "
                           "player's own phone only; the table types the card it sees).",
                           (AS_ENTERED, *IDENTITY_OPTIONS)),
               Integer("jail_level_2_3", "Addict: Level 2 or 3 Villains in jail.", minimum=0,
                       maximum=MAX_JAIL),
               Integer("med_cards", "Addict: First Aid Kits and Med Pacs in hand.", minimum=0,
                       maximum=MAX_JAIL),
               Flag("own_phone", "Set by the session, never sent: the stored form of a "
                    "reveal sent with the player's own seat token (as entered there) says "
                    "so; a request carrying it is refused.")),
    "note": (Text("text", "A note for the table.", max_length=200, required=True),),
}
PRIVATE = frozenset({"identity", "investigate"})
TOLD = frozenset(k for k, form in EVENT_FORMS.items() if SAID in form)
"""Kinds whose stored form carries what they did (`said`), worked out from the state."""


def numbers(event: Event, name: str, high: int, most: int = MAX_PLAYERS,
            rule: str | None = None) -> list[int]:
    """Whole numbers typed as text, "1, 4, 0, 5": the same from the page's text box and the
    API."""
    raw = event.get(name)
    parts = [p for p in re.split(r"[,\s]+", str(raw or "")) if p]
    if len(parts) > most or not all(re.fullmatch(r"[0-9]{1,3}", p) and int(p) <= high
                                    for p in parts):
        raise InvalidInput(name, "Type up to " + str(most) + f" whole numbers 0-{high}, "
                           "separated by commas (e.g. 1, 4, 0, 5).",
                           f"up to {most} numbers 0-{high}", rule=rule)
    return [int(p) for p in parts]
