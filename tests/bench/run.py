"""`make bench`: performance figures, printed (never asserted in tests).

Throughput is measured as a ratio to a bare Flask app served the same way in the same run,
since absolute numbers depend on the machine. Other modules in this folder that define
`run(report)` add their own figures (sessions, printables).
"""
from __future__ import annotations

import importlib
import json
import statistics
import sys
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

from harness import served, wrk  # noqa: E402


def report(label: str, value: str) -> None:
    print(f"  {label:<52} {value}")


def search_latency() -> None:
    from assistant.games import find_game
    from assistant.search import SearchIndex

    book = find_game("tdt").rules
    index = SearchIndex([("tdt", e) for e in book])
    terms = tomllib.loads((HERE.parent / "tdt" / "golden" / "glossary_terms.toml").read_text())
    queries = []
    for term, _ in terms["terms"]:
        queries.append(term)
        middle = len(term) // 2
        queries.append(term[:middle] + term[middle + 1:])  # dropped letter
        queries.append(term[:middle] + term[middle + 1:middle + 2] + term[middle]
                       + term[middle + 2:])  # swapped letters
    queries += ["betrayl", "fundng", "comflict", "tl", "vp", "hq"]
    index.search("warm up")
    samples = []
    for _ in range(5):
        for q in queries:
            start = time.perf_counter_ns()
            index.search(q)
            samples.append((time.perf_counter_ns() - start) / 1000)
    samples.sort()
    print(f"search latency, in process ({len(queries)} queries × 5, typo variants included):")
    report("median", f"{statistics.median(samples):.0f} µs")
    report("p99", f"{samples[int(len(samples) * 0.99) - 1]:.0f} µs")
    report("max", f"{samples[-1]:.0f} µs")


ENDPOINTS = [
    ("rule lookup", "GET", "/api/v1/games/tdt/rules/fund-deployment", None),
    ("search ?q=betrayl", "GET", "/api/v1/games/tdt/rules?q=betrayl", None),
    ("setup cutthroat 5", "GET", "/api/v1/games/tdt/setup?mode=cutthroat&players=5", None),
]


def throughput() -> None:
    from assistant.games import find_game

    game = find_game("tdt")
    endpoints = list(ENDPOINTS)
    for slug in ("fund-deployment", "conflict"):
        if slug in game.calculators:
            body = json.dumps(dict(game.calculators[slug].example))
            endpoints.append((f"calculator {slug}", "POST",
                              f"/api/v1/games/tdt/calculators/{slug}", body))
    print("throughput under gunicorn, 2 sync workers, wrk 16 connections, 5 s each:")
    with served("bare:app", env={"PYTHONPATH": str(HERE)}) as base:
        bare = wrk(base + "/x")
    report("bare Flask fixed JSON (baseline)",
           f"{bare['rps']:8.0f} req/s  p99 {bare['p99']:.1f} ms")
    with served("api:create_app()") as base:
        for label, method, path, body in endpoints:
            headers = {"Content-Type": "application/json"} if body else None
            got = wrk(base + path, method=method, body=body, headers=headers)
            errors = f"  ({got['errors']:.0f} non-2xx!)" if got["errors"] else ""
            report(label, f"{got['rps']:8.0f} req/s  p99 {got['p99']:.1f} ms  "
                          f"ratio {got['rps'] / bare['rps']:.2f}{errors}")


def main() -> None:
    search_latency()
    throughput()
    for path in sorted(HERE.glob("*.py")):
        if path.stem in {"run", "harness", "bare"}:
            continue
        module = importlib.import_module(path.stem)
        if hasattr(module, "run"):
            module.run(report)


if __name__ == "__main__":
    main()
