from __future__ import annotations

from datetime import date

import pytest

from api import create_app

BASE = "http://lairside.test"
DAY = date(2031, 4, 1)


@pytest.fixture(scope="session")
def papp():
    """An app whose QR codes point at a fixed public base URL, so tests can strip it."""
    return create_app({"TESTING": True, "LAIRSIDE_PUBLIC_URL": BASE})


@pytest.fixture()
def pclient(papp):
    return papp.test_client()


@pytest.fixture(scope="session")
def every_pdf(papp):
    """Every sheet of every registered game on both papers, rendered once per test run:
    {(slug, paper): (sheet, pdf bytes)}."""
    from api.routes.printables import resolver
    from assistant import sheets
    from assistant.games import all_games
    from printables.render import render

    out = {}
    with papp.test_request_context():
        resolve = resolver(papp, BASE)
        for game in all_games():
            if game.sheets is None:
                continue
            for sheet in sheets.batch(game.slug):
                for paper in sheets.PAPERS:
                    out[sheet.slug, paper] = (sheet, render(sheet, paper, resolve, DAY))
    return out
