"""The state of a table: a frozen value the referee folds events into (referee.py), and the
small helpers every part of the referee shares (a refusal naming its rule, a seat's record,
paying a price in one Resource).

What it holds, by the rulebook's components: each seat's VP by source, objectives, Betrayal
Triggers, Resources by kind (its Vault), Gadgets, Faceless Henchmen at Base, three Squads
(size, whether the Named Henchman rides in it, the tile it is on), its Staging Markers this
round and its Mission Tiles in the Vault; for the table: the Doomsday Clock, the Technology
Track, the Doomsday Plan, the Betrayer, the Team Leader, the round, stage, Phase and the step
within it, whose turn it is, Spoils (High Alert tokens) on each mission tile, the High Alert
tokens on each Agent HQ, where each Agent stands, face-up Directives and Gadgets in R&D, the
Communal Vault (Syndicate) and what this Phase has seen (Deployments, Conflicts, Spoils
generated, missions completed, Agents bought off).

Readings we chose (the rulebook is silent or garbled; README "Readings"):
- Tech track floor 1 (derived; see costs.TECH_FLOOR_NOTE). Its start is not in the rulebook,
  so it is unknown until the table sets it (at creation or with a `tech` correction).
- A VP loss comes out of the bucket it names and may not take it below 0.
- Resources a table counted without their kinds ("Any Resources" of Goodman's starting
  assets, an older table's single count) are kept apart as `unsorted`: a price in one kind is
  paid from that kind first and the rest from them, so a table that does not sort its
  Resources is never blocked, and one that does is refereed kind by kind.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker.chain import Chain
from assistant.tracker.chain import evolve as replace

from ..modes import PlayMode
from ..setup_data import GOODMAN_ASSETS
from .forms import Agency, ObjectiveKind, Resource, Stage
from .setup import GOODMAN_ID, SessionSetup
from .turns import Turns

BASE = "Base"
"""Where a Squad at home is (the Betrayer's home is the Bolthole, their Base)."""
GLOBAL_EVENT_VP = 1
"""A solved Global Event gives 1 VP (Monologuing › Global Events)."""
START_DIRECTIVES = 3
START_GADGETS = 3
"""Three Directives and three Gadget Cards face up at setup (Setup, steps 4-5)."""


def refuse(field: str, detail: str, allowed: str | None, rule: str) -> InvalidInput:
    """A refusal by the rules: `rule` names the entry of the game's rules reference."""
    return InvalidInput(field, detail, allowed, rule=rule)


@dataclass(frozen=True)
class Purse:
    """A Vault's Resources by kind, and those counted without their kind."""

    funding: int = 0
    espionage: int = 0
    corruption: int = 0
    data_cache: int = 0
    infamy: int = 0
    unsorted: int = 0

    def of(self, kind: Resource) -> int:
        value: int = getattr(self, kind.attr)
        return value

    @property
    def total(self) -> int:
        return sum(self.of(r) for r in Resource) + self.unsorted

    def plus(self, kind: Resource | None, n: int) -> Purse:
        if kind is None:
            return replace(self, unsorted=self.unsorted + n)
        return replace(self, **{kind.attr: self.of(kind) + n})

    def set(self, kind: Resource, n: int) -> Purse:
        return replace(self, **{kind.attr: n})

    def can_pay(self, kind: Resource, n: int) -> bool:
        return self.of(kind) + self.unsorted >= n

    def paid(self, kind: Resource, n: int) -> Purse:
        """`n` of `kind` spent: that kind first, the rest from the unsorted ones."""
        own = min(self.of(kind), n)
        return replace(self, **{kind.attr: self.of(kind) - own},
                       unsorted=self.unsorted - (n - own))

    def merged(self, other: Purse) -> Purse:
        return Purse(*(a + b for a, b in zip(self.counts(), other.counts(), strict=True)))

    def counts(self) -> tuple[int, ...]:
        return (self.funding, self.espionage, self.corruption, self.data_cache, self.infamy,
                self.unsorted)

    def words(self) -> str:
        parts = [f"{self.of(r)} {r.word}" for r in Resource if self.of(r)]
        if self.unsorted:
            parts.append(f"{self.unsorted} not sorted by kind")
        return ", ".join(parts) or "none"

    def to_json(self) -> dict[str, int]:
        return {**{r.attr: self.of(r) for r in Resource}, "unsorted": self.unsorted}


def holding(purse: Purse, kind: Resource) -> str:
    """"2 Funding" or "2 Funding (and 3 Resources not sorted by kind)"."""
    extra = f" (and {purse.unsorted} Resources not sorted by kind)" if purse.unsorted else ""
    return f"{purse.of(kind)} {kind.word}{extra}"


@dataclass(frozen=True)
class Squad:
    size: int = 0
    """Henchmen in it, the Named Henchman included; 0: no such Squad."""
    named: bool = False
    """The Named Henchman rides in it."""
    at: str = BASE
    """The tile it is on (BASE at home)."""

    @property
    def home(self) -> bool:
        return self.at == BASE

    def words(self) -> str:
        who = " with the Named Henchman" if self.named else ""
        return f"{self.size}{who} at {self.at}"


NO_SQUADS = (Squad(), Squad(), Squad())


@dataclass(frozen=True)
class Objective:
    kind: ObjectiveKind
    vp: int
    title: str | None
    version: int
    """The version at which it was recorded."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "vp": self.vp, "title": self.title,
                "version": self.version}


@dataclass(frozen=True, slots=True)
class Note:
    """A table's note (slots: a long evening's table holds hundreds, each half the size)."""

    text: str
    seat: str | None
    version: int


@dataclass(frozen=True)
class SeatState:
    id: str
    vp_goodman: int = 0
    vp_other: int = 0
    objectives: tuple[Objective, ...] = ()
    triggers: frozenset[int] = frozenset()
    """Active Betrayal Triggers by number; 1 is the Team Leader trigger."""
    purse: Purse = Purse()
    gadgets: int = 0
    faceless: int | None = 0
    """Faceless Henchmen at the Base, not in a Squad; None where the table has not said
    (the rulebook gives a team's total, not each seat's)."""
    squads: tuple[Squad, Squad, Squad] = NO_SQUADS
    squads_known: bool = False
    """The table has recorded this seat's Squads (before that, Squads are not checked)."""
    markers: tuple[str | None, str | None, str | None] | None = None
    """This round's numbered Staging Markers: per Phase its tile ("" unnamed) or None (no
    marker for that Phase); None as a whole: not recorded this round."""
    tiles: int = 0
    """Mission Tiles in the Vault (from a hand-out, corrupting an Agency, a swap)."""

    @property
    def resources(self) -> int:
        return self.purse.total

    def vp_from(self, *kinds: ObjectiveKind) -> int:
        return sum(o.vp for o in self.objectives if o.kind in kinds)

    @property
    def vp_objectives(self) -> int:
        return self.vp_from(ObjectiveKind.SIDE_JOB, ObjectiveKind.DISLOYAL_SIDE_JOB,
                            ObjectiveKind.DIRECTIVE, ObjectiveKind.GLOBAL_EVENT)

    @property
    def vp_nefarious(self) -> int:
        return self.vp_from(ObjectiveKind.NEFARIOUS_PLAN)

    @property
    def vp_held(self) -> int:
        """VP before trigger penalties (what "last in VP" is judged on)."""
        return self.vp_goodman + self.vp_other + self.vp_objectives + self.vp_nefarious

    @property
    def named_home(self) -> bool:
        """The Named Henchman is at the Base (not riding in a Squad out on the War Map)."""
        return all(s.home or not s.named for s in self.squads)

    def count(self, *kinds: ObjectiveKind) -> int:
        return sum(1 for o in self.objectives if o.kind in kinds)

    def ledger_json(self) -> dict[str, Any]:
        """A seat as a plain ledger shows it (sessions stored before the rounds)."""
        return {"id": self.id, "vp": self.vp_held, "vp_goodman": self.vp_goodman,
                "vp_other": self.vp_other, "vp_objectives": self.vp_objectives,
                "vp_nefarious": self.vp_nefarious, "triggers": sorted(self.triggers),
                "resources": self.resources, "gadgets": self.gadgets,
                "objectives": [o.to_json() for o in self.objectives]}

    def to_json(self) -> dict[str, Any]:
        squads = [s for s in self.squads if s.size]
        return {**self.ledger_json(), **self.purse.to_json(), "faceless": self.faceless,
                "vault_tiles": self.tiles,
                "squads": [{"size": s.size, "named": s.named, "at": s.at}
                           for s in self.squads],
                "squad_line": ("; ".join(f"Squad {i}: {s.words()}" for i, s in
                                         enumerate(self.squads, 1) if s.size)
                               if squads else ("no Squads" if self.squads_known else "")),
                "markers": list(self.markers) if self.markers is not None else None,
                "marker_line": _markers(self.markers),
                "resource_line": self.purse.words()}


