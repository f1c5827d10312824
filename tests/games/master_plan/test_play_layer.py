"""Issue 41, the play layer: every limit the README's coverage map lists as enforced is refused
here in a state a table reaches, naming its rule entry (rulebook lines as
all-part-of-the-master-plan.txt:N). The finding of the issue first: who picks each Throwdown
(:44) is recorded, and only the Loser Lad holder may."""
from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.tracker import SHARED, History, export_event, parse_event

from .test_tracker import TRACKER, deal_and_deploy, fight_one, pick, play, reveal, start

FOUR = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}]


def refused(h: History, event: dict[str, Any], rule: str) -> InvalidInput:
    """The event is refused, naming `rule`, and nothing changes."""
    version = h.version
    with pytest.raises(InvalidInput) as caught:
        play(h, event)
    assert caught.value.rule == rule, (caught.value.rule, caught.value.detail)
    assert h.version == version
    return caught.value


def view(h: History) -> dict[str, Any]:
    return TRACKER.state_json(h.setup, h.state, SHARED)


def lines(h: History) -> list[str]:
    names = {s.id: s.name for s in h.setup.seats}
    return [TRACKER.describe(h.event_at(v), names, SHARED) for v in range(1, h.version + 1)]


def moves(h: History) -> list[dict[str, Any]]:
    return [dict(m) for m in TRACKER.moves(h.setup, h.state)]


# ---------------------------------------------------------------- the Throwdown picks (:44)

def test_only_the_loser_lad_holder_picks_the_next_throwdown() -> None:
    h = deal_and_deploy(start())  # Ben holds Loser Lad
    assert moves(h) == [pick(1), pick(2), pick(3)]  # one tap each, the holder's
    wrong = refused(h, pick(2, "ann"), "battle-reveal")
    assert wrong.field == "seat" and wrong.allowed == "Ben"
    assert "Ben holds Loser Lad" in wrong.detail and "pick" in wrong.next
    play(h, pick(2))
    t2 = view(h)["throwdowns"][1]
    assert t2["picked_by"] == "Ben" and t2["picked"] == 1 and view(h)["current_throwdown"] == 2
    assert lines(h)[-1] == "Ben (Loser Lad) picks Throwdown 2 to reveal and fight first."
    assert export_event(TRACKER, h.event_at(h.version))["seat"] == "ben"  # in the record


def test_nothing_is_turned_over_before_the_holder_picks() -> None:
    h = deal_and_deploy(start())
    for event in (reveal(1, "ben", "Hex", "villain", 5, "magic"),
                  {"kind": "misplaced", "throwdown": 1, "seat": "ben"},
                  {"kind": "battle", "throwdown": 1}):
        early = refused(h, event, "battle-reveal")
        assert "record the pick first" in early.detail and early.next == ("pick",)


def test_one_throwdown_is_picked_at_a_time_and_never_again_once_resolved() -> None:
    h = fight_one(deal_and_deploy(start()))
    busy = refused(h, pick(2), "battle-reveal")
    assert busy.field == "throwdown" and "Throwdown 1 is being resolved" in busy.detail
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
         {"kind": "claim", "throwdown": 1, "loot": "Zircon"})
    done = refused(h, pick(1), "loot-return")
    assert done.allowed == "2, 3"
    play(h, pick(3))
    assert [t["picked"] for t in view(h)["throwdowns"]] == [1, None, 2]
    again = refused(h, pick(3), "battle-reveal")
    assert "was picked already" in again.detail


def test_a_pick_ends_deployment_without_a_deck_size_only_after_a_full_round() -> None:
    h = History(TRACKER, TRACKER.parse_setup({"seats": FOUR, "loser_lad": "Cat"}))
    play(h, *({"kind": "throwdown", "loot": x} for x in ("Gem", "Idol", "Crown")))
    play(h, {"kind": "deploy", "seat": "cat", "throwdown": 1})
    mid = refused(h, pick(1, "cat"), "recruit")
    assert "Dee, Ann, Ben still to play" in mid.detail
    play(h, *({"kind": "deploy", "seat": s, "throwdown": 2} for s in ("dee", "ann", "ben")))
    assert moves(h)[0] == pick(1, "cat")
    play(h, pick(1, "cat"))
    late = refused(h, {"kind": "deploy", "seat": "cat", "throwdown": 3}, "deployment-end")
    assert "turned to the battles" in late.detail


# ---------------------------------------------------------------- Loser Lad (:22, :67)

def test_a_table_started_with_names_only_has_loser_lad_dealt_and_changed_in_one_tap() -> None:
    """Issue 43, item 4: what a dealer decides is dealt by the seeded setup, shown on the
    board and changed with one seat's "Holds Loser Lad" before anyone deploys."""
    setup = TRACKER.parse_setup({"mode": "standard", "seats": FOUR})
    assert setup.loser_lad in {"ann", "ben", "cat", "dee"}
    assert TRACKER.parse_setup({"mode": "standard", "seats": FOUR}) == setup  # the same deal
    dealt = {TRACKER.parse_setup({"seats": FOUR, "seed": str(n)}).loser_lad for n in range(20)}
    assert len(dealt) > 1  # the seed deals
    assert TRACKER.parse_setup(setup.to_json()) == setup  # a stored table keeps its holder
    h = History(TRACKER, setup)
    assert view(h)["loser_lad"] == setup.loser_lad == TRACKER.start_seat(setup)
    other = next(s for s in ("ann", "ben") if s != setup.loser_lad)
    play(h, {"kind": "loser-lad", "seat": other})
    assert view(h)["loser_lad"] == other


