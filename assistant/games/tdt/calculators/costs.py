"""Scheming costs: Plotting with Espionage, building Gadgets, requisitioning Resources with
Infamy, and hiring extra Named Henchmen in Syndicate.

Each calculator is a public pure function over plain typed arguments (the tracker calls them
directly) plus an Operation that adapts the API's validated dict to it.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, ListOf, OneOf

from ..modes import MODE_OPTIONS, PlayMode

DERIVED = Provenance.DERIVED
UNKNOWN = Provenance.UNKNOWN




def _count(name: str, value: int, low: int = 0, high: int | None = None) -> None:
    """Range check for callers that bypass the form (the tracker calls us directly)."""
    if value < low or (high is not None and value > high):
        allowed = f"{low}-{high}" if high is not None else f"{low} or more"
        raise InvalidInput(name, f"{name} must be {allowed}; got {value}.", allowed)


# ---------------------------------------------------------------------------------------------
# Plotting (Scheming › Plotting): each target has an Espionage cost.

class PlotTarget(StrEnum):
    """What a Plotting action aims at (one row of the rulebook's Plotting table)."""

    SIDE_JOBS = "side-jobs"
    """Draw three Side Jobs and keep one."""
    GADGET = "gadget"
    """Draw three Gadgets and put one in R&D."""
    SWITCH_RESOURCE = "switch-resource-mission"
    """Swap a Resource Mission on the War Map for one from a Vault."""
    REMOVE_RESOURCE = "remove-resource-mission"
    """Send a Resource Mission to the World (it may be replaced)."""
    REVEAL_DOOMSDAY = "reveal-doomsday-mission"
    """Flip an Inactive Doomsday Mission face up, making it Active."""
    REMOVE_INACTIVE_DOOMSDAY = "remove-inactive-doomsday-mission"
    """Send an Inactive Doomsday Mission to the World."""
    REMOVE_ACTIVE_DOOMSDAY = "remove-active-doomsday-mission"
    """Send an Active Doomsday Mission to the World."""
    REMOVE_COMPLETED_DOOMSDAY = "remove-completed-doomsday-mission"
    """Send a Completed Doomsday Mission to the World."""


@dataclass(frozen=True)
class PlotRow:
    label: str
    base: int
    occupied_counts: bool
    high_alert_counts: bool
    note: str = ""
    """Why the row is read this way, when the OCR lost the tile kind's icon."""


_RESOURCE_ICON = ("The rulebook's icon for the tile kind is lost; the row says the new tile "
                  "arrives Active, and Resource Missions are the ones that start Active, so "
                  "this row is read as a Resource Mission.")
_DOOMSDAY_ICON = ("The rulebook's icon for the tile kind is lost; the row talks of flipping and "
                  "of Inactive/Active/Completed tiles, which only Doomsday Missions have, so "
                  "this row is read as a Doomsday Mission.")

PLOT_TABLE: Mapping[PlotTarget, PlotRow] = {
    PlotTarget.SIDE_JOBS: PlotRow("Side Jobs", 1, False, False),
    PlotTarget.GADGET: PlotRow("Gadget", 1, False, False),
    PlotTarget.SWITCH_RESOURCE: PlotRow("Switch out a Resource Mission", 1, True, True,
                                        _RESOURCE_ICON),
    PlotTarget.REMOVE_RESOURCE: PlotRow("Remove a Resource Mission", 2, True, True,
                                        _RESOURCE_ICON),
    PlotTarget.REVEAL_DOOMSDAY: PlotRow("Reveal a Doomsday Mission", 1, False, False,
                                        _DOOMSDAY_ICON),
    PlotTarget.REMOVE_INACTIVE_DOOMSDAY: PlotRow("Remove an Inactive Doomsday Mission", 2,
                                                 True, False, _DOOMSDAY_ICON),
    PlotTarget.REMOVE_ACTIVE_DOOMSDAY: PlotRow("Remove an Active Doomsday Mission", 3,
                                               True, False, _DOOMSDAY_ICON),
    PlotTarget.REMOVE_COMPLETED_DOOMSDAY: PlotRow("Remove a Completed Doomsday Mission", 4,
                                                  True, False, _DOOMSDAY_ICON),
}

_HIGH_ALERT_NOTE = ("The token's icon is lost in the cost column; High Alert tokens are the "
                    "tokens that sit on Resource Missions (they mark Spoils), so each one is "
                    "read as +1.")


@dataclass(frozen=True)
class PlotAction:
    target: PlotTarget
    occupied: bool = False
    high_alert: int = 0


def plot_action_cost(action: PlotAction, where: str = "action") -> tuple[int, list[Step]]:
    """The Espionage one Plotting action costs, with its steps. `where` names the input."""
    row = PLOT_TABLE[action.target]
    if action.occupied and not row.occupied_counts:
        raise InvalidInput(f"{where}.occupied",
                           f"Being Occupied does not change the cost of '{row.label}'.",
                           "false")
    if action.high_alert and not row.high_alert_counts:
        raise InvalidInput(f"{where}.high_alert",
                           f"High Alert tokens only change the cost of switching or removing "
                           f"a Resource Mission, not '{row.label}'.", "0")
    _count(f"{where}.high_alert", action.high_alert, 0, 10)
    steps = [Step(f"{row.label}: base cost {row.base} Espionage.", row.base, "plotting-costs",
                  DERIVED if row.note else Provenance.RULEBOOK, row.note)]
    cost = row.base
    if action.occupied:
        cost += 1
        steps.append(Step("The tile is Occupied: +1.", 1, "occupied"))
    if action.high_alert:
        cost += action.high_alert
        steps.append(Step(f"{action.high_alert} High Alert token(s) on the tile: "
                          f"+{action.high_alert}.", action.high_alert, "plotting-costs",
                          DERIVED, _HIGH_ALERT_NOTE))
    return cost, steps


def plotting_cost(actions: Sequence[PlotAction], espionage: int | None = None,
                  doomsday_flipped_before: bool = False) -> Explained:
    """Total Espionage for a list of Plotting actions, checked against what the player holds."""
    if not actions:
        raise InvalidInput("actions", "List at least one Plotting action.", "1-20 actions")
    steps: list[Step] = []
    costs: list[int] = []
    alert_added = False
    flipped = doomsday_flipped_before
    for i, action in enumerate(actions):
        cost, action_steps = plot_action_cost(action, f"actions.{i}")
        costs.append(cost)
        steps.extend(action_steps)
        if action.target is PlotTarget.REVEAL_DOOMSDAY and not flipped:
            flipped = alert_added = True
            steps.append(Step("This is the first Doomsday Mission flipped this game: one High "
                              "Alert token goes on CIA HQ (no extra Espionage).", 1,
                              "plotting-costs"))
    total = sum(costs)
    steps.append(Step(f"Total for {len(costs)} action(s): {total} Espionage.", total, "plotting"))
    result: dict[str, Any] = {"costs": costs, "total": total, "cia_high_alert_added": alert_added}
    summary = f"Plotting: {len(costs)} action(s) cost {total} Espionage"
    if espionage is not None:
        _count("espionage", espionage)
        affordable = total <= espionage
        result.update(espionage=espionage, affordable=affordable,
                      espionage_left=espionage - total if affordable else None,
                      short_by=0 if affordable else total - espionage)
        if affordable:
            steps.append(Step(f"You hold {espionage} Espionage, so {espionage - total} is left.",
                              espionage - total, "plotting"))
            summary += f"; you hold {espionage}, {espionage - total} left."
        else:
            steps.append(Step(f"You hold only {espionage} Espionage: {total - espionage} short. "
                              "Plotting is limited by the Espionage you have.",
                              espionage - total, "plotting"))
            summary += f"; you hold {espionage}, {total - espionage} short."
    else:
        summary += "."
    return Explained(result, tuple(steps), summary)


PLOTTING_FORM = (
    ListOf("actions", "The Plotting actions you plan, in order.", (
        OneOf("target", "What the action aims at.", tuple(t.value for t in PlotTarget),
              required=True),
        Flag("occupied", "The mission tile has a Squad or an Agent on it."),
        Integer("high_alert", "High Alert tokens on the Resource Mission tile.", 0, 10, 0),
    ), min_items=1, max_items=20, required=True),
    Integer("espionage", "Espionage you hold (leave out to just total the costs).", 0, 99),
    Flag("doomsday_flipped_before", "A Doomsday Mission was already flipped earlier this game."),
)


def _run_plotting(data: Mapping[str, Any]) -> Explained:
    actions = [PlotAction(PlotTarget(a["target"]), bool(a.get("occupied", False)),
                          int(a.get("high_alert", 0))) for a in data["actions"]]
    return plotting_cost(actions, data.get("espionage"),
                         bool(data.get("doomsday_flipped_before", False)))


# ---------------------------------------------------------------------------------------------
# Build Gadgets (Scheming › Build Gadgets) on the Technology Track.

TECH_MIN = 1
"""Lowest Technology Track level. The rulebook names no floor; see TECH_FLOOR_NOTE."""
TECH_MAX = 5
TECH_FLOOR_NOTE = ("The rulebook caps the track at 5 but names no lowest level. We take 1: "
                   "the track climbs one space per Gadget up to 5, which fits five printed "
                   "spaces 1-5, and a level 0 would make Gadgets free, which the rulebook never "
                   "mentions. Give the level your track shows.")


class Shift(StrEnum):
    """An optional Corruption-paid move of the Technology Track before buying a Gadget."""

    NONE = "none"
    """Buy at the current level."""
    RAISE = "raise"
    """Pay Corruption equal to the level, then move the track up one."""
    LOWER = "lower"
    """Pay Corruption equal to the level, then move the track down one."""


@dataclass(frozen=True)
class GadgetPurchase:
    level_before: int
    corruption: int
    data_cache: int
    level_after: int


def buy_gadget(level: int, shift: Shift = Shift.NONE, where: str = "level") -> GadgetPurchase:
    """One Gadget bought at Technology Track `level`, after an optional shift."""
    _count("level", level, TECH_MIN, TECH_MAX)
    corruption = 0
    price_level = level
    if shift is not Shift.NONE:
        corruption = level
        price_level = level + (1 if shift is Shift.RAISE else -1)
        if not TECH_MIN <= price_level <= TECH_MAX:
            raise InvalidInput(where, f"The Technology Track is at {level}; it cannot move "
                               f"to {price_level}.", f"levels {TECH_MIN}-{TECH_MAX}")
    return GadgetPurchase(level, corruption, price_level, min(price_level + 1, TECH_MAX))


def gadget_cost(level: int, shifts: Sequence[Shift], data_cache: int | None = None,
                corruption: int | None = None) -> Explained:
    """Data Cache (and Corruption) for a run of Gadget purchases, each raising the track."""
    _count("level", level, TECH_MIN, TECH_MAX)
    if not shifts:
        raise InvalidInput("purchases", "List at least one Gadget purchase.", "1-10 purchases")
    steps = [Step(f"The Technology Track runs {TECH_MIN}-{TECH_MAX} and is at {level} now.",
                  level, "build-gadgets", DERIVED, TECH_FLOOR_NOTE)]
    buys: list[GadgetPurchase] = []
    for i, shift in enumerate(shifts):
        buy = buy_gadget(level, shift, f"purchases.{i}.shift")
        n = i + 1
        if buy.corruption:
            steps.append(Step(f"Gadget {n}: pay {buy.corruption} Corruption (the current level) "
                              f"to {shift.value} the track to {buy.data_cache}.",
                              buy.corruption, "build-gadgets"))
        steps.append(Step(f"Gadget {n}: pay {buy.data_cache} Data Cache (the track level).",
                          buy.data_cache, "build-gadgets"))
        capped = buy.data_cache == TECH_MAX
        steps.append(Step(f"The track rises to {buy.level_after}"
                          + (" (it stays at its maximum of 5)." if capped else "."),
                          buy.level_after, "build-gadgets"))
        buys.append(buy)
        level = buy.level_after
    total_dc = sum(b.data_cache for b in buys)
    total_cor = sum(b.corruption for b in buys)
    result: dict[str, Any] = {
        "purchases": [{"level_before": b.level_before, "corruption": b.corruption,
                       "data_cache": b.data_cache, "level_after": b.level_after}
                      for b in buys],
        "data_cache": total_dc, "corruption": total_cor, "level": level}
    steps.append(Step(f"Total: {total_dc} Data Cache and {total_cor} Corruption; the track ends "
                      f"at {level}.", total_dc, "build-gadgets"))
    summary = (f"{len(buys)} Gadget(s): {total_dc} Data Cache"
               + (f" + {total_cor} Corruption" if total_cor else "") + f", track ends at {level}")
    held = {"data_cache": data_cache, "corruption": corruption}
    need = {"data_cache": total_dc, "corruption": total_cor}
    if any(v is not None for v in held.values()):
        short = {}
        for name, have in held.items():
            if have is not None:
                _count(name, have)
                short[name] = max(0, need[name] - have)
        result["affordable"] = not any(short.values())
        result["short_by"] = short
        summary += "; affordable." if result["affordable"] else "; not affordable."
    else:
        summary += "."
    return Explained(result, tuple(steps), summary)


GADGET_FORM = (
    Integer("level", "Technology Track level before the first purchase.", TECH_MIN, TECH_MAX,
            TECH_MIN),
    ListOf("purchases", "Gadgets bought one after another.", (
        OneOf("shift", "Pay Corruption to move the track one step first?",
              tuple(s.value for s in Shift), Shift.NONE.value),
    ), min_items=1, max_items=10, required=True),
    Integer("data_cache", "Data Cache you hold (optional).", 0, 99),
    Integer("corruption", "Corruption you hold (optional).", 0, 99),
)


def _run_gadget(data: Mapping[str, Any]) -> Explained:
    shifts = [Shift(p.get("shift", "none")) for p in data["purchases"]]
    return gadget_cost(int(data.get("level", TECH_MIN)), shifts, data.get("data_cache"),
                       data.get("corruption"))


# ---------------------------------------------------------------------------------------------
# Requisition Resources (Scheming › Requisition Resources).

class Role(StrEnum):
    """Who is requisitioning."""

    GOODMAN = "goodman"
    """General Goodman (Cutthroat)."""
    BETRAYER = "betrayer"
    """The Betrayer, from the Bolthole (Cutthroat)."""
    TEAM_LEADER = "team-leader"
    """The player holding the Team Leader token (Syndicate, Mayhem)."""
    OTHER = "other"
    """Any other player (Mayhem)."""


class ReassignReading(StrEnum):
    """The two prices the rulebook gives for Goodman reassigning the Team Leader."""

    SCHEMING = "scheming"
    """1 Infamy, as the Requisition Resources section says (our default)."""
    GLOSSARY = "glossary"
    """3 Infamy, as the glossary's Team Leader entry says."""


REASSIGN_COST = {ReassignReading.SCHEMING: 1, ReassignReading.GLOSSARY: 3}

_HEADINGS_NOTE = ("The OCR put each mode heading after its paragraph. The 'Team Leader takes "
                  "Goodman's role, 3 Infamy per Resource' line is read as Syndicate (Syndicate "
                  "has no Goodman, and its Team Leader draws on the Communal Vault during "
                  "Requisition); the 'as in Cutthroat, with changes' list with Team Leader and "
                  "non-Team Leader rates is read as Mayhem, the only mode with several teams.")

# (mode, role) -> (Infamy per Resource, where it comes from, provenance note)
REQUISITION_RATES: Mapping[tuple[PlayMode, Role], tuple[int, str, str]] = {
    (PlayMode.CUTTHROAT, Role.GOODMAN): (1, "Goodman's Vault", ""),
    (PlayMode.CUTTHROAT, Role.BETRAYER): (1, "the Betrayer's Bolthole", ""),
    (PlayMode.SYNDICATE, Role.TEAM_LEADER): (3, "the Communal Vault", _HEADINGS_NOTE),
    (PlayMode.MAYHEM, Role.TEAM_LEADER): (2, "the team's Vault", _HEADINGS_NOTE),
    (PlayMode.MAYHEM, Role.OTHER): (3, "the team's Vault", _HEADINGS_NOTE),
}

_WHO_MAY = {
    PlayMode.CUTTHROAT: "goodman, betrayer",
    PlayMode.SYNDICATE: "team-leader",
    PlayMode.MAYHEM: "team-leader, other",
}


def requisition_rate(mode: PlayMode, role: Role) -> int:
    """Infamy paid per Resource; InvalidInput if that role does not requisition in that mode."""
    try:
        return REQUISITION_RATES[(mode, role)][0]
    except KeyError:
        raise InvalidInput("role", f"In {mode.value.title()} the role '{role.value}' does not "
                           f"requisition Resources; only {_WHO_MAY[mode]} do.",
                           _WHO_MAY[mode]) from None


def requisition(mode: PlayMode, role: Role, infamy: int, wanted: int | None = None,
                reassign_team_leader: bool = False,
                reading: ReassignReading = ReassignReading.SCHEMING,
                faceless: int = 0, vp: int | None = None) -> Explained:
    """Resources bought with Infamy at the mode's and role's rate (plus Mayhem's VP-for-
    Faceless-Henchman trade and Cutthroat's Team Leader reassignment)."""
    _count("infamy", infamy)
    rate = requisition_rate(mode, role)
    _, source, note = REQUISITION_RATES[(mode, role)]
    prov = DERIVED if note else Provenance.RULEBOOK
    rule = "betrayer-powers" if role is Role.BETRAYER else "requisition-resources"
    steps = [Step(f"{mode.value.title()}, {role.value}: {rate} Infamy buys 1 Resource of any "
                  f"kind, drawn from {source}.", rate, rule, prov, note)]
    left = infamy
    reassign_cost = 0
    if reassign_team_leader:
        if (mode, role) != (PlayMode.CUTTHROAT, Role.GOODMAN):
            raise InvalidInput("reassign_team_leader", "Only Goodman in Cutthroat pays Infamy "
                               "to hand the Team Leader token to someone else.", "false")
        reassign_cost = REASSIGN_COST[reading]
        other = REASSIGN_COST[ReassignReading.GLOSSARY if reading is ReassignReading.SCHEMING
                              else ReassignReading.SCHEMING]
        if infamy < reassign_cost:
            raise InvalidInput("infamy", f"Reassigning the Team Leader costs {reassign_cost} "
                               f"Infamy; you hold {infamy}.", f"{reassign_cost} or more")
        left -= reassign_cost
        steps.append(Step(f"Reassigning the Team Leader: {reassign_cost} Infamy ({reading.value} "
                          f"reading; the other reading says {other}).", reassign_cost,
                          "team-leader", UNKNOWN,
                          "Scheming › Requisition Resources says 1 Infamy, the glossary's Team "
                          "Leader entry says 3. We default to the section describing the action; "
                          "choose the reading your table uses."))
    can_buy = left // rate
    want = can_buy if wanted is None else wanted
    _count("wanted", want)
    got = min(want, can_buy)
    spent = got * rate
    steps.append(Step(f"{got} Resource(s) × {rate} Infamy = {spent} Infamy.", spent, rule))
    if got < want:
        steps.append(Step(f"{left} Infamy covers only {can_buy} Resource(s): {want - got} short "
                          "of what you wanted.", want - got, rule))
    left -= spent
    result: dict[str, Any] = {
        "rate": rate, "resources": got, "wanted": want, "short": want - got,
        "infamy_spent": spent + reassign_cost, "infamy_left": left,
        "reassign_cost": reassign_cost}
    if faceless:
        if mode is not PlayMode.MAYHEM:
            raise InvalidInput("faceless", "Trading VP for Faceless Henchmen during "
                               "Requisition is a Mayhem rule.", "0")
        _count("faceless", faceless, 0, 20)
        bought = faceless if vp is None else min(faceless, vp)
        steps.append(Step(f"{bought} Faceless Henchman/Henchmen added to your Base at 1 VP "
                          "each.", bought, "henchman-faceless", DERIVED,
                          "The icon for what 1 VP buys is lost; a Faceless Henchman is the "
                          "only piece that is 'added to a Base', so we read it that way."))
        if bought < faceless:
            steps.append(Step(f"You hold only {vp} VP: {faceless - bought} short.",
                              faceless - bought, "requisition-resources"))
        result.update(faceless=bought, vp_spent=bought)
    summary = (f"Requisition ({mode.value}, {role.value}): {got} Resource(s) for {spent} Infamy "
               f"at {rate}:1" + (f", plus {reassign_cost} to reassign the Team Leader"
                                 if reassign_cost else "")
               + f"; {left} Infamy left.")
    return Explained(result, tuple(steps), summary)


REQUISITION_FORM = (
    OneOf("mode", "Game mode.", MODE_OPTIONS, required=True),
    OneOf("role", "Who requisitions.", tuple(r.value for r in Role), required=True),
    Integer("infamy", "Infamy available to spend.", 0, 99, required=True),
    Integer("wanted", "Resources wanted (leave out for as many as the Infamy buys).", 0, 99),
    Flag("reassign_team_leader", "Cutthroat: Goodman also hands the Team Leader token on."),
    OneOf("reassign_reading", "Which price for reassigning: 'scheming' (1) or 'glossary' (3).",
          tuple(r.value for r in ReassignReading), ReassignReading.SCHEMING.value),
    Integer("faceless", "Mayhem: Faceless Henchmen to buy at 1 VP each.", 0, 20, 0),
    Integer("vp", "Mayhem: VP you hold, to check the Faceless purchase (optional).", 0, 99),
)


def _run_requisition(data: Mapping[str, Any]) -> Explained:
    return requisition(PlayMode(data["mode"]), Role(data["role"]), int(data["infamy"]),
                       data.get("wanted"), bool(data.get("reassign_team_leader", False)),
                       ReassignReading(data.get("reassign_reading", "scheming")),
                       int(data.get("faceless", 0)), data.get("vp"))


# ---------------------------------------------------------------------------------------------
# Hiring a Named Henchman (Scheming › Plotting, Syndicate).

MAX_NAMED_IN_PLAY = 6
HIRE_RATE = {False: 2, True: 3}
"""VP per Named Henchman in play, keyed by 'the Doomsday Plan is revealed'."""


def hire_henchman(in_play: int, plan_revealed: bool, hires: int = 1,
                  vp: int | None = None) -> Explained:
    """VP for hiring `hires` Named Henchmen one after another in Syndicate."""
    _count("in_play", in_play, 1, MAX_NAMED_IN_PLAY)
    if in_play >= MAX_NAMED_IN_PLAY:
        raise InvalidInput("in_play", "Six Named Henchmen are already in play; nobody more can "
                           "be hired.", "1-5")
    _count("hires", hires, 1, MAX_NAMED_IN_PLAY - in_play)
    rate = HIRE_RATE[plan_revealed]
    steps = [Step(f"The Doomsday Plan is {'revealed' if plan_revealed else 'not revealed'}: "
                  f"{rate} VP per Named Henchman in play.", rate, "hire-named-henchman")]
    costs = []
    for i in range(hires):
        count = in_play + i
        costs.append(rate * count)
        steps.append(Step(f"Hire {i + 1}: {count} in play × {rate} = {rate * count} VP.",
                          rate * count, "hire-named-henchman",
                          DERIVED if i else Provenance.RULEBOOK,
                          "A hired Henchman's miniature is on the War Map, so it is in play "
                          "and counts toward the next hire's price." if i else ""))
    total = sum(costs)
    result: dict[str, Any] = {"costs": costs, "total": total, "in_play_after": in_play + hires}
    summary = f"Hiring {hires} Named Henchman/Henchmen costs {total} VP"
    if vp is not None:
        _count("vp", vp)
        result.update(affordable=total <= vp, vp_left=max(vp - total, 0),
                      short_by=max(total - vp, 0))
        steps.append(Step(f"The team holds {vp} VP: "
                          + (f"{vp - total} left." if total <= vp else f"{total - vp} short."),
                          vp - total, "hire-named-henchman"))
        summary += f" (the team holds {vp})."
    else:
        summary += "."
    return Explained(result, tuple(steps), summary)


HIRE_FORM = (
    Integer("in_play", "Named Henchmen in play now.", 1, 6, required=True),
    Flag("plan_revealed", "The Doomsday Plan has been revealed."),
    Integer("hires", "How many to hire, one after another.", 1, 5, 1),
    Integer("vp", "VP the team holds (optional).", 0, 99),
)


def _run_hire(data: Mapping[str, Any]) -> Explained:
    return hire_henchman(int(data["in_play"]), bool(data.get("plan_revealed", False)),
                         int(data.get("hires", 1)), data.get("vp"))


OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "plotting-cost", "Plotting cost",
        "Espionage for a list of Plotting actions, and whether you hold enough.",
        PLOTTING_FORM, _run_plotting,
        {"actions": [{"target": "remove-resource-mission", "occupied": True, "high_alert": 1},
                     {"target": "reveal-doomsday-mission"}, {"target": "side-jobs"}],
         "espionage": 6},
        ("plotting", "plotting-costs", "occupied")),
    Operation(
        "gadget-cost", "Gadget cost",
        "Data Cache (and optional Corruption) to build Gadgets on the Technology Track.",
        GADGET_FORM, _run_gadget,
        {"level": 3, "purchases": [{"shift": "lower"}, {"shift": "none"}], "data_cache": 6,
         "corruption": 3},
        ("build-gadgets",)),
    Operation(
        "requisition", "Requisition Resources",
        "Resources bought with Infamy at the rate for your mode and role.",
        REQUISITION_FORM, _run_requisition,
        {"mode": "mayhem", "role": "team-leader", "infamy": 5, "wanted": 3},
        ("requisition-resources", "betrayer-powers", "team-leader")),
    Operation(
        "hire-henchman", "Hire a Named Henchman (Syndicate)",
        "VP to bring another Named Henchman into play in Syndicate.",
        HIRE_FORM, _run_hire,
        {"in_play": 4, "plan_revealed": False, "hires": 1, "vp": 10},
        ("hire-named-henchman",)),
)
