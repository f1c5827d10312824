"""Small helpers the calculator families share: names, lists of names, plurals."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.errors import InvalidInput


def name_of(record: Mapping[str, Any], field: str) -> str:
    name = str(record.get("name") or "").strip()
    if not name:
        raise InvalidInput(field, "Every player needs a name.", "a short name")
    return name


def unique_names(records: Sequence[Mapping[str, Any]], field: str) -> list[str]:
    names: list[str] = []
    for i, record in enumerate(records):
        name = name_of(record, f"{field}.{i}.name")
        if name.casefold() in {n.casefold() for n in names}:
            raise InvalidInput(f"{field}.{i}.name", f"Two entries are called {name!r}.",
                               "a different name for each")
        names.append(name)
    return names


def split_names(raw: Any, field: str) -> list[str]:
    """Comma-separated names (or a list of them), blanks dropped, duplicates refused."""
    items = raw if isinstance(raw, list) else str(raw or "").split(",")
    names = [str(n).strip() for n in items if str(n).strip()]
    if len({n.casefold() for n in names}) != len(names):
        raise InvalidInput(field, "A name appears twice.", "each name once")
    return names


def find(names: Sequence[str], wanted: str, field: str) -> str:
    for name in names:
        if name.casefold() == wanted.strip().casefold():
            return name
    raise InvalidInput(field, f"There is no player called {wanted!r}.", ", ".join(names))


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else (many or word + 's')}"
