"""Answers through Werkzeug's public API only (issue 39, item 1): no private field of a Response
is written anywhere in api/; a kept answer keeps every header its view set; a kept static file
keeps its conditional and range behaviour; HEAD is GET without the body for every route, with
and without gzip; an async view is refused when it is registered."""
from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, Response

from api import create_app
from api.cache import public_get
from assistant import sheets
from assistant.games import all_games
from tests.sessions.helpers import create

API = Path(__file__).resolve().parents[2] / "api"
GZIP = {"Accept-Encoding": "gzip"}


@pytest.fixture()
def app(tmp_path: Path) -> Iterator[Flask]:
    made = create_app({"TESTING": True, "LAIRSIDE_RATE_CREATE": "off",
                       "LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp_path}/w.sqlite3"})
    yield made
    made.extensions["lairside.sessions"].dispose()


def test_no_private_field_of_a_response_is_written() -> None:
    private = re.compile(r"\b_status_code|\b_on_close|\b_status\b")  # call_on_close is public
    found = [f"{path.relative_to(API)}:{n}" for path in API.rglob("*.py")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if private.search(line)]
    assert found == []


def test_a_kept_answer_keeps_every_header_its_view_set(app: Flask) -> None:
    @public_get
    def linked() -> Response:
        response = Response("<p>" + "a rule " * 200 + "</p>", mimetype="text/html")
        response.headers["Link"] = '</g/x/rules>; rel="up"'
        response.headers["Content-Language"] = "en"
        return response

    app.add_url_rule("/_linked", "linked", linked)
    client = app.test_client()
    for headers in ({}, GZIP, {}, GZIP):  # the first answer, then the kept one, each way
        got = client.get("/_linked", headers=headers)
        assert got.status_code == 200
        assert got.headers["Link"] == '</g/x/rules>; rel="up"'
        assert got.headers["Content-Language"] == "en"


def test_a_kept_static_file_keeps_ranges_and_last_modified(app: Flask) -> None:
    client = app.test_client()
    path = "/static/session.js"
    whole = (API / "static" / "session.js").read_bytes()
    for _ in range(2):  # worked out, then kept
        got = client.get(path)
        assert got.status_code == 200 and got.data == whole
        assert got.headers["Accept-Ranges"] == "bytes" and got.headers["Last-Modified"]
        ranged = client.get(path, headers={"Range": "bytes=0-99", **GZIP})
        assert ranged.status_code == 206 and ranged.data == whole[:100]
        assert ranged.headers["Content-Range"] == f"bytes 0-99/{len(whole)}"
        since = client.get(path, headers={"If-Modified-Since": got.headers["Last-Modified"]})
        assert since.status_code == 304 and since.data == b""
        for answer in (got, ranged, since):  # the server dates it: a second Date undates it
            assert "Date" not in answer.headers


def _values(app: Flask, client: Any) -> dict[str, str]:
    game = all_games()[0]
    session = create(client)
    return {"game": game.slug, "entry_id": next(iter(game.rules)).id,
            "name": next(iter(game.calculators)), "kind": "validation",
            "aid": sheets.catalogue(game.slug).aids[0].slug, "code": session["code"],
            "seat": "gil"}


FILES = {"static": "app.css", "meta.docs_asset": "swagger-ui.css"}
QUERIES = {"live.wait": "?timeout=0", "live.stream": "?after=0"}


def urls(app: Flask, client: Any) -> Iterator[str]:
    """A URL of every route that answers GET, its parts filled in with real values."""
    values = _values(app, client)
    adapter = app.url_map.bind("localhost")
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()):
            continue
        args = {arg: FILES.get(rule.endpoint, values.get(arg, "")) for arg in rule.arguments}
        yield adapter.build(rule.endpoint, args) + QUERIES.get(rule.endpoint, "")


def test_head_is_get_without_the_body_for_every_route(app: Flask) -> None:
    client = app.test_client()
    seen = 0
    for url in urls(app, client):
        for asked in ({}, GZIP):
            streamed = "/stream" in url
            get = client.get(url, headers=asked, buffered=not streamed)
            head = client.head(url, headers=asked)
            got = {k: v for k, v in get.headers.items() if k != "Date"}
            assert head.status_code == get.status_code, url
            assert {k: v for k, v in head.headers.items() if k != "Date"} == got, (url, asked)
            assert head.data == b"", url
            if not streamed and "Content-Length" in got:
                assert int(got["Content-Length"]) == len(get.data), url
            get.close()
            head.close()
            seen += 1
    assert seen > 60


def test_the_offline_list_says_the_same_to_head_as_to_get(app: Flask) -> None:
    client = app.test_client()
    get = client.get("/offline.json?game=tdt", headers=GZIP)
    head = client.head("/offline.json?game=tdt", headers=GZIP)
    assert get.headers["Content-Encoding"] == head.headers["Content-Encoding"] == "gzip"
    assert head.headers["Content-Length"] == get.headers["Content-Length"] == str(len(get.data))
    assert gzip.decompress(get.data).startswith(b"[")


def test_an_async_view_is_refused_when_it_is_registered(app: Flask) -> None:
    async def waits() -> str:
        return "never run"

    with pytest.raises(TypeError, match="async view"):
        app.add_url_rule("/_async", "waits", waits)
    with pytest.raises(TypeError, match="async view"):
        app.add_url_rule("/_async_kept", "waits_kept", public_get(waits))  # type: ignore
