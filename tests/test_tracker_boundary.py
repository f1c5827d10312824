"""The tracker is pure: importing it loads no web, database or PDF library (README.md)."""
import subprocess
import sys

FORBIDDEN = ("flask", "werkzeug", "sqlalchemy", "alembic", "reportlab", "qrcode", "marshmallow",
             "api", "printables")


def test_tracker_imports_no_framework():
    code = ("import sys, assistant.tracker, assistant.games, assistant.sheets, assistant.search\n"
            "assistant.games.all_games()\n"
            f"print(','.join(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
