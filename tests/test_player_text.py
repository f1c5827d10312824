"""Issue 31, item 18: pages and sheets are written for players. File-and-line citations stay
in the API (an entry's `sources`, a step's note) and never reach a page or a sheet; no page
or sheet talks about the scan of the rulebook."""
from __future__ import annotations

import re

import pytest

from assistant.games import all_games
from assistant.player_text import for_players, split

SCAN_TALK = re.compile(r"\.txt:\d|\bOCR\b|\bthe scan\b|in the scan|our copy|\[read: |"
                       r"icons? (is |are |was |were )?lost|lost icon|rewritten text", re.I)


@pytest.mark.parametrize("text, shown, cited", [
    ("IV. Clean-up Phase (maniacal.txt:318-327)", "IV. Clean-up Phase",
     ("maniacal.txt:318-327",)),
    ("No salary (maniacal.txt:59, 121) (derived).", "No salary (derived).",
     ("maniacal.txt:59, 121",)),
    ("Setup (vigilante.txt:149, :223, :237)", "Setup", ("vigilante.txt:149, :223, :237",)),
    ("the INNER figures (syndicate.txt:130), and", "the INNER figures, and",
     ("syndicate.txt:130",)),
    ("Phase 3 [read: 2]: Assemble", "Phase 3: Assemble", ()),
    ("At 12:30, a ratio of 3:2", "At 12:30, a ratio of 3:2", ()),
])
def test_split(text, shown, cited):
    assert split(text) == (shown, cited)
    assert for_players(text) == shown


@pytest.mark.parametrize("game", [g.slug for g in all_games()])
def test_rules_entries_show_players_no_citation_and_keep_it_for_checkers(game):
    book = next(g for g in all_games() if g.slug == game).rules
    for entry in book:
        shown = entry.to_json()
        sources = shown.pop("sources")
        assert not SCAN_TALK.search(repr(shown)), (entry.id, SCAN_TALK.search(repr(shown)))
        if game != "tdt":   # the TDT reference cites pages, not lines
            assert sources, entry.id


def test_rules_index_groups_read_as_players_look():
    from assistant.rules import group_entries

    for game in all_games():
        for chapter, _entries in group_entries(game.rules):
            assert not re.search(r"heading|\[read|\btext about\b|step \d", chapter), chapter


def test_sheets_carry_no_citation_or_scan_talk():
    from assistant.sheets.copy import texts
    from tests.printables.test_copy import _every_sheet

    bad = {(s.slug, t[:80]) for s in _every_sheet() for t in texts(s)
           if t and SCAN_TALK.search(t)}
    assert not bad, sorted(bad)[:10]


def _paths() -> list[str]:
    from assistant import links

    paths = []
    for game in all_games():
        paths.append(links.rules_index(game.slug))
        paths += [links.rule(game.slug, e.id) for e in game.rules]
        paths += [links.calculator(game.slug, slug) + "?example=1" for slug in game.calculators]
        for mode in game.modes:
            paths.append(links.setup(game.slug, mode=mode.slug, players=mode.max_players,
                                     seed="7"))
    return paths


def test_pages_carry_no_citation_or_scan_talk(client):
    bad = []
    for path in _paths():
        html = client.get(path).get_data(as_text=True)
        words = re.sub(r"<[^>]+>", "", html)
        found = SCAN_TALK.search(words)
        if found:
            bad.append((path, words[max(0, found.start() - 60):found.end() + 20]))
    assert not bad, bad[:5]


# --- issue 43, item 3: words for players only, everywhere a player reads ----------------------

import pytest  # noqa: E402

from assistant.player_text import counted, dev_talk  # noqa: E402
from tests import player_text_sources as sources  # noqa: E402

RULES_DATA_FINDINGS = 36
"""What the check still finds in the rules data (rules/*.toml), the issue-44 rewrite's: the
test fails when more appear. Listed by test_what_the_rules_data_still_says."""


