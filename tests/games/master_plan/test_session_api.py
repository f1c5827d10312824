"""A Master Plan session through the API: a plan is written from its seat's own phone and is
never in the shared view, the history, the export or another seat's view."""
from __future__ import annotations

import json
from typing import Any

import pytest

from tests.sessions.helpers import seat_token

SECRET = "Quasar"


@pytest.fixture(scope="module")
def client(unlimited_client: Any) -> Any:
    return unlimited_client


def test_a_plan_stays_on_its_owners_phone(client: Any) -> None:
    made = client.post("/api/v1/games/master-plan/sessions", json={
        "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}],
        "loser_lad": "Ben"}).json
    code, edit = made["code"], {"Authorization": f"Bearer {made['edit_token']}"}
    base = f"/api/v1/sessions/{code}"
    refused = client.post(f"{base}/events", json={"kind": "plan", "seat": "ann",
                                                  "requirements": SECRET},
                          headers={**edit, "If-Match": '"v0"'})
    assert refused.status_code == 403  # the table's token may not write a private plan
    ann = {"X-Seat-Token": seat_token(client, code, made["edit_token"], "ann")}
    ben = {"X-Seat-Token": seat_token(client, code, made["edit_token"], "ben")}
    written = client.post(f"{base}/events", json={"kind": "plan", "seat": "ann",
                                                  "requirements": f"Gem, {SECRET}"},
                          headers={**ann, "If-Match": '"v0"'})
    assert written.status_code == 201, written.json
    for headers in ({}, ben, edit):
        for path in ("", "/events", "/export", "/score"):
            answer = client.get(base + path, headers=headers)
            assert answer.status_code == 200, path
            assert SECRET not in json.dumps(answer.json), (path, headers)
    own = client.get(base, headers=ann).json
    seat = next(s for s in own["state"]["seats"] if s["id"] == "ann")
    assert seat["plan"] == ["Gem", SECRET] and seat["plan_missing"] == ["Gem", SECRET]


def test_the_owner_is_told_and_declares_the_win_the_table_learns_it_then(client: Any) -> None:
    """Issue 29: the claim that completes Ann's plan is told to Ann's phone only; the table's
    edit token cannot declare for her (no yes/no about her plan); her own phone declares, and
    the table's undo cannot take the revealed plan back. Needs the API wired to the core's
    writer contract (assistant/tracker/README.md)."""
    made = client.post("/api/v1/games/master-plan/sessions", json={
        "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}],
        "loser_lad": "Ann"}).json
    code, edit = made["code"], {"Authorization": f"Bearer {made['edit_token']}"}
    base = f"/api/v1/sessions/{code}"
    ann = {"X-Seat-Token": seat_token(client, code, made["edit_token"], "ann")}
    ben = {"X-Seat-Token": seat_token(client, code, made["edit_token"], "ben")}
    version = 0

    def send(event: dict[str, Any], headers: dict[str, str], status: int = 201) -> Any:
        nonlocal version
        answer = client.post(f"{base}/events", json=event,
                             headers={**headers, "If-Match": f'"v{version}"'})
        assert answer.status_code == status, answer.json
        if status == 201:
            version = answer.json["version"]
        return answer.json

    send({"kind": "plan", "seat": "ann", "requirements": f"Gem, {SECRET}"}, ann)
    for loot in ("Gem", SECRET, "Crown"):
        send({"kind": "throwdown", "loot": loot}, edit)
    for seat, where in (("ann", 1), ("ben", 3), ("cat", 3), ("dee", 3),
                        ("ann", 2), ("ben", 3), ("cat", 3), ("dee", 3)):
        send({"kind": "deploy", "seat": seat, "throwdown": where}, edit)
    hero = {"kind": "reveal", "seat": "ann", "side": "hero", "attack": "force"}
    send({"kind": "pick", "seat": "ann", "throwdown": 1}, edit)  # Ann holds Loser Lad
    send({**hero, "throwdown": 1, "name": "Blaze", "action_number": 4}, edit)
    send({"kind": "battle", "throwdown": 1}, edit)
    send({"kind": "claim", "throwdown": 1, "loot": "Gem"}, edit)  # not complete yet
    send({"kind": "declare-win", "seat": "ann"}, edit, 403)  # never the table's question
    send({"kind": "pick", "seat": "ann", "throwdown": 2}, edit)
    send({**hero, "throwdown": 2, "name": "Aegis", "action_number": 6}, edit)
    send({"kind": "battle", "throwdown": 2}, edit)
    answer = send({"kind": "claim", "throwdown": 2, "loot": SECRET}, edit)  # completes it
    # the claimed Loot is public (it was on the Throwdown, it is Ann's Loot now); the plan
    # it completes, and that it completes one, are not
    assert answer["state"]["winner"] is None and not answer["state"]["revealed_plan"]
    assert "requirements" not in json.dumps(answer) and "declare_now" not in json.dumps(answer)
    for headers in ({}, ben, edit):
        for path in ("", "/events", "/export", "/score"):
            seen = json.dumps(client.get(base + path, headers=headers).json)
            assert "requirements" not in seen and '"declare_now": true' not in seen
    own = client.get(base, headers=ann).json["state"]["seats"][0]
    assert own["declare_now"] is True
    send({"kind": "declare-win", "seat": "ann"}, ann)
    state = client.get(base).json["state"]
    assert state["winner"] == "ann" and state["revealed_plan"] == ["Gem", SECRET]
    assert client.get(f"{base}/score").json["result"]["winners"] == ["Ann"]
    undo = client.post(f"{base}/undo", headers={**edit, "If-Match": f'"v{version}"'})
    assert undo.status_code == 422 and "secret public" in json.dumps(undo.json)


