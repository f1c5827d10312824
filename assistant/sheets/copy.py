"""Copy checks for printed sheets: what must never reach paper.

"1 players", "0 sections" or "(0 back)" style sentences, internal parameter names
("named_henchmen") in printed text, and dishonest marks: a value whose text says the rules do
not give it (unknown, not printed, icon lost) must carry the unknown mark, never derived or
none. Run over every sheet by tests/printables/test_copy.py; a game fixes what it
finds in its own sheets.py.
"""
from __future__ import annotations

import re
from collections.abc import Collection, Iterator

from assistant.explain import Provenance

from . import Bullets, Checklist, Facts, Para, Sheet, Table

_ONE_PLURAL = re.compile(r"(?<![\d.,-])\b1 (players|seats|sections|cards|tiles|henchmen|villains|"
                         r"rounds|points|turns|dice|items|games|resources|missions|tokens|"
                         r"triggers|directives|gadgets|jobs|markers|phases|stages|actions|plans|"
                         r"marks|sets|chips|events|heroes|supers|throwdowns|contracts|rooms|"
                         r"decks|colours|teams|agents)\b", re.IGNORECASE)
_ZERO = re.compile(r"\b(the other|fill|remaining) 0 \w+|\(0 \w+\)|\b0 (back|returned|left|more|"
                   r"extra|handed out|never dealt|go back|dealt)\b", re.IGNORECASE)
_SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
_KEBAB = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z]+){2,}(?![\w-])(?!\.txt)")
"""An option or mode slug ("not-a-hero", "brought-to-justice"); a rulebook file name is fine."""
ENGLISH = frozenset({"end-of-game", "one-turn-each", "red-and-white"})
"""Hyphenated words of plain English that look like slugs."""
_LOST = re.compile(r"\bunknown\b|icons? (is |are |was )?lost|\(resource lost\)|lost in the OCR|"
                   r"(was|were) lost|not given here|pictures? in the (printed )?rulebook|"
                   r"shown as a picture", re.IGNORECASE)
"""Words that say the rules do not give a value: it must carry the unknown mark."""
_UNPRINTED = re.compile(r"not printed|never states|does not print|prints no", re.IGNORECASE)
"""Words that say the rulebook does not print it: marked unknown, or derived when we work it
out; never unmarked (which says "stated by the rulebook")."""


def honest_mark(text: str, provenance: Provenance,
                fallback: Provenance = Provenance.UNKNOWN) -> Provenance:
    """The mark a printed value must carry given what its own words say: unknown when they say
    the value is unknown or lost; when they say it is not printed and it is unmarked, the
    entry's own mark (`fallback`) if that is not the rulebook's, else unknown."""
    if _LOST.search(text):
        return Provenance.UNKNOWN
    if _UNPRINTED.search(text) and provenance is Provenance.RULEBOOK:
        return fallback if fallback is not Provenance.RULEBOOK else Provenance.UNKNOWN
    return provenance


def texts(sheet: Sheet) -> Iterator[str]:
    """Every string a sheet prints."""
    yield from (sheet.title, sheet.mode, sheet.players, sheet.subtitle)
    for sec in sheet.sections:
        yield sec.title
        if sec.link:
            yield sec.link.label
            yield sec.link.hint
        for block in sec.blocks:
            if isinstance(block, Para):
                yield block.text
            elif isinstance(block, Bullets):
                yield from block.items
            elif isinstance(block, Facts):
                for fact in block.rows:
                    yield fact.label
                    yield fact.value
            elif isinstance(block, Checklist):
                for check in block.items:
                    yield check.title
                    yield check.text
            elif isinstance(block, Table):
                yield from block.header
                yield from block.footer
                for row in block.rows:
                    yield from row


def marked(sheet: Sheet) -> Iterator[tuple[str, Provenance]]:
    """Every printed value that carries a provenance mark of its own, with that mark."""
    for sec in sheet.sections:
        for block in sec.blocks:
            if isinstance(block, Para):
                yield block.text, block.provenance
            elif isinstance(block, Facts):
                yield from ((f"{f.label}: {f.value}", f.provenance) for f in block.rows)
            elif isinstance(block, Checklist):
                yield from ((f"{c.title}: {c.text}", c.provenance) for c in block.items)
            elif isinstance(block, Table) and block.marks:
                yield from ((" | ".join(row), mark)
                            for row, mark in zip(block.rows, block.marks, strict=False))


def problems(sheet: Sheet, internal: Collection[str] = ()) -> list[str]:
    """What is wrong with a sheet's copy; `internal`: identifiers (mode slugs, option names)
    that must never be printed as words of their own."""
    found = [f"a mark its words contradict ({provenance.value}): {value[:60]!r}"
             for value, provenance in marked(sheet)
             if honest_mark(value, provenance, Provenance.DERIVED) is not provenance]
    for value in texts(sheet):
        for pattern, what in ((_ONE_PLURAL, "plural after 1"), (_ZERO, "a sentence about 0"),
                              (_SNAKE, "an internal name"), (_KEBAB, "an internal name")):
            for match in pattern.finditer(value):
                before = value[:match.start()].rstrip()
                if pattern is _ONE_PLURAL and before.endswith(("+", "Level", "level", "Tier")):
                    continue  # "1 + 1 players", "Level 1 Villains"
                if pattern is _KEBAB and match.group(0) in ENGLISH:
                    continue
                found.append(f"{what}: {match.group(0)!r}")
                break
        found.extend(f"an internal name: {name!r}" for name in internal
                     if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", value or ""))
    return found
