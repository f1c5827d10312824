"""Requisition Resources with Infamy (Scheming › Requisition Resources), by mode and role."""
from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, OneOf

from ...modes import MODE_OPTIONS, PlayMode
from .counts import DERIVED, UNKNOWN, check_count


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

_HEADINGS_NOTE = ("Each mode heading sits after its paragraph on this page. The 'Team Leader takes "
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
    check_count("infamy", infamy)
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
    check_count("wanted", want)
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
        check_count("faceless", faceless, 0, 20)
        bought = faceless if vp is None else min(faceless, vp)
        steps.append(Step(f"{bought} Faceless Henchman/Henchmen added to your Base at 1 VP "
                          "each.", bought, "henchman-faceless", DERIVED,
                          "The icon for what 1 VP buys is not given here; a Faceless "
                          "Henchman is the "
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


REQUISITION = Operation(
    "requisition", "Requisition Resources",
    "Resources bought with Infamy at the rate for your mode and role.",
    REQUISITION_FORM, _run_requisition,
    {"mode": "mayhem", "role": "team-leader", "infamy": 5, "wanted": 3},
    ("requisition-resources", "betrayer-powers", "team-leader"))
