"""Algorithms replaced for speed give the answers the plain ones gave: each old algorithm is
kept here as the reference and compared with the new one on many generated inputs."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant import ranking
from assistant.games.master_plan import common as master_plan_common
from assistant.games.vigilante import judge as vigilante
from assistant.games.vigilante.identities import CARDS

# --- Vigilante: which table setting would change a result -------------------------------------

POOL = [c.identity for c in CARDS.values() for _ in range(c.copies)]
heroes = st.lists(st.builds(vigilante.HeroCard, name=st.sampled_from(["H1", "H2", "H3"]),
                            influence=st.integers(0, 9), damage=st.integers(0, 2),
                            defeated=st.booleans()), max_size=4)


@st.composite
def reveals(draw: st.DrawFn) -> list[vigilante.PlayerEnd]:
    idents = draw(st.permutations(POOL))[:draw(st.integers(2, 5))]
    out = []
    for name, ident in zip(["Ana", "ben", "Cy", "dee", "Eve"], idents, strict=False):
        jail = draw(st.integers(0, 12))
        out.append(vigilante.PlayerEnd(name, ident, jail, draw(st.integers(0, jail)),
                                       draw(st.integers(0, 5)), tuple(draw(heroes))))
    return out


def sensitivity_by_rejudging(players: list[vigilante.PlayerEnd], table: vigilante.Settings,
                             verdict: vigilante.Verdict) -> list[dict[str, Any]]:
    """The plain algorithm: the whole judge again under every other setting value."""
    present = {p.identity for p in players}
    out: list[dict[str, Any]] = []
    for key, options in vigilante.SETTING_OPTIONS.items():
        if vigilante.SETTING_USERS[key] not in present:
            continue
        for value in options:
            if value == getattr(table, key):
                continue
            other = vigilante._evaluate(players, replace(table, **{key: value}), [])
            for r in verdict.results:
                then = other.result(r.name)
                if then.won != r.won:
                    out.append({"setting": key, "value": value, "player": r.name,
                                "won_now": r.won, "won_then": then.won})
    return out


@settings(max_examples=400, deadline=None)
@given(reveals(), st.builds(vigilante.Settings, **{
    k: st.sampled_from(v) for k, v in vigilante.SETTING_OPTIONS.items()}))
def test_vigilante_sensitivity_is_the_judge_run_again(players, table):
    verdict = vigilante.judge(players, table)
    assert vigilante.sensitivity(players, table, verdict) == \
        sensitivity_by_rejudging(players, table, verdict)


# --- Ranking: each entry's numbers worked out once ---------------------------------------------

def rank_by_asking_again(items, criteria, name):
    """The plain algorithm: sort by the criteria, then ask them again for each neighbour."""
    def sort_key(item):
        signed = tuple(-c.key(item) if c.higher_wins else c.key(item) for c in criteria)
        return signed, name(item).casefold(), name(item)

    placed: list[ranking.Placed[Any]] = []
    for position, item in enumerate(sorted(items, key=sort_key)):
        if not placed:
            placed.append(ranking.Placed(item, 1, None))
            continue
        step = ranking.separating_criterion(placed[-1].item, item, criteria)
        placed.append(ranking.Placed(item, placed[-1].rank if step is None else position + 1,
                                     ranking.UNRESOLVED if step is None else step))
    return tuple(placed)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["ana", "Ana", "ben", "Cy", "cy", "Dee"]),
                          st.lists(st.integers(-2, 3), min_size=3, max_size=3)), max_size=7),
       st.lists(st.booleans(), min_size=1, max_size=3))
def test_ranking_is_the_plain_algorithm(entries, directions):
    criteria = [ranking.Criterion(f"c{i}", f"c{i}", lambda e, i=i: e[1][i], higher_wins=up)
                for i, up in enumerate(directions)]
    assert ranking.rank(entries, criteria, lambda e: e[0]) == \
        rank_by_asking_again(entries, criteria, lambda e: e[0])


# --- Master Plan: names and Loot compared without a regular expression -----------------------

@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aB é\t\n\r\x0b\x0c\x1c\x1f\x85\xa0\u2003\u3000"
                                             "\u200b,x")), max_size=14))
def test_master_plan_spaces_as_the_regular_expression_had_them(text):
    spaces = master_plan_common._SPACES
    assert master_plan_common.key(text) == spaces.sub(" ", text).strip().casefold()
    assert master_plan_common.split_list(text) == tuple(
        spaces.sub(" ", v).strip() for v in text.split(",") if v.strip())
