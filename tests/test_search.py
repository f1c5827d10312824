"""Typo-tolerant search: a player's phone at a noisy table."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from assistant.errors import InvalidInput
from assistant.games import all_games, find_game
from assistant.search import SearchIndex, tokens

GOLDEN = tomllib.loads(
    (Path(__file__).parent / "games" / "tdt" / "glossary_terms.toml").read_text())
BOOK = find_game("tdt").rules
INDEX = SearchIndex([("tdt", e) for e in BOOK], {"tdt": find_game("tdt").synonyms})
VOCABULARY = {w for e in BOOK for w in tokens(" ".join((e.title, e.text, *e.aliases)))}


def one_typo(title: str) -> str:
    """Drop one letter of the longest word (a typical thumb slip), trying the middle first.

    A slip that spells another real word ("Tile" → "Tie") is no typo a search can undo, so
    positions that give a word of the index are passed over."""
    words = title.split()
    longest = max(range(len(words)), key=lambda i: len(words[i]))
    word = words[longest]
    middle = len(word) // 2
    for pos in sorted(range(1, len(word)), key=lambda p: abs(p - middle)):
        slip = word[:pos] + word[pos + 1:]
        if not set(tokens(slip)) & VOCABULARY:
            return " ".join(words[:longest] + [slip] + words[longest + 1:])
    raise AssertionError(f"no typo of {title!r} avoids real words")


@pytest.mark.parametrize(("term", "entry_id"), [tuple(t) for t in GOLDEN["terms"]])
def test_glossary_term_found_first_by_exact_title(term, entry_id):
    title = BOOK.get(entry_id).title
    assert INDEX.search(title)[0].entry.id == entry_id
    assert INDEX.search(term)[0].entry.id == entry_id  # the form printed in the rulebook


@pytest.mark.parametrize(("term", "entry_id"), [tuple(t) for t in GOLDEN["terms"]])
def test_glossary_term_found_first_with_a_typo(term, entry_id):
    title = BOOK.get(entry_id).title
    typo = one_typo(title)
    assert typo != title
    assert INDEX.search(typo)[0].entry.id == entry_id, typo


@pytest.mark.parametrize(("query", "expected"), [
    ("betrayl", "betray"), ("fundng", "fund"), ("comflict", "conflict"),
    ("tl", "team-leader"), ("vp", "villain-prestige"), ("hq", "agent-headquarters"),
    ("supervillain", "goodman"), ("rideshare", "travel-squads"),
])
def test_typos_and_abbreviations(query, expected):
    top = [hit.entry.id for hit in INDEX.search(query)[:3]]
    assert any(expected in entry_id for entry_id in top), (query, top)


def test_betrayl_puts_betrayal_rules_first():
    top = INDEX.search("betrayl")[:3]
    assert all("betray" in (h.entry.id + h.entry.title.lower()) for h in top)


def test_title_matches_rank_before_body_matches():
    hits = INDEX.search("funding")
    assert "fund" in hits[0].entry.title.lower() or "funding" in hits[0].entry.title.lower()


@pytest.mark.parametrize("query", ["", "   ", "?!?", "x" * 500])
def test_bad_queries_are_refused_clearly(query):
    with pytest.raises(InvalidInput) as caught:
        INDEX.search(query)
    assert caught.value.field == "q"


def test_results_carry_snippets():
    hit = INDEX.search("travel squad")[0]
    assert hit.snippet and len(hit.snippet) <= 160


def test_search_through_the_api(client):
    body = client.get("/api/v1/games/tdt/rules?q=betrayl").get_json()
    assert body["results"][0]["url"].startswith("/api/v1/games/tdt/rules/")
    assert "betray" in body["results"][0]["id"]
    across = client.get("/api/v1/rules?q=comflict").get_json()
    assert across["results"][0]["game"] == "tdt"


# --- the rules review (issue 12.5): stages, High Alert, words inside the rule text ----------

@pytest.mark.parametrize(("query", "expected"), [
    ("monologing", "monologuing-stage"), ("monologuing", "monologuing-stage"),
    ("scheming", "scheming-stage"), ("villainy", "villainy-stage"),
    ("high alret", "high-alert-tokens"), ("high alert", "high-alert-tokens"),
    ("syndicate plan revealed", "syndicate-doomsday-reveal"),
])
def test_stage_and_high_alert_entries_come_first(query, expected):
    assert INDEX.search(query)[0].entry.id == expected


def test_how_many_henchmen_finds_the_setup_entry():
    # issue 31, item 19: the setup entry giving the number of Henchmen comes first, not
    # "When a character is in play"
    top = INDEX.search("how many henchmen")[0]
    assert top.entry.id == "setup-starting-henchmen" and top.entry.section.startswith(
        "Setting Up")
    assert INDEX.search("how many henchmen do we start with")[0].entry.id == \
        "setup-starting-henchmen"


def test_the_question_as_typed_still_matches_a_title_or_alias():
    assert INDEX.search("how many players")[0].entry.id == "game-modes"
    assert INDEX.search("how many rounds")[0].entry.id == "doomsday-clock-start"


def test_a_word_only_in_the_rule_text_is_found():
    entry = BOOK.get("setup-war-map")
    assert "laugh" not in (entry.title + " ".join(entry.aliases)).lower()
    assert INDEX.search("evil laugh")[0].entry.id == "setup-war-map"


# --- the index finds what its definition says -------------------------------------------------

ALL_GAMES = all_games()
EVERY = SearchIndex([(g.slug, e) for g in ALL_GAMES for e in g.rules],
                    {g.slug: g.synonyms for g in ALL_GAMES})
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def slips(word: str) -> list[str]:
    """Every one-letter slip of a word: dropped, doubled, changed to a neighbour, swapped."""
    out = []
    for i in range(len(word)):
        out.append(word[:i] + word[i + 1:])
        out.append(word[:i] + word[i] + word[i:])
        out.append(word[:i] + LETTERS[(LETTERS.index(word[i]) + 1) % 26] + word[i + 1:]
                   if word[i] in LETTERS else word)
        if i + 1 < len(word):
            out.append(word[:i] + word[i + 1] + word[i] + word[i + 2:])
    return out


@pytest.mark.parametrize("seed", range(3))
def test_one_edit_lookup_agrees_with_a_scan_of_the_whole_vocabulary(seed):
    """The deletion table finds exactly the words a full OSA scan finds, in the same order."""
    import random

    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    vocabulary = EVERY._vocabulary
    rng = random.Random(seed)
    words = {s for w in rng.sample(vocabulary, 60) for s in slips(w) if len(s) >= 3}
    for word in sorted(words):
        scan = process.extract(word, vocabulary, scorer=OSA.distance, score_cutoff=1, limit=12)
        assert EVERY._one_edit(word) == [t for t, d, _ in scan if d == 1], word
        if len(word) > 5:
            window = process.extract(word, EVERY._windows.get(len(word), ()),
                                     scorer=OSA.distance, score_cutoff=2, limit=12)
            whole = process.extract(word, vocabulary, scorer=OSA.distance, score_cutoff=2,
                                    limit=12)
            assert [t for t, d, _ in window if d == 2] == [t for t, d, _ in whole if d == 2]


def test_equal_scores_rank_by_entry_id_and_the_limit_keeps_the_best():
    hits = EVERY.search("player", limit=400)
    keys = [(-h.score, h.entry.id) for h in hits]
    assert keys == sorted(keys)
    for limit in (1, 3, 10):
        assert EVERY.search("player", limit=limit) == hits[:limit]


def test_a_repeat_search_gives_the_same_answer():
    first = EVERY.search("hw mayny henchmen")
    assert first and EVERY.search("hw mayny henchmen") == first
