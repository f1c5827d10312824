"""The World Reacts: the Doomsday Clock, Global Events, the end at 0 (calculators/clock.py)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.explain import Provenance
from assistant.games.tdt.calculators.clock import (
    CLOCK_MAX,
    OPERATIONS,
    Outcome,
    clock_move,
    world_reacts,
    zero_outcome,
)
from assistant.games.tdt.modes import PlayMode

OPS = {op.slug: op for op in OPERATIONS}


def test_outcomes_per_mode() -> None:
    assert zero_outcome(PlayMode.CUTTHROAT, betrayer=True) is Outcome.BETRAYER_WINS
    assert zero_outcome(PlayMode.CUTTHROAT) is Outcome.EVERYONE_LOSES
    assert zero_outcome(PlayMode.SYNDICATE) is Outcome.TABLE_LOSES
    assert zero_outcome(PlayMode.MAYHEM) is Outcome.SCORING


def test_touched_definition_is_explained() -> None:
    out = world_reacts(PlayMode.SYNDICATE, 5, plan_revealed=True)
    step = next(s for s in out.steps if "touching" in s.text)
    assert step.provenance is Provenance.DERIVED and "started from" in step.note


def test_start_value_is_not_touched() -> None:
    """Starting on an even number does not count again (that event came when it arrived)."""
    assert clock_move(PlayMode.CUTTHROAT, 8) == (7,)
    assert world_reacts(PlayMode.SYNDICATE, 8).result["global_event"] is False


def test_no_event_when_the_game_ends() -> None:
    out = world_reacts(PlayMode.MAYHEM, 1, global_events=True)
    assert out.result["touched_even"] is True and out.result["global_event"] is False
    assert any(s.provenance is Provenance.DERIVED and s.note for s in out.steps)


@pytest.mark.parametrize("clock", [0, -1, CLOCK_MAX + 1])
def test_clock_out_of_range(clock: int) -> None:
    with pytest.raises(InvalidInput) as info:
        clock_move(PlayMode.CUTTHROAT, clock)
    assert info.value.field == "clock" and info.value.allowed == f"1-{CLOCK_MAX}"


modes = st.sampled_from(list(PlayMode))


@given(modes, st.integers(1, CLOCK_MAX), st.booleans(), st.booleans())
def test_clock_never_goes_below_zero(mode: PlayMode, clock: int, revealed: bool,
                                     events: bool) -> None:
    r = world_reacts(mode, clock, revealed, events).result
    ticks = 2 if mode is PlayMode.SYNDICATE and revealed else 1
    assert r["clock_after"] == max(0, clock - ticks) >= 0
    assert r["touched"] == list(range(clock - 1, r["clock_after"] - 1, -1))
    assert r["game_over"] == (r["clock_after"] == 0)
    assert r["global_event"] <= (events or mode is PlayMode.SYNDICATE)


@given(st.integers(1, CLOCK_MAX))
def test_syndicate_revealed_plan_always_touches_an_even_number(clock: int) -> None:
    r = world_reacts(PlayMode.SYNDICATE, clock, plan_revealed=True).result
    assert r["touched_even"] is True
    assert r["global_event"] is (r["clock_after"] > 0)


@given(modes, st.integers(1, CLOCK_MAX))
def test_single_step_reveals_exactly_on_even_landings(mode: PlayMode, clock: int) -> None:
    r = world_reacts(mode, clock, plan_revealed=False, global_events=True).result
    assert r["global_event"] == (r["clock_after"] % 2 == 0 and r["clock_after"] > 0)
