"""What a game gives the session kernel: its setup and event forms, how an event changes the
state, the state as each viewer may see it, the final score, and a board the page renders.

The kernel (history.py) owns the history, undo and revert; a game never sees those two kinds.
Open_spiel's split: the Tracker is the game's immutable rules, the state a value it folds.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from assistant.explain import Explained
from assistant.inputs import Form


@dataclass(frozen=True)
class Viewer:
    """Who is looking: the table's shared view (seat None) or one seat's own phone.

    Secrets (a hidden identity, a private plan) are part of a seat's own view only; the
    shared view and every other seat never carry them."""

    seat: str | None = None

    @property
    def shared(self) -> bool:
        return self.seat is None


SHARED = Viewer()


@dataclass(frozen=True)
class Wording:
    """The words pages and the join sheet use for this game's table."""

    seat: str = "seat"
    """One seat as the game names it ("Named Henchman", "villain", "player")."""
    seats: str = "seats"
    follows: str = "the shared record of the game and its final score"
    """What the follow code shows, completing "Scan to see ..."."""


@dataclass(frozen=True)
class Track:
    """A table-wide number (a clock, a round, an alert level): the page shows it with − and +,
    each sending `{"kind": event, field: new value}`. Read from state_json()[key]."""

    key: str
    label: str
    minimum: int
    maximum: int
    event: str
    field: str = "to"


@dataclass(frozen=True)
class Counter:
    """A number per seat, read from state_json()["seats"][i][key]. With `delta` the buttons
    send a change of ±1 in `field` (e.g. VP with its reason); otherwise the new value."""

    key: str
    label: str
    minimum: int
    maximum: int
    event: str
    field: str = "count"
    delta: bool = False
    skip: str = ""
    """A seat's setup flag (setup JSON) that, when true, leaves this counter off that seat."""


@dataclass(frozen=True)
class Toggles:
    """Numbered on/off boxes per seat (e.g. Betrayal Triggers 1-5); state_json()["seats"][i]
    [key] lists the numbers that are on. A tap sends {kind: event, seat, field: n, on: bool}."""

    key: str
    label: str
    numbers: tuple[int, ...]
    event: str
    field: str
    on: str = "active"
    skip: str = ""


@dataclass(frozen=True)
class Show:
    """A read-only table-wide value, state_json()[key]; with `seat_name` the value is a seat
    id shown as that seat's name."""

    key: str
    label: str
    seat_name: bool = False


@dataclass(frozen=True)
class Action:
    """A button (or a small form when it `asks` for fields of the event form) that records an
    event. `per_seat` puts one on every seat card (sending that seat); `confirm` asks first
    (a button's tap and a form's submit alike);
    `unless` hides it while state_json()[unless] is truthy; `own_phone`: what it sends is
    written by that seat's own phone (Tracker.writer), so it belongs only on the card of the
    seat the phone holds, never on the table's editor."""

    event: str
    label: str
    per_seat: bool = False
    asks: tuple[str, ...] = ()
    confirm: str = ""
    unless: str = ""
    skip: str = ""
    own_phone: bool = False
    leave_out: tuple[str, ...] = ()
    reveals: str = ""
    """An own_phone action that makes the seat's secret public (a reveal, a declared win):
    the key of the owner's own seat row (state_json for its own viewer) whose value becomes
    public. Its confirmation names that value before anything is sent."""
    """Options of its fields this action's form does not offer (the table's typed reveal has
    no "as entered on the phone": only the owner's phone reads its own entry)."""


@dataclass(frozen=True)
class Board:
    """What the session page shows and lets an editor change, declared by the game."""

    tracks: tuple[Track, ...] = ()
    shows: tuple[Show, ...] = ()
    counters: tuple[Counter, ...] = ()
    toggles: tuple[Toggles, ...] = ()
    actions: tuple[Action, ...] = ()
    seat_lines: tuple[str, ...] = field(default=())
    """Keys of state_json()["seats"][i] shown as a small line of text under each seat."""
    secret_lines: tuple[str, ...] = field(default=())
    """Those of seat_lines that, on the seat's own phone, say its secret (a plan, an
    Identity): the page keeps them covered until tapped, so a neighbour's glance reads
    nothing."""


