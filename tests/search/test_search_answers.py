"""Searches answered before Flask (api/routes/rules.py `SearchAnswers`) answer exactly what
the Flask view answers: the same status line, headers and bytes for typo'd, partial and odd
queries over every game, 304s included; everything it cannot answer goes on to Flask."""
from __future__ import annotations

import random
from typing import Any
from urllib.parse import parse_qsl, quote

import pytest
from werkzeug.test import EnvironBuilder

from api.routes.rules import SearchAnswers
from assistant.games import all_games

ODD = ["betrayl", "how many henchmen", "Ünïcödé \"quoted\"", "x" * 120, "12", "a the of",
       "séction › “curly” </script>", "vp", "hw mayny henchmen"]
ODD_ARGS = ["q=%FF%FEfund", "q=fund&q=betray", "q=+fund+", "q=fund&limit=0", "q=fund&limit=-3",
            "q=fund&limit=x", "q=fund&limit=", "q=fund&limit=51", "q=player&limit=50",
            "q=fund&limit=%201_0%20", "limit=3&q=conflict", "q=fund;limit=2", "q=fund%00",
            "q", "q=", "q=%3F%21", "Q=fund", "q=" + "a" * 121]


def _typo(word: str, rng: random.Random) -> str:
    i = rng.randrange(1, len(word) - 1)
    return rng.choice([word[:i] + word[i + 1:], word[:i] + word[i + 1] + word[i] + word[i + 2:],
                       word[:i] + rng.choice("aeiourst") + word[i + 1:]])


def addresses() -> list[str]:
    """Every game's titles as players type them (a word, a slip of it, the first two words)
    on that game and across all of them, and odd arguments."""
    rng = random.Random(21)
    out = []
    for game in all_games():
        for entry in list(game.rules)[::3]:
            words = [w for w in entry.title.lower().split() if w.isalpha()]
            if not words:
                continue
            word = max(words, key=len)
            typed = {word, " ".join(words[:2])} | ({_typo(word, rng)} if len(word) > 3 else set())
            for query in typed:
                out.append(f"/api/v1/games/{game.slug}/rules?q={quote(query)}")
                out.append(f"/api/v1/rules?q={quote(query)}&limit={rng.randint(1, 20)}")
        out += [f"/api/v1/games/{game.slug}/rules?{args}" for args in ODD_ARGS]
        out += [f"/api/v1/games/{game.slug}/rules?q={quote(q)}" for q in ODD]
    out += [f"/api/v1/rules?{args}" for args in ODD_ARGS] + ["/api/v1/rules"]
    return out


def _layer(app: Any) -> SearchAnswers:
    layer = app.wsgi_app
    while not isinstance(layer, SearchAnswers):
        layer = layer.app
    return layer


def _call(wsgi: Any, address: str, **options: Any) -> tuple[str, list[Any], bytes, bool]:
    """Status, headers, body, and whether Flask made a request object for it."""
    path, _, query = address.partition("?")
    environ = EnvironBuilder(path=path, query_string=query, **options).get_environ()
    started: list[Any] = []
    body = b"".join(wsgi(environ, lambda status, headers, exc=None: started.extend(
        [status, headers])))
    return started[0], started[1], body, "werkzeug.request" in environ


def test_every_search_is_what_flask_answers_without_flask(app: Any) -> None:
    layer = _layer(app)
    answered = 0
    for n, address in enumerate(addresses()):
        *fast, through_flask = _call(layer, address)
        *flask, _ = _call(layer.app, address)
        assert fast == flask, address
        if fast[0] == "200 OK" and "q" in dict(parse_qsl(address.partition("?")[2])):
            assert not through_flask, address  # a listing (no q) is Flask's
            answered += 1
            if n % 8 == 0:  # and the same answer again, from its ETag
                tag = dict(fast[1])["ETag"]
                for asked in (tag, f"W/{tag}", f'"other", {tag}', '"other"'):
                    again = _call(layer, address, headers={"If-None-Match": asked})
                    assert again[:3] == _call(layer.app, address, headers={
                        "If-None-Match": asked})[:3], (address, asked)
    assert answered > 600


@pytest.mark.parametrize(("address", "options"), [
    ("/api/v1/games/tdt/rules", {}),                    # the listing: a ready answer
    ("/api/v1/rules", {}),                              # no query: a 422 problem
    ("/api/v1/rules?q=%3F%21", {}),
    ("/api/v1/games/nope/rules?q=fund", {}),            # unknown game: 404
    ("/api/v1/games/tdt/rules?q=fund", {"method": "HEAD"}),
    ("/api/v1/games/tdt/rules/?q=fund", {}),
    ("/api/v1/games//rules?q=fund", {}),
])
def test_what_it_cannot_answer_goes_to_flask(app: Any, address: str, options: dict[str, Any],
                                             monkeypatch: Any) -> None:
    layer = _layer(app)
    answers: list[Any] = []
    search = layer.answer
    monkeypatch.setattr(layer, "answer", lambda environ, path: answers.append(
        search(environ, path)) or answers[-1])
    got = _call(layer, address, **options)[:3]
    # handed on (what is inside may still answer a listing it keeps: api/ready.py)
    assert all(answer is None for answer in answers), address
    assert got == _call(layer.app, address, **options)[:3]


def test_a_mounted_app_and_a_refused_host_answer_as_flask_does(app: Any, monkeypatch: Any
                                                               ) -> None:
    layer = _layer(app)
    mounted = _call(layer, "/api/v1/rules?q=betrayl", base_url="http://h/mounted/here/")
    assert not mounted[3] and b'"url": "/mounted/here/api/v1/games/' in mounted[2]
    assert mounted[:3] == _call(layer.app, "/api/v1/rules?q=betrayl",
                                base_url="http://h/mounted/here/")[:3]
    monkeypatch.setitem(app.config, "TRUSTED_HOSTS", ["lair.example.org"])
    refused = _call(layer, "/api/v1/rules?q=betrayl", base_url="http://elsewhere.example/")
    assert refused[3] and refused[0].startswith("400 ")
    trusted = _call(layer, "/api/v1/rules?q=betrayl", base_url="http://lair.example.org/")
    assert not trusted[3] and trusted[0] == "200 OK"
