"""No exponential corners (issue 21): every calculator, setup and scoring of every game,
fed the largest inputs its form allows (every list at its longest, numbers up to their
maximum), answers or refuses in under 50 ms of CPU, in process."""
from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.games import Operation, all_games
from assistant.inputs import Field, Flag, Form, Integer, IntList, ListOf, OneOf, Text

BUDGET = 0.050
NAMES = st.sampled_from(["", "Ana", "ana", "Ben", "Cy", "Dee", "r", "t"])
"""Short words for text fields: repeated, so groups and players overlap as at a table."""


def largest(field: Field) -> st.SearchStrategy[Any]:
    if isinstance(field, Integer):
        low = field.minimum if field.minimum is not None else -10
        high = field.maximum if field.maximum is not None else low + 100
        return st.just(high) | st.integers(low, high)
    if isinstance(field, Flag):
        return st.booleans()
    if isinstance(field, OneOf):
        return st.sampled_from(field.options)
    if isinstance(field, Text):
        return NAMES
    if isinstance(field, IntList):
        low = field.minimum if field.minimum is not None else 0
        high = field.maximum if field.maximum is not None else low + 10
        return st.lists(st.integers(low, high), min_size=field.max_items,
                        max_size=field.max_items)
    if isinstance(field, ListOf):
        return st.lists(form_values(field.fields), min_size=field.max_items,
                        max_size=field.max_items)
    raise TypeError(field)


def form_values(form: Form) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({f.name: largest(f) for f in form})


OPERATIONS = [(f"{game.slug}/{op.slug}", op) for game in all_games()
              for op in (*game.calculators.values(), game.setup, game.scoring) if op is not None]


@pytest.mark.parametrize(("name", "op"), OPERATIONS, ids=[name for name, _ in OPERATIONS])
def test_the_largest_inputs_answer_in_under_50_ms(name: str, op: Operation) -> None:
    @settings(max_examples=6, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(form_values(op.form))
    def run(data: dict[str, Any]) -> None:
        spent = []
        for _ in range(2):  # the better of two: a garbage collection is not the calculator
            start = time.thread_time()
            try:
                op.run(data)
            except InvalidInput:
                pass
            spent.append(time.thread_time() - start)
        assert min(spent) < BUDGET, (name, data)

    run()
