"""Repeated session reads (answers kept per session, version, viewer and address, after one
version query): the same answers, never stale across workers, never a seat's secrets to the
table, each host and mount path with its own links, and every refusal."""
from __future__ import annotations

from assistant.games import all_games

from .conftest import make_app
from .helpers import create, seat_token, write

VP = {"kind": "vp", "seat": "jin-feng", "amount": 2, "reason": "mission reward"}


def test_a_change_through_another_worker_is_seen_on_the_next_read(db_url):
    one, two = make_app(db_url), make_app(db_url)  # two workers, one database
    try:
        a, b = one.test_client(), two.test_client()
        s = create(a)
        paths = [f"/api/v1/sessions/{s['code']}", f"/api/v1/sessions/{s['code']}/score"]
        first = [a.get(p) for p in paths]
        again = [a.get(p) for p in paths]  # kept by worker one
        for before, kept in zip(first, again, strict=True):
            assert kept.status_code == 200 and kept.data == before.data
            assert kept.headers.to_wsgi_list() == before.headers.to_wsgi_list()
        assert write(b, s, VP, 0).status_code == 201  # through worker two
        for path in paths:
            seen = a.get(path, headers={"If-None-Match": '"v0"'})
            assert seen.status_code == 200 and seen.headers["ETag"] == '"v1"'
            assert seen.json["version"] == 1
            assert a.get(path, headers={"If-None-Match": '"v1"'}).status_code == 304
        assert a.get(paths[0]).json["state"] == b.get(paths[0]).json["state"]
    finally:
        one.extensions["lairside.sessions"].dispose()
        two.extensions["lairside.sessions"].dispose()


def test_each_host_gets_its_own_links_and_refused_hosts_stay_refused(sqlite_url):
    client = make_app(sqlite_url).test_client()
    s = create(client)
    path = f"/api/v1/sessions/{s['code']}"
    for host in ("192.168.1.21:8000", "192.168.1.20:8000", "192.168.1.21:8000"):
        answer = client.get(path, headers={"Host": host})
        assert answer.json["urls"]["view"].startswith(f"http://{host}/")
    refused = client.get(path, headers={"Host": "evil.example"})  # no public URL set
    assert refused.status_code == 400 and refused.json["type"] == "/problems/untrusted-host"
    trusted = make_app(sqlite_url, TRUSTED_HOSTS=["lair.example.org"]).test_client()
    assert trusted.get(path, headers={"Host": "lair.example.org"}).status_code == 200
    for asked in ({}, {"If-None-Match": '"v0"'}):
        bad = trusted.get(path, headers={"Host": "evil.example", **asked})
        assert bad.status_code == 400 and bad.mimetype == "application/problem+json"


def test_a_client_at_the_unknown_code_limit_waits_even_for_a_read_kept_before(sqlite_url):
    client = make_app(sqlite_url, LAIRSIDE_RATE_MISS="3/60").test_client()
    s = create(client)
    path = f"/api/v1/sessions/{s['code']}"
    assert client.get(path).status_code == 200 and client.get(path).status_code == 200
    for c in "234":
        assert client.get(f"/api/v1/sessions/zzzzzzz{c}").status_code == 404
    assert client.get(path).status_code == 429
    assert client.get(path, headers={"If-None-Match": '"v0"'}).status_code == 429
    assert client.get(path, environ_base={"REMOTE_ADDR": "192.0.2.7"}).status_code == 200


def test_a_seats_own_view_is_never_answered_to_the_table(sqlite_url):
    game = next(g for g in all_games()
                if g.tracker is not None and g.tracker.private_events)
    client = make_app(sqlite_url).test_client()
    made = client.post(f"/api/v1/games/{game.slug}/sessions", json=game.tracker.example_setup)
    code = made.json["code"]
    seat = made.json["setup"]["seats"][0]["id"]
    token = seat_token(client, code, made.json["edit_token"], seat)
    path = f"/api/v1/sessions/{code}"
    shared = client.get(path)
    own = client.get(path, headers={"X-Seat-Token": token})
    assert own.json["seat"] == seat
    # a cache keeps a seat's answer apart (and a compressed answer apart: api/compress.py)
    assert [v.strip() for v in own.headers["Vary"].split(",")] == ["X-Seat-Token",
                                                                   "Accept-Encoding"]
    again = client.get(path)
    assert "seat" not in again.json and again.data == shared.data
    assert client.get(path, headers={"X-Seat-Token": "not-a-token"}).status_code == 403


def test_codes_as_typed_still_read_and_odd_paths_still_refused(sqlite_url):
    client = make_app(sqlite_url).test_client()
    s = create(client)
    typed = client.get(f"/api/v1/sessions/{s['code'].upper()}")
    assert typed.status_code == 200 and typed.json["code"] == s["code"]
    assert client.head(f"/api/v1/sessions/{s['code']}").status_code == 200
    assert client.get(f"/api/v1/sessions/{s['code']}/scores").status_code == 404
