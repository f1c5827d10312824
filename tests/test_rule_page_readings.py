"""Issue 44, item 2: the rule page heads a reading "Where the rulebook disagrees" only where two
rulebook passages disagree; other readings are "How we read it", each with its own mark."""
from __future__ import annotations

from typing import Any

from assistant import links
from assistant.games import all_games


def _entries(disagrees: bool) -> list[tuple[str, Any]]:
    return [(g.slug, e) for g in all_games() for e in g.rules
            if e.readings and any(r.disagrees for r in e.readings) is disagrees]


def test_a_reading_is_a_disagreement_only_when_marked_so(client: Any) -> None:
    calm = _entries(False)
    assert calm
    for slug, entry in calm[:15]:
        html = client.get(links.rule(slug, entry.id)).get_data(as_text=True)
        assert "How we read it" in html, entry.id
        assert "Where the rulebook disagrees" not in html, entry.id


def test_two_passages_that_disagree_are_headed_so(client: Any) -> None:
    torn = _entries(True)
    assert torn
    for slug, entry in torn[:10]:
        html = client.get(links.rule(slug, entry.id)).get_data(as_text=True)
        assert "Where the rulebook disagrees" in html, entry.id


def test_each_reading_shows_its_own_mark(client: Any) -> None:
    slug, entry = next((s, e) for s, e in _entries(False) + _entries(True)
                       if any(r.provenance.value == "unknown" for r in e.readings))
    html = client.get(links.rule(slug, entry.id)).get_data(as_text=True)
    readings = html.split('class="readings"', 1)[1]
    assert 'prov-unknown' in readings
