"""A kept answer goes out as a Werkzeug Response (api/cache.py): the same status, headers and
body for GET, HEAD, gzip and 304; a text is kept as its compressed form only, and a client
without gzip still gets it whole."""
from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from api import create_app
from api.cache import Kept, send
from api.compress import pack
from api.responses import SECURITY_HEADERS
from assistant.games import all_games

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
GAME = all_games()[0]
ENTRY = next(iter(GAME.rules))
PAGE = f"/g/{GAME.slug}/rules/{ENTRY.id}"
RULE = f"/api/v1/games/{GAME.slug}/rules/{ENTRY.id}"


@pytest.fixture()
def app(tmp_path: Path) -> Flask:
    return create_app({"TESTING": True,
                       "LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp_path}/kept.sqlite3"})


@pytest.mark.parametrize("path", [PAGE, RULE])
def test_a_kept_answer_is_sent_whole_each_way(app: Flask, path: str) -> None:
    client = app.test_client()
    first = client.get(path)  # worked out, then kept
    for headers in ({}, GZIP):
        got = client.get(path, headers=headers)
        assert got.status_code == 200
        body = gzip.decompress(got.data) if "Content-Encoding" in got.headers else got.data
        assert body == first.data
        assert int(got.headers["Content-Length"]) == len(got.data)
        assert got.headers["Content-Type"] == first.headers["Content-Type"]
        assert got.headers["Cache-Control"] == first.headers["Cache-Control"]
        for name, value in SECURITY_HEADERS.items():
            assert got.headers.getlist(name) == [value]
        head = client.head(path, headers=headers)
        assert head.status_code == 200 and head.data == b""
        assert sorted(head.headers.items()) == sorted(got.headers.items())
        again = client.get(path, headers={**headers, "If-None-Match": got.headers["ETag"]})
        assert again.status_code == 304 and again.data == b""
        assert again.headers["ETag"] == got.headers["ETag"]
        assert "Content-Length" not in again.headers or again.headers["Content-Length"] == "0"


def test_a_page_is_kept_as_its_compressed_form(app: Flask) -> None:
    client = app.test_client()
    whole = client.get(PAGE).data
    cache = app.extensions["lairside.answers"]
    assert len(cache) == 1 and cache.size == len(pack(whole)) + cache.per_entry
    assert client.get(PAGE).data == whole  # a client without gzip: unpacked for it
    assert client.get(PAGE, headers=GZIP).data == pack(whole)


def test_a_kept_text_costs_its_compressed_form() -> None:
    text = b"<p>" + b"a line of a rule " * 200 + b"</p>"
    kept = Kept(text, "text/html", [("ETag", '"x"')])
    assert kept.body == text and kept.cost == len(pack(text)) < len(text) / 10
    small = Kept(b"{}", "application/json", [])  # not worth packing: kept whole
    assert small.body == b"{}" and small.cost == 2
    pdf = Kept(b"%PDF" * 500, "application/pdf", [])  # compressed already: kept whole
    assert pdf.cost == 2000 and pdf.body == b"%PDF" * 500


def test_headers_set_on_a_prepared_answer_are_sent(app: Flask) -> None:
    app.add_url_rule("/_prepared", "prepared", lambda: _with_disposition())
    got = app.test_client().get("/_prepared")
    assert got.headers["Content-Disposition"] == "attachment"
    assert got.data == b"a,b\r\n" and got.headers["Content-Length"] == "5"


def _with_disposition() -> Any:
    response = send(Kept(b"a,b\r\n", "text/csv", []))
    response.headers["Content-Disposition"] = "attachment"
    return response