class SeatLike(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def player(self) -> str | None:
        """The player's own name, where the seat has one apart from its name (else None)."""
        ...


class TableSetup(Protocol):
    """A game's session setup: whatever it holds, the kernel needs these."""

    @property
    def game(self) -> str: ...

    @property
    def mode(self) -> str: ...

    @property
    def seats(self) -> Sequence[SeatLike]: ...

    def to_json(self) -> dict[str, Any]: ...


class GameEvent(Protocol):
    @property
    def kind(self) -> str: ...

    def to_json(self) -> dict[str, Any]: ...


class Tracker(Protocol):
    """A game's rules of a table session. Every method is pure; `apply` and `parse_setup`
    raise assistant.errors.InvalidInput (naming the field and what is allowed) and change
    nothing."""

    @property
    def setup_form(self) -> Form: ...

    @property
    def event_forms(self) -> Mapping[str, Form]:
        """Each event kind's fields (`kind` itself is implied). Never "undo" or "revert"."""
        ...

    @property
    def wording(self) -> Wording: ...

    @property
    def example_setup(self) -> Mapping[str, Any]:
        """A valid create request, for the API docs and the conformance tests."""
        ...

    @property
    def example_events(self) -> Sequence[Mapping[str, Any]]:
        """Events that example_setup accepts in this order (docs, tests, benchmarks)."""
        ...

    @property
    def private_events(self) -> frozenset[str]:
        """Kinds whose content others must not see: a secret plan, a hidden identity. Each is
        about its own seat (its `seat` field), written by that seat's phone only (`writer`),
        undone only by that seat (never by the table's undo or revert), and exported sealed
        (kernel.export_event). Empty for a game without secrets (TrackerBase's default)."""
        ...

    def writer(self, setup: Any, event: Any) -> str | None:
        """Who may write `event`: None for the table (its edit token), else the id of the one
        seat whose own phone writes it (the API checks that seat's token). A private kind is
        always its seat's; a shared event a seat writes (an owner's reveal) discloses that
        seat's secret and stays in the history for good (kernel.discloses). Depends on the
        event alone (never on the state), and the stored form (`resolve`) has the same
        writer. InvalidInput for a seat not at this table."""
        ...

    def resolve(self, setup: Any, state: Any, event: Any) -> Any:
        """The event as it is stored: self-contained, so a replay never needs a private entry
        (an owner's "as entered" reveal stores the identity it reveals). The history calls it
        on every event before `apply`; InvalidInput (said only to the event's writer) if it
        cannot be. Most events are their own stored form (TrackerBase's default)."""
        ...

    def parse_setup(self, data: Mapping[str, Any]) -> Any: ...

    def parse_event(self, kind: str, values: Mapping[str, Any]) -> Any:
        """The game's event from form-checked values (see kernel.Event for a plain one)."""
        ...

    def initial(self, setup: Any) -> Any: ...

    def apply(self, setup: Any, state: Any, event: Any, version: int) -> Any:
        """The state after `event` (a stored form, see `resolve`). A sealed private entry
        (kernel.is_sealed: an import's entry without its secret) is accepted and changes only
        what the shared view shows of such an entry. Whether a shared event is accepted never
        depends on a private entry's content: a refusal would answer yes or no about it."""
        ...

    def forget(self, setup: Any, state: Any, seat: str) -> Any:
        """The state with `seat`'s private entries so far forgotten, as if never entered:
        the kernel's release of the seat (handed to a new phone, which enters the secret
        again). Changes nothing else, never refuses, and costs no more than an apply (a
        frozen state in, a frozen state out). A game without private kinds has nothing to
        forget (TrackerBase: the state as it is)."""
        ...

    def describe(self, event: Any, names: Mapping[str, str], viewer: Viewer) -> str:
        """One line for the history list, as `viewer` may read it."""
        ...

    def event_json(self, event: Any, viewer: Viewer) -> dict[str, Any]:
        """The event as `viewer` may see it (secret fields left out for others)."""
        ...

    def state_json(self, setup: Any, state: Any, viewer: Viewer) -> dict[str, Any]: ...

    def score(self, setup: Any, state: Any) -> Explained:
        """The score calculator's explained answer for the state, with each seat's standing
        (standings.table_score): rank, total, the seat's own steps each with its rule, the tie
        chain's reasons, and `final` False (the summary says "provisional") until `finished`."""
        ...

    def finished(self, setup: Any, state: Any) -> bool:
        """True once the rules have ended the game: the score is final and `moves` is empty."""
        ...

    def moves(self, setup: Any, state: Any) -> Sequence[Mapping[str, Any]]:
        """What the rules allow now, as request bodies (`kind` and every field, a choice
        pre-filled with one legal option): each is accepted by `apply` at this state (written
        by `writer`'s seat where it is a seat's own). Empty exactly when `finished`: a table is
        never left without a legal next step. Never depends on a private entry's content. A
        refusal names their kinds as what can be done now (kernel.what_now)."""
        ...

    def board(self, setup: Any) -> Board: ...

    @property
    def after_end(self) -> frozenset[str]:
        """Kinds still accepted once `finished` (TrackerBase: a note): nothing else is, so
        no event changes a final result (kernel.after_end)."""
        ...

    @property
    def end_rule(self) -> str | None:
        """The rule entry that ends the game, named by the refusal of a late event."""
        ...

    def dealt(self, setup: Any) -> dict[str, Any]:
        """What the setup dealt that the start page shows beside the names (TDT's Named
        Henchmen, Master Plan's Loser Lad): {} (TrackerBase) where it deals nothing."""
        ...

    def round_of(self, setup: Any, state: Any) -> int | None:
        """The round `state` is in, for the chart of the game (progress.py); None
        (TrackerBase): the chart has a start and an end only."""
        ...

    def tally(self, setup: Any, state: Any) -> tuple[str, dict[str, Any]] | None:
        """Each seat's measure now, with its unit, for the chart (TrackerBase: the standings'
        totals); None: the game charts nothing."""
        ...

    def start_seat(self, setup: Any) -> str | None:
        """Who started the game (the first player, the holder of a start token), where the
        setup says; None (TrackerBase) where it does not: the play log then names the first
        seat listed, marked so."""
        ...
