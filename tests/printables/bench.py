"""Printables timings for `make bench`: start-up warm-up and the sheet warm-up a gunicorn
worker runs in the background once started (printables/warm.py), one setup sheet on demand per game
(a new sheet each time, so the per-worker cache of bytes never answers; "first" is the first
sheet of that game after the warm-ups), a 304, every other sheet (aids, score sheets, turn
cards, score pad, table tent) against the 50 ms target, a game-night pack per game, and the
whole batch (`make printables`) game by game.

Times are wall clock unless marked CPU (process time): on a busy machine CPU is the steadier
figure, and the target (a one-page sheet under 50 ms) is checked on its median. A sheet's
"first" is its first drawing in the process after the warm-ups; min and median are of drawing
it again.

Run: .venv/bin/python tests/printables/bench.py [--quick]   (--quick: 8 sheets a game, 3
drawings of each other sheet, one pack, no batch)
"""
from __future__ import annotations

import io
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from pypdf import PdfReader  # noqa: E402

from api import create_app  # noqa: E402
from api.routes.printables import resolver  # noqa: E402
from assistant import sheets  # noqa: E402
from assistant.games import all_games  # noqa: E402

if TYPE_CHECKING:
    from flask import Flask
    from flask.testing import FlaskClient

    from assistant.games import Game

BASE = "http://lairside.test"
TARGET_MS = 50


def _query(params: dict[str, object]) -> str:
    return "&".join(f"{k}={','.join(map(str, v)) if isinstance(v, list | tuple) else v}"
                    for k, v in params.items())


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:4.0f} ms"


def on_demand(client: FlaskClient, game: Game, quick: bool) -> None:
    """One game's setup sheet asked for again and again on A4, cycling through every mode and
    count (and a new seed each time where the setup takes one), with the cache of rendered
    bytes emptied before each; wall and CPU time per request, apart for sheets of one page
    (the 50 ms target) and of more."""
    from api.routes import printables  # noqa: PLC0415

    variants = sheets.setup_variants(game.slug)
    seeded = game.setup is not None and "seed" in {f.name for f in game.setup.form}
    timed: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
    first = 0.0
    for i in range(8 if quick else 24):
        url = (f"/api/v1/games/{game.slug}/printables/setup.pdf?"
               f"{_query(dict(variants[i % len(variants)]))}")
        asked = f"{url}&seed=bench{i}" if seeded else url
        printables._RENDERED.clear()  # measure drawing, not the per-worker cache of bytes
        started, used = time.perf_counter(), time.process_time()
        response = client.get(asked)
        wall, cpu = time.perf_counter() - started, time.process_time() - used
        assert response.status_code == 200, response.data[:200]
        first = first or wall
        timed[len(PdfReader(io.BytesIO(response.data)).pages) == 1].append((wall, cpu))
    tag = client.get(url).headers["ETag"]
    started = time.perf_counter()
    assert client.get(url, headers={"If-None-Match": tag}).status_code == 304
    not_modified = time.perf_counter() - started
    parts = []
    for one, label in ((True, "one page"), (False, "more pages")):
        if timed[one]:
            walls, cpus = [w for w, _ in timed[one]], [c for _, c in timed[one]]
            over = one and statistics.median(cpus) * 1000 >= TARGET_MS
            parts.append(f"{label} x{len(walls)}: median {_ms(statistics.median(walls))}, "
                         f"max {_ms(max(walls))}, CPU min {_ms(min(cpus))}, "
                         f"median {_ms(statistics.median(cpus))}"
                         + (f" (over the {TARGET_MS} ms target)" if over else ""))
    print(f"{game.slug:>16} setup sheet on demand: first {_ms(first)}; " + "; ".join(parts)
          + f"; 304 {not_modified * 1000:.1f} ms")


def other_sheets(game: Game) -> list[sheets.Sheet]:
    """A game's sheets besides its setup sheet: each aid and score sheet, the turn cards, and
    the score pad and table tent of its game-night pack."""
    from api.routes.printables import pack_sheets  # noqa: PLC0415

    cat = sheets.catalogue(game.slug)
    found = [sheets.aid_sheet(game.slug, a.slug) for a in cat.aids]
    found += [sheets.score_sheet(game.slug, mode) for mode in cat.score_modes]
    card = sheets.turn_card(game.slug)
    found += [card] if card is not None else []
    if game.setup is not None:
        bundle, _ = pack_sheets(game, dict(sheets.setup_variants(game.slug)[0]))
        known = {s.slug for s in found}
        found += [s for s in bundle[1:] if s.slug not in known and s.layout is not
                  sheets.Layout.CARDS]
    return found


