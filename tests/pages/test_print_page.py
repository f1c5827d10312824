"""The host's print page (/g/<game>/print): a choice of mode, count and paper, links to every
printable the API serves for it, and "Start a table and print its pack" (print.js)."""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from html import unescape
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from api import pages_forms
from assistant import form_text, links, sheets
from assistant.games import GAMES, Game, all_games, register
from tests.games.fixture_game import GAME as FIXTURE

PRINTED = [g for g in all_games() if g.sheets is not None and g.setup is not None]
TRACKED = [g for g in PRINTED if g.tracker is not None]


def _print_path(game: Game, **query: Any) -> str:
    path = f"/g/{game.slug}/print"
    return path + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def _pdf_links(html: str) -> list[str]:
    return [unescape(href) for href in re.findall(r'href="([^"]+\.pdf(?:\?[^"]*)?)"', html)]


def _table_choice(game: Game) -> dict[str, Any]:
    """A setup the game's own tracker example starts: its mode and as many players as seats."""
    assert game.tracker is not None
    example = dict(game.tracker.example_setup)
    mode = example.get("mode") or game.modes[0].slug
    return {"mode": mode, "players": len(example["seats"])}


@pytest.fixture()
def unprinted() -> Iterator[Game]:
    """A game with everything but sheets, registered for one test."""
    game = register(replace(FIXTURE, slug="coin-heist-unprinted", sheets=None))
    try:
        yield game
    finally:
        GAMES.pop(game.slug, None)


@pytest.mark.parametrize("game", PRINTED, ids=lambda g: g.slug)
def test_every_pdf_link_on_the_print_page_answers_a_pdf(client: Any, game: Game) -> None:
    response = client.get(_print_path(game))
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    found = _pdf_links(html)
    cat = sheets.catalogue(game.slug)
    # every aid, every score sheet, the setup sheet, the pack and (where served) the cards
    expected = len(cat.aids) + len(cat.score_modes) + 2 + (sheets.turn_card(game.slug) is not None)
    assert len(found) == expected, found
    for aid in cat.aids:
        assert aid.title in html
    for url in found:
        pdf = client.get(url)
        assert pdf.status_code == 200, (url, pdf.get_data(as_text=True)[:300])
        assert pdf.mimetype == "application/pdf", url
        assert pdf.data.startswith(b"%PDF"), url


def test_the_choice_and_paper_reach_every_link(client: Any) -> None:
    game = TRACKED[0]
    choice = _table_choice(game)
    html = client.get(_print_path(game, **choice, paper="letter")).get_data(as_text=True)
    found = _pdf_links(html)
    assert found and all(parse_qs(urlsplit(u).query)["paper"] == ["letter"] for u in found)
    setup = next(u for u in found if "/setup.pdf" in u)
    assert parse_qs(urlsplit(setup).query)["players"] == [str(choice["players"])]
    assert parse_qs(urlsplit(setup).query)["mode"] == [choice["mode"]]
    cards = [u for u in found if "/turn-card.pdf" in u]
    assert all(parse_qs(urlsplit(u).query)["players"] == [str(choice["players"])] for u in cards)


def test_a_game_without_sheets_has_no_print_page(client: Any, unprinted: Game) -> None:
    assert client.get(_print_path(unprinted)).status_code == 404
    home = client.get(links.home()).get_data(as_text=True)
    assert _print_path(unprinted) not in home


@pytest.mark.parametrize("game", PRINTED, ids=lambda g: g.slug)
def test_the_game_home_links_to_its_print_page(client: Any, game: Game) -> None:
    for page in (f"/g/{game.slug}", links.home()):
        html = client.get(page).get_data(as_text=True)
        assert f'href="{_print_path(game)}"' in html


@pytest.mark.parametrize("query, field, says", [
    ({"players": "99"}, "players", None),  # None: the mode's allowed range
    ({"players": "three"}, "players", "whole number"),  # what to do, not "Not a valid integer"
    ({"mode": "nonsense"}, "mode", None),  # None: the modes allowed
    ({"paper": "b5"}, "paper", "b5"),
])
def test_bad_choices_are_explained_on_the_page(client: Any, query: dict[str, str], field: str,
                                               says: str | None) -> None:
    game = PRINTED[0]
    variant = {k: str(v) for k, v in sheets.setup_variants(game.slug)[0].items()
               if not isinstance(v, (list, tuple))}
    response = client.get(_print_path(game, **{**variant, **query}))
    assert response.status_code == 422
    assert response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    alert = html[html.index('role="alert"'):]
    alert = alert[:alert.index("</div>")]
    mode = next(m for m in game.modes if m.slug == variant.get("mode", game.modes[0].slug))
    allowed = {"players": str(mode.max_players), "mode": game.modes[-1].slug}
    says = says or allowed[field]
    assert says.lower() in unescape(alert).lower()
    assert f'href="#{pages_forms.field_id(field)}"' in alert
    assert "/setup.pdf" not in html and "data-print-pack" not in html  # no link to a 422


