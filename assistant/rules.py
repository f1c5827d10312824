"""A game's rules reference: own-words entries loaded from TOML files.

File format (one or more `*.toml` files in a game's `rules/` folder). A file may name the
chapter its entries are listed under in the rules index (`chapter = "Setup"`, top level);
each entry:

    [[entry]]
    id = "fund-deployment"              # stable slug, unique within the game
    title = "Fund Deployment"           # unique within the game
    section = "Villainy › Fund Deployment"   # where in the rulebook it comes from
    modes = ["cutthroat", "mayhem"]     # optional; omitted means every mode
    provenance = "rulebook"             # rulebook | derived | community | unknown
    provenance_note = "..."             # required unless provenance is rulebook
    glossary = true                     # optional: the entry is a rulebook glossary term
    aliases = ["deploy cost"]           # optional: other words players use
    related = ["travel-squads"]         # optional: ids of other entries
    calculators = ["fund-deployment"]   # optional: calculators that apply
    text = "..."                        # own words, short paragraphs

Authors cite the rulebook copy by file and line anywhere ("(<game>.txt:319)"). A player
never sees those: the loader takes them out of every field a page or sheet shows and keeps
them, in order, in the entry's `sources` (assistant.player_text).
    [entry.mode_notes]                  # optional: how a mode differs
    mayhem = "..."
    [[entry.numbers]]                   # optional: key numbers as data
    key = "squad-small"                 # optional stable key; code reads numbers by key
    label = "Squad of 1-3 henchmen"
    value = 1
    unit = "Funding"
    provenance = "derived"              # the number's own mark (default rulebook: printed)
    note = "..."                        # the reasoning; required unless rulebook; may cite
                                        # the number's own lines (else the entry's count)
    [[entry.readings]]                  # optional: one way we read the rulebook
    key = "unpaid"                      # optional stable key; code reads readings by key
    source = "Glossary: Team Leader"
    provenance = "derived"              # optional, default derived; "rulebook" for a
                                        # printed clarification
    disagrees = true                    # only where two rulebook passages contradict
    text = "..."

Every mark has one place: an entry's own (`provenance` and its note), a key number's, or a
reading's. A calculator step, a setup line or a sheet that applies one reads its mark and
wording from there (`Entry.step`, `Entry.part`), so the same reading never shows two marks.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant.errors import UnknownEntry
from assistant.explain import Provenance, Step
from assistant.player_text import split

StepValue = int | float | str | bool | None


@dataclass(frozen=True)
class KeyNumber:
    label: str
    value: int | float | str
    unit: str = ""
    provenance: Provenance = Provenance.RULEBOOK
    note: str = ""
    key: str = ""
    """Stable name code reads the number by (labels are prose and may be reworded)."""
    sources: tuple[str, ...] = ()
    """The number's own rulebook lines, where its label or note cites them."""

    @property
    def wording(self) -> str:
        return self.note


@dataclass(frozen=True)
class Reading:
    """One way we read the rulebook: a printed clarification, a reading worked out from the
    rulebook's own arithmetic or examples, or a gap the table fills."""

    source: str
    text: str
    key: str = ""
    provenance: Provenance = Provenance.DERIVED
    disagrees: bool = False
    """Two rulebook passages say different things (the page heads it so); otherwise the
    rulebook is silent, garbled or open and this is how we read it."""
    sources: tuple[str, ...] = ()
    """The rulebook lines the reading rests on (cited in its source or text)."""

    @property
    def wording(self) -> str:
        return self.text


