"""The "join this table" sheet of a tracked game: a code to follow it and, for the editor who
asked, a code that opens the page ready to record. Wording comes from the game's tracker."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from assistant.games import Game

from . import Fact, Facts, Kind, Link, Para, Section, Sheet


def join_sheet(game: Game, code: str, mode: str, seats: Sequence[tuple[str, str | None]],
               urls: Mapping[str, str]) -> Sheet:
    """`seats`: (name, player) per seat; `urls`: view, api and, for an editor, edit."""
    wording = game.tracker.wording if game.tracker else None
    follows = wording.follows if wording else "the shared record of the game"
    seat_noun = wording.seats if wording else "seats"
    mode_title = next((m.title for m in game.modes if m.slug == mode), mode.title())
    follow = Link(page=urls["view"], api=urls["api"], label="Follow")
    sections = [Section("Follow the game", (
        Para(f"Scan to see {follows}, live. This code only reads."),
        Facts((Fact("Share code", code.upper()), Fact("Mode", mode_title),
               *(Fact(name, player or "-") for name, player in seats)))), link=follow)]
    if "edit" in urls:
        sections.append(Section("Keep score (editors)", (
            Para("Scan to open the same page ready to record events and undo. Anyone holding "
                 "this code can change the record: keep this half at the table."),),
            link=Link(page=urls["edit"], api=urls["api"], label="Edit")))
    return Sheet(kind=Kind.AID, slug=f"lairside-session-{code}", title="Join this table",
                 game=game.title, mode=mode_title, players=f"{len(seats)} {seat_noun}",
                 sections=tuple(sections), link=follow, columns=1)
