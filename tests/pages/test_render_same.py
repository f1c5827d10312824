"""The phone pages got cheaper to render (issue 21) without changing a byte of their HTML.

The parts moved from Jinja into Python (the answer's nested values, the setup checklist and
its numbers at a glance) are checked against the Jinja they replaced (reference_answer.html)
for every setup of every game (each mode and player count, with a deal) and every
worked example; the cached text helpers against their uncached selves for every rule of
every game; and every rule page rendered cold and warm."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from markupsafe import Markup

from api import pages_text as text
from api.routes import pages
from assistant import links
from assistant.games import Game, all_games

REFERENCE = (Path(__file__).parent / "reference_answer.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def reference(app: Any) -> Iterator[Any]:
    with app.test_request_context("/"):
        yield app.jinja_env.from_string(REFERENCE).module


def answers() -> Iterator[tuple[str, Game, dict[str, Any]]]:
    """Every setup (each mode and count, dealt where the game deals) and every worked example,
    as the pages get them."""
    for game in all_games():
        if game.setup is not None:
            seeded = any(f.name == "seed" for f in game.setup.form)
            for mode in game.modes:
                for players in range(mode.min_players, mode.max_players + 1):
                    data = {f.name: f.default for f in game.setup.form
                            if getattr(f, "default", None) is not None}
                    data.update(mode=mode.slug, players=players)
                    if seeded:
                        data["seed"] = "101"
                    yield (f"{game.slug} {mode.slug} {players}", game,
                           game.setup.run(data).to_json())
        for op in (*game.calculators.values(), game.scoring):
            if op is not None:
                yield f"{game.slug} {op.slug}", game, op.run(op.example).to_json()


ODD_VALUES: list[Any] = [
    {}, [], "", None, 0, 2.5, True, False, [1, 2, 3], ["a", 4, None], ({"x": 1},),
    {"a": {"b": [{"c": "<script>1</script>"}, {"d": False}]}, "e": [], "f": 0, "g": None},
    [Markup("<i>1</i>"), "<b>"], "Pay 3-4 Funding & 2 VP", [{}], {"vp": {"Ana": 3, "Bo": 2}},
    {"mixed": {"Ana": 3, "note": "x"}}, {"hq_count": 7, "ok": True, "ratio": 0.5},
]


def test_answers_render_as_the_jinja_did(reference: Any, app: Any) -> None:
    count = 0
    with app.test_request_context("/"):
        for name, game, answer in answers():
            result = answer["result"]
            assert text.value_view(result) == reference.value_view(result), name
            assert text.glance(result) == reference.glance(result), name
            assert text.checklist(answer["steps"], game) == reference.checklist(
                answer["steps"], game), name
            count += 1
        for value in ODD_VALUES:
            assert text.value_view(value) == reference.value_view(value), value
            if isinstance(value, dict):
                assert text.glance(value) == reference.glance(value), value
    assert count > 60


def test_cached_text_helpers_answer_as_uncached_for_every_rule() -> None:
    for game in all_games():
        for entry in game.rules:
            text.rich.cache_clear()
            cold = text.rich(entry.text, game.slug)
            assert text.rich(entry.text, game.slug) == cold
            assert cold == text.rich.__wrapped__(entry.text, game.slug)
            for line in (entry.title, entry.section, *(n for _, n in entry.mode_notes)):
                assert text.highlight_numbers(line) == text._highlighted.__wrapped__(line)
            for mode in entry.modes:
                assert text.humanize(mode) == text._humanized.__wrapped__(mode)


def test_every_rule_page_is_the_same_cold_and_warm(app: Any) -> None:
    paths = [links.rule(g.slug, e.id) for g in all_games() for e in g.rules]
    client = app.test_client()
    text.rich.cache_clear()
    text._highlighted.cache_clear()
    text._humanized.cache_clear()
    app.extensions.pop("lairside.fixed_urls", None)
    cold = [client.get(path).get_data() for path in paths]
    warm = [client.get(path).get_data() for path in paths]
    assert cold == warm
    assert len(set(cold)) == len(paths)


def test_remembered_urls_are_the_urls_flask_builds(app: Any) -> None:
    from flask import url_for

    for root in ("", "/lair"):
        with app.test_request_context("/", base_url=f"http://table.local{root}"):
            for name in ("app.css", "app.js", "theme.js", "icon.svg", "icon-192.png"):
                assert pages.asset(name) == url_for(
                    "static", filename=name, v=pages._asset_version(name))
                assert pages.asset(name).startswith(f"{root}/static/")
            assert pages.fixed_url("pages.manifest") == url_for("pages.manifest")
