"""A Syndicate session's setup and state: what the tracker folds and the referee reads.

The round runs the book's three phases (syndicate.txt:415-487): player turns in order from the
First Player (each seat once, or again and again with the Extended Turn), the Sovereign Card
with its pardons and its resolution seat by seat in player order, then Resource Collection.
The state says where the table is in that order, what each seat has used, spent or been
flipped for this round, and the components the rules count: each seat's resources by kind,
bases per zone (fortified and special), the hand of Operation cards and the bonus chips (as
counts: their faces are hidden), the activated sleeper, research markers and Black Market
markers; for the table the Operation deck and its discard pile, the bonus chips still on the
board per zone, the alert, the Destroyer and this round's Sovereign card.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from assistant.tracker import put
from assistant.tracker.chain import Chain
from assistant.tracker.chain import evolve as replace

from ..book import number
from ..calculators.market import prices
from ..modes import PlayMode
from ..tables import (
    ALERT_START,
    OPERATION_CARDS,
    OPERATION_CARDS_EACH,
    PHANTOM_BASES,
    ROUND_START,
    ZONE_COSTS,
    ZONES,
    alert_max,
)

GAME = "space-syndicate"
RACKET = ("racket_credits", "racket_influence", "racket_crew")
STARTING = ("credits", "influence", "crew")
PHANTOM = "phantom"
"""The Phantom's id where a seat is named (2-player variation, syndicate.txt:667-691)."""
PHANTOM_SLOT = -1
"""The Phantom's place in the turn order (seats are 0, 1, ...)."""
ZONE_NAMES = tuple(z.value for z in ZONES)
TOTAL_TERRITORIES = sum(c.territories for c in ZONE_COSTS.values())
CHIPS_START = tuple(number("setup-bonus-chips", f"chips-{z}") for z in ZONE_NAMES)
"""Bonus chips placed face down at setup, one per territory of each zone (syndicate.txt:315)."""
LADDERS = ("tech", "assault")
SPECIALS = ("research-station", "military-installation", "mining-center", "casino")
"""The special bases a rule consults (syndicate.txt:210-234, 557-577), in the order a seat's
`specials` counts them."""
SPECIAL_WORDS = {"research-station": "Research Station",
                 "military-installation": "Military Installation",
                 "mining-center": "Mining Center", "casino": "Casino"}
RESEARCH = ("research-station", "military-installation")
"""The special bases that gather research: tech research, then weapons research (the tech and
assault ladders, in LADDERS order)."""
CARD_KINDS = ("other", "tax", "crackdown")
"""What a Sovereign card does as the table records it: a Tax card (resolved with each seat's
payment), a crackdown, or any other card (its text is on the card, not in the book)."""

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
    resolved_round: int | None = None
    """The round whose Sovereign card has been resolved for this seat (its tax paid, its
    effect recorded, or nothing to do): Resource Collection waits for every seat."""
    tax_flipped: tuple[int, ...] = (0, 0, 0)
    """Bases flipped for an unpaid tax, per zone, until the next Sovereign Card phase."""
    crew_flipped: tuple[int, ...] = (0, 0, 0)
    """Bases flipped for unpaid crew at the last collection, until the next Sovereign Card."""
    resources_known: bool = True
    """The table has entered the seat's starting credits, influence and crew (from its mat):
    until then the three counts above are not the seat's, and nothing spends or gains one."""
    hand: int = OPERATION_CARDS_EACH
    """Operation cards in hand: a count (their faces are the player's secret and stay off
    the companion); 4 dealt at setup (syndicate.txt:323)."""
    chips: int = 0
    """Bonus chips held, not yet played (syndicate.txt:435, 619-621)."""
    sleeper: bool = False
    """An activated sleeper lies face down on the mat (one at most, syndicate.txt:183, 534)."""
    sleeper_at: tuple[int, int] | None = None
    """The round and the turn (place in that round's order) it was activated in: it is
    played at a later point (syndicate.txt:179)."""
    specials: tuple[int, ...] = (0, 0, 0, 0)
    """Special bases owned, in SPECIALS order, as the table recorded them."""
    research: tuple[int, ...] = (0, 0)
    """Research markers on the seat's Research Stations and Military Installations."""
    research_placed: tuple[int, ...] = (0, 0)
    """Research markers placed this round (one per such base, syndicate.txt:482)."""


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
    """This round's Sovereign card is drawn (pardons and its resolution come after it)."""
    card: str | None = None
    """What this round's card does, as the table recorded it (CARD_KINDS); None for a card
    recorded before the kinds existed."""
    tax_per_base: int | None = None
    """A Tax card's credits for each base, once the table has said it."""
    destroyer_zone: str | None = None
    destroyer_owner: str | None = None
    """Whose base the Destroyer sits on (a seat id, the Phantom, or None: no base there)."""
    paced: bool = False
    """The table follows the phases (a turn ended, a card drawn, an action of the referee):
    sessions recorded before it existed only typed values, and still fold as they were."""
    deck: int = OPERATION_CARDS
    """Operation cards left in the draw deck (78, less the 4 dealt to each seat)."""
    discard: int = 0
    """Operation cards in the discard pile (played missions, sold cards, sleepers)."""
    chips_left: tuple[int, ...] = CHIPS_START
    """Bonus chips still face down on the board, per zone."""