def test_without_script_the_start_form_is_hidden_and_says_why(client: Any) -> None:
    game = TRACKED[0]
    html = client.get(_print_path(game, **_table_choice(game))).get_data(as_text=True)
    assert re.search(r"<form[^>]*data-print-pack[^>]*\bhidden\b", html)
    assert "needs JavaScript" in html
    assert re.search(r'<script src="/static/print\.js\?v=[0-9a-f]+" defer>', html)


@pytest.mark.parametrize("game", TRACKED, ids=lambda g: g.slug)
def test_the_start_form_posts_to_the_pack_route_of_the_choice(client: Any, game: Game) -> None:
    """What print.js sends: the tracker's example body to the page's own data-pack-url."""
    assert game.tracker is not None
    choice = _table_choice(game)
    html = client.get(_print_path(game, **choice)).get_data(as_text=True)
    url = unescape(re.search(r'data-pack-url="([^"]+)"', html).group(1))
    assert parse_qs(urlsplit(url).query)["players"] == [str(choice["players"])]
    for field in game.tracker.setup_form:  # the new-session form's own fields, prefixed
        if field.name not in ("game", "mode") and getattr(field, "required", False):
            assert f'name="table.{field.name}' in html, field.name
    response = client.post(url, json=dict(game.tracker.example_setup))
    assert response.status_code == 201, response.get_data(as_text=True)[:400]
    assert response.mimetype == "application/pdf"
    code = response.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    token = response.headers["X-Edit-Token"]
    assert "no-store" in response.headers["Cache-Control"]
    session = client.get(f"/api/v1/sessions/{code}").get_json()
    assert session["code"] == code
    assert "edit_token" not in session and token not in client.get(links.session(
        game.slug, code)).get_data(as_text=True)


def test_start_a_table_and_print_its_pack_in_a_browser(page: Any) -> None:
    game = TRACKED[0]
    assert game.tracker is not None
    example = dict(game.tracker.example_setup)
    page.goto(_print_path(game, **_table_choice(game)))
    assert page.locator("[data-print-needs-js]").is_hidden()
    for name, value in form_text.flatten(example).items():
        box = page.locator(f'[data-print-pack] [name="table.{name}"]')
        if name in ("mode", "game") or not box.count():
            continue
        kind = box.first.get_attribute("type")
        if kind == "checkbox":
            box.first.set_checked(bool(value))
        elif kind == "radio":
            page.locator(f'[data-print-pack] [name="table.{name}"][value="{value}"]').check()
        else:
            box.first.fill(str(value))
    with page.expect_response(lambda r: "/pack.pdf" in r.url
                              and r.request.method == "POST") as answer:
        page.get_by_role("button", name="Start a table and print its pack").click()
    response = answer.value
    assert response.status == 201
    assert response.headers["content-type"] == "application/pdf"
    session_link = page.locator("[data-print-session]")
    session_link.wait_for(state="visible")
    href = session_link.get_attribute("href")
    match = re.fullmatch(rf"{re.escape(links.session(game.slug, ''))}(\w+)#token=(\S+)", href)
    assert match, href
    code = match.group(1)
    assert page.evaluate(f"localStorage.getItem('lairside:token:{code}')") == match.group(2)
    assert page.locator("[data-print-pdf]").get_attribute("href").startswith("blob:")
    session_link.click()
    page.wait_for_url(re.compile(re.escape(links.session(game.slug, code))))
    page.locator("body.editing").wait_for()  # this phone keeps score


@pytest.mark.parametrize("payload", ['"><script>top.p=1</script>', "javascript:top.p=1",
                                     "'><svg onload=top.p=1>"])
def test_hostile_choices_come_back_as_text(client: Any, payload: str) -> None:
    from urllib.parse import quote

    game = PRINTED[0]
    q = quote(payload, safe="")
    response = client.get(_print_path(game, mode=q, players=q, paper=q, seed=q))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "<script>top.p" not in html and "<svg onload" not in html
    assert 'href="javascript' not in html


def test_the_print_page_fits_a_phone_and_passes_axe(make_context: Any, axe_source: str,
                                                    artifacts: Any) -> None:
    from tests.pages.conftest import run_axe
    from tests.pages.test_browser import SMALL_TARGETS, no_horizontal_scroll

    game = TRACKED[0]
    page = make_context(bypass_csp=True).new_page()
    page.goto(_print_path(game, **_table_choice(game)))
    page.wait_for_load_state("networkidle")
    assert page.locator("[data-print-pack]").is_visible()  # script on: the start form shows
    assert no_horizontal_scroll(page), "the print page scrolls sideways at 390 px"
    assert page.evaluate(SMALL_TARGETS) == [], "tap targets under 44 px"
    page.screenshot(path=str(artifacts / "print.png"), full_page=True)
    for theme in ("dark", "light"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        serious = run_axe(page, axe_source)
        assert serious == [], f"{theme}: {serious}"
