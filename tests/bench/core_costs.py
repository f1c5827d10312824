"""What the core costs, in process: search, and the calculators' largest inputs (issue 21,
items 2 and 6). What the pages cost through the server is part A of `make bench` (endpoints.py).

    .venv/bin/python tests/bench/core_costs.py [--quick]

CPU time of this thread (time.thread_time), so other work on a shared machine does not count.
Every query is distinct (typo'd titles, aliases and phrases of every entry of every game, on
a fresh index that has never seen them). Three repetitions (one with --quick); min / median /
max of each figure. The last line is one JSON object with every figure.
"""
from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]


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
    figures = {"search": search(repetitions),
               "calculators": calculators(4 if quick else 12)}
    print(json.dumps({"core_costs": figures}, separators=(",", ":")))


if __name__ == "__main__":
    main()
