"""Golden cases from the rulebooks, one runner for every game.

A case file `tests/games/<game folder>/golden/<name>.toml` holds `[[case]]` tables:
    name    what the case shows
    source  the rulebook section (and line numbers) it comes from; "edge case: ..." for ours
    op      the operation: a calculator slug, "setup" or "score" (default: the file's `op`
            at top level)
    input   the operation's input
    expect  dotted paths into the result → expected values (a table checks the keys it names)
    null    optional, with expect: dotted paths whose value must be null (TOML has no null)
    length  optional, with expect: dotted paths → how many items the list there holds
    says    optional, with expect: words some step shows (its text or its note), each
    error   instead of expect: the input field the operation must refuse (InvalidInput)
    detail  optional, with error: words the refusal's detail contains
The game is the folder's game (folder name with "_" for "-" in the slug).
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.games import Game, Operation, find_game

ROOT = Path(__file__).parent


def game_of(folder: Path) -> Game:
    return find_game(folder.name.replace("_", "-"))


def files() -> list[Path]:
    return sorted(ROOT.glob("*/golden/*.toml"))


def cases_in(path: Path) -> list[dict[str, Any]]:
    data = tomllib.loads(path.read_text())
    default = data.get("op")
    out = []
    for case in data["case"]:
        case = dict(case)
        case.setdefault("op", default)
        case["game"] = path.parent.parent.name.replace("_", "-")
        case["file"] = path.stem
        out.append(case)
    return out


def all_cases() -> list[Any]:
    return [pytest.param(case, id=f"{case['game']}/{case['file']}/{case['name']}")
            for path in files() for case in cases_in(path)]


def dig(result: Any, path: str) -> Any:
    for part in path.split("."):
        result = result[int(part)] if isinstance(result, list) else result[part]
    return result


def expect(result: Any, expected: dict[str, Any], prefix: str = "") -> None:
    for key, want in expected.items():
        got = dig(result, key)
        if isinstance(want, dict):
            expect(got, want, f"{prefix}{key}.")
        else:
            assert got == want, f"{prefix}{key}: {got!r} != {want!r}"


def operation(game: Game, op: str) -> Operation:
    if op == "setup":
        assert game.setup is not None
        return game.setup
    if op == "score":
        assert game.scoring is not None
        return game.scoring
    return game.calculator(op)


def check(case: dict[str, Any]) -> Explained | None:
    """Run one golden case; the answer, for further checks (None for a refused input)."""
    assert case["source"].strip(), "every golden case names its rulebook section"
    assert case.get("op"), f"{case['name']}: no operation named"
    run = operation(find_game(case["game"]), case["op"]).run
    if "error" in case:
        with pytest.raises(InvalidInput) as err:
            run(case["input"])
        assert err.value.field == case["error"]
        assert err.value.allowed
        assert case.get("detail", "") in err.value.detail
        return None
    answer = run(case["input"])
    result = answer.to_json()["result"]
    expect(result, case["expect"])
    for path in case.get("null", ()):
        assert dig(result, path) is None, f"{path}: {dig(result, path)!r} is not null"
    for path, count in case.get("length", {}).items():
        assert len(dig(result, path)) == count, f"{path}: {len(dig(result, path))} != {count}"
    for words in case.get("says", ()):
        assert any(words in f"{s.text} {s.note}" for s in answer.steps), \
            f"no step says {words!r}"
    assert answer.steps and answer.summary
    return answer
