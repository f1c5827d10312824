"""Tomorrow Dies Today setup: the rulebook's tables, the hand-out arithmetic, input checks,
the seeded deal and the Operation. Golden cases live in golden/setup-*.toml with their source;
tests/games/test_golden.py runs each, and the tests here check what a case cannot say."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance
from assistant.games.tdt import components
from assistant.games.tdt.modes import PlayMode
from assistant.games.tdt.setup import (
    SETUP,
    Handout,
    Setup,
    deal_for,
    default_teams,
    setup_for,
)
from assistant.games.tdt.setup_data import CLOCK_START
from tests.games.golden import cases_in

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).resolve().parents[3]


def _cases(name: str) -> list[Any]:
    return [pytest.param(case, id=case["name"]) for case in cases_in(GOLDEN / f"{name}.toml")]


def _all_valid_inputs() -> list[dict[str, Any]]:
    """Every input the rules allow (Mayhem: every split and Named Henchmen count)."""
    out: list[dict[str, Any]] = []
    for players in range(4, 8):
        out.append({"mode": "cutthroat", "players": players})
    for players in range(1, 7):
        for named in range(players, 7):
            out.append({"mode": "syndicate", "players": players, "named_henchmen": named})
    for players in range(2, 7):
        for teams in _splits(players):
            for named in range(len(teams) * max(teams), 7, len(teams)):
                out.append({"mode": "mayhem", "players": players, "teams": list(teams),
                            "named_henchmen": named})
    return out


def _splits(players: int) -> list[tuple[int, ...]]:
    """Ordered splits into 2 or 3 teams where no team exceeds 6 // teams players."""
    found = []
    for a in range(1, 4):
        b = players - a
        if 1 <= b <= 3:
            found.append((a, b))
    for a in range(1, 3):
        for b in range(1, 3):
            c = players - a - b
            if 1 <= c <= 2:
                found.append((a, b, c))
    return found


VALID = _all_valid_inputs()


def _setup(case: dict[str, Any], **extra: Any) -> Setup:
    """Build a setup from a setup operation's input (a golden case's, or one of VALID)."""
    return setup_for(case["mode"], case["players"], case.get("named_henchmen"),
                     case.get("teams"), **extra)


# ---------------------------------------------------------------- the rulebook's tables

@pytest.mark.parametrize("case", _cases("setup-goodman"))
def test_goodman_starting_assets(case: dict[str, Any]) -> None:
    """Goodman's seat and the setup step carry the assets the case expects of the setup."""
    want = case["expect"]["goodman"]
    s = _setup(case["input"])
    assert s.named_henchmen == case["expect"]["named_henchmen"]
    assert s.goodman is not None
    assert (s.goodman.resources, s.goodman.faceless_henchmen, s.goodman.vp) == (
        want["resources"], want["faceless_henchmen"], want["vp"])
    goodman_seat = s.seats[0]
    assert goodman_seat.role == "goodman"
    assert (goodman_seat.resources, goodman_seat.faceless_henchmen, goodman_seat.vp) == (
        want["resources"], want["faceless_henchmen"], want["vp"])
    step = next(st for st in s.steps if st.id == "goodman-assets")
    assert step.numbers["resources"] == want["resources"]
    assert step.numbers["faceless_henchmen"] == want["faceless_henchmen"]
    assert step.numbers["vp"] == want["vp"]


def test_goodman_assets_only_in_cutthroat() -> None:
    assert setup_for("syndicate", 3).goodman is None
    assert setup_for("mayhem", 4).goodman is None
    assert all(st.id != "goodman-assets" for st in setup_for("mayhem", 4).steps)


@pytest.mark.parametrize("case", _cases("setup-clock"))
@pytest.mark.parametrize("events", [False, True])
def test_clock_start_and_global_event(case: dict[str, Any], events: bool) -> None:
    want = case["expect"]
    s = _setup(case["input"], global_events=events)
    assert s.named_henchmen == want["named_henchmen"]
    assert s.clock_start == want["clock_start"]
    in_use = events or case["input"]["mode"] == "syndicate"
    assert s.global_events is in_use
    assert s.global_event_at_start is (in_use and want["clock_start"] % 2 == 0)
    if case["input"]["mode"] == "syndicate":  # the column marks exactly the even starts
        assert s.global_event_at_start is want["global_event_at_start"]
    clock_step = next(st for st in s.steps if st.id == "clock-start")
    assert clock_step.numbers["clock_start"] == want["clock_start"]
    event_step = next(st for st in s.steps if st.id == "global-event")
    assert event_step.numbers["active_at_start"] is s.global_event_at_start


