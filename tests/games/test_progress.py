"""Issue 43, item 2: the chart's numbers (assistant/tracker/progress.py): each seat's measure
at the start, at each round's end and at the end, from one fold of the history; the same with
every private entry sealed (no secret reaches the chart); the end equal to the final score."""
from __future__ import annotations

import pytest

from assistant.tracker import History, fold, sealed_copy
from assistant.tracker.progress import progress

from .test_finished_exports import FINISHED


def sealed(history: History) -> History:
    events = [history.event_at(v) for v in range(1, history.version + 1)]
    return fold(history.tracker, history.setup, sealed_copy(history.tracker, events))


@pytest.mark.parametrize("slug", sorted(FINISHED))
def test_the_chart_of_a_finished_game(slug: str) -> None:
    history = FINISHED[slug]()
    tracker, setup = history.tracker, history.setup
    made = progress(history)
    assert made is not None and made.series
    assert made.points[0] == "Start" and made.points[-1] == "End"
    assert all(p.startswith("Round ") for p in made.points[1:-1])
    assert all(len(s.values) == len(made.points) for s in made.series)
    assert made == progress(sealed(history))
    score = tracker.score(setup, history.state).result
    if score["points"]:
        assert made.unit == score["unit"]
        totals = {s["seat"]: s["total"] for s in score["standings"]}
        assert {s.seat: s.values[-1] for s in made.series} == {
            k: v for k, v in totals.items() if v is not None}


def test_one_fold_and_a_reading_per_round_not_a_score_per_event() -> None:
    """Cheap by design: each event applied once, the measure read at each round's end."""
    history = FINISHED["tdt"]()
    tracker = history.tracker
    counts = {"apply": 0, "tally": 0}

    class Counting(type(tracker)):  # type: ignore[misc]
        def apply(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            counts["apply"] += 1
            return super().apply(*args, **kwargs)

        def tally(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            counts["tally"] += 1
            return super().tally(*args, **kwargs)

    counted = History(Counting(), history.setup)
    for version in range(1, history.version + 1):
        counted.append(history.event_at(version))
    counts.update(apply=0, tally=0)
    made = progress(counted)
    assert made is not None
    assert counts["apply"] == len(counted.effective())
    assert counts["tally"] == len(made.points)


def test_vigilante_charts_its_jails() -> None:
    made = progress(FINISHED["vigilante"]())
    assert made is not None and made.unit == "Villains in jail"


@pytest.mark.parametrize("slug", sorted(FINISHED))
def test_a_total_unlike_its_counter_says_why_beside_it(slug: str) -> None:
    """The seat's counter on the board (VP held, Infamy on the track, credits) and its total
    in the standings differ only with a note saying how ("2 VP held, −1 for Betrayal
    Trigger 3"; "5 Infamy on the track + 3 money bonus"; "3 credits + 2 VP")."""
    from assistant.tracker import SHARED

    history = FINISHED[slug]()
    tracker, setup = history.tracker, history.setup
    score = tracker.score(setup, history.state).result
    seats = {s["id"]: s for s in tracker.state_json(setup, history.state, SHARED)["seats"]}
    measured = [c.key for c in tracker.board(setup).counters
                if c.key in ("vp", "infamy", "credits")][:1]
    for standing in score["standings"]:
        for key in measured:
            held = seats[standing["seat"]].get(key)
            if standing["total"] is not None and held is not None and held != standing["total"]:
                assert standing["note"], (standing["name"], key, held, standing["total"])
