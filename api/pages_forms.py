"""Phone-page forms built from the core's input forms (assistant.inputs), and run.

The same Form declaration drives the API's marshmallow schema and these HTML forms, so a
calculator's inputs are declared once; posted text is read back by assistant.form_text, then
validated by the API's own schema, so a page and a JSON client get the same answers and errors.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from marshmallow import ValidationError

from api.errors import flatten_errors
from api.schemas.forms import load, operation_schema_name
from assistant import inputs
from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.form_text import Errors
from assistant.games import Game, Operation

T = TypeVar("T")


def kind(field: inputs.Field) -> str:
    return type(field).__name__.lower()


def field_id(name: str) -> str:
    return "f-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def attempt(work: Callable[[], T]) -> tuple[T | None, Errors]:
    """work()'s result, else None and what the API's schema or the core refused, by dotted
    path: a page shows the very errors a JSON client gets."""
    try:
        return work(), {}
    except ValidationError as exc:
        return None, flatten_errors(exc.messages)
    except InvalidInput as exc:
        return None, exc.errors()


def run(game: Game, op: Operation, data: dict[str, Any], query: bool = False
        ) -> tuple[Explained | None, Errors]:
    """Validate with the API's own schema, then ask the core."""
    name = operation_schema_name(game.slug, op.slug)
    return attempt(lambda: op.run(load(op.form, name, data, query)))
