"""Tomorrow Dies Today final scoring: tie-break chain, outcomes, validation (golden cases:
golden/scoring.toml, run by tests/games/test_golden.py)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.explain import Provenance
from assistant.games.tdt.scoring import (
    EXAMPLE,
    FORM,
    SCORING,
    Henchman,
    OutcomeKind,
    PlayMode,
    Role,
    counted_triggers,
    final_vp,
    henchman_from_record,
    lowest_vp_before_penalties,
    run,
    score,
    score_cutthroat,
    score_mayhem,
    score_syndicate,
    summarise,
    vp_before_penalties,
)
from assistant.ranking import UNRESOLVED, Criterion, rank
from tests.games.golden import cases_in

GOLDEN = cases_in(Path(__file__).parent / "golden" / "scoring.toml")

RULE_IDS = {
    "scoring-cutthroat", "tie-breaks-cutthroat", "scoring-mayhem", "ending-syndicate",
    "betrayal-triggers", "setup-betrayal-triggers", "goal-cutthroat", "goal-mayhem",
    "goal-syndicate", "clock-reaches-zero", "goodman-plotting-cutthroat", "world-reacts",
    "betraying-the-organization", "villain-prestige", "plotting-syndicate-mayhem", "in-play",
    "hire-named-henchman",
}


def H(name: str, **kw: Any) -> Henchman:  # noqa: N802 - short builder for readable tables
    return Henchman(name, **kw)


def test_golden_betrayer_total_is_shown_but_unranked() -> None:
    case = GOLDEN[0]["input"]
    report = score(case["mode"], [henchman_from_record(p) for p in case["players"]],
                   plan_completed=True, clock=2)
    betrayer = report.rows[-1]
    assert (betrayer.name, betrayer.role, betrayer.rank, betrayer.total) == \
        ("Jin Feng", Role.BETRAYER, None, 3 - 4)


# --- Cutthroat: totals and each tie-break on its own ---------------------------------------

def test_cutthroat_total_adds_four_sources_and_subtracts_each_trigger() -> None:
    h = H("Azura", vp_goodman=3, vp_objectives=5, vp_nefarious=4, vp_other=2, triggers=3,
          team_leader_trigger=True)
    assert vp_before_penalties(h) == 14
    assert final_vp(h, PlayMode.CUTTHROAT) == 11  # the Team Leader trigger counts here
    row = score_cutthroat([h, H("B"), H("C")], plan_completed=True, clock=1).rows[0]
    assert [s.value for s in row.breakdown] == [3, 5, 4, 2, -3]
    assert row.total == sum(s.value for s in row.breakdown if isinstance(s.value, int))


def _top_two(a: Henchman, b: Henchman) -> tuple[list[str], str | None]:
    report = score_cutthroat([a, b, H("Last")], plan_completed=True, clock=2)
    return [r.name for r in report.rows[:2]], report.rows[1].tie_break


def test_vp_alone_decides() -> None:
    a = H("A", vp_objectives=9, objectives_completed=0, resources=0, triggers=5)
    b = H("B", vp_objectives=15, objectives_completed=9, resources=9, triggers=0)
    # B: 15 - 0; A: 9 - 5: VP decides before anything else is looked at.
    assert _top_two(a, b) == (["B", "A"], "vp")


def test_objectives_decide_and_disloyal_side_jobs_do_not_count() -> None:
    a = H("A", vp_objectives=8, objectives_completed=4, disloyal_side_jobs=2, resources=9)
    b = H("B", vp_objectives=8, objectives_completed=3, resources=0)
    # A holds more objective cards (4) but only 2 count; B's 3 win despite A's resources.
    assert _top_two(a, b) == (["B", "A"], "objectives")


def test_resources_plus_gadgets_decide() -> None:
    a = H("A", vp_objectives=8, objectives_completed=2, resources=5, gadgets=0, triggers=0)
    b = H("B", vp_objectives=9, objectives_completed=2, resources=2, gadgets=4, triggers=1)
    assert _top_two(a, b) == (["B", "A"], "resources-gadgets")  # 6 beats 5, triggers never seen


def test_fewest_triggers_decide() -> None:
    a = H("A", vp_objectives=10, objectives_completed=2, resources=3, triggers=2)
    b = H("B", vp_objectives=9, objectives_completed=2, gadgets=3, triggers=1)
    assert _top_two(a, b) == (["B", "A"], "triggers")


def test_tie_through_whole_chain_is_unresolved_and_shared() -> None:
    a = H("Zed", vp_objectives=7, objectives_completed=2, resources=3, triggers=1)
    b = H("Abe", vp_goodman=2, vp_objectives=5, objectives_completed=2, gadgets=3, triggers=1)
    report = score_cutthroat([a, b, H("C", vp_other=1), H("D", vp_other=1)],
                             plan_completed=True, clock=5)
    assert [(r.name, r.rank) for r in report.rows] == [("Abe", 1), ("Zed", 1), ("C", 3), ("D", 3)]
    assert report.rows[1].tie_break == UNRESOLVED
    assert "duel at dawn" in report.rows[1].tie_break_note
    assert report.outcome.unresolved
    assert report.outcome.top == ("Abe", "Zed")
    assert report.outcome.winners == ("General Goodman",)


def test_tie_break_note_names_the_numbers() -> None:
    a = H("A", vp_objectives=8, objectives_completed=3)
    b = H("B", vp_objectives=8, objectives_completed=2)
    row = score_cutthroat([a, b, H("C")], plan_completed=True, clock=2).rows[1]
    assert "A" in row.tie_break_note and "(2 to 3)" in row.tie_break_note


# --- betrayal: VP before penalties and the Betrayer's place -------------------------------

def test_last_in_vp_ignores_trigger_penalties() -> None:
    # After penalties A (6 - 3 = 3) is below B (4), but betrayal judges VP before penalties.
    a, b, c = H("A", vp_objectives=6, triggers=3), H("B", vp_objectives=4), H("C", vp_other=9)
    assert lowest_vp_before_penalties([a, b, c]) == ("B",)
    report = score_cutthroat([a, b, c], plan_completed=True, clock=1)
    assert [r.name for r in report.rows] == ["C", "B", "A"]  # the end applies the penalties


def test_last_in_vp_reports_ties_and_skips_the_betrayer() -> None:
    henchmen = [H("A", vp_other=2), H("B", vp_goodman=2), H("C", betrayer=True), H("D", vp_other=5)]
    assert lowest_vp_before_penalties(henchmen) == ("A", "B")


def test_betrayer_not_ranked_even_with_the_most_vp() -> None:
    henchmen = [H("A", vp_objectives=3), H("B", vp_objectives=2),
                H("Traitor", vp_objectives=20, betrayer=True)]
    report = score_cutthroat(henchmen, plan_completed=True, clock=2)
    assert [(r.name, r.rank) for r in report.rows] == [("A", 1), ("B", 2), ("Traitor", None)]
    assert report.outcome.kind is OutcomeKind.GOODMAN_WINS
    assert report.outcome.winners == ("General Goodman", "A")
    assert any(s.provenance is Provenance.DERIVED and s.rule == "betraying-the-organization"
               for s in report.steps)


@pytest.mark.parametrize(("plan", "clock", "betrayer", "kind", "winners"), [
    (True, 3, False, OutcomeKind.GOODMAN_WINS, ("General Goodman", "A")),
    (False, 0, True, OutcomeKind.BETRAYER_WINS, ("T",)),
    (False, 0, False, OutcomeKind.ORGANIZATION_LOST, ()),
    (False, 4, True, OutcomeKind.IN_PROGRESS, ()),
])
def test_cutthroat_outcomes(plan: bool, clock: int, betrayer: bool, kind: OutcomeKind,
                            winners: tuple[str, ...]) -> None:
    henchmen = [H("A", vp_objectives=5), H("B", vp_objectives=3), H("T", betrayer=betrayer)]
    outcome = score_cutthroat(henchmen, plan_completed=plan, clock=clock).outcome
    assert (outcome.kind, outcome.winners) == (kind, winners)
    assert outcome.final is (kind is not OutcomeKind.IN_PROGRESS)


# --- Mayhem --------------------------------------------------------------------------------

def test_mayhem_ignores_team_leader_trigger_cutthroat_counts_it() -> None:
    h = H("A", vp_objectives=6, triggers=2, team_leader_trigger=True, team="Red")
    assert counted_triggers(h, PlayMode.MAYHEM) == 1
    assert counted_triggers(h, PlayMode.CUTTHROAT) == 2
    report = score_mayhem([h, H("B", team="Blue", vp_objectives=5)], clock=0)
    assert [(r.name, r.total) for r in report.rows] == [("Blue", 5), ("Red", 5)]
    assert [r.rank for r in report.rows] == [1, 1]  # shared: Mayhem has no tie-break


def test_mayhem_team_row_lists_members_and_note_on_shared_tie() -> None:
    report = score_mayhem([H("A", team="Red", vp_objectives=4), H("B", team="Red", vp_other=3),
                           H("C", team="blue ", vp_nefarious=7), H("D", team="blue")],
                          clock=0)
    red = next(r for r in report.rows if r.name == "Red")
    assert red.members == ("A", "B") and red.total == 7
    assert report.outcome.winners == ("blue", "Red")  # shared; listed in name order
    assert "no tie-break" in report.rows[1].tie_break_note
    assert any(s.provenance is Provenance.DERIVED and s.rule == "scoring-mayhem"
               for s in report.steps)


def test_mayhem_refuses_unequal_teams_citing_pick_characters() -> None:
    with pytest.raises(InvalidInput) as err:
        score_mayhem([H("A", team="Red"), H("B", team="Red"), H("C", team="Blue")], clock=0)
    assert err.value.field == "players" and "Pick Characters" in str(err.value)


def test_mayhem_before_the_clock_runs_out_is_provisional() -> None:
    report = score_mayhem([H("A", team="Red"), H("B", team="Blue", vp_other=1)], clock=3)
    assert report.outcome.kind is OutcomeKind.IN_PROGRESS and report.outcome.winners == ()
    assert report.outcome.top == ("Blue",)


# --- Syndicate -----------------------------------------------------------------------------

def test_syndicate_win_and_team_leader_trigger_ignored() -> None:
    report = score_syndicate([H("A", triggers=3, team_leader_trigger=True), H("B", triggers=2)],
                             plan_completed=True, clock=2)
    assert report.outcome.kind is OutcomeKind.TABLE_WINS
    assert [r.active_triggers for r in report.rows] == [2, 2]


@pytest.mark.parametrize("blocker", ["A", "B", "Hired"])
def test_syndicate_each_henchman_can_block_the_end(blocker: str) -> None:
    henchmen = [H("A", triggers=2), H("B", triggers=2, team_leader_trigger=True),
                H("Hired", triggers=1, hired=True)]
    henchmen = [replace(h, triggers=h.triggers + 2) if h.name == blocker else h for h in henchmen]
    report = score_syndicate(henchmen, plan_completed=True, clock=3)
    assert report.outcome.kind is OutcomeKind.BLOCKED
    assert report.outcome.blockers == (blocker,)
    assert blocker in report.outcome.text
    assert not report.outcome.final


def test_syndicate_loss_at_clock_zero_and_not_over_before() -> None:
    henchmen = [H("A"), H("B")]
    assert score_syndicate(henchmen, plan_completed=True, clock=0).outcome.kind \
        is OutcomeKind.TABLE_LOSES
    assert score_syndicate(henchmen, plan_completed=False, clock=0).outcome.kind \
        is OutcomeKind.TABLE_LOSES
    assert score_syndicate(henchmen, plan_completed=False, clock=1).outcome.kind \
        is OutcomeKind.IN_PROGRESS


# --- properties ----------------------------------------------------------------------------

NAMES = ["Azura", "Boris", "Cassandra", "Jin", "Node", "Ugo"]
small = st.integers(min_value=0, max_value=4)


@st.composite
def cutthroat_tables(draw: st.DrawFn) -> list[Henchman]:
    names = draw(st.lists(st.sampled_from(NAMES), min_size=3, max_size=6, unique=True))
    out = []
    for name in names:
        objectives = draw(small)
        triggers = draw(st.integers(min_value=0, max_value=5))
        out.append(Henchman(name, vp_goodman=draw(small), vp_objectives=draw(small),
                            vp_nefarious=draw(small), vp_other=draw(small),
                            objectives_completed=objectives,
                            disloyal_side_jobs=draw(st.integers(0, objectives)),
                            resources=draw(small), gadgets=draw(small), triggers=triggers,
                            team_leader_trigger=triggers > 0 and draw(st.booleans())))
    return out


@given(cutthroat_tables(), st.randoms())
def test_ranking_does_not_depend_on_input_order(table: list[Henchman], rnd: Any) -> None:
    shuffled = list(table)
    rnd.shuffle(shuffled)
    a = score_cutthroat(table, plan_completed=True, clock=1)
    b = score_cutthroat(shuffled, plan_completed=True, clock=1)
    assert a == b


@given(cutthroat_tables(), st.data())
def test_adding_a_vp_never_lowers_rank(table: list[Henchman], data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(table) - 1))
    before = {r.name: r.rank for r in score_cutthroat(table, plan_completed=True, clock=1).rows}
    richer = [replace(h, vp_other=h.vp_other + 1) if j == i else h for j, h in enumerate(table)]
    after = {r.name: r.rank for r in score_cutthroat(richer, plan_completed=True, clock=1).rows}
    name = table[i].name
    assert after[name] is not None and before[name] is not None
    assert after[name] <= before[name]


@given(cutthroat_tables())
def test_ranks_are_standard_competition(table: list[Henchman]) -> None:
    ranks = [r.rank for r in score_cutthroat(table, plan_completed=True, clock=1).rows]
    for position, value in enumerate(ranks):
        assert value == 1 + sum(1 for other in ranks if other is not None and value is not None
                                and other < value)
        assert value is not None and value <= position + 1


def test_generic_ranking_is_1_1_3() -> None:
    crit = (Criterion[int]("n", "n", lambda n: n),)
    placed = rank([5, 7, 7, 1], crit, str)
    assert [(p.item, p.rank, p.separated_by) for p in placed] == \
        [(7, 1, None), (7, 1, UNRESOLVED), (5, 3, "n"), (1, 4, "n")]


# --- validation ----------------------------------------------------------------------------

def three(**kw: Any) -> list[dict[str, Any]]:
    return [{"name": "A", **kw}, {"name": "B"}, {"name": "C"}]


@pytest.mark.parametrize(("data", "field"), [
    ({"mode": "cutthroat", "clock": 2, "players": three(triggers=6)}, "players.0.triggers"),
    ({"mode": "cutthroat", "clock": 2, "players": three(vp_other=-1)}, "players.0.vp_other"),
    ({"mode": "cutthroat", "clock": 2, "players": three(resources=True)}, "players.0.resources"),
    ({"mode": "cutthroat", "clock": 2, "players": three(gadgets=1.5)}, "players.0.gadgets"),
    ({"mode": "cutthroat", "clock": 2, "players": three(team_leader_trigger=True)},
     "players.0.team_leader_trigger"),
    ({"mode": "cutthroat", "clock": 2,
      "players": three(objectives_completed=1, disloyal_side_jobs=2)},
     "players.0.disloyal_side_jobs"),
    ({"mode": "cutthroat", "clock": 2, "players": [{"name": "A"}, {"name": "B"}, {"name": " a"}]},
     "players.2.name"),
    ({"mode": "cutthroat", "clock": 2, "players": three(name="  ")}, "players.0.name"),
    ({"mode": "cutthroat", "clock": 2,
      "players": [{"name": "A", "betrayer": True}, {"name": "B", "betrayer": True},
                  {"name": "C"}]}, "players.1.betrayer"),
    ({"mode": "mayhem", "clock": 0,
      "players": [{"name": "A", "team": "R", "betrayer": True}, {"name": "B", "team": "S"}]},
     "players.0.betrayer"),
    ({"mode": "syndicate", "clock": 2, "players": [{"name": "A", "betrayer": True}]},
     "players.0.betrayer"),
    ({"mode": "cutthroat", "clock": 2, "players": three()[:2]}, "players"),
    ({"mode": "syndicate", "clock": 2, "players": [{"name": str(i)} for i in range(7)]},
     "players"),
    ({"mode": "cutthroat", "clock": 11, "players": three()}, "clock"),
    ({"mode": "cutthroat", "players": three()}, "clock"),
    ({"mode": "cutthroat", "clock": 0, "plan_completed": True, "players": three()},
     "plan_completed"),
    ({"mode": "cutthroat", "clock": 2, "players": three(team="Red")}, "players.0.team"),
    ({"mode": "cutthroat", "clock": 2, "players": three(hired=True)}, "players.0.hired"),
    ({"mode": "mayhem", "clock": 0, "players": [{"name": "A", "team": "R"}, {"name": "B"}]},
     "players.1.team"),
    ({"mode": "mayhem", "clock": 0, "plan_completed": True,
      "players": [{"name": "A", "team": "R"}, {"name": "B", "team": "S"}]}, "plan_completed"),
    ({"mode": "mayhem", "clock": 0,
      "players": [{"name": "A", "team": "R"}, {"name": "B", "team": "r"}]}, "players"),
    ({"mode": "mayhem", "clock": 0,
      "players": [{"name": n, "team": n} for n in "ABCD"]}, "players"),
    ({"mode": "mayhem", "clock": 0,
      "players": [{"name": "A", "team": "R", "vp_goodman": 2}, {"name": "B", "team": "S"}]},
     "players.0.vp_goodman"),
    ({"mode": "syndicate", "clock": 2, "players": [{"name": "A", "disloyal_side_jobs": 1,
                                                   "objectives_completed": 1}]},
     "players.0.disloyal_side_jobs"),
    ({"mode": "chaos", "clock": 2, "players": three()}, "mode"),
])
def test_invalid_input(data: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidInput) as info:
        run(data)
    assert info.value.field == field
    assert info.value.detail and info.value.allowed


def test_triggers_at_the_limits_are_accepted() -> None:
    assert run({"mode": "cutthroat", "clock": 2, "players": three(triggers=5)})
    assert run({"mode": "cutthroat", "clock": 10, "players": three(triggers=0)})


# --- the Operation, summary and share text -------------------------------------------------

def test_operation_shape_and_example() -> None:
    assert SCORING.slug == "score" and SCORING.run is run and SCORING.example is EXAMPLE
    assert [f.name for f in FORM] == ["mode", "players", "plan_completed", "clock"]
    explained = SCORING.run(SCORING.example)
    assert explained.result["outcome"]["kind"] == "goodman-wins"
    assert set(SCORING.rules) <= RULE_IDS
    assert set(explained.result["citations"]) <= RULE_IDS
    assert all(s.rule in RULE_IDS for s in explained.steps)
    assert all(s.note for s in explained.steps if s.provenance is not Provenance.RULEBOOK)
    assert set(explained.result) == {"mode", "final", "outcome", "rows", "tie_break_chain",
                                     "citations"}


def test_share_text_lines() -> None:
    text = SCORING.run(SCORING.example).summary.splitlines()
    assert text[0] == "Tomorrow Dies Today - Cutthroat (final)"
    assert text[1] == "1. Cassandra O'Shea 13 VP"
    assert text[2] == "2. Azura Badeau 13 VP (behind on objectives)"
    assert text[3] == "3. Boris Myasneek 9 VP"
    assert text[4] == "Betrayer: Jin Feng -1 VP"
    assert text[5].startswith("General Goodman completed his Doomsday Plan and wins")


def test_summary_object_for_printables() -> None:
    report = score("mayhem", [H("A", team="Red", vp_objectives=2),
                              H("B", team="Blue", vp_objectives=2)], clock=0)
    summary = summarise(report)
    assert summary.mode == "mayhem" and summary.final
    assert [(r.rank, r.name, r.total) for r in summary.rows] == \
        [("1", "Blue (B)", "2 VP"), ("1", "Red (A)", "2 VP")]
    assert summary.rows[1].tie_break_tag == "tied, rank shared"
    assert summary.citations == report.citations
    syn = summarise(score("syndicate", [H("A", triggers=3)], plan_completed=True, clock=1))
    assert syn.rows[0].total == "3 triggers, blocks" and not syn.final
