"""A Syndicate session's setup and state: what the tracker folds and the referee reads.

The round runs the book's three phases (syndicate.txt:415-487): player turns in order from the
First Player (each seat once, or again and again with the Extended Turn), the Sovereign Card
with its pardons and taxes, then Resource Collection. The state says where the table is in
that order, and what each seat has used, spent or been flipped for this round.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from assistant.tracker import put
from assistant.tracker.chain import Chain
from assistant.tracker.chain import evolve as replace

from .modes import PlayMode
from .tables import ALERT_START, ROUND_START, ZONE_COSTS, ZONES, alert_max

GAME = "space-syndicate"
RACKET = ("racket_credits", "racket_influence", "racket_crew")
PHANTOM = "phantom"
"""The Phantom's id where a seat is named (2-player variation, syndicate.txt:667-692)."""
PHANTOM_SLOT = -1
"""The Phantom's place in the turn order (seats are 0, 1, ...)."""
ZONE_NAMES = tuple(z.value for z in ZONES)
TOTAL_TERRITORIES = sum(c.territories for c in ZONE_COSTS.values())

TURNS, SOVEREIGN, COLLECTION, OVER = "turns", "sovereign", "collection", "over"
PHASE_WORDS = {TURNS: "Phase 1, player turns", SOVEREIGN: "Phase 2, the Sovereign Card",
               COLLECTION: "Phase 3, Resource Collection", OVER: "the game is over"}


@dataclass(frozen=True)
class SessionSeat:
    id: str
    name: str
    player: str | None = None
    syndicate: str | None = None
    credits: int | None = None
    influence: int | None = None
    crew: int | None = None
    """Starting resources from the seat's mat (syndicate.txt:345), if the table gave them at
    the start; else the session asks for them when the seat first spends or gains one."""
    tech: int | None = None
    assault: int | None = None
    racket: tuple[int, ...] | None = None
    """Racketeering credits, influence, crew per round, if the table entered them."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name}
        for key in ("credits", "influence", "crew", "player", "syndicate", "tech", "assault"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.racket is not None:
            out.update(zip(RACKET, self.racket, strict=True))
        return out


@dataclass(frozen=True)
class SessionSetup:
    mode: PlayMode
    seats: tuple[SessionSeat, ...]
    advanced: bool = False
    extended_turn: bool = False
    orange_from: int | None = None
    red_from: int | None = None
    black_market_prices: tuple[int, ...] = ()
    game: str = GAME

    @property
    def alert_max(self) -> int:
        return alert_max(len(self.seats))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": self.game, "mode": self.mode.value,
                               "seats": [s.to_json() for s in self.seats],
                               "advanced": self.advanced, "extended_turn": self.extended_turn}
        if self.orange_from is not None:
            out["orange_from"] = self.orange_from
        if self.red_from is not None:
            out["red_from"] = self.red_from
        if self.black_market_prices:
            out["black_market_prices"] = ", ".join(map(str, self.black_market_prices))
        return out


@dataclass(frozen=True)
class SeatState:
    credits: int
    influence: int
    crew: int
    tech: int | None
    assault: int | None
    award_vp: int = 0
    other_vp: int = 0
    bases: tuple[int, ...] = (0, 0, 0)
    """Owned per zone, in ZONES order (EXO, MIDDLE, INNER)."""
    fortified: tuple[int, ...] = (0, 0, 0)
    markers: tuple[int, ...] = (0, 0)
    """Black Market markers on the tech and assault ladders."""
    took_back_round: int | None = None
    racket: tuple[int, ...] | None = None
    dice_used: int = 0
    """Action dice USED this round (missions and assaults; 2 ARMED each round)."""
    reinforcements_used: int = 0
    collected_round: int | None = None
    pardoned_round: int | None = None
    taxed_round: int | None = None
    tax_flipped: tuple[int, ...] = (0, 0, 0)
    """Bases flipped for an unpaid tax, per zone, until the next Sovereign Card phase."""
    crew_flipped: tuple[int, ...] = (0, 0, 0)
    """Bases flipped for unpaid crew at the last collection, until the next Sovereign Card."""
    resources_known: bool = True
    """The table has entered the seat's starting credits, influence and crew (from its mat):
    until then the three counts above are not the seat's, and nothing spends or gains one."""


