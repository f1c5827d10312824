"""Golden cases from the rulebook, shared by the calculator tests.

A case file (tests/tdt/golden/<name>.toml) holds `[[case]]` tables with a `name`, a `source`
(the rulebook section it comes from), an `input`, an optional `op` (calculator slug), and
either `expect` (dotted paths into the result → expected values; a table value checks the
keys it names) or `error` (the input field the calculator must refuse, with what is allowed).
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.games import find_game

FOLDER = Path(__file__).parent / "golden"


def cases(name: str) -> list[dict[str, Any]]:
    return tomllib.loads((FOLDER / f"{name}.toml").read_text())["case"]


def ids(loaded: list[dict[str, Any]]) -> list[str]:
    return [case["name"] for case in loaded]


def dig(result: Any, path: str) -> Any:
    for part in path.split("."):
        result = result[int(part)] if isinstance(result, list) else result[part]
    return result


def run(case: dict[str, Any], op: str) -> Explained:
    return find_game("tdt").calculator(op).run(case["input"])


def expect(result: Any, expected: Any, prefix: str = "") -> None:
    for key, want in expected.items():
        got = dig(result, key)
        if isinstance(want, dict):
            expect(got, want, f"{prefix}{key}.")
        else:
            assert got == want, f"{prefix}{key}: {got!r} != {want!r}"


def check(case: dict[str, Any], default_op: str | None = None) -> Explained | None:
    """Run one golden case; the answer, for further checks (None for a refused input)."""
    assert case["source"].strip(), "every golden case names its rulebook section"
    op = case.get("op", default_op)
    assert op, f"{case['name']}: no calculator named"
    if "error" in case:
        with pytest.raises(InvalidInput) as err:
            run(case, op)
        assert err.value.field == case["error"]
        assert err.value.allowed
        return None
    answer = run(case, op)
    expect(answer.result, case["expect"])
    assert answer.steps and answer.summary
    return answer
