"""How players phrase questions (issue 44, Build 5): other forms of a word, spelled-out
numbers, "what happens to X", an alias said inside a longer question, and a question answered
whole rather than by one strong word. Small made-up entries, so each ranking has one cause."""
from __future__ import annotations

from assistant.rules import Entry, Provenance
from assistant.search import SearchIndex, root, subject


def entry(id: str, title: str, text: str, aliases: tuple[str, ...] = ()) -> Entry:
    return Entry(id=id, title=title, section="", text=text, provenance=Provenance.RULEBOOK,
                 aliases=aliases)


def first(entries: list[Entry], query: str) -> str:
    return SearchIndex([("g", e) for e in entries]).search(query)[0].entry.id


def test_a_word_meets_the_rules_other_forms_of_it():
    assert [root(w) for w in ("recruited", "recruiting", "dealt", "tied", "instantly")] == \
        ["recruit", "recruit", "deal", "tie", "instant"]
    assert root("injured")[:5] == root("injury")[:5] == "injur"
    rules = [entry("hire", "Hiring", "Recruit a card from the row."),
             entry("row", "The row", "Cards wait in the row.")]
    assert first(rules, "how does recruiting work") == "hire"


def test_a_spelled_out_number_meets_the_figure():
    rules = [entry("vault", "Vault", "While you hold 3 prisoners you draw from the vault."),
             entry("cell", "Cell", "You hold prisoners in your cell.")]
    assert first(rules, "what if I hold fewer than three prisoners") == "vault"


def test_what_happens_to_names_the_subject():
    assert subject("What happens to the mercenaries at the end of the round") == "mercenaries"
    assert subject("what happens if only heroes are at a throwdown") == "heroes"
    assert subject("what happens when I run out") is None
    rules = [entry("a-raid", "Raid", "Cards are lost in a raid."),
             entry("b-cards", "Cards", "A raid loses cards.")]
    assert first(rules, "what happens to cards in a raid") == "b-cards"


def test_an_alias_inside_a_longer_question_leads():
    rules = [entry("track", "Time track", "Each action costs weeks.", ("out of weeks",)),
             entry("calendar", "Calendar", "A page of the calendar.", ("weeks", "out"))]
    assert first(rules, "what happens when I run out of weeks") == "track"


def test_an_entry_answering_every_word_beats_one_word_said_strongly():
    rules = [entry("a-hire", "Hiring", "The crew you hire.", ("crew",)),
             entry("b-raid", "Raids", "An assault sends the crew home."),
             entry("c-other", "Other", "An assault.")]
    assert first(rules, "crew in an assault") == "b-raid"


def test_pronouns_do_not_steer_a_question():
    rules = [entry("a-them", "Them", "Them and their friends."),
             entry("b-harm", "Harm", "Take damage: the henchman goes home.")]
    assert first(rules, "what if they take damage") == "b-harm"
