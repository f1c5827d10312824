"""What the core costs, in process: the phone's rule and setup pages, search, and the
calculators' largest inputs (issue 21, items 2 and 6).

    .venv/bin/python tests/bench/core_costs.py [--quick]

CPU time of this thread (time.thread_time), so other work on a shared machine does not count.
Pages are compared with a bare Flask app answering a small fixed JSON through the same kind of
test client, alternated with it in the same run (ratio = bare ÷ ours per request: 1.0 would
cost no more than bare Flask). Every input is distinct (every rule of every game, every mode,
count and several deals, typo'd queries a fresh index has never seen), so no repeated answer
can pass for speed. Three repetitions (one with --quick); min / median / max of each figure.
The last line is one JSON object with every figure.
"""
from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

from flask import Flask, jsonify  # noqa: E402

from api import create_app  # noqa: E402
from assistant import links  # noqa: E402
from assistant.errors import InvalidInput  # noqa: E402
from assistant.games import all_games, find_game  # noqa: E402
from assistant.inputs import Flag, Form, Integer, IntList, ListOf, OneOf, Text  # noqa: E402
from assistant.search import SearchIndex  # noqa: E402

SEARCH_P99_TARGET_US = 1000.0
CALCULATOR_BUDGET_MS = 50.0


def report(label: str, value: str) -> None:
    print(f"  {label:<52} {value}")


