"""What the bench sends: distinct requests for every endpoint over every registered game, and
sessions made on the served app through its own API.

Every endpoint cycles through many distinct inputs (every rule; typo'd queries; every mode
and count; varied calculator and score bodies; many sessions), so an answer kept for one
repeated request cannot pass for speed. Inputs are drawn from a seeded generator in a fixed
order: every run sends the same ones.
"""
from __future__ import annotations

import itertools
import json
import math
import random
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from harness import JSON, Owned, Request, call

from assistant import inputs
from assistant.games import all_games

CAP = 300
"""Most distinct requests per game and endpoint (sampled), to keep the warm-up short."""


# --- lookups ---------------------------------------------------------------------------------

def rule_requests() -> list[Request]:
    return [("GET", f"/api/v1/games/{g.slug}/rules/{e.id}", {}, None)
            for g in all_games() for e in g.rules]


def page_requests() -> list[Request]:
    return [("GET", f"/g/{g.slug}/rules/{e.id}", {}, None) for g in all_games() for e in g.rules]


def _typos(word: str, rng: random.Random) -> list[str]:
    if len(word) < 4:
        return [word]
    i = rng.randrange(1, len(word) - 1)
    return [word[:i] + word[i + 1:],                              # a dropped letter
            word[:i] + word[i + 1] + word[i] + word[i + 2:],      # swapped letters
            word[:i] + rng.choice("aeiourst") + word[i + 1:]]     # a wrong letter


def search_requests(rng: random.Random) -> list[Request]:
    out = []
    for g in all_games():
        for e in g.rules:
            words = [w for w in e.title.lower().split() if w.isalpha()]
            if not words:
                continue
            word = max(words, key=len)
            for q in sorted({word, *_typos(word, rng), " ".join(words[:2])}):
                out.append(("GET", f"/api/v1/games/{g.slug}/rules?"
                            + urllib.parse.urlencode({"q": q}), {}, None))
    return out


# --- setup, calculators, score ---------------------------------------------------------------

def _choices(spec: inputs.Field, rng: random.Random) -> list[Any]:
    """Values a field may take (a sample of them when there are many)."""
    if isinstance(spec, inputs.Integer):
        low = spec.minimum if spec.minimum is not None else 0
        high = spec.maximum if spec.maximum is not None else low + 12
        return list(range(low, min(high, low + 40) + 1))
    if isinstance(spec, inputs.Flag):
        return [False, True]
    if isinstance(spec, inputs.OneOf):
        return list(spec.options)
    if isinstance(spec, inputs.Text):
        return [f"Plan {n}"[: spec.max_length] for n in range(8)]
    if isinstance(spec, inputs.IntList):
        low = spec.minimum if spec.minimum is not None else 0
        high = spec.maximum if spec.maximum is not None else low + 6
        sizes = range(max(spec.min_items, 1), min(spec.max_items, 5) + 1)
        return [[rng.randint(low, high) for _ in range(n)] for n in sizes for _ in range(3)]
    return []  # ListOf: varied through its example's records


