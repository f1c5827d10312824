"""Review findings for Syndicate: each test failed before its fix (rulebook lines cited)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.games.space_syndicate.calculators.assault import assault_chance

GAME = find_game("space-syndicate")


def run(slug: str, **data):  # type: ignore[no-untyped-def]
    op = GAME.setup if slug == "setup" else GAME.calculator(slug)
    return op.run(data)


def test_phantom_seat_follows_the_starting_player_not_the_first_name():
    """syndicate.txt:675: the Phantom sits counter-clockwise of the *starting* real player."""
    plain = run("setup", mode="phantom", players=2, names="Ana, Ben").result
    assert plain["phantom"]["seat"] == "counter-clockwise of the first player"
    for seed in range(40):
        out = run("setup", mode="phantom", players=2, names="Ana, Ben", seed=seed)
        first = out.result["deal"]["first_player"]
        assert out.result["phantom"]["seat"] == f"counter-clockwise of {first}"
        text = " ".join(s.text for s in out.steps)
        assert f"counter-clockwise of {first}" in text
        other = "Ben" if first == "Ana" else "Ana"
        assert f"counter-clockwise of {other}" not in text
        assert out.result["deal"]["order_round_1"] == [first, other, "Phantom"]


def test_afford_does_not_sell_cards_it_does_not_need():
    """Selling a card for a credit only swaps a card for a credit (syndicate.txt:615); the
    plan should not tell a player who can already pay to sell cards."""
    out = run("afford", credits=5, cost_credits=1, cards=3).result
    assert out["affordable"] and out["cards_sold"] == 0
    assert out["left"] == {"credits": 4, "influence": 0, "crew": 0}
    # A card sold for influence instead of paying 2 credits is still recommended.
    out = run("afford", credits=14, influence=2, crew=9, cost_credits=12, cost_influence=6,
              cards=1).result
    assert out["cards_sold"] == 1 and out["left"]["credits"] == 2
    # When a card is needed to close a credit gap, exactly the cards needed are sold.
    out = run("afford", credits=6, cost_credits=7, cards=3).result
    assert out["cards_sold"] == 1 and out["left"]["credits"] == 0


def test_wording_of_counts_and_articles():
    steps = " ".join(s.text for s in run("assault").steps)
    assert "a unfortified" not in steps and "an unfortified base" in steps
    robbery = run("robbery", winning_faces=[5, 6], dice_unfortified=3, dice_fortified=1,
                  fortified=True)
    assert "1 consequence die." in " ".join(s.text for s in robbery.steps)
    afford = run("afford", cost_credits=1, cards=1)
    assert "1 credits" not in " ".join(s.text for s in afford.steps) + afford.summary


def _pair_captures(pool: dict[str, int], first_r: int, second_r: int) -> dict[int, Fraction]:
    """Brute force: every ordered draw of two distinct cards; the first assault uses
    first_r reinforcements, a second assault second_r."""
    cards = [kind for kind, n in pool.items() for _ in range(n)]
    out: dict[int, Fraction] = {}
    ordered = [(a, b) for a in range(len(cards)) for b in range(len(cards)) if a != b]
    for a, b in ordered:
        dist = {0: Fraction(1)}
        assaults = 0
        for idx in (a, b):
            kind = cards[idx]
            if not kind.startswith("real"):
                continue
            r = first_r if assaults == 0 else second_r
            assaults += 1
            q = assault_chance(r, kind == "real-fortified")
            nxt: dict[int, Fraction] = {}
            for n, p in dist.items():
                nxt[n] = nxt.get(n, Fraction(0)) + p * (1 - q)
                nxt[n + 1] = nxt.get(n + 1, Fraction(0)) + p * q
            dist = nxt
        for n, p in dist.items():
            out[n] = out.get(n, Fraction(0)) + p / len(ordered)
    return out


def test_phantom_second_assault_uses_the_raised_alert():
    """Each Phantom assault raises the alert (syndicate.txt:520), and its force follows the
    alert colour (syndicate.txt:680-683): at the last yellow level the second assault of the
    turn is already an orange one."""
    pool = {"own-unfortified": 1, "real-unfortified": 2, "real-fortified": 1}
    out = run("phantom-turn", phantom_unfortified=1, real_unfortified=2, real_fortified=1,
              alert=2, orange_from=3, red_from=5).result
    expected = _pair_captures(pool, 1, 2)
    got = {row["outcome"]: Fraction(row["fraction"]) for row in out["captures"]}
    assert got == {k: v for k, v in expected.items() if v}
    assert sum(got.values()) == 1
    # Inside a band nothing changes: the same as giving the colour.
    same = run("phantom-turn", phantom_unfortified=1, real_unfortified=2, real_fortified=1,
               alert=3, orange_from=3, red_from=5).result
    by_band = run("phantom-turn", phantom_unfortified=1, real_unfortified=2, real_fortified=1,
                  band="orange").result
    assert same["captures"] == by_band["captures"]
    # At the alert maximum (6 with two players and the Phantom) the level cannot rise.
    top = run("phantom-turn", real_unfortified=2, alert=6, orange_from=3, red_from=5).result
    assert top["captures"] == run("phantom-turn", real_unfortified=2, band="red").result[
        "captures"]


def test_seed_is_any_word_and_reproducible():
    """The contract's setup: a seed is any word the table picks; a number typed in a form
    ("7") deals the same as the number 7."""
    a = run("setup", players=3, seed="friday").result["deal"]
    b = run("setup", players=3, seed="friday").result["deal"]
    assert a == b and a["seed"] == "friday"
    assert run("setup", players=4, seed="7").result["deal"] == run(
        "setup", players=4, seed=7).result["deal"]
    assert "deal" not in run("setup", players=4, seed="  ").result


def test_collection_refuses_two_bases_with_one_name():
    """One base per territory (syndicate.txt:545): two bases with the same name made the
    answer list 'A' as both flipped and working."""
    with pytest.raises(InvalidInput) as err:
        run("resource-collection", bases=[{"name": "A", "zone": "inner"},
                                          {"name": "a", "zone": "exo"}])
    assert err.value.field == "bases.1.name"


def test_trading_needs_two_players_off_turn():
    """Trading is between players who are not taking their turn (syndicate.txt:651); the
    Phantom takes no other action (syndicate.txt:691). With two real players, Ben alone was
    told he 'may trade' during Ana's turn."""
    for seats in ("Ana, Ben", "Ana, Ben, Phantom"):
        out = run("trading", seats=seats, active="Ana")
        assert out.result["may_trade"] == []
        assert "nobody can trade" in out.summary
    assert run("trading", seats="Ana, Ben, Phantom", active="Phantom").result[
        "may_trade"] == ["Ana", "Ben"]


