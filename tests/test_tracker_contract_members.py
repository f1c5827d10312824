"""The game contract declares every member the house asks of a game's tracker (issue 39, item
3): each `tracker.<member>` read by the API, the pages, the printables, the sheets or the
kernel is a member of assistant.tracker.contract.Tracker, so a new game learns what to supply
from the contract alone (no member found by getattr)."""
from __future__ import annotations

import ast
from pathlib import Path

from assistant.tracker.contract import Tracker

ROOT = Path(__file__).resolve().parents[1]
READERS = [ROOT / "api", ROOT / "printables", ROOT / "assistant" / "tracker",
           ROOT / "assistant" / "sheets"]


def asked_of_a_tracker() -> set[str]:
    asked: set[str] = set()
    for folder in READERS:
        for path in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Attribute):
                    continue
                owner = node.value
                named = owner.id if isinstance(owner, ast.Name) else \
                    owner.attr if isinstance(owner, ast.Attribute) else ""
                if named == "tracker":
                    asked.add(node.attr)
    for template in (ROOT / "api" / "templates").glob("*.html"):
        text = template.read_text(encoding="utf-8")
        asked.update(part.split(".", 1)[1].split("(")[0].split(" ")[0]
                     for part in text.split() if part.startswith("tracker."))
    return asked


def test_every_member_asked_of_a_tracker_is_in_the_contract() -> None:
    declared = {name for name in dir(Tracker) if not name.startswith("_")}
    asked = asked_of_a_tracker()
    assert {"apply", "board", "start_seat", "private_events"} <= asked
    assert asked - declared == set()


def test_no_tracker_member_is_found_by_getattr() -> None:
    for folder in READERS:
        for path in folder.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                        "getattr", "hasattr") and node.args:
                    target = ast.unparse(node.args[0])
                    assert not target.endswith("tracker"), f"{path}: {ast.unparse(node)}"