def each_sheet(app: Flask, game: Game, quick: bool) -> list[tuple[str, float, float]]:
    """Every other sheet of a game drawn as a request draws it (printables.render.render),
    first and then again and again: CPU per drawing against the target for one-page sheets.
    Returns (sheet, median CPU seconds, first) of its one-page sheets."""
    from printables.render import Target, render  # noqa: PLC0415

    one_page = []
    with app.test_request_context():
        resolve = resolver(app, BASE)
        for sheet in other_sheets(game):
            cpus = []
            for _ in range(4 if quick else 8):
                used = time.process_time()
                pdf = render(sheet, "a4", resolve, target=Target(BASE))
                cpus.append(time.process_time() - used)
            pages = len(PdfReader(io.BytesIO(pdf)).pages)
            first, again = cpus[0], cpus[1:]
            median = statistics.median(again)
            verdict = ""
            if pages == 1:
                one_page.append((sheet.slug, median, first))
                verdict = "ok" if median * 1000 < TARGET_MS else f"OVER {TARGET_MS} ms"
            print(f"{sheet.slug:>44} {pages} p: CPU first {_ms(first)}, min {_ms(min(again))}, "
                  f"median {_ms(median)} {verdict}")
    return one_page


def pack(client: FlaskClient, game: Game) -> None:
    params = dict(sheets.setup_variants(game.slug)[0])
    started = time.perf_counter()
    response = client.get(f"/api/v1/games/{game.slug}/printables/pack.pdf?{_query(params)}")
    assert response.status_code == 200
    pages = len(PdfReader(io.BytesIO(response.data)).pages)
    print(f"{game.slug:>16} game-night pack on demand ({pages} pages): "
          f"{time.perf_counter() - started:.2f} s")


def batch(app: Flask) -> None:
    """What `make printables` writes, game by game: every sheet, the turn card and a pack
    per mode, on both papers."""
    from api.routes.printables import pack_sheets  # noqa: PLC0415
    from printables.batch import Pack, write_batch  # noqa: PLC0415

    total, count = 0.0, 0
    with app.test_request_context(), tempfile.TemporaryDirectory() as folder:
        for game in all_games():
            if game.sheets is None:
                continue
            todo = list(sheets.batch(game.slug))
            card = sheets.turn_card(game.slug)
            todo += [card] if card is not None else []
            packs, seen = [], set()
            for params in sheets.setup_variants(game.slug):
                if str(params.get("mode", "")) not in seen:
                    seen.add(str(params.get("mode", "")))
                    bundle, _ = pack_sheets(game, params)
                    packs.append(Pack(f"{bundle[0].slug}-pack", game.title, bundle))
            started = time.perf_counter()
            written = write_batch(todo, sheets.PAPERS, Path(folder) / game.slug,
                                  resolver(app, BASE), packs=packs)
            seconds = time.perf_counter() - started
            total, count = total + seconds, count + len(written)
            print(f"{game.slug:>16} batch: {len(written)} PDFs ({len(packs)} packs) in "
                  f"{seconds:.1f} s ({seconds * 1000 / len(written):.0f} ms per PDF)")
    print(f"batch, every game: {count} PDFs in {total:.1f} s")


def main(quick: bool = False) -> None:
    app = create_app({"TESTING": True, "LAIRSIDE_PUBLIC_URL": BASE})
    client = app.test_client()
    from printables.warm import warm, warm_sheets  # noqa: PLC0415

    print(f"start-up warm-up (once per worker): {warm() * 1000:.0f} ms")
    print(f"sheet warm-up (each worker, in the background once started): {warm_sheets():.1f} s "
          "of CPU")
    games = [g for g in all_games() if g.sheets is not None and g.setup is not None]
    for game in games:
        on_demand(client, game, quick)
    one_page = []
    for game in all_games():
        if game.sheets is not None:
            one_page += each_sheet(app, game, quick)
    worst = max(one_page, key=lambda sheet: sheet[1])
    under = sum(median * 1000 < TARGET_MS for _, median, _ in one_page)
    first = sum(first * 1000 < TARGET_MS for _, _, first in one_page)
    print(f"one-page sheets besides setup: {under} of {len(one_page)} under {TARGET_MS} ms "
          f"(median CPU), {first} on their first print; the slowest {worst[0]} "
          f"{_ms(worst[1])}")
    for game in games[:1] if quick else games:
        pack(client, game)
    if not quick:
        batch(app)


if __name__ == "__main__":
    main("--quick" in sys.argv)
