"""Maniacal setup: the seeded deal and the per-count tables."""
from __future__ import annotations

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.games.maniacal.setup import deal, setup_for

SETUP = find_game("maniacal").setup
assert SETUP is not None


def test_seeded_deal_is_reproducible_and_seeds_4_easy_2_hard():
    names = ["Simon", "Hassan", "Dave"]
    first = deal(3, "lair", names)
    assert first == deal(3, "lair", names)
    assert sorted(first["contracts"].values()) == ["Easy"] * 4 + ["Hard"] * 2
    assert sorted(first["contracts"]) == list("ABCDEF")
    order = [s["name"] for s in first["player_order"]]
    assert sorted(order) == sorted(names)
    # clockwise from the first player: the seating order rotated
    start = names.index(order[0])
    assert order == names[start:] + names[:start]
    assert [s["money"] for s in first["player_order"]] == [8, 9, 10]


def test_different_seeds_can_differ():
    deals = {tuple(deal(5, str(s), list("ABCDE"))["contracts"].values()) for s in range(30)}
    assert len(deals) > 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_money_by_seat(players):
    seats = setup_for(players)["seats"]
    assert [s["money"] for s in seats] == list(range(8, 8 + players))


@pytest.mark.parametrize("players", [0, 1, 6, 7])
def test_other_counts_refused_with_the_range(players):
    with pytest.raises(InvalidInput) as err:
        SETUP.run({"players": players})
    assert err.value.field == "players" and err.value.allowed == "2-5"


def test_bodyguards_below_5_are_the_tables_choice():
    answer = SETUP.run({"players": 3, "bodyguards": True})
    step = next(s for s in answer.steps if s.rule == "bodyguard-option")
    assert step.provenance.value == "house"
    assert answer.result["mercenaries"]["left_in_deck"] == 5


def test_checklist_is_ordered_and_cites_rules():
    answer = SETUP.run({"players": 4, "seed": "x"})
    items = answer.result["checklist"]
    assert [i["order"] for i in items] == list(range(1, len(items) + 1))
    assert all(i["rule"] for i in items)
    assert answer.result["deal"]["first_player"].startswith("Player ")
    assert answer.result["time_track"]["round_2"] is None
