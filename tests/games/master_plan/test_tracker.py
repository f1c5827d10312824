"""The Master Plan session tracker: a round played through, the secrets kept, the refusals."""
from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED, History, Viewer, parse_event

GAME = find_game("master-plan")
TRACKER = GAME.tracker
assert TRACKER is not None
SECRET = "Zircon"
"""A Loot type only Ann's plan names: it must never show up in a shared answer."""


def start(**extra: Any) -> History:
    data = {"seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}],
            "loser_lad": "Ben", "super_deck_size": 8, **extra}
    return History(TRACKER, TRACKER.parse_setup(data))


def play(history: History, *events: dict[str, Any]) -> History:
    for event in events:
        history.append(parse_event(TRACKER, event))
    return history


def deal_and_deploy(history: History) -> History:
    """Round 1 to the battles: 3 Throwdowns (4 players), 2 Supers each, Ben first."""
    play(history, {"kind": "throwdown", "loot": f"Gem, {SECRET}"},
         {"kind": "throwdown", "loot": "Crown"}, {"kind": "throwdown", "loot": "Mask, Gem"})
    for seat, where in (("ben", 1), ("cat", 1), ("dee", 2), ("ann", 1),
                        ("ben", 3), ("cat", 3), ("dee", 2), ("ann", 1)):
        play(history, {"kind": "deploy", "seat": seat, "throwdown": where})
    return history


def reveal(throwdown: int, seat: str, name: str, side: str, number: int, attack: str,
           **defends: bool) -> dict[str, Any]:
    return {"kind": "reveal", "throwdown": throwdown, "seat": seat, "name": name, "side": side,
            "action_number": number, "attack": attack,
            **{f"defends_{k}": v for k, v in defends.items()}}


def pick(throwdown: int, seat: str = "ben") -> dict[str, Any]:
    """The Loser Lad holder (Ben at `start`) picks the Throwdown to resolve next (:44)."""
    return {"kind": "pick", "seat": seat, "throwdown": throwdown}


def fight_one(history: History) -> History:
    """Throwdown 1: the battle calculator's worked example, seats as owners."""
    return play(history, pick(1),
                reveal(1, "ben", "Hex", "villain", 5, "magic", force=True),
                reveal(1, "cat", "Mind", "villain", 7, "psychic"),
                reveal(1, "ann", "Blaze", "hero", 2, "force", magic=True),
                reveal(1, "ann", "Aegis", "hero", 9, "none", psychic=True),
                {"kind": "battle", "throwdown": 1})


def test_a_throwdown_is_fought_and_claimed_in_descending_action_number():
    h = fight_one(deal_and_deploy(start()))
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    t1 = state["throwdowns"][0]
    assert [k["super"] for k in t1["knocked_out"]] == ["Mind", "Aegis"]
    assert [s["super"] for s in t1["survivors"]] == ["Hex", "Blaze"]
    assert t1["next_claimer"] == {"super": "Hex", "seat": "Ben"}
    assert t1["changed_by_other_setting"] == [] and t1["battle_summary"].startswith("Battle")
    seats = {s["id"]: s for s in state["seats"]}
    assert seats["ann"]["ko"] == [7] and seats["ben"]["ko"] == [9]
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
         {"kind": "claim", "throwdown": 1, "loot": SECRET})
    t1 = TRACKER.state_json(h.setup, h.state, SHARED)["throwdowns"][0]
    assert t1["status"] == "resolved" and t1["returned"] == []
    assert [c["seat"] for c in t1["claims"]] == ["Ben", "Ann"]


def test_deployment_follows_loser_lad_then_clockwise_and_waits_for_the_throwdowns():
    h = start()
    with pytest.raises(InvalidInput) as early:
        play(h, {"kind": "deploy", "seat": "ben", "throwdown": 1})
    assert early.value.field == "kind"
    play(h, {"kind": "throwdown", "loot": "Gem"}, {"kind": "throwdown", "loot": "Gem"},
         {"kind": "throwdown", "loot": "Gem"})
    with pytest.raises(InvalidInput) as turn:
        play(h, {"kind": "deploy", "seat": "ann", "throwdown": 1})
    assert turn.value.field == "seat" and turn.value.allowed == "Ben"
    with pytest.raises(InvalidInput):
        play(h, {"kind": "throwdown", "loot": "Gem"})  # a fourth with 4 players


