"""The forms of a table: a new session's seats and tracks, and every event the table records,
with the enums their options come from. The kernel checks each event against its form before
the referee (referee.py) sees it; these forms also make the API's schemas and the random
events of the property tests, so every range and option here is the rulebook's.

Counts a phone shows as a number (a Resource, Gadgets, the clock, the tech track) are sent as
the new value: two phones that both saw "clock 7" and both tap "6" mean the same thing. VP is
sent as a change with its reason, because the reason is what the table argues about.
"""
from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from assistant.inputs import Flag, Form, Integer, ListOf, OneOf, Text
from assistant.tracker.base import SAVED_ID

from ..calculators.agents import CorruptOption
from ..calculators.costs.gadgets import Shift
from ..calculators.costs.plotting import PlotTarget
from ..calculators.deployment import Destination, Origin
from ..components import NAMED_HENCHMEN

GOODMAN_NAME = "General Goodman"
NAMED = tuple(h.name for h in NAMED_HENCHMEN if h.name != "Goodman")
"""The Named Henchmen a seat may play: the component list's characters (community data,
shared/research/tdt-component-data.md "Named henchmen"; the rulebook names some of them,
e.g. Azura Badeau and Emerson Barlow in its glossary, tomorrow-dies-today.txt:1056), General
Goodman left out: he is not a Named Henchman but a seat of his own in Cutthroat."""
SPELLINGS = {"Emerson Barlow": "Emmerson Barlow"}
"""The rulebook's spelling (tomorrow-dies-today.txt:1056) of a name the list spells otherwise."""


class EventKind(StrEnum):
    VP = "vp"
    """VP gained or lost by a seat, with the reason."""
    TRIGGER = "trigger"
    """One of a Named Henchman's five Betrayal Triggers turned on or off (1 is Team Leader)."""
    OBJECTIVE = "objective"
    """An objective completed: Side Job, Disloyal Side Job, Directive, Global Event, or the
    Nefarious Plan revealed."""
    RESOURCES = "resources"
    """Resources a seat holds now, counted at the table, by kind (a correction)."""
    GADGETS = "gadgets"
    """How many Gadgets a seat now holds (a correction)."""
    HENCHMEN = "henchmen"
    """How many Faceless Henchmen wait at a seat's Base (a correction)."""
    CLOCK = "clock"
    """The Doomsday Marker moved to a space (0-10), by hand."""
    TECH = "tech"
    """The Tech Marker moved to a level (1-5), by hand."""
    HIGH_ALERT = "high-alert"
    """The High Alert tokens on an Agent HQ or a mission tile (its Spoils), by hand."""
    DOOMSDAY_REVEALED = "doomsday-revealed"
    """The Doomsday Plan was revealed (Cutthroat and Syndicate)."""
    DOOMSDAY_COMPLETED = "doomsday-completed"
    """The Doomsday Plan was completed (Cutthroat: Goodman declares it; Syndicate: its
    requirements are met)."""
    BETRAYAL = "betrayal"
    """A Named Henchman betrayed the organization, or Goodman forced them out (Cutthroat)."""
    TEAM_LEADER = "team-leader"
    """The Team Leader token passed to a seat (by Goodman's Requisition, or an effect)."""
    NOTE = "note"
    """A free note for the table's record."""
    NEXT = "next"
    """The round moves on: Scheming, Villainy Phases 1-3, Monologuing, then The World Reacts
    and the next round; at the end, Endgame and Scoring closes."""
    PASS = "pass"
    """A seat lets its turn go by: in Coordination, Tithe, Goodman Directives, or the Phase's
    Deployment (it does not deploy)."""
    REQUISITION = "requisition"
    """Scheming › Requisition Resources: Infamy exchanged for another Resource at the rate of
    the mode and role (Mayhem: VP for Faceless Henchmen too)."""
    WITHDRAW = "withdraw"
    """Syndicate: the Team Leader takes Resources from the Communal Vault to a seat's Vault."""
    PLOT = "plot"
    """Scheming › Plotting: one Plotting action paid in Espionage."""
    GADGET = "gadget"
    """A Named Henchman builds a Gadget (Scheming › Build Gadgets)."""
    SQUADS = "squads"
    """Scheming › Commit Forces to Squads: a seat's three Squads as they now stand."""
    HIRE = "hire"
    """Syndicate: a Named Henchman spends VP to hire another into play (Plotting)."""
    STAGING = "staging"
    """Scheming › Place Staging Markers: which Phases a seat's numbered markers stand for."""
    AGENT = "agent"
    """An Agent moved to a tile (Agents Investigate, or an effect)."""
    DEPLOY = "deploy"
    """A Named Henchman funds their Deployment for this Villainy Phase."""
    CONFLICT = "conflict"
    """Two Named Henchmen's Squads in a Conflict in Villainy."""
    DAMAGE = "damage"
    """Henchmen of one Squad take damage (a Conflict, an Agent, a Security Sweep)."""
    BRIBE = "bribe"
    """A seat pays Corruption to buy off an Agent on its tile."""
    SPOILS = "spoils"
    """Generate or Collect Spoils on a completed Resource Mission."""
    MISSION = "mission"
    """A Named Henchman's Squads complete a mission in Villainy."""
    CORRUPT_AGENCY = "corrupt-agency"
    """A Squad on an Agent HQ pays Corruption to change its High Alert or take a tile."""
    EXCHANGE = "exchange"
    """One player gives another Resources, Gadgets, Henchmen or VP."""
    RECALL = "recall"
    """Monologuing › Voluntary Recall: a seat's Squads come home to Base."""
    TITHE = "tithe"
    """Monologuing › Tithe to Goodman: what a seat tithes on its turn (maybe nothing)."""
    GOODMAN_PLOT = "goodman-plot"
    """Goodman's Plotting Actions: one paid option (Cutthroat: Goodman; Syndicate: the Team
    Leader's swap)."""
    GLOBAL_EVENT = "global-event"
    """The Betrayer pays 5 Infamy to flip a Global Event card (Cutthroat)."""


