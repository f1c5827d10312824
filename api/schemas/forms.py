"""marshmallow schemas built from the core's input forms (assistant.inputs).

The core declares each calculator's inputs once; this module turns that declaration into a
schema that validates requests, and apispec turns the schema into OpenAPI. One schema class per
form, built once and cached.
"""
from __future__ import annotations

import re
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from assistant import inputs


class IntegerList(fields.List):
    """A list of integers, also accepted as "2,2" (handy in a query string)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            parts = [p for p in re.split(r"[,\s+]+", value.strip()) if p]
            if not all(re.fullmatch(r"-?\d+", p) for p in parts):
                raise ValidationError("Give whole numbers separated by commas, e.g. 2,2.")
            value = [int(p) for p in parts]
        return super()._deserialize(value, attr, data, **kwargs)


def _range(minimum: int | None, maximum: int | None) -> list[validate.Validator]:
    if minimum is None and maximum is None:
        return []
    return [validate.Range(min=minimum, max=maximum)]


def _field(spec: inputs.Field, prefix: str, strict: bool) -> fields.Field:
    common: dict[str, Any] = {"metadata": {"description": spec.help}}
    default = getattr(spec, "default", None)
    required = getattr(spec, "required", False)
    if required:
        common["required"] = True
    elif default is not None:
        common["load_default"] = default
    if isinstance(spec, inputs.Integer):
        return fields.Integer(strict=strict, validate=_range(spec.minimum, spec.maximum),
                              **common)
    if isinstance(spec, inputs.Flag):
        common["load_default"] = spec.default
        return fields.Boolean(**common)
    if isinstance(spec, inputs.OneOf):
        return fields.String(validate=validate.OneOf(spec.options), **common)
    if isinstance(spec, inputs.Text):
        return fields.String(validate=validate.Length(min=1, max=spec.max_length), **common)
    if isinstance(spec, inputs.IntList):
        return IntegerList(
            fields.Integer(strict=True, validate=_range(spec.minimum, spec.maximum)),
            validate=validate.Length(min=spec.min_items, max=spec.max_items), **common)
    if isinstance(spec, inputs.ListOf):
        nested = schema_for(spec.fields, f"{prefix}{_camel(spec.name)}Item", strict=strict)
        if not required:
            common["load_default"] = list
        return fields.List(fields.Nested(nested),
                           validate=validate.Length(min=spec.min_items, max=spec.max_items),
                           **common)
    raise TypeError(f"unknown form field {spec!r}")


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[-_\s]+", name))


_cache: dict[tuple[int, str, bool], type[Schema]] = {}


def schema_for(form: inputs.Form, name: str, strict: bool = True) -> type[Schema]:
    """The marshmallow Schema class for a form; `name` becomes its OpenAPI component name.

    strict=False for query strings, where every value arrives as text ("5" → 5)."""
    key = (id(form), name, strict)
    if key not in _cache:
        attrs: dict[str, Any] = {f.name: _field(f, name, strict) for f in form}
        _cache[key] = Schema.from_dict(attrs, name=name)
    return _cache[key]


def operation_schema_name(game: str, operation: str) -> str:
    return f"{_camel(game)}{_camel(operation)}In"
