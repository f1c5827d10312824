"""What every game's sheets module needs from its own rules and operations: QR links to its
phone pages (with the API resource answering the same question) and rule entries as blocks.

`kit = SheetKit(GAME)` at the top of a game's sheets.py, then `kit.rule_link("conflict")`,
`kit.entry_section("scoring")`, ... so no game writes these again.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from assistant import links
from assistant.explain import Provenance, plural
from assistant.games import Game
from assistant.rules import Entry

from . import Block, Link, Para, ParaStyle, Section, Table
from .copy import honest_mark

__all__ = ["SheetKit", "plural"]

_NUMBERED = re.compile(r"^(\d+)\.\s+")


class SheetKit:
    def __init__(self, game: Game, mode_titles: Mapping[str, str] | None = None) -> None:
        self.game = game
        self.slug = game.slug
        self.mode_titles = dict(mode_titles or {m.slug: m.title for m in game.modes})

    # --- links ------------------------------------------------------------------------------

    def api(self, path: str) -> str:
        return f"/api/v1/games/{self.slug}{path}"

    def rule_link(self, entry_id: str) -> Link:
        entry = self.game.rules.get(entry_id)
        return Link(links.rule(self.slug, entry_id), self.api(f"/rules/{entry_id}"),
                    f"Rule: {entry.title}")

    def calculator_link(self, slug: str) -> Link:
        op = self.game.calculator(slug)
        return Link(links.calculator(self.slug, slug), self.api(f"/calculators/{slug}"),
                    f"Calculator: {op.title}", op.summary)

    def setup_link(self, label: str = "This whole setup", section: str | None = None,
                   **params: object) -> Link:
        page = links.setup(self.slug, section, **params)
        query = page.split("#")[0].partition("?")[2]
        return Link(page, self.api("/setup") + (f"?{query}" if query else ""), label)

    def score_link(self, entry_id: str, mode: str | None = None,
                   label: str = "Scoring calculator") -> Link:
        return Link(links.score(self.slug, mode), self.api(f"/rules/{entry_id}"), label)

    def timers_link(self, entry_id: str = "stage-timers") -> Link:
        return Link(links.timers(self.slug), self.api(f"/rules/{entry_id}"), "Stage timers")

    def rules_link(self) -> Link:
        return Link(links.rules_index(self.slug), self.api("/rules"), "All rules, searchable")

    # --- rule entries as blocks -------------------------------------------------------------

    def entry_blocks(self, entry: Entry, mode: str | None = None, *, marked: bool = False,
                     readings: bool = False) -> tuple[Block, ...]:
        """An entry's own-words text as paragraphs and list items, then its mode notes (all,
        or `mode`'s) and, with `readings`, the places the rulebook reads two ways. `marked`
        prints the entry's provenance mark after each paragraph."""
        base = entry.provenance if marked else Provenance.RULEBOOK

        def mark(text: str, given: Provenance = base) -> Provenance:
            # a line that says its value is unknown or unprinted is marked so, marked or not
            return honest_mark(text, given, entry.provenance)

        blocks: list[Block] = []
        for raw in entry.text.splitlines():
            line = raw.strip()
            if not line:
                continue
            if line.startswith("- "):
                blocks.append(Para(line[2:], ParaStyle.BULLET, mark(line)))
            elif _NUMBERED.match(line):
                blocks.append(Para(line, ParaStyle.NUMBERED, mark(line)))
            elif line.endswith(":") and len(line) < 60:
                blocks.append(Para(line, ParaStyle.LEAD))
            else:
                blocks.append(Para(line, ParaStyle.BODY, mark(line)))
        for note_mode, note in entry.mode_notes:
            if mode is None or note_mode == mode:
                title = self.mode_titles.get(note_mode, note_mode)
                text = f"{title}: {note}"
                blocks.append(Para(text, ParaStyle.NOTE, mark(text, Provenance.RULEBOOK)))
        if readings:
            for r in entry.readings:
                text = f"Reading ({r.source}): {r.text}"
                blocks.append(Para(text, ParaStyle.NOTE, mark(text, r.provenance)))
        return tuple(blocks)

    def entry_section(self, entry_id: str, *extra: Block, link: Link | None = None,
                      text: bool = True, title: str | None = None, marked: bool = False,
                      readings: bool = False) -> Section:
        entry = self.game.rules.get(entry_id)
        blocks = (*(self.entry_blocks(entry, marked=marked, readings=readings)
                    if text else ()), *extra)
        return Section(title or entry.title, blocks, link or self.rule_link(entry_id),
                       entry.provenance, entry.section)

    def numbers_table(self, entry_id: str, skip: Sequence[str] = ("Example",)) -> Table:
        """An entry's key numbers (minus worked examples) as a two-column table."""
        rows = [n for n in self.game.rules.get(entry_id).numbers
                if not any(n.label.startswith(s) for s in skip)]
        return Table(("", "Value"),
                     tuple((n.label, f"{n.value} {n.unit}".strip()) for n in rows),
                     (3.0, 1.4), tuple(n.provenance for n in rows))
