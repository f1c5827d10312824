"""The API starts without the PDF stack; reportlab and qrcode load on the first PDF."""
from __future__ import annotations

from tests.support import printed_by  # each test needs its own sys.modules


def test_create_app_does_not_import_reportlab_or_qrcode():
    code = ("import sys; from api import create_app; create_app({'TESTING': True}); "
            "bad = sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'qrcode'}); "
            "print(','.join(bad))")
    assert printed_by(code) == ""


def test_sheets_package_stays_pure():
    code = ("import sys; from assistant import sheets; sheets.batch('tdt'); "
            "bad = sorted({m.split('.')[0] for m in sys.modules} & "
            "{'reportlab', 'qrcode', 'flask', 'printables'}); print(','.join(bad))")
    assert printed_by(code) == ""


FIRST_SETUP = ("from assistant import sheets; from assistant.games import all_games; "
               "g = next(g for g in all_games() if g.sheets and g.setup); "
               "s = sheets.setup_sheet(g.slug, **dict(sheets.setup_variants(g.slug)[0])); ")


def test_warm_up_leaves_nothing_to_load_for_the_first_sheet():
    """After warm(), a user's first setup sheet imports no module and registers no font: the
    PDF stack, the fonts and the QR library were all loaded at start-up."""
    code = ("import sys; from api import create_app; create_app({'TESTING': True}); "
            "from printables.warm import warm; warm(); "
            "assert {'reportlab', 'qrcode'} <= {m.split('.')[0] for m in sys.modules}; "
            "from printables.fonts import load; assert load().embedded; "
            "from reportlab.pdfbase import pdfmetrics; "
            "fonts = set(pdfmetrics.getRegisteredFontNames()); "
            + FIRST_SETUP +
            "from printables.render import render; before = set(sys.modules); "
            "pdf = render(s, 'a4', lambda l: 'http://x.test' + l.page); "
            "assert pdf[:5] == b'%PDF-'; "
            "assert set(pdfmetrics.getRegisteredFontNames()) == fonts; "
            "print(','.join(sorted(set(sys.modules) - before)))")
    assert printed_by(code) == ""


def test_without_the_font_package_sheets_still_print_in_helvetica():
    code = ("import sys; sys.modules['fontpkg_fira_sans_condensed'] = None; "
            "from printables.fonts import load; assert not load().embedded; "
            + FIRST_SETUP +
            "from printables.render import render; "
            "pdf = render(sheets.batch(g.slug)[-1], 'letter', "
            "lambda l: 'http://x.test' + l.page); print(pdf[:5].decode())")
    assert printed_by(code) == "%PDF-"
