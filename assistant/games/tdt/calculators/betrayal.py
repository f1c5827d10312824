"""Betrayal in Cutthroat: who may betray, what Goodman pays to force a troublemaker out, and
what changes hands when a Henchman turns Betrayer (Monologuing › Tithe to Goodman, Betraying
the Organization, Goodman's Plotting Actions)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step, plural
from assistant.games import Operation
from assistant.inputs import Flag, Form, Integer, ListOf, OneOf, Text

from ..book import says
from ..modes import (
    BETRAYAL_THRESHOLD,
    MAX_TRIGGERS,
    MODE_OPTIONS,
    NAMED_HENCHMEN,
    PlayMode,
    names_goodman,
)

DERIVED = Provenance.DERIVED
UNKNOWN = Provenance.UNKNOWN

TRIGGERS_PER_HENCHMAN = MAX_TRIGGERS
BETRAY_TRIGGER_THRESHOLD = BETRAYAL_THRESHOLD
CUTTHROAT_HENCHMEN = NAMED_HENCHMEN[PlayMode.CUTTHROAT]
"""Cutthroat seats 4-7 players, one of them Goodman: 3-6 Named Henchmen."""
FORCE_BASE_COST = 12
FORCE_DISCOUNT = 2


@dataclass(frozen=True)
class Henchman:
    """A Named Henchman's standing as far as betrayal cares."""

    name: str
    vp: int = 0
    triggers: int = 0
    disloyal: int = 0
    """Disloyal Side Jobs completed."""


def _check_roster(henchmen: Sequence[Henchman]) -> None:
    low, high = CUTTHROAT_HENCHMEN
    if not low <= len(henchmen) <= high:
        raise InvalidInput("henchmen", f"Cutthroat has {low} to {high} Named Henchmen (4-7 "
                           f"players, one of them Goodman); you listed {len(henchmen)}.",
                           f"{low}-{high} henchmen")
    seen: set[str] = set()
    for i, h in enumerate(henchmen):
        key = h.name.strip().casefold()
        if not key:
            raise InvalidInput(f"henchmen.{i}.name", "Give each Henchman a name.", "a name")
        if key in seen:
            raise InvalidInput(f"henchmen.{i}.name", f"{h.name!r} is listed twice.",
                               "distinct names")
        if names_goodman(h.name):
            raise InvalidInput(f"henchmen.{i}.name", f"{h.name!r} names General Goodman; "
                               "betrayal compares his Named Henchmen only, so leave him off "
                               "the list.", "Named Henchmen only (not Goodman)")
        seen.add(key)
        for attr, high_ in (("vp", None), ("triggers", TRIGGERS_PER_HENCHMAN),
                            ("disloyal", None)):
            value = getattr(h, attr)
            if value < 0 or (high_ is not None and value > high_):
                allowed = f"0-{high_}" if high_ is not None else "0 or more"
                raise InvalidInput(f"henchmen.{i}.{attr}", f"{h.name}: {attr} must be "
                                   f"{allowed}; got {value}.", allowed)


def _find(henchmen: Sequence[Henchman], name: str, field: str) -> Henchman:
    for h in henchmen:
        if h.name.strip().casefold() == name.strip().casefold():
            return h
    names = ", ".join(h.name for h in henchmen)
    raise InvalidInput(field, f"{name!r} is not among the Henchmen listed.", names)


# ---------------------------------------------------------------------------------------------



