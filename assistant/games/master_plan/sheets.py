"""All Part of the Master Plan printables: the setup and round sheet per player count, the
battle-and-loot aid, the glossary and the score sheet.

Every number comes from the game's own modules (setup.plan, the calculators' worked examples,
the scoring chain, the rules reference and the table settings); only headings and column
labels are written here. The Super deck size is not printed in the rulebook: without it the
hand size is a blank to fill in, marked unknown.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from assistant import links
from assistant.explain import Provenance
from assistant.games import find_game
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

from . import setup as setup_module
from .book import ROUNDS
from .modes import MODES, STANDARD, check_mode, check_players
from .scoring import chain
from .settings import SETTINGS

GAME = find_game("master-plan")
G = GAME.slug
RULEBOOK = Provenance.RULEBOOK
UNKNOWN = Provenance.UNKNOWN
DERIVED = Provenance.DERIVED
BLANK = "________"


# ---------------------------------------------------------------- links

KIT = SheetKit(GAME)
_api, rule_link, calculator_link = KIT.api, KIT.rule_link, KIT.calculator_link


def setup_link(players: int, deck: int | None) -> Link:
    page = links.setup(G, mode=STANDARD.slug, players=players, super_deck_size=deck)
    query = page.partition("?")[2]
    return Link(page, _api("/setup") + (f"?{query}" if query else ""), "This setup on your phone")


def score_link() -> Link:
    return Link(links.score(G), _api("/rules/final-scoring"), "Scoring calculator")


# ---------------------------------------------------------------- entry text as blocks

def entry_section(entry_id: str, *extra: Block, link: Link | None = None,
                  readings: bool = False) -> Section:
    return KIT.entry_section(entry_id, *extra, link=link, marked=True, readings=readings)


def settings_table() -> Table:
    rows = tuple((s.name.replace("_", " "), GAME.rules.get(s.rule).title.split(": ", 1)[-1],
                  s.default, " / ".join(o for o in s.options if o != s.default), BLANK)
                 for s in SETTINGS)
    return Table(("Setting", "Question", "Default", "Other", "Our table"), rows,
                 (1.1, 2.6, 0.9, 0.9, 1), (Provenance.DERIVED,) * len(rows))


# ---------------------------------------------------------------- setup and round sheet

def pull_rows(players: int, r: Mapping[str, Any]) -> list[Pull]:
    """What to take out of the box, from the setup plan `r`. The rulebook prints no
    component list: the Super deck's size is unknown until the table counts it."""
    deck = r["super_deck_size"]
    return [
        Pull("Super deck", ALL, f"{deck} cards, dealt out evenly" if deck is not None else
             "size not printed in the rulebook: count it once",
             RULEBOOK if deck is not None else UNKNOWN),
        Pull("Master Plan cards", str(r["master_plans_dealt"]), "one each, secret"),
        Pull("Mastermind Mark sets", str(r["mark_sets"]), "one set each"),
        Pull("Throwdown deck", ALL, f"{r['throwdowns_per_round']} face up each round, "
             f"{r['throwdowns_in_game']} in a game if none is used twice", DERIVED),
        Pull("Loot Bag and its Loot", ALL, "loaded onto each Throwdown as its card shows"),
        Pull("Loser Lad", "1", f"to {r['loser_lad']}" if r["loser_lad"]
             else "to the player the table picks"),
    ]


