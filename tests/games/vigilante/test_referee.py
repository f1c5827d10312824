"""Issue 30, Vigilante: the session follows the round (vigilante.txt:355-383), works out
Trigger Events with the trigger-events calculator, keeps Heroes' Health with their Equipment,
heals, says who was defeated by what and what follows, and scores with each player's
standing. Each case of the issue is a test here."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import assistant.games.vigilante as package
from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.games.vigilante.calculators.events import trigger_events
from assistant.tracker import SHARED, Event, History, Viewer, parse_event

TRACKER = find_game("vigilante").tracker
assert TRACKER is not None

SETUP = {"mode": "brought-to-justice", "rounds": 2, "starting_events": 1,
         "good": 2, "evil": 1, "neutral": 1,
         "seats": [{"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}, {"name": "Pim"}]}
START = {"kind": "new-event", "type": "hacking", "die": 3}
ROUND_1 = {"kind": "new-event", "type": "jailbreak", "die": 1}
STARTER = {"kind": "recruit", "seat": "gwen", "name": "Starter", "influence": 1, "health": 3}
VEST = {"kind": "equip", "seat": "gwen", "slot": 1, "name": "Kevlar Vest", "health": 2}


def play(*events: dict[str, Any], setup: dict[str, Any] | None = None) -> History:
    history = History(TRACKER, TRACKER.parse_setup(setup or SETUP))
    for event in events:
        history.append(parse_event(TRACKER, event))
    return history


def refused(history: History, event: dict[str, Any]) -> InvalidInput:
    before = history.state
    with pytest.raises(InvalidInput) as err:
        history.append(parse_event(TRACKER, event))
    assert history.state == before
    assert "What can be done now:" in err.value.detail or "game is over" in err.value.detail
    return err.value


def line(history: History, version: int | None = None) -> str:
    names = {s.id: s.name for s in history.setup.seats}
    return TRACKER.describe(history.event_at(version or history.version), names, SHARED)


def gwen(history: History) -> dict[str, Any]:
    return dict(TRACKER.state_json(history.setup, history.state, SHARED)["seats"][0])


def hit(cubes: int, seat: str = "gwen", slot: int = 1) -> dict[str, Any]:
    return {"kind": "hit", "seat": seat, "slot": slot, "cubes": cubes,
            "cause": "villain-attack", "source": "Razor"}


# ---------------------------------------------------------------- Equipment and Health

def test_equipment_raises_health_so_a_starter_with_2_more_survives_3_damage():
    """Issue: a Health-3 Starter with +2 Health was defeated at 3 damage (vigilante.txt:448,
    :589)."""
    h = play(START, STARTER, ROUND_1, VEST, hit(3))
    hero = gwen(h)["team"][0]
    assert (hero["health"], hero["printed_health"], hero["damage"]) == (5, 3, 3)
    assert "Health 3 -> 5" in line(h, h.version - 1)
    h.append(parse_event(TRACKER, hit(2)))
    assert gwen(h)["team"] == [] and gwen(h)["defeated_count"] == 1   # 5 >= 5


def test_taking_equipment_off_lowers_health_and_can_defeat_at_once():
    h = play(START, STARTER, ROUND_1, VEST, hit(3),
             {"kind": "unequip", "seat": "gwen", "slot": 1})
    assert gwen(h)["team"] == []
    words = line(h)
    assert "Kevlar Vest off Starter (slot 1) back to hand" in words
    assert "Health 5 -> 3" in words and "is defeated by losing Kevlar Vest's Health" in words


def test_one_equipment_per_hero_unless_a_text_effect_allows_more():
    h = play(START, STARTER, ROUND_1, VEST)
    err = refused(h, {**VEST, "name": "Grapple Gun"})
    assert err.field == "slot" and "rule attached-equipment" in err.detail
    h.append(parse_event(TRACKER, {**VEST, "name": "Grapple Gun", "extra": True}))
    assert gwen(h)["team"][0]["health"] == 7


def test_equipment_and_healing_happen_on_players_turns_only():
    h = play(START, STARTER)                       # before round 1 begins
    assert "rule card-equipment" in refused(h, VEST).detail
    h = play(START, STARTER, ROUND_1, hit(1))
    h.append(parse_event(TRACKER, {"kind": "trigger", "dice": "2, 2, 2, 2"}))
    assert "rule action-heal" in refused(h, {"kind": "heal", "seat": "gwen", "slot": 1}).detail


# ---------------------------------------------------------------- healing

def test_healing_is_its_own_event_removing_one_damage():
    """Issue: healing was typed as damage set lower (Heal a Hero, vigilante.txt:611-613)."""
    h = play(START, STARTER, ROUND_1, hit(2), {"kind": "heal", "seat": "gwen", "slot": 1})
    assert gwen(h)["team"][0]["damage"] == 1
    assert line(h) == ("Gwen's Starter (slot 1) is healed by a Heal action: damage 2 -> 1 on "
                       "Health 3")
    h.append(parse_event(TRACKER, {"kind": "heal", "seat": "gwen", "slot": 1}))
    err = refused(h, {"kind": "heal", "seat": "gwen", "slot": 1})
    assert err.field == "slot" and "rule action-heal" in err.detail


def test_damage_set_by_hand_is_marked_a_correction():
    h = play(START, STARTER, {"kind": "damage", "seat": "gwen", "slot": 1, "to": 1})
    assert line(h).startswith("Correction: Gwen's Starter (slot 1) now has 1 damage (was 0)")


# ---------------------------------------------------------------- defeat

def test_a_defeat_says_who_by_what_and_what_follows():
    """Issue: a defeat read only "3 damage" (Defeated Heroes, vigilante.txt:585-593, :454)."""
    h = play(START, STARTER, ROUND_1, VEST, hit(5))
    words = line(h)
    assert words.startswith("Gwen's Starter (slot 1) takes 5 damage from a Villain's attack "
                            "(Razor): 5 on Health 5.")
    for part in ("Starter (slot 1) is defeated by a Villain's attack (Razor)",
                 "goes to Gwen's Defeated Heroes pile (now 1)", "its Kevlar Vest discarded",
                 "slot 1 is open"):
        assert part in words, part
    assert gwen(h)["defeated"][0]["defeated_by"] == "a Villain's attack (Razor)"


def test_the_third_defeat_says_the_breaking_point():
    h = play(START, *({**STARTER, "name": f"H{n}"} for n in range(3)), ROUND_1,
             hit(3, slot=1), hit(3, slot=2))
    assert "breaking point" not in line(h)
    h.append(parse_event(TRACKER, hit(3, slot=3)))
    assert "breaking point: Gwen submits no more Event dice" in line(h)   # vigilante.txt:427


# ---------------------------------------------------------------- Fight a Villain

def test_a_fight_runs_the_fight_calculator_and_applies_damage_defeat_and_jail():
    """Fight a Villain (vigilante.txt:558-591): the chart by slot, a Hero defeated by the
    attack adds no Attack, total Attack against Health, jail or escape, as one event."""
    blaze = {**STARTER, "name": "Blaze", "attack": 3, "health": 1}
    h = play(START, {**STARTER, "attack": 2}, blaze, ROUND_1, VEST)
    before = h.state
    h.append(parse_event(TRACKER, {"kind": "fight", "seat": "gwen", "villain": "Razor",
                                   "villain_health": 4, "chart": "3, 1"}))
    row = gwen(h)
    assert row["team"][0]["damage"] == 3 and row["defeated_count"] == 1 and row["jail"] == 0
    words = line(h)
    assert "Blaze (slot 2) is defeated by Razor's attack" in words
    assert "Total Attack 2 against Health 4: Razor escapes" in words   # Blaze adds nothing
    assert "Blaze is defeated (1 >= 1)" in TRACKER.event_json(h.event_at(h.version),
                                                               SHARED)["working"]
    h.append(parse_event(TRACKER, {"kind": "undo"}))
    assert h.state == before
    h.append(parse_event(TRACKER, {"kind": "fight", "seat": "gwen", "villain": "Razor",
                                   "villain_health": 4, "chart": "1, 0"}))
    assert gwen(h)["jail"] == 1 and "Razor is jailed, Gwen's jail 0 -> 1" in line(h)


def test_a_fight_asks_for_an_attack_not_recorded_and_happens_on_a_turn():
    fight = {"kind": "fight", "seat": "gwen", "villain_health": 2, "chart": "1"}
    h = play(START, STARTER)
    assert "rule action-fight" in refused(h, fight).detail         # round 1 not begun
    h.append(parse_event(TRACKER, ROUND_1))
    assert refused(h, fight).field == "attacks"
    h.append(parse_event(TRACKER, {**fight, "attacks": "2"}))
    assert gwen(h)["jail"] == 1


# ---------------------------------------------------------------- Trigger Events

def test_trigger_events_runs_the_calculator_and_applies_every_jail_as_one_event():
    """Issue: a Jailbreak's jails were typed one at a time and the calculator not fed."""
    h = play(START, ROUND_1, *({"kind": "jail", "seat": s, "count": n}
                               for s, n in (("gwen", 3), ("ivan", 1), ("asha", 0))))
    before = h.state
    h.append(parse_event(TRACKER, {"kind": "trigger", "dice": "1, 4, 5, 6"}))
    seats = TRACKER.state_json(h.setup, h.state, SHARED)["seats"]
    assert [s["jail"] for s in seats] == [2, 0, 0, 0]       # Jailbreak (1), every player
    words = line(h)
    assert "Jailbreak (1) goes off: a Villain escapes Gwen's jail (3 -> 2" in words
    assert "no more Agency draws" in words                   # vigilante.txt:462
    calculator = trigger_events({
        "track": [{"type": "jailbreak", "die": 1}, {"type": "hacking", "die": 3}],
        "players": [{"name": n, "die": d, "jail": j, "defeated_heroes": 0}
                    for n, d, j in (("Gwen", 1, 3), ("Ivan", 4, 1), ("Asha", 5, 0),
                                    ("Pim", 6, 0))]})
    shown = TRACKER.event_json(h.event_at(h.version), SHARED)
    assert shown["working"] == "\n".join(s.text for s in calculator.steps)
    h.append(parse_event(TRACKER, {"kind": "undo"}))
    assert h.state == before                                 # one undo takes it all back


