"""Hostile and careless input answers a clear 4xx problem+json, never a 500 (issue 14, item 5),
and every answer carries the security headers (item 2)."""
from __future__ import annotations

import pytest

from tests.sessions.helpers import CUTTHROAT, create, write

VP = {"kind": "vp", "seat": "jin-feng", "amount": 2, "reason": "mission reward"}


def problem(answer, status):
    assert answer.status_code == status, (answer.status_code, answer.get_data()[:300])
    assert answer.mimetype == "application/problem+json"
    body = answer.json
    assert body["status"] == status and body["title"] and body["detail"]
    return body


@pytest.mark.parametrize("depth", [33, 1000, 30_000])
def test_deeply_nested_json_is_refused(client, depth):
    body = "[" * depth + "]" * depth
    answer = client.post("/api/v1/games/tdt/sessions", data=body,
                         content_type="application/json")
    assert 400 <= answer.status_code < 500
    assert answer.mimetype == "application/problem+json"
    answer = client.post("/api/v1/games/tdt/sessions",
                         data='{"mode":' + "{\"a\":" * depth + "1" + "}" * depth + "}",
                         content_type="application/json")
    assert 400 <= answer.status_code < 500 and answer.mimetype == "application/problem+json"


@pytest.mark.parametrize("value", ["٣", "²", "3" * 30, "-1", "1e3", " 1", "９", "1" * 5000])
@pytest.mark.parametrize("name", ["after", "limit"])
def test_paging_parameters(client, name, value):
    s = create(client)
    answer = client.get(f"/api/v1/sessions/{s['code']}/events", query_string={name: value})
    assert problem(answer, 422)["errors"][name]


@pytest.mark.parametrize("value", ["9" * 5000, "\"v" + "1" * 30 + "\"", "\"v٣\"", "nothing"])
def test_odd_if_match(client, value):
    s = create(client)
    answer = client.post(f"/api/v1/sessions/{s['code']}/events", json=VP,
                         headers={"Authorization": f"Bearer {s['edit_token']}",
                                  "If-Match": value})
    problem(answer, 428)
    assert client.get(f"/api/v1/sessions/{s['code']}").json["version"] == 0


@pytest.mark.parametrize("at", ["9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00",
                                "1999-12-31T23:00:00+00:00", "2999-01-01T00:00:00+00:00",
                                "2025-13-01T00:00:00", "x" * 5000])
def test_import_refuses_times_no_database_stores(client, at):
    export = {"format": "lairside-session", "setup": {"game": "tdt", **CUTTHROAT},
              "events": [{"event": VP, "at": at}]}
    assert "events.0.at" in problem(client.post("/api/v1/sessions/import", json=export),
                                    422)["errors"]


def test_import_keeps_a_time_with_an_offset_in_utc(client):
    export = {"format": "lairside-session", "setup": {"game": "tdt", **CUTTHROAT},
              "events": [{"event": VP, "at": "2025-01-31T23:30:00-14:00"}]}
    made = client.post("/api/v1/sessions/import", json=export)
    assert made.status_code == 201
    events = client.get(f"/api/v1/sessions/{made.json['code']}/events").json["events"]
    assert events[0]["at"] == "2025-02-01T13:30:00+00:00"


@pytest.mark.parametrize("text", ["a\x00b", "\ud800", "ok \udfff"])
def test_nul_and_lone_surrogates_are_refused(client, text):
    s = create(client)
    raw = '{"kind": "vp", "seat": "jin-feng", "amount": 1, "reason": %s}' % (
        '"' + text.encode("unicode_escape").decode().replace("\\x00", "\\u0000") + '"')
    answer = client.post(f"/api/v1/sessions/{s['code']}/events", data=raw,
                         content_type="application/json",
                         headers={"Authorization": f"Bearer {s['edit_token']}",
                                  "If-Match": '"v0"'})
    assert problem(answer, 422)["errors"]["reason"]
    seats = dict(CUTTHROAT, seats=[*CUTTHROAT["seats"][:3], {"henchman": "Boris Myasneek",
                                                             "player": "Bo\x00"}])
    problem(client.post("/api/v1/games/tdt/sessions", json=seats), 422)