def test_a_misplaced_super_through_the_api_names_the_way_on(client: Any) -> None:
    """Issue 30: deck 16, four Hero Squads at Throwdown 1 and Ann's Villain there too. The
    reveal is refused with what can be done now; setting it aside lets the battle go on, and
    the history and score say what happened in the table's words."""
    made = client.post("/api/v1/games/master-plan/sessions", json={
        "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}],
        "loser_lad": "Ann", "super_deck_size": 16}).json
    edit = {"Authorization": f"Bearer {made['edit_token']}"}
    base = f"/api/v1/sessions/{made['code']}"
    version = 0

    def send(event: dict[str, Any], status: int = 201) -> Any:
        nonlocal version
        answer = client.post(f"{base}/events", json=event,
                             headers={**edit, "If-Match": f'"v{version}"'})
        assert answer.status_code == status, answer.json
        if status == 201:
            version = answer.json["version"]
        return answer.json

    for loot in ("Gem, Idol", "Crown", "Mask"):
        send({"kind": "throwdown", "loot": loot})
    for where in (1, 2, 3, 1):
        for seat in ("ann", "ben", "cat", "dee"):
            send({"kind": "deploy", "seat": seat, "throwdown": where})
    send({"kind": "pick", "seat": "ann", "throwdown": 1})
    for seat, number in (("ann", 2), ("ben", 4), ("cat", 6), ("dee", 8)):
        send({"kind": "reveal", "throwdown": 1, "seat": seat, "name": f"{seat}-hero",
              "side": "hero", "action_number": number, "attack": "none"})
    villain = send({"kind": "reveal", "throwdown": 1, "seat": "ann", "name": "Hex",
                    "side": "villain", "action_number": 5, "attack": "magic"}, 422)
    words = json.dumps(villain)
    assert "already has a Hero Squad" in words and "Set aside a misplaced Super" in words
    send({"kind": "misplaced", "throwdown": 1, "seat": "ann"})
    send({"kind": "reveal", "throwdown": 1, "seat": "ben", "name": "Nova", "side": "hero",
          "action_number": 3, "attack": "none"})
    send({"kind": "reveal", "throwdown": 1, "seat": "cat", "name": "Sage", "side": "hero",
          "action_number": 7, "attack": "none"})
    send({"kind": "reveal", "throwdown": 1, "seat": "dee", "name": "Wisp", "side": "hero",
          "action_number": 9, "attack": "none"})
    fought = send({"kind": "battle", "throwdown": 1})
    assert "no battle" in fought["event"]["text"] and fought["event"]["event"]["working"]
    lines = [e["text"] for e in client.get(f"{base}/events").json["events"]]
    assert any("set aside, it takes no part" in x for x in lines)
    score = client.get(f"{base}/score").json
    assert score["result"]["final"] is False and score["summary"].startswith("Provisional")
    assert {s["name"] for s in score["result"]["standings"]} == {"Ann", "Ben", "Cat", "Dee"}