def test_firefight_damages_the_hero_each_player_picks():
    h = play(START, {"kind": "new-event", "type": "firefight", "die": 2}, STARTER,
             {**STARTER, "name": "Blaze"}, {**STARTER, "seat": "ivan"})
    err = refused(h, {"kind": "trigger", "dice": "2, 2, 2, 2"})
    assert err.field == "firefight" and "Gwen chooses" in err.detail   # two Heroes: her pick
    h.append(parse_event(TRACKER, {"kind": "trigger", "dice": "2, 2, 2, 2",
                                   "firefight": "2, 0, 0, 0"}))
    seats = TRACKER.state_json(h.setup, h.state, SHARED)["seats"]
    assert [x["damage"] for x in seats[0]["team"]] == [0, 1]
    assert seats[1]["team"][0]["damage"] == 1                # Ivan's only Hero
    assert "Firefight (2) goes off" in line(h) and "Pim has no Hero to take it" in line(h)


def test_dice_follow_the_breaking_point_and_every_player_submits_one():
    h = play(START, *({**STARTER, "name": f"H{n}"} for n in range(3)), ROUND_1,
             *(hit(3, slot=n) for n in (1, 2, 3)))
    err = refused(h, {"kind": "trigger", "dice": "2, 2, 2, 2"})
    assert err.field == "dice" and "rule breaking-point" in err.detail
    err = refused(h, {"kind": "trigger", "dice": "0, 2, 0, 2"})
    assert err.field == "dice" and "Asha submits an Event die" in err.detail
    h.append(parse_event(TRACKER, {"kind": "trigger", "dice": "0, 2, 2, 2"}))
    assert "Gwen none (breaking point)" in line(h)


