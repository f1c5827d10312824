"""Tomorrow Dies Today printables: what each setup sheet, aid and score sheet says.

Every number comes from the game's own modules: the setup model (setup.py / setup_data.py),
the calculators' tables and functions, scoring's tie-break chain and the rules reference
(entry text and `numbers`). Only headings and column labels are written here.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from itertools import groupby
from typing import Any

from assistant import links
from assistant.errors import InvalidInput
from assistant.explain import Provenance, plural
from assistant.games import find_game
from assistant.rules import Entry, KeyNumber
from assistant.sheets import (
    Block,
    Bullets,
    Catalogue,
    Check,
    Checklist,
    Fact,
    Facts,
    Kind,
    Link,
    Para,
    ParaStyle,
    Section,
    Sheet,
    Spec,
    Table,
    cards,
)
from assistant.sheets.kit import SheetKit
from assistant.sheets.pull import pull_section

from . import scoring
from .book import RULES as RULES_FOR_SHEETS
from .book import mark
from .calculators import betrayal, clock, conflict, costs, deployment
from .calculators.agents import CorruptOption, corrupt_cost
from .modes import MAYHEM_TEAMS, MODE_TITLES, PLAYERS, PlayMode
from .pull import pull_rows
from .roles import ROLES, role_modes, role_sheet
from .setup import Setup, deal_for, setup_for
from .setup_data import CLOCK_START

GAME = find_game("tdt")
G = GAME.slug
KIT = SheetKit(GAME)
RULEBOOK = Provenance.RULEBOOK
DERIVED = Provenance.DERIVED
ALL_MODES = "All modes"

# ---------------------------------------------------------------- links


def _api(path: str) -> str:
    return f"/api/v1/games/{G}{path}"


def rule_link(entry_id: str) -> Link:
    entry = GAME.rules.get(entry_id)
    return Link(links.rule(G, entry_id), _api(f"/rules/{entry_id}"), f"Rule: {entry.title}")


def calculator_link(slug: str) -> Link:
    op = GAME.calculator(slug)
    return Link(links.calculator(G, slug), _api(f"/calculators/{slug}"),
                f"Calculator: {op.title}", op.summary)


def setup_link(s: Setup, seed: str | None, section: str | None = None,
               label: str = "This whole setup") -> Link:
    named = s.named_henchmen if s.mode.value != "cutthroat" else None
    page = links.setup(G, section, mode=s.mode.value, players=s.players,
                       named_henchmen=named, teams=list(s.teams) or None, seed=seed)
    query = page.split("#")[0].partition("?")[2]
    return Link(page, _api("/setup") + (f"?{query}" if query else ""), label)


def score_link(mode: str) -> Link:
    entry = {"cutthroat": "scoring-cutthroat", "mayhem": "scoring-mayhem",
             "syndicate": "ending-syndicate"}[mode]
    return Link(links.score(G, mode), _api(f"/rules/{entry}"), "Scoring calculator")


def timers_link() -> Link:
    return Link(links.timers(G), _api("/rules/stage-timers"), "Stage timers")


def rules_link() -> Link:
    return Link(links.rules_index(G), _api("/rules"), "All rules, searchable")


# ---------------------------------------------------------------- small helpers


def _number(entry_id: str, key: str) -> KeyNumber:
    """A key number of a rule entry, by its stable key (LookupError if absent)."""
    return GAME.rules.get(entry_id).number(key)


def _int(entry_id: str, key: str) -> int:
    value = _number(entry_id, key).value
    if not isinstance(value, int):
        raise TypeError(f"{entry_id}: {key!r} is {value!r}, not a whole number")
    return value


def entry_blocks(entry: Entry, mode: str | None = None) -> tuple[Block, ...]:
    """An entry's own-words text as paragraphs and list items, then its mode notes (the kit's,
    so a line that says a value is unknown or lost carries the unknown mark)."""
    return KIT.entry_blocks(entry, mode)


MODE_TITLES_BY_SLUG: Mapping[str, str] = {m.value: t for m, t in MODE_TITLES.items()}


def entry_section(entry_id: str, *extra: Block, link: Link | None = None,
                  text: bool = True, title: str | None = None) -> Section:
    entry = GAME.rules.get(entry_id)
    blocks = (*(entry_blocks(entry) if text else ()), *extra)
    return Section(title or entry.title, blocks, link or rule_link(entry_id), entry.provenance,
                   entry.section)


def numbers_table(entry_id: str, skip: Sequence[str] = ("Example",)) -> Table:
    """An entry's key numbers (minus worked examples) as a two-column table."""
    rows = [n for n in GAME.rules.get(entry_id).numbers
            if not any(n.label.startswith(s) for s in skip)]
    return Table(("", "Value"),
                 tuple((n.label, f"{n.value} {n.unit}".strip()) for n in rows),
                 (3.0, 1.4), tuple(n.provenance for n in rows))