@dataclass(frozen=True)
class State:
    seats: tuple[SeatState, ...]
    round: int = ROUND_START
    alert: int = ALERT_START
    destroyer: str | None = None
    star_round: int | None = None
    last_round: int | None = None
    orange_from: int | None = None
    red_from: int | None = None
    black_market_prices: tuple[int, ...] = ()
    phantom_bases: int | None = None
    phantom_fortified: int = 0
    notes: Chain[str] = field(default_factory=Chain)
    phase: str = TURNS
    turn: int = 0
    """Place in this round's turn order of the seat whose turn it is (Phase 1)."""
    acted: int = 0
    """Actions the active seat has taken this turn (the Extended Turn allows 1 or 2)."""
    out: frozenset[int] = frozenset()
    """Extended Turn: who passed without an action and is out of Phase 1 this round."""
    card_drawn: bool = False
    """This round's Sovereign card is drawn (pardons and taxes come after it)."""
    destroyer_zone: str | None = None
    destroyer_owner: str | None = None
    paced: bool = False
    """The table follows the phases (a turn ended, a card drawn, an action of the referee):
    sessions recorded before it existed only typed values, and still fold as they were."""
    """Whose base the Destroyer sits on (a seat id, the Phantom, or None: no base there)."""




STARTING = ("credits", "influence", "crew")
RESOURCE_KINDS = frozenset({"mission", "robbery", "assault", "buy-base", "fortify-base",
                            "exchange", "sell-card", "pardon", "tax", "collect",
                            "pay-destroyer", "buy-level"})
"""Events that spend or gain a seat's credits, influence or crew (an assault with its roll)."""


def resources_move(seat_id: str) -> dict[str, Any]:
    """The move that records a seat's starting resources (the amounts to be read off the mat;
    0 is only a legal example of the form)."""
    return {"kind": "resources", "seat": seat_id, **dict.fromkeys(STARTING, 0)}


def with_seat(state: State, i: int, seat: SeatState) -> State:
    return replace(state, seats=put(state.seats, i, seat))


def ring(setup: SessionSetup) -> tuple[int, ...]:
    """The table clockwise from the starting player; the Phantom sits just counter-clockwise
    of that player, so last in the ring (syndicate.txt:675)."""
    seats = tuple(range(len(setup.seats)))
    return (*seats, PHANTOM_SLOT) if setup.mode is PlayMode.PHANTOM else seats


def order(setup: SessionSetup, state: State) -> tuple[int, ...]:
    """This round's turn order: the First Player tile moves one place clockwise each round
    (syndicate.txt:485), so round r starts r - 1 places round the ring."""
    table = ring(setup)
    start = (state.round - 1) % len(table)
    return table[start:] + table[:start]


def active(setup: SessionSetup, state: State) -> int | None:
    """Whose turn it is in Phase 1 (a seat's index, PHANTOM_SLOT), or None outside it."""
    if state.phase != TURNS:
        return None
    now = order(setup, state)
    return now[state.turn % len(now)]


def slot_name(setup: SessionSetup, slot: int | None) -> str:
    if slot is None:
        return "nobody"
    return "the Phantom" if slot == PHANTOM_SLOT else setup.seats[slot].name


def owned_total(state: State) -> int:
    """Bases on the board: every seat's and the Phantom's."""
    return sum(sum(s.bases) for s in state.seats) + (state.phantom_bases or 0)


def claimed(state: State, zone: int, skip: int | None = None) -> int:
    return sum(s.bases[zone] for j, s in enumerate(state.seats) if j != skip)
