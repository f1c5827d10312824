"""Seats' ids from players' names, in any alphabet (issue 43).

A name is compared as Unicode NFC with its spaces trimmed and runs of them made one: "José"
typed as one character or as e plus an accent is one name, while "José" and "Jose", "Ана" and
"Аня", "Ana" and "ana" are different people. A seat's id is made from the name alone, so the
same name gives the same id at every table (the play log's player id): lower case, letters,
marks and digits of every script kept ("Jin Feng" → "jin-feng", "Ана" → "ана", "王芳" →
"王芳"), a symbol such as an emoji by its Unicode name ("🦊" → "fox-face"), anything else one
hyphen. Two names of one table that would share an id (only case or punctuation apart) are
told apart by a number ("ana", "ana-2"), and a saved id (a stored setup's, an export's) is
kept as it is, so a table stored before keeps every id its events name.
"""
from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Sequence

from assistant.errors import InvalidInput

MAX_ID = 40
"""An id's longest form: what an event's seat field takes (a name is at most 40 characters,
but an emoji's name is longer than the emoji)."""


def same_name(name: str) -> str:
    """The form two names are compared in: NFC, spaces trimmed and collapsed."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def seat_id(name: str) -> str:
    """A seat's id from its name (see the module's docstring); an id gives itself back."""
    text = unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())
    words: list[str] = []
    word = ""
    for c in text:
        kind = unicodedata.category(c)[0]
        if kind in "LN" or (kind == "M" and word and not _selector(c)):
            word += c
            continue
        if kind == "M":  # a variation selector, or a mark on no letter (an emoji's keycap)
            continue
        if word:
            words.append(word)
            word = ""
        if kind == "S":
            words += unicodedata.name(c, f"u{ord(c):x}").casefold().replace("-", " ").split()
    if word:
        words.append(word)
    out = "-".join(words)
    if not out:
        return "seat-" + _digest(name) if same_name(name) else "seat"
    if len(out) > MAX_ID:
        return out[:MAX_ID - 9].rstrip("-") + "-" + _digest(name)
    return out


def _selector(c: str) -> bool:
    return "\ufe00" <= c <= "\ufe0f" or "\U000e0100" <= c <= "\U000e01ef"


def _digest(name: str) -> str:
    return hashlib.sha256(same_name(name).encode()).hexdigest()[:8]


def seat_ids(names: Sequence[str], saved: Sequence[str | None] | None = None,
             list_name: str = "seats") -> list[str]:
    """Each seat's id at one table, in order: its saved id where it has one (checked to be an
    id and not another seat's), else seat_id(name), numbered "-2", "-3"... when an earlier seat
    holds that id. InvalidInput on `seats.i.name` when two names are the same person's (equal
    once compared as same_name says)."""
    kept = list(saved or [None] * len(names))
    taken = {s for s in kept if s}
    seen: dict[str, int] = {}
    out: list[str] = []
    for i, (name, own) in enumerate(zip(names, kept, strict=True)):
        key = same_name(name)
        if key in seen:
            raise InvalidInput(f"{list_name}.{i}.name", f"Two seats are called {key!r}: give "
                               "each player a name of their own (an initial will do).",
                               "a different name per seat")
        seen[key] = i
        if own:
            if seat_id(own) != own or own in out:
                raise InvalidInput(f"{list_name}.{i}.id", f"{own!r} is not a seat id this "
                                   "table can keep: leave the id out and the name gives one.",
                                   "the id an export saved, or none")
            out.append(own)
            continue
        base = seat_id(name)
        made, n = base, 1
        while made in taken or made in out:
            n += 1
            made = f"{base[:MAX_ID - 4]}-{n}"
        out.append(made)
    return out


def find_seat(ids: Sequence[str], names: Sequence[str], value: str) -> int | None:
    """Where the seat `value` names sits: its id, its name as typed, its name in another case
    or spacing where only one seat has it, or its name's id; None for no seat."""
    text = str(value)
    if text in ids:
        return ids.index(text)
    want = same_name(text)
    exact = [i for i, n in enumerate(names) if same_name(n) == want]
    if len(exact) == 1:
        return exact[0]
    folded = [i for i, n in enumerate(names) if same_name(n).casefold() == want.casefold()]
    if len(folded) == 1:
        return folded[0]
    made = seat_id(text)
    return ids.index(made) if made in ids else None