def test_clock_table_covers_every_mode_and_n() -> None:
    assert dict(CLOCK_START[PlayMode.CUTTHROAT]) == {3: 10, 4: 9, 5: 8, 6: 7}
    assert dict(CLOCK_START[PlayMode.SYNDICATE]) == {1: 10, 2: 9, 3: 8, 4: 8, 5: 7, 6: 6}
    assert dict(CLOCK_START[PlayMode.MAYHEM]) == {2: 6, 3: 6, 4: 6, 5: 6, 6: 6}


@pytest.mark.parametrize("case", _cases("setup-cutthroat-hands"))
def test_cutthroat_hand_outs_explain_their_arithmetic(case: dict[str, Any]) -> None:
    """The case checks the tiles dealt and each row's provenance; a row not printed whole in
    the rulebook says its arithmetic."""
    s = _setup(case["input"])
    for handout in (s.resource_missions, s.doomsday_missions):
        if handout.provenance != Provenance.RULEBOOK:
            assert " = " in handout.note  # the arithmetic is the reason


def test_five_player_extra_doomsday_seats_stay_unknown() -> None:
    s = setup_for("cutthroat", 5)
    step = next(st for st in s.steps if st.id == "doomsday-deal")
    assert step.numbers["extra"] == 2
    assert "unknown" in step.note
    assert "agree which" in step.text


def test_syndicate_counts() -> None:
    s = setup_for("syndicate", 3)
    steps = {st.id: st for st in s.steps}
    assert steps["resource-deal"].numbers["first_draw"] == 9
    assert steps["resource-place"].numbers == {"placed": 6, "kept_back": 3}
    assert steps["resource-leftovers"].numbers["second_draw"] == 3
    assert steps["doomsday-leftovers"].numbers == {"war_map": 6, "world": 3, "communal_vault": 3}
    assert s.seats[0].faceless_henchmen == 3 and s.seats[0].resources == 0


@pytest.mark.parametrize("named", range(1, 7))
def test_syndicate_team_gets_six_minus_n_faceless(named: int) -> None:
    s = setup_for("syndicate", 1, named_henchmen=named)
    assert s.seats[0].faceless_henchmen == 6 - named
    roster = next(st for st in s.steps if st.id == "fill-roster")
    assert roster.numbers["roster_extra"] == 6 - named


def test_syndicate_forces_global_events() -> None:
    s = setup_for("syndicate", 3, global_events=False)
    assert s.global_events and s.global_event_at_start  # N=3 starts on 8


@pytest.mark.parametrize("mode,players", [("cutthroat", 4), ("mayhem", 2)])
def test_global_events_optional_elsewhere(mode: str, players: int) -> None:
    assert not setup_for(mode, players).global_events
    assert not setup_for(mode, players).global_event_at_start
    assert setup_for(mode, players, global_events=True).global_events


@pytest.mark.parametrize("mode,players,counted", [("cutthroat", 4, 5), ("syndicate", 2, 4),
                                                  ("mayhem", 4, 4)])
def test_team_leader_trigger_ignored_outside_cutthroat(mode: str, players: int,
                                                        counted: int) -> None:
    step = next(st for st in setup_for(mode, players).steps if st.id == "betrayal-triggers")
    assert step.numbers["counted"] == counted
    assert step.numbers["team_leader_trigger_ignored"] is (mode != "cutthroat")


def test_nefarious_plans_in_cutthroat_and_mayhem_only() -> None:
    def ids(mode: str, players: int) -> set[str]:
        return {st.id for st in setup_for(mode, players).steps}
    assert "nefarious-plans" in ids("cutthroat", 4)
    assert "nefarious-plans" in ids("mayhem", 3)
    assert "nefarious-plans" not in ids("syndicate", 3)
    three = next(st for st in setup_for("mayhem", 3).steps if st.id == "nefarious-plans")
    assert three.numbers["discarded"] == 1


# ---------------------------------------------------------------- player counts

@pytest.mark.parametrize("case", VALID, ids=lambda c: json.dumps(c, separators=(",", ":")))
def test_every_allowed_input_gives_a_sound_setup(case: dict[str, Any]) -> None:
    _check_invariants(_setup(case))


