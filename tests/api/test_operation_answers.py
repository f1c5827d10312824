"""Calculators and scores answered before Flask (api/routes/operations.py `OperationAnswers`)
answer exactly what the Flask views answer: the same status line, headers and bytes for every
game's examples, varied and broken inputs (refusals are Flask's to word), odd bodies and odd
addresses; and a request it hands on reaches Flask with its body intact."""
from __future__ import annotations

import json
import random
from io import BytesIO
from typing import Any

import pytest
from werkzeug.test import EnvironBuilder

from api.routes.operations import OperationAnswers
from assistant.games import all_games
from tests.api.test_compiled_forms import record

OPERATIONS = [(g.slug, op, f"/api/v1/games/{g.slug}/"
               + ("score" if op is g.scoring else f"calculators/{op.slug}"))
              for g in all_games() for op in (g.scoring, *g.calculators.values())
              if op is not None]
ODD_BODIES = [b"", b"{", b"[]", b"null", b'"x"', b'{"a": 1}', b"[" * 40 + b"]" * 40,
              b'{"players": "\\u0000"}', b'{"x": "\\ud800"}', b"\xef\xbb\xbf{}", b"\xff",
              b'{"n": 1e-7}', b'{"n": 123456789012345678901}']


def _layer(app: Any) -> OperationAnswers:
    layer = app.wsgi_app
    while not isinstance(layer, OperationAnswers):
        layer = layer.app
    return layer


def _post(wsgi: Any, path: str, body: bytes, content_type: str = "application/json",
          **options: Any) -> tuple[str, list[Any], bytes, bool]:
    """Status, headers, body, and whether Flask made a request object for it."""
    environ = EnvironBuilder(path=path, method=options.pop("method", "POST"), data=body,
                             content_type=content_type, **options).get_environ()
    started: list[Any] = []
    answer = b"".join(wsgi(environ, lambda status, headers, exc=None: started.extend(
        [status, headers])))
    return started[0], started[1], answer, "werkzeug.request" in environ


def bodies(op: Any, rng: random.Random) -> list[bytes]:
    example = dict(op.example)
    made = [json.dumps(example).encode(), json.dumps(example, indent=2).encode()]
    made += [json.dumps(record(op.form, rng, True, example)).encode() for _ in range(12)]
    return made


@pytest.mark.parametrize(("game", "op", "path"), OPERATIONS,
                         ids=[p.removeprefix("/api/v1/games/") for _, _, p in OPERATIONS])
def test_every_answer_is_what_flask_answers_without_flask(app: Any, game: str, op: Any,
                                                           path: str) -> None:
    layer = _layer(app)
    rng = random.Random(path)
    answered = 0
    ordinary = bodies(op, rng)
    for body in ordinary + ODD_BODIES:
        *fast, through_flask = _post(layer, path, body)
        *flask, _ = _post(layer.app, path, body)
        assert fast == flask, body
        if fast[0] == "200 OK" and body in ordinary:  # an odd one may need Flask's reading
            assert not through_flask, body
            answered += 1
    assert answered >= 1  # the example at least


@pytest.mark.parametrize(("path", "options"), [
    (OPERATIONS[0][2], {"content_type": "application/json; charset=utf-8"}),
    (OPERATIONS[0][2], {"content_type": "text/plain"}),
    (OPERATIONS[0][2] + "/", {}),
    (OPERATIONS[0][2], {"method": "PUT"}),
    ("/api/v1/games/no-such-game/score", {}),
    (OPERATIONS[0][2].rsplit("/", 1)[0] + "/no-such-calculator", {}),
])
def test_what_it_cannot_answer_reaches_flask_with_its_body(app: Any, path: str,
                                                           options: dict[str, Any]) -> None:
    layer = _layer(app)
    body = json.dumps(dict(OPERATIONS[0][1].example)).encode()
    *fast, through_flask = _post(layer, path, body, **dict(options))
    *flask, _ = _post(layer.app, path, body, **dict(options))
    assert fast == flask and through_flask


def test_a_refused_host_is_refused_as_flask_refuses_it(app: Any) -> None:
    app.config["TRUSTED_HOSTS"] = ["table.local"]
    try:
        layer = _layer(app)
        body = json.dumps(dict(OPERATIONS[0][1].example)).encode()
        refused = _post(layer, OPERATIONS[0][2], body, headers={"Host": "evil.example"})
        assert refused[0].startswith("400") and refused[3]
        kept = _post(layer, OPERATIONS[0][2], body, headers={"Host": "table.local"})
        assert kept[0] == "200 OK" and not kept[3]
    finally:
        app.config["TRUSTED_HOSTS"] = None


def test_a_short_body_is_handed_on_as_it_came(app: Any) -> None:
    layer = _layer(app)
    body = json.dumps(dict(OPERATIONS[0][1].example)).encode()
    environ = EnvironBuilder(path=OPERATIONS[0][2], method="POST", data=body,
                             content_type="application/json").get_environ()
    environ["CONTENT_LENGTH"] = str(len(body) + 10)
    environ["wsgi.input"] = BytesIO(body)
    started: list[Any] = []
    b"".join(layer(environ, lambda status, headers, exc=None: started.append(status)))
    assert started[0].startswith("400")  # the client went away mid-body: Flask's answer
