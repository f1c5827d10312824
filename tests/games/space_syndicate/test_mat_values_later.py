"""Issue 32, item 5: a Syndicate table starts with names and a mode. Each syndicate's starting
credits, influence and crew are printed on its mat (syndicate.txt:345; the rulebook prints one
mat only, Fidge & Co., syndicate.txt:350), so the session asks for them when a seat first
spends or gains one, and lists the Resources move that records them."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.inputs import asked
from assistant.tracker import History, parse_event
from tests.support import shared_seat

TRACKER = find_game("space-syndicate").tracker
assert TRACKER is not None
NAMES_ONLY = {"mode": "standard", "seats": [{"name": "Ana"}, {"name": "Ben"}]}


def table() -> History:
    return History(TRACKER, TRACKER.parse_setup(NAMES_ONLY))


def add(h: History, raw: dict[str, Any]) -> None:
    h.append(parse_event(TRACKER, raw))


def test_the_start_page_asks_a_seat_its_names_only() -> None:
    seats = next(f for f in TRACKER.setup_form if f.name == "seats")
    assert [f.name for f in asked(seats.fields)] == ["name", "player", "syndicate"]


def test_names_and_a_mode_start_a_table_with_the_mat_values_unknown() -> None:
    h = table()
    ana = shared_seat(h, "ana")
    assert ana["credits"] is None and not ana["resources_entered"]
    assert TRACKER.parse_setup(h.setup.to_json()) == h.setup


def test_a_first_spend_is_refused_saying_where_the_amounts_are_printed() -> None:
    h = table()
    with pytest.raises(InvalidInput) as err:
        add(h, {"kind": "buy-base", "seat": "ana", "zone": "exo"})
    assert h.version == 0 and err.value.field == "seat"
    assert "printed on the syndicate's mat" in err.value.detail
    assert "syndicate.txt" not in err.value.detail and err.value.rule == "setup-player-mat"
    assert "resources" in err.value.next
    listed = [m for m in TRACKER.moves(h.setup, h.state) if m["kind"] == "resources"]
    assert listed == [{"kind": "resources", "seat": "ana", "credits": 0, "influence": 0,
                       "crew": 0}]


def test_the_first_entry_gives_all_three_then_play_continues() -> None:
    h = table()
    with pytest.raises(InvalidInput) as err:
        add(h, {"kind": "resources", "seat": "ana", "credits": 14})
    assert err.value.field == "influence"
    add(h, {"kind": "resources", "seat": "ana", "credits": 14, "influence": 4, "crew": 2})
    add(h, {"kind": "buy-base", "seat": "ana", "zone": "exo"})
    assert shared_seat(h, "ana")["exo"] == 1 and shared_seat(h, "ana")["resources_entered"]
    assert any(m["kind"] == "end-turn" for m in TRACKER.moves(h.setup, h.state))


def test_a_robbed_seat_needs_its_amounts_too() -> None:
    h = table()
    add(h, {"kind": "resources", "seat": "ana", "credits": 9, "influence": 0, "crew": 3})
    add(h, {"kind": "bases", "seat": "ben", "exo": 1})
    with pytest.raises(InvalidInput) as err:
        add(h, {"kind": "robbery", "seat": "ana", "target": "ben", "zone": "exo",
                "winning_faces": [6], "dice_unfortified": 1, "roll": 6, "consequence": [3]})
    assert err.value.field == "target" and "Ben" in err.value.detail


def test_the_game_does_not_end_before_every_seat_has_its_amounts() -> None:
    # The final score counts credits (rule syndicate-score): the last round's end waits.
    h = table()
    add(h, {"kind": "resources", "seat": "ana", "credits": 3, "influence": 0, "crew": 2})
    for raw in ({"kind": "round", "to": 6}, {"kind": "star-drawn", "round": 5},
                {"kind": "end-turn"}, {"kind": "end-turn"}, {"kind": "sovereign-card"},
                {"kind": "card-resolved"}):
        add(h, raw)
    kinds = [m["kind"] for m in TRACKER.moves(h.setup, h.state)]
    assert "end-round" not in kinds and "resources" in kinds
    with pytest.raises(InvalidInput) as err:
        add(h, {"kind": "end-round"})
    assert "Ben" in err.value.detail
    add(h, {"kind": "resources", "seat": "ben", "credits": 5, "influence": 1, "crew": 1})
    add(h, {"kind": "end-round"})
    assert TRACKER.finished(h.setup, h.state)


def test_a_stored_setup_with_its_mat_values_folds_as_before() -> None:
    stored = {"game": "space-syndicate", "mode": "standard", "advanced": False,
              "extended_turn": False, "seats": [
                  {"id": "ana", "name": "Ana", "credits": 0, "influence": 0, "crew": 0},
                  {"id": "ben", "name": "Ben", "credits": 3, "influence": 0, "crew": 2}]}
    setup = TRACKER.parse_setup(stored)
    assert setup.to_json() == stored
    h = History(TRACKER, setup)
    assert shared_seat(h, "ben")["credits"] == 3 and shared_seat(h, "ana")["resources_entered"]