def test_a_battle_waits_for_deployment_and_every_reveal():
    h = deal_and_deploy(start())
    play(h, pick(1), reveal(1, "ben", "Hex", "villain", 5, "magic"))
    with pytest.raises(InvalidInput) as missing:
        play(h, {"kind": "battle", "throwdown": 1})
    assert missing.value.field == "throwdown" and "Ann" in missing.value.detail
    with pytest.raises(InvalidInput) as mixed:
        play(h, reveal(1, "ben", "Other", "hero", 3, "force"))
    assert mixed.value.field == "seat"  # Ben deployed only one Super here


def test_an_empty_throwdown_returns_its_loot():
    h = fight_one(deal_and_deploy(start()))
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
         {"kind": "claim", "throwdown": 1, "loot": SECRET})  # Loot at 1 ends before battle 2
    play(h, pick(2), reveal(2, "dee", "Wisp", "hero", 4, "none"),
         reveal(2, "dee", "Glow", "hero", 6, "magic"),
         {"kind": "battle", "throwdown": 2})
    t2 = TRACKER.state_json(h.setup, h.state, SHARED)["throwdowns"][1]
    assert t2["survivors"][0]["super"] == "Glow" and t2["status"] == "battled"


def round_one(h: History) -> History:
    fight_one(deal_and_deploy(h))
    play(h, {"kind": "claim", "throwdown": 1, "loot": "Gem"},
         {"kind": "claim", "throwdown": 1, "loot": SECRET}, pick(2),
         reveal(2, "dee", "Wisp", "hero", 4, "none"),
         reveal(2, "dee", "Glow", "hero", 6, "magic"),
         {"kind": "battle", "throwdown": 2}, {"kind": "claim", "throwdown": 2, "loot": "Crown"},
         pick(3), reveal(3, "ben", "Grim", "villain", 3, "force"),
         reveal(3, "cat", "Sage", "hero", 8, "psychic", force=True),
         {"kind": "battle", "throwdown": 3})
    return h


def test_regroup_passes_loser_lad_and_empties_the_ko_piles():
    h = round_one(start())
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    assert [t["status"] for t in state["throwdowns"]] == ["resolved", "resolved", "battled"]
    play(h, {"kind": "claim", "throwdown": 3, "loot": "Mask"})
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    assert state["throwdowns"][2]["returned"] == ["Gem"]
    # KO piles: Ann 1 (Mind), Ben 1 (Aegis), Cat 1 (Grim), Dee 0 → Dee has the fewest.
    play(h, {"kind": "regroup"})
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    assert state["round"] == 2 and state["loser_lad"] == "dee"
    assert state["regroups"][0].startswith("Loser Lad after round 1: Dee")
    assert all(s["ko_count"] == 0 and s["ko_earlier_count"] in (0, 1) for s in state["seats"])
    assert state["throwdowns"] == [] and state["next_deployer"] == "dee"


def quiet_round(h: History, loot: tuple[str, str, str] = ("Gem", "Idol", "Crown")) -> None:
    """A round where every Super is a Hero: no battles, no KOs, one Loot per Throwdown."""
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    round_no = state["round"]
    play(h, *({"kind": "throwdown", "loot": x} for x in loot))
    ids = [s.id for s in h.setup.seats]
    first = ids.index(state["loser_lad"])
    for i in range(8):
        seat = ids[(first + i) % 4]
        play(h, {"kind": "deploy", "seat": seat, "throwdown": ids.index(seat) % 3 + 1})
    number = 1
    for where in (1, 2, 3):  # one Throwdown at a time: revealed, fought, looted (:44-61)
        play(h, pick(where, state["loser_lad"]))
        for seat in (s for s in ids if ids.index(s) % 3 + 1 == where):
            for copy in range(2):
                play(h, reveal(where, seat, f"{seat}-{round_no}-{copy}", "hero", number,
                               "force"))
                number += 1
        play(h, {"kind": "battle", "throwdown": where},
             {"kind": "claim", "throwdown": where, "loot": loot[where - 1]})


def test_a_tie_for_fewest_kos_waits_for_the_holders_pick():
    h = start()
    quiet_round(h)
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    assert [t["status"] for t in state["throwdowns"]] == ["resolved"] * 3
    with pytest.raises(InvalidInput) as refused:
        play(h, {"kind": "regroup"})
    assert refused.value.field == "holder_picks"
    assert refused.value.allowed == "Ann, Ben, Cat, Dee"
    play(h, {"kind": "regroup", "holder_picks": "Cat"})
    assert TRACKER.state_json(h.setup, h.state, SHARED)["loser_lad"] == "cat"


