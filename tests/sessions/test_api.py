"""The session API through Flask's test client, on SQLite and PostgreSQL."""
from __future__ import annotations

from pathlib import Path

import pytest

from api import create_app
from assistant import links

from .conftest import make_app
from .helpers import CUTTHROAT, create, write

VP = {"kind": "vp", "seat": "jin-feng", "amount": 2, "reason": "mission reward"}


def test_create_answers_token_code_and_join_urls(api):
    answer = api.post("/api/v1/games/tdt/sessions", json=CUTTHROAT)
    body = answer.json
    assert answer.status_code == 201 and answer.headers["ETag"] == '"v0"'
    assert answer.headers["Location"].endswith(f"/api/v1/sessions/{body['code']}")
    assert len(body["code"]) == 8 and len(body["edit_token"]) >= 32
    assert body["urls"]["view"].endswith(links.session("tdt", body["code"]))
    assert body["urls"]["edit"] == f"{body['urls']['view']}#token={body['edit_token']}"
    assert body["state"]["clock"] == 10 and body["version"] == 0
    assert [s["id"] for s in body["setup"]["seats"]] == ["goodman", "azura-badeau", "jin-feng",
                                                          "boris-myasneek"]


@pytest.mark.parametrize(("body", "field"), [
    ({"mode": "cutthroat", "seats": [{"henchman": "Ugo"}]}, "seats"),
    ({"mode": "chess", "seats": [{"henchman": "Ugo"}]}, "mode"),
    ({"seats": [{"henchman": "Ugo"}]}, "mode"),
    ([1, 2], "_body"),
])
def test_create_refuses_bad_setups(api, body, field):
    answer = api.post("/api/v1/games/tdt/sessions", json=body)
    assert answer.status_code == 422
    assert answer.mimetype == "application/problem+json"
    assert field in answer.json["errors"]


def test_a_named_henchman_off_the_list_is_a_problem_naming_the_list(api):
    answer = api.post("/api/v1/games/tdt/sessions", json={
        "mode": "syndicate", "seats": [{"henchman": "Dr. Null"}]})
    assert answer.status_code == 422
    assert answer.mimetype == "application/problem+json"
    said = " ".join(answer.json["errors"]["seats.0.henchman"])
    assert "Dr. Null" in said and "Azura Badeau" in said and "Ugo Dottore" in said


def test_read_with_etag_and_304(api):
    s = create(api)
    answer = api.get(f"/api/v1/sessions/{s['code']}")
    assert answer.status_code == 200 and answer.headers["ETag"] == '"v0"'
    assert "edit_token" not in answer.json
    again = api.get(f"/api/v1/sessions/{s['code']}", headers={"If-None-Match": '"v0"'})
    assert again.status_code == 304
    write(api, s, VP, 0)
    assert api.get(f"/api/v1/sessions/{s['code']}",
                   headers={"If-None-Match": '"v0"'}).status_code == 200


def test_unknown_session_and_no_listing(api):
    missing = api.get("/api/v1/sessions/zzzzzzzz")
    assert missing.status_code == 404 and missing.mimetype == "application/problem+json"
    assert api.get("/api/v1/sessions").status_code == 405


@pytest.mark.parametrize(("headers", "status"), [
    ({}, 401), ({"Authorization": "Bearer wrong"}, 403), ({"X-Edit-Token": ""}, 401),
    ({"Authorization": "Basic x"}, 401), ({"X-Edit-Token": "wrong"}, 403)])
def test_writes_need_the_edit_token(api, headers, status):
    """No token at all: 401 with a WWW-Authenticate challenge; a wrong one: 403."""
    s = create(api)
    answer = api.post(f"/api/v1/sessions/{s['code']}/events", json=VP,
                      headers={**headers, "If-Match": '"v0"'})
    assert answer.status_code == status
    assert answer.mimetype == "application/problem+json"
    if status == 401:
        assert answer.json["type"] == "/problems/unauthorized"
        assert answer.headers["WWW-Authenticate"].startswith("Bearer ")
    else:
        assert answer.json["type"] == "/problems/forbidden"
        assert "WWW-Authenticate" not in answer.headers
    assert api.get(f"/api/v1/sessions/{s['code']}").json["version"] == 0


