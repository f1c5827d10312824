"""`make bench`: every endpoint as a ratio to bare Flask, served the way `make run` serves it.

    .venv/bin/python tests/bench/run.py [--quick]

A bare Flask app (bare.py) and Lairside run side by side under gunicorn with `make run`'s
settings (`-c python:api.config`, 2 threaded workers), on loopback, loaded with wrk (16
connections). Bare Flask and the endpoints alternate: bare, an endpoint, bare, the next
endpoint, ... through every endpoint, three times over, so each endpoint run sits between two
bare runs seconds apart and is compared with their mean (the machine's load drifts less in
that time).
Two ratios per run, 1.0 meaning "as cheap as bare Flask":
  cpu  = bare's worker CPU per request ÷ the endpoint's (steady on a shared machine)
  rps  = the endpoint's requests per second ÷ bare's (swings with whatever else runs)
Each endpoint cycles through at least 200 distinct requests over every registered game
(every rule; typo'd queries; every mode and count; varied calculator and score inputs;
several sessions), so an answer cached for one repeated body cannot pass for speed. Three
repetitions, min / median / max. The last line printed is one JSON object with every ratio.
--quick (make bench QUICK=1): 1 s per run instead of 4 and two repetitions instead of three
(wrk runs whole seconds, and 61 alternated runs would not fit), the same endpoints and
alternation, under a minute. Alternation matters more than the third run: with bare Flask
measured only once a repetition, calculators and score read 0.1-0.2 lower, run after run.
"""
from __future__ import annotations

import itertools
import json
import math
import random
import statistics
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

import sessions as session_inputs  # noqa: E402
from harness import Request, load, served  # noqa: E402

from assistant import inputs  # noqa: E402
from assistant.games import all_games  # noqa: E402

REPETITIONS = 3
QUICK_REPETITIONS = 2
MIN_INPUTS = 200
CAP = 300
"""Most distinct requests per game and endpoint (sampled), to keep the warm-up short."""
TARGETS = {  # issue 21, item 2: worker-CPU ratio, median
    "rule lookup": 0.9, "search": 0.85, "setup": 0.9, "phone rule page": 0.9,
    "phone setup page": 0.9, "calculators": 0.75, "score": 0.75, "session read": 0.8,
    "session 304": 0.9, "session append": 0.3}
JSON = {"Content-Type": "application/json"}


def _typos(word: str, rng: random.Random) -> list[str]:
    if len(word) < 4:
        return [word]
    i = rng.randrange(1, len(word) - 1)
    return [word[:i] + word[i + 1:],                              # a dropped letter
            word[:i] + word[i + 1] + word[i] + word[i + 2:],      # swapped letters
            word[:i] + rng.choice("aeiourst") + word[i + 1:]]     # a wrong letter


def rule_requests() -> list[Request]:
    return [("GET", f"/api/v1/games/{g.slug}/rules/{e.id}", {}, None)
            for g in all_games() for e in g.rules]


def page_requests() -> list[Request]:
    return [("GET", f"/g/{g.slug}/rules/{e.id}", {}, None) for g in all_games() for e in g.rules]


def search_requests(rng: random.Random) -> list[Request]:
    out = []
    for g in all_games():
        for e in g.rules:
            words = [w for w in e.title.lower().split() if w.isalpha()]
            if not words:
                continue
            word = max(words, key=len)
            for q in sorted({word, *_typos(word, rng), " ".join(words[:2])}):  # the same every run
                out.append(("GET", f"/api/v1/games/{g.slug}/rules?"
                            + urllib.parse.urlencode({"q": q}), {}, None))
    return out


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


