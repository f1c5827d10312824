"""One way to start a table (issue 41): the phone's start page and the API build the same
session from the same form, for every game and mode. A table started on the page is refereed
exactly like one started through the API (TDT's page once turned its unasked `rounds` flag,
default true, into false, and those tables followed no round at all)."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.form_text import flatten
from assistant.games import all_games
from assistant.inputs import Flag, ListOf, Text, asked

TRACKED = [(g, m.slug) for g in all_games() if g.tracker is not None for m in g.modes]


def page_fields(form: Any, values: dict[str, Any], prefix: str = "") -> dict[str, str]:
    """What the start page posts for `values`: only the fields it shows, as text; a ticked
    box posts "on", an unticked one nothing."""
    out: dict[str, str] = {}
    for field in asked(form):
        name = prefix + field.name
        if field.name not in values:
            continue
        value = values[field.name]
        if isinstance(field, ListOf):
            for i, row in enumerate(value):
                out.update(page_fields(field.fields, dict(row), f"{name}.{i}."))
        elif isinstance(field, Flag):
            if value:
                out[name] = "on"
        else:
            flat = flatten({field.name: value})
            out[name] = str(flat[field.name])
    return out


def asked_only(form: Any, values: dict[str, Any]) -> dict[str, Any]:
    """`values` with only what the start page asks (what the page cannot say left out)."""
    out: dict[str, Any] = {}
    for field in asked(form):
        if field.name in values:
            value = values[field.name]
            out[field.name] = ([asked_only(field.fields, dict(r)) for r in value]
                               if isinstance(field, ListOf) else value)
    return out


def page_bodies(game: Any, mode: str) -> list[dict[str, Any]]:
    """Start requests a page can send for `mode`: the example's names (only what the page
    asks), with 1 to 8 seats and, where a seat picks from the game's list, a different
    pick per seat (the first the rules take is the one compared)."""
    form = game.tracker.setup_form
    base = asked_only(form, {**game.tracker.example_setup, "mode": mode})
    seats = next(f for f in form if isinstance(f, ListOf))
    rows = base.get(seats.name, [])
    names = [str(r.get("name") or r.get("player") or f"Player {i + 1}")
             for i, r in enumerate(rows)]
    out = [base]
    for count in range(max(1, seats.min_items), seats.max_items + 1):
        for offset in (0, 1):  # the list's first pick may be a seat some modes leave out
            made = []
            for i in range(count):
                row = dict(rows[i]) if i < len(rows) else {}
                for field in asked(seats.fields):
                    if getattr(field, "choices", ()) and field.name not in row:
                        row[field.name] = field.choices[(i + offset) % len(field.choices)]
                    elif getattr(field, "required", False) and field.name not in row:
                        row[field.name] = names[i] if i < len(names) else f"Player {i + 1}"
                made.append(row)
            out.append({**base, seats.name: made})
            out.append({"mode": mode, seats.name: made})  # names and a mode only
            halves = [{**row, **{f.name: f"{f.name} {i % 2 + 1}" for f in asked(seats.fields)
                                 if isinstance(f, Text) and not f.choices and not f.seat
                                 and f.name not in row}} for i, row in enumerate(made)]
            out.append({"mode": mode, seats.name: halves})  # two sides (teams, say)
    return out


def api_setup(client: Any, game: Any, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    answer = client.post(f"/api/v1/games/{game.slug}/sessions", json=body)
    if answer.status_code != 201:
        return answer.status_code, {}
    return 201, answer.get_json()["setup"]


def page_setup(client: Any, game: Any, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    tracker = game.tracker
    answer = client.post(f"/g/{game.slug}/sessions/new",
                         data=page_fields(tracker.setup_form, body))
    if answer.status_code != 303:
        return answer.status_code, {}
    code = answer.headers["Location"].split("#")[0].rstrip("/").rsplit("/", 1)[-1]
    return 201, client.get(f"/api/v1/sessions/{code}").get_json()["setup"]


@pytest.mark.parametrize(("game", "mode"), TRACKED, ids=[f"{g.slug}-{m}" for g, m in TRACKED])
def test_the_start_page_and_the_api_build_the_same_table(unlimited_client, game, mode):
    compared = 0
    for body in page_bodies(game, mode):
        by_api = api_setup(unlimited_client, game, body)
        by_page = page_setup(unlimited_client, game, body)
        assert by_page[0] in (201, 422) and by_api[0] in (201, 422)
        assert by_page[0] == by_api[0], (body, by_page, by_api)
        if by_api[0] == 201:
            assert by_page[1] == by_api[1]
            compared += 1
    assert compared, f"no start request of {mode} was taken by the API"


def test_a_tdt_table_started_on_the_page_follows_the_rounds(unlimited_client):
    """The finding: every absent flag became false, so `rounds` (not asked, default true)
    was off and the table's page had no "Now" and no "Next step"."""
    tdt = next(g for g in all_games() if g.slug == "tdt")
    body = asked_only(tdt.tracker.setup_form, dict(tdt.tracker.example_setup))
    body["seats"][0]["henchman"] = "General Goodman"
    status, setup = page_setup(unlimited_client, tdt, body)
    assert status == 201
    assert setup.get("rounds", True) is True
