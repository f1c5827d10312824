"""The Vigilante rules reference: complete, cited with line numbers, cross-linked, searchable."""
from __future__ import annotations

import re

import pytest

from assistant.explain import Provenance
from assistant.games import find_game

GAME = find_game("vigilante")
BOOK = GAME.rules
LINES = re.compile(r"vigilante\.txt:\d+")

# Every rulebook section (by heading) and the entry that covers it.
SECTIONS = {
    "Overview": "overview", "Components": "components", "Setup": "setup-order",
    "Scenarios": "scenario-card", "Brought to Justice": "scenario-brought-to-justice",
    "Shifting Allegiances": "scenario-shifting-allegiances", "Showdown": "scenario-showdown",
    "Starting Events": "setup-starting-events", "Villain Deck": "setup-villain-deck",
    "Hero Market": "setup-hero-market", "City Deck & Agency Deck": "setup-decks",
    "General Supply": "setup-supply", "Take Player Pieces": "setup-player-pieces",
    "Identity Cards": "setup-identities", "Allegiance Tokens (setup)": "setup-allegiance-tokens",
    "Starter Heroes": "setup-starter-heroes", "Starting City Cards": "setup-city-cards",
    "First Player": "setup-first-player", "Identities": "identity-card",
    "Your Allegiance": "allegiance", "Allegiance Tokens": "allegiance-tokens",
    "Your Mission": "mission", "Table Talk": "table-talk", "Guardian": "identity-guardian",
    "Investigator": "identity-investigator", "Assassin": "identity-assassin",
    "Mastermind": "identity-mastermind", "Addict": "identity-addict",
    "Bounty Hunter": "identity-bounty-hunter", "Cultist": "identity-cultist",
    "Profiteer": "identity-profiteer", "Time Traveler": "identity-time-traveler",
    "Worshipper of Life": "identity-worshipper-of-life",
    "Example: Brought to Justice": "example-brought-to-justice", "Game Round": "round",
    "Choose New Event": "choose-new-event", "Players Take Turns": "player-turn",
    "Free Actions": "free-actions", "Submitting an Event Die": "submit-event-die",
    "Breaking Point": "breaking-point", "City Cards": "city-cards",
    "One-Time-Use": "card-one-time-use", "Ambush": "card-ambush", "Equipment": "card-equipment",
    "Attached Equipment": "attached-equipment", "Agency Cards": "agency-cards",
    "Effect Conflicts": "effect-conflicts", "Trigger Events": "trigger-events",
    "Jailbreak": "event-jailbreak", "Firefight": "event-firefight", "Hacking": "event-hacking",
    "Loot Crate": "event-loot-crate", "Paramedic": "event-paramedic",
    "Pass First Player": "pass-first-player", "Main Actions": "main-actions",
    "Draw a Card": "action-draw", "Recruit a Hero": "action-recruit", "Player Mat": "hero-slots",
    "Fight a Villain": "action-fight", "Defeated Heroes": "defeated-heroes", "Jail": "jail",
    "Villain Level": "villain-level", "Heal a Hero": "action-heal",
    "Inventory Equipment": "action-inventory", "Trade a Card": "action-trade",
    "Game End": "game-end", "Mercenaries": "variant-mercenaries", "First game": "first-game",
    "Frequently Overlooked Rules": "overlooked-rules",
}


@pytest.mark.parametrize(("heading", "entry_id"), sorted(SECTIONS.items()))
def test_every_rulebook_section_has_an_entry(heading, entry_id):
    assert BOOK.get(entry_id).text


def test_entries_cite_line_numbers_and_provenance():
    for entry in BOOK:
        assert any(LINES.search(s) for s in entry.sources), f"{entry.id}: no line numbers"
        if entry.provenance is not Provenance.RULEBOOK:
            assert entry.provenance_note.strip(), entry.id
        for number in entry.numbers:
            if number.provenance in (Provenance.DERIVED, Provenance.UNKNOWN):
                assert number.note or entry.provenance_note, f"{entry.id}: {number.label}"