def test_share_code_is_not_an_edit_token(api):
    s = create(api)
    answer = write(api, s, VP, 0, token=s["code"])
    assert answer.status_code == 403


def test_x_edit_token_header_works(api):
    s = create(api)
    answer = api.post(f"/api/v1/sessions/{s['code']}/events", json=VP,
                      headers={"X-Edit-Token": s["edit_token"], "If-Match": '"v0"'})
    assert answer.status_code == 201


def test_missing_if_match_is_428(api):
    s = create(api)
    answer = write(api, s, VP)
    assert answer.status_code == 428
    assert answer.json["type"] == "/problems/precondition-required"


def test_stale_write_is_412_with_current_version_and_changes_nothing(api):
    s = create(api)
    assert write(api, s, VP, 0).status_code == 201
    stale = write(api, s, {**VP, "amount": 5}, 0)  # the second phone read version 0
    assert stale.status_code == 412
    assert stale.json["current_version"] == 1 and stale.headers["ETag"] == '"v1"'
    state = api.get(f"/api/v1/sessions/{s['code']}").json
    assert state["version"] == 1 and state["state"]["seats"][2]["vp"] == 2
    assert write(api, s, {**VP, "amount": 5}, 1).status_code == 201  # reapplied


def test_idempotent_retry_counts_once(api):
    s = create(api)
    first = write(api, s, VP, 0, key="phone-a-17")
    retry = write(api, s, VP, 0, key="phone-a-17")
    assert first.status_code == retry.status_code == 201
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert retry.json["event"]["seq"] == first.json["event"]["seq"] == 1
    events = api.get(f"/api/v1/sessions/{s['code']}/events").json["events"]
    assert len(events) == 1
    reused = write(api, s, {**VP, "amount": 3}, 1, key="phone-a-17")
    assert reused.status_code == 422
    assert reused.json["type"] == "/problems/idempotency-key-reused"


def test_refused_event_is_422_and_changes_nothing(api):
    s = create(api)
    answer = write(api, s, {"kind": "trigger", "seat": "jin-feng", "trigger": 6}, 0)
    assert answer.status_code == 422 and "trigger" in answer.json["errors"]
    assert api.get(f"/api/v1/sessions/{s['code']}").json["version"] == 0


def test_undo_revert_and_history(api):
    s = create(api)
    write(api, s, VP, 0)
    write(api, s, {"kind": "clock", "to": 9}, 1)
    undone = write(api, s, None, 2, path="undo")
    assert undone.status_code == 201 and undone.json["state"]["clock"] == 10
    redone = write(api, s, {"to_version": 2}, 3, path="revert")
    assert redone.json["state"]["clock"] == 9 and redone.json["version"] == 4
    back = write(api, s, {"to_version": 0}, 4, path="revert")
    assert back.json["state"]["seats"][2]["vp"] == 0 and back.json["can_undo"] is True
    # undo right after a revert restores the state before the revert (kernel law)
    again = write(api, s, None, 5, path="undo")
    assert again.json["state"]["seats"][2]["vp"] == 2 and again.json["state"]["clock"] == 9
    bad = write(api, s, {"to_version": 9}, 6, path="revert")
    assert bad.status_code == 422 and "to_version" in bad.json["errors"]
    events = api.get(f"/api/v1/sessions/{s['code']}/events?after=2").json["events"]
    assert [e["event"]["kind"] for e in events] == ["undo", "revert", "revert", "undo"]
    assert events[0]["text"] == "Undo the last change"