@pytest.mark.parametrize("alert", range(1, 7))
def test_phantom_turn_matches_brute_force_at_every_alert(alert):
    from assistant.games.space_syndicate.calculators.phantom import PHANTOM_ALERT_MAX
    from assistant.games.space_syndicate.tables import PHANTOM_REINFORCEMENTS
    assert PHANTOM_ALERT_MAX == 6  # 2 players + the Phantom (syndicate.txt:629)
    limits = {"orange_from": 3, "red_from": 5}

    def colour(level: int) -> str:
        return "red" if level >= 5 else "orange" if level >= 3 else "yellow"

    pool = {"own-unfortified": 1, "own-fortified": 1, "real-unfortified": 2,
            "real-fortified": 2}
    out = run("phantom-turn", phantom_unfortified=1, phantom_fortified=1, real_unfortified=2,
              real_fortified=2, alert=alert, **limits).result
    first = PHANTOM_REINFORCEMENTS[colour(alert)]
    second = PHANTOM_REINFORCEMENTS[colour(min(6, alert + 1))]
    expected = {k: v for k, v in _pair_captures(pool, first, second).items() if v}
    got = {row["outcome"]: Fraction(row["fraction"]) for row in out["captures"]}
    assert got == expected and sum(got.values()) == 1
    assert out["reinforcements"] == first and out["second_assault_reinforcements"] == second


def test_other_vp_is_marked_as_a_table_value():
    """The book names only the Awards as a VP source (syndicate.txt:250): other VP entered at
    scoring must carry an 'unknown' mark, not pass as a rule."""
    out = GAME.scoring.run({"players": [{"name": "Ana", "credits": 10, "other_vp": 2},
                                        {"name": "Ben", "credits": 12}]})
    marks = [s.provenance.value for s in out.steps if "Other VP" in s.text]
    assert marks == ["unknown"]
    assert out.result["tie_shared"] and "Shared win" in out.summary


def test_phantom_refuses_bands_out_of_order():
    with pytest.raises(InvalidInput) as err:
        run("phantom-turn", real_unfortified=2, alert=4, orange_from=5, red_from=4)
    assert err.value.field == "red_from"
