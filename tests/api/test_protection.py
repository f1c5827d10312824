"""What protects every request still does all it did: an address or headers too long are
refused with 414/431 problem+json exactly past the limits, before routing, the share-code wait
or any view; every answer, refusals included, carries each security header once; HSTS only on
HTTPS. A gunicorn worker freezes what the app built (after collecting the garbage) so
collections skip it."""
from __future__ import annotations

import gc
import io
import sys
import weakref

import pytest
from werkzeug.datastructures import EnvironHeaders
from werkzeug.test import EnvironBuilder

from api import MAX_HEADER_BYTES, MAX_URL_BYTES, config, create_app
from api.responses import SECURITY_HEADERS
from tests.sessions.conftest import make_app


@pytest.fixture()
def app(tmp_path):
    made = make_app(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    yield made
    made.extensions["lairside.sessions"].dispose()


def header_bytes(client, headers: dict[str, str], **request: object) -> int:
    """What `client` sends, as `Name: value` CRLF lines (Werkzeug's own view of them)."""
    environ = EnvironBuilder("/healthz", headers=headers, environ_base=client.environ_base,
                             **request).get_environ()
    return sum(len(name) + len(value) + 4 for name, value in EnvironHeaders(environ).items())


def assert_secure(answer) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers.getlist(name) == [value], name


def test_url_limit_is_exact(app):
    client = app.test_client()
    base = "/healthz?pad="
    at_limit = client.get(base + "a" * (MAX_URL_BYTES - len(base)))
    assert at_limit.status_code == 200
    over = client.get(base + "a" * (MAX_URL_BYTES - len(base) + 1))
    assert over.status_code == 414
    assert over.mimetype == "application/problem+json"
    body = over.get_json()
    assert body["status"] == 414 and body["instance"] == "/healthz"
    assert str(MAX_URL_BYTES) in body["detail"] and str(MAX_URL_BYTES + 1) in body["detail"]
    assert_secure(over)


def test_header_limit_is_exact(app):
    client = app.test_client()
    empty = header_bytes(client, {"X-Pad": ""})
    fits = {"X-Pad": "a" * (MAX_HEADER_BYTES - empty)}
    assert header_bytes(client, fits) == MAX_HEADER_BYTES
    assert client.get("/healthz", headers=fits).status_code == 200
    over = {"X-Pad": "a" * (MAX_HEADER_BYTES - empty + 1)}
    answer = client.get("/healthz", headers=over)
    assert answer.status_code == 431
    assert answer.mimetype == "application/problem+json"
    assert str(MAX_HEADER_BYTES + 1) in answer.get_json()["detail"]
    assert_secure(answer)


def test_body_headers_count_once(app):
    """Content-Type and Content-Length are counted (they are headers) but not twice."""
    client = app.test_client()
    headers = {"Content-Type": "application/json"}
    body = b"{}"
    sent = header_bytes(client, {**headers, "X-Pad": ""}, method="POST", data=body)
    pad = "a" * (MAX_HEADER_BYTES - sent)
    answer = client.post("/api/v1/no-such-thing", data=body, headers={**headers, "X-Pad": pad})
    assert answer.status_code == 404  # at the limit: routed as usual
    answer = client.post("/api/v1/no-such-thing", data=body,
                         headers={**headers, "X-Pad": pad + "a"})
    assert answer.status_code == 431


def test_refusal_comes_before_routing_and_the_share_code_wait(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'w.sqlite3'}", LAIRSIDE_RATE_MISS="1/3600")
    client = app.test_client()
    long = "?pad=" + "a" * MAX_URL_BYTES
    assert client.get("/no/such/page" + long).status_code == 414
    assert client.delete("/healthz" + long).status_code == 414  # not 405
    client.get("/api/v1/sessions/ZZZZZZZZ")  # unknown codes: this client now waits
    client.get("/api/v1/sessions/YYYYYYYY")
    assert client.get("/api/v1/sessions/XXXXXXXX").status_code == 429
    assert client.get("/api/v1/sessions/XXXXXXXX" + long).status_code == 414
    app.extensions["lairside.sessions"].dispose()


def test_other_servers_without_raw_uri(app):
    """A WSGI server that sends no RAW_URI: the path and query string are measured."""
    statuses: list[str] = []

    def start(status, headers, exc_info=None):
        statuses.append(status)

    def environ(query: str) -> dict[str, object]:
        made = EnvironBuilder("/healthz", query_string=query).get_environ()
        made.pop("RAW_URI", None)
        made.pop("REQUEST_URI", None)
        made["wsgi.input"] = io.BytesIO(b"")
        made["wsgi.errors"] = sys.stderr
        return made

    room = MAX_URL_BYTES - len("/healthz?")
    b"".join(app.wsgi_app(environ("a" * room), start))
    b"".join(app.wsgi_app(environ("a" * (room + 1)), start))
    assert [s.split()[0] for s in statuses] == ["200", "414"]


@pytest.mark.parametrize(("method", "path"), [
    ("GET", "/healthz"), ("HEAD", "/healthz"), ("GET", "/nowhere"), ("POST", "/healthz"),
    ("GET", "/openapi.json")])
def test_every_answer_carries_each_security_header_once(app, method, path):
    answer = app.test_client().open(path, method=method)
    assert_secure(answer)
    assert "Strict-Transport-Security" not in answer.headers
    # issue 43: over plain HTTP the browser ignores COOP and logs an error on every page
    assert "Cross-Origin-Opener-Policy" not in answer.headers
    secure = app.test_client().open(path, method=method, base_url="https://localhost")
    assert secure.headers.getlist("Cross-Origin-Opener-Policy") == ["same-origin"]


def test_a_view_keeps_its_own_security_header_and_gets_the_rest():
    app = create_app({"TESTING": True, "LAIRSIDE_DATABASE_URL": "sqlite://"})

    @app.get("/own-policy")
    def own_policy():
        return "", 204, {"referrer-policy": "same-origin"}

    answer = app.test_client().get("/own-policy", base_url="https://localhost")
    assert answer.headers.getlist("Referrer-Policy") == ["same-origin"]
    for name, value in SECURITY_HEADERS.items():
        if name != "Referrer-Policy":
            assert answer.headers.getlist(name) == [value]
    assert answer.headers.getlist("Strict-Transport-Security") != []
    app.extensions["lairside.sessions"].dispose()


def test_hsts_on_a_refusal_over_https(app):
    answer = app.test_client().get("/healthz?" + "a" * MAX_URL_BYTES,
                                   base_url="https://localhost")
    assert answer.status_code == 414
    assert answer.headers["Strict-Transport-Security"].startswith("max-age=")


def test_a_worker_freezes_what_the_app_built_after_a_collection(app):
    """gunicorn calls post_worker_init (api/config.py) once the app is built: what it built is
    kept out of every later collection's walk, and garbage made before is collected, not kept."""
    class Cycle:
        pass

    garbage = Cycle()
    garbage.me = garbage  # type: ignore[attr-defined]
    gone = weakref.ref(garbage)
    del garbage
    try:
        config.freeze_what_was_built()
        assert gone() is None
        assert gc.get_freeze_count() > 0
        assert not any(kept is app for kept in gc.get_objects())  # frozen: not walked
    finally:
        gc.unfreeze()
    assert any(kept is app for kept in gc.get_objects())
