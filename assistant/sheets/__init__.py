"""Printable sheets as data: WHAT goes on each sheet, decided from the core's own data.

A sheet is a tree of small frozen blocks (facts, checklists, tables, paragraphs) grouped in
sections, each section optionally linked to a phone page by a QR code. printables/ turns a
`Sheet` into a PDF; this package never imports reportlab or qrcode, and no number is typed
here: every value comes from a game's setup tables, calculators, scoring or rules reference.

A game that has printables fills its `Game.sheets` slot with a loader of a SheetProvider
(contract.py): its catalogue, setup sheet, aids, score sheet, setup variants and batch. The
functions below dispatch on the game; a game without sheets answers NotFound (404).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, cast

from assistant.errors import InvalidInput, NotFound
from assistant.explain import Provenance
from assistant.games import find_game

from .contract import SheetProvider

__all__ = ["LEGEND", "MARKS", "PAPERS", "Block", "Bullets", "Catalogue", "Check", "Checklist",
           "Fact", "Facts", "Kind", "Layout", "Link", "Para", "ParaStyle", "Section", "Sheet",
           "Spec", "SheetProvider", "Table", "aid_sheet", "batch", "catalogue", "check_paper",
           "has_sheets", "pack_aids",
           "mark", "score_sheet",
           "setup_sheet", "setup_variants", "turn_card"]

PAPERS = ("a4", "letter")
"""Paper sizes every sheet is made for."""

MARKS: Mapping[Provenance, str] = {
    Provenance.DERIVED: "[d]",
    Provenance.COMMUNITY: "[c]",
    Provenance.UNKNOWN: "[?]",
    Provenance.HOUSE: "[h]",
}
"""The mark printed after a fact that the rulebook does not state outright."""

LEGEND: tuple[tuple[str, str], ...] = (
    (MARKS[Provenance.DERIVED], "derived: worked out from the rulebook's own sums or examples"),
    (MARKS[Provenance.COMMUNITY], "community: third-party data, not checked against the box"),
    (MARKS[Provenance.UNKNOWN], "unknown: the rulebook does not give it; fill it in from your "
                                "box or agree it at your table"),
    (MARKS[Provenance.HOUSE], "house: our default for an input you left out"),
)
"""Printed at the foot of every sheet; unmarked facts are stated by the rulebook."""


def mark(provenance: Provenance) -> str:
    """The printed mark for a provenance ("" for rulebook facts)."""
    return MARKS.get(provenance, "")


class Kind(StrEnum):
    SETUP = "setup"
    """A setup sheet for one mode and player count."""
    AID = "aid"
    """A reference aid (player aid card or booklet)."""
    SCORE = "score"
    """A score sheet filled in by hand at the end of a game."""


@dataclass(frozen=True)
class Link:
    """Where a QR code sends a phone: a phone page path (assistant.links) and, while that page
    is not served yet, the API resource that answers the same question."""

    page: str
    api: str
    label: str
    hint: str = ""
    """What the page does, in a sentence (printed beside the code when there is room)."""


class Layout(StrEnum):
    FLOW = "flow"
    """Sections flow through columns: one page, or two full pages."""
    TENT = "tent"
    """A table tent (the join sheet): the first section's code large on both halves of a
    page folded in two; a second section, if any, on a cut-off strip below a dashed line."""
    CARDS = "cards"
    """Poker-size cards (63 x 88 mm), one set per player, as many sets as fit a page, with
    cut lines; the sections flow over as few cards per set as the type allows."""


class ParaStyle(StrEnum):
    BODY = "body"
    """A plain paragraph."""
    BULLET = "bullet"
    """One item of an unordered list."""
    NUMBERED = "numbered"
    """One item of an ordered list; the text starts with its number."""
    NOTE = "note"
    """A small aside (readings, examples)."""
    LEAD = "lead"
    """A short lead-in line ("Scheming:"), set bold."""


@dataclass(frozen=True)
class Para:
    text: str
    style: ParaStyle = ParaStyle.BODY
    provenance: Provenance = Provenance.RULEBOOK


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]


@dataclass(frozen=True)
class Fact:
    label: str
    value: str
    provenance: Provenance = Provenance.RULEBOOK


@dataclass(frozen=True)
class Facts:
    """Label / value pairs in a boxed table (the counts for this table)."""

    rows: tuple[Fact, ...]


@dataclass(frozen=True)
class Check:
    """One tick-box item of a checklist."""

    title: str
    text: str
    provenance: Provenance = Provenance.RULEBOOK


@dataclass(frozen=True)
class Checklist:
    items: tuple[Check, ...]


@dataclass(frozen=True)
class Table:
    """A grid. `widths` are relative column widths; `blank_rows` adds empty rows of
    `row_height` mm to fill in by hand; `marks` gives each data row's provenance."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...] = ()
    widths: tuple[float, ...] = ()
    marks: tuple[Provenance, ...] = ()
    blank_rows: int = 0
    row_height: float = 0.0
    footer: tuple[str, ...] = ()
    """A last row after the blank ones (a score pad's "Sum"), set bold on grey."""


Block = Para | Bullets | Facts | Checklist | Table


