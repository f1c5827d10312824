"""Issue 29's attacks replayed through the API as a dishonest or careless scorekeeper would try
them, holding the table's edit token (tests/games/test_secret_attacks.py replays them against
the core): nothing of a seat's secret reaches anyone but its owner, and history stays honest."""
from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import make_app
from .helpers import seat_token

VIGILANTE = {"mode": "brought-to-justice", "rounds": 2, "starting_events": 1, "good": 2,
             "evil": 1, "neutral": 1,
             "seats": [{"name": "Gwen"}, {"name": "Ben"}, {"name": "Asha"}, {"name": "Pim"}]}


@pytest.fixture()
def client(sqlite_url: str) -> Any:
    app = make_app(sqlite_url)
    yield app.test_client()
    app.extensions["lairside.sessions"].dispose()


class Table:
    """One table through the API: the scorekeeper's token and each claimed seat's."""

    def __init__(self, client: Any) -> None:
        made = client.post("/api/v1/games/vigilante/sessions", json=VIGILANTE).json
        self.client, self.code, self.edit = client, made["code"], made["edit_token"]
        self.version = 0

    def seat(self, seat: str) -> dict[str, str]:
        return {"X-Seat-Token": seat_token(self.client, self.code, self.edit, seat)}

    def send(self, body: Any, headers: dict[str, str] | None = None, path: str = "events",
             status: int = 201) -> Any:
        answer = self.client.post(f"/api/v1/sessions/{self.code}/{path}", json=body, headers={
            **(headers or {"Authorization": f"Bearer {self.edit}"}),
            "If-Match": f'"v{self.version}"'})
        assert answer.status_code == status, answer.json
        if status == 201:
            self.version = answer.json["version"]
        return answer.json

    def last_round(self) -> None:
        """Play the Events on to the final round, and end it: identities are revealed now."""
        for kind, die in (("hacking", 3), ("jailbreak", 1), ("paramedic", 3)):
            self.send({"kind": "add-event", "type": kind, "die": die})
        self.send({"kind": "end-game"})

    def everyone_else_sees(self) -> str:
        reads = [self.client.get(f"/api/v1/sessions/{self.code}{path}").json
                 for path in ("", "/events", "/export", "/score")]
        return json.dumps(reads)


def test_a_the_scorekeeper_cannot_reveal_an_identity_as_entered(client: Any) -> None:
    t = Table(client)
    t.send({"kind": "identity", "seat": "asha", "identity": "mastermind"}, t.seat("asha"))
    t.last_round()
    t.send({"kind": "reveal", "seat": "asha", "identity": "as-entered"}, status=403)
    t.send({"kind": "reveal", "seat": "asha"}, status=403)  # "as entered" by default
    assert "mastermind" not in t.everyone_else_sees()
    for _ in range(3):  # and no undo makes a trace disappear: there was nothing to take back
        t.client.post(f"/api/v1/sessions/{t.code}/undo",
                      headers={"Authorization": f"Bearer {t.edit}", "If-Match": "*"})
    kinds = [e["event"]["kind"] for e in
             client.get(f"/api/v1/sessions/{t.code}/events").json["events"]]
    assert "reveal" not in kinds and "mastermind" not in t.everyone_else_sees()


def test_a_once_the_owner_reveals_no_undo_takes_it_back(client: Any) -> None:
    t = Table(client)
    asha = t.seat("asha")
    t.send({"kind": "identity", "seat": "asha", "identity": "mastermind"}, asha)
    t.last_round()
    t.send({"kind": "reveal", "seat": "asha"}, asha)  # her own phone shows her card
    shown = t.version
    refused = t.send(None, path="undo", status=422)
    assert f"version {shown}" in refused["detail"] and "public" in refused["detail"]
    t.send({"to_version": shown - 1}, path="revert", status=422)
    assert "mastermind" in t.everyone_else_sees()  # public now, and it stays


def test_c_the_tables_undo_keeps_bens_identity(client: Any) -> None:
    t = Table(client)
    ben = t.seat("ben")
    t.send({"kind": "jail", "seat": "gwen", "count": 5})
    t.send({"kind": "identity", "seat": "ben", "identity": "investigator"}, ben)
    t.send({"kind": "investigate", "seat": "ben", "target": "asha", "spot": 1, "seen": "good"},
           ben)
    t.send(None, path="undo")  # the scorekeeper fixes the jail...
    own = client.get(f"/api/v1/sessions/{t.code}", headers=ben).json["state"]
    seat = next(s for s in own["seats"] if s["id"] == "ben")
    assert "investigator" in json.dumps(seat).lower()  # ...and Ben's entries stay
    shared = client.get(f"/api/v1/sessions/{t.code}").json["state"]
    assert next(s for s in shared["seats"] if s["id"] == "gwen")["jail"] == 0
    assert "investigator" not in t.everyone_else_sees()
    t.send(None, {**ben}, path="undo")  # Ben's own phone takes back his own last entry
