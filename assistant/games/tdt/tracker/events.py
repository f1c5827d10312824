"""What can happen at the table, as events: one form per kind, parsed into a frozen Event.

Counts that a phone shows as a number (Resources, Gadgets, the clock, the tech track) are
sent as the new value (`count`, `to`), not as a change: two phones that both saw "clock 7"
and both tap "6" mean the same thing, and the version check (If-Match) catches the rest.
VP is sent as a change with its reason, because the reason is what the table argues about.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from assistant.inputs import Flag, Form, Integer, OneOf, Text
from assistant.tracker import seat_name

from ..calculators.costs.gadgets import Shift
from ..calculators.deployment import Destination, Origin


class EventKind(StrEnum):
    VP = "vp"
    """VP gained or lost by a seat, with the reason."""
    TRIGGER = "trigger"
    """One of a Named Henchman's five Betrayal Triggers turned on or off (1 is Team Leader)."""
    OBJECTIVE = "objective"
    """An objective completed: Side Job, Disloyal Side Job, Directive, Global Event, or the
    Nefarious Plan revealed."""
    RESOURCES = "resources"
    """How many Resources a seat now holds (a tie-break in Cutthroat)."""
    GADGETS = "gadgets"
    """How many Gadgets a seat now holds (a tie-break in Cutthroat)."""
    CLOCK = "clock"
    """The Doomsday Marker moved to a space (0-10)."""
    TECH = "tech"
    """The Tech Marker moved to a level (1-5)."""
    DOOMSDAY_REVEALED = "doomsday-revealed"
    """The Doomsday Plan was revealed (Cutthroat and Syndicate)."""
    DOOMSDAY_COMPLETED = "doomsday-completed"
    """The Doomsday Plan was completed (Cutthroat: Goodman declares it; Syndicate: its
    requirements are met)."""
    BETRAYAL = "betrayal"
    """A Named Henchman betrayed the organization, or Goodman forced them out (Cutthroat)."""
    TEAM_LEADER = "team-leader"
    """The Team Leader token passed to a seat."""
    NOTE = "note"
    """A free note for the table's record."""
    NEXT = "next"
    """The round moves on: Scheming, Villainy Phases 1-3, Monologuing, then The World Reacts
    (the clock calculator) and the next round; at the end, Endgame and Scoring closes."""
    GADGET = "gadget"
    """A Named Henchman builds a Gadget (Scheming › Build Gadgets): the gadget-cost
    calculator prices it and moves the Technology Track."""
    CONFLICT = "conflict"
    """Two Named Henchmen's Squads in a Conflict in Villainy: the conflict calculator counts
    each side's successes after the other's defence; the successes the table spends on
    stealing move Resources between them."""
    DEPLOY = "deploy"
    """A Named Henchman funds their Deployment for this Villainy Phase: the fund-deployment
    calculator prices it (sizes, the Base or stay discount, abilities)."""
    MISSION = "mission"
    """A Named Henchman's Squads complete a mission in Villainy: the mission calculator checks
    the requirements and works out the rewards (Affinity, HQ multiplier)."""
    HIRE = "hire"
    """Syndicate: a Named Henchman spends VP to hire another into play (Plotting); the
    hire-henchman calculator prices it."""


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


SEAT = Text("seat", "The seat id (see the session's seats).", max_length=40, required=True,
            seat=True)
ATTRIBUTES = ("combat", "stealth", "cunning", "diplomacy")
WORKING = Text("working", "Filled in by the session: the calculator's working.",
               max_length=2000)
