"""The Tomorrow Dies Today rules reference: complete, cited, cross-linked, in our own words."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from assistant.explain import Provenance
from assistant.games import find_game

GOLDEN = tomllib.loads((Path(__file__).parent / "glossary_terms.toml").read_text())
TERMS = [tuple(t) for t in GOLDEN["terms"]]
BOOK = find_game("tdt").rules
ROOT = Path(__file__).resolve().parents[3]


def test_the_glossary_has_54_terms():
    assert len(TERMS) == 54 and len({i for _, i in TERMS}) == 54


@pytest.mark.parametrize(("term", "entry_id"), TERMS)
def test_every_glossary_term_has_an_entry(term, entry_id):
    entry = BOOK.get(entry_id)
    assert entry.glossary, f"{entry_id} should be marked as a glossary term"
    assert entry.text


def test_entries_are_cited_and_have_provenance():
    for entry in BOOK:
        assert entry.section.strip(), entry.id
        assert entry.text.strip(), entry.id
        if entry.provenance is not Provenance.RULEBOOK:
            assert entry.provenance_note.strip(), f"{entry.id}: why {entry.provenance}?"
        for number in entry.numbers:
            if number.provenance in (Provenance.DERIVED, Provenance.UNKNOWN):
                assert number.note or entry.provenance_note, f"{entry.id}: {number.label}"


def test_titles_are_unique():
    titles = [e.title.casefold() for e in BOOK]
    assert len(titles) == len(set(titles))


def test_cross_links_resolve():
    calculators = set(find_game("tdt").calculators)
    for entry in BOOK:
        for related in entry.related:
            assert related in BOOK, f"{entry.id} links to missing {related}"
        for calc in entry.calculators:
            assert calc in calculators | {"setup", "score"}, f"{entry.id}: calculator {calc}"


def test_modes_are_real_modes():
    modes = {m.slug for m in find_game("tdt").modes}
    for entry in BOOK:
        assert set(entry.modes) <= modes, entry.id
        assert {m for m, _ in entry.mode_notes} <= modes, entry.id


@pytest.mark.parametrize("entry_id", ["requisition-resources", "team-leader",
                                      "setup-nefarious-plans", "nefarious-plan",
                                      "conflict-effects", "henchman-named"])
def test_contradictions_show_both_readings(entry_id):
    assert len(BOOK.get(entry_id).readings) >= 2


def test_every_cited_rule_id_exists():
    """Calculators, setup and scoring cite rule entries; each cited id must exist."""
    game = find_game("tdt")
    ops = list(game.calculators.values()) + [op for op in (game.setup, game.scoring) if op]
    for op in ops:
        for rule in op.rules:
            assert rule in BOOK, f"{op.slug} cites missing rule {rule}"
        for step in op.run(op.example).steps:
            assert step.rule is None or step.rule in BOOK, f"{op.slug} cites {step.rule}"


def test_no_sentence_is_copied_from_the_rulebook():
    tool = ROOT.parent / "shared" / "tools" / "verbatim_check.py"
    if not tool.exists():
        pytest.skip("the shared verbatim checker is not beside the project")
    out = subprocess.run([sys.executable, str(tool)], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:]


# --- issue 13: entries corrected against the rulebook line they cite ------------------------

def _modes(entry_id: str) -> dict[str, str]:
    return dict(BOOK.get(entry_id).mode_notes)


def test_betrayal_eligibility_counts_named_henchmen_and_keeps_the_literal_reading():
    e = BOOK.get("betrayal-eligibility")
    assert e.provenance == "derived" and "Goodman" in e.provenance_note
    assert e.number("someone-scored").provenance == "derived"
    assert "Named Henchman" in e.text
    assert any("never holds anyone back" in r.text for r in e.readings)  # the literal wording


def test_global_events_come_out_when_the_clock_touches_an_even_number():
    glossary, reveal = BOOK.get("global-events"), BOOK.get("global-events-reveal")
    assert "touches an even number" in glossary.text and "lands on" not in glossary.text
    assert "always touches" in glossary.text and "Syndicate" in glossary.text
    assert "passed or landed" in reveal.text  # the two entries agree


def test_a_round_does_not_always_end_with_the_clock_moving_one():
    text = BOOK.get("round").text
    assert "moves down two" in text and "Goodman's Plotting" in text


def test_security_sweep_marks_the_cia_token_derived():
    e = BOOK.get("security-sweep")
    assert e.provenance == "derived" and "Corrupt the Agency" in e.provenance_note
    assert e.number("cia-first-reveal").provenance == "derived"
    assert "may not be its first" in e.text


def test_corrupt_agency_gives_both_readings_of_the_lost_icons():
    e = BOOK.get("corrupt-agency")
    assert len(e.readings) >= 2
    assert any("Resources" in r.text for r in e.readings)
    assert "Resources and Mission Tiles" in e.provenance_note


def test_syndicate_glossary_win_counts_hires_and_ignores_the_team_leader_trigger():
    text = BOOK.get("syndicate").text
    assert "hired this Round count" in text and "Team Leader trigger is ignored" in text


def test_villain_prestige_mayhem_ignores_the_team_leader_trigger():
    e = BOOK.get("villain-prestige")
    assert "Team Leader trigger" in _modes("villain-prestige")["mayhem"]
    assert "Every active Betrayal Trigger takes 1 VP" not in e.text


def test_team_leader_passing_in_cutthroat_is_marked_derived():
    e = BOOK.get("team-leader-passing")
    assert _modes("team-leader-passing")["cutthroat"].startswith("Derived")
    assert e.provenance == "derived" and "Cutthroat" in e.provenance_note


def test_travel_squads_name_axle_as_the_rulebook_does():
    assert "Robbins" not in BOOK.get("travel-squads").text


def test_force_betrayal_tie_reading_agrees_with_the_readme():
    text = BOOK.get("force-betrayal").text
    assert "tie for the most Disloyal Side Jobs" in text and "still qualifying" in text
    readme = (ROOT / "assistant" / "games" / "tdt"
              / "README.md").read_text()
    assert "a tie for the most Disloyal Side Jobs still qualifies" in readme


def test_syndicate_plan_reveal_is_an_unknown_the_table_records():
    e = BOOK.get("syndicate-doomsday-reveal")
    assert e.provenance == "unknown" and e.number("reveal-trigger").provenance == "unknown"
    assert "syndicate-doomsday-reveal" in BOOK.get("setup-doomsday-plan").related
    assert "syndicate-doomsday-reveal" in BOOK.get("hire-named-henchman").related
    assert {"hire-henchman", "world-reacts"} <= set(e.calculators)


def test_high_alert_tokens_and_the_three_stages_have_entries():
    alert = BOOK.get("high-alert-tokens")
    assert "three jobs" in alert.text and "Spoil" in alert.text and "HQ" in alert.text
    for stage in ("scheming-stage", "villainy-stage", "monologuing-stage"):
        assert stage in BOOK.get("stage").related
