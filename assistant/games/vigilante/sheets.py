"""Vigilante printables: a setup sheet per scenario and player count (blanks for what only the
Scenario Card prints), a reference aid (round, fights, recruiting, events, overlooked rules), a
missions aid, and an end-game evaluation sheet per scenario.

Every number comes from the game's own modules (setup, identities, rules reference, the
judge's settings); only headings and column labels are written here.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant import links
from assistant.explain import Provenance
from assistant.games import find_game
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
from assistant.sheets.pull import ALL, Pull, counted, pull_section

from . import identities as ids
from .calculators.events import EVENT_TYPES
from .identities import CARDS
from .judge import SETTING_OPTIONS
from .modes import MODES, TITLES, Scenario

GAME = find_game("vigilante")
G = GAME.slug
BLANK = "________"
CARD_LABELS = {"rounds": "Rounds", "starting_city_cards": "City cards each player draws",
               "starting_events": "Starting Events on the track", "good": "Good Identities",
               "evil": "Evil Identities", "neutral": "Neutral Identities"}

CATALOGUE = Catalogue(
    setup=Spec("setup", "Setup sheet", "The checklist for a scenario and player count, with "
               "blanks for your Scenario Card's values.", Kind.SETUP, ("mode", "players")),
    score=Spec("score", "End-game evaluation", "Every Identity's Mission, in the judge's order, "
               "with room for each player's numbers.", Kind.SCORE, ("mode",)),
    score_modes=tuple(s.value for s in Scenario),
    aids=(Spec("reference", "Reference aid", "The round, fights, recruiting, Events and the "
               "rules people forget.", Kind.AID),
          Spec("missions", "Identities and Missions", "All ten Identities, their copies and "
               "Missions.", Kind.AID)))


KIT = SheetKit(GAME)
_api, rule_link, calculator_link = KIT.api, KIT.rule_link, KIT.calculator_link


def _entry(entry_id: str, *extra: Block, link: Link | None = None,
           title: str | None = None) -> Section:
    entry = GAME.rules.get(entry_id)
    blocks: list[Block] = []
    for para in entry.text.split("\n"):
        text = para.strip()
        if not text:
            continue
        if text.startswith("- "):
            blocks.append(Para(text[2:], ParaStyle.BULLET))
        elif text[:2].rstrip(".").isdigit():
            blocks.append(Para(text, ParaStyle.NUMBERED))
        else:
            blocks.append(Para(text))
    return Section(title or entry.title, (*blocks, *extra), link=link or rule_link(entry_id),
                   provenance=entry.provenance, source=entry.section)


def _mode_title(mode: str) -> str:
    return TITLES[Scenario(mode)]


def pull_rows(players: int, r: Mapping[str, Any]) -> list[Pull]:
    """What to take out of the box, from the setup answer `r`; what only the Scenario Card
    prints (City cards, Villains per Level) is unknown until the table reads it there."""
    totals, per, pool = r["totals"], r["per_player"], r["identity_pool"]
    levels = r["villain_deck"]["levels"]
    villains = (f"{' + '.join(map(str, levels))} by Level: the rulebook's example, check "
                "your card" if levels and r["villain_deck"]["source"] == "suggestion" else
                "by Level, as your Scenario Card says")
    city, city_mark = counted(r["card"]["starting_city_cards"]["value"], Provenance.UNKNOWN)
    return [
        Pull("Board, First Player marker, Event bag, damage cubes", ALL, ""),
        Pull("Scenario Card", "1", _mode_title(r["scenario"])),
        Pull("Player mats and shields", str(players), "one each"),
        Pull("Event dice", str(totals["event_dice"]), f"{per['event_dice']} each"),
        Pull("Action tokens", str(totals["action_tokens"]), f"{per['action_tokens']} each"),
        Pull("Allegiance tokens", str(totals["allegiance_tokens_dealt"]),
             f"{per['allegiance_tokens_dealt']} each, {per['allegiance_tokens_returned']} "
             "go back"),
        Pull("Identity cards", str(sum(pool.values())),
             ", ".join(f"{n} {side.title()}" for side, n in pool.items() if n)),
        Pull("Starter Heroes", str(totals["starter_heroes_dealt"]),
             f"{per['starter_heroes_dealt']} each, keep {per['starter_heroes_kept']}"),
        Pull("Hero deck", ALL, f"{r['hero_market']} face up in the Hero Market"),
        Pull("Villain deck", ALL, villains, Provenance.UNKNOWN),
        Pull("City cards to start", city, "from your Scenario Card", city_mark),
        Pull("City and Agency decks", ALL, ""),
    ]


def setup_sheet(mode: str = "brought-to-justice", players: int = 4, **_: Any) -> Sheet:
    assert GAME.setup is not None
    answer = GAME.setup.run({"mode": mode, "players": int(players)}).result
    card_rows = tuple(Fact(label, BLANK if answer["card"][key]["value"] is None
                           else str(answer["card"][key]["value"]), Provenance.UNKNOWN)
                      for key, label in CARD_LABELS.items())
    deck = answer["villain_deck"]
    levels = deck["levels"]
    deck_rows = tuple(
        Fact(f"Level {n} Villains", BLANK if levels is None else
             f"{levels[n - 1]} (rulebook example; check your card: {BLANK})"
             if deck["source"] == "suggestion" else str(levels[n - 1]),
             Provenance.UNKNOWN) for n in (1, 2, 3))
    per = answer["per_player"]
    fixed = Facts((
        Fact("Players", f"{players} (at most 5 from the box; your card decides)",
             Provenance.DERIVED),
        Fact("Event dice each", str(per["event_dice"])),
        Fact("Action tokens each", str(per["action_tokens"])),
        Fact("Allegiance tokens", f"{per['allegiance_tokens_dealt']} handed out, "
                                  f"{per['allegiance_tokens_returned']} back, "
                                  f"{per['allegiance_tokens_kept']} kept"),
        Fact("Starter Heroes", f"{per['starter_heroes_dealt']} dealt, "
                               f"{per['starter_heroes_kept']} kept in slot 1"),
        Fact("Hero Market", f"{answer['hero_market']} face up"),
    ))
    checks = Checklist(tuple(Check(item["title"], item["text"], Provenance(item["provenance"]))
                             for item in answer["checklist"]))
    page = links.setup(G, mode=mode, players=players)
    return Sheet(
        Kind.SETUP, f"{G}-setup-{mode}-{players}p", "Setup", GAME.title, _mode_title(mode),
        f"{players} players",
        (Section("From your Scenario Card", (Facts(card_rows + deck_rows),
                                            Para("The rulebook prints these only on the "
                                                 "card: copy them here once.",
                                                 ParaStyle.NOTE, Provenance.UNKNOWN)),
                 link=rule_link("scenario-card"), provenance=Provenance.UNKNOWN,
                 source=GAME.rules.get("scenario-card").section),
         Section("Every player", (fixed,), link=rule_link("setup-player-pieces")),
         pull_section(pull_rows(int(players), answer),
                      source=GAME.rules.get("components").section),
         Section("Checklist", (checks,), link=rule_link("setup-order"),
                 source=GAME.rules.get("setup-order").section),
         Section("Secrets", (Bullets((
             "Your Identity card is yours alone; on the app, only your own phone holds it.",
             "Never look at or move your own Allegiance tokens; the app never asks for them.",
             "What you see when investigating stays on your own phone.")),),
                 link=rule_link("table-talk"))),
        link=Link(page, _api("/setup") + "?" + page.partition("?")[2], "This setup"),
        subtitle="First game: leave out the Investigator and the Mastermind.")


def _events_table() -> Table:
    rows = tuple((GAME.rules.get(f"event-{t}").title.removesuffix(" (Event)"),
                  GAME.rules.get(f"event-{t}").text.split("\n")[0].strip())
                 for t in EVENT_TYPES)
    return Table(("Event", "Every player"), rows, (1, 3))


def reference_aid() -> Sheet:
    return Sheet(
        Kind.AID, f"{G}-reference", "Reference aid", GAME.title, "All scenarios",
        "any number of players",
        (_entry("round", link=calculator_link("next-round")),
         _entry("player-turn"),
         _entry("action-fight", link=calculator_link("fight")),
         _entry("action-recruit", link=calculator_link("recruit")),
         _entry("trigger-events", _events_table(), link=calculator_link("trigger-events")),
         _entry("overlooked-rules")),
        link=Link(links.rules_index(G), _api("/rules"), "All rules, searchable"))


def missions_aid() -> Sheet:
    rows = tuple((c.title, c.allegiance.value.capitalize(), str(c.copies), c.mission)
                 for c in CARDS.values())
    marks = tuple(c.copies_provenance for c in CARDS.values())
    return Sheet(
        Kind.AID, f"{G}-missions", "Identities and Missions", GAME.title, "All scenarios",
        "any number of players",
        (Section("The ten Identities", (Table(("Identity", "Side", "Copies", "Mission"), rows,
                                              (1.2, 0.8, 0.6, 4), marks),
                                        Para(GAME.rules.get("identity-card").readings[0].text,
                                             ParaStyle.NOTE, Provenance.UNKNOWN)),
                 link=rule_link("identity-card")),
         _entry("end-game-order", link=Link(links.score(G), _api("/rules/end-game-order"),
                                            "End-game judge")),
         _entry("first-game")),
        link=Link(links.rules_index(G), _api("/rules"), "All rules, searchable"))


def turn_card() -> Sheet:
    """The round on a poker-size card, one per player (assistant.sheets.cards)."""
    return cards.turn_card(GAME, "round")


def aid_sheet(slug: str) -> Sheet:
    return {"reference": reference_aid, "missions": missions_aid}[slug]()


def score_sheet(mode: str) -> Sheet:
    s = Scenario(mode)
    def words(option: str) -> str:  # option names are identifiers: print them as words
        return option.replace("-", " ").replace("_", " ")

    settings = tuple(Fact(words(k).capitalize(),
                          f"{words(v[0])} (default; or {', '.join(map(words, v[1:]))})",
                          Provenance.UNKNOWN)
                     for k, v in SETTING_OPTIONS.items())
    header = ("Player", "Identity", "Jail", "Defeated Heroes", "Team Influence",
              "Undamaged Heroes", "Won?")
    return Sheet(
        Kind.SCORE, f"{G}-score-{mode}", "End-game evaluation", GAME.title, TITLES[s],
        "up to 5 players",
        (Section("Players at the reveal", (Table(header, widths=(1.4, 1.4, 0.7, 1, 1, 1, 0.7),
                                                 blank_rows=5, row_height=10),),
                 link=Link(links.score(G, mode), _api("/rules/end-game-order"),
                           "End-game judge", GAME.scoring.summary if GAME.scoring else "")),
         _entry("end-game-order"),
         Section("Thresholds", (Facts((
             Fact("Guardians", f"Good jails together: {ids.GUARDIAN_PER_GOOD} per Good player"),
             Fact("Investigator", f"own jail {ids.INVESTIGATOR_JAIL}+, Evil players' "
                                  "defeated Heroes added"),
             Fact("Mastermind", f"own jail {ids.MASTERMIND_JAIL}+; then every Good player "
                                "loses"),
             Fact("Neutrals (not the Time Traveler)", f"{ids.NEUTRAL_JAIL}+ jailed each, plus "
                                                       "their own condition",
                  Provenance.DERIVED),
             Fact("Time Traveler", f"{ids.TIME_TRAVELER_MARGIN} more jailed than some other "
                                   "winner"))),),
                 link=rule_link("identity-guardian")),
         Section("Your table's settings", (Facts(settings),), link=rule_link("judge-settings"),
                 provenance=Provenance.UNKNOWN)),
        link=Link(links.score(G, mode), _api("/rules/end-game-order"), "End-game judge"))


def setup_variants() -> list[dict[str, Any]]:
    return [{"mode": m.slug, "players": n} for m in MODES
            for n in range(m.min_players, m.max_players + 1)]


def batch() -> list[Sheet]:
    return ([setup_sheet(**v) for v in setup_variants()]
            + [aid_sheet(a.slug) for a in CATALOGUE.aids]
            + [score_sheet(m) for m in CATALOGUE.score_modes])
