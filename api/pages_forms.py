"""Phone-page forms built from the core's input forms (assistant.inputs), and read back.

The same Form declaration drives the API's marshmallow schema and these HTML forms, so a
calculator's inputs are declared once. Posted form fields use dotted names for list rows
("squads.0.size"), the same paths the API's error messages use, so an error lands beside its
input. Parsing turns text into the plain types the API would receive as JSON, then the API's
own schema validates it: a page and a JSON client get the same answers and the same errors.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError
from werkzeug.datastructures import MultiDict

from api.errors import flatten_errors
from api.schemas.forms import load, operation_schema_name
from assistant import inputs
from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.games import Game, Operation

Errors = dict[str, list[str]]


def kind(field: inputs.Field) -> str:
    return type(field).__name__.lower()


def field_id(name: str) -> str:
    return "f-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


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


def _row_indices(data: MultiDict[str, str], name: str) -> list[int]:
    found = set()
    for key in data:
        if key.startswith(name + "."):
            head = key[len(name) + 1:].split(".", 1)[0]
            if head.isdigit():
                found.add(int(head))
    return sorted(found)


def parse(form: inputs.Form, data: MultiDict[str, str], prefix: str = "") -> tuple[
        dict[str, Any], Errors]:
    """Posted text → the dict a JSON client would send (blank means 'leave it out')."""
    out: dict[str, Any] = {}
    errors: Errors = {}
    for field in form:
        name = prefix + field.name
        if isinstance(field, inputs.Flag):
            out[field.name] = data.get(name, "") not in ("", "0", "false", "off")
            continue
        if isinstance(field, inputs.ListOf):
            rows = []
            for i, index in enumerate(_row_indices(data, name)):
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
        elif isinstance(field, inputs.IntList):  # "2,2" → [2, 2], as a JSON client sends
            parts = [p for p in re.split(r"[,\s+]+", raw) if p]
            if all(re.fullmatch(r"-?[0-9]{1,9}", p) for p in parts):
                out[field.name] = [int(p) for p in parts]
            else:
                errors[name] = ["Give whole numbers separated by commas, e.g. 2,2."]
        else:  # OneOf, Text
            out[field.name] = raw
    return out, errors


def run(game: Game, op: Operation, data: dict[str, Any]) -> tuple[Explained | None, Errors]:
    """Validate with the API's own schema, then ask the core; errors keyed by dotted path."""
    try:
        loaded = load(op.form, operation_schema_name(game.slug, op.slug), data)
    except ValidationError as exc:
        return None, flatten_errors(exc.messages)
    try:
        return op.run(loaded), {}
    except InvalidInput as exc:
        return None, exc.errors()
