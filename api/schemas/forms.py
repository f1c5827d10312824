"""The one marshmallow schema of each input form the core declares (assistant.inputs).

Built from the Form alone, it validates every body and query (`load`) and apispec documents it,
so a bound the server enforces is the bound /openapi.json states, and the other way round
(tests/hardening/test_openapi_truth.py). Bodies are JSON, taken as they are (an integer is a
JSON integer); queries arrive as text ("5", "true", "2,2"), read with `query=True`.
"""
from __future__ import annotations

import re
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from assistant import inputs
from assistant.form_text import INT_LIST_ERROR, int_list

NOT_BLANK = r"[\s\S]*\S[\s\S]*"
"""Text must hold something besides spaces (the core strips it and refuses an empty name)."""


class StrictBoolean(fields.Boolean):
    """true or false only in a JSON body; in a query, the words a form sends."""

    QUERY = {"true": True, "1": True, "on": True, "yes": True,
             "false": False, "0": False, "off": False, "no": False}

    def __init__(self, query: bool, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.query = query

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if value is True or value is False:
            return value
        if self.query and isinstance(value, str) and value.lower() in self.QUERY:
            return self.QUERY[value.lower()]
        raise ValidationError("Not a valid boolean: send true or false.")


class Words(fields.String):
    """Text as the core keeps it: without the spaces around it (a blank one is refused by
    NOT_BLANK, its spaces kept so the refusal names it)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        return text.strip() or text


class IntegerList(fields.List[Any]):
    """A list of whole numbers; in a query also written "2,2" (ASCII digits only)."""

    def __init__(self, *args: Any, query: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.query = query

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if self.query and isinstance(value, str):
            value = int_list(value)
            if value is None:
                raise ValidationError(INT_LIST_ERROR)
        return super()._deserialize(value, attr, data, **kwargs)


def _range(field: inputs.Integer | inputs.IntList) -> validate.Range:
    low, high = inputs.bounds(field)
    return validate.Range(min=low, max=high)


def _field(spec: inputs.Field, prefix: str, query: bool) -> fields.Field[Any]:
    common: dict[str, Any] = {"metadata": {"description": spec.help}}
    default = getattr(spec, "default", None)
    if getattr(spec, "required", False):
        common["required"] = True
    else:  # null is taken as left out (the core reads it so), its default then applying
        common["allow_none"] = True
        if default is not None:
            common["load_default"] = default
    if isinstance(spec, inputs.Integer):
        return fields.Integer(strict=not query, validate=_range(spec), **common)
    if isinstance(spec, inputs.Flag):
        return StrictBoolean(query, load_default=spec.default, allow_none=True,
                             metadata=common["metadata"])
    if isinstance(spec, inputs.OneOf):
        return fields.String(validate=validate.OneOf(spec.options), **common)
    if isinstance(spec, inputs.Text):
        if spec.choices:  # the game's own list: a page offers it, the core checks the value
            common["metadata"]["x-choices"] = list(spec.choices)
        if spec.seat:  # a seat of this table, by its id or name
            common["metadata"]["x-seat"] = True
        if spec.dealt:  # left out, the setup deals it by its seed
            common["metadata"]["x-dealt"] = True
        return Words(validate=[validate.Length(min=1, max=spec.max_length),
                                       validate.Regexp(NOT_BLANK, error="Must not be blank.")],
                             **common)
    if isinstance(spec, inputs.IntList):
        return IntegerList(fields.Integer(strict=not query, validate=_range(spec)),
                           query=query,
                           validate=validate.Length(min=spec.min_items, max=spec.max_items),
                           **common)
    if isinstance(spec, inputs.ListOf):
        nested = schema_for(spec.fields, f"{prefix}{camel(spec.name)}Item", query)
        return fields.List(fields.Nested(nested),
                           validate=validate.Length(min=spec.min_items, max=spec.max_items),
                           **common)
    raise TypeError(f"unknown form field {spec!r}")


def camel(name: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[-_\s]+", name))


_schemas: dict[tuple[int, str, bool], tuple[inputs.Form, type[Schema], Schema]] = {}


def schema_for(form: inputs.Form, name: str, query: bool = False) -> type[Schema]:
    """The Schema class of a form; `name` is its OpenAPI component name. Built once per form
    (kept with the form, so a form built anew at the same address gets its own)."""
    key = (id(form), name, query)
    found = _schemas.get(key)
    if found is None or found[0] is not form:
        attrs: dict[str, Any] = {f.name: _field(f, name, query) for f in form}
        made = Schema.from_dict(attrs, name=name)
        found = _schemas[key] = (form, made, made())
    return found[1]


def operation_schema_name(game: str, operation: str) -> str:
    return f"{camel(game)}{camel(operation)}In"


def load(form: inputs.Form, name: str, data: Any, query: bool = False) -> dict[str, Any]:
    """`data` checked against the form's schema: the loaded values, or ValidationError."""
    schema_for(form, name, query)
    loaded: dict[str, Any] = _schemas[(id(form), name, query)][2].load(_without_nulls(data))
    return loaded


def _without_nulls(data: Any) -> Any:
    """`data` with every null member of an object left out: null means "not given"."""
    if isinstance(data, dict):
        return {k: _without_nulls(v) for k, v in data.items() if v is not None}
    if isinstance(data, list):
        return [_without_nulls(v) for v in data]
    return data
