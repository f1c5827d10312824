"""All Part of the Master Plan at the table: the session's setup and state, and where a
round stands (Assemble: Throwdowns, then deployment; Battle and Loot one Throwdown at a time;
Regroup). tracker.py folds events into it; views.py shows it; referee.py says what comes next.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.inputs import Form, Integer, ListOf, OneOf, Text
from assistant.tracker import seat_id
from assistant.tracker.base import SAVED_ID
from assistant.tracker.chain import Chain
from assistant.tracker.chain import evolve as replace
from assistant.tracker.fields import check_form

from .book import THROWDOWNS
from .common import bag, key
from .modes import STANDARD, check_players
from .settings import CUMULATIVE, KO_PILES, SETTINGS

GAME = "master-plan"
MAX_THROWDOWN = max(THROWDOWNS.values())


# ---------------------------------------------------------------- setup

@dataclass(frozen=True)
class Seat:
    id: str
    name: str
    rarity: str | None = None
    """The Loot rarity side of this seat's Master Plan (public: it is dealt face up)."""

    @property
    def player(self) -> str | None:
        """The seat is its player (contract.SeatLike): no other name to show."""
        return None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "rarity": self.rarity}


@dataclass(frozen=True)
class Setup:
    game: str
    mode: str
    seats: tuple[Seat, ...]
    """Clockwise."""
    loser_lad: str
    super_deck_size: int | None
    settings: Mapping[str, str]

    @property
    def throwdowns(self) -> int:
        return THROWDOWNS[len(self.seats)]

    @property
    def hand_size(self) -> int | None:
        return None if self.super_deck_size is None else self.super_deck_size // len(self.seats)

    def seat(self, value: str, field: str = "seat") -> Seat:
        for seat in self.seats:
            if key(value) in (key(seat.id), key(seat.name)):
                return seat
        raise InvalidInput(field, f"There is no seat {value!r} at this table.",
                           ", ".join(s.name for s in self.seats))

    def to_json(self) -> dict[str, Any]:
        """The create request that gives this setup back (parse_setup(to_json()) == self)."""
        return {"game": self.game, "mode": self.mode,
                "seats": [s.to_json() for s in self.seats], "loser_lad": self.loser_lad,
                "super_deck_size": self.super_deck_size, **self.settings}


SEAT_FORM: Form = (
    Text("name", "The player's name.", max_length=40, required=True),
    Text("rarity", "Optional: the Loot rarity side of their Master Plan (it is public).",
         max_length=80),
    SAVED_ID,
)
SETUP_FORM: Form = (
    OneOf("game", "The game being played.", (GAME,), default=GAME),
    OneOf("mode", "The one way to play.", (STANDARD.slug,), default=STANDARD.slug),
    ListOf("seats", "The players in clockwise order.", SEAT_FORM,
           min_items=STANDARD.min_players, max_items=STANDARD.max_players, required=True),
    Text("loser_lad", "Who starts with Loser Lad (the most recent loser): one of the seats.",
         max_length=40, required=True, seat=True),
    Integer("super_deck_size", "Optional: Super cards in the deck (not printed in the "
            "rulebook); gives the hand size and when deployment ends.", minimum=1, maximum=500),
    *(s.field() for s in SETTINGS),
)


