"""Vigilante setup: the ordered checklist for a scenario and player count.

What the rulebook fixes per player is answered as fact; what only the Scenario Card prints
(rounds, starting City cards, starting Events, the identity mix, the Villain deck) is taken as
input the table types in from its card, and left blank (provenance unknown) when not given.
The one Villain deck the rulebook prints (15 of each Level, Brought to Justice,
vigilante.txt:197) is offered as a marked, editable suggestion, never as the card's value.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Form, Integer, OneOf

from .book import mark
from .mix import check_counts, check_players, fixed_counts, identity_pool
from .modes import MAX_PLAYERS, SCENARIO_OPTIONS, TITLES, Scenario, scenario

RULEBOOK, DERIVED, UNKNOWN = Provenance.RULEBOOK, Provenance.DERIVED, Provenance.UNKNOWN

EVENT_DICE = 2            # Setup step 7 (vigilante.txt:223)
ACTION_TOKENS = 4         # Setup step 7 (vigilante.txt:223)
ALLEGIANCE_DEALT = 6      # Setup step 9: 2 of each of 3 kinds (vigilante.txt:237)
ALLEGIANCE_RETURNED = 2   # one of each kind not yours (vigilante.txt:237)
STARTER_DEALT = 2         # Setup step 10 (vigilante.txt:253)
STARTER_KEPT = 1
MARKET = 3                # Hero Market (vigilante.txt:205)
MARKET_MERCENARIES = 4    # Mercenaries (vigilante.txt:672)
VILLAINS_PER_LEVEL = 20   # Components (vigilante.txt:130)
EVENT_TOKENS = 31        # Components (vigilante.txt:50)
EXAMPLE_PER_LEVEL = 15    # Villain Deck example for Brought to Justice (vigilante.txt:197)
BOX = {"event_dice": 10, "action_tokens": 20, "allegiance_tokens": 30, "starter_heroes": 12,
       "player_mats": 5}
"""Components (vigilante.txt:62-116)."""

CARD_FIELDS = ("rounds", "starting_city_cards", "starting_events")
LEVELS = ("villains_level_1", "villains_level_2", "villains_level_3")
CARD_NOTE = mark("scenario-card", "on-card")[1]
"""The card's own values: printed on the Scenario Card only (each setup entry holds the same
reading, `on-card`, so a step on it carries that entry's mark)."""
SUGGESTION = mark("setup-villain-deck", "example-per-level")
CARD_WORDS = {"rounds": "the rounds", "starting_city_cards": "the City cards each player draws",
              "starting_events": "the starting Events", "good": "the Good Identities",
              "evil": "the Evil Identities", "neutral": "the Neutral Identities"}
"""What the Scenario Card prints, as the summary names it."""


@dataclass(frozen=True)
class ChecklistItem:
    id: str
    title: str
    text: str
    rule: str
    section: str
    numbers: Mapping[str, int | bool | None] = field(default_factory=dict)
    key: str | None = None
    provenance: Provenance = RULEBOOK
    note: str = ""

    def to_json(self, order: int) -> dict[str, Any]:
        return {"id": self.id, "order": order, "title": self.title, "text": self.text,
                "rule": self.rule, "section": self.section, "numbers": dict(self.numbers),
                "provenance": self.provenance.value, "note": self.note}

    def explain(self) -> Step:
        value = self.numbers.get(self.key) if self.key else None
        return Step(f"{self.title}: {self.text}", value, self.rule, self.provenance, self.note)


def _opt(data: Mapping[str, Any], name: str) -> int | None:
    value = data.get(name)
    return None if value is None or value == "" else int(value)


def _card_value(name: str, value: int | None, low: int, high: int | None = None) -> int | None:
    if value is None:
        return None
    if value < low or (high is not None and value > high):
        allowed = f"{low}-{high}" if high is not None else f"{low} or more"
        raise InvalidInput(name, f"{name.replace('_', ' ').capitalize()} {value} cannot come "
                           "from a Scenario Card.", allowed)
    return value


