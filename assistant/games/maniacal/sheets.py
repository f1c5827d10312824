"""Maniacal printables: a setup sheet per player count, four reference aids and a score sheet.

Every number comes from the game's own modules (setup, calculators, scoring, the rules
reference); only headings and column labels are written here. Values the rulebook does not
print are printed as blanks to fill in from the box, marked [?].
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant import links
from assistant.errors import InvalidInput
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

from .facts import MAP_SPACES, MAX_PLAYERS, MIN_PLAYERS, ROUND_ONE_WEEKS, mark, number
from .modes import COLOURS, MODE_OPTIONS, STANDARD, TRAITS
from .scoring import CRITERIA
from .setup import SETUP

GAME = find_game("maniacal")
G = GAME.slug
RULEBOOK, DERIVED, UNKNOWN, HOUSE = (Provenance.RULEBOOK, Provenance.DERIVED,
                                     Provenance.UNKNOWN, Provenance.HOUSE)
BLANK = "______"

CATALOGUE = Catalogue(
    setup=Spec("setup", "Setup sheet", "Money by seat, the draft, the starting contracts, "
               "the checklist, and blanks for the values your board prints.", Kind.SETUP,
               ("mode", "players", "bodyguards", "seed")),
    score=Spec("score", "Score sheet", "Round-3 salaries, the money bonus, total Infamy and "
               "the tie-breaks.", Kind.SCORE, ("mode",)),
    score_modes=MODE_OPTIONS,
    aids=(
        Spec("round", "Round and Time track", "The four phases, recruitment, and who acts on "
             "the Time track.", Kind.AID),
        Spec("contracts", "Contracts and dice", "Attempting a contract, the dice pool, "
             "counting successes, results.", Kind.AID),
        Spec("schemes-rooms", "Schemes, rooms and locations", "Both sides of the Schemes, "
             "Action and Contract rooms, Special Locations, Powers and Lackeys.", Kind.AID),
        Spec("end", "Clean-up and end of game", "Salaries, firing, reseeding, the money "
             "bonus and the winner.", Kind.AID),
    ))

AIDS = {
    "round": ("Round and Time track", (
        ("round-structure", None), ("room-draft", "base-building"), ("build-room", None),
        ("recruitment", "recruitment"), ("recruitment-ties", None),
        ("time-track", "time-track"), ("actions-and-time", None), ("passing", None),
        ("next-player-order", None))),
    "contracts": ("Contracts and dice", (
        ("contract-attempt", "contract-attempt"), ("contract-time-cost", None),
        ("contract-target", "contract-outcome"), ("dice-pool", "dice-pool"),
        ("counting-successes", "count-successes"), ("die-faces", "success-odds"),
        ("rerolls", None), ("contract-results", None), ("special-effects", None),
        ("contract-replacement", None))),
    "schemes-rooms": ("Schemes, rooms and locations", (
        ("negative-schemes", "scheme-offer"), ("positive-schemes", None),
        ("action-rooms", "action-room"), ("contract-rooms", "contract-room"),
        ("special-locations", "special-location"), ("hoodlum-hospital", None),
        ("mercenaries", None), ("powers", None), ("lackeys", None))),
    "end": ("Clean-up and end of game", (
        ("clean-up", "clean-up"), ("salaries", None), ("firing", None), ("refresh", None),
        ("contract-key", None), ("end-of-game", "score"), ("money-bonus", None),
        ("winner-and-ties", None))),
}



# ---------------------------------------------------------------- links and blocks

KIT = SheetKit(GAME)
_api, rule_link = KIT.api, KIT.rule_link


def tool_link(slug: str) -> Link:
    if slug == "score":
        return Link(links.score(G, STANDARD.slug), _api("/rules/end-of-game"),
                    "Scoring calculator")
    op = GAME.calculator(slug)
    return Link(links.calculator(G, slug), _api(f"/calculators/{slug}"),
                f"Calculator: {op.title}", op.summary)


def entry_section(entry_id: str, tool: str | None = None, *extra: Block) -> Section:
    entry = GAME.rules.get(entry_id)
    link = tool_link(tool) if tool else rule_link(entry_id)
    return Section(entry.title, (*KIT.entry_blocks(entry, readings=True), *extra), link,
                   entry.provenance, entry.section)


def _mode(mode: str) -> str:
    if mode not in MODE_OPTIONS:
        raise InvalidInput("mode", f"Maniacal has no mode {mode!r}.", ", ".join(MODE_OPTIONS))
    return mode


# ---------------------------------------------------------------- setup sheet

def table_values(players: int) -> Section:
    """The values the rulebook does not print: blanks to copy from the board."""
    places = ", ".join(f"{k}: {BLANK}" for k in range(1, players + 1))
    rows = (
        ("Time track, round 1 start", str(ROUND_ONE_WEEKS)),
        ("Time track, round 2 start", BLANK),
        ("Time track, round 3 start", BLANK),
        ("Contract Key, round 2", ", ".join(
            f"{number('contract-key', f'round-2-{d}')} {d.capitalize()}"
            for d in ("easy", "hard", "legendary"))),
        ("Contract Key, round 3", f"{BLANK} Easy, {BLANK} Hard, {BLANK} Legendary"),
        ("Money bonus (Infamy) by place", places),
        ("Attraction tracks' start space", BLANK),
    )
    later = mark("time-track", "later-starts")[0]
    marks = (RULEBOOK, later, later, mark("contract-key", "row-2")[0],
             GAME.rules.get("contract-key").number("round-3").provenance,
             GAME.rules.get("money-bonus").number("values").provenance, UNKNOWN)
    return Section("Copy from your board once", (
        Table(("Value", "Yours"), rows, (2.2, 2.8), marks),
        Para("The rulebook text does not print these; the companion asks for them once per "
             "game and never guesses.", ParaStyle.NOTE, UNKNOWN)),
        rule_link("contract-key"), UNKNOWN, "Deciding Who Goes First (maniacal.txt:171); "
        "Clean-up (maniacal.txt:325); End of the Game (maniacal.txt:329)")


def pull_rows(players: int, r: Mapping[str, Any]) -> list[Pull]:
    """What to take out of the box, from the setup answer `r` (and the component list for
    the decks a player draws from all game)."""
    per, merc, c, h = r["per_player"], r["mercenaries"], r["contracts"], r["henchmen"]
    money = sum(seat["money"] for seat in r["seats"])
    money_mark = _money_mark(r)
    never = r["room_cards"]["never_dealt"]
    return [
        Pull("Gameboard, white Round marker, Injury tokens", ALL, "Round marker on 1"),
        Pull("Supervillain cards", str(players), "one each"),
        Pull("Wooden colour sets", str(players), "one colour each"),
        Pull("Secret Base Room cards", str(r["room_cards"]["deck"]),
             f"{r['room_cards']['per_player']} a player each round"
             + (f"; {never} never dealt" if never else "")),
        Pull("Contract decks (Easy, Hard, Legendary)", ALL,
             f"{c['easy']} Easy + {c['hard']} Hard face up, one per continent"),
        Pull("Henchman decks", str(h["decks"]), f"{h['face_up']} face up, one per deck"),
        Pull("Mercenary cards", str(merc["deck"]),
             f"{merc['bodyguards']} dealt as Bodyguards" if merc["bodyguards"] else "the deck"),
        Pull("Lackey cards", str(per["lackeys"] * players), f"{per['lackeys']} each"),
        Pull("Scheme cards", ALL, f"{per['schemes']} each to start"),
        Pull("Money tokens", ALL, f"${money} handed out at the start", money_mark),
        Pull("Trait dice", ALL, ""),
    ]


def _money_mark(r: Mapping[str, Any]) -> Provenance:
    """The money's mark: the setup answer's own, per seat (seats 4-5 are a reading)."""
    marks = {Provenance(seat["money_provenance"]) for seat in r["seats"]} - {RULEBOOK}
    return marks.pop() if marks else RULEBOOK


def setup_sheet(mode: str = "standard", players: int = 0, bodyguards: bool = False,
                seed: str | None = None, **_: Any) -> Sheet:
    mode = _mode(mode or "standard")
    request: dict[str, Any] = {"mode": mode, "players": players, "bodyguards": bool(bodyguards)}
    if seed:
        request["seed"] = seed
    answer = SETUP.run(request)
    r = answer.result
    money = ", ".join(f"${s['money']}" for s in r["seats"])
    draft = "; ".join(f"round {d['round']} {d['direction']}" for d in r["draft"])
    c = r["contracts"]
    facts = Facts((
        Fact("Players", f"{players}", GAME.rules.get("player-count").provenance),
        Fact("Money by seat, 1st player first", money, _money_mark(r)),
        Fact("Room cards per player per round", str(r["room_cards"]["per_player"])),
        Fact("Hand at each pick", ", ".join(map(str, r["draft"][0]["hands"]))
             + f" (then discard {r['draft'][0]['discard']})"),
        Fact("Passing", draft, mark("room-draft", "turn-means-round")[0]),
        Fact("Starting contracts", f"{c['easy']} Easy + {c['hard']} Hard, one per continent "
             f"({MAP_SPACES})"),
        Fact("Face-up henchmen", f"{r['henchmen']['face_up']} (one per deck)"),
        Fact("Recruited per type per round", f"at most {r['henchmen']['per_type_per_round']}"),
        Fact("Each player starts with", f"{r['per_player']['lackeys']} Lackey, "
             f"{r['per_player']['schemes']} Scheme, {r['per_player']['infamy']} Infamy"
             + (", 1 Bodyguard" if bodyguards else "")),
        Fact("Mercenaries in the deck", str(r["mercenaries"]["left_in_deck"])),
    ))
    checks = tuple(Check(i["title"], i["text"], Provenance(i["provenance"]))
                   for i in r["checklist"])
    page = links.setup(G, mode=mode, players=players, bodyguards=bodyguards or None,
                       seed=seed or None)
    query = page.partition("?")[2]
    sections = [
        Section("Your table", (facts,), None, RULEBOOK, "Setup (maniacal.txt:65-83)"),
        pull_section(pull_rows(players, r), source=GAME.rules.get("components").section),
        Section("Checklist", (Checklist(checks),), rule_link("setup-checklist"), RULEBOOK,
                "Setup (maniacal.txt:65-83)"),
        table_values(players),
    ]
    if r.get("deal"):
        d = r["deal"]
        sections.append(Section(f"Random deal (seed {d['seed']})", (
            Para(f"First player: {d['first_player']}; then clockwise."),
            Para("Contracts: " + ", ".join(f"{k} {v}" for k, v in d["contracts"].items())
                 + ".", ParaStyle.BODY, Provenance(d["continents_provenance"])),
            *(Para(f"Your call: {x}", ParaStyle.NOTE) for x in d["players_choose"])),
            Link(page + "#deal", _api("/setup") + f"?{query}", "This deal on your phone"),
            Provenance(d["continents_provenance"]), d["continents_note"]))
    if bodyguards:
        sections.append(entry_section("bodyguard-option"))
    sections.append(entry_section("player-count"))
    slug = f"{G}-setup-{players}p" + ("-bodyguards" if bodyguards else "") + (
        f"-{seed}" if seed else "")
    return Sheet(Kind.SETUP, slug, "Setup", GAME.title, STANDARD.title, f"{players} players",
                 tuple(sections), Link(page, _api("/setup") + f"?{query}", "This whole setup"),
                 subtitle="Player count 2-5 worked out from the components [d]")


# ---------------------------------------------------------------- aids

def _dice_table() -> Table:
    """Blank rows for the die faces: the book lost the table, even the number of faces."""
    rows = tuple((f"{t.value.capitalize()} ({COLOURS[t]})", "") for t in TRAITS)
    return Table(("Die", "Faces: the number on each, icon faces marked"), rows, (1.6, 4.4),
                 tuple(UNKNOWN for _ in rows))


def turn_card() -> Sheet:
    """The round on a poker-size card, one per player (assistant.sheets.cards)."""
    return cards.turn_card(GAME, "round-structure")


def aid_sheet(slug: str) -> Sheet:
    if slug not in AIDS:
        CATALOGUE.aid(slug)  # NotFound with suggestions
    title, parts = AIDS[slug]
    sections = []
    for entry_id, tool in parts:
        extra: tuple[Block, ...] = ()
        if entry_id == "die-faces":
            extra = (_dice_table(), Para("Write each face's number and mark icon faces; "
                                         "count a recommended-trait icon double.",
                                         ParaStyle.NOTE, UNKNOWN))
        if entry_id == "contract-target":
            extra = (Table(("Difficulty", "Target"), tuple(
                (d.capitalize(), f"{number('contract-target', f'{d}-min')}-"
                                 f"{number('contract-target', f'{d}-max')}")
                for d in ("easy", "hard", "legendary")), (2, 1)),)
        sections.append(entry_section(entry_id, tool, *extra))
    return Sheet(Kind.AID, f"{G}-{slug}", title, GAME.title, STANDARD.title,
                 f"{MIN_PLAYERS}-{MAX_PLAYERS} players", tuple(sections),
                 Link(links.rules_index(G), _api("/rules"), "All rules, searchable"))


# ---------------------------------------------------------------- score sheet

def score_sheet(mode: str) -> Sheet:
    _mode(mode)
    header = ("Supervillain", "Infamy", "Money after salaries", "Money place",
              "Bonus (your board)", "Total Infamy", "Henchmen", "Rank")
    chain = " > ".join(c.label for c in CRITERIA)
    sections = (
        Section("Round 3 Clean-up first", (Checklist((
            Check("Salaries", f"${number('salaries', 'per-henchman')} per henchman, "
                  "Mercenaries first; unpaid henchmen leave."),
            Check("Mercenaries", "Paid ones go back to the Mercenary deck (they do not count "
                  "below)."),
            Check("Firing", f"Each player may fire {number('firing', 'most')} henchman."))),),
            tool_link("clean-up"), RULEBOOK, "Clean-up (maniacal.txt:318-322)"),
        Section("Final score", (
            Table(header, (), (2.2, 1, 1.3, 1, 1.3, 1.2, 1.1, 0.8), blank_rows=MAX_PLAYERS,
                  row_height=11),
            Para("Money bonus per place (from your board): " + ", ".join(
                f"{k}: {BLANK}" for k in range(1, MAX_PLAYERS + 1)), ParaStyle.BODY, UNKNOWN),
            Para("Tied on money: each gets the full bonus of the shared place.",
                 ParaStyle.NOTE),
            Para(f"Order: {chain}; still tied: a shared win.", ParaStyle.NOTE)),
            tool_link("score"), RULEBOOK, "End of the Game (maniacal.txt:328-331)"),
        _ending(),
    )
    return Sheet(Kind.SCORE, f"{G}-score-{mode}", "Score sheet", GAME.title, STANDARD.title,
                 f"{MIN_PLAYERS}-{MAX_PLAYERS} players", sections,
                 Link(links.score(G, mode), _api("/rules/end-of-game"), "Scoring calculator"),
                 columns=1)


def _ending() -> Section:
    """The money bonus and the winner's chain as one section with one code: two sections
    with a code each spilled the one-page score sheet onto a near-empty second page."""
    money, winner = (GAME.rules.get(e) for e in ("money-bonus", "winner-and-ties"))
    return Section(f"{money.title}, {winner.title.lower()}",
                   (*KIT.entry_blocks(money, readings=True),
                    *KIT.entry_blocks(winner, readings=True)),
                   rule_link(winner.id), RULEBOOK, f"{money.section}; {winner.section}")


# ---------------------------------------------------------------- batch

def setup_variants() -> Sequence[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"mode": STANDARD.slug, "players": n}
                                 for n in range(STANDARD.min_players, STANDARD.max_players + 1)]
    out.append({"mode": STANDARD.slug, "players": STANDARD.max_players, "bodyguards": True})
    return out


def batch() -> list[Sheet]:
    return ([setup_sheet(**v) for v in setup_variants()]
            + [aid_sheet(a.slug) for a in CATALOGUE.aids]
            + [score_sheet(m) for m in CATALOGUE.score_modes])