def betrayal_eligibility(henchmen: Sequence[Henchman], player: str,
                         betrayer_exists: bool = False,
                         mode: PlayMode = PlayMode.CUTTHROAT) -> Explained:
    """May `player` turn Betrayer during their Tithe to Goodman turn?"""
    if mode is not PlayMode.CUTTHROAT:
        why = ("Syndicate has no betrayals." if mode is PlayMode.SYNDICATE
               else "Mayhem skips Tithe to Goodman, so nobody betrays.")
        return Explained({"may_betray": False, "conditions": {"cutthroat": False}},
                         (says("betrayal-eligibility", "when",
                               f"Betraying is a Cutthroat rule. {why}", False),),
                         f"No: betrayal is Cutthroat only ({mode.value}).")
    _check_roster(henchmen)
    me = _find(henchmen, player, "player")
    top = max(h.vp for h in henchmen)
    bottom = min(h.vp for h in henchmen)
    scored = top >= 1
    triggers = me.triggers >= BETRAY_TRIGGER_THRESHOLD
    last = me.vp == bottom
    tied = sum(1 for h in henchmen if h.vp == bottom) > 1
    may = scored and not betrayer_exists and (triggers or last)
    steps = (
        says("betrayal-eligibility", "when", "The game is Cutthroat, where betrayal happens "
             "during Tithe to Goodman, on your turn.", True),
        says("betraying-the-organization", "goodman-vp",
             f"A Named Henchman has scored a VP: highest is {top}." if scored else
             "No Named Henchman has scored a VP yet.", scored),
        Step("There is already a Betrayer." if betrayer_exists else "Nobody has betrayed yet.",
             not betrayer_exists, "betraying-the-organization"),
        Step(f"{me.name} has {me.triggers} of {TRIGGERS_PER_HENCHMAN} Betrayal Triggers active "
             f"(needs {BETRAY_TRIGGER_THRESHOLD}).", triggers, "betrayal-triggers"),
        says("betrayal-triggers", "goodman-last",
             f"{me.name} has {me.vp} VP, the lowest is {bottom}"
             + (" (tied for last)." if last and tied else " (last)." if last else ".")
             + " Trigger penalties are not subtracted: they only apply at game end. General "
             "Goodman is left out of the comparison.", last),
        says("betrayal-eligibility", "conditions", f"{me.name} {'may' if may else 'may not'} "
             "betray now: needs a scored VP, no Betrayer, and 3+ triggers or last place.", may),
    )
    conditions = {"cutthroat": True, "someone_scored": scored, "no_betrayer": not betrayer_exists,
                  "three_triggers": triggers, "last_in_vp": last, "tied_for_last": last and tied}
    return Explained({"may_betray": may, "conditions": conditions}, steps,
                     f"{me.name} {'may' if may else 'may not'} betray now "
                     f"({plural(me.triggers, 'trigger', 'triggers')}, {me.vp} VP vs lowest "
                     f"{bottom}).")


ELIGIBILITY_FORM = (
    OneOf("mode", "Game mode (betrayal is Cutthroat only).", MODE_OPTIONS,
          PlayMode.CUTTHROAT.value),
    ListOf("henchmen", "Every Named Henchman in play (not Goodman).", (
        Text("name", "Henchman name.", required=True),
        Integer("vp", "VP held now, before trigger penalties.", 0, 99, required=True),
        Integer("triggers", "Active Betrayal Triggers.", 0, 5, 0),
    ), min_items=1, max_items=6, required=True),
    Text("player", "The Henchman asking to betray.", required=True),
    Flag("betrayer_exists", "Someone has already betrayed."),
)


def _henchmen(data: Mapping[str, Any]) -> list[Henchman]:
    return [Henchman(str(h["name"]), int(h.get("vp", 0)), int(h.get("triggers", 0)),
                     int(h.get("disloyal", 0))) for h in data["henchmen"]]


def _run_eligibility(data: Mapping[str, Any]) -> Explained:
    return betrayal_eligibility(_henchmen(data), str(data["player"]),
                                bool(data.get("betrayer_exists", False)),
                                PlayMode(data.get("mode", "cutthroat")))


# ---------------------------------------------------------------------------------------------



def force_betrayal_cost(disloyal: int) -> int:
    """Price to force out a Henchman with `disloyal` Disloyal Side Jobs done (floored at 0)."""
    return max(0, FORCE_BASE_COST - FORCE_DISCOUNT * disloyal)