def villain_deck(s: Scenario, data: Mapping[str, Any]) -> dict[str, Any]:
    """The card's Villains per Level, or the marked suggestion, or blanks."""
    entered = {name: _card_value(name, _opt(data, name), 1, VILLAINS_PER_LEVEL)
               for name in LEVELS}
    given = [v for v in entered.values() if v is not None]
    if given and len(given) != len(LEVELS):
        missing = [n for n, v in entered.items() if v is None]
        raise InvalidInput(missing[0], "Enter the Villains of all three Levels from your "
                           "card, or none of them.", "a number 1-20 for each Level")
    if given:
        levels = [int(v) for v in given]
        return {"levels": levels, "total": sum(levels), "boxed": 3 * VILLAINS_PER_LEVEL
                - sum(levels), "source": "card", "provenance": UNKNOWN.value,
                "note": CARD_NOTE}
    if s is Scenario.BROUGHT_TO_JUSTICE:
        levels = [EXAMPLE_PER_LEVEL] * 3
        return {"levels": levels, "total": sum(levels), "boxed": 3 * VILLAINS_PER_LEVEL
                - sum(levels), "source": "suggestion", "provenance": SUGGESTION[0].value,
                "note": SUGGESTION[1]}
    return {"levels": None, "total": None, "boxed": None, "source": "missing",
            "provenance": UNKNOWN.value, "note": CARD_NOTE}


def checklist(s: Scenario, players: int, card: Mapping[str, int | None],
              deck: Mapping[str, Any], mercenaries: bool, first_game: bool) -> list[ChecklistItem]:
    def blank(name: str, missing: str) -> str:
        value = card.get(name)
        return missing if value is None else str(value)

    rounds = blank("rounds", "as printed on the card")
    events = blank("starting_events", "the card's number")
    city = blank("starting_city_cards", "the card's number of")
    market = MARKET_MERCENARIES if mercenaries else MARKET
    levels = deck["levels"]
    deck_text = ("the number of Villains of each Level on your Scenario Card" if levels is None
                 else f"{levels[0]} Level 1, {levels[1]} Level 2 and {levels[2]} Level 3 "
                 f"Villains ({deck['total']}; box the other {deck['boxed']})"
                 + (" - the rulebook's example, check your card" if deck["source"] ==
                    "suggestion" else ""))
    mix = [card.get(k) for k in ("good", "evil", "neutral")]
    mix_text = ("the Good, Evil and Neutral counts on your card" if None in mix
                else f"{mix[0]} Good, {mix[1]} Evil and {mix[2]} Neutral")
    first = (" First game: the Investigator and the Mastermind stay in the box." if first_game
             else "")
    merc = (" The Mercenary cards go into the Hero deck before it is shuffled." if mercenaries
            else "")
    return [
        ChecklistItem("scenario", "Scenario Card", f"{TITLES[s]}, the card for {players} "
                      f"players. Rounds: {rounds}.", "scenario-card",
                      "Setup (vigilante.txt:149-165)", {"players": players,
                                                        "rounds": card.get("rounds")},
                      "players", *mark("scenario-card", "on-card")),
        ChecklistItem("starting-events", "Starting Events", "All Event tokens into the bag; "
                      f"draw {events} and lay them on the Event Track by die "
                      "number, lowest at the top (equal numbers in any order).",
                      "setup-starting-events", "Starting Events (vigilante.txt:189-191)",
                      {"starting_events": card.get("starting_events")}, "starting_events",
                      *mark("setup-starting-events", "on-card")),
        ChecklistItem("villain-deck", "Villain deck", f"Unseen, deal {deck_text}. Stack face "
                      "down: Level 3 at the bottom, then Level 2, Level 1 on top.",
                      "setup-villain-deck", "Villain Deck (vigilante.txt:195-199)",
                      {"level_1": levels[0] if levels else None,
                       "level_2": levels[1] if levels else None,
                       "level_3": levels[2] if levels else None,
                       "total": deck["total"]}, "total", Provenance(deck["provenance"]),
                      deck["note"]),
        ChecklistItem("hero-market", "Hero Market", f"Shuffle the Hero deck and turn up "
                      f"{market}.{merc}", "setup-hero-market",
                      "Hero Market (vigilante.txt:203-205); Mercenaries (vigilante.txt:672)",
                      {"face_up": market, "mercenaries": mercenaries}, "face_up"),
        ChecklistItem("decks", "City and Agency decks", "Shuffle both onto the board.",
                      "setup-decks", "City Deck & Agency Deck (vigilante.txt:209-211)"),
        ChecklistItem("supply", "General supply", "Damage cubes in a heap by the board.",
                      "setup-supply", "General Supply (vigilante.txt:215-217)"),
        ChecklistItem("player-pieces", "Player pieces", f"Each player takes a colour's mat and "
                      f"shield, {EVENT_DICE} Event dice and {ACTION_TOKENS} action tokens "
                      f"({players * EVENT_DICE} dice and {players * ACTION_TOKENS} tokens in "
                      "all).", "setup-player-pieces", "Setup step 7 (vigilante.txt:221-223)",
                      {"event_dice": EVENT_DICE, "action_tokens": ACTION_TOKENS,
                       "event_dice_total": players * EVENT_DICE,
                       "action_tokens_total": players * ACTION_TOKENS}, "action_tokens"),
        ChecklistItem("identities", "Identity cards", f"Sort the Identity cards into Good, "
                      f"Neutral and Evil piles, shuffle each and deal {mix_text} unseen; shuffle "
                      "those together and deal one to each player to read in secret. Box the "
                      f"rest unseen.{first}", "setup-identities",
                      "Setup step 8 (vigilante.txt:225-233)",
                      {"good": mix[0], "evil": mix[1], "neutral": mix[2],
                       "first_game": first_game}, None,
                      *((RULEBOOK, "") if None not in mix
                        else mark("setup-identities", "on-card"))),
        ChecklistItem("allegiance-tokens", "Allegiance tokens", f"Each player takes 2 Good, 2 "
                      f"Neutral and 2 Evil behind the shield, hands back 1 of each kind that is "
                      f"not theirs and keeps 4; shuffle them face down onto the mat's 4 spots "
                      f"without seeing where each goes ({players * ALLEGIANCE_DEALT} dealt, "
                      f"{players * ALLEGIANCE_RETURNED} handed back).",
                      "setup-allegiance-tokens", "Setup step 9 (vigilante.txt:235-247)",
                      {"dealt": ALLEGIANCE_DEALT, "returned": ALLEGIANCE_RETURNED,
                       "kept": ALLEGIANCE_DEALT - ALLEGIANCE_RETURNED,
                       "dealt_total": players * ALLEGIANCE_DEALT}, "kept"),
        ChecklistItem("starter-heroes", "Starter Heroes", f"Deal {STARTER_DEALT} to each "
                      f"player ({players * STARTER_DEALT} of the {BOX['starter_heroes']}); each "
                      f"keeps {STARTER_KEPT} face up in slot 1. Box the rest.",
                      "setup-starter-heroes", "Setup step 10 (vigilante.txt:251-253)",
                      {"dealt": STARTER_DEALT, "kept": STARTER_KEPT,
                       "dealt_total": players * STARTER_DEALT}, "dealt"),
        ChecklistItem("city-cards", "Starting City cards", f"Each player draws "
                      f"{city} City cards.", "setup-city-cards",
                      "Setup step 11 (vigilante.txt:255-257)",
                      {"starting_city_cards": card.get("starting_city_cards")},
                      "starting_city_cards", *mark("setup-city-cards", "on-card")),
        ChecklistItem("first-player", "First Player", "The marker goes to the player whose last "
                      "superhero comic or film is the most recent.", "setup-first-player",
                      "Setup step 12 (vigilante.txt:259-261)"),
    ]


