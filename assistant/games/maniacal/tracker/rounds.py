"""The round's frame: the room draft (Phase I), recruiting (Phase II), the Time track that
orders the Contract Phase (Phase III), and Clean-up (Phase IV) with the next round's order.

Each function takes the state and one event's values and returns the new state, or raises
InvalidInput naming the rule entry it applies; it changes nothing when it refuses.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.tracker import Event, put
from assistant.tracker.chain import evolve as replace

from ..calculators.cleanup import clean_up as clean_up_calculator
from ..calculators.cleanup import payroll
from ..calculators.common import plural
from ..facts import PER_TYPE, ROUNDS, number
from .decks import pick_kinds, take, with_villain
from .forms import KIND_WORDS, KINDS, TYPES
from .state import (
    BASE,
    CONTRACT,
    HENCHMEN,
    OVER,
    PHASE_WORDS,
    SessionSetup,
    State,
    attraction_start,
    names_of,
    seat_at,
    start_weeks,
)

PICKS = number("room-draft", "picks")
HAND_SIZE = number("room-draft", "hand")


def in_phase(state: State, *phases: str) -> None:
    if state.phase not in phases:
        wanted = " or ".join(PHASE_WORDS[p] for p in phases)
        raise InvalidInput("kind", f"That belongs to the {wanted} phase; the table is in "
                           f"the {PHASE_WORDS[state.phase]} phase.", ", ".join(phases),
                           rule="end-of-game" if state.phase == OVER else "round-structure")


# ---------------------------------------------------------------- Phase I: the room draft

def pick(setup: SessionSetup, state: State, i: int, event: Event) -> State:
    """A build or a sale: one of the round's three picks (maniacal.txt:93-97, 98-106)."""
    in_phase(state, BASE)
    v = state.villains[i]
    if v.picks >= PICKS:
        raise InvalidInput("kind", f"Every player makes {PICKS} picks a round, each a build or "
                           f"a sale; {setup.seats[i].name} has made them all.",
                           "wait for the Henchmen phase", rule="room-draft")
    cost = int(event["cost"])
    if event.kind == "sell":
        return with_villain(state, i, replace(v, money=v.money + cost, picks=v.picks + 1))
    attraction_start(setup, state)
    if cost > v.money:
        raise InvalidInput("cost", f"Building it costs ${cost}; {setup.seats[i].name} has "
                           f"${v.money}.", f"a room costing at most ${v.money}, or sell it",
                           rule="build-room")
    k = TYPES.index(str(event["type"]))
    attraction = put(v.attraction, k, v.attraction[k] + int(event["points"]))
    return with_villain(state, i, replace(v, money=v.money - cost, picks=v.picks + 1,
                                          rooms_built=v.rooms_built + 1,
                                          attraction=attraction))


def draft_left(setup: SessionSetup, state: State) -> list[str]:
    return [f"{s.name} {PICKS - v.picks}" for s, v in zip(setup.seats, state.villains,
                                                          strict=True) if v.picks < PICKS]


def end_draft(setup: SessionSetup, state: State, strict: bool) -> State:
    """The Henchmen phase begins once every player has made the round's picks."""
    in_phase(state, BASE)
    left = draft_left(setup, state)
    if strict and left:
        raise InvalidInput("kind", f"The Base Building phase ends once every player has made "
                           f"the round's {PICKS} picks, each a build or a sale; still to pick: "
                           + ", ".join(left) + ".", "a build or a sale for each of them",
                           rule="room-draft")
    return replace(state, phase=HENCHMEN, recruited=(0, 0, 0, 0))


def room_deck(setup: SessionSetup, state: State) -> int:
    """Room cards left after this round's deal: 5 a player a round (maniacal.txt:93)."""
    dealt = HAND_SIZE * len(setup.seats) * min(state.round, ROUNDS)
    return max(0, number("components", "room-cards") - dealt)


# ---------------------------------------------------------------- Phase II: recruiting

def top_scorer(setup: SessionSetup, state: State, kind: str) -> tuple[str, int, bool]:
    """Who recruits `kind` now: the highest score, a tie won by the Player Order track."""
    k = TYPES.index(kind)
    ids = [s.id for s in setup.seats]
    top = max(v.attraction[k] for v in state.villains)
    tied = [sid for sid in state.order if state.villains[ids.index(sid)].attraction[k] == top]
    return tied[0], top, len(tied) > 1


