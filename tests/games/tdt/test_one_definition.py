"""Each fact lives once in code, and the rules reference's key numbers agree with it: the
numbers a player reads on a rule page are the ones the calculators and the tracker use."""
from __future__ import annotations

import pytest

from assistant.games import find_game
from assistant.games.tdt import modes
from assistant.games.tdt.calculators import betrayal, costs
from assistant.games.tdt.setup_data import MAX_NAMED_HENCHMEN

RULES = find_game("tdt").rules


def _span(text: object) -> tuple[int, int]:
    low, _, high = str(text).partition("-")
    return int(low), int(high or low)


@pytest.mark.parametrize(("mode", "key"), [(modes.PlayMode.CUTTHROAT, "players-cutthroat"),
                                          (modes.PlayMode.SYNDICATE, "players-syndicate"),
                                          (modes.PlayMode.MAYHEM, "players-mayhem")])
def test_player_ranges(mode: modes.PlayMode, key: str) -> None:
    assert _span(RULES.get("game-modes").number(key).value) == modes.PLAYERS[mode]
    registered = find_game("tdt").mode(mode.value)
    assert (registered.min_players, registered.max_players) == modes.PLAYERS[mode]


def test_teams_triggers_and_named_henchmen() -> None:
    assert _span(RULES.get("game-modes").number("mayhem-teams").value) == modes.MAYHEM_TEAMS
    triggers = RULES.get("betrayal-triggers")
    assert triggers.number("triggers-per-henchman").value == modes.MAX_TRIGGERS
    assert triggers.number("betrayal-threshold").value == modes.BETRAYAL_THRESHOLD
    assert betrayal.TRIGGERS_PER_HENCHMAN == modes.MAX_TRIGGERS
    assert betrayal.BETRAY_TRIGGER_THRESHOLD == modes.BETRAYAL_THRESHOLD
    most = RULES.get("characters-in-play").number("max-named-in-play").value
    assert most == MAX_NAMED_HENCHMEN == costs.MAX_NAMED_IN_PLAY
    assert modes.NAMED_HENCHMEN[modes.PlayMode.CUTTHROAT][1] == MAX_NAMED_HENCHMEN