# ---------------------------------------------------------------- the round

def test_the_round_runs_in_the_rulebooks_order_and_refuses_steps_out_of_it():
    h = play(START)
    assert "rule trigger-events" in refused(h, {"kind": "trigger", "dice": "1, 1, 1, 1"}).detail
    assert "rule round" in refused(h, {"kind": "end-round"}).detail
    h.append(parse_event(TRACKER, ROUND_1))
    err = refused(h, {"kind": "new-event", "type": "paramedic", "die": 2})
    assert "one Event joins the track each round" in err.detail
    assert "Trigger Events" in err.detail                     # what can be done now
    assert "rule game-end" in refused(h, {"kind": "end-game"}).detail
    h.append(parse_event(TRACKER, {"kind": "trigger", "dice": "5, 5, 5, 5"}))
    assert "each round triggers once" in refused(h, {"kind": "trigger",
                                                     "dice": "5, 5, 5, 5"}).detail
    h.append(parse_event(TRACKER, {"kind": "end-round"}))
    view = TRACKER.state_json(h.setup, h.state, SHARED)
    assert view["first_player"] == "pim"                      # counter-clockwise, :504
    assert line(h) == ("Round 1 is over: Gwen passes the First Player marker "
                       "counter-clockwise to Pim")
    assert view["stage_text"] == "Round 2 of 2: Pim (First Player) chooses the new Event."


