"""Ready answers (api/ready.py): a GET answer a view marked as the same for everyone is sent
again without Flask, exactly as it was, and nothing else ever is."""
from __future__ import annotations

from typing import Any

import pytest
from werkzeug.test import EnvironBuilder

from api import create_app
from api.ready import ReadyAnswers
from api.responses import READY
from assistant import links
from assistant.games import all_games

HEADERS = [("Content-Type", "application/json"), ("ETag", '"abc"'),
           ("Cache-Control", "public, max-age=300"), ("Content-Length", "8")]


class Inner:
    """A WSGI app counting its calls; marks its answers READY unless told otherwise."""

    def __init__(self, status: str = "200 OK", headers: list[tuple[str, str]] | None = None,
                 ready: bool = True) -> None:
        self.calls = 0
        self.status, self.headers, self.ready = status, headers or HEADERS, ready

    def __call__(self, environ: dict[str, Any], start_response: Any) -> list[bytes]:
        self.calls += 1
        if self.ready:
            environ[READY] = True
        start_response(self.status, list(self.headers))
        return [b'{"n": %d}' % self.calls]


def ask(app: Any, path: str = "/api/v1/x", method: str = "GET",
        headers: dict[str, str] | None = None) -> tuple[str, list[tuple[str, str]], bytes]:
    environ = EnvironBuilder(path=path, method=method,
                             headers={"Host": "table.local", **(headers or {})}).get_environ()
    got: list[Any] = []
    body = b"".join(app(environ, lambda status, head, exc=None: got.extend([status, head])))
    return got[0], got[1], body


def layer(inner: Inner, games: list[object] | None = None) -> ReadyAnswers:
    registry = games if games is not None else []
    return ReadyAnswers(inner, lambda: registry)


def test_a_ready_answer_is_sent_again_as_it_was_without_the_app() -> None:
    inner = Inner()
    ready = layer(inner)
    first = ask(ready)
    first[1].append(("X-Added-Outside", "1"))  # the layers outside extend the list they get
    again = ask(ready)
    assert inner.calls == 1
    assert again == ("200 OK", HEADERS, b'{"n": 1}')


def test_a_client_holding_the_etag_gets_a_bare_304() -> None:
    inner = Inner()
    ready = layer(inner)
    ask(ready)
    status, headers, body = ask(ready, headers={"If-None-Match": 'W/"abc", "other"'})
    assert (status, body, inner.calls) == ("304 NOT MODIFIED", b"", 1)
    assert headers == [("ETag", '"abc"'), ("Cache-Control", "public, max-age=300")]
    assert ask(ready, headers={"If-None-Match": '"stale"'})[0] == "200 OK"


@pytest.mark.parametrize("other", [
    {"path": "/api/v1/y"}, {"path": "/api/v1/x?mode=two"}, {"Host": "other.local"},
])
def test_another_address_or_host_goes_to_the_app(other: dict[str, str]) -> None:
    inner = Inner()
    ready = layer(inner)
    ask(ready)
    path = other.pop("path", "/api/v1/x")
    ask(ready, path, headers=other)
    assert inner.calls == 2


@pytest.mark.parametrize("inner", [
    Inner(ready=False), Inner(status="404 NOT FOUND"),
    Inner(headers=[*HEADERS, ("Vary", "X-Seat")]),
    Inner(headers=[*HEADERS, ("Set-Cookie", "a=b")]),
], ids=["not marked", "not a 200", "varies", "sets a cookie"])
def test_only_marked_200s_for_everyone_are_kept(inner: Inner) -> None:
    ready = layer(inner)
    assert [ask(ready)[2] for _ in range(2)] == [b'{"n": 1}', b'{"n": 2}']


@pytest.mark.parametrize("method", ["HEAD", "POST"])
def test_only_gets_are_answered_ready(method: str) -> None:
    inner = Inner()
    ready = layer(inner)
    ask(ready, method=method)
    ask(ready, method=method)
    assert inner.calls == 2


def test_games_registered_anew_drop_every_kept_answer() -> None:
    games: list[object] = [object()]
    inner = Inner()
    ready = layer(inner, games)
    ask(ready)
    ask(ready)
    games[0] = object()
    assert ask(ready)[2] == b'{"n": 2}'
    assert inner.calls == 2


def test_the_real_app_sends_a_kept_rule_entry_with_every_header(client: Any) -> None:
    game = all_games()[0]
    entry = next(iter(game.rules))
    path = f"/api/v1/games/{game.slug}/rules/{entry.id}"
    first, again = client.get(path), client.get(path)
    assert again.status_code == 200 and again.data == first.data
    assert sorted(again.headers.items()) == sorted(first.headers.items())
    assert again.headers["Content-Security-Policy"] and again.headers["ETag"]
    page = links.rule(game.slug, entry.id)
    assert client.get(page).data == client.get(page).data
    tag = client.get(page).headers["ETag"]
    assert client.get(page, headers={"If-None-Match": tag}).status_code == 304


def test_a_host_flask_refuses_is_never_answered_from_kept_bytes(tmp_path: Any) -> None:
    app = create_app({"TESTING": True, "TRUSTED_HOSTS": ["table.local"],
                      "LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp_path}/ready.sqlite3"})
    try:
        client = app.test_client()
        path = f"/api/v1/games/{all_games()[0].slug}/rules"
        assert client.get(path, headers={"Host": "table.local"}).status_code == 200
        assert client.get(path, headers={"Host": "table.local"}).status_code == 200
        refused = client.get(path, headers={"Host": "evil.example"})
        assert refused.status_code == 400
    finally:
        app.extensions["lairside.sessions"].dispose()
