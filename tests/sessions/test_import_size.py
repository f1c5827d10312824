"""Any export imports back (issue 21, item 4): the import accepts a body as large as the
export of a session at its limits, while every other request keeps the 64 KiB body limit."""
from __future__ import annotations

import json

from assistant.tracker.exports import largest
from tests.sessions.conftest import make_app
from tests.sessions.helpers import create, write


def test_an_export_far_above_64_kib_imports_back(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'big.sqlite3'}", LAIRSIDE_MAX_EVENTS=3000)
    client = app.test_client()
    first = create(client)
    export = client.get(f"/api/v1/sessions/{first['code']}/export").json
    export["events"] = [{"event": {"kind": "note", "text": f"Round {i}: the plan, step {i}."}}
                        for i in range(2500)]
    body = json.dumps(export, indent=2).encode()
    assert len(body) > 4 * 65536  # the body limit stopped imports above about 490 events
    made = client.post("/api/v1/sessions/import", data=body,
                       headers={"Content-Type": "application/json"})
    assert made.status_code == 201, made.json
    assert made.json["version"] == 2500
    again = client.get(f"/api/v1/sessions/{made.json['code']}/export")
    assert len(again.json["events"]) == 2500
    back = client.post("/api/v1/sessions/import", data=json.dumps(again.json, indent=2),
                       headers={"Content-Type": "application/json"})
    assert back.status_code == 201 and back.json["version"] == 2500
    state = client.get(f"/api/v1/sessions/{back.json['code']}").json["state"]
    assert [n["text"] for n in state["notes"]][-1] == "Round 2499: the plan, step 2499."
    app.extensions["lairside.sessions"].dispose()


def test_other_bodies_keep_the_small_limit_and_imports_have_one_too(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'small.sqlite3'}", LAIRSIDE_MAX_EVENTS=100,
                   LAIRSIDE_MAX_SESSION_BYTES=10_000)
    client = app.test_client()
    first = create(client)
    padded = json.dumps({"kind": "note", "text": "x", "pad": "y" * 70_000})
    note = client.post(f"/api/v1/sessions/{first['code']}/events", data=padded,
                       headers={"Content-Type": "application/json",
                                "Authorization": f"Bearer {first['edit_token']}"})
    assert note.status_code == 413
    limit = largest(10_000, 100) + 65536
    huge = json.dumps({"format": "lairside-session", "setup": {}, "pad": "z" * limit})
    refused = client.post("/api/v1/sessions/import", data=huge,
                          headers={"Content-Type": "application/json"})
    assert refused.status_code == 413
    assert refused.mimetype == "application/problem+json"
    app.extensions["lairside.sessions"].dispose()


def test_a_full_session_of_accented_text_imports_back_however_it_was_saved(tmp_path):
    """The size limit counts UTF-8; the same export saved as ASCII JSON (a \\u escape for
    each é, a pair for each emoji) and indented takes about three times as much."""
    most = 20 * 870  # bytes: room for about 20 of these notes (840 bytes of UTF-8 each)
    app = make_app(f"sqlite:///{tmp_path / 'full.sqlite3'}", LAIRSIDE_MAX_EVENTS=30,
                   LAIRSIDE_MAX_SESSION_BYTES=most, MAX_CONTENT_LENGTH=4096)
    client = app.test_client()
    first = create(client)
    text = ("é\U0001F608" * 140)[:280]
    version = 0
    while True:
        done = write(client, first, {"kind": "note", "text": text}, version)
        if done.status_code != 201:
            assert done.json["type"] == "/problems/session-full", done.json
            break
        version = done.json["version"]
    assert version >= 15
    export = client.get(f"/api/v1/sessions/{first['code']}/export").json
    ascii_indented = json.dumps(export, indent=4)
    assert len(ascii_indented) > most + 30 * 160 + 4096  # the limit before: refused
    for saved in (ascii_indented, json.dumps(export, ensure_ascii=False)):
        back = client.post("/api/v1/sessions/import", data=saved.encode(),
                           headers={"Content-Type": "application/json"})
        assert back.status_code == 201, back.json
        assert back.json["version"] == version
        assert back.json["state"] == client.get(f"/api/v1/sessions/{first['code']}").json["state"]
    app.extensions["lairside.sessions"].dispose()
