"""Found in review: the owner's plan form on the board, reveals that contradict the recorded
deployment, the instant win at the completing claim, a changed plan shown to the table, and a
battle that leaves nobody standing."""
from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED, History, Viewer, parse_event

from .test_tracker import SECRET, deal_and_deploy, fight_one, pick, play, reveal, start

GAME = find_game("master-plan")
TRACKER = GAME.tracker
assert TRACKER is not None


def shared(h: History) -> dict[str, Any]:
    return TRACKER.state_json(h.setup, h.state, SHARED)


def seat_row(state: dict[str, Any], seat: str) -> dict[str, Any]:
    return next(s for s in state["seats"] if s["id"] == seat)


# ---------------------------------------------------------------- the board

def test_the_board_lets_a_seats_own_phone_enter_its_plan():
    """The session page shows a private event's Action only on the owner's card of a claimed
    phone; without an Action for `plan` the owner has no way to record it from the page."""
    board = TRACKER.board(TRACKER.parse_setup(dict(TRACKER.example_setup)))
    private = TRACKER.private_events
    for kind in private:
        action = next((a for a in board.actions if a.event == kind), None)
        assert action is not None, f"no board Action for the private event {kind!r}"
        assert action.per_seat  # sent with that seat's own id
        form = {f.name: f for f in TRACKER.event_forms[kind]}
        required = {n for n, f in form.items() if f.required and n != "seat"}
        assert required <= set(action.asks) <= set(form)


# ---------------------------------------------------------------- reveals follow the deployment

def test_a_seat_cannot_reveal_where_it_deployed_nothing():
    """Assemble step 3a (:39): a Squad is where its player deployed; Battle step 1 (:44) turns
    over the Squads at that Throwdown only. Here nobody deployed to Throwdown 3."""
    h = start()
    play(h, {"kind": "throwdown", "loot": "Gem"}, {"kind": "throwdown", "loot": "Idol"},
         {"kind": "throwdown", "loot": "Crown"})
    for seat, where in (("ben", 1), ("cat", 1), ("dee", 2), ("ann", 1),
                        ("ben", 1), ("cat", 1), ("dee", 2), ("ann", 1)):
        play(h, {"kind": "deploy", "seat": seat, "throwdown": where})
    play(h, pick(3))
    with pytest.raises(InvalidInput) as refused:
        play(h, reveal(3, "ann", "Zap", "hero", 5, "magic"))
    assert refused.value.field == "seat"
    assert "Ann" in refused.value.detail and "Throwdown 3" in refused.value.detail
    assert refused.value.allowed == "none"
    play(h, {"kind": "battle", "throwdown": 3})  # the empty Throwdown: its Loot goes back
    assert shared(h)["throwdowns"][2]["returned"] == ["Crown"]
    play(h, pick(2))
    with pytest.raises(InvalidInput) as other:
        play(h, reveal(2, "ann", "Zap", "hero", 5, "magic"))
    assert other.value.allowed == "Dee"


def test_supers_stay_face_down_until_deployment_is_over():
    """Deployed Supers are face down (:38) and turned over only in Battle (:44), which comes
    after deployment; with the deck size known the tracker knows when deployment ends."""
    h = start()
    play(h, {"kind": "throwdown", "loot": "Gem"}, {"kind": "throwdown", "loot": "Idol"},
         {"kind": "throwdown", "loot": "Crown"}, {"kind": "deploy", "seat": "ben",
                                                  "throwdown": 1})
    with pytest.raises(InvalidInput) as refused:
        play(h, reveal(1, "ben", "Hex", "villain", 5, "magic"))
    assert refused.value.field == "kind" and "Cat" in refused.value.detail


# ---------------------------------------------------------------- the instant win