def run(data: Mapping[str, Any]) -> Explained:
    s = scenario(str(data.get("mode")))
    players = int(data["players"])
    steps: list[Step] = [check_players(s, players)]
    mercenaries = bool(data.get("mercenaries", False))
    first_game = bool(data.get("first_game", False))
    card: dict[str, int | None] = {
        "rounds": _card_value("rounds", _opt(data, "rounds"), 1),
        "starting_city_cards": _card_value("starting_city_cards",
                                           _opt(data, "starting_city_cards"), 0),
        "starting_events": _card_value("starting_events", _opt(data, "starting_events"), 0,
                                       EVENT_TOKENS),
    }
    mix = {k: _opt(data, k) for k in ("good", "evil", "neutral")}
    fixed = fixed_counts(s, players)
    fixed = fixed if fixed is not None and all(v is None for v in mix.values()) else None
    if fixed is not None:
        mix = dict(zip(("good", "evil", "neutral"), fixed, strict=True))
        steps.append(Step(f"{TITLES[s]} fixes the split itself: {fixed[0]} Good, {fixed[1]} "
                          "Evil, no Neutral.", fixed[0], "scenario-showdown"))
    given = [k for k, v in mix.items() if v is not None]
    if given and len(given) != 3:
        missing = [k for k, v in mix.items() if v is None]
        raise InvalidInput(missing[0], "Enter all three identity counts from your card "
                           "(Good, Evil, Neutral), or none.", "a count for each Allegiance")
    if given:
        steps += check_counts(s, players, int(mix["good"] or 0), int(mix["evil"] or 0),
                              int(mix["neutral"] or 0), first_game)
    card.update(mix)
    deck = villain_deck(s, data)
    items = checklist(s, players, card, deck, mercenaries, first_game)
    steps += [item.explain() for item in items]
    missing = [k for k, v in card.items() if v is None]
    if deck["source"] != "card":
        missing.append("villains per level")
    card_values: dict[str, dict[str, Any]] = {
        k: {"value": v, "provenance": UNKNOWN.value, "note": CARD_NOTE} for k, v in card.items()}
    if fixed is not None:  # Showdown's split is the scenario's own, not read off the card
        for k in ("good", "evil", "neutral"):
            card_values[k] = {"value": card[k], "provenance": Provenance.RULEBOOK.value,
                              "note": "Showdown: as many Good as Evil, no Neutral."}
    result = {
        "scenario": s.value, "title": TITLES[s], "players": players,
        "players_bounds": {"min": None, "max": MAX_PLAYERS, "max_provenance": DERIVED.value,
                           "min_provenance": UNKNOWN.value,
                           "note": "At most 5 from the box; the minimum is on your card."},
        "card": card_values,
        "villain_deck": deck,
        "per_player": {"event_dice": EVENT_DICE, "action_tokens": ACTION_TOKENS,
                       "allegiance_tokens_dealt": ALLEGIANCE_DEALT,
                       "allegiance_tokens_returned": ALLEGIANCE_RETURNED,
                       "allegiance_tokens_kept": ALLEGIANCE_DEALT - ALLEGIANCE_RETURNED,
                       "starter_heroes_dealt": STARTER_DEALT,
                       "starter_heroes_kept": STARTER_KEPT},
        "totals": {"event_dice": players * EVENT_DICE,
                   "action_tokens": players * ACTION_TOKENS,
                   "allegiance_tokens_dealt": players * ALLEGIANCE_DEALT,
                   "starter_heroes_dealt": players * STARTER_DEALT},
        "hero_market": MARKET_MERCENARIES if mercenaries else MARKET,
        "mercenaries": mercenaries, "first_game": first_game,
        "identity_pool": identity_pool(s, first_game),
        "from_your_card": [CARD_WORDS.get(k, k) for k in missing],
        "checklist": [item.to_json(i) for i, item in enumerate(items, start=1)],
    }
    note = (f" Still to read from your Scenario Card: "
            f"{', '.join(CARD_WORDS.get(k, k) for k in missing)}." if missing else "")
    summary = (f"Vigilante {TITLES[s]}, {players} players: Hero Market "
               f"{result['hero_market']}, each player 2 Event dice, 4 action tokens, 4 of 6 "
               f"Allegiance tokens kept, 1 of 2 Starter Heroes kept.{note}")
    return Explained(result, tuple(steps), summary)