WORKED = "Filled in by the session from its state (anything sent is replaced)."
EVENT_FORMS: Mapping[EventKind, Form] = {
    EventKind.VP: (SEAT, Integer("amount", "VP gained (positive) or lost (negative).",
                                 minimum=-50, maximum=50, required=True),
                   OneOf("source", "Where the VP comes from.", tuple(VpSource), "other"),
                   Text("reason", "Why, in a few words.", max_length=120)),
    EventKind.TRIGGER: (SEAT, Integer("trigger", "Which Betrayal Trigger (1 is the Team Leader "
                                      "trigger).", minimum=1, maximum=5, required=True),
                        Flag("active", "On (true) or off (false).", default=True)),
    EventKind.OBJECTIVE: (SEAT, OneOf("objective", "What was completed.",
                                      tuple(ObjectiveKind), required=True),
                          Integer("vp", "VP it gave (a Global Event gives 1).", minimum=0,
                                  maximum=30),
                          Text("title", "The card's name.", max_length=80)),
    EventKind.RESOURCES: (SEAT, Integer("count", "Resources held now.", minimum=0, maximum=200,
                                        required=True)),
    EventKind.GADGETS: (SEAT, Integer("count", "Gadgets held now.", minimum=0, maximum=50,
                                      required=True)),
    EventKind.CLOCK: (Integer("to", "The Doomsday Clock's new space.", minimum=0, maximum=10,
                              required=True),),
    EventKind.TECH: (Integer("to", "The Technology Track's new level.", minimum=1, maximum=5,
                             required=True),),
    EventKind.DOOMSDAY_REVEALED: (),
    EventKind.DOOMSDAY_COMPLETED: (),
    EventKind.BETRAYAL: (SEAT, Flag("forced", "Goodman forced this Henchman out (Force "
                                    "Betrayal) rather than a voluntary betrayal."),
                         Integer("amount", f"VP handed to General Goodman. {WORKED}", minimum=0,
                                 maximum=999),
                         Integer("count", f"Resources handed to General Goodman. {WORKED}",
                                 minimum=0, maximum=999),
                         Integer("collects", f"Resources the Betrayer collects. {WORKED}",
                                 minimum=0, maximum=999),
                         Integer("cost", f"Infamy General Goodman pays to force them out. "
                                 f"{WORKED}", minimum=0, maximum=99),
                         WORKING),
    EventKind.TEAM_LEADER: (SEAT,),
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
    EventKind.GADGET: (SEAT, OneOf("shift", "Pay Corruption equal to the level to move the "
                                   "track one step first?", tuple(Shift), "none"),
                       Integer("cost", f"Resources spent (Data Cache and Corruption). {WORKED}",
                               minimum=0, maximum=20),
                       Integer("to", f"The Technology Track afterwards. {WORKED}", minimum=1,
                               maximum=5),
                       WORKING),
    EventKind.CONFLICT: (
        SEAT, Text("target", "The seat it attacks.", max_length=40, required=True, seat=True),
        OneOf("offence", "The attacker's offensive Attribute.", ATTRIBUTES, required=True),
        Integer("offence_total", "The attacker's total in it.", minimum=0, maximum=99,
                required=True),
        OneOf("defence", "The attacker's defensive Attribute (not its offensive one).",
              ATTRIBUTES, required=True),
        Integer("defence_total", "The attacker's total in it.", minimum=0, maximum=99,
                required=True),
        OneOf("target_offence", "The target's offensive Attribute.", ATTRIBUTES, required=True),
        Integer("target_offence_total", "The target's total in it.", minimum=0, maximum=99,
                required=True),
        OneOf("target_defence", "The target's defensive Attribute (not its offensive one).",
              ATTRIBUTES, required=True),
        Integer("target_defence_total", "The target's total in it.", minimum=0, maximum=99,
                required=True),
        Integer("steals", "Of the attacker's successes, how many steal a Resource (Stealth, "
                "Cunning or Diplomacy only; the rest send back or damage).", minimum=0,
                maximum=49, default=0),
        Integer("target_steals", "The same for the target's successes.", minimum=0,
                maximum=49, default=0),
        Integer("count", f"Resources the attacker took. {WORKED}", minimum=0, maximum=999),
        Integer("collects", f"Resources the target took. {WORKED}", minimum=0, maximum=999),
        WORKING),
    EventKind.DEPLOY: (
        SEAT,
        *(f for n in (1, 2, 3) for f in (
            Integer(f"squad_{n}", f"Henchmen in funded Squad {n} (0: none).", minimum=0,
                    maximum=6, default=1 if n == 1 else 0),
            OneOf(f"from_{n}", f"Where Squad {n} starts: a Mission Tile, a Base Tile, the "
                  "Base Entrance, or staying on its tile.", tuple(Origin), "mission"))),
        OneOf("destination", "The Staging Marker's tile, or back to Base (free).",
              tuple(Destination), "mission"),
        Integer("modifier", "Funding an ability adds (+) or takes off (−).", minimum=-6,
                maximum=6, default=0),
        Integer("cost", f"Funding spent. {WORKED}", minimum=0, maximum=20),
        WORKING),
    EventKind.MISSION: (
        SEAT, OneOf("mission", "Resource Mission, Doomsday Mission or Agent HQ.",
                    ("resource", "doomsday", "hq"), required=True),
        Text("title", "The tile's name (its requirements come from the game's data).",
             max_length=80, required=True),
        *(Integer(a, f"{a.capitalize()} of the Squads completing it, together.", minimum=0,
                  maximum=99, default=0) for a in ("combat", "stealth", "cunning", "diplomacy")),
        Flag("affinity", "The Named Henchman has the Affinity for this mission's type."),
        Integer("high_alert", "Agent HQ: High Alert tokens on it.", minimum=0, maximum=20),
        Integer("reward_vp", "VP printed in the Rewards.", minimum=0, maximum=20, default=0),
        Integer("reward_resources", "Resources printed in the Rewards.", minimum=0, maximum=20,
                default=0),
        Integer("amount", f"VP received. {WORKED}", minimum=0, maximum=999),
        Integer("count", f"Resources received. {WORKED}", minimum=0, maximum=999),
        WORKING),
    EventKind.HIRE: (SEAT, Integer("cost", f"VP spent. {WORKED}", minimum=0, maximum=50),
                     Text("title", "The Named Henchman hired (optional).", max_length=80),
                     WORKING),
}
"""The fields of each kind; `kind` itself is always required (undo and revert belong to the
session kernel)."""


