"""The API starts without the PDF stack; reportlab and qrcode load on the first PDF."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_create_app_does_not_import_reportlab_or_qrcode():
    code = ("import sys; from api import create_app; create_app({'TESTING': True}); "
            "bad = sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'qrcode'}); "
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == ""


def test_sheets_package_stays_pure():
    code = ("import sys; from assistant import sheets; sheets.batch('tdt'); "
            "bad = sorted({m.split('.')[0] for m in sys.modules} & "
            "{'reportlab', 'qrcode', 'flask', 'printables'}); print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == ""


def test_warm_up_loads_the_pdf_stack_once_so_the_first_sheet_is_quick():
    code = ("import sys, time; from api import create_app; create_app({'TESTING': True}); "
            "from api.warmup import warm; warm(); "
            "assert {'reportlab', 'qrcode'} <= {m.split('.')[0] for m in sys.modules}; "
            "from printables.fonts import load; assert load().embedded; "
            "from assistant import sheets; from printables.render import render; "
            "s = sheets.setup_sheet('vigilante', mode='showdown', players=4); "
            "t = time.perf_counter(); render(s, 'a4', lambda l: 'http://x.test' + l.page); "
            "print(round(time.perf_counter() - t, 3))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert float(out.stdout.strip()) < 1.0  # no import or font loading left for a user


def test_without_the_font_package_sheets_still_print_in_helvetica():
    code = ("import sys; sys.modules['fontpkg_fira_sans_condensed'] = None; "
            "from printables.fonts import load; assert not load().embedded; "
            "from assistant import sheets; from printables.render import render; "
            "pdf = render(sheets.aid_sheet('tdt', 'costs'), 'letter', "
            "lambda l: 'http://x.test' + l.page); print(pdf[:5].decode())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "%PDF-"