Part = KeyNumber | Reading
"""What a step or a sheet line can apply: a key number or a reading of an entry."""


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    section: str
    text: str
    provenance: Provenance
    provenance_note: str = ""
    modes: tuple[str, ...] = ()
    mode_notes: tuple[tuple[str, str], ...] = ()
    glossary: bool = False
    aliases: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    calculators: tuple[str, ...] = ()
    numbers: tuple[KeyNumber, ...] = ()
    readings: tuple[Reading, ...] = ()
    sources: tuple[str, ...] = ()
    """The rulebook file and lines the entry was written from, for people who check."""
    chapter: str = ""
    """The rules index group a player looks for it under (its file's `chapter`)."""

    def number(self, key: str) -> KeyNumber:
        """The key number with stable key `key` (LookupError names the entry if absent)."""
        for number in self.numbers:
            if number.key == key:
                return number
        raise LookupError(f"rule {self.id!r} has no number with key {key!r}")

    def reading(self, key: str) -> Reading:
        """The reading with stable key `key` (LookupError names the entry if absent)."""
        for reading in self.readings:
            if reading.key == key:
                return reading
        raise LookupError(f"rule {self.id!r} has no reading with key {key!r}")

    def part(self, key: str) -> Part:
        """The reading or key number with stable key `key`."""
        parts: tuple[Part, ...] = (*self.readings, *self.numbers)
        for part in parts:
            if part.key == key:
                return part
        raise LookupError(f"rule {self.id!r} has no reading or number with key {key!r}")

    def step(self, key: str | None, text: str, value: StepValue = None) -> Step:
        """A calculation step that applies this entry (`key` None: the entry as a whole) or
        one of its readings or numbers, with that part's own mark and wording as its note."""
        if key is None:
            return Step(text, value, self.id, self.provenance, self.provenance_note)
        part = self.part(key)
        return Step(text, value, self.id, part.provenance, part.wording)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "title": self.title, "section": self.section, "text": self.text,
            "provenance": self.provenance.value, "provenance_note": self.provenance_note,
            "modes": list(self.modes), "mode_notes": dict(self.mode_notes),
            "glossary": self.glossary, "aliases": list(self.aliases),
            "related": list(self.related), "calculators": list(self.calculators),
            "numbers": [{"label": n.label, "value": n.value, "unit": n.unit,
                         "provenance": n.provenance.value, "note": n.note} for n in self.numbers],
            "readings": [{"source": r.source, "text": r.text, "provenance": r.provenance.value,
                          "disagrees": r.disagrees} for r in self.readings],
            "sources": list(self.sources),
        }


class RuleBookError(ValueError):
    """A rules file breaks the format above (caught by tests, never by players)."""


_NUMBER_KEYS = frozenset({"key", "label", "value", "unit", "provenance", "note"})
_READING_KEYS = frozenset({"key", "source", "text", "provenance", "disagrees"})


def _entry(raw: Mapping[str, Any], where: str, chapter: str = "") -> Entry:
    sources: list[str] = []

    def plain(text: str) -> str:
        clean, cited = split(text)
        sources.extend(c for c in cited if c not in sources)
        return clean

    def heading(source: str) -> str:
        """A reading's heading once its citations are out: never empty, never a bracket."""
        clean = plain(source)
        return f"Reading {clean}" if clean.startswith("(") else clean or "Reading"

    keys = [item["key"] for part in ("numbers", "readings") for item in raw.get(part, ())
            if item.get("key")]
    if len(keys) != len(set(keys)):
        raise RuleBookError(f"{where}: entry {raw.get('id', '?')!r}: a key is used twice: "
                            f"{sorted(k for k in set(keys) if keys.count(k) > 1)}")
    for part, allowed in (("numbers", _NUMBER_KEYS), ("readings", _READING_KEYS)):
        for item in raw.get(part, ()):
            if set(item) - allowed:  # e.g. a `readings = [...]` written under [[entry.numbers]]
                raise RuleBookError(f"{where}: entry {raw.get('id', '?')!r}: a {part[:-1]} "
                                    f"has unknown fields {sorted(set(item) - allowed)}")
    try:
        provenance = Provenance(raw["provenance"])
        numbers = tuple(
            KeyNumber(plain(n["label"]), n["value"], n.get("unit", ""),
                      Provenance(n.get("provenance", Provenance.RULEBOOK.value)),
                      plain(n.get("note", "")), n.get("key", ""),
                      split(n["label"])[1] + split(n.get("note", ""))[1])
            for n in raw.get("numbers", ()))
        section = plain(raw["section"])
        return Entry(
            id=raw["id"], title=raw["title"], section=section,
            text=plain(raw["text"].strip()), provenance=provenance,
            provenance_note=plain(raw.get("provenance_note", "")),
            modes=tuple(raw.get("modes", ())),
            mode_notes=tuple(sorted((k, plain(v)) for k, v in raw.get("mode_notes", {}).items())),
            glossary=bool(raw.get("glossary", False)), aliases=tuple(raw.get("aliases", ())),
            related=tuple(raw.get("related", ())), calculators=tuple(raw.get("calculators", ())),
            numbers=numbers,
            readings=tuple(Reading(heading(r["source"]), plain(r["text"]), r.get("key", ""),
                                   Provenance(r.get("provenance", Provenance.DERIVED.value)),
                                   bool(r.get("disagrees", False)),
                                   split(r["source"])[1] + split(r["text"])[1])
                           for r in raw.get("readings", ())),
            sources=tuple(sources), chapter=chapter,
        )
    except (KeyError, ValueError, TypeError) as exc:
        raise RuleBookError(f"{where}: bad entry {raw.get('id', '?')!r}: {exc!r}") from exc