def _vary(form: inputs.Form, example: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    out = dict(example)
    for spec in form:
        if isinstance(spec, inputs.ListOf):
            records = out.get(spec.name) or []
            if records:
                out[spec.name] = [_vary(spec.fields, dict(r), rng) for r in records]
        elif rng.random() < 0.6:
            choices = _choices(spec, rng)
            if choices:
                out[spec.name] = rng.choice(choices)
    return out


def _variants(form: inputs.Form, example: dict[str, Any], count: int,
              rng: random.Random) -> list[dict[str, Any]]:
    seen, out = set(), []
    for _ in range(count * 20):
        candidate = _vary(form, example, rng)
        key = json.dumps(candidate, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(candidate)
        if len(out) >= count:
            break
    return out


def _setup_queries(game: Any, rng: random.Random) -> list[str]:
    """Every mode and count (all combinations of the setup's option and number fields)."""
    form = game.setup.form
    axes = [(spec.name, list(range(1, 9)) if spec.name == "players" and spec.maximum is None
             else _choices(spec, rng)) for spec in form
            if isinstance(spec, (inputs.OneOf, inputs.Flag))
            or (isinstance(spec, inputs.Integer) and spec.name == "players")]
    if any(spec.name == "seed" for spec in form):  # several deals of each
        axes.append(("seed", [f"table-{n}" for n in range(12)]))
    size = math.prod(len(values) for _, values in axes)
    if size <= CAP:
        combos = list(itertools.product(*[values for _, values in axes]))
    else:  # too many to list: a sample, every mode and count still drawn many times over
        combos = sorted({tuple(rng.choice(values) for _, values in axes) for _ in range(CAP)})
    rng.shuffle(combos)
    out = []
    for combo in combos[:CAP]:
        query = {}
        for (name, _), value in zip(axes, combo, strict=True):
            query[name] = str(value).lower() if isinstance(value, bool) else value
        if _valid(game.setup, query, query=True):
            out.append(urllib.parse.urlencode(query))
    return out


def _valid(op: Any, data: dict[str, Any], query: bool = False) -> bool:
    """Whether the core answers this input (a varied one may break a game rule: 422),
    checked in process through the app's own reading of a body or query, so the warm-up
    stays short."""
    from api.schemas.forms import load  # noqa: PLC0415

    try:
        op.run(load(op.form, f"Bench{op.slug}",
                    {k: str(v) for k, v in data.items()} if query else data, query))
    except Exception:  # noqa: BLE001 - any refusal: not a request to load with
        return False
    return True


def operation_requests(rng: random.Random) -> dict[str, list[Request]]:
    setup, calc, score, setup_pages = [], [], [], []
    for g in all_games():
        if g.setup is not None:
            for q in _setup_queries(g, rng):
                setup.append(("GET", f"/api/v1/games/{g.slug}/setup?{q}", {}, None))
                setup_pages.append(("GET", f"/g/{g.slug}/setup?{q}", {}, None))
        for op in g.calculators.values():
            for body in _variants(op.form, dict(op.example), 60, rng):
                if _valid(op, body):
                    calc.append(("POST", f"/api/v1/games/{g.slug}/calculators/{op.slug}",
                                 JSON, json.dumps(body)))
        if g.scoring is not None:
            for body in _variants(g.scoring.form, dict(g.scoring.example), 160, rng):
                if _valid(g.scoring, body):
                    score.append(("POST", f"/api/v1/games/{g.slug}/score", JSON,
                                  json.dumps(body)))
    return {"setup": setup, "phone setup page": setup_pages, "calculators": calc,
            "score": score}


def answered(base: str, requests: list[Request], accept: tuple[int, ...] = (200,)
             ) -> list[Request]:
    """Send each request once (a warm-up) and keep those answered as expected, so the load
    measures answers, not refusals (a varied input may break a game rule: 422)."""
    def status(item: Request) -> int:
        method, path, headers, body = item
        return call(base, method, path, json.loads(body) if body else None, headers)[0]

    with ThreadPoolExecutor(8) as pool:
        got = list(pool.map(status, requests))
    return [item for item, code in zip(requests, got, strict=True) if code in accept]


# --- sessions --------------------------------------------------------------------------------

def make_sessions(base: str, count: int) -> list[Owned]:
    """`count` sessions spread over every game with a tracker, of different lengths (an
    import of the game's example events cut at different points, ending with a note)."""
    exports = []
    for game in all_games():
        tracker = game.tracker
        if tracker is None:
            continue
        status, _, first = call(base, "POST", f"/api/v1/games/{game.slug}/sessions",
                                dict(tracker.example_setup))
        assert status == 201, (game.slug, status)
        for event in tracker.example_events:
            call(base, "POST", f"/api/v1/sessions/{first['code']}/events", event,
                 {"Authorization": f"Bearer {first['edit_token']}", "If-Match": "*"})
        exports.append((game.slug, call(base, "GET",
                                        f"/api/v1/sessions/{first['code']}/export")[2]))

    def made(i: int) -> Owned:
        slug, export = exports[i % len(exports)]
        events = export["events"]
        cut = dict(export, events=events[:(i // len(exports)) % (len(events) + 1)]
                   + [{"event": {"kind": "note", "text": f"Table {i} of {slug}"}}])
        status, _, session = call(base, "POST", "/api/v1/sessions/import", cut)
        assert status == 201, (slug, status)
        return Owned(session["code"], session["edit_token"], session["version"])

    with ThreadPoolExecutor(4) as pool:
        return list(pool.map(made, range(count)))


def session_reads(sessions: list[Owned]) -> list[Request]:
    return [("GET", f"/api/v1/sessions/{s.code}", {}, None) for s in sessions]


def revalidations(sessions: list[Owned]) -> list[Request]:
    """Reads of sessions the phone already has (If-None-Match: the version it read)."""
    return [("GET", f"/api/v1/sessions/{s.code}", {"If-None-Match": f'"v{s.version}"'}, None)
            for s in sessions]


def note_bodies(count: int = 240) -> list[str]:
    """Distinct event bodies every game's sessions accept (notes of different lengths)."""
    return [json.dumps({"kind": "note", "text": f"Round {j}: the plan moves on"
                        + "!" * (j * 7 % 40)}) for j in range(count)]


def write(base: str, session: Owned, body: str) -> tuple[int, float]:
    """Append `body` to `session` with the version last seen; (status, monotonic time the
    answer was read). The session's version follows the answer's ETag."""
    status, headers, _ = call(base, "POST", f"/api/v1/sessions/{session.code}/events",
                              json.loads(body), {"Authorization": f"Bearer {session.token}",
                                                 "If-Match": f'"v{session.version}"'})
    answered_at = time.monotonic()
    tag = headers.get("ETag", "")
    digits = "".join(c for c in tag if c.isdigit())
    if digits:
        session.version = int(digits)
    return status, answered_at