def spread(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def shown(figure: dict[str, float], unit: str = "", digits: int = 2) -> str:
    return " / ".join(f"{figure[k]:.{digits}f}{unit}" for k in ("min", "median", "max"))


def cpu_per_call(calls: Iterable[Callable[[], Any]]) -> float:
    """Mean CPU seconds per call."""
    todo = list(calls)
    start = time.thread_time()
    for call in todo:
        call()
    return (time.thread_time() - start) / len(todo)


# Pages ------------------------------------------------------------------------------------

def bare_client() -> Any:
    bare = Flask("bare")

    @bare.get("/x")
    def fixed() -> Any:
        return jsonify(status="ok", game="tdt", title="Fund Deployment")

    return bare.test_client()


def page_paths() -> dict[str, list[str]]:
    rules = [links.rule(g.slug, e.id) for g in all_games() for e in g.rules]
    setups = []
    for game in all_games():
        if game.setup is None:
            continue
        seeded = any(f.name == "seed" for f in game.setup.form)
        for mode in game.modes:
            for players in range(mode.min_players, mode.max_players + 1):
                setups.append(links.setup(game.slug, mode=mode.slug, players=players))
                if seeded:
                    setups += [links.setup(game.slug, mode=mode.slug, players=players,
                                           seed=f"{seed:06x}") for seed in range(1, 7)]
    return {"rule page": rules, "setup page": setups}


def pages(repetitions: int) -> dict[str, Any]:
    app = create_app({"TESTING": True})
    ours, bare = app.test_client(), bare_client()
    groups = page_paths()
    for paths in groups.values():  # templates compiled, imports done: steady state
        for path in paths[:20]:
            assert ours.get(path).status_code == 200, path
    bare.get("/x")
    figures: dict[str, Any] = {}
    print("phone pages, in process (CPU per request; ratio = bare Flask ÷ ours, "
          f"{repetitions} repetition(s)):")
    for label, paths in groups.items():
        ratios, costs = [], []
        for _ in range(repetitions):
            base = cpu_per_call([lambda: bare.get("/x")] * len(paths))
            cost = cpu_per_call([lambda p=p: ours.get(p) for p in paths])  # type: ignore[misc]
            ratios.append(base / cost)
            costs.append(cost * 1e6)
        figures[label] = {"distinct": len(paths), "ratio": spread(ratios),
                          "cpu_us": spread(costs)}
        report(f"{label} ({len(paths)} distinct)",
               f"{shown(spread(costs), ' µs', 0)}   ratio {shown(spread(ratios))}")
    figures["bare_us"] = cpu_per_call([lambda: bare.get("/x")] * 500) * 1e6
    report("bare Flask fixed JSON (baseline)", f"{figures['bare_us']:.0f} µs")
    return figures


# Search -----------------------------------------------------------------------------------

def typo(word: str, rng: random.Random) -> str:
    if len(word) < 4:
        return word
    i = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(4)
    if kind == 0:
        return word[:i] + word[i + 1:]
    if kind == 1:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    letter = rng.choice("abcdefghijklmnopqrstuvwxyz")
    return word[:i] + letter + word[i + (kind == 2):]


def queries(rng: random.Random) -> list[str]:
    """Typo'd titles, aliases and phrases of the rule text, of every entry of every game."""
    out: set[str] = set()
    for game in all_games():
        for entry in game.rules:
            words = entry.title.split()
            out.add(" ".join(typo(w, rng) for w in words))
            out.add(typo(max(words, key=len), rng))
            for alias in entry.aliases[:1]:
                out.add(typo(alias, rng))
            body = entry.text.split()
            if len(body) > 4:
                at = rng.randrange(len(body) - 3)
                out.add(" ".join(typo(w.strip(".,;:()"), rng) for w in body[at:at + 3]))
    return sorted(q for q in out if any(c.isalnum() for c in q))


def search(repetitions: int) -> dict[str, Any]:
    games = all_games()
    documents = [(g.slug, e) for g in games for e in g.rules]
    synonyms = {g.slug: g.synonyms for g in games}
    asked = queries(random.Random(21))
    p50s, p99s, maxes = [], [], []
    for _ in range(repetitions):
        index = SearchIndex(documents, synonyms)  # fresh: no query seen before
        spent = []
        for query in asked:
            start = time.thread_time()
            index.search(query)
            spent.append((time.thread_time() - start) * 1e6)
        spent.sort()
        p50s.append(spent[len(spent) // 2])
        p99s.append(spent[int(len(spent) * 0.99) - 1])
        maxes.append(spent[-1])
    figures = {"entries": len(documents), "distinct_queries": len(asked),
               "p50_us": spread(p50s), "p99_us": spread(p99s), "max_us": spread(maxes),
               "p99_target_us": SEARCH_P99_TARGET_US,
               "met": statistics.median(p99s) < SEARCH_P99_TARGET_US}
    print(f"search, in process: {len(asked)} distinct typo'd queries over all "
          f"{len(documents)} entries of {len(games)} games (CPU per query):")
    report("p50", shown(spread(p50s), " µs", 0))
    report("p99", shown(spread(p99s), " µs", 0) +
           f"   target < {SEARCH_P99_TARGET_US:.0f} µs: {'met' if figures['met'] else 'MISSED'}")
    report("max", shown(spread(maxes), " µs", 0))
    return figures


# Calculators ------------------------------------------------------------------------------

NAMES = ("", "Ana", "ana", "Ben", "Cy", "r", "t")


def largest(form: Form, rng: random.Random) -> dict[str, Any]:
    """Inputs the form allows, every list at its longest and numbers up to their maximum."""
    data: dict[str, Any] = {}
    for f in form:
        if isinstance(f, Integer):
            low = f.minimum if f.minimum is not None else -10
            high = f.maximum if f.maximum is not None else low + 100
            data[f.name] = high if rng.random() < 0.5 else rng.randint(low, high)
        elif isinstance(f, Flag):
            data[f.name] = rng.random() < 0.7
        elif isinstance(f, OneOf):
            data[f.name] = rng.choice(f.options)
        elif isinstance(f, Text):
            data[f.name] = rng.choice(NAMES)
        elif isinstance(f, IntList):
            low = f.minimum if f.minimum is not None else 0
            high = f.maximum if f.maximum is not None else low + 10
            data[f.name] = [rng.randint(low, high) for _ in range(f.max_items)]
        elif isinstance(f, ListOf):
            data[f.name] = [largest(f.fields, rng) for _ in range(f.max_items)]
    return data


def answer(op: Any, data: dict[str, Any]) -> None:
    try:
        op.run(data)
    except InvalidInput:
        pass


def calculators(examples: int) -> dict[str, Any]:
    rng = random.Random(6)
    worst: dict[str, float] = {}
    for game in all_games():
        for op in (*game.calculators.values(), game.setup, game.scoring):
            if op is None:
                continue
            inputs = [largest(op.form, rng) for _ in range(examples)]
            spent = []
            for data in inputs:
                start = time.thread_time()
                answer(op, data)
                spent.append((time.thread_time() - start) * 1e3)
            worst[f"{game.slug}/{op.slug}"] = max(spent)
    slowest = sorted(worst.items(), key=lambda item: -item[1])
    print(f"calculators, setup and scoring at their largest inputs, in process "
          f"({examples} inputs each, worst CPU per answer; budget {CALCULATOR_BUDGET_MS:.0f} ms):")
    for name, ms in slowest[:5]:
        report(name, f"{ms:.2f} ms")
    report(f"all {len(worst)} operations within the budget",
           "yes" if slowest[0][1] < CALCULATOR_BUDGET_MS else "NO")

    deployment = find_game("tdt").calculators["fund-deployment"]
    growth = {}
    print("Fund Deployment's plan search by Squads (one player, Funding checked; median CPU):")
    for count in (1, 2, 4, 6, 8, 10):
        spent = []
        for _ in range(max(3, examples // 4)):
            squads = [{"size": rng.randint(1, 6), "player": "Ana", "funded": True,
                       "origin": rng.choice(["mission", "base", "stays"])} for _ in range(count)]
            start = time.thread_time()
            deployment.run({"squads": squads, "funding": rng.randint(0, 30)})
            spent.append((time.thread_time() - start) * 1e3)
        growth[count] = statistics.median(spent)
        report(f"{count:>2} Squads", f"{growth[count]:.3f} ms")
    return {"worst_ms": dict(slowest), "budget_ms": CALCULATOR_BUDGET_MS,
            "met": slowest[0][1] < CALCULATOR_BUDGET_MS, "deployment_ms_by_squads": growth}


def main() -> None:
    quick = "--quick" in sys.argv[1:]
    repetitions = 1 if quick else 3
    figures = {"pages": pages(repetitions), "search": search(repetitions),
               "calculators": calculators(4 if quick else 12)}
    print(json.dumps({"core_costs": figures}, separators=(",", ":")))


if __name__ == "__main__":
    main()
