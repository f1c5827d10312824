"""Probability laws for Syndicate's calculators: exact fractions in [0, 1], distributions that
sum to 1, monotone in hired faces, bonuses, reinforcements and dice; cross-checked by brute
force over every die face (never simulated)."""
from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product

import pytest

from assistant.games import find_game
from assistant.games.space_syndicate.calculators.assault import assault_chance
from assistant.games.space_syndicate.odds import dice_sum, winning_faces

GAME = find_game("space-syndicate")
FACES = range(1, 7)
SETS = [list(c) for n in range(1, 7) for c in combinations(FACES, n)]


def frac(shown: dict) -> Fraction:
    p = Fraction(shown["fraction"])
    assert 0 <= p <= 1
    assert float(p) == pytest.approx(shown["value"])
    assert shown["percent"] == f"{float(p) * 100:.2f}%"
    return p


def run(slug: str, **data):
    return GAME.calculator(slug).run(data).to_json()["result"]


@pytest.mark.parametrize("faces", SETS, ids=str)
def test_mission_odds_match_brute_force(faces):
    for casino, modifier in product((False, True), (-1, 0, 1)):
        got = frac(run("mission", winning_faces=faces, casino=casino, modifier=modifier)
                   ["success"])
        wins = 0
        for face in FACES:
            options = [face + modifier] + ([face + modifier + 1] if casino else [])
            wins += any(min(max(t, 1), 6) in faces for t in options)
        assert got == Fraction(wins, 6)


@pytest.mark.parametrize("faces", SETS, ids=str)
def test_success_and_failure_sum_to_one(faces):
    out = run("mission", winning_faces=faces)
    assert frac(out["success"]) + frac(out["failure"]) == 1


@pytest.mark.parametrize("low", range(1, 7))
def test_hired_hands_and_casino_never_hurt(low):
    """Monotone in bonuses: each added face or +1 never lowers the odds (top ranges)."""
    base = list(range(low, 7))
    plain = frac(run("mission", winning_faces=base)["success"])
    if low > 1:
        hired = frac(run("mission", winning_faces=base, hired_faces=[low - 1], hire=True)
                     ["success"])
        assert hired >= plain
    casino = frac(run("mission", winning_faces=base, casino=True)["success"])
    assert casino >= plain
    for m in range(-2, 3):
        assert (Fraction(len(winning_faces(base, m + 1)), 6)
                >= Fraction(len(winning_faces(base, m)), 6))


def test_assault_monotone_in_reinforcements_and_fortification():
    for fortified in (False, True):
        odds = [assault_chance(r, fortified) for r in range(5)]
        assert odds == sorted(odds)
        assert all(0 <= p <= 1 for p in odds)
    for r in range(5):
        assert assault_chance(r, True) <= assault_chance(r, False)


@pytest.mark.parametrize("n", range(0, 4))
def test_consequence_dice_distribution_is_exact(n):
    dist = dice_sum(n)
    assert sum(dist.values()) == 1
    brute: dict[int, Fraction] = {}
    for roll in product(FACES, repeat=n):
        brute[sum(roll)] = brute.get(sum(roll), Fraction(0)) + Fraction(1, 6 ** n)
    assert dist == dict(sorted(brute.items()))


def test_robbery_loot_sums_to_one_and_grows_with_dice():
    means = []
    for dice in range(0, 4):
        out = run("robbery", winning_faces=[4, 5, 6], dice_unfortified=dice)
        assert sum(Fraction(r["fraction"]) for r in out["loot_if_success"]) == 1
        assert sum(Fraction(r["fraction"]) for r in out["loot_overall"]) == 1
        means.append(Fraction(out["expected_overall"].split(" ")[0]))
    assert means == sorted(means) and means[0] == 0


@pytest.mark.parametrize(("pu", "pf", "ru", "rf"),
                         [(5, 0, 0, 0), (5, 0, 3, 1), (2, 3, 4, 4), (0, 0, 2, 0), (1, 1, 0, 1)])
@pytest.mark.parametrize("band", ["yellow", "orange", "red"])
def test_phantom_distributions_sum_to_one(pu, pf, ru, rf, band):
    out = run("phantom-turn", phantom_unfortified=pu, phantom_fortified=pf,
              real_unfortified=ru, real_fortified=rf, band=band)
    for key in ("assaults", "fortifies", "captures"):
        assert sum(Fraction(r["fraction"]) for r in out[key]) == 1
        assert all(0 <= Fraction(r["fraction"]) <= 1 for r in out[key])


def test_phantom_captures_grow_with_the_alert_band():
    odds = [Fraction(run("phantom-turn", phantom_unfortified=3, real_unfortified=2,
                         real_fortified=2, band=b)["at_least_one_capture"]["fraction"])
            for b in ("yellow", "orange", "red")]
    assert odds == sorted(odds) and odds[0] < odds[-1]


def test_phantom_brute_force_small_pool():
    """One Phantom card and two real unfortified cards, red (3+): enumerate by hand."""
    out = run("phantom-turn", phantom_unfortified=1, real_unfortified=2, band="red")
    pairs = list(combinations(["P", "R1", "R2"], 2))
    p_win = Fraction(4, 6)
    two = Fraction(sum(1 for a, b in pairs if a != "P"), len(pairs)) * p_win * p_win
    assert Fraction(out["captures"][-1]["fraction"]) == two


@pytest.mark.parametrize("drawn", range(0, 7))
def test_end_odds_sum_to_one(drawn):
    out = run("end-odds", sovereign_drawn=drawn)
    assert sum(Fraction(r["fraction"]) for r in out["last_round"]) == 1
    assert all(6 <= r["round"] <= 8 for r in out["last_round"])


def test_every_shown_probability_is_an_exact_fraction():
    """Every {fraction, percent, value} in every example answer is consistent and in [0, 1]."""
    def walk(node):
        if isinstance(node, dict):
            if {"fraction", "percent", "value"} <= node.keys():
                frac(node)
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    for op in GAME.calculators.values():
        walk(op.run(op.example).to_json()["result"])
