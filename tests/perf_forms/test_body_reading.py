"""Request bodies read by orjson (api/json_provider.plain_json) must be exactly what the
standard library reads, and pass every check json_body makes; anything else takes the standard
path, whose answers (400, 422 with the field) stay as they were."""
from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from api.json_provider import plain_json
from api.responses import MAX_DEPTH, check_text
from assistant.games import all_games

texts = st.text(max_size=8) | st.sampled_from(
    ["\x00", "\ud800", "a\udfffb", "😀", "\x7f", "\u2028", "[[[", "]}", "1e5", "\\u0000"])
integers = st.integers() | st.sampled_from([2**63 - 1, 2**63, 2**64, -(2**63) - 1, 10**18])
scalars = st.none() | st.booleans() | integers | st.floats() | texts
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(texts, inner, max_size=4), max_leaves=24)
noise = st.sampled_from([b"", b" ", b"\t", b"\x0b", b"\x0c", b"\xa0", b"\xef\xbb\xbf", b"\x00",
                         b",", b"]", b"}", b"[", b"{", b'"', b"\\", b"\\ud800", b"\xed\xa0\x80",
                         b"\xff", b"NaN", b"-", b"01", b"1.", b".5", b"\n", b"\x1f", b"tru"])


DEEP: Any = 1
for _ in range(MAX_DEPTH + 1):
    DEEP = [DEEP]


def same(a: Any, b: Any) -> bool:
    """Equal, with the same types and the same key order all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b or (a != a and b != b)  # NaN


def standard_reading(raw: bytes) -> tuple[bool, Any]:
    """What json_body's standard path accepts, and the value it returns."""
    try:
        data = json.loads(raw)
        check_text(data)
    except Exception:  # noqa: BLE001 - any refusal
        return False, None
    return True, data


def agrees(raw: bytes) -> None:
    plain, data = plain_json(raw, MAX_DEPTH)
    if plain:
        ok, expected = standard_reading(raw)
        assert ok, raw
        assert same(data, expected), raw


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@example({"a": 1, "b": 2}, True, [(0, b"\xef\xbb\xbf"), (3, b"\\ud800")])
@example(DEEP, False, [])
@example(["\u00e9", "\x00"], True, [])
@example(["\x00", 2**64, 0.5, "\ud800"], False, [])
@given(values, st.booleans(), st.lists(st.tuples(st.integers(0, 400), noise), max_size=3))
def test_orjson_reads_what_the_standard_library_reads(value: Any, ascii_only: bool,
                                                      edits: list[tuple[int, bytes]]) -> None:
    raw = json.dumps(value, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")
    agrees(raw)
    for at, piece in edits:  # broken and odd variants of it
        at = min(at, len(raw))
        raw = raw[:at] + piece + raw[at:]
        agrees(raw)
        agrees(raw[:at] + raw[at + 1:])


def test_the_plain_path_is_taken_for_an_ordinary_body() -> None:
    """Otherwise the speed-up would silently be gone."""
    body = {"squads": [{"size": 2, "origin": "base"}], "name": "Ana é 😀", "n": -12}
    assert plain_json(json.dumps(body).encode(), MAX_DEPTH) == (True, body)


def test_nesting_at_and_past_the_limit() -> None:
    for depth, allowed in ((MAX_DEPTH, True), (MAX_DEPTH + 1, False)):
        raw = b"[" * depth + b"1" + b"]" * depth  # the 1 sits `depth` levels deep
        assert plain_json(raw, MAX_DEPTH)[0] is allowed
        assert standard_reading(raw)[0] is allowed
    wide = json.dumps([[[1]] for _ in range(40)]).encode()  # many brackets, shallow
    assert plain_json(wide, MAX_DEPTH)[0]


def _post(app: Any, body: bytes, **environ: Any) -> tuple[str, bytes]:
    """A calculator POST straight through the WSGI app, with the environ as a server sets it."""
    from io import BytesIO

    from werkzeug.test import EnvironBuilder

    game = next(g for g in all_games() if g.calculators)
    op = next(iter(game.calculators.values()))
    env = EnvironBuilder(path=f"/api/v1/games/{game.slug}/calculators/{op.slug}",
                         method="POST", content_type="application/json").get_environ()
    env.update({"wsgi.input": BytesIO(body), "CONTENT_LENGTH": str(len(body)), **environ})
    started: list[str] = []
    out = b"".join(app(env, lambda status, headers, exc=None: started.append(status)))
    return started[0], out


def test_a_body_is_read_as_werkzeug_read_it(app: Any) -> None:
    game = next(g for g in all_games() if g.calculators)
    body = json.dumps(dict(next(iter(game.calculators.values())).example)).encode()
    assert _post(app, body)[0].startswith("200")
    # a server that ends the stream itself (gunicorn) and one that does not
    assert _post(app, body, **{"wsgi.input_terminated": True})[0].startswith("200")
    short = _post(app, body, CONTENT_LENGTH=str(len(body) + 5))  # the client went away
    assert short[0].startswith("400")
    chunked = _post(app, body, CONTENT_LENGTH="", HTTP_TRANSFER_ENCODING="chunked",
                    **{"wsgi.input_terminated": True})  # Werkzeug's own path
    assert chunked[0].startswith("200")
    too_long = _post(app, body, CONTENT_LENGTH=str(app.config["MAX_CONTENT_LENGTH"] + 1))
    assert too_long[0].startswith("413")
