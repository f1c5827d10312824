"""Warm a server worker's PDF stack at start-up, so no user's first print pays for loading.

`warm()` imports reportlab, qrcode and the hand-drawn layouts (table tent, cards), registers
the embedded fonts and draws one small sheet (0.1-0.2 s on this machine; a user's first sheet
then loads nothing: tests/printables/test_lazy_imports.py checks it).
Call it once per worker: from the app factory when not testing, or from gunicorn's
`post_worker_init` hook. The tests never call it (they check the API starts without the PDF
stack).

`warm_sheets()` then lays out, once on each paper, every sheet a host prints first: each
game's aids, score sheets, turn card and a setup sheet per mode. A sheet's first print works
out every paragraph's parse and line breaks at each trial size (60-280 ms); printables/paragraph.py
keeps them, so afterwards a print costs what a reprint does (a page under 50 ms). gunicorn's
`post_worker_init` (api/config.py) runs it on a background thread (api/offload.py): about 5 s
of CPU per worker, right after start; LAIRSIDE_WARM_SHEETS=0 turns it off.
"""
from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any


def warm() -> float:
    """Load the PDF stack and draw a throwaway sheet; returns the seconds it took."""
    started = time.perf_counter()
    from printables.render import warm as warm_pdf  # noqa: PLC0415  (the point: load it now)

    warm_pdf()
    return time.perf_counter() - started


def first_prints() -> Iterator[Any]:
    """The sheets a host prints first: per game, its aids, score sheets and turn card, and
    its first setup sheet of each mode."""
    from assistant import sheets  # noqa: PLC0415
    from assistant.games import all_games  # noqa: PLC0415

    for game in all_games():
        if not sheets.has_sheets(game.slug):
            continue
        listed = sheets.catalogue(game.slug)
        yield from (sheets.aid_sheet(game.slug, spec.slug) for spec in listed.aids)
        yield from (sheets.score_sheet(game.slug, mode) for mode in listed.score_modes)
        card = sheets.turn_card(game.slug)
        if card is not None:
            yield card
        modes: set[Any] = set()
        for params in sheets.setup_variants(game.slug):
            if params.get("mode") not in modes:
                modes.add(params.get("mode"))
                yield sheets.setup_sheet(game.slug, **params)


def warm_sheets(papers: tuple[str, ...] = ("a4", "letter")) -> float:
    """Lay out each of first_prints() on each paper (the PDF bytes are thrown away); returns
    the seconds of CPU it took."""
    from printables.render import render  # noqa: PLC0415

    started = time.process_time()
    for sheet in first_prints():
        for paper in papers:
            render(sheet, paper, lambda link: "http://lairside.invalid" + link.page)
    return time.process_time() - started