class Stage(StrEnum):
    """Where the round stands (Round, Stages, and Action Order)."""

    SCHEMING = "scheming"
    VILLAINY = "villainy"
    """Three Phases, `phase` 1-3."""
    MONOLOGUING = "monologuing"
    ENDGAME = "endgame"
    """Endgame and Scoring: Nefarious Plans are revealed, then the score is final."""
    OVER = "over"
    """The rules have ended the game."""


class ObjectiveKind(StrEnum):
    SIDE_JOB = "side-job"
    """A loyal Side Job from the seat's Vault."""
    DISLOYAL_SIDE_JOB = "disloyal-side-job"
    """A Disloyal (Betrayal) Side Job; Cutthroat only."""
    DIRECTIVE = "directive"
    """A Goodman Directive; loyal Named Henchmen only."""
    GLOBAL_EVENT = "global-event"
    """A Global Event solved: 1 VP and the card into the Vault."""
    NEFARIOUS_PLAN = "nefarious-plan"
    """The Nefarious Plan revealed at the end with its VP; Cutthroat and Mayhem."""


class VpSource(StrEnum):
    GOODMAN = "goodman"
    """Awarded by General Goodman (Cutthroat), scored on its own line."""
    OTHER = "other"
    """Anything else: mission rewards, the affinity bonus, exchanges, VP spent to hire."""


class Resource(StrEnum):
    """The five Resources (Glossary › Resources): each is its own kind."""

    FUNDING = "funding"
    ESPIONAGE = "espionage"
    CORRUPTION = "corruption"
    DATA_CACHE = "data-cache"
    INFAMY = "infamy"

    @property
    def attr(self) -> str:
        """The name of its count in a Purse (and of its field in a form)."""
        return _ATTRS[self]  # asked for every count of every state read: looked up

    @property
    def word(self) -> str:
        return self.value.replace("-", " ").title()


_ATTRS = {r: r.value.replace("-", "_") for r in Resource}