def test_the_claim_that_completes_an_entered_plan_is_told_to_its_owner_only():
    """Loot step 1 (:58): the moment a claim completes the claimer's plan, that player reveals
    it and wins. The claim is recorded by the table, so only the owner's phone is told ("declare
    your win now"); the table learns of the win when the owner declares it (issue 29: a claim
    must not answer the table yes or no about a plan)."""
    h = start()
    play(h, {"kind": "plan", "seat": "ann", "requirements": SECRET})
    fight_one(deal_and_deploy(h))
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"})  # Ben's Hex claims first
    assert shared(h)["winner"] is None and SECRET not in json.dumps(shared(h)["seats"][0])
    play(h, {"kind": "claim", "throwdown": 1, "loot": SECRET})  # Ann's Blaze completes it
    state = shared(h)
    assert state["winner"] is None and not state["over"] and state["revealed_plan"] is None
    own = seat_row(TRACKER.state_json(h.setup, h.state, Viewer("ann")), "ann")
    assert own["declare_now"] is True and "declare your win now" in own["plan_text"]
    for viewer in (SHARED, Viewer("ben")):
        row = seat_row(TRACKER.state_json(h.setup, h.state, viewer), "ann")
        assert not {"declare_now", "plan", "plan_complete", "plan_missing"} & set(row)
    play(h, {"kind": "declare-win", "seat": "ann"})  # from Ann's own phone
    stored = h.event_at(h.version)
    assert stored.to_json() == {"kind": "declare-win", "seat": "ann", "requirements": SECRET,
                                "own_phone": True}
    state = shared(h)
    assert state["winner"] == "ann" and state["over"]
    assert state["revealed_plan"] == [SECRET]
    with pytest.raises(InvalidInput):
        play(h, {"kind": "throwdown", "loot": "Gem"})
    assert TRACKER.score(h.setup, h.state).result["winners"] == ["Ann"]
    with pytest.raises(InvalidInput) as refused:  # the table cannot make it disappear
        play(h, {"kind": "undo"})
    assert "made a seat's secret public" in refused.value.detail


def test_a_claim_that_does_not_complete_a_plan_reveals_nothing():
    h = start()
    play(h, {"kind": "plan", "seat": "ann", "requirements": f"{SECRET}, Quasar"})
    fight_one(deal_and_deploy(h))
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
         {"kind": "claim", "throwdown": 1, "loot": SECRET})
    state = shared(h)
    assert state["winner"] is None and state["revealed_plan"] is None
    assert "Quasar" not in json.dumps(state)


def test_a_plan_entered_after_loot_was_collected_is_flagged_to_the_table():
    """The plan is one card dealt at setup (:21); a plan entered again once the seat holds Loot
    could be fitted to what it holds. The table is told (never what the plan says, nor whether
    it changed: that would tell the table something about the secret)."""
    h = start()
    play(h, {"kind": "plan", "seat": "ann", "requirements": "Quasar"})
    assert seat_row(shared(h), "ann")["plan_text"] == "Master Plan: entered"
    fight_one(deal_and_deploy(h))
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
         {"kind": "claim", "throwdown": 1, "loot": SECRET},
         {"kind": "plan", "seat": "ann", "requirements": "Orb"})
    row = seat_row(shared(h), "ann")
    assert row["plan_after_loot"] is True
    assert "entered while holding Loot" in row["plan_text"]
    assert "Orb" not in json.dumps(shared(h)) and "Quasar" not in json.dumps(shared(h))
    assert seat_row(shared(h), "ben")["plan_text"] == "Master Plan: not entered"
    own = seat_row(TRACKER.state_json(h.setup, h.state, Viewer("ann")), "ann")
    assert own["plan"] == ["Orb"]


# ---------------------------------------------------------------- a battle that empties both sides

def test_a_battle_that_leaves_nobody_standing_says_so():
    """Battle step 4b (:54) ends the battle when a side is gone; when an Ability the table
    recorded takes out the last Super on both sides, nobody is left to claim."""
    op = GAME.calculator("battle")
    answer = op.run({"supers": [
        {"name": "Bomb", "owner": "Ann", "side": "hero", "action_number": 1, "attack": "none",
         "ability": "takes everyone down", "ability_knocks_out": "Brute, Bomb"},
        {"name": "Brute", "owner": "Ben", "side": "villain", "action_number": 2,
         "attack": "none"}]})
    assert answer.result["survivors"] == [] and answer.result["winning_side"] is None
    assert "still standing" not in answer.summary
    assert "nobody" in answer.summary.casefold()
    assert not any("No Heroes are left" in s.text for s in answer.steps)


def test_the_example_events_still_fold():
    h = start()
    for event in TRACKER.example_events:
        h.append(parse_event(TRACKER, dict(event)))
    assert shared(h)["throwdowns"][0]["claims"]


