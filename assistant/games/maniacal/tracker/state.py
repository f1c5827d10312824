"""A Maniacal table session: its setup and its state, frozen values of plain data.

The state holds what the rules consult: the round and phase; per seat money, Infamy, the four
attraction scores, the henchmen held by kind (Lackey and Bodyguard included), Mercenaries,
Injury tokens and Powers (with those on Mercenaries apart, as they leave at Clean-up), the
Schemes in hand (a count: the cards are hidden), rooms built and used, what is exhausted; and
table-wide the Time track, the Player Order track, the Scheme deck and its discard pile, the
Mercenary deck and the Power deck. Values the book does not print come from the table's own
entries (setup or the "table-values" event) and are never filled in.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker import Seat, seat_ids, seat_of
from assistant.tracker.chain import Chain
from assistant.tracker.fields import check_form

from ..facts import MAX_PLAYERS, MIN_PLAYERS, ROUND_ONE_WEEKS, number
from ..setup import starting_money
from .forms import (
    KINDS,
    MERCENARY,
    MERCENARY_CARDS,
    POWER_CARDS,
    SCHEME_CARDS,
    SEAT,
    SETUP_FORM,
    TABLE_VALUES,
    TYPES,
)

BASE, HENCHMEN, CONTRACT, OVER = "base-building", "henchmen", "contract", "over"
PHASE_WORDS = {BASE: "Base Building", HENCHMEN: "Henchmen", CONTRACT: "Contract",
               OVER: "final scoring"}


@dataclass(frozen=True)
class SessionSetup:
    seats: tuple[Seat, ...]
    attraction_start: int | None
    """The number on the attraction tracks' start space, if the table gave it at the start
    (else the "table-values" event brings it, see `attraction_start`)."""
    bodyguards: bool = False
    bodyguards_house_rule: bool = False
    """Bodyguards with fewer than 5 players: the table's own rule (maniacal.txt:339)."""
    values: tuple[tuple[str, Any], ...] = ()
    """Table values entered at setup (Time-track starts, money bonus, Contract Key row)."""
    game: str = "maniacal"
    mode: str = "standard"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game, "mode": self.mode,
            **({} if self.attraction_start is None
               else {"attraction_start": self.attraction_start}),
            "bodyguards": self.bodyguards,
            **({"bodyguards_house_rule": True} if self.bodyguards_house_rule else {}),
            "seats": [s.to_json() for s in self.seats]}
        out.update({k: ", ".join(map(str, v)) if isinstance(v, tuple) else v
                    for k, v in self.values})
        return out


def parse_setup(data: Mapping[str, Any]) -> SessionSetup:
    values = check_form(SETUP_FORM, data)
    raw = data.get("seats")
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise InvalidInput("seats", f"Maniacal seats {MIN_PLAYERS} to {MAX_PLAYERS} players "
                           "(worked out from the components).",
                           f"{MIN_PLAYERS}-{MAX_PLAYERS} seats", rule="player-count")
    rows = [check_form(SEAT, item if isinstance(item, Mapping) else {}, f"seats.{i}")
            for i, item in enumerate(raw)]
    ids = seat_ids([r["name"] for r in rows], [r.get("id") for r in rows])
    seats = [Seat(sid, r["name"], r.get("player")) for sid, r in zip(ids, rows, strict=True)]
    table = tuple(sorted(table_values({f.name: values.get(f.name)
                                       for f in TABLE_VALUES}).items()))
    guards, own_rule = bool(values.get("bodyguards")), bool(values.get("bodyguards_house_rule"))
    # a saved setup (storage, an export: its seats carry their ids) from before the question
    # was asked keeps its Bodyguards, shown as the table's own rule
    saved = all(isinstance(item, Mapping) and item.get("id") for item in raw)
    own_rule = own_rule or saved
    if guards and len(seats) < MAX_PLAYERS and not own_rule:
        raise InvalidInput("bodyguards", f"The Bodyguard option is written for {MAX_PLAYERS}-"
                           f"player games, where henchmen run short; this table has "
                           f"{len(seats)} players. Leave it off, or tick the box that plays it "
                           "as your table's own rule.",
                           "the option off, or played as your table's own rule",
                           rule="bodyguard-option")
    return SessionSetup(tuple(seats), values.get("attraction_start"), guards,
                        guards and own_rule and len(seats) < MAX_PLAYERS, table)


def bonus_list(text: str, field_name: str = "money_bonus") -> tuple[int, ...]:
    """The money-bonus values typed as "5, 3, 1" (1st place first)."""
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if not parts or not all(p.isdigit() for p in parts) or len(parts) > MAX_PLAYERS:
        raise InvalidInput(field_name, f"Enter the bonus per money place as whole numbers, "
                           f"1st place first; got {text!r}.",
                           f"1-{MAX_PLAYERS} numbers such as 5, 3, 1", rule="money-bonus")
    return tuple(int(p) for p in parts)


