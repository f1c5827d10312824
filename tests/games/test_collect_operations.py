"""collect_operations: one way every game gathers its calculators (assistant/games)."""
from __future__ import annotations

from pathlib import Path

import pytest

from assistant.games import all_games, collect_operations


def test_every_game_gathers_its_calculators_by_slug() -> None:
    for game in all_games():
        folder = game.slug.replace("-", "_")
        found = collect_operations(f"assistant.games.{folder}.calculators")
        assert found == dict(game.calculators)
        assert all(slug == op.slug for slug, op in found.items())


def test_a_slug_used_twice_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "twice_calculators"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name in ("a", "b"):
        (package / f"{name}.py").write_text(
            "from types import SimpleNamespace\n"
            "OPERATIONS = (SimpleNamespace(slug='same'),)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ValueError, match="two calculators named 'same'"):
        collect_operations("twice_calculators")
