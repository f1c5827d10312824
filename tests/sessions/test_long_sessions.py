"""Sessions at any length (issue 21, item 4): notes are shared between versions, not copied
per note, so folding grows linearly; versions that branch off (an undo, a refused check) keep
their own notes."""
from __future__ import annotations

import dataclasses
import time

from assistant.games import find_game
from assistant.tracker import History, parse_event
from assistant.tracker.chain import Chain, evolve


def test_a_chain_shares_its_list_and_branches_apart():
    empty: Chain[str] = Chain()
    a = empty.added("a")
    ab = a.added("b")
    ax = a.added("x")  # an older version branches off: copied, the others unchanged
    assert empty == () and a == ("a",) and ab == ("a", "b") and ax == ("a", "x")
    assert list(ab) == ["a", "b"] and ab[-1] == "b" and ab[0:1] == ("a",) and len(ax) == 2
    assert ab != ax and ab == Chain(["a", "b"]) and hash(ab) == hash(("a", "b"))


def test_evolve_is_dataclasses_replace():
    tracker = find_game("space-syndicate").tracker
    state = History(tracker, tracker.parse_setup(tracker.example_setup)).state
    field = dataclasses.fields(state)[0].name
    value = getattr(state, field)
    assert evolve(state, **{field: value}) == dataclasses.replace(state, **{field: value})
    changed = evolve(state, notes=state.notes.added("n"))
    assert changed.notes == ("n",) and state.notes == ()


def _fold_notes(count: int) -> float:
    tracker = find_game("space-syndicate").tracker
    history = History(tracker, tracker.parse_setup(tracker.example_setup))
    events = [parse_event(tracker, {"kind": "note", "text": f"Note {i}"}) for i in range(count)]
    start = time.thread_time()
    history.extend(events)
    spent = time.thread_time() - start
    assert len(history.state.notes) == count and history.state.notes[-1] == f"Note {count - 1}"
    return spent


def test_folding_notes_is_linear():
    small = min(_fold_notes(4_000) for _ in range(2))
    large = min(_fold_notes(16_000) for _ in range(2))
    assert large < small * 9  # 4x the notes: about 4x the time (copying them was 16x)
