"""Issue 44: every number and every reading carries its own mark, read from one place.

- The provenance walk: every key number of every game is checked against the rulebook lines
  it cites (its own, else its entry's): a number printed there is never marked derived or
  unknown, a number marked as printed is printed there (or its note says where, with the
  lines: a count of a printed list), and a derived one gives its reasoning (build 1).
- One source: a calculation step (calculators, setup, scoring; every worked example and
  golden case) that applies a reading shows the mark and the wording of that reading as its
  entry holds it, and a step on an entry the rulebook does not state outright names the part
  it applies; a sheet prints a reading with the mark its entry gives it; the same wording
  never carries two marks (build 2).
- Player words: no developer wording in what a rule page shows, and "the rulebook
  disagrees" only where two passages of it do (build 4).
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator

import pytest

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance
from assistant.games import Game, all_games
from assistant.rules import Entry
from assistant.sheets import Checklist, Facts, Para, Sheet, Table

from . import golden
from .rulebook_text import RULEBOOKS, cited, pages, printed_at, values

GAMES = all_games()
IDS = [g.slug for g in GAMES]
RULEBOOK = Provenance.RULEBOOK
pytestmark = pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="rulebooks not beside the checkout")


def book_file(game: Game) -> str:
    """The rulebook copy a game's entries cite."""
    for entry in game.rules:
        for source in entry.sources:
            return source.split(":")[0]
    return f"{game.title.lower().replace(' ', '-')}.txt"


# ------------------------------------------------------------------------- build 1: numbers

def number_problems(game: Game) -> list[str]:
    file = book_file(game)
    out = []
    for entry in game.rules:
        for n in entry.numbers:
            own = cited(n.sources)
            broad = cited(entry.sources) + pages(file, entry.section)
            where = own or broad  # the lines the number stands on
            name = f"{entry.id} / {n.key or n.label} = {n.value!r} ({n.provenance.value})"
            assert where, f"{name}: the entry cites no rulebook lines"
            label = f"{n.label} {n.unit}"
            # printed beside half its label's words: then never derived; beside none of them
            # anywhere the entry cites: then not marked as printed
            hit = printed_at(n.value, label, where, share=0.5) if values(n.value) else None
            if hit and n.provenance in (Provenance.DERIVED, Provenance.UNKNOWN):
                out.append(f"{name}: printed at {hit}")
            if n.provenance is RULEBOOK and not printed_at(n.value, label, own + broad) and not (
                    n.note and n.sources):
                out.append(f"{name}: marked as printed, but not found at its lines (a count "
                           "of a printed list, or a value in a table, says so in its note "
                           "with the lines)")
            if n.provenance is not RULEBOOK and not n.note.strip():
                out.append(f"{name}: no reasoning")
    return out


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_number_carries_its_own_mark(game: Game) -> None:
    assert number_problems(game) == []


def test_a_printed_number_in_a_derived_entry_is_not_derived() -> None:
    """The walk's own check (issue 44, item 1): the loader gives a number its own mark, and a
    number marked derived where its lines print it is found."""
    from assistant.rules import KeyNumber  # noqa: PLC0415

    lines = [("maniacal.txt", 81)]                                  # $8, $9, $10 and so on
    assert printed_at(9, "Starting money, second player", lines)
    assert not printed_at(11, "Starting money, fourth player", lines)
    number = KeyNumber("Second player's money", 9)
    assert number.provenance is RULEBOOK


# ------------------------------------------------------------------------- build 2: readings

def answers(game: Game) -> Iterator[tuple[str, Explained]]:
    """Every answer the game's operations give on their examples and golden cases, and the
    setup for every mode and player count."""
    ops = dict(game.calculators)
    if game.setup:
        ops["setup"] = game.setup
    if game.scoring:
        ops["score"] = game.scoring
    for slug, op in ops.items():
        yield f"{slug} (example)", op.run(op.example)
    folder = golden.ROOT / game.slug.replace("-", "_") / "golden"
    for path in sorted(folder.glob("*.toml")):
        for case in golden.cases_in(path):
            if "error" not in case:
                yield (f"{case['op']} ({path.stem}: {case['name']})",
                       golden.operation(game, case["op"]).run(case["input"]))
    if game.setup:
        for mode in game.modes:
            for players in range(mode.min_players, mode.max_players + 1):
                try:
                    yield (f"setup ({mode.slug}, {players})",
                           game.setup.run({"mode": mode.slug, "players": players}))
                except InvalidInput:
                    continue  # a setup that needs more than a mode and a count


def parts(entry: Entry) -> set[tuple[Provenance, str]]:
    """Every (mark, wording) an entry holds: its own, its numbers', its readings'."""
    found = {(entry.provenance, entry.provenance_note)}
    found |= {(r.provenance, r.text) for r in entry.readings}
    found |= {(n.provenance, n.note) for n in entry.numbers if n.note}
    return found