class RuleBook:
    """All entries of one game, by id, in file order."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        self._by_id: dict[str, Entry] = {}
        for entry in entries:
            if entry.id in self._by_id:
                raise RuleBookError(f"duplicate rule id {entry.id!r}")
            self._by_id[entry.id] = entry

    @classmethod
    def load(cls, folder: Path) -> RuleBook:
        entries: list[Entry] = []
        for path in sorted(folder.glob("*.toml")):
            with path.open("rb") as fh:
                data = tomllib.load(fh)
            entries.extend(_entry(raw, path.name, data.get("chapter", ""))
                           for raw in data.get("entry", ()))
        return cls(entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, entry_id: object) -> bool:
        return entry_id in self._by_id

    def get(self, entry_id: str) -> Entry:
        try:
            return self._by_id[entry_id]
        except KeyError:
            from rapidfuzz import process  # noqa: PLC0415  (only on the error path)

            close = process.extract(entry_id, list(self._by_id), limit=3, score_cutoff=60)
            raise UnknownEntry(f"There is no rule entry {entry_id!r}.",
                               [match for match, _score, _ in close]) from None

    # What the games' code reads from its book (each game's book.py binds these)

    def says(self, entry_id: str, key: str | None, text: str, value: StepValue = None) -> Step:
        """A step applying reading (or number) `key` of rule entry `entry_id` (None: the
        entry as a whole), with the mark and wording the rules reference gives it."""
        return self.get(entry_id).step(key, text, value)

    def mark(self, entry_id: str, key: str | None) -> tuple[Provenance, str]:
        """The mark and wording of a reading (None: of the entry), for a setup or sheet line."""
        step = self.says(entry_id, key, "")
        return step.provenance, step.note

    def number(self, entry_id: str, key: str) -> int:
        """The integer key number `key` of rule entry `entry_id`."""
        value = self.get(entry_id).number(key).value
        if not isinstance(value, int):
            raise LookupError(f"rule {entry_id!r}: number {key!r} is not an integer")
        return value

    def text(self, entry_id: str, key: str) -> str:
        """The text key number `key` of rule entry `entry_id` (a setting's default...)."""
        return str(self.get(entry_id).number(key).value)


def chapter(entry: Entry) -> str:
    """The rules index group of an entry: the glossary, its file's chapter, or else its
    section up to the first › ; or (."""
    if entry.glossary:
        return "Glossary"
    if entry.chapter:
        return entry.chapter
    return re.split(r" › |;| \(", entry.section, maxsplit=1)[0].strip()


def group_entries(entries: Iterable[Entry]) -> list[tuple[str, list[Entry]]]:
    """Entries by chapter, chapters in rulebook order (first seen), the glossary last."""
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        groups.setdefault(chapter(entry), []).append(entry)
    glossary = groups.pop("Glossary", [])
    ordered = list(groups.items())
    if glossary:
        ordered.append(("Glossary", sorted(glossary, key=lambda e: e.title.lower())))
    return ordered
