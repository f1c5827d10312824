"""Laws of the end-game judge over generated reveals (hypothesis)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games import find_game
from assistant.games.vigilante.identities import CARDS, Allegiance, Identity
from assistant.games.vigilante.judge import (
    SETTING_OPTIONS,
    HeroCard,
    PlayerEnd,
    Settings,
    judge,
    sensitivity,
)

BOOK = find_game("vigilante").rules
POOL = [c.identity for c in CARDS.values() for _ in range(c.copies)]
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]

heroes = st.lists(st.builds(HeroCard, name=st.sampled_from(["H1", "H2", "H3"]),
                            influence=st.integers(0, 9), damage=st.integers(0, 3),
                            defeated=st.booleans()), max_size=5)


@st.composite
def reveals(draw: st.DrawFn) -> list[PlayerEnd]:
    n = draw(st.integers(2, 5))
    idents = draw(st.permutations(POOL))[:n]
    out = []
    for name, ident in zip(NAMES, idents, strict=False):
        jail = draw(st.integers(0, 14))
        out.append(PlayerEnd(name, ident, jail, draw(st.integers(0, jail)),
                             draw(st.integers(0, 6)), tuple(draw(heroes))))
    return out


settings_st = st.builds(Settings, **{k: st.sampled_from(v) for k, v in SETTING_OPTIONS.items()})


@settings(max_examples=150, deadline=None)
@given(reveals(), settings_st, st.randoms(use_true_random=False))
def test_seat_order_does_not_matter(players, table, rnd):
    shuffled = list(players)
    rnd.shuffle(shuffled)
    a, b = judge(players, table), judge(shuffled, table)
    assert a.winners == b.winners
    for r in a.results:
        other = b.result(r.name)
        assert (r.won, r.mission_met, r.reason, dict(r.numbers)) == \
            (other.won, other.mission_met, other.reason, dict(other.numbers))
    key = lambda c: (c["setting"], c["value"], c["player"])  # noqa: E731
    assert sorted(sensitivity(players, table, a), key=key) == \
        sorted(sensitivity(shuffled, table, b), key=key)


@settings(max_examples=200, deadline=None)
@given(reveals(), settings_st)
def test_the_laws_of_the_missions(players, table):
    v = judge(players, table)
    by = {r.name: r for r in v.results}
    good = [p for p in players if p.allegiance is Allegiance.GOOD]
    good_won = [p.name for p in good if by[p.name].won]
    assert len(v.results) == len(players)
    if v.mastermind_won:                       # vigilante.txt:325, :656-657
        assert not good_won
    for p in players:
        r = by[p.name]
        assert r.rule in BOOK
        assert not r.won or r.mission_met
        if p.identity is Identity.ASSASSIN:    # vigilante.txt:324, :652
            assert r.won == (not good_won)
        if p.identity is Identity.GUARDIAN:    # one shared Good total
            assert r.won == by[good[0].name].won or \
                by[good[0].name].identity is not Identity.GUARDIAN
        if p.identity is Identity.TIME_TRAVELER:   # vigilante.txt:339
            others = [q for q in players if q.name != p.name and by[q.name].won]
            assert r.won == any(v.jails[p.name] >= v.jails[q.name] + 1 for q in others)
        if p.identity is Identity.INVESTIGATOR:    # vigilante.txt:316
            moved = sum(1 for q in players if q.allegiance is Allegiance.EVIL
                        for h in q.heroes if h.defeated)
            assert v.jails[p.name] == p.jail + moved
    assert v.good_total == sum(v.jails[p.name] for p in good)
    assert v.good_needed == 7 * len(good)
    assert set(v.winners) == {r.name for r in v.results if r.won}


@settings(max_examples=100, deadline=None)
@given(reveals())
def test_a_mastermind_with_ten_beats_every_good_player(players):
    players = [PlayerEnd(p.name, p.identity, max(p.jail, 10) if p.identity is
                         Identity.MASTERMIND else p.jail, p.jail_level_2_3, p.med_cards,
                         p.heroes) for p in players]
    v = judge(players)
    if any(p.identity is Identity.MASTERMIND for p in players):
        assert v.mastermind_won
        assert all(not v.result(p.name).won for p in players
                   if p.allegiance is Allegiance.GOOD)
        assert all(v.result(p.name).won for p in players if p.identity is Identity.ASSASSIN)


@settings(max_examples=100, deadline=None)
@given(reveals(), settings_st)
def test_sensitivity_names_only_real_changes(players, table):
    v = judge(players, table)
    from dataclasses import replace

    for change in sensitivity(players, table, v):
        other = judge(players, replace(table, **{change["setting"]: change["value"]}))
        assert other.result(change["player"]).won == change["won_then"] != change["won_now"]