def parse_setup(data: Mapping[str, Any]) -> Setup:
    values = check_form(SETUP_FORM, data)
    raw = data.get("seats")
    if not isinstance(raw, list):
        raise InvalidInput("seats", "List the players in clockwise order.",
                           f"{STANDARD.min_players}-{STANDARD.max_players} seats")
    check_players(len(raw), "seats")
    seats: list[Seat] = []
    for i, row in enumerate(raw):
        if not isinstance(row, Mapping):
            raise InvalidInput(f"seats.{i}", "Each seat is an object with a name.", "{name}")
        item = check_form(SEAT_FORM, row, prefix=f"seats.{i}")
        sid = seat_id(item["name"])
        if any(s.id == sid for s in seats):
            raise InvalidInput(f"seats.{i}.name", f"Two players are called {item['name']!r}.",
                               "a different name per player")
        seats.append(Seat(sid, item["name"], item.get("rarity")))
    setup = Setup(GAME, STANDARD.slug, tuple(seats), "", values.get("super_deck_size"),
                  {s.name: values.get(s.name) or s.default for s in SETTINGS})
    if setup.super_deck_size is not None and setup.super_deck_size < len(seats):
        raise InvalidInput("super_deck_size", f"A deck of {setup.super_deck_size} cannot give "
                           f"each of {len(seats)} players a Super.", f"at least {len(seats)}")
    return replace(setup, loser_lad=setup.seat(values["loser_lad"], "loser_lad").id)


# ---------------------------------------------------------------- state

@dataclass(frozen=True)
class Revealed:
    """One face-up Super at a Throwdown, as the table entered it."""

    values: Mapping[str, Any]

    @property
    def name(self) -> str:
        return str(self.values["name"])


@dataclass(frozen=True)
class Throwdown:
    number: int
    loot: tuple[str, ...]
    """On the card: as dealt, then as Abilities moved it."""
    squads: Mapping[str, int] = field(default_factory=dict)
    """Seat id → Supers deployed face down (what they are stays hidden)."""
    revealed: tuple[Revealed, ...] = ()
    battled: bool = False
    survivors: tuple[tuple[str, str, int], ...] = ()
    """(Super, seat id, Action Number) in claim order."""
    knocked_out: tuple[Mapping[str, Any], ...] = ()
    claims: tuple[tuple[str, str, str], ...] = ()
    """(Super, seat id, Loot) in order."""
    resolved: bool = False
    returned: tuple[str, ...] = ()
    summary: str = ""
    """The battle answer's one-line summary (says when another setting would change it)."""
    other_settings: tuple[str, ...] = ()
    """Settings whose other option would have changed this battle."""
    set_aside: tuple[str, ...] = ()
    """Seat ids of face-down Supers set aside here: played where their side could not go."""
    sent_away: tuple[str, ...] = ()
    """Supers an Ability sent away without a knock-out."""

    def left(self) -> Counter[str]:
        return bag(self.loot) - bag(c[2] for c in self.claims)

    def shown(self, seat: str) -> int:
        return sum(1 for r in self.revealed if r.values["owner"] == seat)

    def face_down(self, seat: str) -> int:
        return self.squads.get(seat, 0) - self.shown(seat)

    def to_json(self, names: Mapping[str, str]) -> dict[str, Any]:
        nxt = self.next_claimer()
        display = {key(x): x for x in self.loot}
        return {"number": self.number, "loot": list(self.loot),
                # once resolved, what was not claimed went back to the bag (`returned`)
                "loot_left": [] if self.resolved else sorted(
                    (display[k] for k, n in self.left().items() for _ in range(n)),
                    key=str.casefold),
                "squads": {names[s]: n for s, n in self.squads.items()},
                "revealed": [r.name for r in self.revealed] if self.revealed else [],
                "status": "resolved" if self.resolved else "battled" if self.battled
                else "waiting",
                "survivors": [{"super": s, "seat": names[o], "action_number": a}
                              for s, o, a in self.survivors],
                "knocked_out": [dict(k) for k in self.knocked_out],
                "claims": [{"super": s, "seat": names[o], "loot": x} for s, o, x in self.claims],
                "next_claimer": None if nxt is None else {"super": nxt[0], "seat": names[nxt[1]]},
                "returned": list(self.returned), "battle_summary": self.summary,
                "changed_by_other_setting": list(self.other_settings),
                "set_aside": [names[s] for s in self.set_aside],
                "sent_away": list(self.sent_away)}

    def next_claimer(self) -> tuple[str, str, int] | None:
        if not self.battled or self.resolved:
            return None
        return self.survivors[len(self.claims)]