def test_the_cards_last_round_ends_the_game_and_then_only_reveals_remain():
    h = play(START, ROUND_1, {"kind": "trigger", "dice": "5, 5, 5, 5"}, {"kind": "end-round"},
             {"kind": "new-event", "type": "paramedic", "die": 2},
             {"kind": "trigger", "dice": "5, 5, 5, 5"}, {"kind": "end-round"})
    assert TRACKER.state_json(h.setup, h.state, SHARED)["ended"] is True
    assert "the card's last" in line(h)
    assert refused(h, {"kind": "new-event", "type": "hacking", "die": 1}).field == "kind"
    moves = TRACKER.moves(h.setup, h.state)
    assert {m["kind"] for m in moves} == {"reveal"} and len(moves) == 4


def test_hand_placed_tokens_and_markers_are_corrections():
    h = play({"kind": "add-event", "type": "hacking", "die": 3}, {"kind": "pass-first-player"},
             {"kind": "first-player", "seat": "asha"})
    assert line(h, 1).startswith("Correction: Hacking (3) placed by hand")
    assert line(h, 2).startswith("Correction: the First Player marker passes")
    assert line(h, 3) == "Correction: Asha takes the First Player marker"


def test_history_lines_say_who_received_what():
    h = play(START, STARTER, {"kind": "jail", "seat": "gwen", "count": 2})
    assert line(h, 2) == "Gwen recruits Starter into slot 1 (Influence 1, Health 3)"
    assert line(h, 3) == "Gwen's jail set by hand: 2 Villains (was 0)"


# ---------------------------------------------------------------- Brought to Justice

def test_brought_to_justice_without_a_good_player_is_refused_at_setup():
    """Issue: 0 Good was accepted and the Assassin then won (vigilante.txt:173)."""
    with pytest.raises(InvalidInput) as err:
        TRACKER.parse_setup({**SETUP, "good": 0, "neutral": 3})
    assert err.value.field == "good" and "rule scenario-brought-to-justice" in err.value.detail
    calculator = find_game("vigilante").calculators["identity-mix"]
    with pytest.raises(InvalidInput):
        calculator.run({"mode": "brought-to-justice", "players": 4, "good": 0, "evil": 1,
                        "neutral": 3})


def test_without_the_cards_counts_the_reveal_still_needs_a_good_player():
    setup = {k: v for k, v in SETUP.items() if k not in ("good", "evil", "neutral")}
    h = play(START, ROUND_1, {"kind": "trigger", "dice": "5, 5, 5, 5"}, {"kind": "end-round"},
             {"kind": "new-event", "type": "paramedic", "die": 2},
             {"kind": "trigger", "dice": "5, 5, 5, 5"}, {"kind": "end-round"}, setup=setup)
    for seat, ident in (("gwen", "assassin"), ("ivan", "addict"), ("asha", "cultist")):
        h.append(parse_event(TRACKER, {"kind": "reveal", "seat": seat, "identity": ident,
                                       "jail_level_2_3": 0, "med_cards": 0}))
    err = refused(h, {"kind": "reveal", "seat": "pim", "identity": "profiteer"})
    assert err.field == "identity"                      # a fourth non-Good: no deal left
    assert TRACKER.moves(h.setup, h.state) == [{"kind": "reveal", "seat": "pim",
                                                "identity": "guardian"}]


# ---------------------------------------------------------------- the score

def _ended() -> History:
    return play(START, ROUND_1, {"kind": "jail", "seat": "gwen", "count": 7},
                {"kind": "jail", "seat": "ivan", "count": 7},
                {"kind": "trigger", "dice": "5, 5, 5, 5"}, {"kind": "end-round"},
                {"kind": "new-event", "type": "paramedic", "die": 2},
                {"kind": "trigger", "dice": "5, 5, 5, 5"}, {"kind": "end-round"},
                {"kind": "identity", "seat": "asha", "identity": "assassin"})