FORM: Form = (
    OneOf("mode", "Which scenario.", SCENARIO_OPTIONS, required=True),
    Integer("players", "Players, as on your Scenario Card (at most 5).", required=True),
    Integer("rounds", "From your Scenario Card: number of rounds.", minimum=1),
    Integer("starting_city_cards", "From your Scenario Card: City cards each player draws.",
            minimum=0),
    Integer("starting_events", "From your Scenario Card: Events that start on the track.",
            minimum=0, maximum=31),
    Integer("good", "From your Scenario Card: Good Identities.", minimum=0, maximum=5),
    Integer("evil", "From your Scenario Card: Evil Identities.", minimum=0, maximum=5),
    Integer("neutral", "From your Scenario Card: Neutral Identities.", minimum=0, maximum=6),
    Integer("villains_level_1", "From your Scenario Card: Level 1 Villains (Brought to Justice "
            "example: 15).", minimum=1, maximum=VILLAINS_PER_LEVEL),
    Integer("villains_level_2", "From your Scenario Card: Level 2 Villains.", minimum=1,
            maximum=VILLAINS_PER_LEVEL),
    Integer("villains_level_3", "From your Scenario Card: Level 3 Villains.", minimum=1,
            maximum=VILLAINS_PER_LEVEL),
    Flag("mercenaries", "Play with the Mercenaries variant (Hero Market of 4)."),
    Flag("first_game", "First game: leave out the Investigator and the Mastermind."),
)

SETUP = Operation(
    slug="setup",
    title="Setup",
    summary="The setup checklist for a scenario and player count, with blanks for the values "
            "only your Scenario Card prints and a check of its identity mix.",
    form=FORM,
    run=run,
    example={"mode": "brought-to-justice", "players": 4, "good": 2, "evil": 1, "neutral": 1},
    rules=("setup-order", "scenario-card", "player-count", "setup-starting-events",
           "setup-villain-deck", "setup-hero-market", "setup-decks", "setup-supply",
           "setup-player-pieces", "setup-identities", "setup-allegiance-tokens",
           "setup-starter-heroes", "setup-city-cards", "setup-first-player", "first-game",
           "variant-mercenaries"),
)