@pytest.mark.parametrize("mode,low,high", [("cutthroat", 4, 7), ("syndicate", 1, 6),
                                           ("mayhem", 2, 6)])
def test_player_counts(mode: str, low: int, high: int) -> None:
    for players in range(low, high + 1):
        assert setup_for(mode, players).players == players
    for players in (low - 1, high + 1, 0, -1, 12):
        if low <= players <= high:
            continue
        with pytest.raises(InvalidInput) as err:
            setup_for(mode, players)
        assert err.value.field == "players"
        assert f"{low} to {high} players" in err.value.detail
        assert f"you asked for {players}" in err.value.detail
        assert err.value.allowed == f"{low}-{high}"


def test_the_issue_message_word_for_word() -> None:
    with pytest.raises(InvalidInput) as err:
        setup_for("cutthroat", 3)
    assert err.value.detail == "Cutthroat is played by 4 to 7 players; you asked for 3."


def test_unknown_mode() -> None:
    with pytest.raises(InvalidInput) as err:
        setup_for("solo", 1)
    assert err.value.field == "mode" and "cutthroat" in (err.value.allowed or "")


@pytest.mark.parametrize("mode,players,kwargs,field", [
    ("cutthroat", 5, {"teams": [2, 3]}, "teams"),
    ("syndicate", 2, {"teams": [1, 1]}, "teams"),
    ("cutthroat", 5, {"named_henchmen": 4}, "named_henchmen"),
])
def test_inputs_for_another_mode_are_refused(mode: str, players: int, kwargs: dict[str, Any],
                                             field: str) -> None:
    with pytest.raises(InvalidInput) as err:
        setup_for(mode, players, **kwargs)
    assert err.value.field == field
    assert "only in mode" in (err.value.allowed or "")


@pytest.mark.parametrize("players,named", [(3, 2), (1, 7), (4, 0)])
def test_syndicate_named_henchmen_bounds(players: int, named: int) -> None:
    with pytest.raises(InvalidInput) as err:
        setup_for("syndicate", players, named_henchmen=named)
    assert err.value.field == "named_henchmen"
    assert err.value.allowed == f"{players}-6"


def test_syndicate_named_henchmen_defaults_to_players() -> None:
    s = setup_for("syndicate", 4)
    assert s.named_henchmen == 4 and s.defaults


# ---------------------------------------------------------------- Mayhem teams

def test_impossible_split_lists_the_possible_ones() -> None:
    with pytest.raises(InvalidInput) as err:
        setup_for("mayhem", 6, teams=[4, 2])
    assert err.value.allowed == "[3, 3] or [2, 2, 2]"
    assert "every player needs a Named Henchman" in err.value.detail


@pytest.mark.parametrize("players,teams", [(2, (1, 1)), (3, (1, 1, 1)), (4, (2, 2)),
                                           (5, (3, 2)), (6, (3, 3))])
def test_default_teams(players: int, teams: tuple[int, ...]) -> None:
    assert default_teams(players) == teams
    s = setup_for("mayhem", players)
    assert s.teams == teams
    assert s.named_henchmen == max(teams) * len(teams)
    assert any("Teams not chosen" in d for d in s.defaults)
    characters = next(st for st in s.steps if st.id == "characters")
    assert characters.provenance == Provenance.HOUSE


def test_mayhem_faceless_reading_is_marked_derived() -> None:
    step = next(st for st in setup_for("mayhem", 4).steps if st.id == "starting-henchmen")
    assert step.provenance == Provenance.DERIVED
    assert "per team or per member" in step.note


# ---------------------------------------------------------------- the checklist

@pytest.mark.parametrize("case", VALID[::3], ids=lambda c: json.dumps(c, separators=(",", ":")))
def test_steps_are_complete_and_cite_rules(case: dict[str, Any]) -> None:
    from assistant.games.tdt import GAME

    s = _setup(case)
    ids = [st.id for st in s.steps]
    assert len(ids) == len(set(ids))
    for required in ("lair-and-hqs", "high-alert", "r-and-d", "directives", "world",
                     "team-leader", "characters", "resource-deal", "interpol-agent",
                     "cia-agent", "doomsday-deal", "base-tiles", "starting-henchmen",
                     "side-jobs", "tracks", "clock-start", "global-event", "betrayal-triggers"):
        assert required in ids
    for st_ in s.steps:
        assert st_.rule in GAME.rules, st_.rule
        assert st_.text and st_.section
        if st_.provenance in (Provenance.DERIVED, Provenance.UNKNOWN, Provenance.HOUSE):
            assert st_.note, st_.id
        for value in st_.numbers.values():
            assert isinstance(value, int | tuple)