def recruit(setup: SessionSetup, state: State, i: int, event: Event) -> State:
    """The top scorer of a type takes its face-up henchman and pays its cost in attraction
    points; two per type a round (maniacal.txt:137-148)."""
    in_phase(state, HENCHMEN)
    attraction_start(setup, state)
    v = state.villains[i]
    kind, cost = str(event["type"]), int(event["cost"])
    k = TYPES.index(kind)
    if state.recruited[k] >= PER_TYPE:
        raise InvalidInput("type", f"{PER_TYPE} {kind} have been recruited this round, the "
                           "most per type.", ", ".join(t for j, t in enumerate(TYPES)
                                                       if state.recruited[j] < PER_TYPE)
                           or "none: the phase is done", rule="henchmen-phase")
    first, top, tie = top_scorer(setup, state, kind)
    if first != setup.seats[i].id:
        raise InvalidInput("seat", f"{names_of(setup, [first])[0]} has the highest {kind} "
                           f"score ({top}" + (", winning the tie on the Player Order track"
                                              if tie else "") + ") and recruits.", first,
                           rule="recruitment-ties" if tie else "recruitment")
    if cost > v.attraction[k]:
        raise InvalidInput("cost", f"{setup.seats[i].name} has {v.attraction[k]} {kind} "
                           f"points; the card costs {cost}. Nobody can pay: it stays face up "
                           f"and no more {kind} are recruited this round.",
                           f"a cost of at most {v.attraction[k]}", rule="recruitment")
    crew = put(v.crew, KINDS.index(kind), v.crew[KINDS.index(kind)] + 1)
    return with_villain(replace(state, recruited=put(state.recruited, k,
                                                     state.recruited[k] + 1)), i,
                        replace(v, attraction=put(v.attraction, k, v.attraction[k] - cost),
                                crew=crew))


# ---------------------------------------------------------------- Phase III: the Time track

def start_contracts(state: State) -> State:
    """Time tokens onto this round's track, the 1st player's on top (maniacal.txt:170-171)."""
    in_phase(state, HENCHMEN)
    start = start_weeks(state)
    return replace(state, phase=CONTRACT, spaces=((start, tuple(reversed(state.order))),),
                   finished=(), resolved=None, acted=None, negative=None)


def active_seat(setup: SessionSetup, state: State, seat: str) -> int:
    """Seat `seat` is the active player: the token with most weeks left, the top one of its
    stack (maniacal.txt:172-173, 183-184)."""
    in_phase(state, CONTRACT)
    i = seat_at(setup, seat)
    who = state.active()
    if who != setup.seats[i].id:
        if who is None:
            raise InvalidInput("seat", "Everyone has used their time this round: Clean-up "
                               "comes next.", "nobody: everyone has used their time",
                               rule="contract-phase")
        raise InvalidInput("seat", f"It is {names_of(setup, [who])[0]}'s turn, not "
                           f"{setup.seats[i].name}'s: the token with the most weeks left acts, "
                           "the top one of its stack first.", who, rule="time-track")
    return i


def spend(setup: SessionSetup, state: State, seat: str, weeks: int) -> State:
    """The token moves right by `weeks`; at 0 it goes to the first free space of the Player
    Order track (maniacal.txt:173-174, 183-185)."""
    left = state.weeks(seat) or 0
    if weeks > left:
        weeks_left = plural(left, "week", "weeks")
        raise InvalidInput("weeks", f"{names_of(setup, [seat])[0]} has {weeks_left} left; "
                           f"that needs {weeks}: an action is taken only with the time for it.",
                           f"at most {left}, or pass", rule="actions-and-time")
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


def move_left(state: State, seat: str, weeks: int, cap: int, landing: str | None) -> State:
    """The +2 weeks Scheme: the token moves left, never past the track's start
    (maniacal.txt:270). The active token is the leftmost, so it lands on an empty space; a
    token that already paid for a contract may land on others, and the book does not say
    whether it goes on top or underneath (reading M-18): the table says."""
    if seat in state.finished:
        raise InvalidInput("effect", "This token has used all its time and is already on the "
                           "Player Order track; the rules do not say a Scheme brings it back.",
                           "another effect", rule="positive-schemes")
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
                               "first) or underneath: the table decides.", "top, bottom",
                               rule="positive-schemes")
        s, stack = spaces[there]
        spaces[there] = (s, (*stack, seat) if landing == "top" else (seat, *stack))
    spaces = sorted(((s, st) for s, st in spaces if st), key=lambda p: -p[0])
    return replace(state, spaces=tuple(spaces))