def test_the_board_can_declare_a_win_with_a_plan_that_was_never_entered():
    """The owner declares from their own phone (no fields: the plan entered there); a table
    whose players never entered plans, or whose player's phone is gone, types the plan card as
    it is shown: checked against what was typed and the public Loot only."""
    board = TRACKER.board(TRACKER.parse_setup(dict(TRACKER.example_setup)))
    own, typed = (next(a for a in board.actions if a.event == "declare-win" and
                       a.own_phone is flag) for flag in (True, False))
    assert own.per_seat and not own.asks
    assert typed.per_seat and "requirements" in typed.asks
    h = start()
    fight_one(deal_and_deploy(h))
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
         {"kind": "claim", "throwdown": 1, "loot": SECRET})
    with pytest.raises(InvalidInput) as refused:
        play(h, {"kind": "declare-win", "seat": "ann"})  # Ann's phone: nothing entered
    assert refused.value.field == "requirements"
    with pytest.raises(InvalidInput) as refused:
        play(h, {"kind": "declare-win", "seat": "ann", "requirements": f"{SECRET}, Orb"})
    assert "typed here" in refused.value.detail
    event = parse_event(TRACKER, {"kind": "declare-win", "seat": "ann", "requirements": SECRET})
    assert TRACKER.writer(h.setup, event) is None  # the table's
    play(h, {"kind": "declare-win", "seat": "ann", "requirements": SECRET})
    assert shared(h)["winner"] == "ann" and shared(h)["revealed_plan"] == [SECRET]
    assert not h.discloses(h.version)  # typed by the table: no secret in it


def test_the_round_checklist_names_the_regroup_rounds_plainly():
    answer = GAME.setup.run({"mode": "standard", "players": 4})
    regroup = next(c for c in answer.result["round_checklist"] if c["phase"] == "5 Regroup")
    assert "rounds 1 and 2" in regroup["text"]


def test_the_next_battle_waits_for_the_claims_at_the_last_one():
    """Loot steps 3-4 (:60-61): a Throwdown's claims finish (and its Supers are discarded)
    before play returns to Battle for the next one; the order decides who completes a plan
    first."""
    h = fight_one(deal_and_deploy(start()))
    for early in (pick(2), reveal(2, "dee", "Wisp", "hero", 4, "none"),
                  {"kind": "battle", "throwdown": 2}):
        with pytest.raises(InvalidInput) as refused:
            play(h, early)
        assert refused.value.field == "throwdown" and "Throwdown 1" in refused.value.detail
        assert "Loot claims" in refused.value.detail and refused.value.next == ("claim",)
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
         {"kind": "claim", "throwdown": 1, "loot": SECRET}, pick(2),
         reveal(2, "dee", "Wisp", "hero", 4, "none"),
         reveal(2, "dee", "Glow", "hero", 6, "magic"), {"kind": "battle", "throwdown": 2})
    assert shared(h)["throwdowns"][1]["status"] == "battled"


def test_a_holders_pick_without_a_tie_is_refused_not_misreported():
    """Regroup step 2a (:67): the holder chooses only on a tie. A pick given when one player
    alone has the fewest would be ignored while the history line named the pick."""
    from .test_tracker import round_one
    h = round_one(start())
    play(h, {"kind": "claim", "throwdown": 3, "loot": "Mask"})
    with pytest.raises(InvalidInput) as refused:
        play(h, {"kind": "regroup", "holder_picks": "Cat"})  # Dee alone has the fewest (0)
    assert refused.value.field == "holder_picks" and refused.value.allowed == "Dee"
    play(h, {"kind": "regroup", "holder_picks": "Dee"})
    assert shared(h)["loser_lad"] == "dee"


def test_the_holders_pick_may_name_a_seat_by_its_id():
    from .test_tracker import quiet_round
    h = History(TRACKER, TRACKER.parse_setup({
        "seats": [{"name": "Mary Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}],
        "loser_lad": "Ben", "super_deck_size": 8}))
    quiet_round(h)
    play(h, {"kind": "regroup", "holder_picks": "mary-ann"})
    assert shared(h)["loser_lad"] == "mary-ann"
    names = {s.id: s.name for s in h.setup.seats}
    line = TRACKER.describe(parse_event(TRACKER, {"kind": "regroup", "holder_picks": "mary-ann"}),
                            names, SHARED)
    assert line == "Regroup (Loser Lad to Mary Ann)"


def test_the_owners_phone_line_shows_the_plan_and_what_is_missing():
    """The session page prints seat_lines only; the owner's own phone should read its plan
    there (the shared line and other seats never do)."""
    h = start()
    play(h, {"kind": "plan", "seat": "ann", "requirements": f"Gem, {SECRET}"})
    fight_one(deal_and_deploy(h))
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"})  # Ben's Hex
    own = seat_row(TRACKER.state_json(h.setup, h.state, Viewer("ann")), "ann")["plan_text"]
    assert SECRET in own and "missing" in own
    for viewer in (SHARED, Viewer("ben")):
        line = seat_row(TRACKER.state_json(h.setup, h.state, viewer), "ann")["plan_text"]
        assert SECRET not in line and line == "Master Plan: entered"