@dataclass(frozen=True)
class Section:
    title: str
    blocks: tuple[Block, ...]
    link: Link | None = None
    provenance: Provenance = Provenance.RULEBOOK
    source: str = ""
    """The rulebook section it comes from, printed small under the title."""


@dataclass(frozen=True)
class Sheet:
    kind: Kind
    slug: str
    """File stem without the paper size, starting with the game slug."""
    title: str
    game: str
    mode: str
    """Mode title, or "All modes"."""
    players: str
    """Player count in words, e.g. "6 players" or "any number of players"."""
    sections: tuple[Section, ...]
    link: Link | None = None
    """The sheet's main QR code (the whole setup, the scoring calculator, the rules index)."""
    columns: int = 2
    subtitle: str = ""
    layout: Layout = Layout.FLOW
    copies: int = 0
    """Cards only: how many sets to print (pages are added until they fit); 0 is one page."""


@dataclass(frozen=True)
class Spec:
    """One entry of a game's catalogue of printables."""

    slug: str
    title: str
    summary: str
    kind: Kind
    params: tuple[str, ...] = ()
    """Query parameters the sheet takes (besides paper)."""


@dataclass(frozen=True)
class Catalogue:
    setup: Spec
    score: Spec
    score_modes: tuple[str, ...]
    aids: tuple[Spec, ...]

    def aid(self, slug: str) -> Spec:
        for spec in self.aids:
            if spec.slug == slug:
                return spec
        raise NotFound(f"There is no printable sheet {slug!r}.",
                       [self.setup.slug, self.score.slug, *(a.slug for a in self.aids)])


def check_paper(paper: str) -> str:
    """The paper size in lower case, or InvalidInput naming the sizes we print."""
    value = paper.strip().lower()
    if value not in PAPERS:
        raise InvalidInput("paper", f"We print on {' or '.join(PAPERS)} paper; you asked for "
                           f"{paper!r}.", ", ".join(PAPERS))
    return value


def _provider(game: str) -> SheetProvider:
    found = find_game(game)  # UnknownGame (404) first
    if found.sheets is None:
        raise NotFound(f"{found.title} has no printable sheets yet.")
    return cast(SheetProvider, found.sheets())


def has_sheets(game: str) -> bool:
    return find_game(game).sheets is not None


def catalogue(game: str) -> Catalogue:
    return _provider(game).CATALOGUE


def setup_sheet(game: str, **params: Any) -> Sheet:
    return _provider(game).setup_sheet(**params)


def aid_sheet(game: str, slug: str) -> Sheet:
    provider = _provider(game)
    provider.CATALOGUE.aid(slug)  # NotFound with suggestions
    return provider.aid_sheet(slug)


def score_sheet(game: str, mode: str) -> Sheet:
    return _provider(game).score_sheet(mode)


def setup_variants(game: str) -> Sequence[Mapping[str, Any]]:
    """The setup sheets printed in a batch, as the parameters of `setup_sheet`."""
    return _provider(game).setup_variants()


def batch(game: str) -> Sequence[Sheet]:
    """Every sheet of a game, for the printables batch."""
    return _provider(game).batch()


def pack_aids(game: str, mode: str) -> Sequence[str]:
    """The aids a game-night pack of `mode` prints, in order: the provider's optional
    `pack_aids(mode)` (its role aids only for the modes that have the role), else every aid."""
    provider = _provider(game)
    chosen = getattr(provider, "pack_aids", None)
    if chosen is not None:
        slugs: Sequence[str] = chosen(mode)
        return slugs
    return [a.slug for a in provider.CATALOGUE.aids]


def turn_card(game: str) -> Sheet | None:
    """The game's card-size turn-order card (Layout.CARDS), or None when its sheets module
    offers none (the optional `turn_card()`; see contract.py)."""
    make = getattr(_provider(game), "turn_card", None)
    return make() if make is not None else None


def pack(game: str, params: Mapping[str, Any], table: Sheet | None = None) -> list[Sheet]:
    """A game-night pack in print order: the setup sheet of `params` (with its pull list),
    the mode's aids, its score sheet, a score pad, a set of turn-order cards per player, and
    the table tent: `table` (a session's join sheet) or, for a game with table sessions, a tent
    whose code starts one."""
    from dataclasses import replace  # noqa: PLC0415

    from .join import start_sheet  # noqa: PLC0415
    from .pad import score_pad  # noqa: PLC0415

    found = find_game(game)
    mode = str(params.get("mode") or found.modes[0].slug)
    players = int(params.get("players") or found.modes[0].max_players)
    cat = catalogue(game)
    todo = [setup_sheet(game, **params), *(aid_sheet(game, slug) for slug in pack_aids(game, mode))]
    if cat.score_modes:
        todo.append(score_sheet(game, mode if mode in cat.score_modes else cat.score_modes[0]))
    todo.append(score_pad(found, mode, players))
    card = turn_card(game)
    if card is not None:
        todo.append(replace(card, copies=players))  # a set of cards for every player
    if table is not None:
        todo.append(table)
    elif found.tracker is not None:
        todo.append(start_sheet(found, mode, {**params, "mode": mode}))
    return todo
