"""The phone pages through Flask's test client: every printed path answers, forms round-trip."""
from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from api import pages_text
from assistant import form_text, links
from assistant.games import all_games, find_game
from assistant.inputs import label_for

GAME = find_game("tdt")


def _page_paths() -> list[str]:
    paths = [links.home(), links.search(), links.search("vp", "tdt"), "/g/tdt",
             "/g/tdt/calculators"]
    for game in all_games():
        paths.append(links.rules_index(game.slug))
        if game.timers:
            paths += [links.timers(game.slug), links.timers(game.slug, players=4)]
        paths += [links.rule(game.slug, e.id) for e in game.rules]
        paths += [links.calculator(game.slug, slug) for slug in game.calculators]
        paths += [links.calculator(game.slug, slug) + "?example=1" for slug in game.calculators]
        if game.scoring:
            paths += [links.score(game.slug)] + [links.score(game.slug, m.slug)
                                                 for m in game.modes]
        for mode in game.modes:
            paths += [links.setup(game.slug, mode=mode.slug, players=n, seed="7")
                      for n in range(mode.min_players, mode.max_players + 1)]
    return paths


@pytest.mark.parametrize("path", _page_paths())
def test_every_page_path_answers_html(client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200, path
    assert response.mimetype == "text/html"
    assert b"<h1" in response.data


@pytest.mark.parametrize("path", ["/g/nope/rules", "/g/tdt/rules/nope", "/g/tdt/calculators/nope",
                                  "/g/nope/setup", "/g/nope/timers"])
def test_unknown_things_get_a_friendly_html_404(client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert b"Not found" in response.data


def test_api_errors_stay_problem_json(client) -> None:
    response = client.get("/api/v1/games/tdt/rules/nope")
    assert response.mimetype == "application/problem+json"


def test_setup_refusal_names_the_allowed_range(client) -> None:
    response = client.get(links.setup("tdt", mode="cutthroat", players=3))
    assert response.status_code == 422
    assert b"4 to 7" in response.data or b"4-7" in response.data


def test_calculator_form_post_without_javascript(client) -> None:
    """Rulebook, Fund Deployment 'Base Discount': 3 Squads of 2, one from Base → 2 Funding."""
    form = MultiDict([("squads.0._row", "1"), ("squads.0.size", "2"), ("squads.0.origin", "base"),
                      ("squads.0.funded", "true"),
                      ("squads.1._row", "1"), ("squads.1.size", "2"),
                      ("squads.1.origin", "mission"), ("squads.1.funded", "true"),
                      ("squads.2._row", "1"), ("squads.2.size", "2"),
                      ("squads.2.origin", "mission"), ("squads.2.funded", "true"),
                      ("destination", "mission")])
    response = client.post(links.calculator("tdt", "fund-deployment"), data=form)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "costs <b class=\"num\">2</b> Funding" in html
    assert 'class="steps"' in html
    assert 'name="squads.2.size"' in html  # the form comes back as it was sent


def test_calculator_errors_land_beside_the_field(client) -> None:
    form = {"squads.0._row": "1", "squads.0.size": "9"}
    response = client.post(links.calculator("tdt", "fund-deployment"), data=form,
                           headers={"X-Lairside-Fragment": "1"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'href="#f-squads-0-size"' in html
    assert "Squad 1" in html
    assert "<html" not in html  # a fragment for in-place updates


def test_parse_reads_rows_flags_and_blanks() -> None:
    op = GAME.calculators["fund-deployment"]
    data = MultiDict({"squads.0._row": "1", "squads.0.size": "3", "squads.0.label": "",
                      "squads.3._row": "1", "squads.3.size": "x", "funding": ""})
    parsed, errors = form_text.parse(op.form, data)
    assert parsed["squads"][0] == {"size": 3, "funded": False}
    assert "funding" not in parsed
    assert errors == {"squads.1.size": ["Enter a whole number."]}  # position, not posted index


def test_flatten_round_trips_the_example_into_form_names() -> None:
    flat = form_text.flatten(GAME.calculators["fund-deployment"].example)
    assert flat["squads"] == 2 and flat["squads.1.size"] == 4
    assert label_for(GAME.calculators["fund-deployment"].form,
                                 "squads.1.size") == "Squad 2: Henchmen in the Squad"


def test_rule_text_marks_numbers_and_lists() -> None:
    html = pages_text.rich("Pay 2 Funding.\n- one\n- two\n1. first")
    assert html == ('<p>Pay <b class="num">2</b> Funding.</p><ul><li>one</li><li>two</li></ul>'
                    "<ol><li>first</li></ol>")
    assert "&lt;script&gt;" in pages_text.rich("<script>")
    assert pages_text.highlight_numbers("O'Shea: 4-7 players, -1 VP") == (
        'O&#39;Shea: <b class="num">4-7</b> players, <b class="num">-1</b> VP')


def test_service_worker_and_offline_list(client) -> None:
    worker = client.get("/sw.js")
    assert worker.headers["Service-Worker-Allowed"] == "/"
    assert b"__VERSION__" not in worker.data
    shared = client.get("/offline.json").get_json()
    assert links.home() in shared and "/join" in shared
    assert not any(u.startswith("/g/") for u in shared)  # no game until the phone chooses one
    saved = client.get("/offline.json?game=tdt").get_json()
    assert links.rule("tdt", "betrayal-triggers") in saved
    assert not any(u.startswith("/g/maniacal") for u in saved)
    assert links.setup("tdt", mode="cutthroat", players=6) in saved


def test_game_description_links_to_the_pages(client) -> None:
    body = client.get("/api/v1/games/tdt").get_json()
    assert body["links"]["pages"]["rules"] == links.rules_index("tdt")
