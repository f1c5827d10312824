"""Requisition Resources with Infamy (Scheming › Requisition Resources), by mode and role."""
from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, OneOf

from ...book import says
from ...modes import MODE_OPTIONS, PlayMode
from .counts import check_count


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

# (mode, role) -> (Infamy per Resource, where it comes from, the reading it rests on)
REQUISITION_RATES: Mapping[tuple[PlayMode, Role], tuple[int, str, str]] = {
    (PlayMode.CUTTHROAT, Role.GOODMAN): (1, "Goodman's Vault", ""),
    (PlayMode.CUTTHROAT, Role.BETRAYER): (1, "the Betrayer's Bolthole", ""),
    (PlayMode.SYNDICATE, Role.TEAM_LEADER): (3, "the Communal Vault", "headings"),
    (PlayMode.MAYHEM, Role.TEAM_LEADER): (2, "the team's Vault", "headings"),
    (PlayMode.MAYHEM, Role.OTHER): (3, "the team's Vault", "headings"),
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
    check_count("infamy", infamy)
    rate = requisition_rate(mode, role)
    _, source, basis = REQUISITION_RATES[(mode, role)]
    rule = "betrayer-powers" if role is Role.BETRAYER else "requisition-resources"
    buys = (f"{mode.value.title()}, {role.value}: {rate} Infamy buys 1 Resource of any kind, "
            f"drawn from {source}.")
    steps = [says(rule, basis or "rate", buys, rate) if rule == "requisition-resources"
             else Step(buys, rate, rule)]
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
        steps.append(says("team-leader", "reassign", f"Reassigning the Team Leader: "
                          f"{reassign_cost} Infamy ({reading.value} reading; the other reading "
                          f"says {other}).", reassign_cost))
    can_buy = left // rate
    want = can_buy if wanted is None else wanted
    check_count("wanted", want)
    got = min(want, can_buy)
    spent = got * rate
    spends = f"{got} Resource(s) × {rate} Infamy = {spent} Infamy."
    steps.append(says(rule, "rate", spends, spent) if rule == "requisition-resources"
                 else Step(spends, spent, rule))
    if got < want:
        short = (f"{left} Infamy covers only {can_buy} Resource(s): {want - got} short of what "
                 "you wanted.")
        steps.append(says(rule, "rate", short, want - got) if rule == "requisition-resources"
                     else Step(short, want - got, rule))
    left -= spent
    result: dict[str, Any] = {
        "rate": rate, "resources": got, "wanted": want, "short": want - got,
        "infamy_spent": spent + reassign_cost, "infamy_left": left,
        "reassign_cost": reassign_cost}
    if faceless:
        if mode is not PlayMode.MAYHEM:
            raise InvalidInput("faceless", "Trading VP for Faceless Henchmen during "
                               "Requisition is a Mayhem rule.", "0")
        check_count("faceless", faceless, 0, 20)
        bought = faceless if vp is None else min(faceless, vp)
        steps.append(says("henchman-faceless", "vp-buys", f"{bought} Faceless Henchman/Henchmen "
                          "added to your Base at 1 VP each.", bought))
        if bought < faceless:
            steps.append(says("henchman-faceless", "vp-buys", f"You hold only {vp} VP: "
                              f"{faceless - bought} short.", faceless - bought))
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


REQUISITION = Operation(
    "requisition", "Requisition Resources",
    "Resources bought with Infamy at the rate for your mode and role.",
    REQUISITION_FORM, _run_requisition,
    {"mode": "mayhem", "role": "team-leader", "infamy": 5, "wanted": 3},
    ("requisition-resources", "betrayer-powers", "team-leader"))