def _mode_title(mode: str) -> str:
    try:
        return MODE_TITLES_BY_SLUG[mode]
    except KeyError:
        raise InvalidInput("mode", f"There is no mode {mode!r}.",
                           ", ".join(MODE_TITLES_BY_SLUG)) from None


# ---------------------------------------------------------------- setup sheets


def _grouped(values: Iterable[tuple[str, int]]) -> str:
    """"Goodman 3, each Henchman 3" from per-seat numbers (Henchmen 1..n folded)."""
    parts: list[str] = []
    for who, items in groupby(values, key=lambda v: re.sub(r" \d+$", "", v[0])):
        seen = list(items)
        counts = {n for _, n in seen}
        if len(seen) > 1 and len(counts) == 1:
            parts.append(f"each {who} {seen[0][1]}")
        else:
            parts.extend(f"{name} {n}" for name, n in seen)
    return ", ".join(parts)


def _step_provenance(s: Setup, step_id: str) -> Provenance:
    for step in s.steps:
        if step.id == step_id:
            return step.provenance
    return RULEBOOK


def setup_facts(s: Setup) -> Facts:
    p = _step_provenance
    rows = [Fact("Players", str(s.players)),
            Fact("Named Henchmen in play", str(s.named_henchmen))]
    if s.teams:
        rows.append(Fact("Teams (players)", " + ".join(map(str, s.teams)),
                         Provenance.HOUSE if s.defaults else RULEBOOK))
        rows.append(Fact("Named Henchmen per team", str(s.henchmen_per_team)))
    rows.append(Fact("Resource Missions dealt",
                     _grouped((t.where, t.tiles) for t in s.resource_missions.dealt),
                     p(s, "resource-deal")))
    doomsday = _grouped((t.where, t.tiles) for t in s.doomsday_missions.dealt)
    if s.doomsday_missions.extra:
        doomsday += f", +1 each to {s.doomsday_missions.extra} seats you pick"
    if not s.doomsday_missions.dealt:
        doomsday = f"none: all {s.doomsday_missions.total} placed at random"
    rows.append(Fact("Doomsday Missions dealt", doomsday, p(s, "doomsday-deal")))
    if s.goodman is not None:
        g = s.goodman
        rows.append(Fact("Goodman starts with",
                         f"{g.resources} Resources, "
                         f"{plural(g.faceless_henchmen, 'Faceless Henchman', 'Faceless Henchmen')}"
                         f", {g.vp} VP", p(s, "goodman-assets")))
    starting = [seat for seat in s.seats if seat.role.value != "goodman"]
    first = starting[0]
    who = "each Henchman" if first.role.value == "henchman" else (
        "each team" if len(starting) > 1 else "the team")
    supplies = [plural(n, one, many) for n, one, many in (
        (first.faceless_henchmen, "Faceless Henchman", "Faceless Henchmen"),
        (first.resources, "Resource", "Resources")) if n]  # no "0 Resources"
    rows.append(Fact("Starting henchmen",
                     f"{who}: {', '.join(supplies)}" if supplies else
                     f"{who}: none of their own"
                     + (" (Goodman hands out what he sees fit)" if s.goodman else ""),
                     p(s, "starting-henchmen")))
    rows.append(Fact("Doomsday Clock starts on", str(s.clock_start), p(s, "clock-start")))
    if s.global_events:
        event = "Yes, reveal one now" if s.global_event_at_start else "No"
    else:
        alt = setup_for(s.mode, s.players, None if s.mode.value == "cutthroat"
                        else s.named_henchmen, s.teams or None, global_events=True)
        event = ("No (Global Events off); if you add them: "
                 + ("yes, reveal one" if alt.global_event_at_start else "no"))
    rows.append(Fact("Global Event at start", event, p(s, "global-event")))
    return Facts(tuple(rows))