def setup_sheet(mode: str = STANDARD.slug, players: int = 0,
                super_deck_size: int | None = None, loser_lad: str | None = None,
                **_: Any) -> Sheet:
    check_mode(mode or STANDARD.slug)
    check_players(players)
    answer = setup_module.plan(players, super_deck_size, loser_lad or "")
    r = answer.result
    known = r["hand_size"] is not None
    deal_mark = Provenance.DERIVED if known else Provenance.UNKNOWN
    facts = Facts((
        Fact("Players", str(players)),
        Fact("Rounds", str(r["rounds"])),
        Fact("Throwdowns each round", str(r["throwdowns_per_round"])),
        Fact("Master Plans dealt", str(r["master_plans_dealt"])),
        Fact("Mastermind Mark sets", str(r["mark_sets"])),
        Fact("Super deck size", str(super_deck_size) if known else BLANK, deal_mark),
        Fact("Supers per hand", str(r["hand_size"]) if known else BLANK, deal_mark),
        Fact("Set aside each round", str(r["set_aside"]) if known else BLANK, deal_mark),
        Fact("Loser Lad starts with", loser_lad or BLANK),
    ))
    once = tuple(Check(GAME.rules.get(s.rule).title.removeprefix("Setup: ") if s.rule else "",
                       s.text, s.provenance)
                 for s in answer.steps if s.rule and s.rule.startswith("setup-"))
    rounds = tuple(Check(item["phase"], item["text"], Provenance(item["provenance"]))
                   for item in r["round_checklist"])
    sections = (
        Section("Your table", (facts,) + ((Para(
            "Count the Super deck once and write it in: the rulebook does not print it; the "
            "hand size is the deck divided by the players, rounded down.", ParaStyle.NOTE,
            Provenance.UNKNOWN),) if not known else ()), None, RULEBOOK,
            GAME.rules.get("recruit").section),
        pull_section(pull_rows(players, r), source=GAME.rules.get("components").section),
        Section("Setup, once", (Checklist(once),), rule_link("setup-decks"), RULEBOOK,
                "Setup (all-part-of-the-master-plan.txt:17-22)"),
        Section(f"Each round (x{ROUNDS})", (Checklist(rounds), Para(
            GAME.rules.get("phase-numbering").provenance_note, ParaStyle.NOTE,
            Provenance.DERIVED)), rule_link("round-overview"), Provenance.DERIVED,
            GAME.rules.get("round-overview").section),
        Section("Table settings (circle or write your choice)", (settings_table(),),
                rule_link("table-settings"), Provenance.DERIVED,
                GAME.rules.get("table-settings").section),
        Section("Secret Master Plans",
                KIT.entry_blocks(GAME.rules.get("hidden-information"), marked=True),
                calculator_link("instant-win"), Provenance.DERIVED,
                GAME.rules.get("hidden-information").section),
    )
    deck = f"-deck{super_deck_size}" if known else ""
    return Sheet(Kind.SETUP, f"{G}-setup-{players}p{deck}", f"Setup and rounds: {players} "
                 "players", GAME.title, STANDARD.title, f"{players} players", sections,
                 setup_link(players, super_deck_size), 2,
                 f"{r['throwdowns_per_round']} Throwdowns a round, {ROUNDS} rounds")


def setup_variants() -> list[dict[str, Any]]:
    return [{"mode": m.slug, "players": n} for m in MODES
            for n in range(m.min_players, m.max_players + 1)]


# ---------------------------------------------------------------- aids

def _worked(slug: str) -> tuple[Block, ...]:
    op = GAME.calculator(slug)
    answer = op.run(op.example)
    return (Para(f"Worked example ({op.title}):", ParaStyle.LEAD),
            *(Para(s.text, ParaStyle.BULLET, s.provenance) for s in answer.steps),
            Para(answer.summary, ParaStyle.NOTE))


def battle_loot_aid() -> Sheet:
    sections = (
        entry_section("battle-reveal"),
        entry_section("alliance-check", link=calculator_link("battle")),
        entry_section("battle-order", readings=True),
        entry_section("attack", readings=True),
        entry_section("ability", readings=True),
        entry_section("battle-end", readings=True),
        Section("A battle, worked", _worked("battle"), calculator_link("battle"),
                RULEBOOK, GAME.rules.get("battle-order").section),
        entry_section("loot-claims", link=calculator_link("loot-claims")),
        entry_section("instant-win", link=calculator_link("instant-win")),
        entry_section("loot-return"),
        entry_section("throwdown-order"),
        entry_section("loser-lad-pass", link=calculator_link("loser-lad"), readings=True),
        Section("Table settings", (settings_table(),), rule_link("table-settings"),
                Provenance.DERIVED, GAME.rules.get("table-settings").section),
    )
    return _aid("battle-loot", "Battle and Loot", sections, calculator_link("battle"),
                "Reveal, fight in ascending Action Number, claim in descending")


