"""Issue 44, Vigilante: each finding of the second rules review as a test."""
from __future__ import annotations

from assistant.explain import Provenance
from assistant.games import find_game
from assistant.games.vigilante import modes
from assistant.inputs import Integer

GAME = find_game("vigilante")
BOOK = GAME.rules


def test_modes_says_the_floor_the_code_uses():
    floor = BOOK.get("player-count").number("min-players")
    assert modes.MIN_PLAYERS == floor.value == 3
    assert floor.provenance is Provenance.DERIVED
    doc = modes.__doc__ or ""
    assert "floor of 3" in doc and "floor of 2" not in doc
    assert all(m.min_players >= modes.MIN_PLAYERS for m in GAME.modes)


def test_identity_mix_takes_only_the_counts_the_box_allows():
    field = next(f for f in GAME.calculator("identity-mix").form
                 if isinstance(f, Integer) and f.name == "players")
    assert (field.minimum, field.maximum) == (1, modes.MAX_PLAYERS) == (1, 5)


def test_the_player_count_step_carries_the_floor_reading():
    assert GAME.setup is not None
    step = GAME.setup.run({"mode": "brought-to-justice", "players": 4}).steps[0]
    floor = BOOK.get("player-count").part("floor")
    assert (step.provenance, step.note) == (floor.provenance, floor.text)