def test_a_table_that_says_it_will_tell_later_is_asked_who_holds_loser_lad() -> None:
    h = History(TRACKER, TRACKER.parse_setup({"mode": "standard", "seats": FOUR,
                                              "loser_lad": None}))
    assert h.setup.loser_lad is None and TRACKER.start_seat(h.setup) is None
    play(h, *({"kind": "throwdown", "loot": x} for x in ("Gem", "Idol", "Crown")))
    asked = refused(h, {"kind": "deploy", "seat": "ann", "throwdown": 1}, "setup-loser-lad")
    assert asked.next == ("loser-lad",)
    assert [m["kind"] for m in moves(h)] == ["loser-lad"] * 4
    assert "who holds Loser Lad?" in view(h)["stage_text"]
    play(h, {"kind": "loser-lad", "seat": "cat"})
    assert view(h)["loser_lad"] == "cat" and view(h)["next_deployer"] == "cat"
    assert lines(h)[-1].startswith("Cat starts with Loser Lad")


def test_loser_lad_moves_only_at_regroup() -> None:
    h = start()
    play(h, {"kind": "throwdown", "loot": "Gem"}, {"kind": "loser-lad", "seat": "dee"})
    assert lines(h)[-1] == "Dee holds Loser Lad, not Ben (correction)."  # before deploying
    play(h, {"kind": "throwdown", "loot": "Idol"}, {"kind": "throwdown", "loot": "Crown"},
         {"kind": "deploy", "seat": "dee", "throwdown": 1})
    late = refused(h, {"kind": "loser-lad", "seat": "ann"}, "loser-lad")
    assert late.field == "seat" and "moves only at Regroup" in late.detail


# ---------------------------------------------------------------- the Super deck and hands (:28)

def test_the_super_deck_counted_during_play_sets_the_hands() -> None:
    h = History(TRACKER, TRACKER.parse_setup({"seats": FOUR, "loser_lad": "Ann"}))
    assert view(h)["seats"][0]["hand_text"] == "Hand: not counted (count the Super deck)"
    play(h, {"kind": "super-deck", "size": 9})  # 9 ÷ 4: 2 each, 1 set aside
    assert view(h)["hand_size"] == 2 and "2 each to 4 players, 1 set aside" in lines(h)[-1]
    play(h, *({"kind": "throwdown", "loot": x} for x in ("Gem", "Idol", "Crown")))
    play(h, *({"kind": "deploy", "seat": s, "throwdown": 1} for s in ("ann", "ben", "cat")))
    assert [s["hand"] for s in view(h)["seats"]] == [1, 1, 1, 2]
    short = refused(h, {"kind": "super-deck", "size": 3}, "recruit")
    assert short.field == "size" and short.allowed == "at least 4"
    play(h, {"kind": "super-deck", "size": 4})  # one each: Dee's turn ends deployment
    assert "(was 9, correction)" in lines(h)[-1]
    play(h, {"kind": "deploy", "seat": "dee", "throwdown": 2})
    assert view(h)["stage"] == "battle" and [s["hand"] for s in view(h)["seats"]] == [0] * 4
    over = refused(h, {"kind": "super-deck", "size": 12}, "recruit")
    assert over.field == "kind"


def test_a_deck_smaller_than_the_table_is_refused() -> None:
    h = start()
    small = refused(h, {"kind": "super-deck", "size": 3}, "recruit")
    assert small.allowed == "at least 4"


# ---------------------------------------------------------------- players and Throwdowns

def test_a_table_has_four_to_six_masterminds() -> None:
    for count in (3, 7):
        with pytest.raises(InvalidInput) as wrong:
            TRACKER.parse_setup({"seats": [{"name": f"P{i}"} for i in range(count)]})
        assert wrong.value.field == "seats"
    assert len(TRACKER.parse_setup({"seats": FOUR}).seats) == 4


@pytest.mark.parametrize(("players", "throwdowns"), [(4, 3), (5, 4), (6, 4)])
def test_throwdowns_per_round_follow_the_player_count(players: int, throwdowns: int) -> None:
    seats = [{"name": f"P{i}"} for i in range(players)]
    h = History(TRACKER, TRACKER.parse_setup({"seats": seats, "loser_lad": "P0"}))
    play(h, *({"kind": "throwdown", "loot": "Gem"} for _ in range(throwdowns)))
    extra = refused(h, {"kind": "throwdown", "loot": "Gem"}, "assemble")
    assert f"a round has {throwdowns} Throwdowns" in extra.detail


