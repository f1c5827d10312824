"""Issue 30's no-dead-end property, for every game with a tracker (and the fixture game):
random games played from each game's own event forms and from the moves the game lists
(Tracker.moves) never reach a state with no legal next event unless the rules have ended the
game; every listed move is accepted where it is listed; and always taking the first listed
move ends the game."""
from __future__ import annotations

from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.tracker import History, allowed_moves, parse_event, writer

from .test_tracker_laws import GAMES, _events, _prefix

LONGEST_GAME = 3000
"""Events a game led by its first listed move may take before it must have ended."""


def _fresh(slug: str) -> History:
    tracker = GAMES[slug].tracker
    assert tracker is not None
    return History(tracker, tracker.parse_setup(tracker.example_setup))


def _append(history: History, raw: dict[str, Any]) -> bool:
    try:
        history.append(parse_event(history.tracker, raw))
    except InvalidInput:
        return False
    return True


def assert_not_a_dead_end(history: History) -> list[dict[str, Any]]:
    """The state at the history's head is the game's end or lists moves, each accepted."""
    tracker, setup = history.tracker, history.setup
    state = history.state
    moves = [dict(m) for m in tracker.moves(setup, state)]
    if tracker.finished(setup, state):
        assert moves == [], f"the game is over yet {moves} are offered"
        return moves
    assert moves, f"a dead end at version {history.version}: not over, and no move listed"
    for move in moves:
        try:
            history.check(parse_event(tracker, move))
        except InvalidInput as refusal:
            raise AssertionError(f"listed move {move} refused at version {history.version}: "
                                 f"{refusal.field}: {refusal.detail}") from None
    return moves


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_reachable_state_has_a_legal_next_event_or_is_the_end(slug: str) -> None:
    @settings(max_examples=40, deadline=None)
    @given(st.data())
    def law(data: Any) -> None:
        history = _fresh(slug)
        for raw in _prefix(slug)[:data.draw(st.integers(0, len(_prefix(slug))))]:
            _append(history, raw)
        for _ in range(80):
            moves = assert_not_a_dead_end(history)
            if data.draw(st.integers(0, 3)) == 0 or not moves:
                _append(history, data.draw(_events(slug)))  # anything a form allows
            else:
                assert _append(history, data.draw(st.sampled_from(moves)))

    law()


@pytest.mark.parametrize("slug", list(GAMES))
def test_taking_the_first_listed_move_ends_the_game(slug: str) -> None:
    history = _fresh(slug)
    tracker = history.tracker
    for _ in range(LONGEST_GAME):
        moves = assert_not_a_dead_end(history)
        if not moves:
            break
        assert _append(history, dict(moves[0]))
    assert tracker.finished(history.setup, history.state), (
        f"{LONGEST_GAME} events led by the first listed move and the game has not ended")
    score = tracker.score(history.setup, history.state).to_json()
    assert score["result"]["final"] is True
    assert not score["summary"].startswith("Provisional")


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_refusal_says_what_can_be_done_now(slug: str) -> None:
    """Any refused event (a random one from the forms) names the moves allowed instead."""
    @settings(max_examples=30, deadline=None)
    @given(st.lists(_events(slug), max_size=25))
    def law(raws: list[dict[str, Any]]) -> None:
        history = _fresh(slug)
        tracker = history.tracker
        for raw in raws:
            if raw["kind"] in ("undo", "revert"):
                continue
            try:
                event = parse_event(tracker, raw)
            except InvalidInput:
                continue  # the form's own check, before the rules are asked
            try:
                history.append(event)
            except InvalidInput as refusal:  # only what the event's writer may send
                who = writer(tracker, history.setup, event)
                kinds = {str(m["kind"]) for m in allowed_moves(
                    tracker, history.setup, history.state, who)}
                assert set(refusal.next) == kinds
                assert ("What can be done now:" in refusal.detail
                        or "The game is over" in refusal.detail
                        or "Nothing is this phone's to record now" in refusal.detail)

    law()


@pytest.mark.parametrize("slug", [s for s in GAMES if s != "coin-heist"])
def test_a_refusal_by_the_rules_names_its_rule_entry(slug: str) -> None:
    """Issue 41: any event the rules refuse (the form took it; the referee did not) names
    the rule entry it applies, one the game's rules reference has, so the page can link it."""
    game = GAMES[slug]

    @settings(max_examples=30, deadline=None, phases=(Phase.generate,))  # a refusal: no shrink
    @given(st.data())
    def law(data: st.DataObject) -> None:
        history = _fresh(slug)
        tracker = history.tracker
        for raw in _prefix(slug)[:data.draw(st.integers(0, len(_prefix(slug))))]:
            _append(history, raw)
        for _ in range(25):
            moves = [dict(m) for m in tracker.moves(history.setup, history.state)]
            raw = data.draw(_events(slug) if not moves or data.draw(st.booleans())
                            else st.sampled_from(moves))
            if raw["kind"] in ("undo", "revert"):
                continue
            try:
                event = parse_event(tracker, raw)
            except InvalidInput:
                continue  # the form's own check, before the rules are asked
            try:
                history.append(event)
            except InvalidInput as refusal:
                assert refusal.rule, f"{raw} refused without naming a rule: {refusal.detail}"
                assert refusal.rule in game.rules, f"{raw}: no rule entry {refusal.rule!r}"

    law()