def test_the_plan_stays_on_its_owners_phone():
    h = start()
    event = parse_event(TRACKER, {"kind": "plan", "seat": "ann",
                                  "requirements": f"{SECRET}, Quasar"})
    h.append(event)
    round_one(h)  # Ann claims the Zircon in the open; nobody ever sees a Quasar
    names = {s.id: s.name for s in h.setup.seats}
    for viewer in (SHARED, Viewer("ben")):
        shared = json.dumps([TRACKER.state_json(h.setup, h.state, viewer),
                             TRACKER.event_json(event, viewer),
                             TRACKER.describe(event, names, viewer)])
        assert "Quasar" not in shared
        assert "requirements" not in TRACKER.event_json(event, viewer)
    own = TRACKER.state_json(h.setup, h.state, Viewer("ann"))
    ann = next(s for s in own["seats"] if s["id"] == "ann")
    assert ann["plan"] == [SECRET, "Quasar"] and ann["plan_complete"] is False
    assert ann["plan_missing"] == ["Quasar"]
    assert "Quasar" in TRACKER.describe(event, names, Viewer("ann"))
    assert "plan" in TRACKER.private_events
    score = json.dumps(TRACKER.score(h.setup, h.state).to_json())
    assert "Quasar" not in score


def test_the_shared_view_never_names_the_plan_before_a_claim():
    h = start()
    h.append(parse_event(TRACKER, {"kind": "plan", "seat": "ann",
                                   "requirements": "Unobtainium"}))
    for viewer in (SHARED, Viewer("cat")):
        text = json.dumps(TRACKER.state_json(h.setup, h.state, viewer))
        assert "Unobtainium" not in text


def test_an_instant_win_is_checked_against_the_entered_plan_without_saying_what_is_missing():
    h = start()
    play(h, {"kind": "plan", "seat": "ann", "requirements": f"{SECRET}, Mask"})
    round_one(h)
    with pytest.raises(InvalidInput) as refused:
        play(h, {"kind": "declare-win", "seat": "ann"})
    assert "Mask" not in refused.value.detail and SECRET not in refused.value.detail
    play(h, {"kind": "plan", "seat": "ann", "requirements": SECRET},
         {"kind": "declare-win", "seat": "ann"})
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    assert state["winner"] == "ann" and state["revealed_plan"] == [SECRET] and state["over"]
    with pytest.raises(InvalidInput):
        play(h, {"kind": "claim", "throwdown": 3, "loot": "Mask"})
    play(h, {"kind": "note", "text": "well played"})
    assert TRACKER.score(h.setup, h.state).result["winners"] == ["Ann"]


def test_three_rounds_end_in_the_final_score():
    h = start()
    for round_no in (1, 2, 3):
        quiet_round(h, ("Gem", "Idol", "Crown") if round_no < 3 else ("Mask", "Gem", "Orb"))
        play(h, {"kind": "regroup", "holder_picks": "Ann"} if round_no < 3
             else {"kind": "regroup"})
    state = TRACKER.state_json(h.setup, h.state, SHARED)
    assert state["over"] and state["round"] == 3
    answer = TRACKER.score(h.setup, h.state)
    assert answer.result["ended_by"] == "round-3" and "provisional" not in answer.result
    loot = {s["name"]: s["loot_types"] for s in state["seats"]}
    assert sum(len(s["loot"]) for s in state["seats"]) == 9
    assert answer.result["standings"][0]["total"] == max(loot.values())
    assert answer.result["final"] is True and answer.result["unit"] == "Loot types"
    with pytest.raises(InvalidInput):
        play(h, {"kind": "throwdown", "loot": "Gem"})


def test_setup_round_trips_and_refuses_bad_tables():
    setup = TRACKER.parse_setup(dict(TRACKER.example_setup))
    assert TRACKER.parse_setup(setup.to_json()) == setup
    with pytest.raises(InvalidInput) as few:
        TRACKER.parse_setup({"seats": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
                             "loser_lad": "A"})
    assert few.value.field == "seats"
    with pytest.raises(InvalidInput) as who:
        TRACKER.parse_setup({**TRACKER.example_setup, "loser_lad": "Zed"})
    assert who.value.field == "loser_lad"