# ---------------------------------------------------------------- battle choices (:46-47)

def test_equal_action_numbers_wait_for_the_tables_order() -> None:
    h = deal_and_deploy(start())
    play(h, pick(1), reveal(1, "ben", "Hex", "villain", 5, "magic"),
         reveal(1, "cat", "Mind", "villain", 7, "psychic"),
         reveal(1, "ann", "Blaze", "hero", 5, "force"),
         reveal(1, "ann", "Aegis", "hero", 9, "none"))
    tied = refused(h, {"kind": "battle", "throwdown": 1}, "battle-order")
    assert tied.field == "order"
    listed = [m for m in moves(h) if m["kind"] == "battle"]
    assert listed and listed[0]["order"] == "Hex, Blaze"
    play(h, {"kind": "battle", "throwdown": 1, "order": "Blaze, Hex"})
    assert view(h)["throwdowns"][0]["status"] == "battled"


def test_the_one_target_reading_asks_whom_each_attack_takes() -> None:
    h = deal_and_deploy(start(attack_reading="one"))
    play(h, pick(1), reveal(1, "ben", "Hex", "villain", 5, "magic"),
         reveal(1, "cat", "Mind", "villain", 7, "psychic"),
         reveal(1, "ann", "Blaze", "hero", 2, "force"),
         reveal(1, "ann", "Aegis", "hero", 9, "none"))
    which = refused(h, {"kind": "battle", "throwdown": 1}, "setting-attack-reading")
    assert which.field == "targets"
    bad = refused(h, {"kind": "battle", "throwdown": 1, "targets": "Nobody: Hex"},
                  "setting-attack-reading")
    assert bad.field == "targets"
    play(h, {"kind": "battle", "throwdown": 1, "targets": "Blaze: Hex, Mind: Aegis"})
    assert [k["super"] for k in view(h)["throwdowns"][0]["knocked_out"]] == ["Hex", "Aegis"]


# ---------------------------------------------------------------- Loot and the round's end

def test_claims_end_when_every_survivor_has_claimed() -> None:
    h = fight_one(deal_and_deploy(start()))  # survivors: Hex (Ben), Blaze (Ann)
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
         {"kind": "claim", "throwdown": 1, "loot": "Zircon"})
    more = refused(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"}, "loot-claims")
    assert "has no claims left" in more.detail
    unfought = refused(h, {"kind": "claim", "throwdown": 2, "loot": "Crown"}, "loot-claims")
    assert "has not been fought yet" in unfought.detail


def test_regroup_waits_for_every_throwdown() -> None:
    h = fight_one(deal_and_deploy(start()))
    early = refused(h, {"kind": "regroup"}, "regroup")
    assert early.field == "kind" and "Resolve every Throwdown of round 1" in early.detail


def test_after_the_end_only_a_note_is_accepted() -> None:
    h = start()
    play(h, {"kind": "plan", "seat": "ben", "requirements": "Gem"})
    fight_one(deal_and_deploy(h))
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
         {"kind": "declare-win", "seat": "ben"})
    assert TRACKER.finished(h.setup, h.state) and moves(h) == []
    for late in ({"kind": "claim", "throwdown": 1, "loot": "Zircon"}, pick(2),
                 {"kind": "correct", "seat": "ann", "loot": "Gem"},
                 {"kind": "declare-win", "seat": "ann", "requirements": "Zircon"}):
        over = refused(h, late, "instant-win")
        assert "The game is over" in over.detail
    play(h, {"kind": "note", "text": "Ben's Hex had it"})
    assert TRACKER.score(h.setup, h.state).result["winners"] == ["Ben"]


def test_after_round_three_only_a_note_is_accepted() -> None:
    h = History(TRACKER, TRACKER.parse_setup({"seats": FOUR, "loser_lad": "Ann",
                                              "super_deck_size": 4}))
    while moves(h) != [{"kind": "regroup"}] or view(h)["round"] < 3:
        play(h, moves(h)[0])
    stays = refused(h, {"kind": "regroup", "holder_picks": "Ben"}, "loser-lad-pass")
    assert "Loser Lad does not move" in stays.detail  # :65-66: only after rounds 1 and 2
    play(h, {"kind": "regroup"})
    assert view(h)["round"] == 3 and view(h)["over"]
    over = refused(h, {"kind": "throwdown", "loot": "Gem"}, "final-scoring")
    assert over.next == ()
    play(h, {"kind": "note", "text": "good game"})


def test_the_picks_stay_in_the_history_and_its_export() -> None:
    h = fight_one(deal_and_deploy(start()))
    picks = [e for e in (h.event_at(v) for v in range(1, h.version + 1)) if e.kind == "pick"]
    assert [export_event(TRACKER, e) for e in picks] == [
        {"kind": "pick", "seat": "ben", "throwdown": 1,
         "result": "Ben (Loser Lad) picks Throwdown 1 to reveal and fight first."}]
    stored = picks[0]
    assert parse_event(TRACKER, json.loads(json.dumps(stored.to_json()))) == stored