def glossary_aid() -> Sheet:
    entries = sorted((e for e in GAME.rules if e.glossary), key=lambda e: e.title.casefold())
    # One code for the sheet (the searchable rules index), not one per term: 17 codes of
    # 20 mm would leave the booklet mostly codes.
    sections = tuple(Section(e.title, KIT.entry_blocks(e, marked=True), None, e.provenance,
                             e.section) for e in entries)
    return _aid("glossary", "Glossary", sections, Link(links.rules_index(G), _api("/rules"),
                                                       "All rules, searchable"),
                f"{len(entries)} terms in our own words; scan for every rule.")


def _aid(slug: str, title: str, sections: Sequence[Section], link: Link,
         subtitle: str = "") -> Sheet:
    return Sheet(Kind.AID, f"{G}-{slug}", title, GAME.title, STANDARD.title,
                 f"{STANDARD.min_players}-{STANDARD.max_players} players", tuple(sections),
                 link, 2, subtitle)


AIDS: Mapping[str, tuple[str, str, Callable[[], Sheet]]] = {
    "battle-loot": ("Battle and Loot", "The battle step by step, Loot claims, the instant "
                    "win, Loser Lad at Regroup and the table settings, with a worked battle.",
                    battle_loot_aid),
    "glossary": ("Glossary", "Every term the rules use, alphabetical.", glossary_aid),
}


def turn_card() -> Sheet:
    """The round on a poker-size card, one per player (assistant.sheets.cards)."""
    return cards.turn_card(GAME, "round-overview")


def aid_sheet(slug: str) -> Sheet:
    return AIDS[slug][2]()


# ---------------------------------------------------------------- score sheet

def score_sheet(mode: str = STANDARD.slug) -> Sheet:
    check_mode(mode)
    links_chain = chain("reset")
    header = ("Mastermind", *(c.label[:1].upper() + c.label[1:] for c in links_chain),
              "Place")
    steps = tuple(Para(f"{i}. {'The' if c.label.startswith('highest') else 'Most'} "
                       f"{c.label}.", ParaStyle.NUMBERED)
                  for i, c in enumerate(links_chain, start=1))
    sections = (
        Section("After round 3", (
            Table(header, (), (2.2, 1.2, 1.2, 1.4, 0.8), blank_rows=STANDARD.max_players,
                  row_height=11),
            Para("Instant winner (the game ended early): ____________________",
                 ParaStyle.NOTE)), None, RULEBOOK, GAME.rules.get("final-scoring").section),
        Section("The chain", (*steps, Para(
            "Still level after all three: the rulebook stops; the tie is unresolved.",
            ParaStyle.NOTE, Provenance.UNKNOWN)), rule_link("final-scoring"), RULEBOOK,
            GAME.rules.get("final-scoring").section),
        entry_section("setting-ko-piles"),
        entry_section("final-scoring", readings=True),
    )
    return Sheet(Kind.SCORE, f"{G}-score-{mode}", "Score sheet", GAME.title, STANDARD.title,
                 f"{STANDARD.min_players}-{STANDARD.max_players} players", sections,
                 score_link(), 1)


# ---------------------------------------------------------------- catalogue and batch

SCORE_MODES = tuple(m.slug for m in MODES)

CATALOGUE = Catalogue(
    setup=Spec("setup", "Setup and round sheet", "Setup, the round checklist and the table "
               "settings for one player count, with a QR code per section.", Kind.SETUP,
               ("mode", "players", "super_deck_size", "loser_lad")),
    score=Spec("score-sheet", "Score sheet", "Loot types, KO pile and highest Action Number "
               "for every Mastermind, with the tie-break chain.", Kind.SCORE, ("mode",)),
    score_modes=SCORE_MODES,
    aids=tuple(Spec(slug, title, summary, Kind.AID) for slug, (title, summary, _) in
               AIDS.items()),
)


def batch() -> list[Sheet]:
    return [*(setup_sheet(**v) for v in setup_variants()),
            *(aid_sheet(slug) for slug in AIDS), *(score_sheet(m) for m in SCORE_MODES)]
