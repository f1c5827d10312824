"""Issue 30's Maniacal case through the API, as a table plays it: a Scheme before the attempt
is refused with what can be done now; played with the contract, its Infamy and theft arrive
with the attempt, and the history says what was received."""
from __future__ import annotations

from typing import Any

import pytest

from tests.games.maniacal.draft import sales

from .conftest import make_app
from .helpers import write


@pytest.fixture()
def client(sqlite_url: str) -> Any:
    app = make_app(sqlite_url)
    yield app.test_client()
    app.extensions["lairside.sessions"].dispose()


def seat(answer: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in answer["state"]["seats"] if s["id"] == sid)


def test_a_scheme_is_part_of_the_attempt_through_the_api(client: Any) -> None:
    made = client.post("/api/v1/games/maniacal/sessions", json={
        "attraction_start": 0, "seats": [{"name": "Simon"}, {"name": "Hassan"},
                                         {"name": "Dave"}]})
    assert made.status_code == 201, made.json
    session = made.json
    events = [*sales("simon", "hassan", "dave"), {"kind": "henchmen-phase"},
              {"kind": "start-contracts"}]
    for version, event in enumerate(events):
        assert write(client, session, event, version).status_code in (200, 201)
    early = write(client, session, {"kind": "scheme", "seat": "dave", "effect": "target"}, 11)
    assert early.status_code == 422
    assert "What can be done now: Pass; Action room; Special Location; Contract." in str(
        early.json)
    answer = write(client, session, {
        "kind": "contract", "seat": "simon", "weeks": 3, "difficulty": "easy", "team": 1,
        "target": 2, "successes": 3, "success_infamy": 2, "success_money": 4,
        "scheme": "steal", "scheme_by": "dave"}, 11)
    assert answer.status_code in (200, 201), answer.json
    assert seat(answer.json, "dave")["infamy"] == 2 and seat(answer.json, "dave")["money"] == 13
    assert seat(answer.json, "simon")["money"] == 8 + 4 - 3
    lines = client.get(f"/api/v1/sessions/{session['code']}/events").json
    assert "receives +2 Infamy and $1 (Dave took $3 of the $4 reward)" in str(lines)


def test_a_table_started_with_names_only_is_asked_for_its_board_value(client: Any) -> None:
    """Issue 32: names and a mode start a table; the attraction start (on the board, not in
    the rulebook, maniacal.txt:77) is asked when a track first moves, as a problem naming
    the move that records it."""
    made = client.post("/api/v1/games/maniacal/sessions", json={
        "mode": "standard", "seats": [{"name": "Simon"}, {"name": "Hassan"}]})
    assert made.status_code == 201, made.json
    session = made.json
    build = {"kind": "build", "seat": "simon", "cost": 2, "type": "beasts", "points": 3}
    refused = write(client, session, build, 0)
    assert refused.status_code == 422
    assert refused.mimetype == "application/problem+json"
    assert "attraction_start" in refused.json["errors"]
    assert "printed on your board" in refused.json["detail"]
    assert "table-values" in refused.json["next"]
    entered = write(client, session, {"kind": "table-values", "attraction_start": 1}, 0)
    assert entered.status_code in (200, 201), entered.json
    built = write(client, session, build, 1)
    assert built.status_code in (200, 201), built.json
    assert seat(built.json, "simon")["beasts"] == 4
