"""What the renderer keeps between sheets (parsed text, line breaks, widest words, embedded
font subsets and their widths) never changes a sheet: a sheet drawn with nothing kept and the
same sheet drawn again from all it kept are the same PDF, byte for byte."""
from __future__ import annotations

import io

from pypdf import PdfReader

from api.routes.printables import resolver
from assistant import sheets
from assistant.games import all_games

from .conftest import BASE, DAY


def test_a_sheet_drawn_again_from_what_was_kept_is_the_same_pdf(papp):
    from printables import fit, paragraph
    from printables.blocks import grid
    from printables.render import render

    todo = []
    for game in all_games():
        if game.sheets is not None:
            made = list(sheets.batch(game.slug))
            setups = [s for s in made if s.kind is sheets.Kind.SETUP]
            todo += setups[:1] + [s for s in made if s.kind is not sheets.Kind.SETUP]
    changed, pages = [], []
    with papp.test_request_context():
        resolve = resolver(papp, BASE)
        for sheet in todo:
            for kept in (paragraph._PARSED, paragraph._SIZED, paragraph._BROKEN, grid._WIDEST,
                         fit._CHOSEN):
                kept.clear()
            alone = render(sheet, "a4", resolve, DAY)
            if render(sheet, "a4", resolve, DAY) != alone:
                changed.append(sheet.slug)
            pages.append(len(PdfReader(io.BytesIO(alone)).pages))
    assert max(pages) > 1  # sections split across columns and pages were among them
    assert changed == []