RESOURCE_KINDS = frozenset({"mission", "robbery", "assault", "buy-base", "fortify-base",
                            "exchange", "sell-card", "pardon", "tax", "collect",
                            "pay-destroyer", "buy-level", "bonus-chip", "trade",
                            "sovereign-effect"})
"""Events that spend or gain a seat's credits, influence or crew (an assault with its roll)."""


def initial(setup: SessionSetup) -> State:
    seats = tuple(SeatState(s.credits or 0, s.influence or 0, s.crew or 0, s.tech, s.assault,
                            racket=s.racket, resources_known=s.credits is not None)
                  for s in setup.seats)
    return State(seats, orange_from=setup.orange_from, red_from=setup.red_from,
                 black_market_prices=setup.black_market_prices,
                 phantom_bases=PHANTOM_BASES if setup.mode is PlayMode.PHANTOM else None,
                 deck=OPERATION_CARDS - OPERATION_CARDS_EACH * len(seats))


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


def player_order(setup: SessionSetup, state: State) -> tuple[int, ...]:
    """The real seats in this round's order (the Sovereign card is resolved in it)."""
    return tuple(k for k in order(setup, state) if k != PHANTOM_SLOT)


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


def next_price(state: State, seat: SeatState, ladder: int) -> int | None:
    """Price of the lowest box without this seat's marker (markers fill from the bottom)."""
    ladder_prices = prices(state.black_market_prices)
    box = seat.markers[ladder] + 1
    return ladder_prices[box - 1] if box <= len(ladder_prices) else None


def pending(setup: SessionSetup, state: State) -> tuple[int, ...]:
    """Seats, in player order, whose part of this round's Sovereign card is still to be
    resolved (neither pardoned nor resolved)."""
    return tuple(k for k in player_order(setup, state)
                 if state.seats[k].pardoned_round != state.round
                 and state.seats[k].resolved_round != state.round)


def card_resolved(setup: SessionSetup, state: State) -> bool:
    """This round's card is drawn and resolved for every seat (Phase 3 may begin)."""
    return state.card_drawn and not pending(setup, state)


def resolution_begun(state: State) -> bool:
    """Some seat's part of this round's card is resolved: pardons come before that."""
    return any(s.resolved_round == state.round for s in state.seats)


def new_round(state: State, to: int) -> State:
    """Round `to` begins: dice, reinforcements and research placed this round reset
    (Resource Collection step 2, syndicate.txt:480), Phase 1 from the First Player."""
    seats = tuple(replace(s, dice_used=0, reinforcements_used=0, research_placed=(0, 0))
                  for s in state.seats)
    return replace(state, seats=seats, round=to, phase=TURNS, turn=0, acted=0,
                   out=frozenset(), card_drawn=False, card=None, tax_per_base=None)
