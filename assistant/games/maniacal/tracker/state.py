"""A Maniacal table session: the setup, the state, and how each event changes it.

Everything is a frozen value; `apply` returns a new state or raises InvalidInput (naming the
field and what is allowed) and changes nothing. Rules enforced are the rulebook's (cited in
each refusal's rule entry); values the book does not print come from the table's own entries
(setup or the "table-values" event) and are never filled in.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.tracker import Event, Seat, put, seat_index
from assistant.tracker.chain import Chain
from assistant.tracker.chain import evolve as replace
from assistant.tracker.fields import check_form

from ..calculators.locations import special_location
from ..facts import MAX_PLAYERS, MIN_PLAYERS, PER_TYPE, ROUND_ONE_WEEKS, ROUNDS, number
from ..setup import starting_money
from .forms import NEGATIVE, SEAT, SETUP_FORM, TABLE_VALUES, TYPES
from .outcome import run_clean_up, run_contract

PICKS = number("room-draft", "picks")
LOCATION_WEEKS = number("special-locations", "weeks")
PER_INJURY = number("hoodlum-hospital", "per-injury")
SCHEME_INFAMY = number("negative-schemes", "infamy")
REGAIN = number("positive-schemes", "weeks")
CONSOLATION_INFAMY = number("positive-schemes", "consolation-infamy")
CONSOLATION_MONEY = number("positive-schemes", "consolation-money")
EXTRA_WEEK = number("negative-schemes", "weeks")

BASE, HENCHMEN, CONTRACT, OVER = "base-building", "henchmen", "contract", "over"


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


def _seat_id(name: str) -> str:
    return "-".join("".join(c if c.isalnum() else " " for c in name.casefold()).split()) or "seat"


def parse_setup(data: Mapping[str, Any]) -> SessionSetup:
    values = check_form(SETUP_FORM, data)
    raw = data.get("seats")
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise InvalidInput("seats", f"Maniacal seats {MIN_PLAYERS} to {MAX_PLAYERS} players "
                           "(worked out from the components).",
                           f"{MIN_PLAYERS}-{MAX_PLAYERS} seats")
    seats: list[Seat] = []
    for i, item in enumerate(raw):
        item = item if isinstance(item, Mapping) else {}
        got = check_form(SEAT, item, f"seats.{i}")
        sid = _seat_id(str(item.get("id") or got["name"]))
        if any(s.id == sid for s in seats):
            raise InvalidInput(f"seats.{i}.name", f"Two seats are called {got['name']!r}.",
                               "a different name per seat")
        seats.append(Seat(sid, got["name"], got.get("player")))
    table = tuple(sorted(_table_values({f.name: values.get(f.name)
                                        for f in TABLE_VALUES}).items()))
    guards, own_rule = bool(values.get("bodyguards")), bool(values.get("bodyguards_house_rule"))
    # a saved setup (storage, an export: its seats carry their ids) from before the question
    # was asked keeps its Bodyguards, shown as the table's own rule
    saved = all(isinstance(item, Mapping) and item.get("id") for item in raw)
    own_rule = own_rule or saved
    if guards and len(seats) < MAX_PLAYERS and not own_rule:
        raise InvalidInput("bodyguards", f"The Bodyguard option is written for {MAX_PLAYERS}-"
                           f"player games, where henchmen run short (rule bodyguard-option, "
                           f"maniacal.txt:339); this table has {len(seats)} players. Leave it "
                           "off, or tick bodyguards_house_rule to play it as your own rule.",
                           "bodyguards off, or bodyguards_house_rule on")
    return SessionSetup(tuple(seats), values.get("attraction_start"), guards,
                        guards and own_rule and len(seats) < MAX_PLAYERS, table)


def bonus_list(text: str, field_name: str = "money_bonus") -> tuple[int, ...]:
    """The money-bonus values typed as "5, 3, 1" (1st place first)."""
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if not parts or not all(p.isdigit() for p in parts) or len(parts) > MAX_PLAYERS:
        raise InvalidInput(field_name, f"Enter the bonus per money place as whole numbers, "
                           f"1st place first; got {text!r}.",
                           f"1-{MAX_PLAYERS} numbers such as 5, 3, 1")
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
                           f"1-{FACES_MAX} faces such as 0, 1, 1, 2, 2*, 3")
    return tuple(faces)


def faces_text(faces: Sequence[tuple[int, bool]]) -> str:
    return ", ".join(f"{v}{'*' if icon else ''}" for v, icon in faces)


def _table_values(values: Mapping[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in values.items() if v is not None}
    if "money_bonus" in out:
        out["money_bonus"] = bonus_list(str(out["money_bonus"]))
    for key in [k for k in out if k.startswith("faces_")]:
        out[key] = faces_text(face_list(str(out[key]), key))
    return out


@dataclass(frozen=True)
class Villain:
    money: int
    infamy: int
    attraction: tuple[int, int, int, int]
    henchmen: int
    mercenaries: int = 0
    injuries: int = 0
    picks: int = 0
    negative_schemes: int = 0
    positive_schemes: int = 0
    rooms_used: int = 0
    fired: int = 0
    exhausted: int = 0
    """Henchmen and Mercenaries exhausted this round (maniacal.txt:195, 227), refreshed in
    Clean-up (maniacal.txt:324)."""
    villain_used: bool = False
    """The Supervillain meeple is on a room: exhausted until Clean-up (maniacal.txt:194)."""
    rooms: tuple[str, ...] = ()
    """Action rooms activated this round, by name as the table typed it (maniacal.txt:196)."""

    def score(self, kind: str) -> int:
        return self.attraction[TYPES.index(kind)]


@dataclass(frozen=True)
class Result:
    seat: str
    round: int
    difficulty: str
    success: bool
    infamy: int
    money: int
    effect: str
    scheme_injury: bool = False
    """A rival's negative Scheme injured a team member too (maniacal.txt:265)."""
    cancelled: tuple[str, ...] = ()
    """Results undone by the owner's cancelling Scheme (maniacal.txt:272)."""