@dataclass(frozen=True)
class State:
    round: int
    loser_lad: str
    throwdowns: tuple[Throwdown, ...] = ()
    deployments: tuple[tuple[str, int], ...] = ()
    """This round's deployment turns in order: (seat id, Throwdown; 0 for a Super set aside)."""
    loot: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    ko: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """This round's KO pile: Action Numbers."""
    ko_earlier: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    plans: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Private: each seat's Master Plan requirements, as entered on its own phone."""
    plans_after_loot: tuple[str, ...] = ()
    """Public: seats whose plan was entered or changed while they already held Loot (the card
    is dealt once at setup, so the table checks it at the reveal)."""
    winner: str | None = None
    revealed_plan: tuple[str, ...] = ()
    regroups: tuple[str, ...] = ()
    """Each Regroup's Loser Lad answer in one line (says when the other KO setting differs)."""
    over: bool = False
    notes: Chain[str] = field(default_factory=Chain)
    deployment_over: bool = False
    """Without a deck size: the table turned to the battles (its first reveal or battle)."""
    old_rules: bool = False
    """This round's Throwdowns were stored before the session knew the round's stages (their
    stored form has no `result`): its reveals and battles fold under the rules they were
    recorded by (any Throwdown's reveals, no deployment needed without a deck size)."""

    @property
    def plays(self) -> int:
        """Deployment turns taken this round (turn order follows from it)."""
        return len(self.deployments)

    def throwdown(self, number: int) -> Throwdown:
        for t in self.throwdowns:
            if t.number == number:
                return t
        raise InvalidInput("throwdown", f"Throwdown {number} has not been dealt this round.",
                           ", ".join(str(t.number) for t in self.throwdowns) or "deal one first")

    def with_throwdown(self, t: Throwdown) -> State:
        return replace(self, throwdowns=tuple(t if x.number == t.number else x
                                              for x in self.throwdowns))


def initial(setup: Setup) -> State:
    empty = {s.id: () for s in setup.seats}
    return State(1, setup.loser_lad, loot=empty, ko=empty, ko_earlier=empty)


# ---------------------------------------------------------------- the round's structure

DEAL, DEPLOY, BATTLE, REGROUP, OVER = "deal", "deploy", "battle", "regroup", "over"


def deck_size(setup: Setup, state: State) -> int | None:
    """The Super deck this round: every Super comes back at Regroup (:68) except, with
    cumulative KO piles, those kept in the piles (derived: a kept pile is not in the deck)."""
    if setup.super_deck_size is None:
        return None
    kept = sum(len(v) for v in state.ko_earlier.values()) \
        if setup.settings[KO_PILES.name] == CUMULATIVE else 0
    return max(setup.super_deck_size - kept, 0)


def hand_size(setup: Setup, state: State) -> int | None:
    """Deal the deck out evenly, the rest aside (Recruit, :28)."""
    deck = deck_size(setup, state)
    return None if deck is None else deck // len(setup.seats)


def deployment_total(setup: Setup, state: State) -> int | None:
    hand = hand_size(setup, state)
    return None if hand is None else hand * len(setup.seats)


def recruit_text(setup: Setup, state: State) -> str:
    deck, hand = deck_size(setup, state), hand_size(setup, state)
    if deck is None or hand is None:
        return "Super deck size not given: deployment ends when the table turns to the battles."
    n = len(setup.seats)
    kept = (setup.super_deck_size or 0) - deck
    whence = (f"{setup.super_deck_size} Supers less {kept} kept in KO piles (cumulative) = "
              f"{deck}" if kept else f"{deck} Supers")
    return (f"Round {state.round} deal: {whence}; {hand} each to {n} players, "
            f"{deck - hand * n} set aside (rule recruit).")


def deploying(setup: Setup, state: State) -> bool:
    if state.old_rules and any(t.battled for t in state.throwdowns):
        return False
    total = deployment_total(setup, state)
    return state.plays < total if total is not None else not state.deployment_over


