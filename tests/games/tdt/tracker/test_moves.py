"""The moves a table is offered (Tracker.moves), in every mode: each is accepted where it is
listed, there is always one until the game ends, taking the first each time ends the game,
and they read as one-tap buttons (the history line of the body) for whoever is to act."""
from __future__ import annotations

import random
from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.tracker import SHARED

from .kit import TRACKER, History, parse_event, parse_setup

SETUPS = {
    "cutthroat": {"mode": "cutthroat", "team_leader": "jin-feng", "seats": [
        {"goodman": True}, {"henchman": "Azura Badeau"}, {"henchman": "Jin Feng"},
        {"henchman": "Boris Myasneek"}]},
    "syndicate": {"mode": "syndicate", "seats": [{"henchman": "Azura Badeau"},
                                                 {"henchman": "Jin Feng"},
                                                 {"henchman": "Ugo Dottore"}]},
    "mayhem": {"mode": "mayhem", "team_leader": "boris-myasneek", "seats": [
        {"henchman": "Azura Badeau", "team": "Red"}, {"henchman": "Boris Myasneek",
                                                      "team": "Blue"}]},
}


def offered(history: Any) -> list[dict[str, Any]]:
    moves = [dict(m) for m in TRACKER.moves(history.setup, history.state)]
    if TRACKER.finished(history.setup, history.state):
        assert moves == []
        return moves
    assert moves, f"a dead end at version {history.version}"
    for move in moves:
        try:
            history.check(parse_event(move))
        except InvalidInput as refusal:
            raise AssertionError(f"listed {move} refused: {refusal.detail}") from None
    return moves


@pytest.mark.parametrize("mode", sorted(SETUPS))
def test_taking_the_first_move_ends_the_game(mode: str) -> None:
    history = History(parse_setup(SETUPS[mode]))
    for _ in range(400):
        moves = offered(history)
        if not moves:
            break
        history.append(parse_event(moves[0]))
    assert TRACKER.finished(history.setup, history.state)


@pytest.mark.parametrize("mode", sorted(SETUPS))
def test_any_listed_move_keeps_the_table_going(mode: str) -> None:
    """A random walk over the listed moves (seeded): never a dead end, never a refusal."""
    picker = random.Random(41)
    for _ in range(3):
        history = History(parse_setup(SETUPS[mode]))
        for _ in range(150):
            moves = offered(history)
            if not moves:
                break
            history.append(parse_event(picker.choice(moves)))


def test_the_moves_follow_whose_turn_it_is_and_read_as_buttons() -> None:
    history = History(parse_setup(SETUPS["cutthroat"]))
    names = {s.id: s.name for s in history.setup.seats}
    labels = [TRACKER.describe(parse_event(m), names, SHARED)
              for m in TRACKER.moves(history.setup, history.state)]
    # Coordination starts with the Team Leader (Jin): his actions and his pass
    assert "Jin Feng passes" in labels
    assert "Azura Badeau passes" not in labels
    assert "Jin Feng commits forces: Squad 1: 1; the Named Henchman rides in Squad 1" in labels
    assert "Jin Feng places Staging Markers: Phases 1, 2, 3, the rest blank" in labels
