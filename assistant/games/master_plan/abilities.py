"""Loot an Ability moves, as the table records it on the Super's reveal: "Gem from Ann" (the
acting Super's Mastermind takes Ann's Gem), "Crown from Throwdown 2 to here", "Idol from Ben
to bag". The rulebook prints no card text (every Ability is on its card, :48), so the table
says what the card did; the session applies it when, and only if, that Ability happens in
the battle, and the score and the instant win (:58, "at any time") see the Loot where it went.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from assistant.errors import InvalidInput
from assistant.explain import Provenance, Step

from .common import key, split_list

FIELD = "ability_loot"
HERE, BAG, OWNER = "here", "bag", "owner"
NOTE = ("The rulebook prints no Ability text; the table records what the card did with "
        "Loot, applied only if the Ability happens (:48, :52-54).")
_THROWDOWN = re.compile(r"throwdown\s*(\d+)$")
_ITEM = re.compile(r"^(?P<loot>.+?)\s+from\s+(?P<src>.+?)(?:\s+to\s+(?P<dst>.+))?$",
                   re.IGNORECASE)


@dataclass(frozen=True)
class Move:
    loot: str
    source: str
    """A seat id, "throwdown N", "here" or "bag"."""
    target: str
    """As source, or "owner": the acting Super's Mastermind."""


def place(text: str, seat_of: Callable[[str], str | None], dealt: int) -> str:
    """A place as typed → a seat id, "throwdown N", "here" or "bag"; InvalidInput if none."""
    k = key(text)
    if k in (HERE, BAG, OWNER):
        return k
    found = _THROWDOWN.match(k)
    if found and 1 <= int(found.group(1)) <= dealt:
        return f"throwdown {int(found.group(1))}"
    seat = seat_of(text)
    if seat is None:
        raise InvalidInput(FIELD, f"{text!r} is not a player, a dealt Throwdown, 'here' or "
                           "'bag'.", "a player's name, Throwdown N, here, bag", rule="ability")
    return seat


def parse(text: object, seat_of: Callable[[str], str | None], dealt: int) -> tuple[Move, ...]:
    """'Gem from Ann, Crown from Throwdown 2 to here' → moves (a missing 'to' is the owner)."""
    out: list[Move] = []
    for item in split_list(text):
        found = _ITEM.match(item)
        if not found:
            raise InvalidInput(FIELD, f"{item!r} is not 'Loot from place [to place]'.",
                               "like 'Gem from Ann' or 'Crown from Throwdown 2 to here'",
                               rule="ability")
        dst = found.group("dst")
        out.append(Move(found.group("loot").strip(), place(found.group("src"), seat_of, dealt),
                        place(dst, seat_of, dealt) if dst else OWNER))
    return tuple(out)


def take(pile: tuple[str, ...], loot: str) -> tuple[str, ...] | None:
    """The pile without one copy of `loot` (None: it holds none)."""
    for i, item in enumerate(pile):
        if key(item) == key(loot):
            return pile[:i] + pile[i + 1:]
    return None


def apply_moves(moves: tuple[Move, ...], by: str, owner: str, here: str,
                piles: dict[str, tuple[str, ...]], names: Mapping[str, str],
                room: int) -> list[Step]:
    """Moves one Super's Ability made, in order, on `piles` (seat ids and "throwdown N" →
    Loot; changed in place); a source without that Loot gives nothing, and a Throwdown
    holding `room` Loot already takes no more (it goes to the bag). One step each."""
    steps: list[Step] = []

    def name(p: str) -> str:
        return names.get(p, "the Loot Bag" if p == BAG else p.capitalize())

    for m in moves:
        src = here if m.source == HERE else m.source
        dst = owner if m.target == OWNER else here if m.target == HERE else m.target
        if src == BAG:
            rest: tuple[str, ...] | None = ()
        else:
            rest = take(piles.get(src, ()), m.loot)
        if rest is None:
            steps.append(Step(f"{by}'s Ability: {name(src)} has no {m.loot} to give; nothing "
                              "moves.", 0, "ability", Provenance.DERIVED, NOTE))
            continue
        if dst.startswith("throwdown") and len(piles.get(dst, ())) >= room:
            dst = BAG  # the session holds at most `room` Loot on a Throwdown
        if src != BAG:
            piles[src] = rest
        if dst != BAG:
            piles[dst] = (*piles.get(dst, ()), m.loot)
        steps.append(Step(f"{by}'s Ability moves {m.loot} from {name(src)} to {name(dst)}.",
                          1, "ability", Provenance.DERIVED, NOTE))
    return steps