@pytest.mark.parametrize("code", ["zz\x00zzzzz", "%00", "a" * 1000, "ｋ7m2x9qa", "%ED%A0%80",
                                  "%FF%FE"])
def test_odd_share_codes_are_not_found(client, code):
    problem(client.get(f"/api/v1/sessions/{code}"), 404)


@pytest.mark.parametrize("key", ["k\x00", "ключ", "x" * 101, "\t"])
def test_odd_idempotency_keys(client, key):
    s = create(client)
    answer = client.post(f"/api/v1/sessions/{s['code']}/events", json=VP,
                         headers={"Authorization": f"Bearer {s['edit_token']}",
                                  "If-Match": '"v0"', "Idempotency-Key": key})
    problem(answer, 422)


def test_long_urls_and_headers(client):
    problem(client.get("/api/v1/rules?q=" + "a" * 5000), 414)
    problem(client.get("/api/v1/games", headers={"X-Junk": "a" * 20000}), 431)


def test_a_full_session_answers_422_and_keeps_what_it_had(tmp_path):
    from tests.sessions.conftest import make_app

    app = make_app(f"sqlite:///{tmp_path / 'f.sqlite3'}", LAIRSIDE_MAX_EVENTS=2,
                   LAIRSIDE_MAX_SESSION_BYTES=10_000)
    client = app.test_client()
    s = create(client)
    assert write(client, s, VP, 0).status_code == 201
    assert write(client, s, VP, 1).status_code == 201
    body = problem(write(client, s, VP, 2), 422)
    assert body["type"] == "/problems/session-full" and body["limit"] == 2
    assert client.get(f"/api/v1/sessions/{s['code']}").json["version"] == 2
    export = client.get(f"/api/v1/sessions/{s['code']}/export").json
    export["events"] *= 2
    problem(client.post("/api/v1/sessions/import", json=export), 422)
    big = create(client)
    note = dict(VP, reason="x" * 60)
    app.extensions["lairside.sessions"].max_bytes = 150
    assert write(client, big, note, 0).status_code == 201
    assert problem(write(client, big, note, 1), 422)["type"] == "/problems/session-full"
    app.extensions["lairside.sessions"].dispose()


PATHS = ["/", "/healthz", "/api/v1/games", "/openapi.json", "/docs", "/nowhere",
         "/api/v1/sessions/zzzzzzzz"]


@pytest.mark.parametrize("path", PATHS)
def test_security_headers_on_every_answer(client, path):
    answer = client.get(path)
    csp = answer.headers["Content-Security-Policy"]
    directives = dict((d.strip().split(" ", 1) + [""])[:2] for d in csp.split(";"))
    assert directives["script-src"] == "'self'"  # no inline script, no eval
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    assert "Strict-Transport-Security" not in answer.headers  # plain HTTP on a LAN


def test_hsts_on_https_only_and_forwarded_proto_only_from_a_proxy(tmp_path):
    from tests.sessions.conftest import make_app

    plain = make_app(f"sqlite:///{tmp_path / 'a.sqlite3'}").test_client()
    assert "Strict-Transport-Security" in plain.get("/healthz", base_url="https://localhost"
                                                    ).headers
    forged = plain.get("/healthz", headers={"X-Forwarded-Proto": "https"})
    assert "Strict-Transport-Security" not in forged.headers
    proxied = make_app(f"sqlite:///{tmp_path / 'b.sqlite3'}", LAIRSIDE_PROXIES=1)
    answer = proxied.test_client().get("/healthz", headers={"X-Forwarded-Proto": "https"})
    assert answer.headers["Strict-Transport-Security"].startswith("max-age=")


def test_docs_page_runs_no_inline_script(client):
    page = client.get("/docs").get_data(as_text=True)
    assert "<script>" not in page
    assert client.get("/docs/lairside-init.js").status_code == 200
