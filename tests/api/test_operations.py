"""Setup, calculators and scoring through HTTP: generic over every registered Operation."""
from __future__ import annotations

import pytest

from assistant.games import all_games

OPERATIONS = [(game.slug, op) for game in all_games() for op in game.calculators.values()]


@pytest.mark.parametrize(("game", "op"), OPERATIONS, ids=[f"{g}-{op.slug}" for g, op in OPERATIONS])
def test_worked_example_through_the_api(client, game, op):
    response = client.post(f"/api/v1/games/{game}/calculators/{op.slug}", json=dict(op.example))
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["steps"] and body["summary"]
    assert all(step["provenance"] in {"rulebook", "derived", "community", "house", "unknown"}
               for step in body["steps"])
    for url in body["links"].values():
        assert client.get(url).status_code == 200


@pytest.mark.parametrize(("game", "op"), OPERATIONS, ids=[f"{g}-{op.slug}" for g, op in OPERATIONS])
def test_unknown_field_is_a_422_naming_it(client, game, op):
    response = client.post(f"/api/v1/games/{game}/calculators/{op.slug}",
                           json={**op.example, "frobnicate": 1})
    assert response.status_code == 422
    assert "frobnicate" in response.get_json()["errors"]


def test_fund_deployment_base_discount_example(client):
    """Villainy › Fund Deployment, 'Base Discount' example: 3 squads of 2, one from Base → 2."""
    body = client.post("/api/v1/games/tdt/calculators/fund-deployment", json={"squads": [
        {"size": 2, "origin": "base"}, {"size": 2, "origin": "mission"},
        {"size": 2, "origin": "mission"}]}).get_json()
    assert body["result"]["cost"] == 2


def test_setup_counts_and_range_errors(client):
    ok = client.get("/api/v1/games/tdt/setup?mode=cutthroat&players=6").get_json()["result"]
    assert ok["clock_start"] == 8 and ok["named_henchmen"] == 5
    assert ok["goodman"] == {"resources": 10, "faceless_henchmen": 1, "vp": 3}
    bad = client.get("/api/v1/games/tdt/setup?mode=cutthroat&players=3")
    assert bad.status_code == 422 and "4 to 7" in bad.get_json()["detail"]
    assert client.get("/api/v1/games/tdt/setup?mode=cutthroat&players=five").status_code == 422
    assert client.get("/api/v1/games/tdt/setup?mode=solo&players=2").status_code == 422


@pytest.mark.parametrize(("mode", "low", "high"), [("cutthroat", 4, 7), ("syndicate", 1, 6),
                                                   ("mayhem", 2, 6)])
def test_every_allowed_count_answers_and_others_refuse(client, mode, low, high):
    for players in range(0, 10):
        response = client.get(f"/api/v1/games/tdt/setup?mode={mode}&players={players}")
        expected = 200 if low <= players <= high else 422
        assert response.status_code == expected, (mode, players, response.get_json())
        if expected == 422:
            assert f"{low} to {high}" in response.get_json()["detail"]


def test_score_example_through_the_api(client):
    game = next(g for g in all_games() if g.slug == "tdt")
    response = client.post("/api/v1/games/tdt/score", json=dict(game.scoring.example))
    assert response.status_code == 200
    assert "\n1. " in response.get_json()["summary"]


def test_score_refuses_two_betrayers(client):
    players = [{"name": n, "betrayer": True} for n in ("Azura", "Boris")]
    players += [{"name": "Jin"}]
    response = client.post("/api/v1/games/tdt/score",
                           json={"mode": "cutthroat", "clock": 0, "players": players})
    assert response.status_code == 422
