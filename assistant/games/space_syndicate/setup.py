"""Syndicate setup for a mode and player count: the board checklist, what the player count
changes (alert maximum, cards dealt, Operation deck size), the Sovereign deck built with its
star card 5th-7th, the player-mat checklist, the Phantom's seat and bases, and a seeded deal.

Rulebook: Part II: Setup (syndicate.txt:305-359); Sovereign Blockade (syndicate.txt:629);
2-Player Game Variation (syndicate.txt:667-691).
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, OneOf, Text

from .book import says
from .checks import choice, flag, players
from .modes import MODE_OPTIONS, PlayMode
from .odds import show
from .tables import (
    ACTION_DICE_EACH,
    ALERT_START,
    BASE_CARDS,
    BONUS_CHIPS,
    CHIPS_PLACED,
    OPERATION_CARDS,
    OPERATION_CARDS_EACH,
    PHANTOM_BASES,
    PHANTOM_PLAYERS,
    ROUND_START,
    SOVEREIGN_CARDS,
    SOVEREIGN_DECK,
    STAR_BOTTOM,
    STAR_FIRST,
    STAR_LAST,
    STAR_SHUFFLED_WITH,
    STAR_TOP,
    SYNDICATE_CARDS,
    SYNDICATE_CARDS_EACH,
    Zone,
    alert_max,
)

DERIVED = Provenance.DERIVED
UNKNOWN = Provenance.UNKNOWN
D12 = 12
TIE_NOTE = "The book does not cover a tied highest roll; the tied players roll again here."

MAT_CHECKLIST = (
    "Take the mat of the syndicate you kept.",
    "Read its starting bonus (a starting base earns no bonus chip).",
    "Put your starting credits, influence and crew (printed on the mat) in their boxes.",
    "Marker on your starting tech level (leftmost highlighted number).",
    "Markers in each starting assault level box (0, 1 or 2) and its ARMED reinforcement box.",
    "Both action dice in the ARMED boxes.",
)


def _names(raw: Any, field: str, count: int | None = None) -> tuple[str, ...]:
    if not raw:
        return ()
    names = tuple(n.strip() for n in str(raw).split(",") if n.strip())
    if len({n.casefold() for n in names}) != len(names):
        raise InvalidInput(field, "A name appears twice.", "different names")
    if count is not None and len(names) != count:
        raise InvalidInput(field, f"Give all {count} names, comma-separated (you gave "
                           f"{len(names)}).", f"{count} names")
    return names


def first_player_rolls(rng: random.Random, seats: Sequence[str]) -> tuple[list[dict[str, Any]],
                                                                          str]:
    """Everyone rolls the d12; tied highest rolls roll again (default, see TIE_NOTE)."""
    rolls: list[dict[str, Any]] = []
    contenders = list(seats)
    while True:
        this = {s: rng.randint(1, D12) for s in contenders}
        rolls.append(this)
        top = max(this.values())
        contenders = [s for s in contenders if this[s] == top]
        if len(contenders) == 1:
            return rolls, contenders[0]


def setup(data: Mapping[str, Any]) -> Explained:
    mode = PlayMode(choice(data, "mode", MODE_OPTIONS, PlayMode.STANDARD.value))
    count = players(data)
    if mode is PlayMode.PHANTOM and count != PHANTOM_PLAYERS:
        raise InvalidInput("players", "The Phantom variation is for two real players.",
                           f"{PHANTOM_PLAYERS} players")
    advanced, extended = flag(data, "advanced"), flag(data, "extended_turn")
    seats = _names(data.get("names"), "names", count) or tuple(
        f"Player {i + 1}" for i in range(count))
    maximum = alert_max(count)
    dealt_ops = OPERATION_CARDS_EACH * count
    dealt_synd = SYNDICATE_CARDS_EACH * count
    placed = sum(CHIPS_PLACED.values())
    star = {pos: Fraction(1, STAR_LAST - STAR_FIRST + 1)
            for pos in range(STAR_FIRST, STAR_LAST + 1)}
    steps = [
        Step(f"Board out; round marker on {ROUND_START}.", ROUND_START, "setup-board"),
        Step(f"Alert track beside the board, marker on {ALERT_START}, the Sovereign Destroyer at "
             f"its far end. With {count} players the alert maximum is {maximum}.", maximum,
             "setup-by-count"),
        Step(f"Bonus chips face down by zone: {CHIPS_PLACED[Zone.EXO]} EXO, "
             f"{CHIPS_PLACED[Zone.MIDDLE]} MIDDLE, {CHIPS_PLACED[Zone.INNER]} INNER; "
             f"{BONUS_CHIPS - placed} back in the box.", placed, "setup-bonus-chips"),
        Step(f"Sovereign deck: star card out, shuffle the other {SOVEREIGN_CARDS - 1}; shuffle "
             f"{STAR_SHUFFLED_WITH} with the star, {STAR_TOP} on top, {STAR_BOTTOM} underneath: "
             f"{SOVEREIGN_DECK} cards, star {STAR_FIRST}th to {STAR_LAST}th; "
             f"{SOVEREIGN_CARDS - SOVEREIGN_DECK} back unseen.", SOVEREIGN_DECK,
             "setup-sovereign-deck"),
        says("setup-operation-cards", "draw-deck", f"Operation cards: {OPERATION_CARDS_EACH} "
             f"each ({dealt_ops} dealt); the draw deck holds {OPERATION_CARDS - dealt_ops}.",
             OPERATION_CARDS - dealt_ops),
        Step("Advanced Tech and Base card decks on their spaces; consequence dice, crackdown "
             "die, Base tiles and resources within reach.", None, "setup-board"),
        Step(f"Syndicates: {SYNDICATE_CARDS_EACH} Syndicate cards each ({dealt_synd} of "
             f"{SYNDICATE_CARDS}); keep one, take its mat, pick a marker colour.", dealt_synd,
             "setup-syndicates"),
        Step("Optional: name an Archivist to run the bank and Phases 2 and 3.", None,
             "archivist"),
        Step("Everyone rolls the d12; highest takes the First Player tile.", D12,
             "setup-first-player"),
        *(Step(f"Mat {i + 1}: {text}", None, "setup-player-mat")
          for i, text in enumerate(MAT_CHECKLIST)),
    ]
    result: dict[str, Any] = {
        "mode": mode.value, "players": count, "advanced": advanced, "extended_turn": extended,
        "alert_start": ALERT_START, "alert_max": maximum, "round_start": ROUND_START,
        "operation_cards": {"each": OPERATION_CARDS_EACH, "dealt": dealt_ops,
                            "deck": OPERATION_CARDS - dealt_ops},
        "syndicate_cards": {"each": SYNDICATE_CARDS_EACH, "dealt": dealt_synd,
                            "returned": SYNDICATE_CARDS - dealt_synd},
        "bonus_chips": {**{z.value: n for z, n in CHIPS_PLACED.items()},
                        "returned": BONUS_CHIPS - placed},
        "sovereign_deck": {"size": SOVEREIGN_DECK,
                           "star_position": [{"position": p, **show(q)} for p, q in star.items()],
                           "last_round": [{"round": p + 1, **show(q)} for p, q in star.items()],
                           "returned": SOVEREIGN_CARDS - SOVEREIGN_DECK},
        "action_dice_each": ACTION_DICE_EACH,
        "player_mat": list(MAT_CHECKLIST),
        "seats": list(seats),
    }
    if advanced:
        steps.append(Step("Advanced rules on: the Destroyer enters play when a mission fails "
                          "at maximum alert.", maximum, "advanced-rules"))
    if extended:
        steps.append(Step("Extended Turn on: 1 or 2 actions per turn until everyone passes "
                          "without acting.", None, "extended-turn"))
    seed = seed_of(data)
    rng = random.Random(seed) if seed is not None else None
    first = first_player_rolls(rng, seats) if rng is not None else None
    if mode is PlayMode.PHANTOM:
        # The Phantom sits counter-clockwise of the starting real player (syndicate.txt:675),
        # who is known only once the d12 has been rolled.
        starter = first[1] if first is not None else "the first player"
        steps.append(Step(f"Phantom: a colour, and the seat counter-clockwise of {starter} "
                          "(it acts third in round 1, second in round 2, first in round 3).",
                          3, "phantom-variant"))
        steps.append(Step(f"Phantom: shuffle the Base cards and draw {PHANTOM_BASES}: its "
                          "starting bases, unfortified. No mat, no resources.", PHANTOM_BASES,
                          "phantom-variant"))
        result["phantom"] = {"seat": f"counter-clockwise of {starter}",
                             "starting_bases": PHANTOM_BASES}
    if rng is not None and first is not None and seed is not None:
        result["deal"] = _deal(data, seed, rng, first, seats, mode, steps)
    summary = (f"{count} players ({mode.value}): alert maximum {maximum}, "
               f"{OPERATION_CARDS_EACH} Operation cards each (deck {OPERATION_CARDS - dealt_ops}), "
               f"{SYNDICATE_CARDS_EACH} Syndicate cards each, 8-card Sovereign deck.")
    return Explained(result, tuple(steps), summary)


def seed_of(data: Mapping[str, Any]) -> int | str | None:
    """The table's seed: any word (None: no deal). A whole number is used as a number, so a
    seed typed in a form and the same number sent as JSON give the same deal."""
    raw = data.get("seed")
    if raw is None or isinstance(raw, bool):
        return None
    word = str(raw).strip()
    if not word:
        return None
    return int(word) if word.isdecimal() else word


def _deal(data: Mapping[str, Any], seed: int | str, rng: random.Random,
          rolled: tuple[list[dict[str, Any]], str], seats: tuple[str, ...], mode: PlayMode,
          steps: list[Step]) -> dict[str, Any]:
    rolls, first = rolled
    text = (f"Deal (seed {seed}): d12 rolls " + " / ".join(
        ", ".join(f"{s} {v}" for s, v in r.items()) for r in rolls) + f": {first} goes first.")
    steps.append(says("setup-first-player", "tied-roll", text, first) if len(rolls) > 1
                 else Step(text, first, "setup-first-player"))
    start = seats.index(first)
    order = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    deal: dict[str, Any] = {"seed": seed, "rolls": rolls, "first_player": first,
                            "order_round_1": order}
    syndicates = _names(data.get("syndicates"), "syndicates", SYNDICATE_CARDS)
    if syndicates:
        cards = list(syndicates)
        rng.shuffle(cards)
        hands = {s: cards[i * SYNDICATE_CARDS_EACH:(i + 1) * SYNDICATE_CARDS_EACH]
                 for i, s in enumerate(order)}
        deal["syndicate_cards"] = hands
        steps.append(Step("Syndicate cards: " + "; ".join(
            f"{s}: {' or '.join(h)}" for s, h in hands.items()) + ".",
            SYNDICATE_CARDS_EACH, "setup-syndicates"))
    if mode is PlayMode.PHANTOM:
        bases = _names(data.get("base_names"), "base_names", BASE_CARDS)
        if bases:
            drawn = rng.sample(list(bases), PHANTOM_BASES)
            deal["phantom_bases"] = drawn
            steps.append(Step(f"Phantom's starting bases: {', '.join(drawn)}.", PHANTOM_BASES,
                              "phantom-variant"))
        deal["order_round_1"] = [*order, "Phantom"]
    return deal


FORM = (
    OneOf("mode", "How you play", MODE_OPTIONS, PlayMode.STANDARD.value),
    Integer("players", "Real players", 1, 5, required=True),
    Flag("advanced", "Advanced rules (Sovereign Blockade with the Destroyer)"),
    Flag("extended_turn", "Extended Turn alternative"),
    Text("seed", "Any word for a reproducible deal (optional): the same word gives the same "
         "deal", 80),
    Text("names", "Player names, comma-separated (optional)", 200),
    Text("syndicates", "The 10 syndicates' names, comma-separated, to deal the cards", 400),
    Text("base_names", "The 18 Base cards' names, comma-separated (Phantom's deal)", 600),
)

SETUP = Operation(
    slug="setup",
    title="Setup",
    summary="Everything to lay out for your player count, the Sovereign deck with its star "
            "card, the player mats, the Phantom, and a seeded deal.",
    form=FORM,
    run=setup,
    example={"mode": "standard", "players": 4, "seed": 7},
    rules=("setup-board", "setup-bonus-chips", "setup-sovereign-deck", "setup-operation-cards",
           "setup-syndicates", "setup-first-player", "setup-player-mat", "setup-by-count",
           "phantom-variant", "advanced-rules", "extended-turn", "archivist"),
)
