"""Issue 32, item 5: Loser Lad starts with one of the seats (setup-loser-lad). The setup form
says so (a seat field: the start page offers the seats' names typed above); the API takes a
seat's name or id and refuses anyone else, naming the seats."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.inputs import describe

TRACKER = find_game("master-plan").tracker
assert TRACKER is not None
SEATS = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}]


@pytest.fixture(scope="module")
def client(unlimited_client: Any) -> Any:
    return unlimited_client


def test_the_form_says_loser_lad_is_one_of_the_seats() -> None:
    """Optional since issue 41 (names and a mode start a table): asked before the first
    Super is played where the table did not say (test_play_layer.py)."""
    field = next(f for f in describe(TRACKER.setup_form) if f["name"] == "loser_lad")
    assert field["kind"] == "text" and field["seat"] is True and field["required"] is False


@pytest.mark.parametrize("given", ["Ben", "ben", " BEN "])
def test_loser_lad_is_a_seat_by_name_or_id(given: str) -> None:
    assert TRACKER.parse_setup({"seats": SEATS, "loser_lad": given}).loser_lad == "ben"


def test_anyone_else_is_refused_naming_the_seats(client: Any) -> None:
    with pytest.raises(InvalidInput) as err:
        TRACKER.parse_setup({"seats": SEATS, "loser_lad": "Zed"})
    assert err.value.field == "loser_lad" and err.value.allowed == "Ann, Ben, Cat, Dee"
    answer = client.post("/api/v1/games/master-plan/sessions",
                         json={"seats": SEATS, "loser_lad": "Zed"})
    assert answer.status_code == 422
    assert answer.mimetype == "application/problem+json"
    assert "Zed" in answer.json["detail"]
    assert "Ann, Ben, Cat, Dee" in " ".join(answer.json["errors"]["loser_lad"])


def test_the_openapi_document_marks_seat_and_list_fields(client: Any) -> None:
    doc = client.get("/openapi.json").json
    text = str(doc)
    assert "'x-seat': True" in text and "Azura Badeau" in text


def _typed(loser_lad: str) -> dict[str, str]:
    form = {"mode": "standard", "loser_lad": loser_lad}
    for i, seat in enumerate(SEATS):
        form.update({f"seats.{i}._row": "1", f"seats.{i}.name": seat["name"]})
    return form


def test_without_script_the_start_page_takes_a_typed_seat(client: Any) -> None:
    page = client.get("/g/master-plan/sessions/new?players=4").get_data(as_text=True)
    assert 'name="loser_lad"' in page and "data-seat-choice" in page
    made = client.post("/g/master-plan/sessions/new", data=_typed("Cat"))
    assert made.status_code == 303
    refused = client.post("/g/master-plan/sessions/new", data=_typed("Zed"))
    assert refused.status_code == 422
    assert "Ann, Ben, Cat, Dee" in refused.get_data(as_text=True)