def test_the_score_is_provisional_and_names_no_secret_role_before_the_reveal():
    h = _ended()
    h.append(parse_event(TRACKER, {"kind": "reveal", "seat": "gwen", "identity": "guardian"}))
    score = TRACKER.score(h.setup, h.state).to_json()
    assert score["summary"].startswith("Provisional") and score["result"]["final"] is False
    roles = {s["seat"]: s["role"] for s in score["result"]["standings"]}
    assert roles == {"gwen": "Guardian", "ivan": "", "asha": "", "pim": ""}
    assert score["result"]["points"] is False


def test_the_final_score_ranks_winners_first_with_each_missions_reason():
    h = _ended()
    for seat, ident in (("gwen", "guardian"), ("ivan", "guardian"), ("pim", "profiteer")):
        h.append(parse_event(TRACKER, {"kind": "reveal", "seat": seat, "identity": ident}))
    h.append(parse_event(TRACKER, {"kind": "reveal", "seat": "asha"}), )
    assert TRACKER.finished(h.setup, h.state) and TRACKER.moves(h.setup, h.state) == []
    score = TRACKER.score(h.setup, h.state).to_json()["result"]
    assert score["final"] is True and score["winners"] == ["Gwen", "Ivan"]   # 14 of 7 x 2
    standings = score["standings"]
    assert [(s["name"], s["rank"], s["winner"]) for s in standings] == [
        ("Gwen", 1, True), ("Ivan", 1, True), ("Asha", 3, False), ("Pim", 3, False)]
    assert standings[1]["tie"].startswith("Shares the win")
    assert standings[2]["tie"].startswith("Mission not achieved: below every winner")
    assert standings[3]["tie"].startswith("Also without their Mission")
    assert standings[0]["steps"][-1]["rule"] == "identity-guardian"
    assert "14" in standings[0]["steps"][-1]["text"]
    assert standings[2]["role"] == "Assassin"


def test_moves_never_read_an_identity_entered_on_a_phone():
    h = _ended()
    sealed = play(*[e.to_json() for e in (h.event_at(v) for v in range(1, h.version))])
    assert TRACKER.moves(h.setup, h.state) == TRACKER.moves(sealed.setup, sealed.state)
    own = TRACKER.state_json(h.setup, h.state, Viewer("asha"))["seats"][2]
    assert own["identity"] == "assassin"


def test_every_rule_a_refusal_or_line_cites_is_in_the_rules_reference():
    rules = find_game("vigilante").rules
    here = Path(package.__file__).parent
    cited = {m for name in ("tracker.py", "rounds.py", "team.py", "referee.py", "mix.py")
             for m in re.findall(r"\(rule ([a-z0-9-]+)\)", (here / name).read_text())}
    missing = [rule for rule in cited if rule not in rules]
    assert cited and not missing, missing


@pytest.mark.parametrize("timing", ["after-track", "before-track"])
def test_equipment_with_a_die_goes_off_at_trigger_events_by_the_tables_setting(timing):
    """Attached Equipment (vigilante.txt:456, :474); its timing is the table's setting."""
    h = play(START, {"kind": "new-event", "type": "loot-crate", "die": 2}, STARTER,
             {**VEST, "name": "Grapple Gun", "die": 2},
             {"kind": "trigger", "dice": "2, 6, 6, 6"},
             setup={**SETUP, "equipment_timing": timing})
    words = line(h)
    gear, loot = words.index("Gwen's Grapple Gun (2) goes off"), words.index("Loot Crate (2)")
    assert (gear > loot) if timing == "after-track" else (gear < loot)


def test_events_stored_before_this_change_still_fold_with_their_old_words():
    """Rows stored without words (`said`) are applied as stored (History.extend)."""
    rows = [Event("add-event", {"type": "hacking", "die": 3}),
            Event("recruit", {"seat": "asha", "name": "Nox", "influence": 4, "health": 2}),
            Event("damage", {"seat": "asha", "slot": 1, "to": 2}),
            Event("add-event", {"type": "jailbreak", "die": 1}),
            Event("add-event", {"type": "paramedic", "die": 3}), Event("end-game")]
    h = History(TRACKER, TRACKER.parse_setup(SETUP)).extend(rows)
    view = TRACKER.state_json(h.setup, h.state, SHARED)
    assert view["ended"] and view["seats"][2]["defeated_count"] == 1
    assert line(h, 1) == "Event Track: Hacking (3)"
    assert line(h, 3) == "Correction: Asha's slot 1 Hero: 2 damage"
