"""Syndicate printables: a setup sheet per player count (and the Phantom variation), reference
aids (the round and its phases, odds tables, costs, the Phantom, the glossary) and a score
sheet. Every number comes from the setup, the calculators, scoring or the rules reference;
values the book does not print are blanks to fill in, marked [?].
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from assistant import links
from assistant.explain import Provenance
from assistant.games import find_game
from assistant.rules import Entry
from assistant.sheets import (
    Block,
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
from assistant.sheets.pull import ALL, Pull, pull_section

from .book import mark
from .calculators.aids import loot_rows, mission_rows
from .calculators.assault import option_table
from .calculators.market import prices
from .calculators.phantom import phantom_position
from .calculators.sovereign import pardon_cost
from .modes import MODES, PlayMode, mode_of
from .tables import (
    BLACK_MARKET,
    CARD_SALE,
    CREDITS_PER_CREW,
    CREDITS_PER_INFLUENCE,
    CREW_PER_INFLUENCE,
    DESTROYER_REMOVAL,
    INFLUENCE_PER_CREW,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PARDON,
    PARDON_PER_BASE_BEYOND,
    PHANTOM_REINFORCEMENTS,
    ROUNDS_MAX,
    STAR_FIRST,
    STAR_LAST,
    ZONE_COSTS,
)

GAME = find_game("space-syndicate")
G = GAME.slug
RULEBOOK = Provenance.RULEBOOK
DERIVED = Provenance.DERIVED
UNKNOWN = Provenance.UNKNOWN
ALL_MODES = "All modes"
BLANK = "______"

# ---------------------------------------------------------------- links


KIT = SheetKit(GAME)
_api, rule_link, calculator_link = KIT.api, KIT.rule_link, KIT.calculator_link


def setup_link(mode: str, players: int, label: str = "This whole setup") -> Link:
    page = links.setup(G, mode=mode, players=players)
    return Link(page, _api(f"/setup?mode={mode}&players={players}"), label)


def score_link() -> Link:
    return Link(links.score(G), _api("/rules/final-score"), "Scoring calculator")


# ---------------------------------------------------------------- rule text as blocks

def entry_blocks(entry: Entry) -> tuple[Block, ...]:
    return KIT.entry_blocks(entry, marked=True, readings=True)


def entry_section(entry_id: str, *extra: Block, link: Link | None = None,
                  text: bool = True, title: str | None = None) -> Section:
    return KIT.entry_section(entry_id, *extra, link=link, text=text, title=title, marked=True,
                             readings=True)


def _p(shown: Mapping[str, Any]) -> str:
    """'5/6 · 83.3%': the exact fraction, and the percentage rounded for print."""
    return f"{shown['fraction']} · {shown['value'] * 100:.1f}%"


# ---------------------------------------------------------------- setup sheets


def pull_rows(players: int, r: Mapping[str, Any]) -> list[Pull]:
    """What to take out of the box, from the setup answer `r`."""
    ops, synd, chips, deck = (r["operation_cards"], r["syndicate_cards"], r["bonus_chips"],
                              r["sovereign_deck"])
    placed = chips["exo"] + chips["middle"] + chips["inner"]
    return [
        Pull("Board, Alert Level track, round and alert markers", ALL,
             f"markers on {r['round_start']} and {r['alert_start']}"),
        Pull("Syndicate cards", str(synd["dealt"]), f"{synd['each']} each; keep one and its mat"),
        Pull("Operation cards", ALL, f"{ops['each']} each ({ops['dealt']} dealt)"),
        Pull("Sovereign cards", str(deck["size"]), "the Sovereign deck"),
        Pull("Base cards and tiles", ALL, ""),
        Pull("Bonus chips", str(placed), f"EXO {chips['exo']}, MIDDLE {chips['middle']}, "
             f"INNER {chips['inner']}"),
        Pull("Action dice", str(r["action_dice_each"] * players),
             f"{r['action_dice_each']} each"),
        Pull("Consequence and crackdown dice", ALL, ""),
        Pull("Cubes, crystals and player markers", ALL, "the bank"),
        Pull("First Player tile", "1", ""),
    ]


def setup_sheet(mode: str = PlayMode.STANDARD.value, players: int = 2, advanced: bool = False,
                extended_turn: bool = False, **_: Any) -> Sheet:
    assert GAME.setup is not None
    answer = GAME.setup.run({"mode": mode, "players": players, "advanced": advanced,
                             "extended_turn": extended_turn})
    r = answer.result
    ops, synd, chips, deck = (r["operation_cards"], r["syndicate_cards"], r["bonus_chips"],
                              r["sovereign_deck"])
    facts = Facts((
        Fact("Players", str(players)),
        Fact("Alert maximum", str(r["alert_max"])),
        Fact("Alert and round markers start on", f"{r['alert_start']} and {r['round_start']}"),
        Fact("Operation cards", f"{ops['each']} each; draw deck {ops['deck']}",
             mark("setup-operation-cards", "draw-deck")),
        Fact("Syndicate cards", f"{synd['each']} each, keep 1"
             + (f" ({synd['returned']} back)" if synd["returned"] else "")),
        Fact("Bonus chips placed", f"EXO {chips['exo']}, MIDDLE {chips['middle']}, "
                                   f"INNER {chips['inner']} ({chips['returned']} back)"),
        Fact("Sovereign deck", f"{deck['size']} cards, star {STAR_FIRST}th-{STAR_LAST}th "
                               f"({deck['returned']} back)"),
        Fact("Last round", ", ".join(f"{x['round']}: {x['fraction']}"
                                     for x in deck["last_round"]), mark("end-of-game", None)),
        Fact("Action dice", f"{r['action_dice_each']} each"),
    ))
    blanks = Facts((
        Fact("Alert track: first orange level", BLANK, UNKNOWN),
        Fact("Alert track: first red level", BLANK, UNKNOWN),
        Fact(f"Black Market: boxes after {BLACK_MARKET[-1]}", BLANK,
             mark("black-market", "above-15")),
    ))
    board_steps = [s for s in answer.steps if s.rule != "setup-player-mat"]
    mat_steps = [s for s in answer.steps if s.rule == "setup-player-mat"]
    sections = [
        Section("Your table", (facts,), setup_link(mode, players), RULEBOOK,
                "Part II: Setup (syndicate.txt:305-359, 629)"),
        pull_section(pull_rows(players, r), source=GAME.rules.get("components").section),
        Section("Board", (Checklist(tuple(
            Check(GAME.rules.get(s.rule).title if s.rule else "Setup", s.text, s.provenance)
            for s in board_steps)),), rule_link("setup-board")),
        Section("Each player's mat", (Checklist(tuple(
            Check(f"Step {i + 1}", s.text.split(": ", 1)[-1], s.provenance)
            for i, s in enumerate(mat_steps))),), rule_link("setup-player-mat")),
        Section("From your box (the book does not print these)", (
            blanks, Para("Enter them once on the table's page; it remembers them.",
                         ParaStyle.NOTE)), rule_link("alert-bands"), UNKNOWN),
    ]
    if mode == PlayMode.PHANTOM.value:
        seats = Table(("Round", *(str(n) for n in range(1, ROUNDS_MAX + 1))),
                      (("Phantom acts", *(str(phantom_position(n))
                                          for n in range(1, ROUNDS_MAX + 1))),),
                      (1.6, *(0.5,) * ROUNDS_MAX))
        sections.append(entry_section("phantom-variant", seats,
                                      link=calculator_link("phantom-turn")))
    title = mode_of(mode).title
    slug = f"{G}-setup-{mode}-{players}p" + ("-advanced" if advanced else "") + (
        "-extended" if extended_turn else "")
    return Sheet(Kind.SETUP, slug, f"Setup: {title}", GAME.title, title, f"{players} players",
                 tuple(sections), setup_link(mode, players), 2,
                 answer.summary.replace(f"({mode})", f"({title})"))  # the title, not the slug


def setup_variants() -> list[dict[str, Any]]:
    return [{"mode": m.slug, "players": n} for m in MODES
            for n in range(m.min_players, m.max_players + 1)]


# ---------------------------------------------------------------- aids


def turn_aid() -> Sheet:
    return _aid("turn", "The round at a glance", [
        entry_section("round-structure"),
        entry_section("player-turn"),
        entry_section("sovereign-card-phase", link=calculator_link("pardon")),
        entry_section("resource-collection", link=calculator_link("resource-collection")),
        entry_section("crew-upkeep"),
        entry_section("trading", link=calculator_link("trading")),
        entry_section("extended-turn"),
        entry_section("end-of-game", link=calculator_link("end-odds")),
    ], rule_link("round-structure"))


HIRED = GAME.rules.get("missions").reading("hired-faces")
"""How hired faces are read: the odds card prints it with its own mark."""


def odds_aid() -> Sheet:
    missions = mission_rows()
    mission_table = Table(
        ("Card", "Plain", "+1 hired", "+2 hired", "Casino", "Casino +1 hired"),
        tuple((m["printed"], _p(m["hired_0"]), _p(m["hired_1"]), _p(m["hired_2"]),
               _p(m["hired_0_casino"]), _p(m["hired_1_casino"])) for m in missions),
        (1.1, 1.2, 1.2, 1.2, 1.2, 1.3), (mark("missions", "hired-faces"),) * len(missions))
    rows = []
    for unf, fort in zip(option_table(False), option_table(True), strict=True):
        rows.append((str(unf["reinforcements"]), str(unf["crew"]),
                     f"{unf['lowest_win']}+ = {_p(unf['success'])}",
                     f"{fort['lowest_win']}+ = {_p(fort['success'])}" if fort["possible"]
                     else "not possible"))
    assault_table = Table(("Reinforcements", "Crew", "Unfortified", "Fortified or covered"),
                          tuple(rows), (1.2, 0.7, 1.6, 1.6),
                          (mark("assaults", "no-reinforcement"), *(RULEBOOK,) * (len(rows) - 1)))
    loot = loot_rows()
    loot_table = Table(("Consequence dice", "Credits", "Average", "10 or more"),
                       tuple((str(x["dice"]), f"{x['lowest']}-{x['highest']}", x["average"],
                              _p(x["at_least_10"])) for x in loot), (1.3, 1, 1, 1.4),
                       (mark("robberies", "dice-total"),) * len(loot))
    return _aid("odds", "Odds card: missions, assaults, robberies", [
        entry_section("missions", mission_table,
                      Para(HIRED.text, ParaStyle.NOTE, HIRED.provenance),
                      text=False, link=calculator_link("mission"),
                      title="Mission: chance to win"),
        entry_section("assaults", assault_table, Para(
            "Crew on the ship is lost win or lose; the alert rises by 1 either way.",
            ParaStyle.NOTE), text=False, link=calculator_link("assault"),
            title="Assault: chance to take the base"),
        entry_section("robberies", loot_table, text=False, link=calculator_link("robbery"),
                      title="Robbery: credits stolen on a win"),
        entry_section("casino"),
        entry_section("hired-hands"),
    ], calculator_link("odds-tables"))


def costs_aid() -> Sheet:
    pardon = Table(("Bases held", *(str(n) for n in range(len(PARDON))), f"{len(PARDON)}+"),
                   (("Influence", *(str(c) for c in PARDON),
                     f"+{pardon_cost(len(PARDON))[0] - PARDON[-1]} each"),),
                   (1.2, *(0.45,) * len(PARDON), 0.8))
    ladder = prices(())
    market = Table(("Box", *(str(i + 1) for i in range(len(ladder) + 2))),
                   (("Credits", *(str(p) for p in ladder), BLANK, BLANK),),
                   (1, *(0.7,) * (len(ladder) + 2)), (RULEBOOK,))
    zones = Table(("Zone", "Territories", "Buy", "Each round", "Fortify"),
                  tuple((z.value.upper(), str(c.territories), c.buy.words(),
                         f"{c.income.credits} credits, {c.income.influence} influence, "
                         f"{c.income.crew:+d} crew", c.fortify.words() + " (crew uncertain)")
                        for z, c in ZONE_COSTS.items()),
                  (0.8, 0.9, 1.6, 2.2, 1.6), (mark("zones", None),) * len(ZONE_COSTS))
    exchange = Table(("You give", "You get"), (
        (f"{CREDITS_PER_CREW} credits", "1 crew"),
        (f"{CREDITS_PER_INFLUENCE} credits", "1 influence"),
        (f"{CREW_PER_INFLUENCE} crew", "1 influence"),
        (f"{INFLUENCE_PER_CREW} influence", "1 crew"),
        ("1 Operation card (sold)", f"{CARD_SALE} of anything, credits included"),
    ), (1.5, 2))
    return _aid("costs", "Costs card", [
        entry_section("pardon", pardon, Para(
            f"{len(PARDON)} or more bases: extrapolated at {PARDON_PER_BASE_BEYOND} per base.",
            ParaStyle.NOTE, mark("pardon", "pardon-per-base-beyond")),
            text=False, link=calculator_link("pardon")),
        entry_section("black-market", market, Para(
            f"Your price is the lowest box without your own marker ({BLACK_MARKET[0]} first). "
            f"Boxes after {BLACK_MARKET[-1]} are not in the book: copy them from your board.",
            ParaStyle.NOTE, mark("black-market", "above-15")), text=False,
            link=calculator_link("black-market")),
        entry_section("zones", zones, Para(
            "Figures given as icons, read as credits, influence, crew. The fortify "
            "crew figure is uncertain (it may be influence).", ParaStyle.NOTE,
            mark("fortifying", "fortify-crew")),
            text=False, link=calculator_link("bases")),
        entry_section("exchange", exchange, Para(
            "Only on your own turn; never during Resource Collection.", ParaStyle.NOTE),
            text=False, link=calculator_link("afford")),
        entry_section("sovereign-blockade", Para(
            f"Destroyer off your base: {DESTROYER_REMOVAL} influence.", ParaStyle.NOTE),
            text=False, link=calculator_link("alert")),
    ], calculator_link("afford"))


def phantom_aid() -> Sheet:
    bands = Table(("Alert colour", "Reinforcements", "Lowest win vs unfortified",
                   "vs fortified"),
                  tuple((band, str(r), f"{option_table(False)[r]['lowest_win']}+",
                         f"{option_table(True)[r]['lowest_win']}+")
                        for band, r in PHANTOM_REINFORCEMENTS.items()), (1.2, 1.2, 1.6, 1.2))
    return _aid("phantom", "Two players with the Phantom", [
        entry_section("phantom-variant"),
        entry_section("phantom-turn", bands, link=calculator_link("phantom-turn")),
        entry_section("alert-bands", Facts((
            Fact("First orange level", BLANK, UNKNOWN),
            Fact("First red level", BLANK, UNKNOWN))), link=calculator_link("alert")),
    ], calculator_link("phantom-turn"))


def glossary_aid() -> Sheet:
    entries = sorted((e for e in GAME.rules if e.glossary), key=lambda e: e.title.casefold())
    sections = [Section(e.title, entry_blocks(e), None, e.provenance) for e in entries]
    return _aid("glossary", "Glossary", sections, Link(links.rules_index(G), _api("/rules"),
                                                      "All rules, searchable"),
                subtitle=f"{len(entries)} terms in our own words; scan for every rule.")


def _aid(slug: str, title: str, sections: Sequence[Section], link: Link,
         subtitle: str = "") -> Sheet:
    return Sheet(Kind.AID, f"{G}-{slug}", title, GAME.title, ALL_MODES,
                 f"{MIN_PLAYERS}-{MAX_PLAYERS} players",
                 tuple(sections), link, 2, subtitle)


AIDS: Mapping[str, tuple[str, str, Callable[[], Sheet]]] = {
    "turn": ("The round at a glance", "The three phases, the eight actions, Resource "
             "Collection step by step, trading and the end.", turn_aid),
    "odds": ("Odds card", "Exact odds for missions (hired hands, Casino), assaults by "
             "reinforcements and robbery loot.", odds_aid),
    "costs": ("Costs card", "Pardons, the Black Market, bases by zone, exchange rates and "
              "the Destroyer.", costs_aid),
    "phantom": ("Two players with the Phantom", "The Phantom's setup, its turn and its "
                "assaults by alert colour.", phantom_aid),
    "glossary": ("Glossary", "Every term, alphabetical.", glossary_aid),
}


def turn_card() -> Sheet:
    """The round on a poker-size card, one per player (assistant.sheets.cards)."""
    return cards.turn_card(GAME, "round-structure")


def aid_sheet(slug: str) -> Sheet:
    return AIDS[slug][2]()


# ---------------------------------------------------------------- score sheet


def score_sheet(mode: str = PlayMode.STANDARD.value) -> Sheet:
    m = mode_of(mode)
    table = Table(("Player", "Credits", "Award VP", "Other VP", "Syndicate Score", "Place"),
                  (), (2.2, 1, 1, 1, 1.3, 0.8), blank_rows=m.max_players, row_height=11)
    return Sheet(Kind.SCORE, f"{G}-score-{mode}", f"Score sheet: {m.title}", GAME.title,
                 m.title, f"{m.min_players}-{m.max_players} players", (
                     Section("Syndicate Score", (table,), score_link(), RULEBOOK,
                             GAME.rules.get("final-score").section),
                     entry_section("awards"),
                     entry_section("ties"),
                 ), score_link(), 1)


SCORE_MODES = tuple(m.slug for m in MODES)

CATALOGUE = Catalogue(
    setup=Spec("setup", "Setup sheet", "Counts, the board and mat checklists and the blanks "
               "to copy from your box, for one player count.", Kind.SETUP,
               ("mode", "players", "advanced", "extended_turn")),
    score=Spec("score-sheet", "Score sheet", "Credits + VP per player, places shared on a "
               "tie.", Kind.SCORE, ("mode",)),
    score_modes=SCORE_MODES,
    aids=tuple(Spec(slug, title, summary, Kind.AID) for slug, (title, summary, _) in
               AIDS.items()),
)


def batch() -> list[Sheet]:
    sheets = [setup_sheet(**params) for params in setup_variants()]
    sheets.extend(aid_sheet(slug) for slug in AIDS)
    sheets.extend(score_sheet(mode) for mode in SCORE_MODES)
    return sheets