def force_betrayal(henchmen: Sequence[Henchman], target: str, infamy: int | None = None,
                   betrayer_exists: bool = False) -> Explained:
    """Whether Goodman may force `target` out as the Betrayer, and what it costs him."""
    _check_roster(henchmen)
    who = _find(henchmen, target, "target")
    most = max(h.disloyal for h in henchmen)
    rivals = [h.name for h in henchmen if h.disloyal == most and h is not who]
    has_one = who.disloyal >= 1
    is_most = who.disloyal == most
    cost = force_betrayal_cost(who.disloyal)
    steps = [
        says("force-betrayal", "minimum", f"{who.name} has completed "
             f"{plural(who.disloyal, 'Disloyal Side Job', 'Disloyal Side Jobs')}; at least 1 is "
             "needed.", has_one),
        says("force-betrayal", "tie" if rivals and is_most else "minimum",
             f"The most any Henchman has completed is {most}"
             + (f", shared with {', '.join(rivals)}: a tie still counts as the most."
                if is_most and rivals else "."), is_most),
        says("betraying-the-organization", "one-betrayer",
             "There is already a Betrayer." if betrayer_exists else "Nobody has betrayed yet.",
             not betrayer_exists),
        says("force-betrayal", "floor" if who.disloyal * 2 > 12 else "infamy",
             f"Cost: {FORCE_BASE_COST} - {FORCE_DISCOUNT} × {who.disloyal} = "
             f"{FORCE_BASE_COST - FORCE_DISCOUNT * who.disloyal}"
             + (f", floored at {cost}." if cost != FORCE_BASE_COST - FORCE_DISCOUNT * who.disloyal
                else "."), cost),
    ]
    allowed = has_one and is_most and not betrayer_exists
    result: dict[str, Any] = {"allowed": allowed, "cost": cost, "resource": "infamy",
                              "disloyal": who.disloyal, "most_disloyal": most}
    summary = (f"Forcing {who.name} out costs Goodman {cost} Infamy"
               + ("" if allowed else " but is not allowed now"))
    if infamy is not None:
        if infamy < 0:
            raise InvalidInput("infamy", f"Infamy cannot be negative; got {infamy}.", "0 or more")
        result["affordable"] = infamy >= cost
        result["infamy_left"] = infamy - cost if infamy >= cost else None
        steps.append(says("force-betrayal", "infamy", f"Goodman holds {infamy} Infamy: "
                          + (f"{infamy - cost} left after paying." if infamy >= cost
                             else f"{cost - infamy} short."), infamy - cost))
        summary += f" (he holds {infamy})"
    return Explained(result, tuple(steps), summary + ".")


FORCE_FORM = (
    ListOf("henchmen", "Every Named Henchman in play with Disloyal Side Jobs completed.", (
        Text("name", "Henchman name.", required=True),
        Integer("disloyal", "Disloyal Side Jobs completed.", 0, 20, 0),
    ), min_items=1, max_items=6, required=True),
    Text("target", "The Henchman Goodman wants to force out.", required=True),
    Integer("infamy", "Goodman's Infamy (optional).", 0, 99),
    Flag("betrayer_exists", "Someone has already betrayed."),
)


def _run_force(data: Mapping[str, Any]) -> Explained:
    return force_betrayal(_henchmen(data), str(data["target"]), data.get("infamy"),
                          bool(data.get("betrayer_exists", False)))


# ---------------------------------------------------------------------------------------------

class Resource(StrEnum):
    """The five Resources."""

    INFAMY = "infamy"
    """Reputation; Goodman's currency."""
    CORRUPTION = "corruption"
    """Bribes and blackmail."""
    ESPIONAGE = "espionage"
    """Secrets; pays for Plotting."""
    FUNDING = "funding"
    """Pays for Deployment."""
    DATA_CACHE = "data-cache"
    """Pays for Gadgets."""

    @property
    def key(self) -> str:
        """The name used for this resource in inputs and results (data_cache)."""
        return self.value.replace("-", "_")

    @property
    def label(self) -> str:
        return self.value.replace("-", " ").title()




