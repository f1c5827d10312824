"""Issue 43, item 1: a seat's id for any name in any alphabet (assistant/tracker/names.py).
The finding: ids kept ASCII letters only, so "Ана" and "Аня", two Chinese names, two emoji or
"José" and "Jose" were one seat (Syndicate and Vigilante refused them, Master Plan said "Two
players are called 'Аня'") and the BG Stats log gave four Cyrillic names one player id."""
from __future__ import annotations

import unicodedata

import pytest

from assistant.errors import InvalidInput
from assistant.games import all_games
from assistant.tracker import seat_id, seat_ids

PAIRS = [("Ана", "Аня"), ("王芳", "王芬"), ("🦊", "🐺"), ("José", "Jose"), ("Zoë", "Zoe"),
         ("Ana", "ana"), ("हिन्दी", "हिंदी"), ("👩‍💻", "👨‍💻")]
TRACKED = [g for g in all_games() if g.tracker is not None]


@pytest.mark.parametrize(("one", "other"), PAIRS)
def test_two_names_are_two_seats(one: str, other: str) -> None:
    ids = seat_ids([one, other])
    assert len(set(ids)) == 2
    assert all(seat_id(i) == i and 0 < len(i) <= 40 for i in ids)  # an id gives itself back


def test_ids_read_as_the_names_they_come_from() -> None:
    assert [seat_id(n) for n in ("Jin Feng", "Ана", "王芳", "🦊", "José", "  Ann  Lee ")] == [
        "jin-feng", "ана", "王芳", "fox-face", "josé", "ann-lee"]
    assert seat_id("🦊" * 40) == seat_id("🦊" * 40) and len(seat_id("🦊" * 40)) <= 40
    assert seat_id("🦊" * 40) != seat_id("🦊" * 39)


def test_one_name_in_two_spellings_of_unicode_is_one_person() -> None:
    composed, decomposed = "José", unicodedata.normalize("NFD", "José")
    assert composed != decomposed and seat_id(composed) == seat_id(decomposed)
    with pytest.raises(InvalidInput) as refused:
        seat_ids([composed, decomposed + " "])
    assert refused.value.field == "seats.1.name" and "José" in refused.value.detail


def test_a_saved_id_is_kept_as_it_is() -> None:
    assert seat_ids(["Ана", "Bo"], ["seat", None]) == ["seat", "bo"]  # stored before issue 43
    with pytest.raises(InvalidInput):
        seat_ids(["Ана", "Bo"], ["Not An Id", None])


@pytest.mark.parametrize("game", TRACKED, ids=lambda g: g.slug)
def test_every_game_takes_the_same_names(game) -> None:
    tracker = game.tracker
    mode = game.modes[0]
    names = [n for pair in PAIRS for n in pair][:mode.max_players]
    key = "player" if game.slug == "tdt" else "name"
    setup = tracker.parse_setup({"mode": mode.slug, "seats": [{key: n} for n in names]})
    shown = [getattr(s, "player", None) or s.name for s in setup.seats]
    assert shown == names
    assert len({s.id for s in setup.seats}) == len(names)
    again = tracker.parse_setup(setup.to_json())
    assert [s.id for s in again.seats] == [s.id for s in setup.seats]  # stored, kept


@pytest.mark.parametrize("game", [g for g in TRACKED if g.slug != "tdt"], ids=lambda g: g.slug)
def test_a_table_stored_before_keeps_its_ids(game) -> None:
    """A setup stored before issue 43 named a Cyrillic seat "seat" (the only id its name
    gave); read back, every seat keeps the id its events name (TDT's ids are its Named
    Henchmen's, the same before and after)."""
    tracker = game.tracker
    mode = game.modes[0]
    rows = [{"name": "Ана", "id": "seat"}, {"name": "Bo", "id": "bo"}, {"name": "Cy", "id": "cy"},
            {"name": "Di", "id": "di"}, {"name": "Ed", "id": "ed"}][:max(mode.min_players, 4)]
    setup = tracker.parse_setup({"mode": mode.slug, "seats": rows})
    assert [s.id for s in setup.seats] == [r["id"] for r in rows]