def stage(setup: Setup, state: State) -> str:
    """Where the round is: dealing Throwdowns, deploying, battles (with their claims), Regroup."""
    if state.winner or state.over:
        return OVER
    if len(state.throwdowns) < setup.throwdowns:
        return DEAL
    if deploying(setup, state):
        return DEPLOY
    if any(not t.resolved for t in state.throwdowns):
        return BATTLE
    return REGROUP


def current(state: State) -> Throwdown | None:
    """The Throwdown being resolved: revealed (or a Super set aside) and not yet looted."""
    for t in state.throwdowns:
        if not t.resolved and (t.battled or t.revealed or t.set_aside):
            return t
    return None


def _order(setup: Setup, state: State) -> list[Seat]:
    start = [s.id for s in setup.seats].index(state.loser_lad)
    n = len(setup.seats)
    return [setup.seats[(start + i) % n] for i in range(n)]


def next_deployer(setup: Setup, state: State) -> Seat | None:
    if not deploying(setup, state):
        return None
    order = _order(setup, state)
    return order[state.plays % len(order)]


def to_battles(setup: Setup, state: State) -> State:
    """The state ready for a reveal or a battle, or the refusal saying which stage it is in."""
    where = stage(setup, state)
    if state.old_rules and where in (DEAL, DEPLOY):
        return old_to_battles(setup, state)
    if where == DEAL:
        raise InvalidInput("kind", f"Deal all {setup.throwdowns} Throwdowns and deploy first "
                           "(Assemble comes before Battle, rule round-overview).", "throwdown")
    if where != DEPLOY:
        return state
    total = deployment_total(setup, state)
    nxt = next_deployer(setup, state)
    assert nxt is not None
    if total is not None:
        raise InvalidInput("kind", f"Deployment is not over: {nxt.name} still has a Super to "
                           f"play ({state.plays} of {total} turns taken; every hand is emptied "
                           "first, rule deployment-end). Deployed Supers stay face down until "
                           "their Throwdown's battle (rule battle-reveal).", "deploy")
    n = len(setup.seats)
    if state.plays == 0:
        raise InvalidInput("kind", "Nobody has deployed a Super this round: deployment comes "
                           "before the battles (rule deployment).", "deploy")
    if state.plays % n:
        waiting = [s.name for s in _order(setup, state)[state.plays % n:]]
        raise InvalidInput("kind", "Hands are dealt evenly (rule recruit), so deployment ends "
                           f"only after a full round of turns: {', '.join(waiting)} still to "
                           "play.", "deploy")
    return replace(state, deployment_over=True)


def old_to_battles(setup: Setup, state: State) -> State:
    """A round stored before the stages were known: only a known deck's deployment waited."""
    total = deployment_total(setup, state)
    nxt = next_deployer(setup, state)
    if total is not None and nxt is not None:
        raise InvalidInput("kind", f"Deployment is not over: {nxt.name} still has a Super to "
                           "play.", "deploy")
    return state


def one_at_a_time(state: State, t: Throwdown, fight: bool = False) -> None:
    if state.old_rules:  # a stored round: only a battle waited, for the claims before it
        open_claims = [x.number for x in state.throwdowns
                       if x.battled and not x.resolved and x.number != t.number]
        if fight and open_claims:
            raise InvalidInput("kind", f"Finish the Loot claims at Throwdown {open_claims[0]} "
                               "first.", "claim")
        return
    c = current(state)
    if c is not None and c.number != t.number:
        doing = "its Loot claims" if c.battled else "its battle"
        raise InvalidInput("throwdown", f"Throwdown {c.number} is being resolved: finish "
                           f"{doing} first. The Loser Lad holder picks one Throwdown at a time "
                           "(rule battle-reveal).", str(c.number))


def plan_missing(plan: Sequence[str], held: Sequence[str]) -> list[str]:
    display = {key(x): x for x in plan}
    return sorted((display[k] for k, n in (bag(plan) - bag(held)).items() for _ in range(n)),
                  key=str.casefold)