# ---------------------------------------------------------------- Phase IV: Clean-up

KIND_NAMES = {**{k: k for k in KINDS}, **{k.rstrip("s"): k for k in TYPES},
              **{KIND_WORDS[k].casefold(): k for k in KINDS}, "unsorted": "other"}


def choices(setup: SessionSetup, text: Any, field_name: str, rule: str
            ) -> list[tuple[int, str | None]]:
    """ "Hassan: beasts, Dave: 2 mystics, Bo" as (seat, kind or None) pairs, one a henchman."""
    out: list[tuple[int, str | None]] = []
    for part in str(text or "").replace(";", ",").split(","):
        if not part.strip():
            continue
        who, _, kind = part.partition(":")
        i = seat_at(setup, who.strip(), field_name)
        count, _, word = kind.strip().partition(" ")
        if not count.isdigit():
            count, word = "1", kind.strip()
        word = word.strip().casefold()
        if word and word not in KIND_NAMES or not 1 <= int(count) <= 40:
            raise InvalidInput(field_name, f"There is no kind of henchman called {word!r}.",
                               ", ".join(KINDS), rule=rule)
        out += [(i, KIND_NAMES[word] if word else None)] * int(count)
    return out


@dataclass(frozen=True)
class Leaving:
    """Who leaves a seat at Clean-up, by kind: unpaid ones, then the one fired."""

    unpaid: tuple[str, ...]
    fired: str | None


def clean_up_plan(setup: SessionSetup, state: State, event: Mapping[str, Any], strict: bool
                  ) -> tuple[Explained, tuple[Leaving, ...]]:
    """The clean-up calculator's answer on the session's numbers, and the henchmen leaving
    each seat by kind (the owner's choice; asked when it matters, `strict`)."""
    in_phase(state, CONTRACT)
    waiting = state.active()
    if waiting is not None:
        raise InvalidInput("kind", "Clean-up comes once every player has used all their time.",
                           f"first: {names_of(setup, [waiting])[0]} still has time",
                           rule="contract-phase")
    if state.round == 2 and any(state.value(f"round_3_{d}") is None
                                for d in ("easy", "hard", "legendary")):
        raise InvalidInput("kind", "Reseeding for round 3 needs the Contract Key row, which "
                           "the rulebook does not print: enter it from your board with Board "
                           "values.", "round 3's Easy, Hard and Legendary counts",
                           rule="contract-key")
    fire = choices(setup, event.get("fire"), "fire", "firing")
    if len({i for i, _ in fire}) != len(fire):
        raise InvalidInput("fire", "Each player fires at most one henchman a Clean-up.",
                           "each player once", rule="firing")
    unpaid = choices(setup, event.get("unpaid"), "unpaid", "salaries")
    fired = {i for i, _ in fire}
    try:
        answer = clean_up_calculator({
            "round": state.round, **{k: v for k, v in state.values
                                     if k.startswith(("round_2_", "round_3_"))},
            "players": [{"name": s.name, "money": v.money, "mercenaries": v.mercenaries,
                         "henchmen": v.henchmen, "fire": k in fired}
                        for k, (s, v) in enumerate(zip(setup.seats, state.villains,
                                                       strict=True))]})
    except InvalidInput as refused:
        if refused.field.startswith("players."):
            k = int(refused.field.split(".")[1])
            raise InvalidInput("fire", f"{setup.seats[k].name} has no henchman left to fire "
                               "once salaries are paid.", "players with henchmen",
                               rule="firing") from None
        raise InvalidInput(refused.field, refused.detail, refused.allowed,
                           rule="contract-key") from None
    leaving = []
    for k, (s, v) in enumerate(zip(setup.seats, state.villains, strict=True)):
        owed = payroll(v.money, v.mercenaries, v.henchmen).unpaid_henchmen
        named = [kind for j, kind in unpaid if j == k and kind]
        if strict and len(named) > owed:
            raise InvalidInput("unpaid", f"{s.name} loses {plural(owed, 'henchman', 'henchmen')}"
                               f" unpaid, not {len(named)}.", f"{owed} for {s.name}",
                               rule="salaries")
        gone = pick_kinds(v, owed, named, field_name="unpaid", who=s.name, rule="salaries",
                          strict=strict)
        after = v
        for kind in gone:
            after = take(after, kind)
        own = [kind for j, kind in fire if j == k]
        out = None
        if own:
            out = pick_kinds(after, 1, [own[0]] if own[0] else [], field_name="fire",
                             who=s.name, rule="firing", strict=strict)[0]
        leaving.append(Leaving(tuple(gone), out))
    return answer, tuple(leaving)