def test_titles_unique_and_links_resolve():
    titles = [e.title.casefold() for e in BOOK]
    assert len(titles) == len(set(titles))
    calculators = set(GAME.calculators) | {"setup", "score"}
    modes = {m.slug for m in GAME.modes}
    for entry in BOOK:
        assert set(entry.related) <= {e.id for e in BOOK}, entry.id
        assert set(entry.calculators) <= calculators, entry.id
        assert set(entry.modes) <= modes, entry.id


def test_glossary_present():
    assert sum(1 for e in BOOK if e.glossary) >= 15


def test_operations_cite_existing_rules_and_their_examples_run():
    ops = [*GAME.calculators.values(), GAME.setup, GAME.scoring]
    for op in ops:
        assert op is not None
        for rule in op.rules:
            assert rule in BOOK, f"{op.slug} cites missing {rule}"
        answer = op.run(op.example)
        assert answer.steps and answer.summary
        for step in answer.steps:
            assert step.rule is None or step.rule in BOOK, f"{op.slug} cites {step.rule}"


@pytest.mark.parametrize(("key", "value"), [
    ("event-tokens", 31), ("player-mats", 5), ("event-dice", 10), ("allegiance-tokens", 30),
    ("identity-cards", 17), ("scenario-cards", 7), ("damage-cubes", 50),
    ("action-tokens", 20), ("starter-heroes", 12), ("heroes", 41), ("villains-per-level", 20),
    ("city-cards", 96), ("agency-cards", 60)])
def test_component_counts(key, value):
    assert BOOK.get("components").number(key).value == value


def test_box_supplies_exactly_five_players():
    """The derived maximum: per-player pieces times 5 equal the box's counts."""
    comp = BOOK.get("components")
    pieces = BOOK.get("setup-player-pieces")
    tokens = BOOK.get("setup-allegiance-tokens")
    assert comp.number("event-dice").value == 5 * pieces.number("event-dice").value
    assert comp.number("action-tokens").value == 5 * pieces.number("action-tokens").value
    assert comp.number("allegiance-tokens").value == 5 * tokens.number("dealt").value
    assert BOOK.get("player-count").number("max-players").value == 5
    assert all(m.max_players == 5 for m in GAME.modes if m.slug != "showdown")
    assert GAME.mode("showdown").max_players == 4  # even, and at most 5


def test_identity_thresholds_in_the_reference_match_the_judge():
    from assistant.games.vigilante import identities as ids

    assert BOOK.get("identity-guardian").number("per-good-player").value == ids.GUARDIAN_PER_GOOD
    assert BOOK.get("identity-investigator").number("jail").value == ids.INVESTIGATOR_JAIL
    assert BOOK.get("identity-mastermind").number("jail").value == ids.MASTERMIND_JAIL
    for ident in ("bounty-hunter", "cultist", "profiteer", "worshipper-of-life"):
        assert BOOK.get(f"identity-{ident}").number("jail").value == ids.NEUTRAL_JAIL
    copies = sum(c.copies for c in ids.CARDS.values())
    assert copies == 16 and ids.IDENTITY_CARDS_IN_BOX == 17


@pytest.mark.parametrize(("query", "entry_id"), [
    ("btj", "scenario-brought-to-justice"), ("mercs", "variant-mercenaries"),
    ("breaking point", "breaking-point"), ("time traveler", "identity-time-traveler"),
    ("jailbreak", "event-jailbreak"), ("recruit", "action-recruit")])
def test_search_finds_entries(query, entry_id):
    from assistant.search import SearchIndex

    index = SearchIndex([("vigilante", e) for e in BOOK], {"vigilante": GAME.synonyms})
    top = [h.entry.id for h in index.search(query)][:3]
    assert entry_id in top, top
