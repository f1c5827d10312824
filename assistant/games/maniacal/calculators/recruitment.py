"""Phase II, Henchmen: who recruits each face-up card, type by type (maniacal.txt:137-148).

For each type in the order Beasts, Criminals, Scientists, Mystics: the top scorer on that
attraction track (ties: higher on the Player Order track) takes the face-up card and pays its
cost in attraction points; at most 2 per type; a type stops as soon as the top scorer cannot
pay. Left-over points carry over. The table enters the cards as they are turned up.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Form, Integer, ListOf, OneOf, Text

from ..facts import MAX_PLAYERS, MIN_PLAYERS, PER_TYPE, says
from ..modes import TYPE_ORDER, HenchType, check_players
from .common import unique_names


@dataclass
class Seat:
    name: str
    order: int
    scores: dict[str, int]
    recruits: list[str]


@dataclass(frozen=True)
class Card:
    name: str
    cost: int


def recruiter(seats: Sequence[Seat], kind: str) -> tuple[Seat, list[Seat]]:
    """The top scorer for `kind` (ties to the higher Player Order), and everyone tied."""
    top = max(s.scores[kind] for s in seats)
    tied = sorted((s for s in seats if s.scores[kind] == top), key=lambda s: s.order)
    return tied[0], tied


def _seats(data: Mapping[str, Any]) -> list[Seat]:
    raw = list(data.get("players") or [])
    check_players(len(raw))
    names = unique_names(raw, "players")
    orders = [int(r.get("order", i + 1)) for i, r in enumerate(raw)]
    if sorted(orders) != list(range(1, len(raw) + 1)):
        raise InvalidInput("players", f"Player Order places must be 1 to {len(raw)}, each "
                           f"once; got {orders}.", f"1-{len(raw)}, each once")
    return [Seat(n, o, {t.value: int(r.get(t.value, 0)) for t in TYPE_ORDER}, [])
            for n, o, r in zip(names, orders, raw, strict=True)]


def _cards(data: Mapping[str, Any]) -> dict[str, list[Card]]:
    decks: dict[str, list[Card]] = {t.value: [] for t in TYPE_ORDER}
    for i, raw in enumerate(data.get("cards") or []):
        kind = HenchType(raw["type"]).value
        name = str(raw.get("name") or "").strip() or f"{kind[:-1].capitalize()} card"
        decks[kind].append(Card(name, int(raw["cost"])))
        if len(decks[kind]) > PER_TYPE + 1:
            raise InvalidInput(f"cards.{i}", f"At most {PER_TYPE} {kind} are recruited per "
                               f"round, so at most {PER_TYPE + 1} cards of a type matter (the "
                               "last one only as the card left face up).",
                               f"up to {PER_TYPE + 1} cards per type")
    return decks


def recruit(data: Mapping[str, Any]) -> Explained:
    seats = _seats(data)
    decks = _cards(data)
    steps: list[Step] = []
    per_type: dict[str, Any] = {}
    for kind in (t.value for t in TYPE_ORDER):
        deck = decks[kind]
        taken: list[dict[str, Any]] = []
        status = "done"
        while len(taken) < PER_TYPE:
            if not deck:
                status = "awaiting-card"
                steps.append(Step(f"{kind.capitalize()}: enter the {'next ' if taken else ''}"
                                  "face-up card's cost to go on.", None, "recruitment"))
                break
            card = deck[0]
            seat, tied = recruiter(seats, kind)
            score = seat.scores[kind]
            if len(tied) > 1:
                steps.append(Step(f"{kind.capitalize()}: {', '.join(s.name for s in tied)} tie "
                                  f"on {score}; {seat.name} is higher on the Player Order "
                                  f"track ({_ordinal(seat.order)}).", seat.order,
                                  "recruitment-ties"))
            if score < card.cost:
                status = "stopped"
                steps.append(says("recruitment", "stop", f"{kind.capitalize()}: {card.name} "
                                  f"costs {card.cost} but the best score is {seat.name}'s "
                                  f"{score}; it stays face up for next round and no more {kind} "
                                  "are recruited this round.", score))
                break
            deck.pop(0)
            seat.scores[kind] -= card.cost
            seat.recruits.append(card.name)
            taken.append({"card": card.name, "cost": card.cost, "by": seat.name,
                          "score_after": seat.scores[kind]})
            steps.append(Step(f"{kind.capitalize()}: {seat.name} has the most ({score}), "
                              f"recruits {card.name} and pays {card.cost} → "
                              f"{seat.scores[kind]}.", seat.scores[kind], "recruitment"))
        if len(taken) == PER_TYPE:
            steps.append(Step(f"{kind.capitalize()}: {PER_TYPE} recruited, the most per type "
                              "this round.", PER_TYPE, "henchmen-phase"))
        face_up = deck[0].name if deck else None
        per_type[kind] = {"recruited": taken, "status": status, "face_up_after": face_up}
    steps.append(Step("Left-over points stay on the tracks for next round; turn up a card on "
                      "any deck without one.", None, "recruitment"))
    players = [{"name": s.name, "order": s.order, "scores": s.scores, "recruits": s.recruits}
               for s in seats]
    summary = "; ".join(f"{s.name}: {', '.join(s.recruits) or 'nobody'}" for s in seats)
    return Explained({"types": per_type, "players": players}, tuple(steps),
                     f"Recruitment: {summary}.")


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


PLAYER: Form = (
    Text("name", "Player (or colour).", max_length=40, required=True),
    Integer("order", "Place on the Player Order track (1 = 1st).", minimum=1,
            maximum=MAX_PLAYERS,
            required=True),
    *(Integer(t.value, f"{t.value.capitalize()} Attraction Score now.", minimum=0, default=0)
      for t in TYPE_ORDER),
)
CARD: Form = (
    OneOf("type", "Henchman type.", tuple(t.value for t in TYPE_ORDER), required=True),
    Text("name", "Card name (optional).", max_length=40),
    Integer("cost", "Cost in attraction points (top-right corner).", minimum=0, required=True),
)

RECRUITMENT = Operation(
    slug="recruitment",
    title="Henchmen recruitment",
    summary="Who recruits each face-up henchman, type by type, with ties by player order.",
    form=(
        ListOf("players", "Every player with their Player Order place and scores.", PLAYER,
               min_items=MIN_PLAYERS, max_items=MAX_PLAYERS, required=True),
        ListOf("cards", "Per type, the face-up card first, then each card turned up after it "
               "(up to 3 per type).", CARD, max_items=12, required=True),
    ),
    run=recruit,
    example={
        "players": [
            {"name": "Green", "order": 1, "beasts": 4},
            {"name": "Blue", "order": 2, "beasts": 4},
        ],
        "cards": [{"type": "beasts", "name": "first Beast", "cost": 2},
                  {"type": "beasts", "name": "second Beast", "cost": 3}],
    },
    rules=("recruitment", "recruitment-ties", "henchmen-phase", "attraction-score",
           "player-order"),
)

OPERATIONS = (RECRUITMENT,)
