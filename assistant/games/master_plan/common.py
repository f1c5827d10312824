"""Small helpers shared by the calculators: names, Loot lists, player lists."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput

_SPACES = re.compile(r"\s+")
"""What counts as space in names and Loot (str.split() splits on the very same characters;
tests/perf_forms/test_same_answers.py compares the two)."""


def key(name: str) -> str:
    """How names and Loot types compare: case and extra spaces do not matter."""
    return " ".join(name.split()).casefold()  # = _SPACES.sub(" ", name).strip(), faster


def split_list(value: object) -> tuple[str, ...]:
    """'Gem, gem ,Idol' → ('Gem', 'gem', 'Idol'); a list is taken as is. Blanks are dropped."""
    if value is None:
        return ()
    items: Iterable[object]
    if isinstance(value, str):
        items = value.split(",")
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        items = [value]
    # " ".join(text.split()) is _SPACES.sub(" ", text).strip(): the same whitespace, faster
    return tuple(" ".join(words) for words in (str(v).split() for v in items) if words)


def bag(items: Iterable[str]) -> Counter[str]:
    """A multiset of Loot by comparison key."""
    return Counter(key(i) for i in items)


def names_in(counter: Counter[str], display: Mapping[str, str]) -> list[str]:
    """A multiset back to display names, sorted, copies repeated."""
    return sorted((display.get(k, k) for k, n in counter.items() for _ in range(n)),
                  key=str.casefold)


def distinct(items: Iterable[str]) -> list[str]:
    """The different types in a list, first spelling kept, in the order first seen."""
    seen: dict[str, str] = {}
    for item in items:
        seen.setdefault(key(item), item)
    return list(seen.values())


def text_field(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name)
    return "" if value is None else str(value).strip()


def unique_names(rows: Sequence[Mapping[str, Any]], list_name: str, field: str = "name",
                 what: str = "player") -> list[str]:
    """The names in a list of rows, each required and different (case-insensitive)."""
    out: list[str] = []
    seen: set[str] = set()
    for i, row in enumerate(rows):
        name = text_field(row, field)
        if not name:
            raise InvalidInput(f"{list_name}.{i}.{field}", f"Give every {what} a name.",
                               "a short name")
        if key(name) in seen:
            raise InvalidInput(f"{list_name}.{i}.{field}", f"Two {what}s are called {name!r}.",
                               f"a different name for each {what}")
        seen.add(key(name))
        out.append(name)
    return out


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"
