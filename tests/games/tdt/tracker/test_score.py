"""The final score comes from the scoring code, fed by the folded state."""
from hypothesis import given, settings

from assistant.games.tdt import scoring

from .kit import final_score, fold, parse_event, parse_setup
from .test_laws import STREAMS, TABLES, accepted

SETUP = parse_setup({"mode": "cutthroat", "team_leader": "azura-badeau", "global_events": True,
                     "seats": [{"goodman": True}, {"henchman": "Azura Badeau"},
                               {"henchman": "Cassandra O'Shea"},
                               {"henchman": "Boris Myasneek"}, {"henchman": "Jin Feng"}]})


def obj(seat, kind, vp):
    return {"kind": "objective", "seat": seat, "objective": kind, "vp": vp}


def passes(*seats):
    return [{"kind": "pass", "seat": s} for s in seats]


NEXT = {"kind": "next"}
TO_MONOLOGUING = [NEXT] * 4  # Villainy Phases 1-3, then Monologuing

# The scoring operation's own worked example (assistant/games/tdt/scoring.py EXAMPLE), played
# as the events a table would record over two rounds, each at the point of the round the
# rules allow it and in turn from the Team Leader (Azura): Global Events solved in Scheming;
# in Monologuing Jin's betrayal on his Tithe turn, the Directives claimed in turns (three are
# face up; Goodman draws more in his Plotting), the Side Jobs in seat order; the plan declared
# in Goodman's Plotting of round 2; Nefarious Plans at Endgame and Scoring.
GAME = [
    {"kind": "vp", "seat": "goodman", "amount": 6, "reason": "VP tokens Goodman holds"},
    {"kind": "vp", "seat": "boris-myasneek", "amount": 1, "source": "goodman"},
    *({"kind": "trigger", "seat": "jin-feng", "trigger": n} for n in (2, 3, 4, 5)),
    obj("azura-badeau", "global-event", 1), obj("cassandra-o-shea", "global-event", 1),
    obj("boris-myasneek", "global-event", 1),
    *TO_MONOLOGUING,
    {"kind": "betrayal", "seat": "jin-feng"},  # on his turn of Tithe to Goodman
    {"kind": "vp", "seat": "jin-feng", "amount": 1, "reason": "mission reward"},
    {"kind": "resources", "seat": "jin-feng", "count": 5},
    {"kind": "gadgets", "seat": "jin-feng", "count": 1},
    {"kind": "vp", "seat": "azura-badeau", "amount": 3, "source": "goodman"},
    {"kind": "vp", "seat": "azura-badeau", "amount": 2},
    {"kind": "vp", "seat": "cassandra-o-shea", "amount": 4, "source": "goodman"},
    {"kind": "vp", "seat": "cassandra-o-shea", "amount": 1},
    obj("azura-badeau", "directive", 1), obj("cassandra-o-shea", "directive", 1),
    obj("boris-myasneek", "directive", 2),
    obj("azura-badeau", "side-job", 2), obj("azura-badeau", "side-job", 2),
    obj("azura-badeau", "disloyal-side-job", 1),
    obj("cassandra-o-shea", "side-job", 2), obj("cassandra-o-shea", "side-job", 1),
    obj("boris-myasneek", "side-job", 2), obj("boris-myasneek", "side-job", 0),
    obj("jin-feng", "disloyal-side-job", 1), obj("jin-feng", "disloyal-side-job", 1),
    {"kind": "goodman-plot", "seat": "goodman", "option": "draw-directives"},
    NEXT,  # The World Reacts: round 2
    *TO_MONOLOGUING,
    *passes("cassandra-o-shea", "boris-myasneek", "azura-badeau"),  # the Tithe: nothing
    *passes("azura-badeau"), obj("cassandra-o-shea", "directive", 1),  # Directives
    {"kind": "resources", "seat": "azura-badeau", "count": 4},
    {"kind": "gadgets", "seat": "azura-badeau", "count": 1},
    {"kind": "trigger", "seat": "azura-badeau", "trigger": 1},
    {"kind": "trigger", "seat": "azura-badeau", "trigger": 3},
    {"kind": "resources", "seat": "cassandra-o-shea", "count": 6},
    {"kind": "gadgets", "seat": "cassandra-o-shea", "count": 2},
    {"kind": "resources", "seat": "boris-myasneek", "count": 3},
    {"kind": "trigger", "seat": "boris-myasneek", "trigger": 2},
    {"kind": "clock", "to": 2},
    {"kind": "doomsday-completed"},  # Goodman's Plotting: Endgame and Scoring
    obj("azura-badeau", "nefarious-plan", 3), obj("cassandra-o-shea", "nefarious-plan", 2),
    obj("boris-myasneek", "nefarious-plan", 4),
    NEXT,  # the score is final
]


def test_tracked_game_scores_like_the_scoring_example():
    state = fold(SETUP, [parse_event(e) for e in GAME]).state
    tracked = final_score(SETUP, state)
    direct = scoring.run(scoring.EXAMPLE)
    assert {k: tracked.result[k] for k in direct.result} == direct.result
    assert tracked.summary == tracked.result["headline"] + "\n" + direct.summary
    assert tracked.result["headline"] == (
        "General Goodman wins: his Doomsday Plan was completed before the clock reached 0, and "
        "Cassandra O'Shea is the victor among his henchmen.")
    assert tracked.result["outcome"]["kind"] == "goodman-wins"
    assert tracked.result["final"] is True
    ranks = {s["seat"]: (s["rank"], s["total"], s["winner"], s["role"])
             for s in tracked.result["standings"]}
    assert ranks == {"goodman": (1, None, True, "General Goodman"),
                     "cassandra-o-shea": (1, 13, True, "loyal Named Henchman"),
                     "azura-badeau": (2, 13, False, "loyal Named Henchman"),
                     "boris-myasneek": (3, 9, False, "loyal Named Henchman"),
                     "jin-feng": (4, -1, False, "Betrayer")}


def test_undoing_the_plan_makes_the_score_provisional():
    history = fold(SETUP, [parse_event(e) for e in [*GAME, {"kind": "undo"}]])
    assert final_score(SETUP, history.state).result["final"] is False


@settings(max_examples=100, deadline=None)
@given(STREAMS)
def test_every_accepted_state_can_be_scored(stream):
    table, raws = stream
    state = fold(TABLES[table], accepted(table, raws)).state
    final_score(TABLES[table], state)  # scoring's own validation accepts what we accepted
