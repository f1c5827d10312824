"""The kernel's lanes on the fixture game (Coin Heist: coins are the table's, a stash is its
crook's own): plain examples of who undoes what, and what an undo costs in a long session,
counted in applied events (not seconds, which a shared machine makes noisy)."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.tracker import History, HistoryEvent, Viewer, parse_event

from .fixture_game.tracker import TRACKER

SETUP = TRACKER.parse_setup({"mode": "standard", "seats": [{"name": "Ana"}, {"name": "Bo"}]})


class Counting:
    """The fixture tracker, counting the events it applies."""

    def __init__(self) -> None:
        self.applied = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(TRACKER, name)

    def apply(self, setup: Any, state: Any, event: Any, version: int) -> Any:
        self.applied += 1
        return TRACKER.apply(setup, state, event, version)


def ev(**data: Any) -> Any:
    return parse_event(TRACKER, data)


def coins(h: History) -> tuple[int, ...]:
    return tuple(h.state.coins)


def stash(h: History, seat: str) -> int:
    row = next(r for r in TRACKER.state_json(SETUP, h.state, Viewer(seat))["seats"]
               if r["id"] == seat)
    return int(row["stash"])


def test_the_tables_undo_passes_over_a_crooks_stash():
    h = History(TRACKER, SETUP)
    h.append(ev(kind="coins", seat="ana", count=3))
    h.append(ev(kind="coins", seat="ana", count=5))
    h.append(ev(kind="stash", seat="bo", coins=4))
    h.append(ev(kind="undo"))
    assert coins(h) == (3, 0) and stash(h, "bo") == 4
    h.append(ev(kind="undo"))
    assert coins(h) == (0, 0) and stash(h, "bo") == 4
    with pytest.raises(InvalidInput) as refused:
        h.append(ev(kind="undo"))
    assert refused.value.detail == "There is nothing to undo: this is the state at setup."
    assert h.effective() == [3]  # only Bo's stash is in effect


def test_a_crooks_own_undo_and_revert_touch_only_their_stash():
    h = History(TRACKER, SETUP)
    h.append(ev(kind="stash", seat="bo", coins=4))
    h.append(ev(kind="coins", seat="ana", count=3))
    h.append(ev(kind="stash", seat="bo", coins=6))
    h.append(ev(kind="undo", seat="Bo"))  # a name, as seat fields take it
    assert h.event_at(h.version) == HistoryEvent("undo", None, "bo")  # stored by its id
    assert stash(h, "bo") == 4 and coins(h) == (3, 0)
    h.append(ev(kind="revert", seat="bo", to_version=3))
    assert stash(h, "bo") == 6 and coins(h) == (3, 0)
    with pytest.raises(InvalidInput) as refused:
        h.append(ev(kind="undo", seat="ana"))
    assert refused.value.detail == "Ana has no entry of their own to undo."
    with pytest.raises(InvalidInput) as refused:
        h.append(ev(kind="undo", seat="zed"))
    assert refused.value.field == "seat"
    assert h.can_undo(seat="bo") and not h.can_undo(seat="ana") and h.can_undo()


def test_a_long_session_undoes_without_replaying_it():
    counting = Counting()
    h = History(counting, SETUP)  # type: ignore[arg-type]
    h.append(ev(kind="stash", seat="ana", coins=2))
    h.extend([ev(kind="coins", seat="bo", count=n % 90) for n in range(10_000)])
    for n in range(5):  # entries made on top of the table's last events
        h.append(ev(kind="stash", seat="ana", coins=n))
    counting.applied = 0
    h.append(ev(kind="undo"))  # the table's last coins: Ana's 5 entries applied again
    assert counting.applied <= 5 + 1
    counting.applied = 0
    h.append(ev(kind="undo", seat="ana"))
    h.append(ev(kind="undo", seat="ana"))
    assert counting.applied <= 10
    counting.applied = 0
    h.append(ev(kind="revert", to_version=5_000))  # the table's: Ana's entries stay on top
    assert stash(h, "ana") == 2 and counting.applied < 1_000
    # a crook taking back an entry 10,000 events old replays what came after it, once
    old = History(counting, SETUP)  # type: ignore[arg-type]
    old.append(ev(kind="stash", seat="ana", coins=7))
    old.extend([ev(kind="coins", seat="bo", count=n % 90) for n in range(10_000)])
    counting.applied = 0
    old.append(ev(kind="undo", seat="ana"))
    assert stash(old, "ana") == 0 and counting.applied <= 10_001
    counting.applied = 0
    old.append(ev(kind="coins", seat="bo", count=1))
    old.state_at(old.version - 1)
    old.append(ev(kind="undo"))
    assert counting.applied <= 2  # the replayed state was kept
