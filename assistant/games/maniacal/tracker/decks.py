"""Cards and henchmen moving between the decks, the discard piles and the seats.

The Scheme deck reshuffles its discards when it runs out (maniacal.txt:254); the Mercenary
deck takes paid Mercenaries back at Clean-up (maniacal.txt:310, 320); the Power deck's
discards are not said to come back, so a draw from an empty Power deck (or an empty Mercenary
deck, "a chance of drawing", maniacal.txt:307) draws nothing. Henchmen leave by kind: where
the table did not say which kind and the seat holds more than one, the referee asks
(`pick_kinds`, strict); a stored event of an older session takes them in a fixed order.
"""
from __future__ import annotations

from collections.abc import Sequence

from assistant.errors import InvalidInput
from assistant.tracker import put
from assistant.tracker.chain import evolve as replace

from .forms import KIND_WORDS, KINDS, MERCENARY, kind_count
from .state import State, Villain

FALLBACK = ("other", "beasts", "criminals", "scientists", "mystics", "bodyguard", "lackey")
"""Older sessions only (no kind recorded, several held): the order henchmen are taken in."""


def with_villain(state: State, i: int, villain: Villain) -> State:
    return replace(state, villains=put(state.villains, i, villain))


def non_negative(name: str, value: int, field_name: str, rule: str) -> int:
    if value < 0:
        raise InvalidInput(field_name, f"{name} cannot go below 0 (it would be {value}).",
                           f"a change leaving {name} at 0 or more", rule=rule)
    return value


# ---------------------------------------------------------------- Schemes

def draw_scheme(state: State, i: int) -> tuple[State, bool]:
    """One Scheme into seat i's hand; the discards are shuffled into a new deck first when
    the deck is empty. False when no card is left anywhere (all are in hands)."""
    deck, discard = state.scheme_deck, state.scheme_discard
    if deck == 0:
        deck, discard = discard, 0
    if deck == 0:
        return state, False
    v = state.villains[i]
    state = replace(state, scheme_deck=deck - 1, scheme_discard=discard)
    return with_villain(state, i, replace(v, schemes=v.schemes + 1)), True


def play_scheme(state: State, i: int) -> State:
    """A Scheme played from seat i's hand goes to the discard pile (maniacal.txt:260). An
    older session's Scheme, played before hands were counted, comes from nowhere."""
    v = state.villains[i]
    if v.schemes == 0:
        return state
    state = replace(state, scheme_discard=state.scheme_discard + 1)
    return with_villain(state, i, replace(v, schemes=v.schemes - 1))


def hand_correction(state: State, i: int, amount: int) -> State:
    """A hand set by hand: cards added come from the deck (or its reshuffled discards) while
    there are any, cards taken away go to the discards."""
    v = state.villains[i]
    now = non_negative("Schemes in hand", v.schemes + amount, "amount", "schemes")
    deck, discard = state.scheme_deck, state.scheme_discard
    for _ in range(max(0, amount)):
        if deck == 0:
            deck, discard = discard, 0
        deck = max(0, deck - 1)
    discard += max(0, -amount)
    state = replace(state, scheme_deck=deck, scheme_discard=discard)
    return with_villain(state, i, replace(v, schemes=now))


# ---------------------------------------------------------------- Powers

def draw_power(state: State, i: int, on_mercenary: bool) -> tuple[State, bool]:
    """A random Power onto one of seat i's henchmen (maniacal.txt:275-276); nothing when the
    Power deck is empty (the book does not reshuffle it)."""
    if state.power_deck == 0:
        return state, False
    v = state.villains[i]
    v = replace(v, powers=v.powers + 1, merc_powers=v.merc_powers + int(on_mercenary))
    return with_villain(replace(state, power_deck=state.power_deck - 1), i, v), True


