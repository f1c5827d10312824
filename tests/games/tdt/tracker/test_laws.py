"""Fold and undo laws, checked on random streams of events (hypothesis)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.errors import InvalidInput

from .kit import History, fold, parse_event, parse_setup

TABLES = {
    "cutthroat": parse_setup({"mode": "cutthroat", "seats": [
        {"goodman": True}, {"henchman": "Azura"}, {"henchman": "Jin"}, {"henchman": "Boris"}]}),
    "mayhem": parse_setup({"mode": "mayhem", "seats": [
        {"henchman": "Azura", "team": "R"}, {"henchman": "Jin", "team": "B"}]}),
    "syndicate": parse_setup({"mode": "syndicate", "seats": [{"henchman": "Azura"}]}),
}
SEATS = st.sampled_from(["goodman", "azura", "jin", "boris"])
OBJECTIVES = st.sampled_from(["side-job", "disloyal-side-job", "directive", "global-event",
                              "nefarious-plan"])

RAW = st.one_of(
    st.fixed_dictionaries({"kind": st.just("vp"), "seat": SEATS,
                           "amount": st.integers(-4, 5),
                           "source": st.sampled_from(["goodman", "other"])}),
    st.fixed_dictionaries({"kind": st.just("trigger"), "seat": SEATS,
                           "trigger": st.integers(1, 5), "active": st.booleans()}),
    st.fixed_dictionaries({"kind": st.just("objective"), "seat": SEATS,
                           "objective": OBJECTIVES, "vp": st.integers(0, 4)}),
    st.fixed_dictionaries({"kind": st.sampled_from(["resources", "gadgets"]), "seat": SEATS,
                           "count": st.integers(0, 9)}),
    st.fixed_dictionaries({"kind": st.just("clock"), "to": st.integers(0, 10)}),
    st.fixed_dictionaries({"kind": st.just("tech"), "to": st.integers(1, 5)}),
    st.fixed_dictionaries({"kind": st.sampled_from(["doomsday-revealed", "doomsday-completed",
                                                    "undo"])}),
    st.fixed_dictionaries({"kind": st.just("betrayal"), "seat": SEATS,
                           "forced": st.booleans()}),
    st.fixed_dictionaries({"kind": st.just("team-leader"), "seat": SEATS}),
    st.fixed_dictionaries({"kind": st.just("note"), "text": st.just("n")}),
    st.fixed_dictionaries({"kind": st.just("next")}),
    st.fixed_dictionaries({"kind": st.just("next")}),
    st.fixed_dictionaries({"kind": st.just("gadget"), "seat": SEATS,
                           "shift": st.sampled_from(["none", "raise", "lower"])}),
    st.fixed_dictionaries({"kind": st.just("hire"), "seat": SEATS}),
    st.fixed_dictionaries({"kind": st.just("conflict"), "seat": SEATS, "target": SEATS,
                           "offence": st.just("stealth"), "offence_total": st.integers(0, 6),
                           "defence": st.just("combat"), "defence_total": st.integers(0, 6),
                           "target_offence": st.just("cunning"),
                           "target_offence_total": st.integers(0, 6),
                           "target_defence": st.just("diplomacy"),
                           "target_defence_total": st.integers(0, 6),
                           "steals": st.integers(0, 2), "target_steals": st.integers(0, 2)}),
    st.fixed_dictionaries({"kind": st.just("deploy"), "seat": SEATS,
                           "squad_1": st.integers(0, 6),
                           "from_1": st.sampled_from(["mission", "base", "stays"])}),
    st.fixed_dictionaries({"kind": st.just("mission"), "seat": SEATS,
                           "mission": st.sampled_from(["resource", "hq"]),
                           "title": st.sampled_from(["Arms Dealing", "Interpol HQ"]),
                           "combat": st.integers(0, 4), "stealth": st.integers(0, 4),
                           "cunning": st.integers(0, 4), "diplomacy": st.integers(0, 4),
                           "reward_vp": st.integers(0, 2)}),
    st.fixed_dictionaries({"kind": st.just("revert"), "to_version": st.integers(0, 40)}),
)


def accepted(table, raws):
    """The events of `raws` the table accepts, in order (refused ones dropped)."""
    history, events = History(TABLES[table]), []
    for raw in raws:
        try:
            event = parse_event(raw)
            history.append(event)
        except InvalidInput:
            continue
        events.append(event)
    return events


STREAMS = st.tuples(st.sampled_from(sorted(TABLES)), st.lists(RAW, max_size=40))


@settings(max_examples=150, deadline=None)
@given(STREAMS, st.data())
def test_fold_prefix_then_rest_equals_fold_all(stream, data):
    table, raws = stream
    events = accepted(table, raws)
    k = data.draw(st.integers(0, len(events)))
    whole = fold(TABLES[table], events)
    split = fold(TABLES[table], events[:k]).extend(events[k:])
    assert split.state == whole.state
    assert [p.state for p in split.points] == [p.state for p in whole.points]


@settings(max_examples=150, deadline=None)
@given(STREAMS, RAW)
def test_undo_then_redo(stream, raw):
    table, raws = stream
    history = fold(TABLES[table], accepted(table, raws))
    before = history.state
    try:
        event = parse_event(raw)
        if str(event.kind) in ("undo", "revert"):
            return
        history.append(event)
    except InvalidInput:
        assert history.state == before
        return
    after, version_after = history.state, history.version
    history.append(parse_event({"kind": "undo"}))
    assert history.state == before
    history.append(parse_event({"kind": "revert", "to_version": version_after}))
    assert history.state == after


@settings(max_examples=100, deadline=None)
@given(STREAMS, st.data())
def test_revert_reaches_the_state_of_that_version(stream, data):
    table, raws = stream
    history = fold(TABLES[table], accepted(table, raws))
    if history.version == 0:
        return
    target = data.draw(st.integers(0, history.version - 1))
    expected, length = history.points[target].state, history.version
    history.append(parse_event({"kind": "revert", "to_version": target}))
    assert history.state == expected
    assert history.version == length + 1, "history is never destroyed"


@settings(max_examples=100, deadline=None)
@given(STREAMS, RAW)
def test_refused_event_changes_nothing(stream, raw):
    table, raws = stream
    history = fold(TABLES[table], accepted(table, raws))
    snapshot = list(history.points)
    try:
        history.append(parse_event(raw))
    except InvalidInput:
        assert history.points == snapshot


@pytest.mark.parametrize("table", sorted(TABLES))
def test_states_always_score(table):
    """Whatever the table accepted, the final score can be computed from it."""
    from .kit import final_score
    events = accepted(table, [{"kind": "vp", "seat": "azura", "amount": 3},
                              {"kind": "trigger", "seat": "jin", "trigger": 1},
                              {"kind": "clock", "to": 0}, {"kind": "next"}])
    answer = final_score(TABLES[table], fold(TABLES[table], events).state)
    assert answer.result["final"] is True