CANCELLABLE = ("injured", "captured", "captured-mercenary")


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
    still play positive Schemes "after resolving" it (maniacal.txt:258), although their token
    has already moved (the time is paid before the flip, maniacal.txt:205, 209)."""
    negative: tuple[str, str, str] | None = None
    """The one negative Scheme on the coming attempt: (against, played by, effect)
    (maniacal.txt:256-257)."""

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


def initial(setup: SessionSetup) -> State:
    start = setup.attraction_start or 0  # not given yet: no track moves until it is
    lackey = number("setup-supervillains", "lackeys")
    guard = number("bodyguard-option", "per-player") if setup.bodyguards else 0
    villains = tuple(Villain(starting_money(k + 1), number("setup-tokens", "infamy-start"),
                             (start, start, start, start), lackey + guard)
                     for k in range(len(setup.seats)))
    return State(1, BASE, villains, tuple(s.id for s in setup.seats), values=setup.values)


# ---------------------------------------------------------------- helpers

def _with(state: State, i: int, villain: Villain) -> State:
    return replace(state, villains=put(state.villains, i, villain))


def _phase(state: State, *phases: str) -> None:
    if state.phase not in phases:
        raise InvalidInput("kind", f"That belongs to the {' or '.join(phases)} phase; the "
                           f"table is in the {state.phase} phase.", ", ".join(phases))


def _non_negative(name: str, value: int, field_name: str = "amount") -> int:
    if value < 0:
        raise InvalidInput(field_name, f"{name} cannot go below 0 (it would be {value}).",
                           f"a change leaving {name} at 0 or more")
    return value


def _active(setup: SessionSetup, state: State, seat: str) -> int:
    _phase(state, CONTRACT)
    i = seat_index(setup.seats, seat)
    if state.active() != seat:
        who = state.active()
        if who is None:
            raise InvalidInput("seat", "Everyone has used their time this round: Clean-up "
                               "comes next (maniacal.txt:190).",
                               "nobody: everyone has used their time")
        raise InvalidInput("seat", f"It is {names_of(setup, [who])[0]}'s turn, not "
                           f"{setup.seats[i].name}'s: the token with the most weeks left acts, "
                           "the top one of its stack first (rule time-track, "
                           "maniacal.txt:172-173).", who)
    return i


def _spend(setup: SessionSetup, state: State, seat: str, weeks: int) -> State:
    left = state.weeks(seat) or 0
    if weeks > left:
        raise InvalidInput("weeks", f"{names_of(setup, [seat])[0]} has {left} week(s) left; "
                           f"that needs {weeks} (an action is taken only with the time for "
                           "it, maniacal.txt:183).", f"at most {left}, or pass")
    to = left - weeks
    spaces = [(s, tuple(t for t in stack if t != seat)) for s, stack in state.spaces]
    finished = state.finished
    if to <= 0:
        finished = (*finished, seat)
    else:
        found = False
        for k, (s, stack) in enumerate(spaces):
            if s == to:
                spaces[k] = (s, (*stack, seat))
                found = True
        if not found:
            spaces.append((to, (seat,)))
    spaces = sorted(((s, st) for s, st in spaces if st), key=lambda p: -p[0])
    return replace(state, spaces=tuple(spaces), finished=finished)


def _move_left(state: State, seat: str, weeks: int, cap: int, landing: str | None) -> State:
    """The +2 weeks Scheme: the token moves left, never past the track's start
    (maniacal.txt:270). The active token is the leftmost, so it lands on an empty space; a
    token that already paid for a contract may land on others, and the book does not say
    whether it goes on top or underneath (reading M-18): the table says."""
    if seat in state.finished:
        raise InvalidInput("effect", "This token has used all its time and is already on the "
                           "Player Order track (maniacal.txt:174); the book does not say a "
                           "Scheme brings it back.", "another effect")
    left = state.weeks(seat) or 0
    to = min(cap, left + weeks)
    if to == left:  # already on the start space: the token does not move
        return state
    spaces = [(s, tuple(t for t in stack if t != seat)) for s, stack in state.spaces]
    there = next((k for k, (s, st) in enumerate(spaces) if s == to and st), None)
    if there is None:
        spaces.append((to, (seat,)))
    else:
        if landing not in ("top", "bottom"):
            raise InvalidInput("landing", f"The token lands on {to}, where other tokens are; "
                               "the rulebook does not say whether it goes on top (acts "
                               "first) or underneath: the table decides.", "top, bottom")
        s, stack = spaces[there]
        spaces[there] = (s, (*stack, seat) if landing == "top" else (seat, *stack))
    spaces = sorted(((s, st) for s, st in spaces if st), key=lambda p: -p[0])
    return replace(state, spaces=tuple(spaces))


def attraction_start(setup: SessionSetup, state: State) -> int:
    """The number on the attraction tracks' start space: the table's entry (setup, or the
    "table-values" event). The rulebook names the space but prints no number
    (maniacal.txt:77), so a move that changes a track is refused until the table enters it."""
    given = state.value("attraction_start")
    if given is None:
        given = setup.attraction_start
    if given is None:
        raise InvalidInput("attraction_start", "The attraction tracks start on a number printed "
                           "on your board, at the start space of the four tracks (the rulebook "
                           "does not print it, maniacal.txt:77). Enter that number first with "
                           "Board values (attraction_start), then this move.",
                           "the number on your board's start space, 0-20")
    return int(given)


def _new_start(setup: SessionSetup, state: State, start: int) -> State:
    """Every disc moved by the difference between the start number entered now and the one
    the tracks were counted from (none yet: 0, and no disc has moved from the start)."""
    try:
        was = attraction_start(setup, state)
    except InvalidInput:
        was = 0
    shift = start - was
    if any(a + shift < 0 for v in state.villains for a in v.attraction):
        raise InvalidInput("attraction_start", f"With a start of {start} a track would fall "
                           f"below 0: the tracks were counted from {was}.",
                           f"{was - min(a for v in state.villains for a in v.attraction)}-20")
    villains = tuple(replace(v, attraction=(v.attraction[0] + shift, v.attraction[1] + shift,
                                            v.attraction[2] + shift, v.attraction[3] + shift))
                     for v in state.villains)
    return replace(state, villains=villains)


def start_weeks(state: State) -> int:
    if state.round == 1:
        return ROUND_ONE_WEEKS
    given = state.value(f"round_{state.round}_weeks")
    if given is None:
        raise InvalidInput(f"round_{state.round}_weeks", f"Round {state.round}'s Time track "
                           "start is not printed in the rulebook: enter it from your board "
                           "(table values).", "a number from your board")
    return int(given)


# ---------------------------------------------------------------- apply

def apply(setup: SessionSetup, state: State, event: Event, version: int) -> State:
    kind = event.kind
    if kind == "note":
        return replace(state, notes=state.notes.added(str(event["text"])))
    if kind == "table-values":
        if event.get("attraction_start") is not None:
            state = _new_start(setup, state, int(event["attraction_start"]))
        merged = dict(state.values)
        merged.update(_table_values(event))
        return replace(state, values=tuple(sorted(merged.items())))
    if kind == "henchmen-phase":
        _phase(state, BASE)
        return replace(state, phase=HENCHMEN, recruited=(0, 0, 0, 0))
    if kind == "start-contracts":
        _phase(state, HENCHMEN)
        start = start_weeks(state)
        return replace(state, phase=CONTRACT, spaces=((start, tuple(reversed(state.order))),),
                       finished=(), resolved=None, negative=None)
    if kind == "clean-up":
        return _clean_up(setup, state, event)
    if kind == "laugh":
        seat_index(setup.seats, str(event["seat"]))
        return replace(state, laugh=str(event["seat"]))
    i = seat_index(setup.seats, str(event["seat"]))
    v = state.villains[i]
    if kind in (*TYPES, "build", "recruit"):  # a move of an attraction track
        attraction_start(setup, state)
    if kind in ("money", "infamy", "henchmen", "mercenaries", "injuries"):
        now = _non_negative(kind, int(getattr(v, kind)) + int(event["amount"]))
        changed = {"money": lambda: replace(v, money=now),
                   "infamy": lambda: replace(v, infamy=now),
                   "henchmen": lambda: replace(v, henchmen=now),
                   "mercenaries": lambda: replace(v, mercenaries=now),
                   "injuries": lambda: replace(v, injuries=now)}
        return _with(state, i, changed[kind]())
    if kind in TYPES:
        k = TYPES.index(kind)
        now = _non_negative(f"{kind} attraction", v.attraction[k] + int(event["amount"]))
        return _with(state, i, replace(v, attraction=_set(v.attraction, k, now)))
    if kind in ("build", "sell"):
        return _pick(state, i, v, event)
    if kind == "recruit":
        return _recruit(setup, state, i, v, event)
    if kind == "scheme":
        return _scheme(setup, state, i, v, event)
    return _contract_action(setup, state, i, v, event)


def _set(values: tuple[int, int, int, int], k: int, now: int) -> tuple[int, int, int, int]:
    out = list(values)
    out[k] = now
    return (out[0], out[1], out[2], out[3])


def _pick(state: State, i: int, v: Villain, event: Event) -> State:
    _phase(state, BASE)
    if v.picks >= PICKS:
        raise InvalidInput("kind", f"Every player makes {PICKS} picks a round; this seat has "
                           "made them all.", "wait for the Henchmen phase")
    cost = int(event["cost"])
    if event.kind == "sell":
        return _with(state, i, replace(v, money=v.money + cost, picks=v.picks + 1))
    if cost > v.money:
        raise InvalidInput("cost", f"Building it costs ${cost}; the seat has ${v.money}.",
                           f"a room costing at most ${v.money}, or sell it")
    k = TYPES.index(str(event["type"]))
    return _with(state, i, replace(v, money=v.money - cost, picks=v.picks + 1,
                                   attraction=_set(v.attraction, k,
                                                   v.attraction[k] + int(event["points"]))))


def _recruit(setup: SessionSetup, state: State, i: int, v: Villain, event: Event) -> State:
    _phase(state, HENCHMEN)
    kind, cost = str(event["type"]), int(event["cost"])
    k = TYPES.index(kind)
    if state.recruited[k] >= PER_TYPE:
        raise InvalidInput("type", f"{PER_TYPE} {kind} have been recruited this round, the "
                           "most per type.", ", ".join(t for j, t in enumerate(TYPES)
                                                       if state.recruited[j] < PER_TYPE)
                           or "none: the phase is done")
    ids = [s.id for s in setup.seats]
    top = max(x.attraction[k] for x in state.villains)
    tied = [sid for sid in state.order if state.villains[ids.index(sid)].attraction[k] == top]
    if tied[0] != ids[i]:
        who = setup.seats[ids.index(tied[0])].name
        raise InvalidInput("seat", f"{who} has the highest {kind} score ({top}"
                           + (", winning the tie on the Player Order track" if len(tied) > 1
                              else "") + ") and recruits.", tied[0])
    if cost > v.attraction[k]:
        raise InvalidInput("cost", f"{setup.seats[i].name} has {v.attraction[k]} {kind} "
                           f"points; the card costs {cost}. Nobody can pay: it stays face up "
                           f"and no more {kind} are recruited this round.",
                           f"a cost of at most {v.attraction[k]}")
    recruited = _set(state.recruited, k, state.recruited[k] + 1)
    return _with(replace(state, recruited=recruited), i,
                 replace(v, attraction=_set(v.attraction, k, v.attraction[k] - cost),
                         henchmen=v.henchmen + 1))


def _scheme(setup: SessionSetup, state: State, i: int, v: Villain, event: Event) -> State:
    _phase(state, CONTRACT)
    effect = str(event["effect"])
    seat = setup.seats[i].id
    if effect in NEGATIVE:
        target = state.active()
        if target in (seat, None):
            raise InvalidInput("seat", "A negative Scheme is played against the active "
                               "player's contract, by an opponent.",
                               "a seat other than the active one")
        if state.negative is not None and state.negative[0] == target:
            by = names_of(setup, [state.negative[1]])[0]
            raise InvalidInput("seat", f"{by} has already played a negative Scheme on this "
                               "attempt: only one per contract attempt (maniacal.txt:256-257).",
                               "wait for the next attempt")
        return _with(replace(state, negative=(target, seat, effect)), i,
                     replace(v, infamy=v.infamy + SCHEME_INFAMY,
                             negative_schemes=v.negative_schemes + 1))
    after = state.resolved is not None and state.resolved[0] == seat
    if not after:
        _active(setup, state, seat)
    if effect == "consolation" and not (after and state.resolved is not None
                                        and not state.resolved[1]):
        raise InvalidInput("effect", "The +2 Infamy and $2 effect is for right after your own "
                           "failed contract (maniacal.txt:273).", "another effect")
    if effect == "cancel":
        if not after:
            raise InvalidInput("effect", "Cancel is for an Injured or Captured result of your "
                               "own contract, played right after it (maniacal.txt:272).",
                               "another effect")
        state, v = _cancel(state, v)
    v = replace(v, positive_schemes=v.positive_schemes + 1)
    if effect == "refresh":  # one exhausted henchman may act again (maniacal.txt:271)
        v = replace(v, exhausted=max(0, v.exhausted - 1))
    if effect == "consolation":
        v = replace(v, infamy=v.infamy + CONSOLATION_INFAMY,
                    money=v.money + CONSOLATION_MONEY)
    if effect == "weeks":
        landing = event.get("landing")
        state = _move_left(state, seat, REGAIN, start_weeks(state),
                           str(landing) if landing else None)
    return _with(state, i, v)


def _cancel(state: State, v: Villain) -> tuple[State, Villain]:
    """Undo one Injured or Captured result of the seat's last contract (maniacal.txt:272):
    the card's own icon first, then a rival's injuring Scheme."""
    last = state.results[-1]
    if last.effect in CANCELLABLE and last.effect not in last.cancelled:
        undone = last.effect
    elif last.scheme_injury and "scheme-injury" not in last.cancelled:
        undone = "scheme-injury"
    else:
        raise InvalidInput("effect", "That contract left no Injured or Captured result to "
                           "cancel.", "another effect")
    if undone in ("injured", "scheme-injury"):
        v = replace(v, injuries=max(0, v.injuries - 1))
    elif undone == "captured":
        v = replace(v, henchmen=v.henchmen + 1)
    else:
        v = replace(v, mercenaries=v.mercenaries + 1)
    last = replace(last, cancelled=(*last.cancelled, undone))
    return replace(state, results=(*state.results[:-1], last)), v


def _contract_action(setup: SessionSetup, state: State, i: int, v: Villain,
                     event: Event) -> State:
    kind = event.kind
    seat = setup.seats[i].id
    _active(setup, state, seat)
    # an older session's negative Scheme, recorded before the attempt it was played on
    pending = state.negative if state.negative and state.negative[0] == seat else None
    state = replace(state, resolved=None, negative=None)
    if kind == "pass":
        return _spend(setup, state, seat, state.weeks(seat) or 0)
    if kind == "room":
        henchman = event.get("figure") == "henchman"
        name = str(event.get("room") or "").strip()
        return _with(_spend(setup, state, seat, int(event.get("weeks") or 1)), i,
                     replace(v, rooms_used=v.rooms_used + 1,
                             rooms=(*v.rooms, name.casefold()) if name else v.rooms,
                             villain_used=v.villain_used or not henchman,
                             exhausted=v.exhausted + int(henchman)))
    if kind == "visit":  # the special-location calculator's answer, on the seat's numbers
        left = state.weeks(seat) or 0
        state = _spend(setup, state, seat, LOCATION_WEEKS)
        visit = special_location({"location": event["location"], "weeks_left": left,
                                  "money": v.money, "injuries": event.get("injuries") or 0,
                                  "injuries_held": v.injuries}).result
        v = replace(v, money=int(visit["money_after"]),
                    injuries=v.injuries - int(visit["injuries_removed"]),
                    mercenaries=v.mercenaries + int(visit["draw"] == "mercenary"))
        return _with(state, i, v)
    return _contract(setup, state, i, v, event, pending)


def _contract(setup: SessionSetup, state: State, i: int, v: Villain, event: Event,
              pending: tuple[str, str, str] | None) -> State:
    """The attempt as one event: its time, the result the contract-outcome calculator works
    out, the rival's Scheme (its +2 Infamy, its theft), injuries, captures and exhaustion."""
    seat = setup.seats[i].id
    scheme = str(event.get("scheme") or "")
    by = str(event.get("scheme_by") or "")
    paid = False  # an older session's Scheme had its Infamy when it was recorded
    if not scheme and pending is not None:
        scheme, by, paid = pending[2], pending[1], True
    extra = bool(event.get("extra_week")) or scheme == "week"
    state = _spend(setup, state, seat, int(event["weeks"]) + (EXTRA_WEEK if extra else 0))
    outcome, _ = run_contract({**event, "scheme": scheme}, v.money)
    if scheme and by:
        k = seat_index(setup.seats, by, "scheme_by")
        rival = state.villains[k]
        state = _with(state, k, replace(
            rival, money=rival.money + outcome.stolen,
            infamy=rival.infamy + (0 if paid else SCHEME_INFAMY),
            negative_schemes=rival.negative_schemes + (0 if paid else 1)))
    scheme_injury = scheme == "injury"  # reading M-17: after success or failure
    v = replace(v, infamy=v.infamy + outcome.infamy, money=v.money + outcome.money,
                injuries=v.injuries + int(scheme_injury) + int(outcome.effect == "injured"))
    captured = outcome.effect in ("captured", "captured-mercenary")
    if outcome.effect == "captured":
        v = replace(v, henchmen=_non_negative("henchmen", v.henchmen - 1, "effect"))
    elif outcome.effect == "captured-mercenary":
        v = replace(v, mercenaries=_non_negative("mercenaries", v.mercenaries - 1, "effect"))
    team = int(event.get("team") or 0)
    v = replace(v, exhausted=v.exhausted + max(0, team - int(captured)))  # maniacal.txt:227
    result = Result(seat, state.round, str(event["difficulty"]), outcome.success,
                    outcome.infamy, outcome.money, outcome.effect, scheme_injury)
    return _with(replace(state, results=(*state.results, result),
                         resolved=(seat, outcome.success)), i, v)