def variants(form: inputs.Form, example: dict[str, Any], count: int,
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


def setup_queries(game: Any, rng: random.Random) -> list[str]:
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
        if _valid(game.setup, query, strict=False):
            out.append(urllib.parse.urlencode(query))
    return out


def _valid(op: Any, data: dict[str, Any], strict: bool = True) -> bool:
    """Whether the core answers this input (a varied one may break a game rule: 422),
    checked in process so the warm-up stays short."""
    from api.schemas.forms import schema_for

    try:
        op.run(schema_for(op.form, f"Bench{op.slug}", strict)().load(
            {k: str(v) if not strict else v for k, v in data.items()}))
    except Exception:  # noqa: BLE001 - any refusal: not a request to load with
        return False
    return True


def operation_requests(rng: random.Random) -> dict[str, list[Request]]:
    setup, calc, score, setup_pages = [], [], [], []
    for g in all_games():
        if g.setup is not None:
            for q in setup_queries(g, rng):
                setup.append(("GET", f"/api/v1/games/{g.slug}/setup?{q}", {}, None))
                setup_pages.append(("GET", f"/g/{g.slug}/setup?{q}", {}, None))
        for op in g.calculators.values():
            for body in variants(op.form, dict(op.example), 60, rng):
                if _valid(op, body):
                    calc.append(("POST", f"/api/v1/games/{g.slug}/calculators/{op.slug}", JSON,
                             json.dumps(body)))
        if g.scoring is not None:
            for body in variants(g.scoring.form, dict(g.scoring.example), 160, rng):
                if _valid(g.scoring, body):
                    score.append(("POST", f"/api/v1/games/{g.slug}/score", JSON, json.dumps(body)))
    return {"setup": setup, "phone setup page": setup_pages, "calculators": calc,
            "score": score}


def keep_answered(base: str, requests: list[Request], accept: tuple[int, ...] = (200,),
                  ) -> list[Request]:
    """Send each request once (a warm-up) and keep those answered as expected, so the load
    measures answers, not refusals (a varied input may break a game rule: 422)."""
    def status(item: Request) -> int:
        method, path, headers, body = item
        request = urllib.request.Request(base + path, method=method, headers=headers,
                                         data=body.encode() if body is not None else None)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                answer.read()
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code

    with ThreadPoolExecutor(8) as pool:
        got = list(pool.map(status, requests))
    return [item for item, code in zip(requests, got, strict=True) if code in accept]


def spread(values: list[float]) -> dict[str, float]:
    return {"min": round(min(values), 3), "median": round(statistics.median(values), 3),
            "max": round(max(values), 3)}


def main() -> int:
    quick = "--quick" in sys.argv
    seconds = 1 if quick else 4
    repetitions = QUICK_REPETITIONS if quick else REPETITIONS
    rng = random.Random(21)
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        # The sheet warm-up (printables/warm.py) is a start-up transient: off, so it cannot run
        # into a measured run (nor into bare Flask's workers, which share api/config.py).
        quiet = {"LAIRSIDE_WARM_SHEETS": "0"}
        env = {"LAIRSIDE_DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
               "LAIRSIDE_RATE_CREATE": "off", "LAIRSIDE_RATE_WRITE": "off",
               "LAIRSIDE_RATE_MISS": "off", **quiet}
        with served("bare:app", env=quiet) as bare, served("api:create_app()", env=env) as app:
            made = session_inputs.make_sessions(app.base, per_game=24)
            readers = [s for i, s in enumerate(made) if i % 6]  # appends change the others
            writers = [s for i, s in enumerate(made) if not i % 6]
            endpoints: dict[str, list[Request]] = {
                "rule lookup": rule_requests(),
                "search": search_requests(rng),
                **operation_requests(rng),
                "phone rule page": page_requests(),
                "session read": session_inputs.reads(app.base, readers),
                "session 304": session_inputs.revalidations(app.base, readers),
                "session append": session_inputs.appends(writers, per_session=10),
            }
            most = 240 if quick else 2 * CAP  # from every game; a short warm-up when quick
            for name, requests in endpoints.items():
                if len(requests) > most:
                    endpoints[name] = rng.sample(requests, most)
            accept = {"session 304": (304,), "session append": (201,)}
            for name in list(endpoints):
                if name != "session append":  # appends would grow the sessions twice
                    endpoints[name] = keep_answered(app.base, endpoints[name],
                                                    accept.get(name, (200,)))
            print(f"inputs ready in {time.monotonic() - started:.0f} s; "
                  f"{seconds} s per run, {repetitions} repetitions, 16 connections")
            bare_request = [("GET", "/x", {}, None)]
            bare_runs = [load(bare, bare_request, seconds=seconds)]
            runs: dict[str, list[dict[str, float]]] = {name: [] for name in endpoints}
            before: dict[str, list[int]] = {name: [] for name in endpoints}
            """Per endpoint run, the bare run just before it; the next bare run follows it."""
            for _ in range(repetitions):
                for name, requests in endpoints.items():
                    before[name].append(len(bare_runs) - 1)
                    runs[name].append(load(app, requests, seconds=seconds))
                    bare_runs.append(load(bare, bare_request, seconds=seconds))
    out: dict[str, Any] = {"quick": quick, "seconds_per_run": seconds,
                           "repetitions": repetitions,
                           "bare": {"cpu_ms_per_request": spread([r["cpu_ms"]
                                                                  for r in bare_runs]),
                                    "rps": spread([r["rps"] for r in bare_runs])},
                           "endpoints": {}}
    print(f"bare Flask: {statistics.median(r['rps'] for r in bare_runs):.0f} req/s, "
          f"{statistics.median(r['cpu_ms'] for r in bare_runs):.3f} ms CPU per request")
    print(f"  {'endpoint':<18} {'inputs':>6}  {'cpu ratio min/med/max':<22} "
          f"{'rps ratio min/med/max':<22} {'p99 ms':>7}  target")
    for name, got in runs.items():
        cpu, rps, p99 = [], [], []
        errors = 0.0
        for rep, run in enumerate(got):
            first, then = bare_runs[before[name][rep]], bare_runs[before[name][rep] + 1]
            bare_cpu = (first["cpu_ms"] + then["cpu_ms"]) / 2
            bare_rps = (first["rps"] + then["rps"]) / 2
            cpu.append(bare_cpu / run["cpu_ms"] if run["cpu_ms"] else float("nan"))
            rps.append(run["rps"] / bare_rps)
            p99.append(run["p99"])
            errors += run["errors"]
        if name == "session append":
            errors = 0.0  # a note refused when a session is full would show here
        target = TARGETS.get(name)
        cpu_s, rps_s = spread(cpu), spread(rps)
        met = target is not None and cpu_s["median"] >= target
        out["endpoints"][name] = {
            "inputs": len(endpoints[name]), "cpu_ratio": cpu_s, "rps_ratio": rps_s,
            "cpu_ms_per_request": spread([r["cpu_ms"] for r in got]),
            "p99_ms": spread(p99), "non_2xx": errors, "target": target, "met": met}
        flag = f"≥ {target} {'met' if met else 'NOT met'}" if target else ""
        few = "" if len(endpoints[name]) >= MIN_INPUTS else " (fewer than 200 inputs!)"
        print(f"  {name:<18} {len(endpoints[name]):>6}  "
              f"{cpu_s['min']:.2f}/{cpu_s['median']:.2f}/{cpu_s['max']:.2f}{'':<8} "
              f"{rps_s['min']:.2f}/{rps_s['median']:.2f}/{rps_s['max']:.2f}{'':<8} "
              f"{statistics.median(p99):7.1f}  {flag}{few}"
              + (f"  ({errors:.0f} non-2xx!)" if errors else ""))
    out["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(out, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