def betrayal_transfer(vp: int, resources: Mapping[Resource, int], triggers: int,
                      named_in_play: int, factor: int | None = None,
                      collected: Resource | None = None) -> Explained:
    """What goes to Goodman and what the new Betrayer collects."""
    for name, value, low, high in (("vp", vp, 0, None), ("triggers", triggers, 0, 5),
                                   ("named_in_play", named_in_play, *CUTTHROAT_HENCHMEN)):
        if value < low or (high is not None and value > high):
            allowed = f"{low}-{high}" if high is not None else f"{low} or more"
            raise InvalidInput(name, f"{name} must be {allowed}; got {value}.", allowed)
    for res, count in resources.items():
        if count < 0:
            raise InvalidInput(res.key, f"{res.label} cannot be negative.", "0 or more")
    n = named_in_play if factor is None else factor
    if n < 0:
        raise InvalidInput("factor", "The factor cannot be negative.", "0 or more")
    label = collected.label if collected else "[lost resource]"
    handed = {r: resources.get(r, 0) for r in Resource}
    total_res = sum(handed.values())
    steps = [says("betraying-the-organization", "to-goodman", f"{vp} VP go to Goodman.", vp)]
    steps += [says("betraying-the-organization", "to-goodman",
                   f"{count} {res.label} go to Goodman.", count)
              for res, count in handed.items() if count]
    steps.append(says("betraying-the-organization", "stays",
                      "The Betrayer keeps their Faceless Henchmen(?), Side Jobs and Gadgets."))
    steps.append(says("betraying-the-organization", "factor",
                      f"N = {n}" + (" (Named Henchmen in play)." if factor is None
                                    else " (your factor)."), n))
    from_triggers = n * triggers
    steps.append(says("betraying-the-organization", "collected",
                      f"{n} × {triggers} active Betrayal Triggers = {from_triggers} {label}.",
                      from_triggers))
    steps.append(says("betraying-the-organization", "collected",
                      f"Plus 1 {label} per VP handed over: +{vp}.", vp))
    collect = from_triggers + vp
    steps.append(says("betraying-the-organization", "collected",
                      f"The Betrayer collects {collect} {label} and moves everything to the "
                      "Betrayer's Bolthole.", collect))
    result = {"to_goodman": {"vp": vp, "resources": {r.key: c for r, c in handed.items()},
                             "resources_total": total_res},
              "betrayer_collects": collect, "collected_resource": collected.value if collected
              else None, "factor": n}
    summary = (f"Betrayal: {vp} VP and {total_res} Resources go to Goodman; the Betrayer "
               f"collects {n}×{triggers}+{vp} = {collect} {label}.")
    return Explained(result, tuple(steps), summary)


TRANSFER_FORM: Form = (
    Integer("vp", "The new Betrayer's VP.", 0, 99, required=True),
    *(Integer(r.key, f"{r.label} the Betrayer holds.", 0, 99, 0)
      for r in Resource),
    Integer("triggers", "The Betrayer's active Betrayal Triggers.", 0, 5, required=True),
    Integer("named_in_play", "Named Henchmen in play (the likely N).", 3, 6, required=True),
    Integer("factor", "Override N if your table reads it differently (optional).", 0, 20),
    OneOf("collected", "Which resource the Betrayer collects (the rulebook shows it as an icon).",
          (*(r.value for r in Resource), "unknown"), "unknown"),
)


def _run_transfer(data: Mapping[str, Any]) -> Explained:
    resources = {r: int(data.get(r.key, 0)) for r in Resource}
    collected = data.get("collected", "unknown")
    return betrayal_transfer(int(data["vp"]), resources, int(data["triggers"]),
                             int(data["named_in_play"]), data.get("factor"),
                             None if collected == "unknown" else Resource(collected))


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "betrayal-eligibility", "May I betray?",
        "Checks the Cutthroat conditions for turning Betrayer during Tithe to Goodman.",
        ELIGIBILITY_FORM, _run_eligibility,
        {"mode": "cutthroat", "player": "Jin Feng", "betrayer_exists": False,
         "henchmen": [{"name": "Azura Badeau", "vp": 5, "triggers": 1},
                      {"name": "Boris", "vp": 2, "triggers": 3},
                      {"name": "Jin Feng", "vp": 2, "triggers": 1},
                      {"name": "Ugo Dottore", "vp": 4, "triggers": 0}]},
        ("betrayal-eligibility", "betraying-the-organization", "betrayal-triggers")),
    Operation(
        "force-betrayal", "Force a Betrayal",
        "What Goodman pays to throw out the Henchman with the most Disloyal Side Jobs.",
        FORCE_FORM, _run_force,
        {"target": "Boris", "infamy": 9,
         "henchmen": [{"name": "Azura Badeau", "disloyal": 0}, {"name": "Boris", "disloyal": 2},
                      {"name": "Jin Feng", "disloyal": 1}]},
        ("force-betrayal", "goodman-plotting-cutthroat")),
    Operation(
        "betrayal-transfer", "Betrayal hand-over",
        "What a new Betrayer hands to Goodman and what they collect.",
        TRANSFER_FORM, _run_transfer,
        {"vp": 4, "infamy": 2, "funding": 3, "triggers": 3, "named_in_play": 4},
        ("betraying-the-organization", "betrayer-powers")),
)
