"""The compiled form check (api/schemas/forms.py: loader) agrees with marshmallow, the
reference: on every game's examples and on thousands of varied inputs, valid and invalid
(wrong types, out of range, missing, unknown, "2,2" lists, booleans as numbers), a load gives
the same dict or the same refusal with the same messages."""
from __future__ import annotations

import random
from typing import Any

import pytest
from marshmallow import ValidationError

from api.schemas.forms import compiled, loader, operation_schema_name, schema_for
from assistant import inputs
from assistant.games import all_games

OPERATIONS = [(g.slug, op) for g in all_games()
              for op in (g.setup, g.scoring, *g.calculators.values()) if op is not None]
ODD = [None, True, False, 0, -1, 1, 2, 7, 99, 10**20, 2.0, 2.5, "", "2", "-3", "05", " 4", "x",
       "true", "on", "0", "٣", [], [1], [2, 2], [True], ["2"], {}, {"a": 1}, "2,2", "a" * 200]


def value_for(spec: inputs.Field, rng: random.Random, strict: bool) -> Any:
    """A value of the declared kind (often near the edges), or something odd."""
    if rng.random() < 0.25:
        return rng.choice(ODD)
    if isinstance(spec, inputs.Integer):
        low = spec.minimum if spec.minimum is not None else -3
        high = spec.maximum if spec.maximum is not None else low + 20
        value = rng.randint(low - 1, high + 1)
        return str(value) if not strict and rng.random() < 0.7 else value
    if isinstance(spec, inputs.Flag):
        return rng.choice([True, False, "true", "false", "1", "0", "yes", "off", 1, 0])
    if isinstance(spec, inputs.OneOf):
        return rng.choice([*spec.options, spec.options[0].upper(), "other"])
    if isinstance(spec, inputs.Text):
        return "t" * rng.choice([0, 1, 5, spec.max_length, spec.max_length + 1])
    if isinstance(spec, inputs.IntList):
        low = spec.minimum if spec.minimum is not None else 0
        high = spec.maximum if spec.maximum is not None else low + 5
        items = [rng.randint(low - 1, high + 1) for _ in range(rng.randint(0, spec.max_items + 1))]
        return ",".join(map(str, items)) if rng.random() < 0.2 else items
    assert isinstance(spec, inputs.ListOf)
    return [record(spec.fields, rng, strict) for _ in range(rng.randint(0, 4))]


def record(form: inputs.Form, rng: random.Random, strict: bool,
           example: dict[str, Any] | None = None) -> dict[str, Any]:
    out = dict(example or {})
    for spec in form:
        roll = rng.random()
        if roll < 0.6:
            out[spec.name] = value_for(spec, rng, strict)
        elif roll < 0.7:
            out.pop(spec.name, None)
    if rng.random() < 0.05:
        out["unknown_field"] = 1
    return out


def outcome(load: Any, data: Any) -> tuple[str, Any]:
    try:
        return "ok", load(data)
    except ValidationError as error:
        return "refused", error.messages


@pytest.mark.parametrize(("game", "op"), OPERATIONS,
                         ids=[f"{g}-{op.slug}" for g, op in OPERATIONS])
def test_compiled_loading_agrees_with_marshmallow(game: str, op: Any) -> None:
    rng = random.Random(f"{game}/{op.slug}")
    name = operation_schema_name(game, op.slug)
    fast_used = 0
    for strict in (True, False):
        reference = schema_for(op.form, name, strict)()
        fast, both = compiled(op.form, strict), loader(op.form, name, strict)
        example = dict(op.example)
        samples: list[Any] = [example, {}, [], None, "x"]
        samples += [record(op.form, rng, strict, example) for _ in range(300)]
        samples += [record(op.form, rng, strict) for _ in range(100)]
        for data in samples:
            expected = outcome(reference.load, data)
            quick = fast(data)
            if quick is not None:
                fast_used += 1
                assert expected == ("ok", quick), data
            assert outcome(both, data) == expected, data
            if data is example and expected[0] == "ok":  # the common path: no marshmallow
                assert quick is not None
    assert fast_used > 0