def power_correction(state: State, i: int, amount: int) -> State:
    v = state.villains[i]
    now = non_negative("Powers", v.powers + amount, "amount", "powers")
    deck = max(0, state.power_deck - max(0, amount))
    state = replace(state, power_deck=deck, power_discard=state.power_discard
                    + max(0, -amount))
    return with_villain(state, i, replace(v, powers=now, merc_powers=min(v.merc_powers, now)))


# ---------------------------------------------------------------- Mercenaries

def draw_mercenary(state: State, i: int) -> tuple[State, bool]:
    """Lucifer's Lounge: a random Mercenary, if the deck holds one (maniacal.txt:307)."""
    if state.mercenary_deck == 0:
        return state, False
    v = state.villains[i]
    state = replace(state, mercenary_deck=state.mercenary_deck - 1)
    return with_villain(state, i, replace(v, mercenaries=v.mercenaries + 1)), True


def mercenary_correction(state: State, i: int, amount: int) -> State:
    v = state.villains[i]
    now = non_negative("Mercenaries", v.mercenaries + amount, "amount", "mercenaries")
    deck = max(0, state.mercenary_deck - max(0, amount)) + max(0, -amount)
    return with_villain(replace(state, mercenary_deck=deck), i, replace(v, mercenaries=now))


# ---------------------------------------------------------------- henchmen by kind

def held_kinds(v: Villain, mercenaries: bool = True) -> list[str]:
    kinds = [k for k in KINDS if v.crew[KINDS.index(k)]]
    return kinds + ([MERCENARY] if mercenaries and v.mercenaries else [])


def pick_kinds(v: Villain, count: int, named: Sequence[str], *, field_name: str, who: str,
               rule: str, strict: bool, mercenaries: bool = False) -> list[str]:
    """The kinds of the `count` henchmen leaving seat `v`: those `named` first, then, for the
    rest, the only kind left (or all that is left). `strict` (a request): several kinds left
    to choose from is refused, asking which; otherwise (a stored event) FALLBACK decides."""
    left = {k: v.held(k) for k in held_kinds(v, mercenaries)}
    out: list[str] = []
    for kind in named[:count]:
        if left.get(kind, 0) <= 0:
            raise InvalidInput(field_name, f"{who} holds no {KIND_WORDS[kind]} to lose.",
                               ", ".join(k for k, n in left.items() if n) or "none",
                               rule=rule)
        left[kind] -= 1
        out.append(kind)
    rest = count - len(out)
    kinds = [k for k, n in left.items() if n]
    if rest and len(kinds) > 1 and rest < sum(left.values()) and strict:
        raise InvalidInput(field_name, f"Which henchm{'a' if rest == 1 else 'e'}n does {who} "
                           f"lose? They hold " + ", ".join(
                               kind_count(left[k], k) for k in kinds) + ".",
                           ", ".join(kinds), rule=rule)
    order = [k for k in (*FALLBACK, MERCENARY) if left.get(k)]
    for kind in order:
        while rest and left[kind]:
            left[kind] -= 1
            out.append(kind)
            rest -= 1
    return out


def take(v: Villain, kind: str) -> Villain:
    """One henchman of `kind` leaves seat `v` (a Mercenary: its own count)."""
    if kind == MERCENARY:
        return replace(v, mercenaries=max(0, v.mercenaries - 1))
    k = KINDS.index(kind)
    return replace(v, crew=put(v.crew, k, max(0, v.crew[k] - 1)))


def give(v: Villain, kind: str, n: int = 1) -> Villain:
    if kind == MERCENARY:
        return replace(v, mercenaries=v.mercenaries + n)
    k = KINDS.index(kind)
    return replace(v, crew=put(v.crew, k, v.crew[k] + n))


def crew_text(v: Villain) -> str:
    parts = [kind_count(n, k) for k, n in zip(KINDS, v.crew, strict=True) if n]
    if v.mercenaries:
        parts.append(kind_count(v.mercenaries, MERCENARY))
    return ", ".join(parts) or "no henchmen"