FACES_MAX = 12


def face_list(text: str, field_name: str) -> tuple[tuple[int, bool], ...]:
    """A die's faces typed as "0, 1, 1, 2, 2*, 3" (* = icon face): the table's own, since the
    book's face table is lost (maniacal.txt:226)."""
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    faces = []
    for part in parts:
        icon = part.endswith("*")
        number_ = part.rstrip("*").strip()
        if not number_.isdigit() or int(number_) > 10:
            parts = []
            break
        faces.append((int(number_), icon))
    if not parts or len(faces) > FACES_MAX:
        raise InvalidInput(field_name, f"Enter the die's faces as numbers 0-10, comma-separated, "
                           f"with * after an icon face; got {text!r}.",
                           f"1-{FACES_MAX} faces such as 0, 1, 1, 2, 2*, 3", rule="die-faces")
    return tuple(faces)


def faces_text(faces: Sequence[tuple[int, bool]]) -> str:
    return ", ".join(f"{v}{'*' if icon else ''}" for v, icon in faces)


def table_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """The table's entries as the state keeps them (bonus list parsed, faces normalised)."""
    out = {k: v for k, v in values.items() if v is not None}
    if "money_bonus" in out:
        out["money_bonus"] = bonus_list(str(out["money_bonus"]))
    for key in [k for k in out if k.startswith("faces_")]:
        out[key] = faces_text(face_list(str(out[key]), key))
    return out


@dataclass(frozen=True)
class Villain:
    """One Supervillain's seat."""

    money: int
    infamy: int
    attraction: tuple[int, int, int, int]
    crew: tuple[int, ...]
    """Henchmen held, by kind (forms.KINDS): the four types, the Lackey, the Bodyguard, and
    those recorded without a kind. Mercenaries are counted apart."""
    mercenaries: int = 0
    schemes: int = 0
    """Scheme cards in hand: a count, their faces are hidden (maniacal.txt:254)."""
    injuries: int = 0
    """Injury tokens on this seat's henchmen, Mercenaries included."""
    merc_injuries: int = 0
    """Of those, the tokens on Mercenaries (discarded when they leave at Clean-up)."""
    powers: int = 0
    """Power cards on this seat's henchmen, Mercenaries included."""
    merc_powers: int = 0
    """Of those, the Powers on Mercenaries (discarded when they leave at Clean-up)."""
    picks: int = 0
    rooms_built: int = 0
    """Rooms in this seat's Secret Base (built, never sold: a sale is of a drafted card)."""
    rooms_used: int = 0
    """Rooms (Action or Contract) activated this round."""
    rooms: tuple[str, ...] = ()
    """Rooms activated this round, by name as the table typed it (maniacal.txt:196, 232)."""
    exhausted: int = 0
    """Henchmen and Mercenaries exhausted this round (maniacal.txt:195, 227), refreshed in
    Clean-up (maniacal.txt:324)."""
    villain_used: bool = False
    """The Supervillain meeple is on a room: exhausted until Clean-up (maniacal.txt:194)."""
    negative_schemes: int = 0
    positive_schemes: int = 0
    fired: int = 0

    @property
    def henchmen(self) -> int:
        """Henchmen held, Lackey and Bodyguard included, Mercenaries not."""
        return sum(self.crew)

    def held(self, kind: str) -> int:
        return self.mercenaries if kind == MERCENARY else self.crew[KINDS.index(kind)]

    def score(self, kind: str) -> int:
        return self.attraction[TYPES.index(kind)]


@dataclass(frozen=True)
class Result:
    """One contract attempt and exactly what its effects changed (so a cancel puts it back)."""

    seat: str
    round: int
    difficulty: str
    success: bool
    infamy: int
    money: int
    effect: str
    scheme_injury: bool = False
    """A rival's negative Scheme injured a team member too (maniacal.txt:265)."""
    hit: str = ""
    """The kind the card's effect hit (captured, injured or given a Power); "" for none."""
    scheme_hit: str = ""
    """The kind the rival's Injury hit."""
    lost_powers: int = 0
    """Powers discarded with a captured henchman."""
    spared: int = 0
    """1 when the captured henchman was on a counted team, and so was not exhausted."""
    cancelled: tuple[str, ...] = ()
    """Effects undone by the owner's cancelling Scheme: "effect", "scheme-injury"
    (maniacal.txt:272)."""


