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

from api import pages_text as text
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
    path: a page shows the errors a JSON client gets, said as what to do (`to_do`)."""
    try:
        return work(), {}
    except ValidationError as exc:
        return None, {k: [to_do(m) for m in v] for k, v in flatten_errors(exc.messages).items()}
    except InvalidInput as exc:
        return None, {k: [to_do(m) for m in v] for k, v in exc.errors().items()}


_SAID: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"^(Missing data for required field|Field may not be null)\.$"),
     lambda m: "Fill this in."),
    (re.compile(r"^Not a valid (integer|number)\.$"), lambda m: "Type a whole number."),
    (re.compile(r"^Not a valid boolean\.$"), lambda m: "Tick it or leave it clear."),
    (re.compile(r"^Unknown field\.$"), lambda m: "This form does not take it: leave it out."),
    (re.compile(r"^Must be greater than or equal to (-?\d+) and less than or equal to "
                r"(-?\d+)\.$"), lambda m: f"Choose a number from {m[1]} to {m[2]}."),
    (re.compile(r"^Must be greater than or equal to (-?\d+)\.$"),
     lambda m: f"Choose {m[1]} or more."),
    (re.compile(r"^Must be less than or equal to (-?\d+)\.$"),
     lambda m: f"Choose {m[1]} or fewer."),
    (re.compile(r"^Must be one of: (.+)\.$"),
     lambda m: "Choose one of: " + ", ".join(text.humanize(o.strip())
                                            for o in m[1].split(",")) + "."),
    (re.compile(r"^Shorter than minimum length (\d+)\.$"), lambda m: f"Add at least {m[1]}."),
    (re.compile(r"^Length must be between (\d+) and (\d+)\.$"),
     lambda m: f"Give {m[1]} to {m[2]} of them."),
    (re.compile(r"^Longer than maximum length (\d+)\.$"), lambda m: f"Keep it to {m[1]}."),
)


_TAIL = re.compile(r"^(?P<said>.*?) Allowed: (?P<allowed>.*?)\.?$", re.S)


def to_do(message: str) -> str:
    """A validator's message as what to do ("Missing data for required field." → "Fill this
    in."); a game's own sentence keeps its words, its "Allowed: …" said as the choices when
    it lists them, and left out when it only says again what the sentence says ("8
    characters") or describes ("a name")."""
    for pattern, say in _SAID:
        found = pattern.match(message)
        if found:
            return say(found)
    tail = _TAIL.match(message)
    if tail is None:
        return message
    said, allowed = tail["said"], tail["allowed"]
    if allowed.casefold() in said.casefold() or re.match(r"(a|an|the|one|each) ", allowed):
        return said
    return f"{said} It can be: {allowed}."


def run(game: Game, op: Operation, data: dict[str, Any], query: bool = False
        ) -> tuple[Explained | None, Errors]:
    """Validate with the API's own schema, then ask the core."""
    name = operation_schema_name(game.slug, op.slug)
    return attempt(lambda: op.run(load(op.form, name, data, query)))