class Item(StrEnum):
    """What can change hands (Exchanges; Tithe to Goodman; a Goodman Reward)."""

    FUNDING = "funding"
    ESPIONAGE = "espionage"
    CORRUPTION = "corruption"
    DATA_CACHE = "data-cache"
    INFAMY = "infamy"
    GADGET = "gadget"
    HENCHMAN = "henchman"
    """A Faceless Henchman from the Base."""
    VP = "vp"
    TILE = "tile"
    """A Mission Tile from the Vault (tithes only)."""


class Agency(StrEnum):
    CIA = "cia"
    INTERPOL = "interpol"

    @property
    def word(self) -> str:
        return "CIA" if self is Agency.CIA else "Interpol"


class GoodmanOption(StrEnum):
    """Goodman's Plotting Actions paid one each (Cutthroat), and the Team Leader's swap of
    an Inactive Doomsday Mission (Syndicate)."""

    DRAW_DIRECTIVES = "draw-directives"
    SWITCH_INACTIVE = "switch-inactive"
    SWITCH_ACTIVE = "switch-active"
    DRAW_GADGETS = "draw-gadgets"
    DRAW_SIDE_JOBS = "draw-side-jobs"
    SWAP_INACTIVE = "swap-inactive"
    """Syndicate: the Team Leader moves an Inactive Doomsday Mission to the Communal Vault."""


RESOURCES = tuple(Resource)
BUYABLE = tuple(r.value for r in Resource if r is not Resource.INFAMY)
GIVEN = tuple(i.value for i in Item if i is not Item.TILE)
TITHED = tuple(i.value for i in Item if i is not Item.VP)
REWARDED = (*tuple(r.value for r in Resource), Item.VP.value)
CLAIMS = ("none", *tuple(r.value for r in Resource))

SEAT_FORM = (
    Text("player", "Player's name.", max_length=40),
    Text("henchman", "Named Henchman (or General Goodman, Cutthroat).", max_length=40,
         choices=(GOODMAN_NAME, *NAMED), dealt=True),
    Text("team", "Mayhem: the team this Named Henchman plays for.", max_length=40,
         dealt=True),
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
    Text("seed", "The deal of the seats left without a Named Henchman (in Cutthroat, who "
         "plays General Goodman; in Mayhem, the teams): any text, the same deal for the same "
         "text; left out, the players' names.", max_length=40, ask=False),
    Flag("rounds", "The session follows the round (Scheming, three Villainy Phases, "
         "Monologuing) and refuses what the rules forbid at that point. On unless set false; "
         "a session stored before the session knew the rounds is a plain ledger.",
         default=True, ask=False),  # the API's: a phone always plays by the rounds
    Flag("play", "The session referees turns, the order of each stage's Actions and the "
         "components' counts. On unless set false; a session stored before it did folds as "
         "it was recorded.", default=True, ask=False),
)
"""The forms of a new session: its seats and where the tracks start (see setup.py)."""

SEAT = Text("seat", "Who (one of the seats).", max_length=40, required=True, seat=True)
ATTRIBUTES = ("combat", "stealth", "cunning", "diplomacy")
WORKING = Text("working", "Filled in by the session: how it worked the numbers out.",
               max_length=2000)
WORKED = "Filled in by the session (anything sent is replaced)."
AGENCY = OneOf("agent", "Which Agent: the CIA's or Interpol's.", tuple(Agency), "cia")
TILE = Text("tile", "The tile's name, as printed (optional).", max_length=80)


def _count(name: str, help_text: str, high: int = 50, default: int | None = None,
           low: int = 0, required: bool = False) -> Integer:
    return Integer(name, help_text, minimum=low, maximum=high, default=default,
                   required=required)


