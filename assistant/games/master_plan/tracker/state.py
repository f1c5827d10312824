"""All Part of the Master Plan at the table: the session's setup and its frozen state (plain
values only: a folded state is stored as a snapshot). Where a round stands is rounds.py; how
an event changes the state is referee.py.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Step
from assistant.tracker import seat_ids
from assistant.tracker.chain import Chain
from assistant.tracker.chain import evolve as replace
from assistant.tracker.fields import check_form
from assistant.tracker.names import find_seat

from ..book import THROWDOWNS
from ..common import bag, key
from ..modes import STANDARD, check_players
from ..settings import SETTINGS
from .forms import GAME, SEAT_FORM, SETUP_FORM

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
    loser_lad: str | None
    """Who starts with Loser Lad; None: not said at creation (asked before the first Super is
    played, setup step 4)."""
    super_deck_size: int | None
    settings: Mapping[str, str]

    @property
    def throwdowns(self) -> int:
        return THROWDOWNS[len(self.seats)]

    @property
    def hand_size(self) -> int | None:
        return None if self.super_deck_size is None else self.super_deck_size // len(self.seats)

    def seat(self, value: str, field: str = "seat") -> Seat:
        """The seat `value` names (its id or its name, any case); InvalidInput on `field`."""
        found = find_seat([s.id for s in self.seats], [s.name for s in self.seats], value)
        if found is not None:
            return self.seats[found]
        raise InvalidInput(field, f"There is no player {value!r} at this table.",
                           ", ".join(s.name for s in self.seats), rule="mastermind")

    def to_json(self) -> dict[str, Any]:
        """The create request that gives this setup back (parse_setup(to_json()) == self)."""
        return {"game": self.game, "mode": self.mode,
                "seats": [s.to_json() for s in self.seats], "loser_lad": self.loser_lad,
                "super_deck_size": self.super_deck_size, **self.settings}


def parse_setup(data: Mapping[str, Any]) -> Setup:
    values = check_form(SETUP_FORM, data)
    raw = data.get("seats")
    if not isinstance(raw, list):
        raise InvalidInput("seats", "List the players in clockwise order.",
                           f"{STANDARD.min_players}-{STANDARD.max_players} seats")
    check_players(len(raw), "seats")
    items = []
    for i, row in enumerate(raw):
        if not isinstance(row, Mapping):
            raise InvalidInput(f"seats.{i}", "Each seat is an object with a name.", "{name}")
        items.append(check_form(SEAT_FORM, row, prefix=f"seats.{i}"))
    ids = seat_ids([r["name"] for r in items], [r.get("id") for r in items])
    seats = [Seat(sid, r["name"], r.get("rarity")) for sid, r in zip(ids, items, strict=True)]
    setup = Setup(GAME, STANDARD.slug, tuple(seats), None, values.get("super_deck_size"),
                  {s.name: values.get(s.name) or s.default for s in SETTINGS})
    if setup.super_deck_size is not None and setup.super_deck_size < len(seats):
        raise InvalidInput("super_deck_size", f"A deck of {setup.super_deck_size} cannot give "
                           f"each of {len(seats)} players a Super.", f"at least {len(seats)}")
    if "loser_lad" not in data:  # a new table that left him out: dealt by the seed
        key = values.get("seed") or "|".join(s.name for s in seats)
        return replace(setup, loser_lad=seats[random.Random(f"loser-lad:{key}")
                                                .randrange(len(seats))].id)
    if not values.get("loser_lad"):  # null: the table says before the first Super
        return setup
    return replace(setup, loser_lad=setup.seat(values["loser_lad"], "loser_lad").id)


def dealt(setup: Setup) -> dict[str, Any]:
    """What the seeded setup dealt, as the start form's values (a page shows the deal)."""
    holder = next((s.name for s in setup.seats if s.id == setup.loser_lad), None)
    return {"loser_lad": holder} if holder else {}


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
    picked: int = 0
    """Its place in the round's order of battles (1 first); 0 while nobody has picked it."""
    picked_by: str | None = None
    """Who picked it (the Loser Lad holder, Battle step 1), as recorded."""

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
                "sent_away": list(self.sent_away), "picked": self.picked or None,
                "picked_by": names[self.picked_by] if self.picked_by else None}

    def next_claimer(self) -> tuple[str, str, int] | None:
        if not self.battled or self.resolved:
            return None
        return self.survivors[len(self.claims)]


@dataclass(frozen=True)
class State:
    round: int
    loser_lad: str | None
    """Who holds Loser Lad (None until the table says, setup step 4)."""
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
    deck: int | None = None
    """The Super deck as counted during play (`super-deck`), in place of the setup's."""
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
                           ", ".join(str(t.number) for t in self.throwdowns) or "deal one first",
                           rule="assemble")

    @property
    def picks(self) -> int:
        """Throwdowns picked so far this round."""
        return sum(1 for t in self.throwdowns if t.picked)

    def with_throwdown(self, t: Throwdown) -> State:
        return replace(self, throwdowns=tuple(t if x.number == t.number else x
                                              for x in self.throwdowns))


def initial(setup: Setup) -> State:
    empty = {s.id: () for s in setup.seats}
    return State(1, setup.loser_lad, loot=empty, ko=empty, ko_earlier=empty)




def plan_missing(plan: Sequence[str], held: Sequence[str]) -> list[str]:
    """What of `plan` the Loot `held` does not cover (copies counted), sorted."""
    display = {key(x): x for x in plan}
    return sorted((display[k] for k, n in (bag(plan) - bag(held)).items() for _ in range(n)),
                  key=str.casefold)


Done = tuple[State, str, list[Step]]
"""An event handler's answer: the new state, the history line, the working (stored with the
event where it is one of forms.WORKED)."""


def done(state: State) -> Done:
    """A handler's answer when the history line is the event's own (views.describe)."""
    return state, "", []
