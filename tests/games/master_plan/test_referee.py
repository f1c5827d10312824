"""Issue 30, All Part of the Master Plan: the session follows the round's own structure, works
out battles and claims with the game's calculators, never dead-ends, and scores with reasons.
Each test is one of the issue's cases (rulebook lines as all-part-of-the-master-plan.txt:N)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.tracker import SHARED, History, Viewer, parse_event

from .test_tracker import TRACKER, deal_and_deploy, fight_one, pick, play, reveal

FOUR = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}]


def table(**extra: Any) -> History:
    data = {"seats": FOUR, "loser_lad": "Ann", **extra}
    return History(TRACKER, TRACKER.parse_setup(data))


def view(h: History, seat: str | None = None) -> dict[str, Any]:
    return TRACKER.state_json(h.setup, h.state, Viewer(seat))


def kinds(h: History) -> list[str]:
    return [str(m["kind"]) for m in TRACKER.moves(h.setup, h.state)]


def refused(h: History, event: dict[str, Any]) -> InvalidInput:
    with pytest.raises(InvalidInput) as caught:
        play(h, event)
    return caught.value


def line(h: History, version: int | None = None) -> str:
    names = {s.id: s.name for s in h.setup.seats}
    return TRACKER.describe(h.event_at(version or h.version), names, SHARED)


def deal(h: History, *loot: str) -> None:
    play(h, *({"kind": "throwdown", "loot": x} for x in loot))


def deploy(h: History, *plays: tuple[str, int]) -> None:
    play(h, *({"kind": "deploy", "seat": s, "throwdown": t} for s, t in plays))


# ---------------------------------------------------------------- a Super with no legal place

def misplaced_table() -> History:
    """Deck 16, 4 players: 4 Supers each (:28). Throwdown 1 gets four Hero Squads; Ann's last
    card, a Villain, goes there too, though her Squad there is Hero (:39-40)."""
    h = table(super_deck_size=16)
    deal(h, "Gem, Idol", "Crown", "Mask")
    deploy(h, ("ann", 1), ("ben", 1), ("cat", 1), ("dee", 1),
           ("ann", 2), ("ben", 2), ("cat", 3), ("dee", 3),
           ("ann", 3), ("ben", 3), ("cat", 2), ("dee", 2),
           ("ann", 1), ("ben", 2), ("cat", 3), ("dee", 3))
    play(h, pick(1, "ann"), reveal(1, "ann", "Blaze", "hero", 2, "force"),
         reveal(1, "ben", "Nova", "hero", 4, "none"),
         reveal(1, "cat", "Aegis", "hero", 6, "none"),
         reveal(1, "dee", "Wisp", "hero", 8, "none"))
    return h


def test_a_misplaced_super_is_set_aside_and_the_battle_goes_on():
    h = misplaced_table()
    wrong = refused(h, reveal(1, "ann", "Hex", "villain", 5, "magic"))
    assert wrong.field == "side" and "already has a Hero Squad" in wrong.detail
    assert "misplaced" in wrong.next and "set aside" in wrong.detail
    fight = refused(h, {"kind": "battle", "throwdown": 1})
    assert "Reveal every Super at Throwdown 1 first" in fight.detail
    assert "misplaced" in fight.next  # a way on other than undo
    play(h, {"kind": "misplaced", "throwdown": 1, "seat": "ann"})
    assert "set aside, it takes no part (derived reading)" in line(h)
    play(h, {"kind": "battle", "throwdown": 1})
    t1 = view(h)["throwdowns"][0]
    assert t1["set_aside"] == ["Ann"] and t1["status"] == "battled"
    assert [s["super"] for s in t1["survivors"]] == ["Wisp", "Aegis", "Nova", "Blaze"]
    assert "every Squad is on one side, no battle" in line(h)


def test_a_misplaced_super_is_known_only_after_its_squad_shows_a_side():
    h = misplaced_table()
    first = refused(h, {"kind": "misplaced", "throwdown": 2, "seat": "ben"})
    assert first.field == "throwdown" and "Throwdown 1 is being resolved" in first.detail
    play(h, {"kind": "misplaced", "throwdown": 1, "seat": "ann"})
    again = refused(h, {"kind": "misplaced", "throwdown": 1, "seat": "ann"})
    assert again.field == "seat" and "no face-down Super" in again.detail


def test_a_super_with_no_legal_throwdown_is_set_aside_on_its_turn():
    """Ann has a Squad at every Throwdown (:39) and holds a Super none of them can take (:40):
    the book has no pass, so the card sits out the round and her turn is used (derived)."""
    h = table(super_deck_size=16)
    deal(h, "Gem", "Crown", "Mask")
    deploy(h, ("ann", 1), ("ben", 1), ("cat", 1), ("dee", 1))
    early = refused(h, {"kind": "set-aside", "seat": "ann"})
    assert early.field == "seat" and "no Squad at Throwdown 2 yet" in early.detail
    deploy(h, ("ann", 2), ("ben", 2), ("cat", 2), ("dee", 2),
           ("ann", 3), ("ben", 3), ("cat", 3), ("dee", 3))
    assert "set-aside" in kinds(h)
    play(h, {"kind": "set-aside", "seat": "ann"})
    assert view(h)["next_deployer"] == "ben" and view(h)["deployed"] == 13
    assert "set aside for the round" in line(h) and "derived reading" in line(h)
    turn = refused(h, {"kind": "set-aside", "seat": "cat"})
    assert turn.field == "seat" and "Ben's turn" in turn.detail


# ---------------------------------------------------------------- the shrinking deck

def round_one_with_kos(**extra: Any) -> History:
    from .test_tracker import round_one, start
    h = round_one(start(**extra))
    play(h, {"kind": "claim", "throwdown": 3, "loot": "Mask"})
    play(h, {"kind": "regroup"})  # KO piles: Ann 1, Ben 1, Cat 1, Dee 0
    return h


def test_cumulative_ko_piles_shrink_the_next_rounds_deal():
    """Deck 8 (:28): round 1 deals 2 each. Cumulative KO piles keep 3 Supers out of the deck
    at Regroup (:68), so round 2 deals 5: 1 each, 1 set aside, 4 deployments in all."""
    h = round_one_with_kos(ko_piles="cumulative")
    state = view(h)
    assert state["deck_size"] == 5 and state["hand_size"] == 1
    assert state["deployments_total"] == 4
    assert state["recruit"] == ("Round 2 deal: 8 Supers less 3 kept in KO piles (cumulative) "
                                "= 5; 1 each to 4 players, 1 set aside.")
    assert "5; 1 each to 4 players" in line(h)  # the Regroup's history line says it too
    deal(h, "Gem", "Crown", "Mask")
    deploy(h, ("dee", 1), ("ann", 2), ("ben", 3), ("cat", 1))
    over = refused(h, {"kind": "deploy", "seat": "dee", "throwdown": 2})
    assert over.field == "kind" and "every hand is empty" in over.detail
    assert set(over.next) == {"pick"}


def test_reset_ko_piles_deal_the_whole_deck_again():
    h = round_one_with_kos()
    assert view(h)["hand_size"] == 2 and view(h)["deployments_total"] == 8


# ---------------------------------------------------------------- stages without a deck size

def test_without_a_deck_size_nothing_is_revealed_or_fought_before_deployment_ends():
    h = table()
    deal(h, "Gem", "Crown", "Mask")
    for event in (reveal(1, "ann", "Blaze", "hero", 2, "force"),
                  {"kind": "battle", "throwdown": 2}):
        nobody = refused(h, event)
        assert nobody.field == "kind" and "Nobody has deployed" in nobody.detail
        assert nobody.next == ("deploy",)
    deploy(h, ("ann", 1), ("ben", 1))
    mid = refused(h, reveal(1, "ann", "Blaze", "hero", 2, "force"))
    assert "full round of turns: Cat, Dee still to play" in mid.detail
    deploy(h, ("cat", 2), ("dee", 3))
    assert kinds(h)[0] == "pick" and "deploy" in kinds(h)  # the table may go either way
    unpicked = refused(h, reveal(1, "ann", "Blaze", "hero", 2, "force"))
    assert unpicked.rule == "battle-reveal" and unpicked.next[0] == "pick"
    play(h, pick(1, "ann"), reveal(1, "ann", "Blaze", "hero", 2, "force"))
    late = refused(h, {"kind": "deploy", "seat": "ann", "throwdown": 2})
    assert "the table has turned to the battles" in late.detail
    empty = refused(h, reveal(2, "ann", "Nova", "hero", 3, "none"))
    assert empty.field == "throwdown" and "Throwdown 1 is being resolved" in empty.detail


def test_every_first_move_game_ends_without_a_deck_size_and_with_cumulative_piles():
    for extra in ({}, {"super_deck_size": 9, "ko_piles": "cumulative"}):
        h = table(**extra)
        for _ in range(400):
            moves = TRACKER.moves(h.setup, h.state)
            if not moves:
                break
            play(h, dict(moves[0]))
        assert TRACKER.finished(h.setup, h.state) and view(h)["over"]
        assert TRACKER.score(h.setup, h.state).result["final"] is True


# ---------------------------------------------------------------- Ability effects

def third_throwdown(h: History, grim: dict[str, Any], sage: dict[str, Any]) -> History:
    """Throwdown 1 fought and looted (Ben's Hex takes the Gem, Ann's Blaze the Zircon), then
    Throwdown 2 (Dee alone), then Throwdown 3: Ben's Villain Grim (3, Force) against Cat's
    Hero Sage (8, Psychic, defends Force)."""
    fight_one(deal_and_deploy(h))
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
         {"kind": "claim", "throwdown": 1, "loot": "Zircon"}, pick(2),
         reveal(2, "dee", "Wisp", "hero", 4, "none"), reveal(2, "dee", "Glow", "hero", 6, "none"),
         {"kind": "battle", "throwdown": 2}, {"kind": "claim", "throwdown": 2, "loot": "Crown"},
         pick(3), {**reveal(3, "ben", "Grim", "villain", 3, "force"), **grim},
         {**reveal(3, "cat", "Sage", "hero", 8, "psychic", force=True), **sage},
         {"kind": "battle", "throwdown": 3})
    return h


def test_an_ability_that_steals_loot_moves_it_for_the_score_and_the_instant_win():
    """Grim's Ability takes Ann's Zircon; Sage's attack then empties the Villain side, so
    Sage's own Ability (take Ben's Gem) never happens (ending ability: skipped, :52-54)."""
    from .test_tracker import start
    h = start()
    play(h, {"kind": "plan", "seat": "ben", "requirements": "Gem, Zircon"})
    third_throwdown(h, {"ability_loot": "Zircon from Ann"}, {"ability_loot": "Gem from Ben"})
    seats = {s["id"]: s for s in view(h)["seats"]}
    assert seats["ben"]["loot"] == ["Gem", "Zircon"] and seats["ann"]["loot"] == []
    text = line(h)
    assert "Grim's Ability moves Zircon from Ann to Ben" in text
    assert "Sage (Cat) knocks out Grim (Ben) into Cat's KO pile" in text
    working = h.event_at(h.version).to_json()["working"]
    assert "its Ability does not happen" in working
    ben = next(s for s in view(h, "ben")["seats"] if s["id"] == "ben")
    assert ben["declare_now"] is True  # :58, "at any time": told to Ben's phone only
    assert '"declare_now": true' not in json.dumps(view(h))
    score = TRACKER.score(h.setup, h.state).to_json()["result"]
    assert score["standings"][0]["name"] == "Ben" and score["standings"][0]["total"] == 2
    play(h, {"kind": "declare-win", "seat": "ben"})
    assert view(h)["winner"] == "ben" and TRACKER.finished(h.setup, h.state)


def test_an_ability_that_returns_a_super_leaves_no_ko_and_no_claim():
    from .test_tracker import start
    h = third_throwdown(start(), {"ability_returns": "Sage"}, {})
    t3 = view(h)["throwdowns"][2]
    assert t3["sent_away"] == ["Sage"] and t3["knocked_out"] == []
    assert [s["super"] for s in t3["survivors"]] == ["Grim"]
    assert all(s["ko_count"] == (1 if s["id"] in ("ann", "ben") else 0)
               for s in view(h)["seats"])
    assert "Grim's Ability sends Sage (Cat) away (no KO)" in line(h)


def test_ability_loot_is_checked_when_the_super_is_revealed():
    from .test_tracker import start
    h = fight_one(deal_and_deploy(start()))
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
         {"kind": "claim", "throwdown": 1, "loot": "Zircon"}, pick(2))
    bad = refused(h, {**reveal(2, "dee", "Wisp", "hero", 4, "none"),
                      "ability_loot": "Gem from Zed"})
    assert bad.field == "ability_loot" and "not a player" in bad.detail


# ---------------------------------------------------------------- claims and Loot left

def test_a_resolved_throwdown_lists_no_loot_left_only_what_went_back():
    from .test_tracker import round_one, start
    h = round_one(start())
    play(h, {"kind": "claim", "throwdown": 3, "loot": "Mask"})
    t3 = view(h)["throwdowns"][2]
    assert t3["status"] == "resolved" and t3["returned"] == ["Gem"] and t3["loot_left"] == []
    assert line(h) == ("Throwdown 3: Sage claims Mask for Cat. Claims at Throwdown 3 are over; "
                       "back to the Loot Bag: Gem.")


def test_a_claim_runs_the_loot_claims_calculator_and_shows_its_working():
    from .test_tracker import start
    h = fight_one(deal_and_deploy(start()))
    wrong = refused(h, {"kind": "claim", "throwdown": 1, "loot": "Crown"})
    assert wrong.field == "loot" and "not among the Loot left" in wrong.detail
    play(h, {"kind": "claim", "throwdown": 1, "loot": "gem"})
    stored = h.event_at(h.version).to_json()
    assert stored["result"] == "Throwdown 1: Hex claims Gem for Ben."
    assert stored["working"].startswith("Claim 1: Hex (AN 5) takes Gem for Ben")


# ---------------------------------------------------------------- corrections and the score

def to_the_last_regroup(h: History) -> History:
    while not (view(h)["round"] == 3 and view(h)["stage"] == "regroup"):
        play(h, dict(TRACKER.moves(h.setup, h.state)[0]))
    return h


def test_the_score_gives_each_seats_standing_with_its_steps_and_tie_reasons():
    h = to_the_last_regroup(table(super_deck_size=8))
    play(h, {"kind": "plan", "seat": "cat", "requirements": "Orb, Zircon"})
    play(h, {"kind": "correct", "seat": "ann", "loot": "Gem, Idol", "ko": "3"})
    assert line(h) == "Ann's Loot is now Gem, Idol; Ann's KO pile this round is now 3 (correction)"
    play(h, {"kind": "correct", "seat": "ben", "loot": "Gem, Crown, Gem", "ko": "5, 2"},
         {"kind": "correct", "seat": "cat", "loot": "Gem"},
         {"kind": "correct", "seat": "dee", "loot": "none", "ko": "none"})
    provisional = TRACKER.score(h.setup, h.state)
    assert provisional.summary.startswith("Provisional") and not provisional.result["final"]
    play(h, {"kind": "regroup"})
    answer = TRACKER.score(h.setup, h.state)
    result = answer.to_json()["result"]
    assert result["final"] is True and not answer.summary.startswith("Provisional")
    rows = {r["name"]: r for r in result["standings"]}
    assert [r["name"] for r in result["standings"]] == ["Ben", "Ann", "Cat", "Dee"]
    assert rows["Ben"]["winner"] and rows["Ben"]["total"] == 2
    assert rows["Ann"]["tie"] == ("Ben above Ann: level on 2 Loot types; 2 Supers in the KO "
                                  "pile to 1.")
    assert rows["Cat"]["tie"] == "" and rows["Cat"]["rank"] == 3
    assert [s["text"] for s in rows["Ben"]["steps"]] == [
        "2 different Loot types: Gem, Crown (3 Loot held)",
        "KO pile, this round (KO piles reset at Regroup): 2 Supers",
        "Highest Action Number in the KO pile: 5"]
    assert all(s["rule"] == "final-scoring" for s in rows["Ben"]["steps"])
    assert "Zircon" not in json.dumps(result) and "Orb" not in json.dumps(result)


def test_an_instant_win_ranks_the_winner_first_and_says_why_for_the_rest():
    from .test_tracker import start
    h = start()
    play(h, {"kind": "plan", "seat": "ben", "requirements": "Gem"})
    fight_one(deal_and_deploy(h))
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"})
    before = TRACKER.score(h.setup, h.state).to_json()["result"]
    assert all("Gem" not in r["role"] for r in before["standings"])  # the plan stays secret
    play(h, {"kind": "declare-win", "seat": "ben"})
    result = TRACKER.score(h.setup, h.state).to_json()["result"]
    first, *rest = result["standings"]
    assert first["name"] == "Ben" and first["role"] == "Instant win: revealed Master Plan (Gem)"
    assert all(r["rank"] == 2 and "won instantly" in r["tie"] for r in rest)
    assert TRACKER.moves(h.setup, h.state) == []


def test_a_correction_needs_something_to_correct():
    h = table()
    nothing = refused(h, {"kind": "correct", "seat": "ann"})
    assert nothing.field == "loot"
    bad = refused(h, {"kind": "correct", "seat": "ann", "ko": "3, x"})
    assert bad.field == "ko"


def test_a_stored_battle_is_its_own_stored_form():
    from .test_tracker import start
    h = fight_one(deal_and_deploy(start()))
    stored = h.event_at(h.version)
    again = parse_event(TRACKER, stored.to_json())
    assert TRACKER.resolve(h.setup, h.state_at(h.version - 1), again) == stored


# ---------------------------------------------------------------- sessions stored before

OLD_ROWS = [  # as a session stored them before the round's stages were known (no `result`)
    {"kind": "throwdown", "loot": "Gem"},
    {"kind": "reveal", "throwdown": 1, "seat": "ann", "name": "Blaze", "side": "hero",
     "action_number": 4, "attack": "force"},
    {"kind": "battle", "throwdown": 1}, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
    {"kind": "throwdown", "loot": "Idol"}, {"kind": "throwdown", "loot": "Crown"},
    {"kind": "reveal", "throwdown": 2, "seat": "ann", "name": "Aegis", "side": "hero",
     "action_number": 6, "attack": "force"},
    {"kind": "reveal", "throwdown": 3, "seat": "ben", "name": "Hex", "side": "villain",
     "action_number": 2, "attack": "none"},
    {"kind": "battle", "throwdown": 2}, {"kind": "claim", "throwdown": 2, "loot": "Idol"},
]


def test_a_round_stored_before_the_stages_still_folds_and_the_next_round_follows_them():
    from assistant.tracker import stored_event
    h = table()
    h.extend(stored_event(TRACKER, row) for row in OLD_ROWS)
    seats = {s["id"]: s for s in view(h)["seats"]}
    assert seats["ann"]["loot"] == ["Gem", "Idol"]
    assert kinds(h) == ["battle"]  # Throwdown 3 is left; the round goes on from there
    for _ in range(3):
        play(h, dict(TRACKER.moves(h.setup, h.state)[0]))
    assert view(h)["round"] == 2 and view(h)["stage"] == "deal"
    deal(h, "Gem", "Idol", "Crown")  # a new round, written now: its stages are checked
    early = refused(h, reveal(1, "ann", "Nova", "hero", 3, "none"))
    assert "Nobody has deployed" in early.detail
    fresh = table()  # the same rows sent now are checked in full
    with pytest.raises(InvalidInput):
        play(fresh, *OLD_ROWS)