def test_rulebook_order_of_the_checklist() -> None:
    ids = [st.id for st in setup_for("cutthroat", 6).steps]
    order = ["war-map", "lair-and-hqs", "high-alert", "r-and-d", "directives", "world",
             "first-pick", "team-leader", "characters", "resource-deal", "resource-place",
             "resource-leftovers", "interpol-agent", "cia-agent", "doomsday-deal",
             "doomsday-pile", "doomsday-leftovers", "base-tiles", "goodman-assets",
             "starting-henchmen", "doomsday-plan", "nefarious-plans", "side-jobs", "tracks",
             "clock-start", "global-event", "betrayal-triggers"]
    assert ids == order


# ---------------------------------------------------------------- the deal

@pytest.mark.parametrize("case", VALID[::2], ids=lambda c: json.dumps(c, separators=(",", ":")))
def test_deal_hands_out_every_tile_once(case: dict[str, Any]) -> None:
    s = _setup(case)
    deal = deal_for(s, "lair")
    _check_deal_matches(s, deal.resource_missions, s.resource_missions,
                        [m.name for m in components.RESOURCE_MISSIONS])
    _check_deal_matches(s, deal.doomsday_missions, s.doomsday_missions,
                        [m.name for m in components.DOOMSDAY_MISSIONS])
    assert deal.players_choose


def test_same_seed_same_deal_and_different_seeds_differ() -> None:
    s = setup_for("cutthroat", 6)
    assert deal_for(s, "goodman") == deal_for(s, "goodman")
    assert deal_for(s, 42) == deal_for(s, "42")
    deals = {json.dumps(deal_for(s, seed).to_json()["resource_missions"]) for seed in range(8)}
    assert len(deals) == 8


def test_deal_is_stable_across_processes() -> None:
    code = ("import json; from assistant.games.tdt.setup import setup_for, deal_for; "
            "print(json.dumps(deal_for(setup_for('mayhem', 5), 'blofeld').to_json()))")
    outs = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        outs.add(subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                                capture_output=True, text=True).stdout)
    assert len(outs) == 1
    here = json.dumps(deal_for(setup_for("mayhem", 5), "blofeld").to_json())
    assert outs == {here + "\n"}


def test_syndicate_deal_follows_the_draws() -> None:
    deal = deal_for(setup_for("syndicate", 2), "spectre")
    sizes = [(p.holder, len(p.tiles)) for p in deal.resource_missions]
    assert sizes == [("Team (first draw)", 9), ("Team (second draw)", 3), ("World", 6)]
    doom = [(p.holder, len(p.tiles), p.face_down) for p in deal.doomsday_missions]
    assert doom == [("War Map (around CIA HQ)", 6, True), ("World", 3, True),
                    ("Communal Vault", 3, False)]


def test_five_player_deal_sets_the_extra_tiles_aside() -> None:
    deal = deal_for(setup_for("cutthroat", 5), 1)
    extra = [p for p in deal.doomsday_missions if p.holder.startswith("Extra")]
    assert len(extra) == 1 and len(extra[0].tiles) == 2
    assert any("extra" in c for c in deal.players_choose)


# ---------------------------------------------------------------- the Operation

def test_operation_result_shape() -> None:
    out = SETUP.run({"mode": "mayhem", "players": 4, "teams": [2, 2], "global_events": True,
                     "seed": "spectre"})
    assert isinstance(out, Explained)
    r = out.result
    for key in ("mode", "players", "named_henchmen", "teams", "henchmen_per_team",
                "global_events", "clock_start", "global_event_at_start", "goodman", "seats",
                "resource_missions", "doomsday_missions", "defaults", "steps", "deal"):
        assert key in r
    assert (r["mode"], r["players"], r["named_henchmen"], r["teams"]) == ("mayhem", 4, 4, [2, 2])
    assert r["clock_start"] == 6 and r["global_event_at_start"] is True
    assert r["deal"]["seed"] == "spectre"
    assert [s["order"] for s in r["steps"]] == list(range(1, len(r["steps"]) + 1))
    assert set(r["steps"][0]) == {"id", "order", "title", "text", "numbers", "rule", "section",
                                  "provenance", "note"}
    assert len(out.steps) == len(r["steps"])
    assert all(step.rule for step in out.steps)
    json.dumps(out.to_json())  # JSON-ready all the way down
    assert "Mayhem" in out.summary and "\n" not in out.summary


