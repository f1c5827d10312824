"""A form's values as the text a phone page posts, and back (moved here from api/pages_forms.py:
it is plain logic over the forms of `assistant.inputs`, with nothing of the web in it).

Posted fields use dotted names for list rows ("squads.0.size"), the same paths the API's error
messages use, so an error lands beside its input. Parsing turns text into the plain types a
JSON client would send; the API's own schema then validates it, so a page and a JSON client get
the same answers and the same errors.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from assistant import inputs

Errors = dict[str, list[str]]

INT_LIST_ERROR = "Give whole numbers separated by commas, e.g. 2,2."


def int_list(text: str) -> list[int] | None:
    """"2,2" (or "2 2") → [2, 2], as a JSON client sends it; None unless every part is a whole
    number of at most 9 ASCII digits."""
    parts = [p for p in re.split(r"[,\s+]+", text.strip()) if p]
    if not all(re.fullmatch(r"-?[0-9]{1,9}", p) for p in parts):
        return None
    return [int(p) for p in parts]


def flatten(values: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """{"squads": [{"size": 2}]} → {"squads": 1, "squads.0.size": 2} (a list holds its length)."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        name = f"{prefix}{key}"
        if isinstance(value, (list, tuple)) and value and all(
                isinstance(v, Mapping) for v in value):
            out[name] = len(value)
            for i, row in enumerate(value):
                out.update(flatten(row, f"{name}.{i}."))
        elif isinstance(value, (list, tuple)):
            out[name] = ",".join(str(v) for v in value)
        else:
            out[name] = value
    return out


def initial_rows(field: inputs.ListOf, values: Mapping[str, Any], name: str) -> int:
    if name in values:
        return int(values[name])
    return max(field.min_items, 1 if field.required else 0)


def row_indices(names: Iterable[str], name: str) -> list[int]:
    """The row numbers posted for list `name` ("squads.3.size" → 3), in order."""
    found = set()
    for key in names:
        if key.startswith(name + "."):
            head = key[len(name) + 1:].split(".", 1)[0]
            if head.isdigit():
                found.add(int(head))
    return sorted(found)


def row_counts(form: inputs.Form, names: Iterable[str], prefix: str = "") -> dict[str, int]:
    """How many rows each list had when posted, so the form comes back as it was sent."""
    names = list(names)
    counts: dict[str, int] = {}
    for field in form:
        if isinstance(field, inputs.ListOf):
            name = prefix + field.name
            indices = row_indices(names, name)
            counts[name] = len(indices)
            for index in indices:
                counts.update(row_counts(field.fields, names, f"{name}.{index}."))
    return counts


def parse(form: inputs.Form, data: Mapping[str, str], prefix: str = "") -> tuple[
        dict[str, Any], Errors]:
    """Posted text → the dict a JSON client would send (blank means 'leave it out')."""
    out: dict[str, Any] = {}
    errors: Errors = {}
    for field in form:
        name = prefix + field.name
        if isinstance(field, inputs.Flag):
            if not field.ask and name not in data:  # not on the page: the form's default holds
                continue
            out[field.name] = data.get(name, "") not in ("", "0", "false", "off")
            continue
        if isinstance(field, inputs.ListOf):
            rows = []
            for i, index in enumerate(row_indices(data, name)):
                row, row_errors = parse(field.fields, data, f"{name}.{index}.")
                rows.append(row)
                for key, messages in row_errors.items():  # positions, as the schema counts
                    errors[key.replace(f"{name}.{index}.", f"{name}.{i}.", 1)] = messages
            out[field.name] = rows
            continue
        raw = data.get(name, "").strip()
        if raw == "":
            continue
        if isinstance(field, inputs.Integer):
            try:
                out[field.name] = int(raw)
            except ValueError:
                errors[name] = ["Enter a whole number."]
        elif isinstance(field, inputs.IntList):
            numbers = int_list(raw)
            if numbers is None:
                errors[name] = [INT_LIST_ERROR]
            else:
                out[field.name] = numbers
        else:  # OneOf, Text
            out[field.name] = raw
    return out, errors
