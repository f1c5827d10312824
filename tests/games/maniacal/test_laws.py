"""Laws the Maniacal calculators keep for any input (hypothesis)."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games import find_game
from assistant.games.maniacal.calculators.cleanup import payroll
from assistant.games.maniacal.calculators.dice import distribution
from assistant.games.maniacal.calculators.timetrack import play
from assistant.games.maniacal.modes import TYPE_ORDER

GAME = find_game("maniacal")
small = st.integers(min_value=0, max_value=12)


@given(money=small, mercs=small, others=small)
def test_salaries_never_make_money_negative_and_unpaid_leave(money, mercs, others):
    pay = payroll(money, mercs, others)
    assert pay.money_after >= 0
    assert pay.paid_mercenaries + pay.unpaid_mercenaries == mercs
    assert pay.paid_henchmen + pay.unpaid_henchmen == others
    if pay.unpaid_mercenaries or pay.unpaid_henchmen:
        assert pay.money_after == 0  # anyone left unpaid means the money ran out
    if pay.unpaid_mercenaries:
        assert pay.paid_henchmen == 0  # Mercenaries are paid first


@given(money=small, mercs=small, others=small, fire=st.booleans())
def test_clean_up_keeps_money_non_negative(money, mercs, others, fire):
    fire = fire and others > 0 and money > mercs
    answer = GAME.calculator("clean-up").run({"round": 1, "players": [
        {"name": "A", "money": money, "mercenaries": mercs, "henchmen": others, "fire": fire},
        {"name": "B", "money": 0}]}).result
    row = answer["players"][0]
    assert row["money"] >= 0
    assert row["henchmen"] <= others


scores = st.fixed_dictionaries({t.value: st.integers(0, 12) for t in TYPE_ORDER})
cards = st.lists(st.tuples(st.sampled_from([t.value for t in TYPE_ORDER]),
                           st.integers(0, 6)), max_size=12)


@settings(max_examples=150)
@given(a=scores, b=scores, c=scores, deck=cards)
def test_recruitment_never_exceeds_two_per_type_or_overspends(a, b, c, deck):
    per_type: dict[str, int] = {}
    kept = []
    for kind, cost in deck:
        if per_type.get(kind, 0) < 3:
            per_type[kind] = per_type.get(kind, 0) + 1
            kept.append({"type": kind, "cost": cost})
    players = [{"name": n, "order": i + 1, **s} for i, (n, s) in enumerate(
        [("A", a), ("B", b), ("C", c)])]
    result = GAME.calculator("recruitment").run({"players": players, "cards": kept}).result
    for info in result["types"].values():
        assert len(info["recruited"]) <= 2
        for taken in info["recruited"]:
            assert taken["score_after"] >= 0
    before = {p["name"]: p for p in players}
    for p in result["players"]:
        spent = sum(before[p["name"]][k] - v for k, v in p["scores"].items())
        paid = sum(t["cost"] for info in result["types"].values() for t in info["recruited"]
                   if t["by"] == p["name"])
        assert spent == paid


faces = st.lists(st.integers(0, 3), min_size=1, max_size=6)


@settings(max_examples=60)
@given(brawn=st.integers(0, 4), magic=st.integers(0, 3), fb=faces, fm=faces)
def test_distribution_sums_to_one(brawn, magic, fb, fm):
    dist = distribution({"brawn": brawn, "magic": magic}, {"brawn": fb, "magic": fm})
    assert sum(dist.values(), Fraction(0)) == 1
    assert all(p >= 0 for p in dist.values())


@settings(max_examples=60)
@given(brawn=st.integers(1, 4), fb=faces, target=st.integers(1, 10))
def test_odds_between_0_and_1_and_monotone(brawn, fb, target):
    face_rows = [{"trait": "brawn", "value": v} for v in fb]
    run = GAME.calculator("success-odds").run

    def chance(t: int, dice: int) -> float:
        return run({"recommended": "stealth", "target": t, "brawn": dice,
                    "faces": face_rows}).result["chance"]

    p = chance(target, brawn)
    assert 0 <= p <= 1
    assert chance(target + 1, brawn) <= p  # a higher Target is never easier
    assert chance(target, brawn + 1) >= p  # one more die never hurts (faces are >= 0)


moves = st.lists(st.sampled_from(["room", "location", "contract3", "contract5", "pass"]),
                 max_size=40)


@settings(max_examples=150)
@given(names=st.sampled_from([["A", "B"], ["A", "B", "C"], ["A", "B", "C", "D", "E"]]),
       plan=moves)
def test_time_track_order_is_a_permutation_and_weeks_only_fall(names, plan):
    from assistant.errors import InvalidInput

    done: list[dict[str, object]] = []
    for kind in plan:
        move: dict[str, object] = {"action": kind.rstrip("35")}
        if kind.startswith("contract"):
            move["weeks"] = int(kind[-1])
        try:
            play(8, names, [*done, move])
        except InvalidInput:
            continue  # not affordable now: the table would choose another action
        done.append(move)
    # finish everyone by passing
    track, _, log = play(8, names, done)
    while track.active() is not None:
        done.append({"action": "pass"})
        track, _, log = play(8, names, done)
    assert sorted(track.finished) == sorted(names)
    for entry in log:
        assert 0 <= int(entry["to"]) < int(entry["from"]) <= 8
