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
