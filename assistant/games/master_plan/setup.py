"""Setup and the round checklist for a player count.

Setup (all-part-of-the-master-plan.txt:17-22) is done once; the round checklist (Recruit to
Regroup, phases renumbered) repeats three times. The hand size and set-aside count need the
Super deck size, which the rulebook never prints: the table enters it once (left out, the
answer says so and gives the formula instead of a made-up number).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Form, Integer, OneOf, Text

from .book import MARK_SETS_PER_PLAYER, PLANS_PER_PLAYER, ROUNDS, THROWDOWNS, says
from .common import text_field
from .modes import MODE_OPTIONS, STANDARD, check_mode, check_players
from .settings import SETTINGS

DERIVED = Provenance.DERIVED
UNKNOWN = Provenance.UNKNOWN


@dataclass(frozen=True)
class Deal:
    """The Recruit deal for a deck size and player count."""

    deck: int
    players: int

    @property
    def hand(self) -> int:
        return self.deck // self.players

    @property
    def aside(self) -> int:
        return self.deck % self.players


def deal(deck: int, players: int) -> Deal:
    if deck < players:
        raise InvalidInput("super_deck_size", f"A deck of {deck} Supers cannot give each of "
                           f"{players} players a card.", f"at least {players}")
    return Deal(deck, players)


def throwdowns(players: int) -> int:
    return THROWDOWNS[check_players(players)]


def plan(players: int, deck: int | None, loser_lad: str = "") -> Explained:
    check_players(players)
    t = THROWDOWNS[players]
    d = deal(deck, players) if deck is not None else None
    steps: list[Step] = [
        Step("Shuffle the Throwdown deck and the Super deck; put them by the Loot Bag.", None,
             "setup-decks"),
        Step(f"Each player takes {MARK_SETS_PER_PLAYER} set of Mastermind Marks in their own "
             f"colour: {players * MARK_SETS_PER_PLAYER} sets in play.",
             players * MARK_SETS_PER_PLAYER, "setup-marks"),
        Step(f"Deal {PLANS_PER_PLAYER} Master Plan to each player, requirements hidden and the "
             f"Loot rarity side showing ({players * PLANS_PER_PLAYER} dealt); box the rest "
             "unseen. Each player enters their requirements on their own phone only.",
             players * PLANS_PER_PLAYER, "setup-master-plans"),
        Step(f"Loser Lad starts with "
             f"{loser_lad or 'the player who most recently lost at something'}.",
             loser_lad or None, "setup-loser-lad"),
    ]
    checklist: list[dict[str, Any]] = []

    def add(phase: str, text: str, rule: str, value: int | str | None = None,
            reading: str | None = "") -> None:
        """A checklist line and its step; `reading` names the rule's reading it applies (None:
        the entry's own mark), "" a printed rule."""
        step = (Step(f"Each round, {phase}: {text}", value, rule) if reading == ""
                else says(rule, reading, f"Each round, {phase}: {text}", value))
        checklist.append({"phase": phase, "text": text, "rule": rule, "value": value,
                          "provenance": step.provenance.value, "note": step.note})
        steps.append(step)

    if d is None:
        add("1 Recruit", "deal the whole Super deck evenly; hand = deck size ÷ players "
            "(rounded down), the remainder is set aside. Enter the deck size to get the numbers.",
            "recruit", None, "deck-size")
    else:
        add("1 Recruit", f"deal {d.deck} Supers: {d.hand} to each player, {d.aside} set aside "
            "(with KO piles kept all game, deal the Supers left instead: fewer each round).",
            "recruit", d.hand, "even-deal")
    add("2 Assemble", f"turn {t} Throwdowns face up and load each with the Loot its card shows.",
        "assemble", t)
    plays = f"{d.hand} each, {d.hand * players} in all" if d else "each player's whole hand"
    add("2 Assemble", f"deploy: the Loser Lad holder first, then clockwise, one Super face down "
        f"per turn until the hands are empty ({plays}); one Squad per player per Throwdown, "
        "never Heroes with Villains, a Mark on each new Squad.", "deployment-end",
        d.hand if d else None, None)
    steps.append(says("throwdown-deck", "used-once", f"Throwdowns in a game: {t} a round × "
                      f"{ROUNDS} rounds = {t * ROUNDS} cards, none used twice.", t * ROUNDS))
    add("3 Battle", f"{t} times, the holder picks a Throwdown; reveal it, check alliances, fight "
        "in ascending Action Number until all have acted or one side is gone.", "battle-order", t)
    add("4 Loot", "survivors claim one Loot each in descending Action Number; each claimer "
        "checks their own plan after each claim (instant win); leftovers to the bag, "
        "discard the Supers.", "loot-claims")
    earlier = " and ".join(str(n) for n in range(1, ROUNDS))
    add("5 Regroup", f"after round {ROUNDS}: final scoring. After rounds {earlier}: "
        "Loser Lad to the fewest KOs (holder breaks ties), every Super back in the deck, "
        "shuffle.", "phase-numbering", ROUNDS, "phase-6")
    for setting in SETTINGS:
        steps.append(says(setting.rule, None, f"Agree the table setting {setting.label} "
                          f"(default {setting.default}; options {', '.join(setting.options)}).",
                          setting.default))
    result: dict[str, Any] = {
        "mode": STANDARD.slug, "players": players, "rounds": ROUNDS,
        "throwdowns_per_round": t, "throwdowns_in_game": t * ROUNDS,
        "master_plans_dealt": players * PLANS_PER_PLAYER,
        "mark_sets": players * MARK_SETS_PER_PLAYER,
        "marks_needed_per_player": t,
        "super_deck_size": deck,
        "hand_size": d.hand if d else None, "set_aside": d.aside if d else None,
        "deployments_per_round": d.hand * players if d else None,
        "loser_lad": loser_lad or None,
        "settings": {s.name: {"default": s.default, "options": list(s.options), "rule": s.rule}
                     for s in SETTINGS},
        "round_checklist": checklist,
    }
    deal_words = f"{d.hand} Supers each, {d.aside} aside" if d else "hand = deck ÷ players"
    summary = (f"Master Plan, {players} players: {t} Throwdowns a round for {ROUNDS} rounds; "
               f"{deal_words}; {players} Master Plans and {players} Mark sets dealt.")
    return Explained(result, tuple(steps), summary)


def run(data: Mapping[str, Any]) -> Explained:
    check_mode(data.get("mode", STANDARD.slug))
    deck = data.get("super_deck_size")
    return plan(int(data["players"]), None if deck is None else int(deck),
                text_field(data, "loser_lad"))


FORM: Form = (
    OneOf("mode", "The one way to play.", MODE_OPTIONS, default=STANDARD.slug),
    Integer("players", f"People at the table ({STANDARD.min_players}-{STANDARD.max_players}).",
            required=True),
    Integer("super_deck_size", "Optional: how many Super cards are in the deck (count them "
            "once; the rulebook does not print it).", minimum=1, maximum=500),
    Text("loser_lad", "Optional: who starts with Loser Lad (the most recent loser).",
         max_length=40),
)

SETUP = Operation(
    slug="setup",
    title="Setup and round checklist",
    summary="What to deal for 4 to 6 players, Throwdowns per round, the hand size from your "
            "deck size, and the five phases of a round in the corrected order.",
    form=FORM,
    run=run,
    example={"mode": "standard", "players": 5, "super_deck_size": 42},
    rules=("setup-decks", "setup-marks", "setup-master-plans", "setup-loser-lad", "recruit",
           "assemble", "deployment", "deployment-end", "battle-order", "loot-claims", "regroup",
           "phase-numbering", "table-settings"),
)