def test_operation_without_seed_has_no_deal() -> None:
    out = SETUP.run({"mode": "cutthroat", "players": 4, "global_events": False})
    assert "deal" not in out.result
    assert out.result["goodman"] == {"resources": 12, "faceless_henchmen": 3, "vp": 2}


def test_operation_example_and_form() -> None:
    assert SETUP.slug == "setup"
    assert [f.name for f in SETUP.form] == ["mode", "players", "named_henchmen", "teams",
                                            "global_events", "seed"]
    SETUP.run(SETUP.example)


# ---------------------------------------------------------------- property test

@st.composite
def valid_inputs(draw: st.DrawFn) -> dict[str, Any]:
    case: dict[str, Any] = dict(draw(st.sampled_from(VALID)))
    if draw(st.booleans()) and case["mode"] != "cutthroat":
        case.pop("named_henchmen")  # let the default fill it in
    if case["mode"] == "mayhem" and draw(st.booleans()):
        case.pop("teams", None)
        case.pop("named_henchmen", None)
    case["global_events"] = draw(st.booleans())
    case["seed"] = draw(st.one_of(st.integers(), st.text(max_size=20)))
    return case


@given(valid_inputs())
def test_property_every_valid_input(case: dict[str, Any]) -> None:
    s = setup_for(case["mode"], case["players"], case.get("named_henchmen"), case.get("teams"),
                  case["global_events"])
    _check_invariants(s)
    deal = deal_for(s, case["seed"])
    dealt = [t for p in (*deal.resource_missions, *deal.doomsday_missions) for t in p.tiles]
    assert len(dealt) == len(set(dealt)) == 30


# ---------------------------------------------------------------- helpers

def _check_invariants(s: Setup) -> None:
    for handout, total in ((s.resource_missions, 18), (s.doomsday_missions, 12)):
        assert handout.total == total
        counts = [t.tiles for t in (*handout.dealt, *handout.ends, *handout.placed_by)]
        assert all(c >= 0 for c in counts) and handout.extra >= 0 and handout.undealt >= 0
        assert sum(t.tiles for t in handout.dealt) + handout.extra + handout.undealt == total
        assert sum(t.tiles for t in handout.ends) == total
        assert handout.on_war_map == 6
        if handout.placed_by:
            assert sum(t.tiles for t in handout.placed_by) == 6
    assert sum(seat.named_henchmen for seat in s.seats) == s.named_henchmen
    assert sum(seat.players for seat in s.seats) == s.players
    assert 1 <= s.named_henchmen <= 6
    assert s.global_event_at_start == (s.global_events and s.clock_start % 2 == 0)
    for seat in s.seats:
        assert min(seat.faceless_henchmen, seat.resources, seat.vp, seat.resource_tiles,
                   seat.doomsday_tiles) >= 0
    assert [seat.resource_tiles for seat in s.seats if seat.resource_tiles] == [
        t.tiles for t in s.resource_missions.dealt if t.tiles]
    if s.mode is PlayMode.MAYHEM:
        assert s.henchmen_per_team is not None
        assert s.named_henchmen == s.henchmen_per_team * len(s.teams)
        assert max(s.teams) <= s.henchmen_per_team
        # our reading: every Mayhem team fields five henchmen in all
        assert all(seat.named_henchmen + seat.faceless_henchmen == 5 for seat in s.seats)


def _check_deal_matches(s: Setup, piles: Any, handout: Handout, names: list[str]) -> None:
    dealt = [t for p in piles for t in p.tiles]
    assert Counter(dealt) == Counter(names)
    if s.mode is not PlayMode.SYNDICATE:
        sizes = {p.holder: len(p.tiles) for p in piles}
        for hand in handout.dealt:
            assert sizes[hand.where] == hand.tiles


def test_five_player_extra_doomsday_tile_is_marked_unknown_on_paper() -> None:
    from assistant.games.tdt import sheets
    from assistant.sheets import MARKS
    sheet = sheets.setup_sheet(mode="cutthroat", players=5)
    checks = [c for sec in sheet.sections for b in sec.blocks
              for c in getattr(b, "items", ()) if "Doomsday" in getattr(c, "title", "")]
    deal = next(c for c in checks if "Deal" in c.title)
    assert deal.provenance is Provenance.UNKNOWN and MARKS[deal.provenance] == "[?]"
