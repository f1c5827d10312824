"""Calculator and score answers are written by orjson (api/json_provider.py) and must be the
very bytes Flask's jsonify wrote with the standard library: the same escapes of non-ASCII text,
the same spelling of every float, the same key order."""
from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from api.json_provider import compact, standard
from assistant.games import all_games

texts = st.text(alphabet=st.characters(codec="utf-8"), max_size=12) | st.sampled_from(
    ["é", "—", "≈ 2.50", "\x7f", "\x00\x1f\t\n", "😀", "\u2028", "0.00001", "1e-05", ":0.0000"])
floats = st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(
    [1e-05, 3.5e-05, -1e-7, 0.0001, 1e16, 1e22, 5e-324, -0.0, 0.1])
scalars = st.none() | st.booleans() | st.integers() | floats | texts
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(texts, inner, max_size=4), max_leaves=20)


@settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck))
@example({"chance": 3.5e-05, "text": "≈ 0.00 — ok"})
@example([1e-05, {"a": "\x7f😀"}])
@example({1: "int key"})
@example(2**70)
@example(0.00001)
@given(values)
def test_compact_writes_what_the_standard_library_writes(value: Any) -> None:
    assert compact(value) == standard(value)


def test_non_finite_floats_are_outside_its_contract() -> None:
    """The one documented difference, pinned so that a change in orjson is noticed."""
    assert compact([math.inf]) != standard([math.inf])


OPERATIONS = [(g, op, url) for g in all_games() for op, url in (
    *((op, f"/api/v1/games/{g.slug}/calculators/{op.slug}") for op in g.calculators.values()),
    *(((g.scoring, f"/api/v1/games/{g.slug}/score"),) if g.scoring else ()))]


def test_every_answer_is_the_bytes_jsonify_wrote(client: Any) -> None:
    """Each calculator's and score's example, through the API: the body is the standard
    library's compact JSON of itself, plus jsonify's newline."""
    assert OPERATIONS
    for _game, op, url in OPERATIONS:
        answer = client.post(url, json=dict(op.example))
        assert answer.status_code == 200, (url, answer.get_json())
        assert answer.mimetype == "application/json"
        payload = json.loads(answer.data)
        assert answer.data == json.dumps(payload, separators=(",", ":")).encode() + b"\n", url
        assert {"result", "steps", "summary", "links"} <= set(payload)