def _slug_part(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40]


def setup_slug(s: Setup, seed: str | None, named_given: bool) -> str:
    slug = f"{G}-setup-{s.mode.value}-{s.players}p"
    if s.teams:
        slug += "-teams-" + "-".join(map(str, s.teams))
    if named_given:
        slug += f"-{s.named_henchmen}nh"
    if s.global_events and s.mode.value != "syndicate":
        slug += "-events"
    if seed:
        slug += f"-seed-{_slug_part(seed) or 'x'}"
    return slug


def setup_sheet(mode: str = "", players: int = 0, named_henchmen: int | None = None,
                teams: Sequence[int] | None = None, seed: str | None = None,
                global_events: bool = False) -> Sheet:
    s = setup_for(mode, players, named_henchmen=named_henchmen,
                  teams=list(teams) if teams else None, global_events=global_events)
    seed = seed or None
    title = MODE_TITLES[s.mode]
    # The whole-setup QR code is the sheet's own link (printed in the header).
    sections: list[Section] = [Section("Your table", (setup_facts(s), *(
        Para(d, ParaStyle.NOTE, Provenance.HOUSE) for d in s.defaults)),
        source="Setting Up and Goals"),
        pull_section(pull_rows(s), source=GAME.rules.get("components-overview").section)]
    for section_name, steps in groupby(s.steps, key=lambda st: st.section):
        group = list(steps)
        checks = tuple(Check(st.title, st.text, st.provenance) for st in group)
        # The setup page has no per-step anchors; the rule behind the section explains it.
        sections.append(Section(section_name, (Checklist(checks),), rule_link(group[0].rule)))
    if seed:
        deal = deal_for(s, seed)
        piles = [Para(f"{p.holder}{' (face down)' if p.face_down else ''}: "
                      f"{', '.join(p.tiles)}.{(' ' + p.note) if p.note else ''}",
                      ParaStyle.BULLET, Provenance.COMMUNITY)
                 for p in (*deal.resource_missions, *deal.doomsday_missions)]
        sections.append(Section(f"Random deal (seed {deal.seed})", (
            *piles, *(Para(f"Your call: {c}", ParaStyle.NOTE) for c in deal.players_choose)),
            setup_link(s, seed, "deal", "This deal on your phone"), Provenance.COMMUNITY,
            "Tile names: community component data"))
    named = plural(s.named_henchmen, "Named Henchman", "Named Henchmen")
    who = (f"{plural(s.players, 'player', 'players')}: Goodman + {named}"
           if s.goodman is not None else
           f"{plural(s.players, 'player', 'players')}, {named}"
           + (f", teams {' + '.join(map(str, s.teams))}" if s.teams else ""))
    return Sheet(Kind.SETUP, setup_slug(s, seed, named_henchmen is not None),
                 f"Setup: {title}", GAME.title, title, plural(s.players, "player", "players"),
                 tuple(sections), setup_link(s, seed), 2, who)


def mayhem_splits(players: int) -> list[tuple[int, ...]]:
    """Every team split the setup model accepts for `players` (largest team first)."""
    found: list[tuple[int, ...]] = []

    def grow(left: int, count: int, largest: int, prefix: tuple[int, ...]) -> None:
        if count == 0:
            if left == 0:
                found.append(prefix)
            return
        for size in range(min(largest, left), 0, -1):
            grow(left - size, count - 1, size, (*prefix, size))

    for count in MAYHEM_TEAMS:
        grow(players, count, players, ())
    valid = []
    for split in found:
        try:
            setup_for("mayhem", players, teams=list(split))
        except InvalidInput:
            continue
        valid.append(split)
    return valid


def setup_variants() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for mode, (low, high) in PLAYERS.items():
        for players in range(low, high + 1):
            if mode.value == "mayhem":
                out.extend({"mode": mode.value, "players": players, "teams": split}
                           for split in mayhem_splits(players))
            else:
                out.append({"mode": mode.value, "players": players})
    return out


# ---------------------------------------------------------------- reference aids


def _player_range() -> range:
    return range(min(m.min_players for m in GAME.modes), max(m.max_players for m in GAME.modes)
                 + 1)


