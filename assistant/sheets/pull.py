"""The pull list: what to take out of the box for one setup, with a count per component.

Generic over every game: each game's sheets.py turns its own setup answer into `Pull` rows
(nothing typed: counts come from the answer) and adds `pull_section(rows)` to its setup sheet.
A count the rules do not give is printed as unknown (marked [?]), never worked out; a pile
the game draws from all evening is "all" with what setup uses now in its note.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from assistant.explain import Provenance

from . import Link, Section, Table

TITLE = "Take out of the box"
ALL = "all"
"""The count of a supply or deck the whole game draws from."""
UNKNOWN = "unknown"


@dataclass(frozen=True)
class Pull:
    what: str
    count: str
    """A number, ALL, or UNKNOWN (with the provenance marking it)."""
    note: str = ""
    provenance: Provenance = Provenance.RULEBOOK


def counted(value: int | None, provenance: Provenance = Provenance.RULEBOOK
            ) -> tuple[str, Provenance]:
    """A count as printed with its mark: None (the rules do not say) is unknown."""
    if value is None:
        return UNKNOWN, Provenance.UNKNOWN
    return str(value), provenance


def pull_section(rows: Sequence[Pull], link: Link | None = None, source: str = "") -> Section:
    kept = [r for r in rows if r.count != "0"]  # nothing to take out: no row
    table = Table(("Component", "How many", "For"),
                  tuple((r.what, r.count, r.note) for r in kept), (2.0, 0.9, 2.6),
                  tuple(r.provenance for r in kept))
    return Section(TITLE, (table,), link, Provenance.RULEBOOK, source)
