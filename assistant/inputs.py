"""Input forms as data.

A calculator (or the setup, or the scoring) declares the inputs it takes as a tuple of
fields. From that one declaration the API builds its marshmallow schema and OpenAPI entry,
and the phone pages build their forms (steppers for integers, toggles for flags). The core
receives plain, already type-checked dicts; rules that need game knowledge (a player count
per mode, a travel squad of seven) are checked in the core and raise InvalidInput.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Integer:
    name: str
    help: str
    minimum: int | None = None
    maximum: int | None = None
    default: int | None = None
    required: bool = False
    ask: bool = True
    """False: the API still takes it (an export's setup, an older client's request) but the
    phone pages do not ask it."""


@dataclass(frozen=True)
class Flag:
    name: str
    help: str
    default: bool = False
    ask: bool = True
    """False: the API still takes it (an export's setup, an older client's request) but the
    phone pages do not ask it."""


@dataclass(frozen=True)
class OneOf:
    name: str
    help: str
    options: tuple[str, ...]
    default: str | None = None
    required: bool = False


@dataclass(frozen=True)
class Text:
    """Free text; or a name picked from a list: `choices` (the game's own list, e.g. its
    characters) or `seat` (one of the seats at this table). A page offers those as a list to
    pick from; the game checks the value and refuses one not on the list, naming the list."""

    name: str
    help: str
    max_length: int = 80
    default: str | None = None
    required: bool = False
    choices: tuple[str, ...] = ()
    seat: bool = False
    ask: bool = True
    """False: the API still takes it (an export's setup, an older client's request) but the
    phone pages do not ask it."""
    dealt: bool = False
    """Left out, the setup deals it by its seed (what a dealer or the rules decide, such as a
    seat's character): a page shows the deal beside the field, changeable in one tap."""


@dataclass(frozen=True)
class ListOf:
    """A list of records, each record described by `fields`."""

    name: str
    help: str
    fields: tuple[Field, ...]
    min_items: int = 0
    max_items: int = 20
    required: bool = False


@dataclass(frozen=True)
class IntList:
    """A short list of integers (e.g. team sizes "2,2" in a query string)."""

    name: str
    help: str
    minimum: int | None = None
    maximum: int | None = None
    min_items: int = 0
    max_items: int = 10
    required: bool = False


Field = Integer | Flag | OneOf | Text | ListOf | IntList
Form = tuple[Field, ...]

LIMIT = 999_999
"""The largest whole number (and the smallest, negated) any form takes where it declares no
bound of its own: no count, track or score in these games comes near it, and an answer about
a 4,000-digit number helps nobody at the table."""


def bounds(field: Integer | IntList) -> tuple[int, int]:
    """The range a whole number of this field must lie in: its own, else +/- LIMIT."""
    low = -LIMIT if field.minimum is None else field.minimum
    high = LIMIT if field.maximum is None else field.maximum
    return low, high


def asked(form: Form) -> list[Field]:
    """The fields a phone page asks (those a page leaves to the API, `ask=False`, left out)."""
    return [f for f in form if getattr(f, "ask", True)]


def describe(form: Form) -> list[dict[str, Any]]:
    """A JSON description of a form, for clients that build their own inputs."""
    out: list[dict[str, Any]] = []
    for f in form:
        item: dict[str, Any] = {"name": f.name, "kind": type(f).__name__.lower(), "help": f.help}
        for attr in ("minimum", "maximum", "default", "options", "required", "max_length",
                     "min_items", "max_items"):
            if hasattr(f, attr) and getattr(f, attr) is not None:
                value = getattr(f, attr)
                item[attr] = list(value) if isinstance(value, tuple) else value
        if isinstance(f, Text) and f.choices:
            item["choices"] = list(f.choices)
        if isinstance(f, Text) and f.seat:
            item["seat"] = True
        if isinstance(f, Text) and f.dealt:
            item["dealt"] = True
        if isinstance(f, (Integer, IntList)):
            item["minimum"], item["maximum"] = bounds(f)
        if isinstance(f, ListOf):
            item["fields"] = describe(f.fields)
        out.append(item)
    return out


def singular(name: str) -> str:
    """'squads' → 'Squad', 'henchmen' → 'Henchman': the legend of one list row."""
    word = name.replace("_", " ")
    if word.endswith("men"):
        word = word[:-3] + "man"
    elif word.endswith("ies"):
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word[:1].upper() + word[1:]


def label_for(form: Form, dotted: str) -> str:
    """'squads.1.size' → 'Squad 2: Henchmen in the Squad', for the list of errors."""
    parts = dotted.split(".")
    current: Form = form
    words: list[str] = []
    i = 0
    while i < len(parts):
        match = next((f for f in current if f.name == parts[i]), None)
        if match is None:
            break
        if isinstance(match, ListOf):
            if i + 1 < len(parts) and parts[i + 1].isdigit():
                words.append(f"{singular(match.name)} {int(parts[i + 1]) + 1}")
                current = match.fields
                i += 2
                continue
            words.append(match.help)
            break
        words.append(match.help)
        break
    return ": ".join(words) or dotted
