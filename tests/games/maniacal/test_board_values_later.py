"""Issue 32, item 5: a Maniacal table starts with names and a mode; the attraction tracks'
start number, printed on the board but not in the rulebook (maniacal.txt:77), is asked when a
track first moves, with where to find it, and a listed move records it."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED, History, parse_event
from assistant.tracker.kernel import what_now
from tests.support import shared_seat

TRACKER = find_game("maniacal").tracker
assert TRACKER is not None
NAMES_ONLY = {"mode": "standard", "seats": [{"name": "Simon"}, {"name": "Hassan"}]}
BUILD = {"kind": "build", "seat": "simon", "cost": 2, "type": "criminals", "points": 3}


def table() -> History:
    return History(TRACKER, TRACKER.parse_setup(NAMES_ONLY))


def add(h: History, raw: dict[str, Any]) -> None:
    h.append(parse_event(TRACKER, raw))


def test_a_table_starts_with_names_and_a_mode() -> None:
    h = table()
    assert h.setup.attraction_start is None
    assert shared_seat(h, "simon")["criminals"] is None  # not a number until the start is known
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    assert "start number" in state["missing_text"]


@pytest.mark.parametrize("raw", [
    BUILD,
    {"kind": "criminals", "seat": "hassan", "amount": 1},
])
def test_a_first_track_move_is_refused_saying_what_to_enter_and_where(
        raw: dict[str, Any]) -> None:
    h = table()
    with pytest.raises(InvalidInput) as err:
        add(h, raw)
    assert h.version == 0
    assert err.value.field == "attraction_start"
    assert "printed on your board" in err.value.detail and "start space" in err.value.detail
    assert err.value.rule == "setup-tokens" and ".txt" not in err.value.detail
    assert "table-values" in err.value.next  # the refusal names the move that records it
    hint, kinds = what_now(TRACKER, h.setup, h.state)
    assert "Attraction start (printed on your board)" in hint and "table-values" in kinds


def test_the_listed_move_records_it_and_play_continues() -> None:
    h = table()
    listed = [m for m in TRACKER.moves(h.setup, h.state) if m["kind"] == "table-values"]
    assert listed and all("attraction_start" in m for m in listed)
    assert not any(m["kind"] == "build" for m in TRACKER.moves(h.setup, h.state))
    add(h, {"kind": "sell", "seat": "simon", "cost": 1})  # a sale needs no track
    add(h, {"kind": "table-values", "attraction_start": 2})
    add(h, BUILD)
    assert shared_seat(h, "simon")["criminals"] == 2 + 3
    assert shared_seat(h, "hassan")["criminals"] == 2
    assert any(m["kind"] == "build" for m in TRACKER.moves(h.setup, h.state))
    assert "start number" not in TRACKER.state_json(h.setup, h.state, SHARED)["missing_text"]


def test_a_corrected_start_moves_every_disc_by_the_difference() -> None:
    h = History(TRACKER, TRACKER.parse_setup({**NAMES_ONLY, "attraction_start": 1}))
    add(h, BUILD)
    add(h, {"kind": "table-values", "attraction_start": 3})
    assert shared_seat(h, "simon")["criminals"] == 3 + 3 and shared_seat(h, "hassan")["beasts"] == 3


def test_a_stored_setup_with_its_start_folds_as_before() -> None:
    # Stored sessions sent the start with the setup: the same tracks from the first event.
    setup = TRACKER.parse_setup({**NAMES_ONLY, "attraction_start": 0})
    assert setup.to_json()["attraction_start"] == 0
    h = History(TRACKER, TRACKER.parse_setup(setup.to_json()))
    add(h, BUILD)
    assert shared_seat(h, "simon")["criminals"] == 3