@pytest.mark.parametrize(("text", "what"), [
    ("Table setting: cultist timing.", "a setting's key"),
    ("Table setting “ko piles”: reset", "a setting's key"),
    ("Still to read from your card: rounds, starting_city_cards, good.", "a field name"),
    ("Choose the attack_reading first.", "a field name"),
    ("Mission not achieved (rule goal-cutthroat).", "a rule id"),
    ("Rule: identity assassin", "a rule id"),
    ("Rulebook: Setup (maniacal.txt:65-83)", "a rulebook file and line"),
    ("the rulebook deals new ones each round (:32)", "a rulebook file and line"),
    ("A share code has 8 characters. Allowed: 8 characters.", "a validator's tail"),
    ("Scan: Setup checklist", "talk of our copy of the rulebook"),
    ("derived from an icon not given here", "talk of our copy of the rulebook"),
    ("Prices above 15 are not in the text.", "talk of our copy of the rulebook"),
    ("goes round until every hand is empty (companion default)",
     "talk of our copy of the rulebook"),
    ("Code K7M2 X9QA · version 0 · following", "a word for developers"),
    ("Interpol Hq", "a word for developers"),
    ("1 Loot types", "a word for developers"),
    ("0 active Betrayal Trigger(s), 1 VP each", "a word for developers"),
    ("Start a session with this setup", "a word for developers"),
])
def test_the_check_knows_each_kind_of_finding(text: str, what: str) -> None:
    assert what in [found[0] for found in dev_talk(text)]


@pytest.mark.parametrize("text", [
    "Setting up your player mat", "At 12:30, a ratio of 3:2", "Ана wins with 14 VP.",
    "Scan the code to open Rule: Hoodlum Hospital.", "Table setting, KO piles between "
    "rounds: reset (the default; the other option is cumulative)."])
def test_the_check_leaves_players_words_alone(text: str) -> None:
    assert dev_talk(text) == []


def test_counts_are_said_for_their_number() -> None:
    assert counted("Pay 1 week(s), then 3 ARMED reinforcement(s) and 2 success(es).") == \
        "Pay 1 week, then 3 ARMED reinforcements and 2 successes."


def _findings(texts: object) -> tuple[list[tuple[str, str, str, str]], list[tuple[str, str]]]:
    corpus = re.sub(r"\s+", " ", sources.rules_corpus())
    ours, theirs = [], []
    for where, text in texts:  # type: ignore[attr-defined]
        for what, match, around in dev_talk(text):
            if sources.from_rules(match, around, corpus):
                theirs.append((what, match))
            else:
                ours.append((where, what, match, around))
    return ours, theirs


@pytest.fixture(scope="module")
def every_text(unlimited_client: object) -> list[tuple[str, str]]:
    """Everything a player reads (tests/player_text_sources.py), gathered once."""
    c = unlimited_client
    texts = [*sources.pages(c), *sources.finished_pages(c), *sources.calculator_words(c),
             *sources.refusal_words(c), *sources.offline_words(c), *sources.pdf_words()]
    for game in sources.TRACKED:
        texts += list(sources.table_words(game))
    return texts


def test_no_page_answer_sheet_or_list_talks_to_developers(every_text) -> None:
    """Issue 43, item 3: every page, the table page's lines, labels and score, the API's
    summaries, steps and refusals, printed sheets and the offline lists; the words the rules
    data carries are the next test's."""
    ours, _ = _findings(every_text)
    assert not ours, "\n".join(f"{w}: {what}: {m!r} in …{a}…" for w, what, m, a in ours[:20])


def test_what_the_rules_data_still_says(every_text) -> None:
    """The rules data's own words (rules/*.toml, being rewritten under issue 44): listed,
    and never more of them than when this check was written."""
    _, theirs = _findings(every_text)
    kinds = sorted({f"{what}: {match}" for what, match in theirs})
    print(len(theirs), "\n".join(kinds))
    assert len(theirs) <= RULES_DATA_FINDINGS, kinds


@pytest.mark.parametrize("game", sources.TRACKED, ids=lambda g: g.slug)
def test_seat_lines_are_the_games_own_words(game) -> None:
    """A seat line the page shows is a sentence the game wrote ("VP from objectives: 0"),
    never a key the page turns into words ("VP objectives: 0", issue 43)."""
    from assistant.tracker import SHARED, History, parse_event

    tracker = game.tracker
    history = History(tracker, tracker.parse_setup(sources.names_only(game)))
    lines = tracker.board(history.setup).seat_lines
    for _ in range(40):
        for seat in tracker.state_json(history.setup, history.state, SHARED)["seats"]:
            for key in lines:
                assert seat.get(key) is None or isinstance(seat[key], str), (key, seat[key])
        moves = tracker.moves(history.setup, history.state)
        if not moves:
            break
        history.append(parse_event(tracker, dict(moves[0])))
