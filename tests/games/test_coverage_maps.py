"""Every game's rules coverage map (issue 41, build 1), read from the game's README: a table
under the heading "## Rules coverage map" with one row per rulebook passage that limits what a
player may do or names a component whose state a rule consults.

Columns: `Rulebook lines` (`<file>.txt:<first>[-<last>]`, several joined by ", "), `What the
rules limit or count`, `Session` (starts "enforced", "tracked" or "table's to watch"), `Test`
(for "enforced" rows: `file.py::test_name` under tests/games/<folder>/, where the event is
refused in a reachable state; "—" otherwise). A "table's to watch" row says why.

Checked here: the map exists and has rows; every cited line exists in the rulebook; every
enforced row names a test that exists; the rows together cite passages from every part of
the rulebook (no long stretch of the book without a row)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from assistant.games import all_games

ROOT = Path(__file__).resolve().parents[2]
RULEBOOKS = next((p / "shared" / "rulebooks" for p in ROOT.parents
                  if (p / "shared" / "rulebooks").is_dir()), ROOT.parent / "shared" / "rulebooks")
"""The rulebooks beside the checkout (../shared/rulebooks), found from any checkout below."""
GAMES = [g for g in all_games() if g.tracker is not None]
CITE = re.compile(r"([a-z0-9-]+\.txt):(\d+)(?:-(\d+))?")
KINDS = ("enforced", "tracked", "table's to watch")
LONGEST_GAP = 120
"""Rulebook lines in a row that no row of the map cites (the cover, credits and examples
aside, a rulebook has something that limits play at least every page or so)."""


def folder(slug: str) -> Path:
    return ROOT / "assistant" / "games" / slug.replace("-", "_")


def rows(slug: str) -> list[list[str]]:
    text = (folder(slug) / "README.md").read_text(encoding="utf-8")
    if "## Rules coverage map" not in text:
        return []
    part = text.split("## Rules coverage map", 1)[1].split("\n## ", 1)[0]
    out = []
    for line in part.splitlines():
        if line.startswith("|") and not re.match(r"^\|\s*-", line):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells and cells[0].lower().startswith("rulebook"):
                continue  # the header
            out.append(cells)
    return out


def functions_in(slug: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (ROOT / "tests" / "games" / slug.replace("-", "_")).rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found[str(path.relative_to(ROOT / "tests" / "games" / slug.replace("-", "_")))] = {
            n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    return found


@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_the_coverage_map_is_whole_and_its_tests_exist(game):
    table = rows(game.slug)
    assert len(table) >= 15, f"{game.slug}: no rules coverage map (or a very short one)"
    tests = functions_in(game.slug)
    cited: dict[str, set[int]] = {}
    for cells in table:
        assert len(cells) == 4, f"{game.slug}: a row needs 4 cells: {cells}"
        lines, what, session, test = cells
        assert what, f"{game.slug}: a row says nothing of what the rule limits: {cells}"
        assert session.lower().startswith(KINDS), (
            f"{game.slug}: Session must start with one of {KINDS}: {cells}")
        found = CITE.findall(lines)
        assert found, f"{game.slug}: no rulebook lines in {lines!r}"
        for name, first, last in found:
            book = (RULEBOOKS / name).read_text(encoding="utf-8").splitlines()
            low, high = int(first), int(last or first)
            assert 1 <= low <= high <= len(book), f"{game.slug}: {name}:{low}-{high}?"
            cited.setdefault(name, set()).update(range(low, high + 1))
        if session.lower().startswith("enforced"):
            named = re.findall(r"([\w/]+\.py)::(\w+)", test)
            assert named, f"{game.slug}: an enforced row names no test: {cells}"
            for path, function in named:
                assert function in tests.get(path, set()), (
                    f"{game.slug}: {path}::{function} does not exist")
        elif session.lower().startswith("table's to watch"):
            assert len(session) > len("table's to watch") + 10, (
                f"{game.slug}: say why the table watches it: {cells}")
    for name, lines in cited.items():
        book = (RULEBOOKS / name).read_text(encoding="utf-8").splitlines()
        first, last = min(lines), max(lines)
        assert first <= LONGEST_GAP and last >= len(book) - LONGEST_GAP, (
            f"{game.slug}: the map cites {name} only from line {first} to {last}")
        run, longest, where = 0, 0, first
        for n in range(first, last + 1):
            if n in lines:
                run = 0
            elif book[n - 1].strip():  # blank lines neither count nor break a stretch
                run += 1
                if run > longest:
                    longest, where = run, n
        assert longest <= LONGEST_GAP, (
            f"{game.slug}: {name} has {longest} lines in a row the map never cites, up to "
            f"line {where}")
