"""Laws of the Master Plan calculators, over many seeded random tables.

A Super is knocked out at most once and every Super ends either standing or knocked out;
attacks never hit their own side; the answer does not depend on input order; Loot is never
duplicated or lost; the final chain is independent of input order; Loser Lad goes to one of
the fewest.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game

GAME = find_game("master-plan")
BATTLE = GAME.calculator("battle").run
CLAIMS = GAME.calculator("loot-claims").run
LOSER = GAME.calculator("loser-lad").run
SCORE = GAME.scoring.run  # type: ignore[union-attr]
OWNERS = ["Ann", "Ben", "Cat", "Dee", "Eve", "Fay"]
ATTACKS = ["magic", "force", "psychic", "none"]
LOOT = ["Gem", "Idol", "Crown", "Mask", "Orb"]
SEEDS = range(200)


def random_battle(rng: random.Random) -> list[dict[str, Any]]:
    owners = rng.sample(OWNERS, rng.randint(1, 6))
    sides = {o: rng.choice(["hero", "villain"]) for o in owners}
    numbers = rng.sample(range(1, 30), len(owners) * 3)
    supers = []
    for o in owners:
        for _ in range(rng.randint(1, 3)):
            s: dict[str, Any] = {"name": f"S{len(supers)}", "owner": o, "side": sides[o],
                                 "action_number": numbers.pop(), "attack": rng.choice(ATTACKS)}
            for kind in ("magic", "force", "psychic"):
                s[f"defends_{kind}"] = rng.random() < 0.4
            supers.append(s)
    return supers


@pytest.mark.parametrize("seed", SEEDS)
def test_battle_laws(seed):
    rng = random.Random(seed)
    supers = random_battle(rng)
    result = BATTLE({"supers": supers}).to_json()["result"]
    out = [k["super"] for k in result["knocked_out"]]
    standing = [s["name"] for s in result["survivors"]]
    assert len(out) == len(set(out)), "a Super knocked out twice"
    assert sorted(out + standing) == sorted(s["name"] for s in supers)
    side = {s["name"]: s["side"] for s in supers}
    owner_side = {s["owner"]: s["side"] for s in supers}
    for k in result["knocked_out"]:
        assert owner_side[k["credited_to"]] != side[k["super"]], "an attack hit its own side"
    assert sum(result["ko_counts"].values()) == len(out)
    numbers = [s["action_number"] for s in result["survivors"]]
    assert numbers == sorted(numbers, reverse=True), "claim order is highest first"
    if result["battle"] and result["end_reason"] == "one-side-gone":
        assert len({s["side"] for s in result["survivors"]}) <= 1
    shuffled = supers[:]
    rng.shuffle(shuffled)
    again = BATTLE({"supers": shuffled}).to_json()["result"]
    assert again["claim_order"] == result["claim_order"]
    assert again["ko_gained"] == result["ko_gained"]


@pytest.mark.parametrize("seed", SEEDS)
def test_one_target_reading_knocks_out_at_most_one_per_attack(seed):
    rng = random.Random(seed)
    supers = random_battle(rng)
    for s in supers:
        opposing = [o["name"] for o in supers if o["side"] != s["side"]]
        if opposing:
            s["target"] = rng.choice(opposing)
    try:
        result = BATTLE({"supers": supers, "attack_reading": "one"}).to_json()["result"]
    except InvalidInput as err:
        assert err.field.endswith(".target") and err.allowed
        return
    for turn in result["turns"]:
        assert len(turn["knocked_out"]) <= 1


@pytest.mark.parametrize("seed", SEEDS)
def test_loot_is_never_duplicated_or_lost(seed):
    rng = random.Random(seed)
    loot = [rng.choice(LOOT) for _ in range(rng.randint(0, 6))]
    survivors = [{"name": f"S{i}", "owner": rng.choice(OWNERS), "action_number": n}
                 for i, n in enumerate(rng.sample(range(1, 30), rng.randint(0, 6)))]
    pool = Counter(loot)
    for s in sorted(survivors, key=lambda s: -s["action_number"]):
        if +pool:
            s["takes"] = rng.choice(sorted(+pool))
            pool[s["takes"]] -= 1
    result = CLAIMS({"loot": ", ".join(loot), "survivors": survivors}).to_json()["result"]
    taken = Counter(c["took"] for c in result["claims"])
    assert taken + Counter(result["returned_to_bag"]) == Counter(loot)
    assert len(result["claims"]) == min(len(loot), len(survivors))
    claimers = [c["super"] for c in result["claims"]]
    assert len(claimers) == len(set(claimers)), "a Super claimed twice"


@pytest.mark.parametrize("seed", SEEDS)
def test_final_chain_is_independent_of_input_order(seed):
    rng = random.Random(seed)
    players = [{"name": n, "loot": ", ".join(rng.choice(LOOT) for _ in range(rng.randint(0, 4))),
                "ko": [rng.randint(1, 9) for _ in range(rng.randint(0, 2))]}
               for n in rng.sample(OWNERS, rng.randint(4, 6))]
    first = SCORE({"players": players}).to_json()["result"]
    rng.shuffle(players)
    again = SCORE({"players": players}).to_json()["result"]
    assert first["standings"] == again["standings"]
    ranks = [r["rank"] for r in first["standings"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    for above, below in zip(first["standings"], first["standings"][1:], strict=False):
        key_above = (above["loot_types"], above["ko_count"], above["ko_highest"] or -1)
        key_below = (below["loot_types"], below["ko_count"], below["ko_highest"] or -1)
        assert key_above >= key_below
        assert (below["separated_by"] == "unresolved") == (key_above == key_below)


@pytest.mark.parametrize("seed", SEEDS)
def test_loser_lad_goes_to_one_of_the_fewest(seed):
    rng = random.Random(seed)
    names = rng.sample(OWNERS, rng.randint(4, 6))
    players = [{"name": n, "ko_this_round": rng.randint(0, 3)} for n in names]
    holder = rng.choice(names)
    result = LOSER({"round": rng.randint(1, 2), "holder": holder,
                    "players": players}).to_json()["result"]
    low = min(p["ko_this_round"] for p in players)
    fewest = [p["name"] for p in players if p["ko_this_round"] == low]
    if len(fewest) == 1:
        assert result["new_holder"] == fewest[0]
    else:
        assert result["new_holder"] is None and result["tied"] == fewest


@pytest.mark.parametrize("players", [4, 5, 6])
@pytest.mark.parametrize("deck", [6, 24, 41, 60, 97])
def test_the_deal_uses_the_whole_deck(players, deck):
    result = GAME.setup.run({"players": players, "super_deck_size": deck}).result  # type: ignore[union-attr]
    assert result["hand_size"] * players + result["set_aside"] == deck
    assert 0 <= result["set_aside"] < players