def _minutes(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def round_aid() -> Sheet:
    scheming, villainy, mono = GAME.timers
    phases = villainy.phases
    conflict_extra = _minutes(villainy.per_conflict)
    rows = tuple((str(n), _minutes(scheming.minutes(n)), _minutes(villainy.per_player * n),
                  _minutes(villainy.minutes(n)), _minutes(mono.minutes(n)),
                  _minutes(sum(stage.minutes(n) for stage in (scheming, villainy, mono))))
                 for n in _player_range())
    timers = Table(("Players", "Scheming", "Villainy per Phase",
                    f"Villainy, {phases} Phases", "Monologuing", "Round"),
                   rows, (1, 1.1, 1.1, 1.1, 1.3, 0.9))
    return _aid("round", "The Round at a glance", [
        entry_section("round-structure"),
        entry_section("stage-timers", timers, Para(
            f"Minutes, before Conflicts: add {conflict_extra} for each Conflict.",
            ParaStyle.NOTE), link=timers_link()),
        entry_section("turn-order"),
        entry_section("mayhem-turn-order"),
        entry_section("coordination"),
    ], rule_link("round-structure"))


def _funding_rows() -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for cost, sizes in groupby(range(1, deployment.SQUAD_LIMIT + 1), key=deployment.squad_cost):
        group = list(sizes)
        label = f"{group[0]}" if len(group) == 1 else f"{group[0]}-{group[-1]}"
        rows.append((f"Squad of {label} henchmen", f"{cost} Funding"))
    return rows


def costs_aid() -> Sheet:
    funding = _funding_rows()
    discount = _number("fund-deployment", "base-discount")
    free = _number("fund-deployment", "return-to-base")
    fund = Table(("Fund Deployment", "Cost"),
                 (*funding, (discount.label, f"-{discount.value} {discount.unit}"),
                  (free.label, f"{free.value} {free.unit}")),
                 (3, 1.2), (*(DERIVED,) * len(funding), discount.provenance, free.provenance))
    occupied = _int("plotting-costs", "occupied-surcharge")
    plots = Table(("Plotting target", "Espionage", "Occupied", "Each High Alert"),
                  tuple((row.label, str(row.base),
                         f"+{occupied}" if row.occupied_counts else "-",
                         "+1" if row.high_alert_counts else "-")
                        for row in costs.PLOT_TABLE.values()),
                  (2.6, 1.1, 1, 1.1),
                  tuple(row.provenance for row in costs.PLOT_TABLE.values()))
    gadget_rows = []
    for level in range(costs.TECH_MIN, costs.TECH_MAX + 1):
        buy = costs.buy_gadget(level)
        gadget_rows.append((str(level), f"{buy.data_cache} Data Cache", str(buy.level_after),
                            f"{level} Corruption"))
    gadgets = Table(("Track", "Gadget costs", "Track after", "Shift track 1 step"),
                    tuple(gadget_rows), (0.8, 1.4, 1, 1.6),
                    (DERIVED,) + (RULEBOOK,) * (len(gadget_rows) - 1))
    req_rows = tuple((MODE_TITLES_BY_SLUG[mode.value], role.value.replace("-", " ").title(),
                      str(rate), source)
                     for (mode, role), (rate, source, _note) in costs.REQUISITION_RATES.items())
    requisition = Table(("Mode", "Who", "Infamy per Resource", "From"), req_rows,
                        (1.1, 1.1, 1, 1.8),
                        tuple(DERIVED if note else RULEBOOK
                              for _rate, _src, note in costs.REQUISITION_RATES.values()))
    reassign = ", ".join(f"{cost} Infamy ({reading.value} reading)"
                         for reading, cost in costs.REASSIGN_COST.items())
    faceless = _number("requisition-resources", "mayhem-faceless-vp")
    alerts = range(0, 4)
    corrupt_labels = {CorruptOption.ADJUST_ALERT: "Add or remove a High Alert",
                      CorruptOption.TAKE_RESOURCE_MISSION: "Resource Mission from the World",
                      CorruptOption.TAKE_DOOMSDAY_MISSION: "Doomsday Mission from the World"}
    corruption = Table(("High Alerts on the HQ", *(str(a) for a in alerts)),
                       tuple((corrupt_labels[o], *(str(corrupt_cost(o, a)) for a in alerts))
                             for o in CorruptOption), (2.6, 0.6, 0.6, 0.6, 0.6),
                       (DERIVED,) * len(CorruptOption))
    hire_rows = tuple((str(n), *(str(rate * n) for rate in costs.HIRE_RATE.values()))
                      for n in range(1, costs.MAX_NAMED_IN_PLAY))
    hire = Table(("In play", "VP, plan hidden", "VP, plan revealed"), hire_rows, (1, 1.3, 1.3))
    return _aid("costs", "Costs card", [
        entry_section("fund-deployment", fund, text=False,
                      link=calculator_link("fund-deployment")),
        entry_section("plotting-costs", plots, Para(
            "A tile is Occupied when any Squad or Agent stands on it.", ParaStyle.NOTE),
            text=False, link=calculator_link("plotting-cost")),
        entry_section("build-gadgets", gadgets, Para(costs.TECH_FLOOR_NOTE, ParaStyle.NOTE,
                                                     mark("build-gadgets", "floor")[0]),
                      text=False, link=calculator_link("gadget-cost")),
        entry_section("requisition-resources", requisition,
                      Para(f"Cutthroat, Goodman hands the Team Leader token on: {reassign}.",
                           ParaStyle.NOTE),
                      Para(f"Mayhem: anyone may pay {faceless.value} VP for a Faceless "
                           f"Henchman at their Base.", ParaStyle.NOTE, faceless.provenance),
                      text=False, link=calculator_link("requisition")),
        entry_section("corrupt-agency", corruption, Para(
            "Corruption paid by a Squad on an Agent HQ; tile kinds worked out from their costs.",
            ParaStyle.NOTE, DERIVED), text=False, link=calculator_link("corrupt-agency")),
        entry_section("hire-named-henchman", hire, text=False,
                      link=calculator_link("hire-henchman")),
    ], calculator_link("fund-deployment"))


def conflict_aid() -> Sheet:
    points = range(0, 14)
    table = Table(("Attribute points", *(str(p) for p in points)),
                  (("Successes", *(str(conflict.successes(p)) for p in points)),),
                  (2.4, *(0.5,) * len(points)))
    return _aid("conflict", "Conflict card", [
        entry_section("conflict-resolution", table, link=calculator_link("conflict")),
        entry_section("conflict-effects", Bullets(conflict.NAMED_READINGS)),
        entry_section("conflict-banding"),
        entry_section("player-interactions", link=calculator_link("squad-attributes")),
        entry_section("damage"),
    ], calculator_link("conflict"))


def missions_aid() -> Sheet:
    return _aid("missions", "Missions, spoils and rewards", [
        entry_section("complete-missions", link=calculator_link("mission")),
        entry_section("collect-rewards"),
        entry_section("affinity-bonuses"),
        entry_section("mayhem-reward-split"),
        entry_section("complete-hq-mission", numbers_table("complete-hq-mission")),
        entry_section("corrupt-agency", link=calculator_link("corrupt-agency")),
        entry_section("generate-spoils", link=calculator_link("spoils")),
        entry_section("collect-spoils"),
        entry_section("spoils-and-affinity"),
        entry_section("agents-investigate"),
        entry_section("agent-arrival", link=calculator_link("agent-arrival")),
    ], calculator_link("mission"))


def betrayal_aid() -> Sheet:
    jobs = range(1, 7)
    force = Table(("Disloyal Side Jobs", *(str(j) for j in jobs)),
                  (("Cost (Infamy)", *(str(betrayal.force_betrayal_cost(j)) for j in jobs)),),
                  (2.2, *(0.6,) * len(jobs)), (DERIVED,))
    counts = sorted({n for table in CLOCK_START.values() for n in table})
    starts = Table(("Named Henchmen", *(str(n) for n in counts)),
                   tuple((MODE_TITLES[mode], *(str(table.get(n, "-")) for n in counts))
                         for mode, table in CLOCK_START.items()),
                   (2, *(0.6,) * len(counts)))
    ticks = Table(("Mode", "Clock drop per Round", "After the plan is revealed"),
                  tuple((title, str(clock.clock_ticks(PlayMode(m.value), False)),
                         str(clock.clock_ticks(PlayMode(m.value), True)))
                        for m, title in MODE_TITLES.items()),
                  (1.3, 1.5, 1.7))
    return _aid("betrayal-clock", "Betrayal and the Doomsday Clock", [
        entry_section("betrayal-eligibility", link=calculator_link("betrayal-eligibility")),
        entry_section("betraying-the-organization", link=calculator_link("betrayal-transfer")),
        entry_section("betrayer-powers"),
        entry_section("disloyal-side-jobs"),
        entry_section("force-betrayal", force, link=calculator_link("force-betrayal")),
        entry_section("world-reacts", ticks, link=calculator_link("world-reacts")),
        entry_section("doomsday-clock-start", starts, text=False,
                      title="Doomsday Clock starting space"),
        entry_section("global-events-reveal"),
        entry_section("clock-reaches-zero"),
    ], calculator_link("world-reacts"))


def tie_chain() -> tuple[Para, ...]:
    """Cutthroat's tie-break chain as scoring applies it, one numbered line per criterion."""
    return tuple(Para(f"{i}. {'Most' if c.higher_wins else 'Fewest'} {c.label}",
                      ParaStyle.NUMBERED)
                 for i, c in enumerate(scoring.CUTTHROAT_CHAIN, start=1))


TIE = RULES_FOR_SHEETS.get("scoring-mayhem").reading("no-tie-break")
"""Mayhem ties are shared: the reading, with its mark, as the end-of-game aid prints it."""


def endgame_aid() -> Sheet:
    return _aid("endgame", "End of the game and scoring", [
        entry_section("scoring-cutthroat", link=score_link("cutthroat")),
        entry_section("tie-breaks-cutthroat", Para(
            "The chain our scoring calculator applies, in order:", ParaStyle.NOTE),
            *tie_chain()),
        entry_section("scoring-mayhem", Para(TIE.text, ParaStyle.NOTE, TIE.provenance),
                      link=score_link("mayhem")),
        entry_section("ending-syndicate", link=score_link("syndicate")),
        entry_section("goal-cutthroat"),
    ], score_link("cutthroat"))


def glossary_aid() -> Sheet:
    entries = sorted((e for e in GAME.rules if e.glossary), key=lambda e: e.title.casefold())
    sections = [Section(e.title, entry_blocks(e), None, e.provenance) for e in entries]
    return _aid("glossary", "Glossary", sections, rules_link(),
                subtitle=f"{len(entries)} terms in our own words; scan for every rule.")


def _aid(slug: str, title: str, sections: Sequence[Section], link: Link,
         subtitle: str = "") -> Sheet:
    return Sheet(Kind.AID, f"{G}-{slug}", title, GAME.title, ALL_MODES, "any player count",
                 tuple(sections), link, 2, subtitle)


AIDS: Mapping[str, tuple[str, str, Callable[[], Sheet]]] = {
    "round": ("The Round at a glance", "Stages, Actions in order and the stage timers for "
              "every player count.", round_aid),
    "costs": ("Costs card", "Funding by Squad size and the discount, Plotting, Gadgets and "
              "the Technology Track, Requisition rates, Corruption and hiring.", costs_aid),
    "conflict": ("Conflict card", "Successes, effects, banding and casualties.", conflict_aid),
    "missions": ("Missions, spoils and rewards", "Completing Missions, Affinity, Agent "
                 "Headquarters, Spoils and Agents.", missions_aid),
    "betrayal-clock": ("Betrayal and the Doomsday Clock", "Who may betray, forcing a "
                       "betrayal, the World Reacts and Global Events.", betrayal_aid),
    "endgame": ("End of the game and scoring", "Scoring per mode with the Cutthroat "
                "tie-break chain.", endgame_aid),
    "glossary": ("Glossary", "Every glossary term, alphabetical, as a booklet.", glossary_aid),
    **{slug: (role.title, role.summary, partial(role_sheet, KIT, slug))
       for slug, role in ROLES.items()},
}


def pack_aids(mode: str) -> list[str]:
    """A pack's aids: every general aid, and a role aid only when `mode` has the role."""
    _mode_title(mode)
    return [slug for slug in AIDS
            if slug not in ROLES or mode in role_modes(KIT, ROLES[slug])]


def turn_card() -> Sheet:
    """The round on a poker-size card, one per player (assistant.sheets.cards)."""
    return cards.turn_card(GAME, "round-structure")


def aid_sheet(slug: str) -> Sheet:
    return AIDS[slug][2]()


# ---------------------------------------------------------------- score sheets


def score_sheet(mode: str) -> Sheet:
    title = _mode_title(mode)
    low, high = scoring.HENCHMEN_PER_MODE[mode]
    sections: list[Section] = []
    header: tuple[str, ...]
    if mode == "cutthroat":
        per_trigger = _int("scoring-cutthroat", "vp-per-trigger")
        header = ("Named Henchman", "VP from Goodman", "Objective VP", "Nefarious Plan VP",
                  "Other VP", f"Triggers ({per_trigger} each)", "Final VP",
                  "Objectives (no Disloyal)", "Resources + Gadgets", "Place")
        sections.append(Section("Loyal Henchmen", (
            Table(header, (), (2.2, 1, 1, 1, 1, 1, 1, 1.1, 1.1, 0.8), blank_rows=high,
                  row_height=11),
            Para("Betrayer (not ranked; wins only if the clock reaches 0): "
                 "____________________", ParaStyle.NOTE)),
            None, RULEBOOK, "Endgame and Scoring"))
        sections.append(entry_section("tie-breaks-cutthroat", *tie_chain(), text=False))
        sections.append(entry_section("scoring-cutthroat"))
    elif mode == "mayhem":
        per_trigger = _int("scoring-mayhem", "vp-per-trigger")
        header = ("Named Henchman", "Team", "Objective VP", "Nefarious Plan VP", "Other VP",
                  f"Triggers, not Team Leader ({per_trigger} each)", "Final VP")
        sections.append(Section("Named Henchmen", (
            Table(header, (), (2.2, 1.2, 1, 1, 1, 1.4, 1), blank_rows=high, row_height=11),),
            None, RULEBOOK, "Endgame and Scoring"))
        teams = max(MAYHEM_TEAMS)
        sections.append(Section("Team totals", (
            Table(("Team", "Sum of Final VP", "Place"), (), (2, 1.5, 1), blank_rows=teams,
                  row_height=11),
            Para(TIE.text, ParaStyle.NOTE, TIE.provenance))))
        sections.append(entry_section("scoring-mayhem"))
    else:
        blocking = scoring.SYNDICATE_BLOCKING_TRIGGERS
        header = ("Named Henchman in play", "Hired this Round?",
                  "Active Triggers, not Team Leader", f"Under {blocking}?")
        sections.append(Section("Named Henchmen", (
            Table(header, (), (2.4, 1.2, 1.6, 1), blank_rows=high, row_height=11),
            Checklist((Check("Doomsday Plan complete", "All of its requirements are met."),
                       Check(f"Nobody in play has {blocking} or more active Triggers",
                             "Henchmen hired this Round count too."),
                       Check("The Doomsday Clock is above 0", "At 0 the whole table loses."))),
            ), None, RULEBOOK, "Endgame and Scoring"))
        sections.append(entry_section("ending-syndicate"))
    return Sheet(Kind.SCORE, f"{G}-score-{mode}", f"Score sheet: {title}", GAME.title, title,
                 f"{low}-{high} Named Henchmen", tuple(sections), score_link(mode), 1)


# ---------------------------------------------------------------- catalogue and batch

SCORE_MODES = tuple(scoring.HENCHMEN_PER_MODE)

CATALOGUE = Catalogue(
    setup=Spec("setup", "Setup sheet", "The setup checklist with tick boxes and the counts "
               "for one mode and player count, with a QR code per section.", Kind.SETUP,
               ("mode", "players", "named_henchmen", "teams", "seed", "global_events")),
    score=Spec("score-sheet", "Score sheet", "A score sheet per mode to fill in by hand, with "
               "a QR code that opens the scoring calculator.", Kind.SCORE, ("mode",)),
    score_modes=SCORE_MODES,
    aids=tuple(Spec(slug, title, summary, Kind.AID) for slug, (title, summary, _) in
               AIDS.items()),
)


def batch() -> list[Sheet]:
    sheets = [setup_sheet(**params) for params in setup_variants()]
    sheets.extend(aid_sheet(slug) for slug in AIDS)
    sheets.extend(score_sheet(mode) for mode in SCORE_MODES)
    return sheets