@dataclass(frozen=True)
class Event:
    kind: EventKind
    seat: str | None = None
    amount: int | None = None
    source: VpSource | None = None
    reason: str | None = None
    trigger: int | None = None
    active: bool | None = None
    objective: ObjectiveKind | None = None
    vp: int | None = None
    title: str | None = None
    count: int | None = None
    to: int | None = None
    forced: bool | None = None
    text: str | None = None
    stage: Stage | None = None
    round: int | None = None
    phase: int | None = None
    shift: Shift | None = None
    cost: int | None = None
    collects: int | None = None
    mission: str | None = None
    combat: int | None = None
    stealth: int | None = None
    cunning: int | None = None
    diplomacy: int | None = None
    affinity: bool | None = None
    high_alert: int | None = None
    reward_vp: int | None = None
    reward_resources: int | None = None
    target: str | None = None
    offence: str | None = None
    offence_total: int | None = None
    defence: str | None = None
    defence_total: int | None = None
    target_offence: str | None = None
    target_offence_total: int | None = None
    target_defence: str | None = None
    target_defence_total: int | None = None
    steals: int | None = None
    target_steals: int | None = None
    squad_1: int | None = None
    squad_2: int | None = None
    squad_3: int | None = None
    from_1: str | None = None
    from_2: str | None = None
    from_3: str | None = None
    destination: str | None = None
    modifier: int | None = None
    working: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The event as sent: its kind and the fields of that kind that hold a value."""
        out: dict[str, Any] = {"kind": self.kind.value}
        for f in EVENT_FORMS[self.kind]:
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = value.value if isinstance(value, StrEnum) else value
        return out


def build_event(kind: str, checked: Mapping[str, Any]) -> Event:
    """An Event from values the session kernel checked against EVENT_FORMS[kind]."""
    values = dict(checked)
    if "source" in values:
        values["source"] = VpSource(values["source"])
    if "objective" in values:
        values["objective"] = ObjectiveKind(values["objective"])
    if "stage" in values:
        values["stage"] = Stage(values["stage"])
    if "shift" in values:
        values["shift"] = Shift(values["shift"])
    return Event(EventKind(kind), **values)


_OBJECTIVE_WORDS = {
    ObjectiveKind.SIDE_JOB: "completes a Side Job",
    ObjectiveKind.DISLOYAL_SIDE_JOB: "completes a Disloyal Side Job",
    ObjectiveKind.DIRECTIVE: "claims a Goodman Directive",
    ObjectiveKind.GLOBAL_EVENT: "solves a Global Event",
    ObjectiveKind.NEFARIOUS_PLAN: "reveals their Nefarious Plan",
}


def describe(event: Event, names: Mapping[str, str] | None = None) -> str:
    """One line for the history list, in the table's words: "Jin Feng gains 2 VP (mission
    reward)", "Doomsday Clock set to 8 by hand (correction)"."""
    who = seat_name(names or {}, event.seat)
    k = EventKind
    if event.kind is k.VP:
        n = event.amount or 0
        why = f" ({event.reason})" if event.reason else ""
        if event.source is VpSource.GOODMAN:
            return (f"General Goodman awards {who} {n} VP{why}" if n > 0 else
                    f"{who} loses {-n} VP awarded by General Goodman{why}")
        return f"{who} gains {n} VP{why}" if n > 0 else f"{who} loses {-n} VP{why}"
    if event.kind is k.TRIGGER:
        which = f"Betrayal Trigger {event.trigger}" + (" (the Team Leader trigger)"
                                                        if event.trigger == 1 else "")
        return f"{who}: {which} {'is now active' if event.active else 'is no longer active'}"
    if event.kind is k.OBJECTIVE:
        kind = event.objective or ObjectiveKind.SIDE_JOB
        title = f" '{event.title}'" if event.title else ""
        vp = f": +{event.vp} VP" if event.vp is not None else ""
        return f"{who} {_OBJECTIVE_WORDS[kind]}{title}{vp}"
    if event.kind is k.RESOURCES:
        return f"{who} holds {_n(event.count, 'Resource')} (counted at the table)"
    if event.kind is k.GADGETS:
        return f"{who} holds {_n(event.count, 'Gadget')} (counted at the table)"
    if event.kind is k.CLOCK:
        return f"Doomsday Clock set to {event.to} by hand (correction)"
    if event.kind is k.TECH:
        return f"Technology Track set to {event.to} by hand (correction)"
    if event.kind is k.DOOMSDAY_REVEALED:
        return "The Doomsday Plan is revealed"
    if event.kind is k.DOOMSDAY_COMPLETED:
        return "The Doomsday Plan is complete"
    if event.kind is k.BETRAYAL:
        return _betrayal_line(event, who)
    if event.kind is k.TEAM_LEADER:
        return f"Team Leader token to {who}"
    if event.kind is k.NEXT:
        return event.text or "The round moves on"
    if event.kind is k.GADGET:
        paid = f": pays {_n(event.cost, 'Resource')}" if event.cost is not None else ""
        track = f", Technology Track to {event.to}" if event.to is not None else ""
        return f"{who} builds a Gadget{paid}{track}"
    if event.kind is k.CONFLICT:
        other = seat_name(names or {}, event.target)
        took = (f": {who} takes {_n(event.count, 'Resource')}, {other} takes "
                f"{_n(event.collects, 'Resource')}" if event.count is not None else "")
        return f"{who} attacks {other} in a Conflict{took}"
    if event.kind is k.DEPLOY:
        sizes = [n for n in (event.squad_1, event.squad_2, event.squad_3) if n]
        where = "back to Base" if event.destination == "base" else "to the Staging Marker"
        paid = f": pays {event.cost} Funding" if event.cost is not None else ""
        return (f"{who} deploys {len(sizes)} Squad{'s' if len(sizes) != 1 else ''} "
                f"({', '.join(map(str, sizes))} henchmen) {where}{paid}")
    if event.kind is k.MISSION:
        got = (f": receives {event.amount} VP and {_n(event.count, 'Resource')}"
               if event.amount is not None else "")
        return f"{who} completes the mission {event.title}{got}"
    if event.kind is k.HIRE:
        hired = f" ({event.title})" if event.title else ""
        paid = f" for {event.cost} VP" if event.cost is not None else ""
        return f"{who} hires a Named Henchman{hired}{paid}"
    return f"Note{f' ({who})' if who else ''}: {event.text}"


def _n(count: int | None, word: str) -> str:
    """"1 Resource", "3 Resources"."""
    n = count or 0
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _betrayal_line(event: Event, who: str) -> str:
    head = (f"General Goodman forces {who} out as the Betrayer" if event.forced else
            f"{who} betrays the organization")
    if event.amount is None:  # recorded before the session worked the hand-over out
        return head
    parts = [f"{event.amount} VP and {_n(event.count, 'Resource')} go to General Goodman",
             f"{who} collects {_n(event.collects, 'Resource')}"]
    if event.cost:
        parts.insert(0, f"General Goodman pays {event.cost} Infamy")
    return f"{head}: " + "; ".join(parts)