def step_problems(game: Game) -> list[str]:
    """One line per reading a step shows apart from its entry (the first answer showing it)."""
    out: dict[tuple[str, str, str], str] = {}
    for where, answer in answers(game):
        for step in answer.steps:
            if step.rule is None:
                if step.provenance is not RULEBOOK or step.note:
                    out.setdefault(("", step.provenance.value, step.note),
                                   f"{where}: a step marked {step.provenance.value} names no "
                                   f"rule: {step.text[:60]!r}")
                continue
            if step.provenance is Provenance.HOUSE:
                continue  # the table's own choice, not a reading of the rulebook
            entry = game.rules.get(step.rule)
            if not step.note and step.provenance is entry.provenance:
                continue  # applies the entry as a whole
            if (step.provenance, step.note) not in parts(entry):
                out.setdefault((entry.id, step.provenance.value, step.note),
                               f"{where}: step on {entry.id!r} ({entry.provenance.value}) marked "
                               f"{step.provenance.value}: {step.text[:50]!r} / note "
                               f"{step.note[:70]!r}")
    return sorted(out.values())


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_step_reads_its_mark_and_wording_from_its_entry(game: Game) -> None:
    assert step_problems(game) == []


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def sheet_marks(sheet: Sheet) -> Iterator[tuple[str, Provenance]]:
    """(text, mark) of every marked line a sheet prints."""
    for section in sheet.sections:
        yield section.source, section.provenance
        for block in section.blocks:
            if isinstance(block, Para):
                yield block.text, block.provenance
            elif isinstance(block, Facts):
                yield from ((f"{f.label} {f.value}", f.provenance) for f in block.rows)
            elif isinstance(block, Checklist):
                yield from ((f"{c.title} {c.text}", c.provenance) for c in block.items)
            elif isinstance(block, Table) and block.marks:
                yield from ((" ".join(r), m) for r, m in zip(block.rows, block.marks,
                                                              strict=False))


def wording_problems(game: Game) -> list[str]:
    """The same reading (its wording) with two marks anywhere: in two entries, in an entry and
    a step, or in an entry and a printed sheet."""
    marks: dict[str, set[tuple[Provenance, str]]] = defaultdict(set)
    for entry in game.rules:
        for prov, text in parts(entry):
            if len(text) >= 30:
                marks[_plain(text)].add((prov, f"entry {entry.id}"))
    for where, answer in answers(game):
        for step in answer.steps:
            if len(step.note) >= 30 and step.provenance is not Provenance.HOUSE:
                marks[_plain(step.note)].add((step.provenance, where))
    out = [f"{text[:80]!r}: {sorted((p.value, w) for p, w in found)[:4]}"
           for text, found in marks.items() if len({p for p, _ in found}) > 1]
    if game.sheets is not None:
        known = {text: {p for p, _ in found} for text, found in marks.items()}
        provider = game.sheets()
        sheets = list(provider.batch())
        if game.setup is not None:  # and the setup sheet of the worked example (a seeded deal)
            wanted = provider.CATALOGUE.setup.params
            sheets.append(provider.setup_sheet(**{k: v for k, v in game.setup.example.items()
                                                  if k in wanted}))
        for sheet in sheets:
            for text, prov in sheet_marks(sheet):
                line = _plain(text)
                for wording, provs in known.items():
                    if wording in line and prov not in provs and len(provs) == 1:
                        out.append(f"sheet {sheet.slug}: {line[:60]!r} printed "
                                   f"{prov.value}, its entry says {next(iter(provs)).value}")
    return sorted(set(out))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_reading_has_one_mark_everywhere(game: Game) -> None:
    assert wording_problems(game) == []


# ------------------------------------------------------------------------- build 4: words

DEVELOPER = re.compile(
    r"golden case|\bour (golden|text|copy)\b|not in our text|rulebook copy|not given here|"
    r"\breading [SM]-\d|\b[SM]-\d+\b|digest|heading, text about|\.py\b|\bOCR\b|\bkey\b =",
    re.IGNORECASE)
"""Words for the people who build the companion, not for players."""


def shown(entry: Entry) -> Iterator[str]:
    """Everything a rule page shows of an entry."""
    yield from (entry.title, entry.section, entry.text, entry.provenance_note)
    yield from (note for _, note in entry.mode_notes)
    for n in entry.numbers:
        yield from (n.label, str(n.value), n.unit, n.note)
    for r in entry.readings:
        yield from (r.source, r.text)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_rule_pages_speak_to_players(game: Game) -> None:
    found = [f"{e.id}: {m.group(0)!r} in {text[max(0, m.start() - 40):m.end() + 30]!r}"
             for e in game.rules for text in shown(e) for m in DEVELOPER.finditer(text)]
    assert found == []


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_rulebook_disagrees_only_where_two_passages_do(game: Game) -> None:
    wrong = []
    for e in game.rules:
        shown = [r for r in e.readings if r.disagrees]
        lines = {line for r in shown for line in cited(r.sources)}
        # a reading that sets two passages against each other cites both, or the entry
        # holds one reading per passage, each citing its own
        if shown and (len(lines) < 2 or any(not cited(r.sources) for r in shown)):
            wrong.append(f"{e.id}: {[r.source for r in shown]}")
    assert wrong == []
