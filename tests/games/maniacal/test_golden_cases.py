"""Maniacal's golden cases (golden/*.toml), runnable on their own with this folder."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.golden import cases_in, check

FILES = sorted((Path(__file__).parent / "golden").glob("*.toml"))
CASES = [pytest.param(c, id=f"{c['file']}/{c['name']}") for f in FILES for c in cases_in(f)]


def test_there_are_golden_cases_for_every_operation():
    from assistant.games import find_game

    game = find_game("maniacal")
    covered = {c.values[0]["op"] for c in CASES}
    assert covered >= set(game.calculators) | {"setup", "score"}


@pytest.mark.parametrize("case", CASES)
def test_case(case):
    check(case)
