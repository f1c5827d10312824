"""Maniacal setup: the ordered checklist for a player count, and a seeded deal.

`setup_for(players, bodyguards)` returns plain data (seats, draft, seeding, checklist) that the
phone pages and printed sheets reuse; `deal(players, seed, names)` makes the random draws the
rulebook asks for (first player, which continent gets which starting contract) reproducibly.
Every number is read from the rules reference (facts.py); citations are maniacal.txt lines.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.games import Operation
from assistant.inputs import Flag, Integer, OneOf, Text

from .facts import (
    MAP_SPACES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUND_ONE_WEEKS,
    ROUNDS,
    mark,
    number,
    says,
    word,
)
from .modes import MODE_OPTIONS, PlayMode, check_players

RULEBOOK, DERIVED, UNKNOWN, HOUSE = (Provenance.RULEBOOK, Provenance.DERIVED,
                                     Provenance.UNKNOWN, Provenance.HOUSE)

CONTINENTS = tuple("ABCDEF")
LETTERS = mark("continent", "letters")
"""The letters A-F: players' reports of the board (the continent entry's own mark)."""
LATER_SEATS = mark("starting-money", "later-seats")[0]


@dataclass(frozen=True)
class Item:
    """One line of the setup checklist."""

    title: str
    text: str
    rule: str
    value: int | str | None = None
    provenance: Provenance = RULEBOOK
    note: str = ""

    def step(self) -> Step:
        return Step(f"{self.title}: {self.text}", self.value, self.rule, self.provenance,
                    self.note)

    def to_json(self, order: int) -> dict[str, Any]:
        return {"order": order, "title": self.title, "text": self.text, "rule": self.rule,
                "value": self.value, "provenance": self.provenance.value, "note": self.note}


def starting_money(seat: int) -> int:
    """Money for the seat `seat` places after the first player (1 = first player)."""
    return number("starting-money", "first") + number("starting-money", "step") * (seat - 1)


def draft_rounds() -> list[dict[str, Any]]:
    hand, picks = number("room-draft", "hand"), number("room-draft", "picks")
    return [{"round": r, "direction": word("room-draft", f"pass-{r}"),
             "hands": [hand - i for i in range(picks)],
             "discard": number("room-draft", "discard")} for r in range(1, ROUNDS + 1)]


def setup_for(players: int, bodyguards: bool = False) -> dict[str, Any]:
    """The setup as data (see the module docstring)."""
    check_players(players)
    hand = number("room-draft", "hand")
    rooms = number("components", "room-cards")
    mercs = number("components", "mercenary-cards")
    guards = players * number("bodyguard-option", "per-player") if bodyguards else 0
    return {
        "players": players,
        "bodyguards": bodyguards,
        "seats": [{"order": k, "money": starting_money(k),
                   "money_provenance": (RULEBOOK if k <= 3 else LATER_SEATS).value}
                  for k in range(1, players + 1)],
        "room_cards": {"per_player": hand, "dealt_per_round": hand * players,
                       "dealt_over_game": hand * players * ROUNDS, "deck": rooms,
                       "never_dealt": rooms - hand * players * ROUNDS},
        "draft": draft_rounds(),
        "contracts": {"easy": number("setup-contracts", "easy"),
                      "hard": number("setup-contracts", "hard"),
                      "legendary": number("setup-contracts", "legendary"),
                      "map_spaces": MAP_SPACES, "continents": list(CONTINENTS)},
        "henchmen": {"decks": number("setup-henchmen-decks", "decks"),
                     "face_up": number("setup-henchmen-decks", "decks"),
                     "per_type_per_round": number("henchmen-phase", "per-type")},
        "mercenaries": {"deck": mercs, "bodyguards": guards, "left_in_deck": mercs - guards},
        "per_player": {"lackeys": number("setup-supervillains", "lackeys"),
                       "schemes": number("starting-schemes", "schemes"),
                       "infamy": number("setup-tokens", "infamy-start")},
        "time_track": {"round_1": ROUND_ONE_WEEKS, "round_2": None, "round_3": None,
                       "unknown": ["Round 2", "Round 3"]},
    }


def checklist(players: int, bodyguards: bool) -> list[Item]:
    data = setup_for(players, bodyguards)
    money = ", ".join(f"${s['money']}" for s in data["seats"])
    c = data["contracts"]
    items = [
        Item("Board", "Board in the middle; white Round marker on 1 of the round track; "
             "Injury tokens beside the board.", "setup-board"),
        Item("Contract decks", f"Sort contracts into Easy, Hard and Legendary decks and "
             f"shuffle each. Shuffle {c['easy']} Easy with {c['hard']} Hard and deal them face "
             f"down at random, one per continent ({MAP_SPACES} spaces).", "setup-contracts",
             MAP_SPACES),
        Item("Henchman decks", "Shuffle the Beast, Criminal, Scientist and Mystic decks onto "
             "their spaces and turn each top card face up.", "setup-henchmen-decks", 4),
        Item("Trait dice", "Sort the 28 Trait dice by colour (Brawn red, Stealth blue, "
             "Intellect green, Magic orange) within everyone's reach.", "trait-dice", 28),
        Item("Room and Power decks", "Shuffle the Room deck and, separately, the Power deck; "
             "set both aside.", "setup-decks", None, *mark("setup-decks", "two-decks")),
        Item("Scheme and Mercenary decks", "Scheme deck face down on The Underground; "
             "shuffled Mercenary deck face down on Lucifer's Lounge.", "setup-decks", None,
             *mark("setup-decks", "where-decks")),
        Item("Supervillains", "Each player picks a Supervillain (at random or as the table "
             "likes) and takes its Lackey; the meeple stands on the card. Strengths and "
             "weaknesses are advanced rules this rulebook does not give: leave them out.",
             "setup-supervillains", players),
        Item("Tracks", "Each player: a disc on the start space of all 4 attraction tracks, a "
             "cylinder on 0 Infamy.", "setup-tokens", 0),
        Item("Player order", "Pick the first player at random; their Time token goes on "
             "\"1st\" of the Player Order track, then clockwise \"2nd\", \"3rd\"...",
             "setup-player-order"),
        Item("Starting money", f"By seat from the first player: {money}; the rest is the "
             "bank.", "starting-money", data["seats"][-1]["money"],
             *((RULEBOOK, "") if players <= 3 else mark("starting-money", "later-seats"))),
        Item("Schemes", "Each player draws 1 random Scheme card and keeps it hidden.",
             "starting-schemes", 1),
    ]
    if bodyguards:
        items.append(Item(
            "Bodyguards", f"Deal each player 1 random Mercenary as a Bodyguard (an ordinary "
            f"henchman); {data['mercenaries']['left_in_deck']} Mercenaries stay in the deck.",
            "bodyguard-option", players, RULEBOOK if players == MAX_PLAYERS else HOUSE,
            "" if players == MAX_PLAYERS else
            "The book offers Bodyguards for 5-player games; using them with fewer players "
            "is the table's own choice."))
    return items


def _names(raw: str | None, players: int) -> list[str]:
    if not raw:
        return [f"Player {k}" for k in range(1, players + 1)]
    names = [n.strip() for n in raw.split(",") if n.strip()]
    if len(names) != players:
        raise InvalidInput("names", f"Give one name per player in seating order; got "
                           f"{len(names)} names for {players} players.",
                           f"{players} comma-separated names")
    if len({n.casefold() for n in names}) != len(names):
        raise InvalidInput("names", "Two players have the same name.", "different names")
    return names


def deal(players: int, seed: str, names: Sequence[str]) -> dict[str, Any]:
    """The random draws setup asks for, reproducible from `seed`."""
    rng = random.Random(f"maniacal/{players}/{seed}")
    first = rng.randrange(players)
    order = [names[(first + k) % players] for k in range(players)]
    pile = (["Easy"] * number("setup-contracts", "easy")
            + ["Hard"] * number("setup-contracts", "hard"))
    rng.shuffle(pile)
    return {"seed": seed, "first_player": order[0],
            "player_order": [{"order": k + 1, "name": n, "money": starting_money(k + 1)}
                             for k, n in enumerate(order)],
            "contracts": dict(zip(CONTINENTS, pile, strict=True)),
            "continents_provenance": LETTERS[0].value, "continents_note": LETTERS[1],
            "players_choose": ["Supervillains (at random or any way you like)",
                               "which card of each difficulty (shuffle the decks)"]}


def run(data: Mapping[str, Any]) -> Explained:
    mode = data.get("mode", PlayMode.STANDARD.value)
    if mode not in MODE_OPTIONS:
        raise InvalidInput("mode", f"Maniacal has no mode {mode!r}.", ", ".join(MODE_OPTIONS))
    players = int(data["players"])
    check_players(players)
    bodyguards = bool(data.get("bodyguards", False))
    names = _names(data.get("names"), players)
    result = setup_for(players, bodyguards)
    items = checklist(players, bodyguards)
    result["mode"] = mode
    result["checklist"] = [item.to_json(i + 1) for i, item in enumerate(items)]
    steps = [says("player-count", None, f"{players} players: within the "
                  f"{MIN_PLAYERS}-{MAX_PLAYERS} this companion accepts.", players)]
    steps += [item.step() for item in items]
    rooms = result["room_cards"]
    draft = result["draft"]
    directions = ", ".join(f"round {d['round']} {d['direction']}" for d in draft)
    hands = ", ".join(str(h) for h in draft[0]["hands"])
    steps.append(says("room-draft", "turn-means-round", f"Room draft each round: deal "
                      f"{rooms['per_player']} Room cards to each player "
                      f"({rooms['dealt_per_round']} in all); pick from hands of {hands}, "
                      f"passing the rest after each of the first two picks ({directions}); "
                      f"discard the last {draft[0]['discard']}. Over the game "
                      f"{rooms['dealt_over_game']} of the {rooms['deck']} Room cards are dealt.",
                      rooms["dealt_per_round"]))
    steps.append(says("time-track", "later-starts", f"Time track: round 1 starts on "
                      f"{ROUND_ONE_WEEKS}; enter rounds 2 and 3 from your board.",
                      ROUND_ONE_WEEKS))
    seed = data.get("seed")
    result["deal"] = deal(players, str(seed), names) if seed else None
    if result["deal"]:
        d = result["deal"]
        steps.append(Step(f"Seeded deal {seed!r}: {d['first_player']} goes first.",
                          d["first_player"], "setup-player-order"))
        steps.append(says("continent", "letters", "Contracts by continent letter: "
                          + ", ".join(f"{k} {v}" for k, v in d["contracts"].items()) + ".",
                          len(d["contracts"])))
    money = ", ".join(f"${s['money']}" for s in result["seats"])
    c = result["contracts"]
    summary = (f"Maniacal, {players} players{' with Bodyguards' if bodyguards else ''}: "
               f"money by seat {money}; {c['easy']} Easy + {c['hard']} Hard contracts; "
               f"{rooms['per_player']} Room cards each per round, passed "
               + " / ".join(d["direction"] for d in draft) + ".")
    return Explained(result, tuple(steps), summary)


FORM = (
    OneOf("mode", "Way to play (one: the rules in the text).", MODE_OPTIONS,
          default=PlayMode.STANDARD.value),
    Integer("players", f"How many players ({MIN_PLAYERS}-{MAX_PLAYERS}, worked out from the "
            "components).", minimum=MIN_PLAYERS,
            maximum=MAX_PLAYERS, required=True),
    Flag("bodyguards", "Bodyguard option: each player starts with a random Mercenary as a "
         "Bodyguard (written for 5 players)."),
    Text("names", "Players' names in clockwise seating order, comma-separated (optional).",
         max_length=200),
    Text("seed", "Any word: draws the first player and the starting contracts "
         "reproducibly (optional).", max_length=40),
)

SETUP = Operation(
    slug="setup",
    title="Setup",
    summary="The setup checklist for 2-5 players: money by seat, the room draft, the "
            "starting contracts, Bodyguards, and a seeded deal.",
    form=FORM,
    run=run,
    example={"mode": "standard", "players": 3, "names": "Simon, Hassan, Dave", "seed": "lair"},
    rules=("setup-checklist", "player-count", "starting-money", "room-draft",
           "setup-contracts", "setup-player-order", "bodyguard-option", "time-track"),
)
