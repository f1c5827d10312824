"""Issue 31, Vigilante items 15-17: no Brought to Justice without Good, one 2-player reading
for all three scenarios, Showdown fixing its own split, the glossary and Mission wording."""
from __future__ import annotations

import pytest

from assistant.errors import InvalidInput
from assistant.explain import Provenance
from assistant.games import find_game

GAME = find_game("vigilante")
BOOK = GAME.rules
MIX = GAME.calculator("identity-mix")
assert GAME.setup is not None and GAME.scoring is not None
SETUP, SCORE = GAME.setup, GAME.scoring


def test_brought_to_justice_without_good_is_refused_everywhere():
    # vigilante.txt:173: one Evil hidden among Good (and Neutral) players; :324 Assassin.
    no_good = {"mode": "brought-to-justice", "players": 3, "good": 0, "evil": 1, "neutral": 2}
    for op in (MIX, SETUP):
        with pytest.raises(InvalidInput) as err:
            op.run(no_good)
        assert err.value.field == "good"
    with pytest.raises(InvalidInput):
        SCORE.run({"mode": "brought-to-justice", "players": [
            {"name": "A", "identity": "assassin", "jail": 0},
            {"name": "B", "identity": "addict", "jail": 0, "jail_level_2_3": 0, "med_cards": 0},
            {"name": "C", "identity": "cultist", "jail": 0}]})
    ok = MIX.run({"mode": "brought-to-justice", "players": 3, "good": 1, "evil": 1,
                  "neutral": 1})
    assert ok.result["valid"]
    assert BOOK.get("scenario-brought-to-justice").number("min-good").provenance \
        is Provenance.DERIVED


@pytest.mark.parametrize("mode", ["brought-to-justice", "shifting-allegiances", "showdown"])
def test_two_players_one_reading_for_every_scenario(mode):
    # vigilante.txt:173, 179, 185: each scenario speaks of players on a side in the plural.
    with pytest.raises(InvalidInput) as err:
        SETUP.run({"mode": mode, "players": 2})
    assert err.value.field == "players"
    first = SETUP.run({"mode": mode, "players": 4}).steps[0]
    assert first.provenance is Provenance.DERIVED and "One reading for all three" in first.note


def test_showdown_fixes_its_split_and_deals_no_neutral():
    answer = MIX.run({"mode": "showdown", "players": 4})          # vigilante.txt:185
    assert (answer.result["good"], answer.result["evil"], answer.result["neutral"]) == (2, 2, 0)
    assert answer.result["pool"]["neutral"] == 0
    setup = SETUP.run({"mode": "showdown", "players": 4}).result
    assert setup["identity_pool"]["neutral"] == 0
    assert setup["card"]["neutral"]["value"] == 0
    with pytest.raises(InvalidInput):
        SETUP.run({"mode": "showdown", "players": 3})


def test_glossary_and_mission_wording():
    assert "six Identities" in BOOK.get("good-evil-neutral").text   # vigilante.txt:331-340
    assert "six players" not in BOOK.get("good-evil-neutral").text


def _bounty(market=None, scope="players"):
    data = {"players": [
        {"name": "Bo", "identity": "bounty-hunter", "jail": 4, "heroes": []},
        {"name": "Gu", "identity": "guardian", "jail": 0,
         "heroes": [{"name": "Titan", "influence": 7, "defeated": True}]},
        {"name": "As", "identity": "assassin", "jail": 0, "heroes": []}],
        "bounty_scope": scope}
    if market is not None:
        data["market"] = market
    result = SCORE.run(data).result
    return next(r for r in result["results"] if r["name"] == "Bo")["won"]


def test_bounty_hunter_market_in_scope_is_a_setting():
    # vigilante.txt:336: "the Hero with the highest Influence (other than your own)"
    assert _bounty() is True
    assert _bounty([9], "with-market") is False          # a Market Hero is never defeated
    assert _bounty([5], "with-market") is True


def test_profiteer_strictly_more_is_printed():
    answer = SCORE.run({"players": [
        {"name": "Pi", "identity": "profiteer", "jail": 4,
         "heroes": [{"name": "X", "influence": 5}]},
        {"name": "Gu", "identity": "guardian", "jail": 0,
         "heroes": [{"name": "Y", "influence": 5}]}]})
    step = next(s for s in answer.steps if s.rule == "identity-profiteer")
    assert step.provenance is Provenance.RULEBOOK and step.value is False
