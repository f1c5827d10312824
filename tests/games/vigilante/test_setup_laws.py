"""Setup over every scenario and count: per-player pieces times players, refusals outside."""
from __future__ import annotations

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game

GAME = find_game("vigilante")
SETUP = GAME.setup
assert SETUP is not None


@pytest.mark.parametrize("mode", [m.slug for m in GAME.modes])
@pytest.mark.parametrize("players", range(0, 8))
def test_counts(mode, players):
    # One floor for all three scenarios (issue 31, item 16); Showdown needs an even count.
    ok = players == 4 if mode == "showdown" else 3 <= players <= 5
    if not ok:
        with pytest.raises(InvalidInput) as err:
            SETUP.run({"mode": mode, "players": players})
        assert err.value.field == "players" and err.value.allowed
        return
    r = SETUP.run({"mode": mode, "players": players}).to_json()["result"]
    for key in ("event_dice", "action_tokens", "starter_heroes_dealt"):
        assert r["totals"][key] == players * r["per_player"][key]
    assert r["totals"]["starter_heroes_dealt"] <= 12      # Components (vigilante.txt:116)
    assert r["totals"]["allegiance_tokens_dealt"] <= 30   # Components (vigilante.txt:86)
    assert [i["order"] for i in r["checklist"]] == list(range(1, 13))
    assert r["players_bounds"]["max"] == 5 and r["players_bounds"]["min"] is None


def test_unknown_scenario():
    with pytest.raises(InvalidInput) as err:
        SETUP.run({"mode": "team-up", "players": 4})
    assert err.value.field == "mode" and "showdown" in (err.value.allowed or "")


def test_card_values_never_prefilled_as_fact():
    r = SETUP.run({"mode": "brought-to-justice", "players": 4}).to_json()["result"]
    assert all(v["value"] is None and v["provenance"] == "unknown" for v in r["card"].values())
    assert r["villain_deck"]["source"] == "suggestion"
