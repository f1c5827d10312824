"""Finished games export and import whole, through the API (issue 29, item 6): a finished game
of each of the five games is played as its table would play it (each event from its writer:
the scorekeeper's edit token, or a seat's own phone with its claimed token), exported, and
imported into a new table, which answers the same state, history lines and final score; its
unrevealed secrets arrive sealed and counted, the revealed ones in full."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.tracker import writer
from assistant.tracker.kernel import is_history
from tests.games.test_finished_exports import FINISHED

from .conftest import make_app
from .helpers import seat_token


@pytest.fixture()
def client(sqlite_url: str) -> Any:
    app = make_app(sqlite_url)
    yield app.test_client()
    app.extensions["lairside.sessions"].dispose()


def play(client: Any, slug: str, history: Any) -> dict[str, Any]:
    """Send every event of `history` as its writer would; the new table's creation answer."""
    tracker, setup = history.tracker, history.setup
    made = client.post(f"/api/v1/games/{slug}/sessions", json=setup.to_json())
    assert made.status_code == 201, made.json
    code, edit = made.json["code"], made.json["edit_token"]
    phones: dict[str, str] = {}
    for version in range(1, history.version + 1):
        event = history.event_at(version)
        who = writer(tracker, setup, event)
        if who is None:
            headers = {"Authorization": f"Bearer {edit}"}
        else:
            if who not in phones:
                phones[who] = seat_token(client, code, edit, who)
            headers = {"X-Seat-Token": phones[who]}
        body = event.to_json()
        if body.pop("own_phone", None):  # an owner's reveal as its phone sends it: "as
            body.pop("identity", None)   # entered", the phone's own entry filled in when
            body.pop("requirements", None)  # stored (its token says who sent it)
        path = "events"
        if is_history(event):  # undo and revert have routes of their own; a seat's is its own
            path = str(event.kind)
            body = {k: v for k, v in body.items() if k not in ("kind", "seat")}
        answer = client.post(f"/api/v1/sessions/{code}/{path}", json=body or None,
                             headers={**headers, "If-Match": f'"v{version - 1}"'})
        assert answer.status_code == 201, (version, body, answer.json)
    return made.json


@pytest.mark.parametrize("slug", sorted(FINISHED))
def test_a_finished_game_exports_and_imports_whole(client: Any, slug: str) -> None:
    history = FINISHED[slug]()
    made = play(client, slug, history)
    base = f"/api/v1/sessions/{made['code']}"
    original = client.get(base).json
    exported = client.get(f"{base}/export").json
    assert exported["version"] == history.version
    imported = client.post("/api/v1/sessions/import", json=exported)
    assert imported.status_code == 201, imported.json
    copy = f"/api/v1/sessions/{imported.json['code']}"
    assert imported.json["version"] == history.version
    assert client.get(copy).json["state"] == original["state"]
    assert client.get(f"{copy}/score").json["result"] == client.get(f"{base}/score").json[
        "result"]
    lines = [e["text"] for e in client.get(f"{base}/events").json["events"]]
    assert [e["text"] for e in client.get(f"{copy}/events").json["events"]] == lines
    sealed = exported.get("sealed", 0)
    assert (imported.json.get("left_out") or {}).get("private_events", 0) == sealed
    assert client.get(f"{copy}/export").json["events"] == exported["events"]
