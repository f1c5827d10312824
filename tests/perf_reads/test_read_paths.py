"""The read paths made cheaper (issue 21) answer what they answered before.

A search answer is assembled from each entry's fixed part written once: it must be the very
text json.dumps writes for the same answer, for typo'd, partial and odd queries over every
game. Rule and setup pages are rendered once per address: the kept copy is the fresh render,
carries an ETag (304 when the phone has it), is rendered anew for a game registered anew,
and never passes its byte budget."""
from __future__ import annotations

import json
from typing import Any

import pytest

from api import _header_bytes
from api.responses import PageCache
from api.routes import pages
from api.routes.rules import _hit, search_body
from assistant import links
from assistant.games import all_games

ODD = ["betrayl", "fundng", "comflict", "tl", "vp", "how many henchmen", "Ünïcödé \"quoted\"",
       "x" * 120, "12", "a the of", "séction › “curly” </script>"]


def queries() -> list[tuple[str | None, str]]:
    out: list[tuple[str | None, str]] = [(None, q) for q in ODD]
    for game in all_games():
        for entry in list(game.rules)[::3]:
            words = entry.title.lower().split()
            out.append((game.slug, words[0]))
            out.append((game.slug, words[-1][:-1] or words[-1]))
            out.append((None, " ".join(words[:2])))
        out.extend((game.slug, q) for q in ODD)
    return out


@pytest.mark.parametrize("root", ["", "/mounted/here"])
def test_search_body_is_what_json_dumps_writes(app: Any, root: str) -> None:
    indexes = app.extensions["lairside.search"]
    compared = 0
    for game, query in queries():
        hits = indexes[game].search(query, limit=20)
        expected = json.dumps({"query": query, "count": len(hits),
                               "results": [_hit(h, root) for h in hits]})
        assert search_body(query, hits, root) == expected.encode(), (game, query)
        compared += bool(hits)
    assert compared > 100


def test_search_answer_over_http(client: Any) -> None:
    answer = client.get("/api/v1/rules?q=betrayl&limit=3")
    assert answer.status_code == 200 and answer.headers["ETag"]
    body = answer.get_json()
    assert body["query"] == "betrayl" and body["count"] == len(body["results"]) <= 3
    first = body["results"][0]
    assert client.get(first["url"]).get_json()["id"] == first["id"]
    again = client.get("/api/v1/rules?q=betrayl&limit=3",
                       headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304


def test_header_bytes_counts_what_request_headers_lists(app: Any) -> None:
    from flask import request

    with app.test_request_context("/x", data=b"abc", headers={
            "X-Long-Name": "v" * 300, "Content-Type": "text/plain", "Accept": "*/*"}):
        expected = sum(len(k) + len(v) + 4 for k, v in request.headers.items())
        assert _header_bytes(request.environ) == expected


def test_a_kept_page_is_the_fresh_render_with_an_etag(app: Any, client: Any) -> None:
    paths = [links.home(), "/offline", links.search(), "/search?q=betrayl"]
    paths += [f"/g/{g.slug}" for g in all_games()] + [links.rules_index(g.slug)
                                                      for g in all_games()]
    paths += [links.rule(g.slug, e.id) for g in all_games() for e in list(g.rules)[:3]]
    paths += [links.setup(g.slug, mode=m.slug, players=m.min_players)
              for g in all_games() if g.setup for m in g.modes]
    for path in paths:
        first = client.get(path)
        kept = client.get(path)
        assert first.status_code == kept.status_code == 200, path
        assert first.data == kept.data and first.headers["ETag"] == kept.headers["ETag"]
        assert "max-age" in kept.headers["Cache-Control"]
        kept_pages = app.extensions["lairside.pages"]
        app.extensions["lairside.pages"] = PageCache(10**6)  # nothing kept: a fresh render
        try:
            assert client.get(path).data == first.data, path
        finally:
            app.extensions["lairside.pages"] = kept_pages
        again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304 and not again.data


def test_setup_deal_again_is_derived_from_the_address(client: Any) -> None:
    game = next(g for g in all_games() if g.setup and any(f.name == "seed"
                                                           for f in g.setup.form))
    mode = game.modes[0]
    one = client.get(links.setup(game.slug, mode=mode.slug, players=mode.min_players, seed="a"))
    two = client.get(links.setup(game.slug, mode=mode.slug, players=mode.min_players, seed="b"))
    seeds = [pages.next_seed(r.request.query_string) for r in (one, two)]
    assert seeds[0] != seeds[1]
    assert f"seed={seeds[0]}" in one.get_data(as_text=True)


def test_a_bad_setup_page_is_kept_without_an_etag(client: Any) -> None:
    game = next(g for g in all_games() if g.setup)
    mode = game.modes[0]
    path = links.setup(game.slug, mode=mode.slug, players=mode.max_players + 5)
    for _ in range(2):
        answer = client.get(path)
        assert answer.status_code == 422 and "ETag" not in answer.headers


def test_a_page_is_rendered_anew_for_another_game_object(app: Any) -> None:
    """The key holds the game it was rendered from: rules loaded anew (another object under
    the same address) render anew, the same object does not."""
    from api.responses import cached_page

    renders: list[str] = []

    def render(text: str) -> Any:
        return lambda: (renders.append(text) or f"<p>{text}</p>", 200)

    old, new = object(), object()
    with app.test_request_context("/g/some-game/rules/some-rule"):
        assert cached_page((old,), render("old")).data == b"<p>old</p>"
        assert cached_page((old,), render("unused")).data == b"<p>old</p>"
        assert cached_page((new,), render("new")).data == b"<p>new</p>"
        assert cached_page((new, old), render("both")).data == b"<p>both</p>"
        assert cached_page((new,), render("not kept"), keep=False).data == b"<p>not kept</p>"
    assert renders == ["old", "new", "both", "not kept"]


def test_the_page_cache_keeps_to_its_budget() -> None:
    cache = PageCache(budget=1000)
    for n in range(50):
        cache.put(n, (b"x" * 300, 200, None, None))
        assert cache._bytes <= 1000
    assert cache.get(49) is not None and cache.get(0) is None
    cache.get(47)  # used lately: kept over 48
    cache.put("new", (b"y" * 300, 200, None, None))
    assert cache.get(47) is not None and cache.get(48) is None


def test_snippets_pick_what_the_sentence_scan_picks() -> None:
    """Snippets (a lookup per word) against snippet (a scan of the sentences), for every
    rule's words, words it lacks, and none."""
    from assistant.search import Snippets, _sentences, snippet, tokens

    checked = 0
    for game in all_games():
        for entry in game.rules:
            sentences = _sentences(entry.text)
            scanned = [(s, frozenset(tokens(s))) for s in sentences]
            looked_up = Snippets(sentences)
            words = sorted({w for s in sentences for w in tokens(s)})
            for terms in ([], ["zzzz"], words[-1:], words[::7], words[len(words) // 2:],
                          ["zzzz", *words[-3:]]):
                assert looked_up.first(terms) == snippet(scanned, terms), (entry.id, terms)
                checked += 1
    assert checked > 500
