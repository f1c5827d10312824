"""Every event kind checked against the rules: the cases live in cases.toml."""
import tomllib
from pathlib import Path

import pytest

from assistant.errors import InvalidInput

from .kit import History, fold, parse_event, parse_setup

DATA = tomllib.loads((Path(__file__).parent / "cases.toml").read_text())
TABLES = {name: parse_setup(table) for name, table in DATA["tables"].items()}


def history_for(case):
    return fold(TABLES[case["table"]], [parse_event(e) for e in case.get("before", [])])


@pytest.mark.parametrize("case", DATA["case"], ids=[c["name"] for c in DATA["case"]])
def test_event_case(case):
    assert case.get("source"), "every case names its source"
    history = history_for(case)
    before = (history.version, history.state)
    if "refused" in case:
        with pytest.raises(InvalidInput) as caught:
            history.append(parse_event(case["event"]))
        assert caught.value.field == case["refused"]
        assert caught.value.detail
        assert (history.version, history.state) == before, "a refused event changes nothing"
    else:
        history.append(parse_event(case["event"]))
        assert history.version == before[0] + 1


def test_every_kind_has_a_case():
    from assistant.games.tdt.tracker.events import EventKind
    kinds = {c["event"]["kind"] for c in DATA["case"]}
    assert kinds >= {k.value for k in EventKind}


def test_betrayal_hands_vp_and_resources_to_goodman():
    h = fold(TABLES["cutthroat"], [parse_event(e) for e in [
        {"kind": "vp", "seat": "azura-badeau", "amount": 4},
        {"kind": "vp", "seat": "jin-feng", "amount": 2, "source": "goodman"},
        {"kind": "resources", "seat": "jin-feng", "count": 5},
        {"kind": "gadgets", "seat": "jin-feng", "count": 2},
        {"kind": "objective", "seat": "jin-feng", "objective": "side-job", "vp": 1},
        {"kind": "vp", "seat": "boris-myasneek", "amount": 3},
        {"kind": "trigger", "seat": "jin-feng", "trigger": 1},
        {"kind": "trigger", "seat": "jin-feng", "trigger": 2},
        {"kind": "trigger", "seat": "jin-feng", "trigger": 3},
        {"kind": "betrayal", "seat": "jin-feng"}]])
    jin, goodman = h.state.seat("jin-feng"), h.state.seat("goodman")
    assert h.state.betrayer == "jin-feng"
    assert (jin.vp_goodman, jin.vp_other, jin.resources, jin.gadgets) == (0, 0, 0, 2)
    assert jin.vp_objectives == 1
    assert (goodman.vp_other, goodman.resources) == (2, 5)


def test_completing_the_plan_reveals_it():
    h = fold(TABLES["syndicate"], [parse_event({"kind": "doomsday-completed"})])
    assert h.state.doomsday_revealed and h.state.doomsday_completed


def test_event_round_trips_through_json():
    data = {"kind": "objective", "seat": "jin-feng", "objective": "side-job", "vp": 2,
            "title": "Heist"}
    assert parse_event(data).to_json() == data
    assert parse_event({"kind": "vp", "seat": "x", "amount": 1}).to_json() == {
        "kind": "vp", "seat": "x", "amount": 1, "source": "other"}


def test_undo_of_a_note_removes_it():
    h = History(TABLES["syndicate"])
    h.append(parse_event({"kind": "note", "text": "hello", "seat": "jin-feng"}))
    assert [n.text for n in h.state.notes] == ["hello"]
    h.append(parse_event({"kind": "undo"}))
    assert h.state.notes == () and h.version == 2
