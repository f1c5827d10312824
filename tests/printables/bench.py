"""Printables timings for `make bench`: ms per sheet, the whole batch, one sheet on demand.

Run: .venv/bin/python tests/printables/bench.py
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from api import create_app  # noqa: E402
from api.routes.printables import resolver  # noqa: E402
from assistant import sheets  # noqa: E402

BASE = "http://lairside.test"
URL = "/api/v1/games/tdt/printables/setup.pdf?mode=cutthroat&players=6"


def main() -> None:
    app = create_app({"TESTING": True, "LAIRSIDE_PUBLIC_URL": BASE})
    client = app.test_client()
    started = time.perf_counter()
    assert client.get(URL).status_code == 200
    cold = (time.perf_counter() - started) * 1000
    times = []
    for i in range(20):
        started = time.perf_counter()
        response = client.get(f"{URL}&seed=s{i}")  # a new sheet each time (no cache)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
    print(f"setup sheet on demand: first request {cold:.0f} ms (imports reportlab), then "
          f"median {statistics.median(times):.0f} ms, max {max(times):.0f} ms")

    from printables.batch import write_batch
    from printables.render import render

    todo = list(sheets.batch("tdt"))
    resolve = resolver(app, BASE)
    per_kind: dict[str, list[float]] = {}
    with app.test_request_context():
        for sheet in todo:
            started = time.perf_counter()
            render(sheet, "a4", resolve)
            per_kind.setdefault(sheet.kind.value, []).append(
                (time.perf_counter() - started) * 1000)
        for kind, values in per_kind.items():
            print(f"{kind:>6} sheets: {len(values):2d}, mean {statistics.mean(values):5.1f} ms, "
                  f"max {max(values):5.1f} ms")
        with tempfile.TemporaryDirectory() as folder:
            started = time.perf_counter()
            written = write_batch(todo, sheets.PAPERS, Path(folder), resolve)
            seconds = time.perf_counter() - started
    print(f"batch: {len(written)} PDFs in {seconds:.2f} s "
          f"({seconds * 1000 / len(written):.0f} ms per PDF)")


if __name__ == "__main__":
    main()
