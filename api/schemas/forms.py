"""marshmallow schemas built from the core's input forms (assistant.inputs).

The core declares each calculator's inputs once; this module turns that declaration into a
schema that validates requests, and apispec turns the schema into OpenAPI. One schema class per
form, built once and cached.
"""
from __future__ import annotations

import math
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


# --- compiled loading ------------------------------------------------------------------------
# marshmallow 4 walks its field objects, hooks and validators on every load: more than the
# calculation itself for most forms. `loader` checks the plain, common case (a JSON body or a
# query of the declared fields, each of the declared type and in range) with code compiled
# once from the same form declarations; anything else (a missing required field, an unknown
# one, a wrong type, "2,2" for a list, a value out of range) goes to the marshmallow schema,
# which stays the reference: it answers every refusal, with its own messages.
# tests/api/test_compiled_forms.py checks that both give the same result on valid and invalid
# inputs.

class _Unsure(Exception):
    """The compiled check cannot vouch for this input: marshmallow decides."""


_DIGITS = re.compile(r"-?[0-9]{1,18}")
_TRUTHY = fields.Boolean.truthy
_FALSY = fields.Boolean.falsy
_MISSING = object()
Check = Any  # Callable[[Any], Any] raising _Unsure


def _bounds(minimum: int | None, maximum: int | None) -> tuple[float, float]:
    """The range as two numbers to compare with (an int compares exactly with infinity)."""
    return (-math.inf if minimum is None else minimum, math.inf if maximum is None else maximum)


def _compile_field(spec: inputs.Field, strict: bool) -> tuple[str, Check, bool, Any]:
    """(name, check, required, default) of one field; the default as _field gives it."""
    required = bool(getattr(spec, "required", False))
    default: Any = getattr(spec, "default", None)
    default = _MISSING if required or default is None else default
    check: Check
    if isinstance(spec, inputs.Integer):
        low, high = _bounds(spec.minimum, spec.maximum)

        def check(value: Any) -> int:
            if type(value) is not int:
                if strict or type(value) is not str or not _DIGITS.fullmatch(value):
                    raise _Unsure
                value = int(value)
            if low <= value <= high:
                return value
            raise _Unsure
    elif isinstance(spec, inputs.Flag):
        default = spec.default

        def check(value: Any) -> bool:
            if value is True or value is False:
                return value
            if type(value) is str:
                if value in _TRUTHY:
                    return True
                if value in _FALSY:
                    return False
            raise _Unsure
    elif isinstance(spec, inputs.OneOf):
        options = frozenset(spec.options)

        def check(value: Any) -> str:
            if type(value) is str and value in options:
                return value
            raise _Unsure
    elif isinstance(spec, inputs.Text):
        longest = spec.max_length

        def check(value: Any) -> str:
            if type(value) is str and 1 <= len(value) <= longest:
                return value
            raise _Unsure
    elif isinstance(spec, inputs.IntList):
        low, high = _bounds(spec.minimum, spec.maximum)
        fewest, most = spec.min_items, spec.max_items

        def check(value: Any) -> list[int]:
            if type(value) is not list or not fewest <= len(value) <= most:
                raise _Unsure
            for v in value:
                if type(v) is not int or not low <= v <= high:
                    raise _Unsure
            return list(value)
    elif isinstance(spec, inputs.ListOf):
        record = _compile_form(spec.fields, strict)
        fewest, most = spec.min_items, spec.max_items
        if not required:
            default = list

        def check(value: Any) -> list[dict[str, Any]]:
            if type(value) is not list or not fewest <= len(value) <= most:
                raise _Unsure
            return [record(v) for v in value]
    else:  # pragma: no cover - _field raises the same for an unknown field kind
        raise TypeError(f"unknown form field {spec!r}")
    return spec.name, check, required, default


def _compile_form(form: inputs.Form, strict: bool) -> Check:
    """load(data) for one form, written out as straight-line Python once per form: a loop over
    the fields, with a call per field, cost more than the checks themselves. The plain kinds
    (a whole number in a JSON body, an option, a text) are checked in line; the others call
    the field's check from _compile_field."""
    env: dict[str, Any] = {"_Unsure": _Unsure, "_MISSING": _MISSING,
                           "names": frozenset(spec.name for spec in form)}
    lines = ["def load(data):",
             # issuperset: marshmallow refuses unknown fields (one C-level pass over the keys)
             "    if type(data) is not dict or not names.issuperset(data):",
             "        raise _Unsure",
             "    out = {}",
             "    get = data.get"]
    for i, spec in enumerate(form):
        name, check, required, default = _compile_field(spec, strict)
        key = repr(name)
        env[f"check{i}"], env[f"default{i}"] = check, default
        lines += [f"    value = get({key}, _MISSING)",
                  "    if value is not _MISSING:"]
        plain = _in_line(spec, strict, f"{i}", env)
        if plain:
            lines += [f"        if not ({plain}):",
                      "            raise _Unsure",
                      f"        out[{key}] = value"]
        else:
            lines.append(f"        out[{key}] = check{i}(value)")
        if required:
            lines += ["    else:", "        raise _Unsure"]
        elif default is not _MISSING:
            made = f"default{i}()" if callable(default) else f"default{i}"
            lines += ["    else:", f"        out[{key}] = {made}"]
    lines.append("    return out")
    exec("\n".join(lines), env)  # noqa: S102 - our own declarations, names quoted by repr
    load: Check = env["load"]
    return load


def _in_line(spec: inputs.Field, strict: bool, i: str, env: dict[str, Any]) -> str | None:
    """The condition under which `value` is loaded as it is (the same as the field's check
    from _compile_field), or None where that check is called."""
    if isinstance(spec, inputs.Integer) and strict:
        env[f"low{i}"], env[f"high{i}"] = _bounds(spec.minimum, spec.maximum)
        return f"type(value) is int and low{i} <= value <= high{i}"
    if isinstance(spec, inputs.OneOf):
        env[f"options{i}"] = frozenset(spec.options)
        return f"type(value) is str and value in options{i}"
    if isinstance(spec, inputs.Text):
        env[f"longest{i}"] = spec.max_length
        return f"type(value) is str and 1 <= len(value) <= longest{i}"
    return None


def compiled(form: inputs.Form, strict: bool = True) -> Any:
    """The compiled check alone: the loaded dict, or None where marshmallow must decide
    (for the differential test)."""
    check = _compile_form(form, strict)

    def load(data: Any) -> dict[str, Any] | None:
        try:
            result: dict[str, Any] = check(data)
        except _Unsure:
            return None
        return result
    return load


_loaders: dict[tuple[int, str, bool], Any] = {}


def loader(form: inputs.Form, name: str, strict: bool = True) -> Any:
    """load(data) -> dict for a form, as schema_for(form, name, strict)().load(data) gives it
    (raising its ValidationError), built once per form: the compiled check first, marshmallow
    for whatever it cannot vouch for."""
    key = (id(form), name, strict)
    found = _loaders.get(key)
    if found is None:
        fast = _compile_form(form, strict)
        schema = schema_for(form, name, strict)()

        def found(data: Any) -> dict[str, Any]:
            try:
                result: dict[str, Any] = fast(data)
            except _Unsure:
                result = schema.load(data)
            return result
        _loaders[key] = found
    return found
