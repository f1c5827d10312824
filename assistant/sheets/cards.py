"""A card-size turn-order card per game: the game's round-structure rule entry as a short
sequence a player keeps in front of them (printables/cards.py draws a page of them).

Generic over every game: a game's sheets.py names the rule entry that holds its round
(`turn_card = lambda: cards.turn_card(GAME, "round-structure")`); the entry's list lines
become the card, each lead-in line ("Scheming:") opening a section.
"""
from __future__ import annotations

from assistant.games import Game

from . import Block, Kind, Layout, Para, ParaStyle, Section, Sheet
from .kit import SheetKit

LISTED = (ParaStyle.NUMBERED, ParaStyle.BULLET)


def card_blocks(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    """An entry's blocks for a card: its lists and their lead-ins; the prose around them
    (what a Round is, why) stays on the aids. An entry without a list keeps its prose."""
    if not any(isinstance(b, Para) and b.style in LISTED for b in blocks):
        return tuple(b for b in blocks if not (isinstance(b, Para) and
                                               b.style is ParaStyle.NOTE))
    return tuple(b for b in blocks if isinstance(b, Para) and
                 (b.style in LISTED or b.style is ParaStyle.LEAD))


def turn_card(game: Game, entry_id: str) -> Sheet:
    kit = SheetKit(game)
    entry = game.rules.get(entry_id)
    link = kit.rule_link(entry_id)
    sections: list[Section] = []
    title, current = entry.title, list[Block]()
    for block in card_blocks(kit.entry_blocks(entry, marked=True)):
        if isinstance(block, Para) and block.style is ParaStyle.LEAD:
            if current:
                sections.append(Section(title, tuple(current), None, entry.provenance,
                                        entry.section))
            title, current = block.text.rstrip(":"), []
        else:
            current.append(block)
    if current:
        sections.append(Section(title, tuple(current), None, entry.provenance, entry.section))
    return Sheet(Kind.AID, f"{game.slug}-turn-card", "Turn order", game.title, "All modes",
                 "one card per player", tuple(sections), link, 1,
                 f"{entry.title}; cut along the lines", Layout.CARDS)