def clean_up_answer(setup: SessionSetup, state: State, event: Event) -> Explained:
    """The clean-up calculator's answer for this Clean-up (refusals name the event's field)."""
    _phase(state, CONTRACT)
    if state.active() is not None:
        raise InvalidInput("kind", "Clean-up comes once every player has used all their time "
                           "(maniacal.txt:190).",
                           f"first: {state.active()} still has time")
    ids = [s.id for s in setup.seats]
    fire = [f.strip() for f in str(event.get("fire") or "").split(",") if f.strip()]
    for f in fire:
        if f not in ids:
            raise InvalidInput("fire", f"There is no seat {f!r}.", ", ".join(ids))
    if len(set(fire)) != len(fire):
        raise InvalidInput("fire", "Each player fires at most one henchman.", "each seat once")
    if state.round == 2 and any(state.value(f"round_3_{d}") is None
                                for d in ("easy", "hard", "legendary")):
        raise InvalidInput("kind", "Reseeding for round 3 needs the Contract Key row, "
                           "which the rulebook does not print: enter it (table values).",
                           "round_3_easy, round_3_hard, round_3_legendary from your board")
    try:
        return run_clean_up(state.round, [s.name for s in setup.seats], state.villains,
                            [s in fire for s in ids], dict(state.values))
    except InvalidInput as refused:
        if refused.field.startswith("players."):
            k = int(refused.field.split(".")[1])
            raise InvalidInput("fire", f"{setup.seats[k].name} has no henchman left to fire.",
                               "seats with henchmen") from None
        raise


