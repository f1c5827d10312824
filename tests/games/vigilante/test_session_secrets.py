"""Through the API: an Identity and the tokens an investigation showed stay on their seat's own
phone; the shared session JSON, history, export, score and page carry no secret before the
reveal (issue: hidden information)."""
from __future__ import annotations

from typing import Any

import pytest

from assistant import links
from tests.sessions.helpers import seat_token
from tests.support import spaced

SETUP = {"mode": "brought-to-justice", "rounds": 1, "starting_events": 0,
         "seats": [{"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}, {"name": "Pim"}]}
SECRETS = ('"identity": "mastermind"', '"identity_title"', '"seen": "evil"', '"deductions"',
           '"progress"', "only you see this", "Mastermind")
"""What the secrets look like in JSON or in a history line (form definitions on the page
name the fields and options, so the checks look for values)."""


@pytest.fixture(scope="module")
def client(unlimited_client: Any) -> Any:
    return unlimited_client


def test_secrets_stay_on_their_own_phone_until_the_reveal(client: Any) -> None:
    made = client.post("/api/v1/games/vigilante/sessions", json=SETUP)
    assert made.status_code == 201, made.json
    code, auth = made.json["code"], {"Authorization": f"Bearer {made.json['edit_token']}"}
    asha = {"X-Seat-Token": seat_token(client, code, made.json["edit_token"], "asha")}
    gwen = {"X-Seat-Token": seat_token(client, code, made.json["edit_token"], "gwen")}
    identity = {"kind": "identity", "seat": "asha", "identity": "mastermind"}
    by_table = client.post(f"/api/v1/sessions/{code}/events", json=identity,
                           headers={**auth, "If-Match": '"v0"'})
    assert by_table.status_code == 403          # never typed in by the table
    by_gwen = client.post(f"/api/v1/sessions/{code}/events", json=identity,
                          headers={**gwen, "If-Match": '"v0"'})
    assert by_gwen.status_code == 403           # nor from another seat's phone
    done = client.post(f"/api/v1/sessions/{code}/events", json=identity,
                       headers={**asha, "If-Match": '"v0"'})
    assert done.status_code == 201, done.json
    look = {"kind": "investigate", "seat": "gwen", "target": "asha", "spot": 3, "seen": "evil"}
    assert client.post(f"/api/v1/sessions/{code}/events", json=look,
                       headers={**gwen, "If-Match": '"v1"'}).status_code == 201
    own_tokens = {**look, "seat": "asha", "target": "asha"}
    refused = client.post(f"/api/v1/sessions/{code}/events", json=own_tokens,
                          headers={**asha, "If-Match": '"v2"'})
    assert refused.status_code == 422           # nobody records their own tokens

    shared = [spaced(client.get(path).get_data(as_text=True)) for path in (
        f"/api/v1/sessions/{code}", f"/api/v1/sessions/{code}/events",
        f"/api/v1/sessions/{code}/export", f"/api/v1/sessions/{code}/score",
        links.session("vigilante", code))]
    others = [spaced(client.get(f"/api/v1/sessions/{code}", headers=h).get_data(as_text=True))
              for h in (gwen,)]
    for text in shared:
        for secret in SECRETS:
            assert secret not in text, secret
    for secret in ('"identity": "mastermind"', "Mastermind"):   # Gwen's phone: not Asha's
        assert secret not in others[0], secret
    # the investigator's own phone has the sighting; the investigated seat never does
    assert '"seen": {"3": "evil"}' in others[0] and '"deductions"' in others[0]
    asha_view = client.get(f"/api/v1/sessions/{code}", headers=asha).json
    assert asha_view["state"]["seats"][2]["identity"] == "mastermind"
    assert asha_view["state"]["seats"][2]["deductions"] == []
    assert '"seen": {' not in spaced(client.get(f"/api/v1/sessions/{code}", headers=asha)
                                     .get_data(as_text=True))


def test_the_owners_phone_gets_the_lines_its_card_prints(client: Any) -> None:
    """The page prints a seat's `seat_lines`; the owner's phone (seat token) gets its Identity
    line and investigation notes there, and no other reader does."""
    made = client.post("/api/v1/games/vigilante/sessions", json=SETUP)
    code = made.json["code"]
    tokens = {s: {"X-Seat-Token": seat_token(client, code, made.json["edit_token"], s)}
              for s in ("asha", "gwen")}
    for n, (event, seat) in enumerate((
            ({"kind": "identity", "seat": "asha", "identity": "mastermind"}, "asha"),
            ({"kind": "investigate", "seat": "gwen", "target": "Asha", "spot": 1,
              "seen": "evil"}, "gwen"))):
        done = client.post(f"/api/v1/sessions/{code}/events", json=event,
                           headers={**tokens[seat], "If-Match": f'"v{n}"'})
        assert done.status_code == 201, done.json
    board = client.get(f"/api/v1/sessions/{code}").json
    asha_own = client.get(f"/api/v1/sessions/{code}", headers=tokens["asha"]).json
    gwen_own = client.get(f"/api/v1/sessions/{code}", headers=tokens["gwen"]).json
    assert asha_own["state"]["seats"][2]["only_this_phone"].startswith("Mastermind (evil)")
    assert gwen_own["state"]["seats"][0]["your_investigations"] == "Asha: spot 1 evil -> " \
        "good or neutral or evil still possible"
    for view, own in ((board, None), (asha_own, "asha"), (gwen_own, "gwen")):
        for row in view["state"]["seats"]:
            if row["id"] != own:
                assert "only_this_phone" not in row and "your_investigations" not in row
