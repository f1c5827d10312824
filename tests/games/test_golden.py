"""Every game's golden cases (tests/games/<game>/golden/*.toml), one runner for all."""
from __future__ import annotations

import pytest

from .golden import all_cases, check


@pytest.mark.parametrize("case", all_cases())
def test_golden_case(case):
    check(case)
