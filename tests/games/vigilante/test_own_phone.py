"""What a seat's own phone can record and read back on the session page, and what the table
can still do after the reveal (review of issue 18: hidden information, the tracker)."""
from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED, History, Viewer, parse_event

TRACKER = find_game("vigilante").tracker
assert TRACKER is not None
SETUP = {"mode": "brought-to-justice", "rounds": 1, "starting_events": 0,
         "good": 2, "evil": 1, "neutral": 1,
         "seats": [{"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}, {"name": "Pim"}]}
OWN_LINES = ("only_this_phone", "your_investigations")


def play(*events: dict[str, Any], setup: dict[str, Any] | None = None) -> History:
    history = History(TRACKER, TRACKER.parse_setup(setup or SETUP))
    for event in events:
        history.append(parse_event(TRACKER, event))
    return history


def view(h: History, seat: str | None) -> dict[str, Any]:
    return TRACKER.state_json(h.setup, h.state, Viewer(seat) if seat else SHARED)


def test_the_page_prints_the_owners_identity_and_notes_on_their_own_card_only():
    """The board's seat lines are the only text the session page prints under a seat, so the
    owner's Identity, Mission and investigation notes must be there, in the owner's view."""
    board = TRACKER.board(TRACKER.parse_setup(SETUP))
    assert set(OWN_LINES) <= set(board.seat_lines)
    h = play({"kind": "identity", "seat": "ivan", "identity": "investigator"},
             {"kind": "investigate", "seat": "ivan", "target": "asha", "spot": 2,
              "seen": "evil"},
             {"kind": "investigate", "seat": "ivan", "target": "asha", "spot": 4,
              "seen": "evil"})
    ivan = view(h, "ivan")["seats"][1]
    assert "Investigator (good)" in ivan["only_this_phone"]
    assert "need 8" in ivan["only_this_phone"]
    assert ivan["your_investigations"] == "Asha: spot 2 evil, spot 4 evil -> evil"
    for seat in (None, "gwen", "asha", "pim"):
        for row in view(h, seat)["seats"]:
            if row["id"] != seat:
                assert not set(OWN_LINES) & set(row), (seat, row["id"])
    asha = view(h, "asha")["seats"][2]   # her own card: no Identity yet, nothing about her mat
    assert "No Identity entered" in asha["only_this_phone"]
    assert "your_investigations" not in asha


def test_before_the_reveal_no_seat_line_shows_an_identity_line():
    row = view(play(), None)["seats"][0]
    assert row["identity_line"] is None   # the page skips a line whose value is null


def test_an_investigation_can_name_the_player_as_the_page_shows_them():
    """The page's form is a free text box: the player types the name they see, not an id."""
    h = play({"kind": "investigate", "seat": "gwen", "target": "Asha", "spot": 1,
              "seen": "good"},
             {"kind": "investigate", "seat": "gwen", "target": "asha", "spot": 3,
              "seen": "good"})
    deductions = view(h, "gwen")["seats"][0]["deductions"]
    assert [d["target"] for d in deductions] == ["asha"]
    assert deductions[0]["settled"] == "good"
    with pytest.raises(InvalidInput) as err:
        h.append(parse_event(TRACKER, {"kind": "investigate", "seat": "gwen",
                                       "target": "Gwen", "spot": 1, "seen": "good"}))
    assert err.value.field == "target"   # never one's own tokens (vigilante.txt:277, :682)


def test_the_reveal_form_defaults_to_the_identity_on_the_phone():
    """The page's select sends its first option; that must be the phone's Identity, not the
    first card in the list."""
    form = dict((f.name, f) for f in TRACKER.event_forms["reveal"])
    assert form["identity"].options[0] == "as-entered"
    h = play({"kind": "identity", "seat": "asha", "identity": "assassin"},
             {"kind": "add-event", "type": "hacking", "die": 2}, {"kind": "end-game"},
             {"kind": "reveal", "seat": "asha", "identity": "as-entered"})
    assert view(h, None)["seats"][2]["revealed"] == "assassin"
    with pytest.raises(InvalidInput) as err:   # nothing entered on Gwen's phone
        h.append(parse_event(TRACKER, {"kind": "reveal", "seat": "gwen",
                                       "identity": "as-entered"}))
    assert err.value.field == "identity"


def test_a_jail_change_after_an_addicts_reveal_cannot_break_the_verdict():
    """Before the fix the event was accepted and every later read of the session failed."""
    h = play({"kind": "jail", "seat": "pim", "count": 4},
             {"kind": "add-event", "type": "hacking", "die": 2}, {"kind": "end-game"},
             {"kind": "reveal", "seat": "gwen", "identity": "guardian"},
             {"kind": "reveal", "seat": "ivan", "identity": "guardian"},
             {"kind": "reveal", "seat": "asha", "identity": "assassin"},
             {"kind": "reveal", "seat": "pim", "identity": "addict", "jail_level_2_3": 4,
              "med_cards": 4})
    before = h.state
    with pytest.raises(InvalidInput) as err:
        h.append(parse_event(TRACKER, {"kind": "jail", "seat": "pim", "count": 3}))
    assert err.value.field == "count" and h.state == before
    with pytest.raises(InvalidInput) as err:  # after the verdict nothing changes the winners
        h.append(parse_event(TRACKER, {"kind": "jail", "seat": "pim", "count": 5}))
    assert "The game is over" in err.value.detail and h.state == before


def test_the_cards_rounds_need_its_starting_events():
    """Rounds are read off the Event Track (vigilante.txt:357): with 8 rounds and 2 starting
    Events unentered, the 7th and 8th rounds' Events would be refused and the end allowed
    after round 6."""
    with pytest.raises(InvalidInput) as err:
        TRACKER.parse_setup({**SETUP, "rounds": 8, "starting_events": None})
    assert err.value.field == "starting_events"
    h = play(*({"kind": "add-event", "type": "hacking", "die": 2} for _ in range(10)),
             setup={**SETUP, "rounds": 8, "starting_events": 2})
    assert view(h, None)["round"] == 8


# ---------------------------------------------------------------- every accepted stream reads

DUO = {"mode": "shifting-allegiances",  # 3 seats: the floor of every scenario (issue 31)
       "seats": [{"name": "Gwen"}, {"name": "Pim"}, {"name": "Ann"}]}
PAIR = ["gwen", "pim"]
IDS = ["as-entered", "guardian", "investigator", "mastermind", "addict", "profiteer",
       "cultist", "bounty-hunter"]
table_events = st.one_of(
    st.builds(lambda s, n: {"kind": "jail", "seat": s, "count": n},
              st.sampled_from(PAIR), st.integers(0, 6)),
    st.builds(lambda s, i, h: {"kind": "recruit", "seat": s, "name": "H", "influence": i,
                               "health": h},
              st.sampled_from(PAIR), st.integers(0, 9), st.integers(1, 3)),
    st.builds(lambda s, k, n: {"kind": "damage", "seat": s, "slot": k, "to": n},
              st.sampled_from(PAIR), st.integers(1, 2), st.integers(0, 3)),
    st.builds(lambda s, k: {"kind": "defeat", "seat": s, "slot": k},
              st.sampled_from(PAIR), st.integers(1, 2)),
    st.builds(lambda d: {"kind": "add-event", "type": "firefight", "die": d},
              st.integers(1, 6)),
    st.just({"kind": "end-game"}),
    st.builds(lambda s, i: {"kind": "identity", "seat": s, "identity": i},
              st.sampled_from(PAIR), st.sampled_from(IDS[1:])),
    st.builds(lambda s, i, a, b: {"kind": "reveal", "seat": s, "identity": i,
                                  "jail_level_2_3": a, "med_cards": b},
              st.sampled_from(PAIR), st.sampled_from(IDS), st.integers(0, 5),
              st.integers(0, 5)))


@settings(max_examples=200, deadline=None)
@given(st.lists(table_events, max_size=30))
def test_every_accepted_stream_can_be_read_and_judged(raws):
    """No accepted event may leave a state that the views or the judge then refuse (a session
    that can no longer be opened)."""
    h = History(TRACKER, TRACKER.parse_setup(DUO))
    for raw in raws:
        try:
            h.append(parse_event(TRACKER, raw))
        except InvalidInput:
            continue
        for seat in (None, *PAIR):
            TRACKER.state_json(h.setup, h.state, Viewer(seat) if seat else SHARED)
        TRACKER.score(h.setup, h.state)