def test_score_from_the_state(api):
    s = create(api)
    write(api, s, VP, 0)
    for version in range(1, 5):  # Villainy Phases 1-3, then Monologuing
        write(api, s, {"kind": "next"}, version)
    write(api, s, {"kind": "doomsday-completed"}, 5)  # Goodman's Plotting
    write(api, s, {"kind": "next"}, 6)  # Endgame and Scoring done
    score = api.get(f"/api/v1/sessions/{s['code']}/score")
    assert score.status_code == 200 and score.headers["ETag"] == '"v7"'
    assert score.json["result"]["outcome"]["kind"] == "goodman-wins"
    assert score.json["result"]["final"] is True
    assert score.json["result"]["rows"][0]["name"] == "Jin Feng"
    assert "Jin Feng 2 VP" in score.json["summary"]


def test_export_then_import_gives_the_same_state(api):
    s = create(api)
    for version, event in enumerate([VP, {"kind": "clock", "to": 9}, {"kind": "undo"}]):
        assert write(api, s, event, version).status_code == 201
    exported = api.get(f"/api/v1/sessions/{s['code']}/export").json
    assert exported["format"] == "lairside-session" and len(exported["events"]) == 3
    imported = api.post("/api/v1/sessions/import", json=exported)
    assert imported.status_code == 201
    copy = imported.json
    assert copy["code"] != s["code"] and copy["edit_token"] != s["edit_token"]
    original = api.get(f"/api/v1/sessions/{s['code']}").json
    assert copy["state"] == original["state"] and copy["version"] == 3
    again = api.get(f"/api/v1/sessions/{copy['code']}/export").json
    assert again["events"] == exported["events"]


def test_import_refuses_a_tampered_export(api):
    s = create(api)
    write(api, s, VP, 0)
    exported = api.get(f"/api/v1/sessions/{s['code']}/export").json
    exported["events"][0]["event"]["amount"] = -9
    answer = api.post("/api/v1/sessions/import", json=exported)
    assert answer.status_code == 422 and "events.0.amount" in answer.json["errors"]


def test_create_and_writes_are_rate_limited(sqlite_url):
    app = make_app(sqlite_url, LAIRSIDE_RATE_CREATE="2/3600", LAIRSIDE_RATE_WRITE="3/60")
    client = app.test_client()
    s = create(client)
    create(client)
    limited = client.post("/api/v1/games/tdt/sessions", json=CUTTHROAT)
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
    assert limited.json["type"] == "/problems/rate-limited"
    codes = [write(client, s, {"kind": "clock", "to": 9 - n}, n).status_code for n in range(4)]
    assert codes == [201, 201, 201, 429]
    other = client.post("/api/v1/games/tdt/sessions", json=CUTTHROAT,
                        environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201  # per client


def test_testing_app_is_lazy_and_running_app_creates_the_file(tmp_path):
    lazy = tmp_path / "lazy.sqlite3"
    create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": f"sqlite:///{lazy}"})
    assert not lazy.exists()
    eager = tmp_path / "instance" / "lairside.sqlite3"
    app = create_app({"LAIRSIDE_DATABASE_URL": f"sqlite:///{eager}"})
    assert eager.exists()
    app.extensions["lairside.sessions"].dispose()


def test_default_database_is_the_instance_file(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("LAIRSIDE_DATABASE_URL", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app()
    assert Path(app.instance_path, "lairside.sqlite3").exists()
    app.extensions["lairside.sessions"].dispose()


def test_openapi_documents_the_session_paths(api):
    spec = api.get("/openapi.json").json
    for path in ("/api/v1/sessions", "/api/v1/sessions/{code}", "/api/v1/sessions/{code}/events",
                 "/api/v1/sessions/{code}/undo", "/api/v1/sessions/{code}/revert",
                 "/api/v1/sessions/{code}/score", "/api/v1/sessions/{code}/export",
                 "/api/v1/sessions/import"):
        assert path in spec["paths"], path
    post = spec["paths"]["/api/v1/sessions/{code}/events"]["post"]
    assert {"403", "412", "428", "429"} <= set(post["responses"])
    from openapi_spec_validator import validate
    validate(spec)
