"""The sheet warm-up a gunicorn worker runs once started (printables/warm.py): it covers what hosts
print first, and after it a first print works nothing out again."""
from __future__ import annotations

import gc
from typing import Any

from api import config, offload
from assistant import sheets
from assistant.games import all_games
from printables import warm as warmup
from tests.support import printed_by


def test_it_covers_every_aid_score_sheet_and_mode_of_every_game():
    warmed = [sheet.slug for sheet in warmup.first_prints()]
    for game in all_games():
        if not sheets.has_sheets(game.slug):
            continue
        listed = sheets.catalogue(game.slug)
        wanted = [sheets.aid_sheet(game.slug, spec.slug).slug for spec in listed.aids]
        wanted += [sheets.score_sheet(game.slug, mode).slug for mode in listed.score_modes]
        assert set(wanted) <= set(warmed), game.slug
        modes = {params.get("mode") for params in sheets.setup_variants(game.slug)}
        setups = {sheets.setup_sheet(game.slug, **dict(params)).slug
                  for params in sheets.setup_variants(game.slug)}
        assert sum(slug in setups for slug in warmed) == len(modes), (game.slug, modes)


def test_after_it_a_first_print_parses_and_breaks_nothing_new():
    """In a fresh interpreter (the layout caches are per process): warm on A4, then print
    one aid and the first setup sheet of each game as a request would."""
    code = (
        "from printables.warm import warm, warm_sheets, first_prints; warm(); "
        "warm_sheets(('a4',)); "
        "import printables.paragraph as P; from printables.render import render; "
        "from assistant import sheets; "
        "from assistant.games import all_games; "
        "kept = len(P._PARSED), len(P._BROKEN); "
        "games = [g.slug for g in all_games() if sheets.has_sheets(g.slug)]; "
        "picked = [sheets.aid_sheet(g, sheets.catalogue(g).aids[0].slug) for g in games]; "
        "picked += [sheets.setup_sheet(g, **dict(sheets.setup_variants(g)[0])) for g in games]; "
        "[render(s, 'a4', lambda link: 'http://lairside.invalid' + link.page) "
        " for s in picked]; "
        "print(len(picked), kept == (len(P._PARSED), len(P._BROKEN)))")
    out = printed_by(code).split()
    assert int(out[0]) >= 10 and out[1] == "True"


def test_a_worker_starts_it_unless_turned_off(monkeypatch: Any):
    started: list[bool] = []
    monkeypatch.setattr(offload, "in_background",
                        lambda work: started.append(work is warmup.warm_sheets))
    try:
        config.post_worker_init(None)
        monkeypatch.setenv("LAIRSIDE_WARM_SHEETS", "0")
        config.post_worker_init(None)
    finally:
        gc.unfreeze()
    assert started == [True]


def test_sheets_drawn_at_once_on_several_threads_come_out_as_drawn_alone():
    """The warm-up draws while request threads may draw too, sharing the layout caches and
    font subsets: drawn cold on four threads at once, each sheet's bytes are those it has when
    drawn again alone (in a fresh interpreter, so the caches start empty)."""
    code = (
        "import sys, threading; from datetime import date; "
        "from printables.warm import warm, first_prints; from printables.render import render; "
        "warm(); picked = list(first_prints())[::4][:12]; day = date(2026, 11, 23); "
        "draw = lambda s: render(s, 'a4', lambda l: 'http://lairside.invalid' + l.page, "
        "printed_on=day); "
        "got = {}; sys.setswitchinterval(0.0002); "
        "work = lambda k: [got.setdefault((k, i), draw(picked[(i + 5 * k) % len(picked)])) "
        "for i in range(len(picked))]; "
        "ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]; "
        "[t.start() for t in ts]; [t.join() for t in ts]; "
        "alone = [draw(s) for s in picked]; "
        "print(len(got), all(pdf == alone[(i + 5 * k) % len(picked)] "
        "for (k, i), pdf in got.items()))")
    assert printed_by(code).split() == ["48", "True"]