def spec(setup: SessionSetup, pairs: Sequence[tuple[int, str]]) -> str:
    """The canonical text of (seat, kind) pairs, as an event stores them ("dave: 2 mystics")."""
    counted: dict[tuple[int, str], int] = {}
    for pair in pairs:
        counted[pair] = counted.get(pair, 0) + 1
    return ", ".join(f"{setup.seats[i].id}: {n} {kind}" if n > 1 else
                     f"{setup.seats[i].id}: {kind}" for (i, kind), n in counted.items())


def clean_up(setup: SessionSetup, state: State, event: Event) -> State:
    """Salaries (Mercenaries first; paid ones back under the deck, their Injuries and Powers
    discarded; anyone unpaid leaves the game), firing, then the refresh and the next round
    in its finishing order, or the end after round 3 (maniacal.txt:318-327, 310)."""
    answer, leaving = clean_up_plan(setup, state, event, strict=False)
    villains = []
    returned = out = discarded = 0
    for v, row, gone in zip(state.villains, answer.result["players"], leaving, strict=True):
        paid = int(row["paid_mercenaries"])
        returned += paid
        out += v.mercenaries - paid
        discarded += v.merc_powers
        for kind in (*gone.unpaid, *((gone.fired,) if gone.fired else ())):
            v = take(v, kind)
        keep = v.henchmen > 0
        villains.append(replace(
            v, money=int(row["money"]), mercenaries=0,
            injuries=(v.injuries - v.merc_injuries) if keep else 0, merc_injuries=0,
            powers=(v.powers - v.merc_powers) if keep else 0, merc_powers=0,
            picks=0, rooms_used=0, rooms=(), exhausted=0, villain_used=False,
            fired=v.fired + int(gone.fired is not None)))
        if not keep:
            discarded += v.powers - v.merc_powers
    new = replace(state, villains=tuple(villains), order=state.finished, spaces=(),
                  finished=(), resolved=None, acted=None, negative=None,
                  mercenary_deck=state.mercenary_deck + returned,
                  mercenaries_out=state.mercenaries_out + out,
                  power_discard=state.power_discard + discarded)
    if state.round >= ROUNDS:
        return replace(new, phase=OVER)
    return replace(new, round=state.round + 1, phase=BASE)


def clean_up_line(answer: Explained, state: State, leaving: Sequence[Leaving]) -> str:
    """Who paid what, who lost which henchmen unpaid, who fired one: the table's words."""
    parts = []
    for row, v, gone in zip(answer.result["players"], state.villains, leaving, strict=True):
        paid = v.money - int(row["money"])
        text = f"{row['name']} pays ${paid}"
        if row["paid_mercenaries"]:
            text += (f" ({plural(row['paid_mercenaries'], 'Mercenary', 'Mercenaries')} back "
                     "to the deck)")
        if row["left_unpaid"]:
            kinds = [KIND_WORDS[k] for k in gone.unpaid]
            kinds += ["Mercenary"] * (int(row["left_unpaid"]) - len(kinds))
            text += (f" and loses {plural(int(row['left_unpaid']), 'henchman', 'henchmen')} "
                     f"unpaid ({', '.join(kinds)})")
        if gone.fired:
            text += f", fires a {KIND_WORDS[gone.fired]}"
        parts.append(text)
    head = f"Clean-up of round {answer.result['round']}: "
    rest = answer.summary[len(head):] if answer.summary.startswith(head) else answer.summary
    return head + "; ".join(parts) + ". " + rest[:1].upper() + rest[1:]
