"""Checking a plain JSON object against a form (assistant.inputs), in the core.

The API documents these forms and the phone pages build inputs from them, but events also
arrive from imports and from storage, so the core checks every value itself: a refused value
raises InvalidInput naming the field and what is allowed.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from assistant.errors import InvalidInput
from assistant.inputs import Flag, Form, Integer, IntList, ListOf, OneOf, Text, bounds


def _name(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


def check_form(form: Form, data: Mapping[str, Any], prefix: str = "",
               allow_extra: Iterable[str] = ()) -> dict[str, Any]:
    """The form's values from `data`; defaults filled in, unknown keys refused.

    Lists of records (ListOf) are left to the caller, which knows what each item means."""
    known = {f.name for f in form} | set(allow_extra)
    for key in data:
        if key not in known:
            raise InvalidInput(_name(prefix, str(key)), f"{key!r} is not a field here.",
                               ", ".join(sorted(f.name for f in form)))
    out: dict[str, Any] = {}
    for f in form:
        if isinstance(f, ListOf):
            continue
        at = _name(prefix, f.name)
        value = data.get(f.name)
        if value is None:
            if getattr(f, "required", False):
                raise InvalidInput(at, f"{f.name} is required: {f.help}", _allowed(f))
            default = getattr(f, "default", None)
            if default is not None:
                out[f.name] = default
            continue
        out[f.name] = _check(f, value, at)
    return out


def stored_values(form: Form, data: Mapping[str, Any]) -> dict[str, Any]:
    """check_form's answer for data that passed check_form once already (an event the server
    wrote itself): the same values and defaults, none of the checks. Never for outside data."""
    out: dict[str, Any] = {}
    for name, default, is_list in _plan(form):
        value = data.get(name)
        if value is None:
            if default is not None:
                out[name] = default
        else:
            out[name] = list(value) if is_list else value
    return out


_PLANS: dict[int, tuple[Form, list[tuple[str, Any, bool]]]] = {}
"""Each form's fields as stored_values reads them, by the form's id (the form is kept with
its plan, so the id stays its own)."""


def _plan(form: Form) -> list[tuple[str, Any, bool]]:
    found = _PLANS.get(id(form))
    if found is not None and found[0] is form:
        return found[1]
    plan = [(f.name, getattr(f, "default", None), isinstance(f, IntList))
            for f in form if not isinstance(f, ListOf)]
    _PLANS[id(form)] = (form, plan)
    return plan


def _allowed(f: Any) -> str:
    if isinstance(f, Integer):
        low, high = bounds(f)
        return f"a whole number {low} to {high}"
    if isinstance(f, OneOf):
        return ", ".join(f.options)
    if isinstance(f, Flag):
        return "true or false"
    if isinstance(f, Text):
        return f"text of 1-{f.max_length} characters"
    if isinstance(f, IntList):
        low, high = bounds(f)
        return f"a list of {f.min_items}-{f.max_items} whole numbers {low} to {high}"
    return "see the form"


def _check(f: Any, value: Any, at: str) -> Any:
    if isinstance(f, Integer):
        low, high = bounds(f)
        ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
        if not ok:
            raise InvalidInput(at, f"{value!r} is not accepted for {f.name}.", _allowed(f))
        return value
    if isinstance(f, Flag):
        if not isinstance(value, bool):
            raise InvalidInput(at, f"{f.name} is true or false; got {value!r}.", _allowed(f))
        return value
    if isinstance(f, OneOf):
        if value not in f.options:
            raise InvalidInput(at, f"There is no {f.name} {value!r}.", _allowed(f))
        return value
    if isinstance(f, Text):
        if not isinstance(value, str) or not value.strip() or len(value) > f.max_length:
            raise InvalidInput(at, f"{f.name} must be text of 1 to {f.max_length} "
                               "characters.", _allowed(f))
        return value.strip()
    if isinstance(f, IntList):
        low, high = bounds(f)
        ok = (isinstance(value, list) and f.min_items <= len(value) <= f.max_items
              and all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
                      for v in value))
        if not ok:
            raise InvalidInput(at, f"{value!r} is not accepted for {f.name}.", _allowed(f))
        return list(value)
    raise TypeError(f"unsupported field {f!r}")
