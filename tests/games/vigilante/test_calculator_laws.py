"""Laws of the calculators over generated inputs (hypothesis)."""
from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.vigilante.calculators.allegiance import KINDS, possible
from assistant.games.vigilante.calculators.events import EVENT_TYPES, Token, place
from assistant.games.vigilante.calculators.fight import fight
from assistant.games.vigilante.calculators.recruit import least_waste, recruit


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 9), max_size=9), st.integers(0, 30))
def test_least_waste_is_optimal(values, cost):
    """Brute force over every subset: the helper pays the least that reaches the cost."""
    best = min((sum(c) for r in range(len(values) + 1) for c in combinations(values, r)
                if sum(c) >= cost), default=None)
    chosen = least_waste(values, cost)
    if best is None:
        assert chosen is None
    else:
        assert chosen is not None and sum(values[i] for i in chosen) == best
        assert len(set(chosen)) == len(chosen)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(KINDS), st.permutations(range(4)), st.integers(0, 4),
       st.lists(st.integers(0, 3), max_size=6))
def test_true_allegiance_always_stays_possible(kind, layout, looks, repeats):
    """Tokens from a real mat (2 own + 1 of each other) never rule out the truth, and two
    distinct spots of one kind always name it (vigilante.txt:237-247, :285)."""
    mat = [kind, kind, *[k for k in KINDS if k != kind]]
    spots = {layout[i] + 1: mat[i] for i in range(4)}
    seen = {s: spots[s] for s in list(spots)[:looks]}
    for r in repeats:  # looking again at a seen spot changes nothing
        if r + 1 in seen:
            seen[r + 1] = spots[r + 1]
    options = possible(seen)
    assert kind in options
    values = list(seen.values())
    if any(values.count(k) == 2 for k in KINDS):
        assert options == [kind]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(EVENT_TYPES), st.integers(1, 6)), max_size=10),
       st.sampled_from(EVENT_TYPES), st.integers(1, 6))
def test_track_stays_sorted_and_new_goes_below_equals(track, kind, die):
    tokens = [Token(t, d, i) for i, (t, d) in enumerate(track)]
    new = Token(kind, die, 99)
    out = place(tokens, new)
    assert [t.die for t in out] == sorted(t.die for t in out)
    at = out.index(new)
    assert all(t.die <= die for t in out[:at]) and all(t.die > die for t in out[at + 1:])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(1, 6), st.integers(0, 3)),
                min_size=1, max_size=4),
       st.lists(st.integers(0, 4), min_size=4, max_size=4), st.integers(0, 20))
def test_fight_attack_is_the_sum_of_survivors(heroes, chart, health):
    raw = [{"slot": i + 1, "attack": a, "health": h + d, "damage": d}
           for i, (a, h, d) in enumerate(heroes)]
    r = fight({"heroes": raw, "villain_health": health, "chart": chart}).result
    survivors = [h for h in r["heroes"] if not h["defeated"]]
    assert r["total_attack"] == sum(h["attack_counted"] for h in survivors)
    for h in r["heroes"]:
        assert h["defeated"] == (h["damage_after"] >= h["health"])
        assert h["damage_after"] == h["damage_before"] + chart[h["slot"] - 1]
    assert (r["outcome"] == "jailed") == (r["total_attack"] >= health)


def test_a_refused_recruit_does_not_tell_you_which_cards_to_pay_with():
    """A full mat may not recruit (vigilante.txt:544): the summary says so, and offers no
    payment; a free Hero is paid with no cards."""
    full = recruit({"cards": [{"influence": 3}], "cost": 2, "occupied": [1, 2, 3, 4]})
    assert full.result["allowed"] is False
    assert "slots are full" in full.summary and "pay with" not in full.summary
    free = recruit({"cards": [], "cost": 0})
    assert "pay with no cards" in free.summary and free.result["slot"] == 1