def _markers(markers: tuple[str | None, ...] | None) -> str:
    if markers is None:
        return ""
    phases = [f"Phase {n}" + (f" ({tile})" if tile else "")
              for n, tile in enumerate(markers, 1) if tile is not None]
    return "Staging Markers: " + (", ".join(phases) or "blanks only")


@dataclass(frozen=True)
class Tile:
    """A mission tile's Spoils (High Alert tokens on it)."""

    name: str
    spoils: int = 0


@dataclass(frozen=True)
class State:
    seats: tuple[SeatState, ...]
    clock: int
    tech: int | None
    doomsday_revealed: bool = False
    doomsday_completed: bool = False
    betrayer: str | None = None
    team_leader: str | None = None
    notes: Chain[Note] = field(default_factory=Chain)
    round: int = 1
    stage: Stage = Stage.SCHEMING
    phase: int = 0
    """The Villainy Phase, 1-3 (0 in other stages)."""
    step: int = 0
    """The Action reached within the stage (rounds.STEPS), so none is taken out of order."""
    turn: Turns | None = None
    """Whose turn it is in a step played in turns (Coordination, Tithe, Directives, Side
    Jobs); None until the step's first turn."""
    hires: int = 0
    """Syndicate: Named Henchmen hired this round (in play until the round ends)."""
    attacked: frozenset[str] = frozenset()
    """Seats that initiated a Conflict this Villainy Phase (once per Phase)."""
    deployed: frozenset[str] = frozenset()
    """Seats that funded their Deployment this Villainy Phase (one Phase Marker each)."""
    passed: frozenset[str] = frozenset()
    """Seats that let this Phase's Deployment go by (no marker, or no Funding)."""
    missions: frozenset[str] = frozenset()
    """Resource and Doomsday Missions completed (casefolded names): never completed twice."""
    completed_now: frozenset[str] = frozenset()
    """Missions completed this Phase (no Spoils generated there until the next)."""
    generated: frozenset[str] = frozenset()
    """Tiles a Spoil was generated on this Phase (one per tile per Phase)."""
    tiles: tuple[Tile, ...] = ()
    """Mission tiles holding Spoils."""
    alert: tuple[int, int] = (0, 1)
    """High Alert tokens on the CIA HQ and the Interpol HQ (Interpol starts with one)."""
    agents: tuple[str, str] = ("HQ", "HQ")
    """Where the CIA and the Interpol Agent stand ("HQ": at their Headquarters)."""
    bought: frozenset[str] = frozenset()
    """Agents bought off with Corruption this Phase."""
    directives: int = START_DIRECTIVES
    """Goodman Directives face up in the Directives area."""
    rnd: int = START_GADGETS
    """Gadget Cards face up in R&D."""
    doomsday_flipped: bool = False
    """A Doomsday Mission was flipped (the first flip puts High Alert on the CIA HQ)."""
    communal: Purse = Purse()
    """Syndicate: the Communal Vault."""
    global_events: int = 0
    """Global Event cards the Betrayer flipped."""

    def seat(self, seat_id: str) -> SeatState:
        return next(s for s in self.seats if s.id == seat_id)

    def spoils(self, tile: str) -> int:
        key = tile.strip().casefold()
        return next((t.spoils for t in self.tiles if t.name.casefold() == key), 0)

    def with_spoils(self, tile: str, n: int) -> State:
        key = tile.strip().casefold()
        kept = tuple(t for t in self.tiles if t.name.casefold() != key)
        return replace(self, tiles=(*kept, Tile(tile.strip(), n)) if n else kept)

    def alert_of(self, agency: Agency) -> int:
        return self.alert[0 if agency is Agency.CIA else 1]

    def with_alert(self, agency: Agency, n: int) -> State:
        cia, interpol = self.alert
        return replace(self, alert=(n, interpol) if agency is Agency.CIA else (cia, n))

    def agent_at(self, agency: Agency) -> str:
        return self.agents[0 if agency is Agency.CIA else 1]

    def ledger_json(self) -> dict[str, Any]:
        return {**self._table_json(), "seats": [s.ledger_json() for s in self.seats]}

    def _table_json(self) -> dict[str, Any]:
        """The ledger's fields but the seats' (each view words its seats its own way)."""
        return {"clock": self.clock, "tech": self.tech,
                "doomsday_revealed": self.doomsday_revealed,
                "doomsday_completed": self.doomsday_completed, "betrayer": self.betrayer,
                "team_leader": self.team_leader,
                "notes": [{"text": n.text, "seat": n.seat, "version": n.version}
                          for n in self.notes]}

    def to_json(self, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """`seats`: the seats as the caller words them (else each seat's to_json)."""
        return {**self._table_json(),
                "seats": [s.to_json() for s in self.seats] if seats is None else seats,
                "high_alert": {"cia": self.alert[0], "interpol": self.alert[1]},
                "agents": {"cia": self.agents[0], "interpol": self.agents[1]},
                "spoils": {t.name: t.spoils for t in self.tiles},
                "completed_missions": sorted(self.missions),
                "directives": self.directives, "rnd": self.rnd,
                "communal": self.communal.to_json(),
                "alert_line": f"CIA {self.alert[0]}, Interpol {self.alert[1]}",
                "board_line": (f"CIA {self.alert[0]} at {self.agents[0]}, Interpol "
                               f"{self.alert[1]} at {self.agents[1]}"
                               + "".join(f"; {t.name} {t.spoils}" for t in self.tiles))}


def initial(setup: SessionSetup) -> State:
    over = setup.rounds and setup.clock == 0  # a table set up on 0 has nothing to play
    seats = []
    named = len(setup.henchmen)
    for s in setup.seats:
        if s.goodman:  # General Goodman's Starting Assets (Cutthroat)
            assets = GOODMAN_ASSETS.get(named)
            seats.append(SeatState(s.id) if assets is None or not setup.refereed else SeatState(
                s.id, vp_other=assets.vp, purse=Purse(unsorted=assets.resources),
                faceless=assets.faceless_henchmen))
        elif setup.mode is PlayMode.CUTTHROAT or not setup.refereed:
            seats.append(SeatState(s.id))  # Goodman hands Resources and Henchmen out
        elif setup.mode is PlayMode.MAYHEM:  # any one Resource each; the team's Faceless
            seats.append(SeatState(s.id, purse=Purse(unsorted=1), faceless=None))
        else:  # Syndicate: no Resources; the team's 6 − N Faceless, split as it likes
            seats.append(SeatState(s.id, faceless=None))
    return State(tuple(seats), setup.clock, setup.tech, team_leader=setup.team_leader,
                 stage=Stage.OVER if over else Stage.SCHEMING)


# --- helpers the referee's parts share --------------------------------------------------------

def name(setup: SessionSetup, seat_id: str) -> str:
    return setup.seat(seat_id).name


def put(state: State, seat: SeatState) -> State:
    return replace(state, seats=tuple(seat if s.id == seat.id else s for s in state.seats))


def henchman(setup: SessionSetup, state: State, seat_id: str | None, what: str,
             field: str = "seat") -> SeatState:
    """A Named Henchman's record; General Goodman has no miniature on the War Map."""
    seat = setup.seat(seat_id or "", field)
    if seat.goodman:
        raise refuse(field, f"General Goodman has no miniature on the War Map, so he does not "
                     f"{what}; pick a Named Henchman.", "a Named Henchman's seat",
                     "goodman-role")
    return state.seat(seat.id)


def pay(setup: SessionSetup, state: State, seat: SeatState, kind: Resource, n: int,
        what: str, rule: str, field: str = "seat") -> State:
    """`seat` pays `n` of `kind` for `what`; a refusal names the Resource it is short of."""
    if not seat.purse.can_pay(kind, n):
        raise refuse(field, f"{what} costs {n} {kind.word}; "
                     f"{name(setup, seat.id)} holds {holding(seat.purse, kind)}.",
                     f"{n} or more {kind.word}", rule)
    return put(state, replace(seat, purse=seat.purse.paid(kind, n)))


def goodman_seat(setup: SessionSetup) -> str | None:
    return next((s.id for s in setup.seats if s.goodman), None)


def loyal(setup: SessionSetup, state: State) -> list[str]:
    """The Named Henchmen who have not betrayed, in seat order."""
    return [s.id for s in setup.henchmen if s.id != state.betrayer]


def is_goodman(seat_id: str) -> bool:
    return seat_id == GOODMAN_ID