@dataclass(frozen=True)
class State:
    round: int
    phase: str
    villains: tuple[Villain, ...]
    order: tuple[str, ...]
    """Player Order track, 1st first (seat ids)."""
    spaces: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """The Time track: (weeks left, tokens bottom first), leftmost space first."""
    finished: tuple[str, ...] = ()
    """Tokens back on the Player Order track this Contract Phase, in arrival order."""
    recruited: tuple[int, int, int, int] = (0, 0, 0, 0)
    values: tuple[tuple[str, Any], ...] = ()
    results: tuple[Result, ...] = ()
    laugh: str | None = None
    notes: Chain[str] = field(default_factory=Chain)
    resolved: tuple[str, bool] | None = None
    """The seat whose contract was the last action, and whether it succeeded: that player may
    still play positive Schemes and Contract rooms "after resolving" it (maniacal.txt:258,
    230), although their token has already moved (the time is paid before the flip,
    maniacal.txt:205, 209)."""
    acted: str | None = None
    """The seat whose action was the last one: a room's effect (a Scheme, a Power) is drawn
    by it even when its token is no longer the active one."""
    negative: tuple[str, str, str] | None = None
    """Older sessions: a negative Scheme recorded before the attempt it was played on
    (against, played by, effect)."""
    scheme_deck: int = 0
    scheme_discard: int = 0
    mercenary_deck: int = 0
    mercenaries_out: int = 0
    """Mercenaries removed from the game (captured, or left unpaid)."""
    power_deck: int = 0
    power_discard: int = 0

    def value(self, name: str) -> Any:
        return dict(self.values).get(name)

    def weeks(self, seat: str) -> int | None:
        for space, stack in self.spaces:
            if seat in stack:
                return space
        return None

    def active(self) -> str | None:
        for _, stack in self.spaces:
            if stack:
                return stack[-1]
        return None


LACKEYS = number("setup-supervillains", "lackeys")
GUARDS = number("bodyguard-option", "per-player")
START_SCHEMES = number("starting-schemes", "schemes")


def initial(setup: SessionSetup) -> State:
    """Setup: money by seat, a Lackey each (and a Bodyguard from the Mercenary deck with the
    option), one Scheme each from the deck, no Infamy (maniacal.txt:76-82, 341)."""
    start = setup.attraction_start or 0  # not given yet: no track moves until it is
    guard = GUARDS if setup.bodyguards else 0
    crew = tuple(LACKEYS if k == "lackey" else guard if k == "bodyguard" else 0 for k in KINDS)
    seats = len(setup.seats)
    villains = tuple(Villain(starting_money(k + 1), number("setup-tokens", "infamy-start"),
                             (start, start, start, start), crew, schemes=START_SCHEMES)
                     for k in range(seats))
    return State(1, BASE, villains, tuple(s.id for s in setup.seats), values=setup.values,
                 scheme_deck=SCHEME_CARDS - START_SCHEMES * seats,
                 mercenary_deck=MERCENARY_CARDS - guard * seats, power_deck=POWER_CARDS)


def names_of(setup: SessionSetup, ids: Sequence[str]) -> list[str]:
    by_id = {s.id: s.name for s in setup.seats}
    return [by_id.get(i, i) for i in ids]


def seat_at(setup: SessionSetup, seat: str, field_name: str = "seat") -> int:
    """Where the seat named `seat` (its id or name) sits; refused naming the table's seats."""
    try:
        sid = seat_of(setup.seats, seat, field_name)
    except InvalidInput as missing:
        raise InvalidInput(field_name, missing.detail, missing.allowed,
                           rule="setup-player-order") from None
    return [s.id for s in setup.seats].index(sid)


def attraction_start(setup: SessionSetup, state: State) -> int:
    """The number on the attraction tracks' start space: the table's entry (setup, or the
    "table-values" event). The rulebook names the space but prints no number
    (maniacal.txt:77), so a move that changes a track is refused until the table enters it."""
    given = state.value("attraction_start")
    if given is None:
        given = setup.attraction_start
    if given is None:
        raise InvalidInput("attraction_start", "The attraction tracks start on a number printed "
                           "on your board, at the start space of the four tracks; the rulebook "
                           "does not print it. Enter that number first with Board values, then "
                           "this move.", "the number on your board's start space, 0-20",
                           rule="setup-tokens")
    return int(given)


def start_weeks(state: State) -> int:
    """The weeks on this round's Time track start space (round 1: 8; later: the board's)."""
    if state.round == 1:
        return ROUND_ONE_WEEKS
    given = state.value(f"round_{state.round}_weeks")
    if given is None:
        raise InvalidInput(f"round_{state.round}_weeks", f"Round {state.round}'s Time track "
                           "start is not printed in the rulebook: enter it from your board "
                           "with Board values.", "a number from your board", rule="time-track")
    return int(given)