def _clean_up(setup: SessionSetup, state: State, event: Event) -> State:
    answer = clean_up_answer(setup, state, event)
    villains = tuple(replace(v, money=int(row["money"]), henchmen=int(row["henchmen"]),
                             mercenaries=0, picks=0, rooms_used=0, rooms=(), exhausted=0,
                             villain_used=False, fired=v.fired + int(row["fired"]))
                     for v, row in zip(state.villains, answer.result["players"], strict=True))
    new = replace(state, villains=villains, order=state.finished, spaces=(),
                  finished=(), resolved=None, negative=None)
    if state.round >= ROUNDS:
        return replace(new, phase=OVER)
    return replace(new, round=state.round + 1, phase=BASE)


def seat_rows(setup: SessionSetup, state: State) -> list[dict[str, Any]]:
    try:
        attraction_start(setup, state)
        known = True
    except InvalidInput:  # the tracks' numbers are not known until the start is
        known = False
    rows = []
    for s, v in zip(setup.seats, state.villains, strict=True):
        weeks = state.weeks(s.id)
        rows.append({
            "id": s.id, "name": s.name, "player": s.player, "money": v.money,
            "infamy": v.infamy,
            **dict(zip(TYPES, v.attraction if known else (None,) * len(TYPES), strict=True)),
            "henchmen": v.henchmen, "mercenaries": v.mercenaries, "injuries": v.injuries,
            "picks": v.picks, "negative_schemes": v.negative_schemes,
            "positive_schemes": v.positive_schemes, "rooms_used": v.rooms_used,
            "exhausted": v.exhausted, "villain_used": v.villain_used, "rooms": list(v.rooms),
            "weeks_left": weeks if weeks is not None else (0 if s.id in state.finished
                                                           else None),
            "order": state.order.index(s.id) + 1 if s.id in state.order else None,
            "attraction_line": ", ".join(f"{t} {a}" for t, a in zip(TYPES, v.attraction,
                                                                     strict=True))
            if known else "attraction: enter the start number from your board",
        })
    return rows


def names_of(setup: SessionSetup, ids: Sequence[str]) -> list[str]:
    by_id = {s.id: s.name for s in setup.seats}
    return [by_id.get(i, i) for i in ids]
