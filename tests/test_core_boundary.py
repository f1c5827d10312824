"""The rules core imports nothing of the web, database or PDF stacks (assistant/README.md)."""
import subprocess
import sys

FORBIDDEN = ("flask", "werkzeug", "sqlalchemy", "reportlab", "qrcode", "marshmallow", "api",
             "printables")


def test_core_imports_no_framework():
    code = (
        "import sys, assistant.games, assistant.search, assistant.tracker, assistant.timers\n"
        "assistant.games.all_games()\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""
