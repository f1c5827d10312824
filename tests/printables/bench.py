"""Printables timings for `make bench`: start-up warm-up, one sheet on demand per game (a
new sheet each time, so no cache helps), a 304, the game-night pack, and the whole batch of
every game.

Run: .venv/bin/python tests/printables/bench.py [--quick]
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
from assistant.games import all_games  # noqa: E402

BASE = "http://lairside.test"
TARGET_MS = 50


def _query(params: dict[str, object]) -> str:
    return "&".join(f"{k}={','.join(map(str, v)) if isinstance(v, list | tuple) else v}"
                    for k, v in params.items())


def main(quick: bool = False) -> None:
    app = create_app({"TESTING": True, "LAIRSIDE_PUBLIC_URL": BASE})
    client = app.test_client()
    from api.routes import printables
    from api.warmup import warm

    print(f"start-up warm-up (once per worker): {warm() * 1000:.0f} ms")
    games = [g for g in all_games() if g.sheets is not None and g.setup is not None]
    for game in games:
        params = dict(sheets.setup_variants(game.slug)[0])
        url = f"/api/v1/games/{game.slug}/printables/setup.pdf?{_query(params)}"
        one_page = None
        times = []
        for i in range(5 if quick else 20):
            # a new sheet each time: a seed where the setup takes one, else a paper change
            seeded = "seed" in {f.name for f in game.setup.form}
            asked = f"{url}&seed=bench{i}" if seeded else f"{url}&paper={sheets.PAPERS[i % 2]}"
            started = time.perf_counter()
            printables._RENDERED.clear()  # measure drawing, not the per-worker cache
            response = client.get(asked)
            times.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200
            if one_page is None:
                import io  # noqa: PLC0415

                from pypdf import PdfReader  # noqa: PLC0415

                one_page = len(PdfReader(io.BytesIO(response.data)).pages)
        tag = client.get(url).headers["ETag"]
        started = time.perf_counter()
        assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
        not_modified = (time.perf_counter() - started) * 1000
        flag = "" if one_page > 1 or statistics.median(times) < TARGET_MS else \
            f"  (over the {TARGET_MS} ms target)"
        print(f"{game.slug:>16} setup sheet on demand ({one_page} page{'s' * (one_page > 1)}):"
              f" median {statistics.median(times):4.0f} ms, max {max(times):4.0f} ms; "
              f"304 {not_modified:.1f} ms{flag}")
    game = games[0]
    params = dict(sheets.setup_variants(game.slug)[0])
    started = time.perf_counter()
    response = client.get(f"/api/v1/games/{game.slug}/printables/pack.pdf?{_query(params)}")
    assert response.status_code == 200
    print(f"{game.slug} game-night pack on demand: {(time.perf_counter() - started):.2f} s")
    if quick:
        return

    from printables.batch import write_batch  # noqa: PLC0415

    todo = [s for g in all_games() if g.sheets is not None for s in sheets.batch(g.slug)]
    with app.test_request_context(), tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        written = write_batch(todo, sheets.PAPERS, Path(folder), resolver(app, BASE))
        seconds = time.perf_counter() - started
    print(f"batch, every game: {len(written)} PDFs in {seconds:.1f} s "
          f"({seconds * 1000 / len(written):.0f} ms per PDF)")


if __name__ == "__main__":
    main("--quick" in sys.argv)
