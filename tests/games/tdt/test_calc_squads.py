"""squads calculators (golden cases: golden/squads.toml, run by tests/games/test_golden.py)."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.games.tdt.calculators import squads


@pytest.mark.parametrize("op", squads.OPERATIONS, ids=[op.slug for op in squads.OPERATIONS])
def test_example_runs(op: Any) -> None:
    answer = op.run(op.example)
    assert answer.summary and answer.steps


def test_component_tables_match_the_research_file() -> None:
    from assistant.games.tdt import components as c

    assert len(c.RESOURCE_MISSIONS) == 18 and len(c.DOOMSDAY_MISSIONS) == 12
    assert len(c.FACELESS_HENCHMEN) == 6 and len(c.GADGETS) == 2
    assert c.doomsday_mission("acquire russian nuclear stockpile").requirements is None
    assert str(c.agent_hq("interpol").requirements) == "1/2/2/1"
    assert c.resource_mission("MURDER INC").completed == c.Attributes(2, 4, 1, 0)
    assert c.named_henchman("boris myasneek").attributes.combat == 3
    assert c.PROVENANCE == "community"


def test_named_values_are_flagged_community() -> None:
    answer = squads.squad_attributes({"members": [{"name": "Goodman"}]})
    assert answer.steps[0].provenance == "community" and answer.steps[0].note
    assert answer.steps[-1].provenance == "community"
    typed = squads.squad_attributes({"members": [{"combat": 1, "stealth": 1, "cunning": 1,
                                                  "diplomacy": 1}]})
    assert all(s.provenance == "rulebook" for s in typed.steps)


def test_more_than_six_is_noted_not_refused() -> None:
    answer = squads.squad_attributes({"members": [{"name": "Thief", "count": 6},
                                                  {"name": "Hacker"}]})
    assert answer.result["henchmen"] == 7
    assert any(s.value == 7 for s in answer.steps)