EVENT_FORMS: Mapping[EventKind, Form] = {
    EventKind.VP: (SEAT, Integer("amount", "VP gained (positive) or lost (negative).",
                                 minimum=-50, maximum=50, required=True),
                   OneOf("source", "Where the VP comes from.", tuple(VpSource), "other"),
                   Text("reason", "Why, in a few words.", max_length=120)),
    EventKind.TRIGGER: (SEAT, Integer("trigger", "Which Betrayal Trigger (1 is the Team Leader "
                                      "trigger).", minimum=1, maximum=5, required=True),
                        Flag("active", "On (true) or off (false).", default=True)),
    EventKind.OBJECTIVE: (
        SEAT, OneOf("objective", "What was completed.", tuple(ObjectiveKind), required=True),
        Integer("vp", "VP it gave (a Global Event gives 1).", minimum=0, maximum=30),
        Text("title", "The card's name.", max_length=80),
        _count("goodman_reward", "A Goodman Directive: how much of its 'Goodman' reward "
               "Goodman collects (the Team Leader, where nobody plays Goodman).", 10),
        OneOf("goodman_item", "What that Goodman reward is (Infamy unless you say).",
              REWARDED)),
    EventKind.RESOURCES: (
        SEAT, *(_count(r.attr, f"{r.word} held now.", 200) for r in Resource),
        _count("count", "Resources held now, their kinds not said (an older table's count).",
               200)),
    EventKind.GADGETS: (SEAT, _count("count", "Gadgets held now.", required=True)),
    EventKind.HENCHMEN: (SEAT, _count("count", "Faceless Henchmen waiting at the Base now "
                                      "(not in a Squad).", 60, required=True)),
    EventKind.CLOCK: (Integer("to", "The Doomsday Clock's new space.", minimum=0, maximum=10,
                              required=True),),
    EventKind.TECH: (Integer("to", "The Technology Track's new level.", minimum=1, maximum=5,
                             required=True),),
    EventKind.HIGH_ALERT: (
        Text("tile", "CIA HQ, Interpol HQ, or the mission tile whose tokens (its Spoils) you "
             "count.", max_length=80, required=True),
        _count("to", "High Alert tokens on it now.", 20, required=True)),
    EventKind.DOOMSDAY_REVEALED: (),
    EventKind.DOOMSDAY_COMPLETED: (),
    EventKind.BETRAYAL: (SEAT, Flag("forced", "Goodman forced this Henchman out (Force "
                                    "Betrayal) rather than a voluntary betrayal."),
                         OneOf("resource", "The Resource the Betrayer collects (its icon is not "
                               "printed in our rulebook; leave out if the table has not said).",
                               tuple(Resource)),
                         _count("amount", f"VP handed to General Goodman. {WORKED}", 999),
                         _count("count", f"Resources handed to General Goodman. {WORKED}",
                                999),
                         _count("collects", f"Resources the Betrayer collects. {WORKED}", 999),
                         _count("cost", f"Infamy General Goodman pays to force them out. "
                                f"{WORKED}", 99),
                         WORKING),
    EventKind.TEAM_LEADER: (SEAT, Flag("reassign", "Cutthroat: General Goodman reassigns the "
                                       "token during his Requisition, paying Infamy."),
                            _count("cost", f"Infamy Goodman paid. {WORKED}", 9)),
    EventKind.NOTE: (Text("text", "The note.", max_length=280, required=True),
                     Text("seat", "The seat it is about (optional).", max_length=40, seat=True)),
    EventKind.NEXT: (OneOf("stage", f"The stage reached. {WORKED}", tuple(Stage)),
                     Integer("round", f"The round reached. {WORKED}", minimum=1, maximum=99),
                     Integer("phase", f"The Villainy Phase reached (0 outside Villainy). "
                             f"{WORKED}", minimum=0, maximum=3),
                     Integer("to", f"The Doomsday Clock after The World Reacts. {WORKED}",
                             minimum=0, maximum=10),
                     Text("seat", f"The Team Leader after the token passed. {WORKED}",
                          max_length=40),
                     Text("text", f"What happened, in a line. {WORKED}", max_length=400),
                     WORKING),
    EventKind.PASS: (SEAT,),
    EventKind.REQUISITION: (
        SEAT, OneOf("resource", "The Resource bought with Infamy.", BUYABLE, "funding"),
        _count("count", "How many of it.", 30, 1),
        _count("faceless", "Mayhem: Faceless Henchmen added to the Base at 1 VP each.", 20, 0),
        _count("cost", f"Infamy spent. {WORKED}", 99), WORKING),
    EventKind.WITHDRAW: (SEAT, OneOf("resource", "The Resource taken from the Communal Vault.",
                                     tuple(Resource), "funding"),
                         _count("count", "How many.", 50, 1, low=1)),
    EventKind.PLOT: (
        SEAT, OneOf("option", "The Plotting action.", tuple(PlotTarget), "side-jobs"),
        TILE, Flag("occupied", "The tile has a Squad or an Agent on it."),
        _count("cost", f"Espionage spent. {WORKED}", 30), WORKING),
    EventKind.GADGET: (SEAT, OneOf("shift", "Pay Corruption equal to the level to move the "
                                   "track one step first?", tuple(Shift), "none"),
                       _count("cost", f"Data Cache and Corruption spent. {WORKED}", 20),
                       Integer("to", f"The Technology Track afterwards. {WORKED}", minimum=1,
                               maximum=5),
                       WORKING),
    EventKind.SQUADS: (
        SEAT, *(_count(f"size_{n}", f"Henchmen in Squad {n} now (0: disbanded; leave out: "
                       "unchanged).", 6) for n in (1, 2, 3)),
        _count("named_in", "Which Squad the Named Henchman is in (0: at the Base; leave out: "
               "unchanged).", 3),
        Flag("correction", "A correction by hand (not a Commit Forces action on the seat's "
             "turn).")),
    EventKind.HIRE: (SEAT, _count("cost", f"VP spent. {WORKED}"),
                     Text("title", "The Named Henchman hired (optional).", max_length=80),
                     WORKING),
    EventKind.STAGING: (
        SEAT, *(f for n in (1, 2, 3) for f in (
            Flag(f"phase_{n}", f"A marker numbered {n} is placed (the seat deploys in Phase "
                 f"{n}).", default=True),
            Text(f"tile_{n}", f"The tile the Phase {n} marker is on (optional).",
                 max_length=80))),
        _count("blanks", "Blank markers placed (leave out: the rest of the seat's markers).",
               4)),
    EventKind.AGENT: (AGENCY, Text("tile", "The tile the Agent moves to (its HQ: 'HQ').",
                                   max_length=80, required=True)),
    EventKind.DEPLOY: (
        SEAT,
        *(f for n in (1, 2, 3) for f in (
            _count(f"squad_{n}", f"Henchmen in funded Squad {n} (0: none).", 6,
                   1 if n == 1 else 0),
            OneOf(f"from_{n}", f"Where Squad {n} starts: a Mission Tile, a Base Tile, the "
                  "Base Entrance, or staying on its tile (this page knows it once the "
                  "Squads are recorded).", tuple(Origin), "mission"))),
        OneOf("destination", "The Staging Marker's tile, or back to Base (free).",
              tuple(Destination), "mission"),
        TILE,
        Integer("modifier", "Funding an ability adds (+) or takes off (−).", minimum=-6,
                maximum=6, default=0),
        _count("cost", f"Funding spent. {WORKED}", 20),
        WORKING),
    EventKind.CONFLICT: (
        SEAT, Text("target", "The seat it attacks.", max_length=40, required=True, seat=True),
        OneOf("offence", "The attacker's offensive Attribute.", ATTRIBUTES, required=True),
        _count("offence_total", "The attacker's total in it.", 99, required=True),
        OneOf("defence", "The attacker's defensive Attribute (not its offensive one).",
              ATTRIBUTES, required=True),
        _count("defence_total", "The attacker's total in it.", 99, required=True),
        OneOf("target_offence", "The target's offensive Attribute.", ATTRIBUTES, required=True),
        _count("target_offence_total", "The target's total in it.", 99, required=True),
        OneOf("target_defence", "The target's defensive Attribute (not its offensive one).",
              ATTRIBUTES, required=True),
        _count("target_defence_total", "The target's total in it.", 99, required=True),
        _count("steals", "Of the attacker's successes, how many steal (Stealth: Funding, "
               "Cunning: Espionage, Diplomacy: Corruption).", 49, 0),
        _count("target_steals", "The same for the target's successes.", 49, 0),
        OneOf("claim", "The target's Named Henchman was sent back to Base: the Resource the "
              "attacker takes all of.", CLAIMS, "none"),
        OneOf("target_claim", "The same the other way round.", CLAIMS, "none"),
        _count("count", f"Resources the attacker took. {WORKED}", 999),
        _count("collects", f"Resources the target took. {WORKED}", 999),
        WORKING),
    EventKind.DAMAGE: (
        SEAT, _count("squad", "Which Squad takes it.", 3, 1, low=1),
        _count("faceless", "Faceless Henchmen damaged (they go to the World).", 6, 0),
        Flag("named", "The Named Henchman is damaged (back to Base)."),
        Flag("agent", "An Agent dealt it (a damaged Named Henchman loses all Infamy).")),
    EventKind.BRIBE: (SEAT, AGENCY, _count("cost", f"Corruption paid. {WORKED}", 40)),
    EventKind.SPOILS: (
        SEAT, OneOf("action", "Generate one Spoil, or collect some.", ("generate", "collect"),
                    "generate"),
        Text("tile", "The completed Resource Mission.", max_length=80, required=True),
        _count("count", "Collect: how many Spoils taken.", 20, 1, low=1),
        OneOf("resource", "Collect: what they were taken as.",
              (*tuple(r.value for r in Resource), Item.HENCHMAN.value), "funding"),
        Flag("affinity", "Only an Idle Squad with the Affinity for this mission's type acts.")),
    EventKind.MISSION: (
        SEAT, OneOf("mission", "Resource Mission, Doomsday Mission or Agent HQ.",
                    ("resource", "doomsday", "hq"), required=True),
        Text("title", "The tile's name (its requirements come from the game's data).",
             max_length=80, required=True),
        *(_count(a, f"{a.capitalize()} of the Squads completing it, together.", 99, 0)
          for a in ATTRIBUTES),
        Flag("affinity", "The Named Henchman has the Affinity for this mission's type."),
        _count("high_alert", "Agent HQ: High Alert tokens on it (this page counts them once "
               "recorded).", 20),
        _count("reward_vp", "VP printed in the Rewards.", 20, 0),
        _count("reward_resources", "Resources printed in the Rewards.", 20, 0),
        OneOf("reward_resource", "Which Resource the Rewards print.", tuple(Resource),
              "funding"),
        _count("amount", f"VP received. {WORKED}", 999),
        _count("count", f"Resources received. {WORKED}", 999),
        WORKING),
    EventKind.CORRUPT_AGENCY: (
        SEAT, AGENCY, OneOf("option", "What the Corruption buys: a High Alert token added or "
                            "removed, or a tile taken from the World.",
                            ("add-alert", "remove-alert",
                             CorruptOption.TAKE_RESOURCE_MISSION.value,
                             CorruptOption.TAKE_DOOMSDAY_MISSION.value), "remove-alert"),
        _count("cost", f"Corruption paid. {WORKED}", 40)),
    EventKind.EXCHANGE: (
        SEAT, Text("target", "Who receives it.", max_length=40, required=True, seat=True),
        OneOf("item", "What is given.", GIVEN, "funding"),
        _count("count", "How many.", 50, 1, low=1)),
    EventKind.RECALL: (SEAT,),
    EventKind.TITHE: (SEAT, OneOf("item", "What is tithed.", TITHED, "infamy"),
                      _count("count", "How many (0: a tithe of nothing).", 50, 0)),
    EventKind.GOODMAN_PLOT: (
        SEAT, OneOf("option", "The option paid for.", tuple(GoodmanOption), "draw-directives"),
        OneOf("paid", "The Resource paid (its icon is not printed in our rulebook).",
              tuple(Resource), "infamy"),
        _count("placed", "Directives (up to 3) or Gadgets (up to 2) put out.", 3)),
    EventKind.GLOBAL_EVENT: (SEAT, _count("cost", f"Infamy paid. {WORKED}", 9)),
}
"""The fields of each kind; `kind` itself is always required (undo and revert belong to the
session kernel)."""
