"""A history's per-version numbers packed once old (assistant/tracker/columns.py): every value
reads back as it went in, whichever way it was packed, and old versions cost a few bytes."""
from __future__ import annotations

import random
import tracemalloc

from assistant.tracker.columns import BLOCK, numbers, tuples

INT_MIN, INT_MAX = -2**31, 2**31 - 1


def blocks_of_every_kind(rng: random.Random) -> list[int]:
    return ([5000 + i for i in range(BLOCK)]  # versions counting up: one step
            + [-1] * BLOCK  # no undo target: a step of 0
            + [9000 - 3 * i for i in range(BLOCK)]  # counting down
            + [rng.randint(-1, 120) for _ in range(BLOCK)]  # steps in a byte
            + [rng.randint(-1, 20000) for _ in range(BLOCK)]  # in two bytes
            + [INT_MAX, INT_MIN] * (BLOCK // 2)  # steps wider than the values
            + [INT_MAX - BLOCK + 1 + i for i in range(BLOCK)]  # counting up to the top
            + [0, 300, -1, 5] + [7] * (BLOCK - 4))


def test_every_value_reads_back_as_it_went_in() -> None:
    rng = random.Random(42)
    values = blocks_of_every_kind(rng) * 3 + [1, 2, 3]
    column = numbers()
    for value in values:  # as a history appends them
        column.append(value)
    assert column.packed >= len(values) - 2 * BLOCK
    assert len(column) == len(values)
    assert [column[i] for i in range(len(values))] == values
    order = list(range(len(values)))
    rng.shuffle(order)
    assert [column[i] for i in order] == [values[i] for i in order]  # any block, any order
    assert list(column[3:700]) == values[3:700] and list(column[-5:]) == values[-5:]
    assert column[-1] == values[-1]
    resumed = numbers(values)  # as a table resumed from its snapshots packs them at once
    assert [resumed[i] for i in range(len(values))] == values
    assert resumed == column and resumed != numbers(values[:-1])


def test_tuples_keep_their_runs() -> None:
    a, b = (1, 0), (1, 7)
    values = [a] * 100 + [b] * 3 + [a] * 300 + [(2, 7)] * 40
    column = tuples()
    for value in values:
        column.append(value)
    assert column.packed > 0
    assert [column[i] for i in range(len(values))] == values
    assert column[5] is a  # shared, not copied


def test_an_old_version_costs_a_few_bytes() -> None:
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        column = numbers()
        for version in range(20_000):
            column.append(version)
        per_version = (tracemalloc.get_traced_memory()[0] - before) / 20_000
    finally:
        tracemalloc.stop()
    assert per_version < 1.5, per_version  # plain: 4 bytes and more
