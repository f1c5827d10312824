"""Tomorrow Dies Today per-role aids: one page each for General Goodman, a Named Henchman, the
Betrayer and the Team Leader.

Every fact is a rule entry of our own-words reference (its rulebook section printed under
each heading) or a number read from the setup tables and calculators; a role's modes come
from the rule entry that defines it (Goodman and the Betrayer exist only in Cutthroat), so a
pack prints a role aid only for a mode that has the role.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from assistant.sheets import Block, Kind, Link, Para, ParaStyle, Section, Sheet, Table
from assistant.sheets.kit import SheetKit

from .calculators import clock, costs
from .modes import MODE_TITLES, PLAYERS, PlayMode
from .setup import setup_for


@dataclass(frozen=True)
class Role:
    slug: str
    title: str
    summary: str
    defined_by: str
    """The rule entry that makes the role: its modes are the role's modes."""
    holder: str
    """Who keeps the aid (printed where other sheets name the player count)."""
    sections: Callable[[SheetKit], Sequence[Section]]


def _entry(kit: SheetKit, entry_id: str, *extra: Block, mode: str | None = None,
           text: bool = True, title: str | None = None, link: Link | None = None,
           code: bool = True, marked: bool = False, readings: bool = False) -> Section:
    """A rule entry as a section; `mode` keeps only that mode's notes (a role that exists in
    one mode needs no other mode's exceptions); `code=False` prints no QR code (one page
    holds only so many)."""
    entry = kit.game.rules.get(entry_id)
    blocks = kit.entry_blocks(entry, mode, marked=marked, readings=readings) if text else ()
    chosen = (link or kit.rule_link(entry_id)) if code else None
    return Section(title or entry.title, (*blocks, *extra), chosen, entry.provenance,
                   entry.section)


def _goodman(kit: SheetKit) -> list[Section]:
    assets = kit.game.rules.get("setup-goodman-assets")
    low, high = PLAYERS[PlayMode.CUTTHROAT]
    tables = [setup_for(PlayMode.CUTTHROAT.value, n) for n in range(low, high + 1)]
    rows = tuple((str(t.named_henchmen), str(t.players), str(t.goodman.resources),
                  str(t.goodman.faceless_henchmen), str(t.goodman.vp))
                 for t in tables if t.goodman is not None)
    start = Table(("Named Henchmen", "Players", "Resources (any kinds)", "Faceless Henchmen",
                   "VP"), rows, (1.4, 1, 1.5, 1.4, 0.7))
    rates = tuple((who.value.replace("-", " ").title(), str(rate), source)
                  for (mode, who), (rate, source, _note) in costs.REQUISITION_RATES.items()
                  if mode is PlayMode.CUTTHROAT)
    reassign = ", ".join(f"{cost} Infamy ({reading.value} reading)"
                         for reading, cost in costs.REASSIGN_COST.items())
    requisition = Table(("Who", "Infamy per Resource", "From"), rates, (1.2, 1.2, 1.8))
    cut = PlayMode.CUTTHROAT.value
    return [
        _entry(kit, "goodman-role", mode=cut),
        _entry(kit, "setup-goodman-assets", start, text=False, code=False,
               title=f"Starting assets ({assets.title})"),
        _entry(kit, "requisition-resources", requisition, Para(
            f"Handing the Team Leader token to someone else costs {reassign}: agree on one "
            "before play.", ParaStyle.NOTE), text=False, title="Requisition Resources",
            link=kit.calculator_link("requisition")),
        _entry(kit, "tithe-to-goodman", mode=cut, code=False),
        _entry(kit, "goodman-plotting-cutthroat", kit.numbers_table(
            "goodman-plotting-cutthroat"), title="Plotting menu (end of each Round)",
            marked=True, mode=cut),
        _entry(kit, "force-betrayal", mode=cut, marked=True,
               link=kit.calculator_link("force-betrayal")),
    ]


def _henchman(kit: SheetKit) -> list[Section]:
    return [
        kit.entry_section("henchman-named"),
        kit.entry_section("setup-starting-henchmen", marked=True),
        kit.entry_section("betrayal-triggers"),
        kit.entry_section("complete-objectives"),
        kit.entry_section("side-jobs-claiming"),
    ]


def _betrayer(kit: SheetKit) -> list[Section]:
    mode = PlayMode.CUTTHROAT
    ticks = Table(("Mode", "Clock drop per Round", "After the plan is revealed"),
                  ((MODE_TITLES[mode], str(clock.clock_ticks(mode, False)),
                    str(clock.clock_ticks(mode, True))),), (1.3, 1.5, 1.7))
    cut = PlayMode.CUTTHROAT.value
    return [
        _entry(kit, "betrayal-eligibility", mode=cut,
               link=kit.calculator_link("betrayal-eligibility")),
        _entry(kit, "betraying-the-organization", mode=cut,
               link=kit.calculator_link("betrayal-transfer")),
        _entry(kit, "betrayer-powers", mode=cut),
        _entry(kit, "disloyal-side-jobs", mode=cut),
        _entry(kit, "world-reacts", ticks, mode=cut, link=kit.calculator_link("world-reacts")),
        _entry(kit, "clock-reaches-zero", mode=cut),
    ]


def _team_leader(kit: SheetKit) -> list[Section]:
    return [
        kit.entry_section("team-leader", readings=True, marked=True),
        kit.entry_section("team-leader-passing", marked=True),
        kit.entry_section("turn-order"),
        kit.entry_section("mayhem-turn-order"),
        kit.entry_section("plotting-syndicate-mayhem", marked=True),
    ]


ROLES: Mapping[str, Role] = {role.slug: role for role in (
    Role("role-goodman", "Role: General Goodman", "Cutthroat's boss: his starting assets by "
         "player count, Requisition, tithes, the Plotting menu and forcing out a Betrayer.",
         "goodman-role", "the Goodman player", _goodman),
    Role("role-henchman", "Role: a Named Henchman", "What a Named Henchman starts with, "
         "Betrayal Triggers, Objectives and Side Jobs.", "henchman-named",
         "each Henchman player", _henchman),
    Role("role-betrayer", "Role: the Betrayer", "Cutthroat: who may betray, how, what the "
         "Betrayer can do and how the clock reaching 0 wins it.", "betrayer-powers",
         "whoever betrays", _betrayer),
    Role("role-team-leader", "Role: the Team Leader", "The token that starts every Action: "
         "turn order, passing it on and the Team Leader's Plotting.", "team-leader",
         "whoever holds the token", _team_leader),
)}


def role_modes(kit: SheetKit, role: Role) -> tuple[str, ...]:
    """The modes that have the role: its defining entry's, or every mode."""
    return kit.game.rules.get(role.defined_by).modes or tuple(m.slug for m in kit.game.modes)


def role_sheet(kit: SheetKit, slug: str) -> Sheet:
    role = ROLES[slug]
    modes = role_modes(kit, role)
    every = len(modes) == len(kit.game.modes)
    titles = [kit.mode_titles[m] for m in modes]
    link = kit.rule_link(role.defined_by)
    # a section whose code would repeat the sheet's own (in the header) prints none
    sections = tuple(replace(sec, link=None) if sec.link == link else sec
                     for sec in role.sections(kit))
    return Sheet(Kind.AID, f"{kit.slug}-{slug}", role.title, kit.game.title,
                 "All modes" if every else " and ".join(titles), role.holder,
                 sections, link, 2,
                 "One player's role in " + ("every mode" if every
                                            else f"{' and '.join(titles)} only"))
