"""Issues 30 and 41, Vigilante: the session follows the round (vigilante.txt:355-383) and the
turns inside it (:397-427): one main action a turn, clockwise from the First Player, 4 action
tokens a round, the Event die after the 4th, Trigger Events once every action is used; Heroes'
Health with their Equipment, healing, defeats; the score with each player's standing. Each
refusal here is in a reachable state and names its rule entry."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import assistant.games.vigilante.tracker as package
from assistant.games.vigilante.calculators.events import trigger_events
from assistant.tracker import SHARED, Event, History, Viewer, parse_event

from .table import (
    GAME,
    QUIET_DIE,
    ROUND_1,
    ROUND_2,
    SETUP,
    START,
    TRACKER,
    add,
    ended,
    finish_turns,
    line,
    play,
    refused,
    seat,
    shared,
    starter,
)

VEST = {"kind": "equip", "seat": "gwen", "slot": 1, "name": "Kevlar Vest", "health": 2}
FIGHT = {"kind": "fight", "seat": "gwen", "villain": "Razor", "villain_health": 1}


def hit(cubes: int, who: str = "gwen", slot: int = 1) -> dict[str, object]:
    return {"kind": "hit", "seat": who, "slot": slot, "cubes": cubes, "cause": "villain-attack",
            "source": "Razor"}


def draw(who: str) -> dict[str, object]:
    return {"kind": "draw", "seat": who}


def first_turn() -> History:
    """Round 1 begun, every player with a Starter Hero: Gwen (First Player) to act."""
    return play(START, *(starter(s) for s in ("gwen", "ivan", "asha", "pim")), ROUND_1)


# ---------------------------------------------------------------- turns and action tokens

def test_one_seat_cannot_fight_five_times_in_a_row():
    """Issue 41: five Fights by one seat in a row were accepted (vigilante.txt:371, :399)."""
    h = first_turn()
    add(h, FIGHT)
    err = refused(h, FIGHT)
    assert err.rule == "player-turn" and err.field == "seat"
    assert "It is Ivan's turn" in err.detail
    assert shared(h)["seats"][0]["jail"] == 1


def test_fights_go_in_turn_order_from_the_first_player():
    """Clockwise from the First Player (vigilante.txt:399): Asha may not act before Ivan."""
    h = first_turn()
    err = refused(h, {**FIGHT, "seat": "asha"})
    assert err.rule == "player-turn" and "Gwen's turn" in err.detail
    add(h, FIGHT, {**FIGHT, "seat": "ivan"}, {**FIGHT, "seat": "asha"}, {**FIGHT, "seat": "pim"})
    assert shared(h)["to_act"] == "gwen"
    assert [s["actions_left"] for s in shared(h)["seats"]] == [3, 3, 3, 3]


def test_turns_start_with_the_first_player_wherever_the_marker_is():
    h = play(START, ROUND_1, setup={**SETUP, "first_player": "Asha"})
    assert shared(h)["to_act"] == "asha"
    assert refused(h, draw("gwen")).rule == "player-turn"
    add(h, draw("asha"), draw("pim"), draw("gwen"))
    assert shared(h)["to_act"] == "ivan"


def test_no_fifth_action_in_a_round():
    """4 action tokens a round (vigilante.txt:223, :371): a player with none left is refused."""
    h = first_turn()
    for _ in range(3):
        add(h, *(draw(s) for s in ("gwen", "ivan", "asha", "pim")))
    add(h, draw("gwen"), {"kind": "die", "seat": "gwen", "die": QUIET_DIE})
    err = refused(h, draw("gwen"))
    assert err.rule == "action-token" and "all 4 action tokens" in err.detail
    assert seat(h, "gwen")["actions_left"] == 0


def test_the_event_die_comes_after_the_fourth_action_and_before_the_next_turn():
    """Submit an Event die after the 4th action (vigilante.txt:415-419), once a round."""
    h = first_turn()
    err = refused(h, {"kind": "die", "seat": "gwen", "die": 2})
    assert err.rule == "submit-event-die" and "Gwen has 4 actions left" in err.detail
    for _ in range(3):
        add(h, *(draw(s) for s in ("gwen", "ivan", "asha", "pim")))
    add(h, draw("gwen"))
    assert "Gwen's 4th action: Gwen submits an Event die" in line(h)
    err = refused(h, draw("ivan"))
    assert err.rule == "submit-event-die" and "Gwen has taken their 4th action" in err.detail
    add(h, {"kind": "die", "seat": "gwen", "die": 2})
    assert line(h) == "Gwen submits Event die 2 to the Event Track; Ivan's turn"
    assert seat(h, "gwen")["die"] == 2
    assert refused(h, {"kind": "die", "seat": "gwen", "die": 4}).rule == "submit-event-die"


def test_trigger_events_waits_for_every_action_and_every_die():
    """Issue 41: Trigger Events before anyone had acted was accepted (vigilante.txt:468)."""
    h = first_turn()
    err = refused(h, {"kind": "trigger"})
    assert err.rule == "trigger-events"
    assert "Gwen 4 actions, Ivan 4 actions" in err.detail
    for _ in range(3):
        add(h, *(draw(s) for s in ("gwen", "ivan", "asha", "pim")))
    add(h, draw("gwen"), {"kind": "die", "seat": "gwen", "die": 2}, draw("ivan"),
        {"kind": "die", "seat": "ivan", "die": 3}, draw("asha"),
        {"kind": "die", "seat": "asha", "die": 4}, draw("pim"))
    err = refused(h, {"kind": "trigger"})
    assert err.rule == "trigger-events" or err.rule == "submit-event-die"
    add(h, {"kind": "die", "seat": "pim", "die": 5})
    add(h, {"kind": "trigger"})
    assert line(h).startswith("Trigger Events, round 1: dice Gwen 2, Ivan 3, Asha 4, Pim 5. "
                              "Hacking (3) goes off")


def test_the_round_runs_in_the_rulebooks_order_and_refuses_steps_out_of_it():
    h = play(START)
    assert refused(h, {"kind": "trigger"}).rule == "trigger-events"
    assert refused(h, {"kind": "end-round"}).rule == "round"
    assert refused(h, draw("gwen")).rule == "action-draw"      # no turns before the Event
    add(h, ROUND_1)
    err = refused(h, {"kind": "new-event", "type": "paramedic", "die": 2})
    assert err.rule == "choose-new-event" and "one Event joins the track" in err.detail
    assert "Draw a card" in err.detail                         # what can be done now
    assert refused(h, {"kind": "end-game"}).rule == "game-end"
    finish_turns(h)
    add(h, {"kind": "trigger"})
    assert refused(h, {"kind": "trigger"}).rule == "round"
    add(h, {"kind": "end-round"})
    view = shared(h)
    assert view["first_player"] == "pim"                       # counter-clockwise, :504
    assert line(h) == ("Round 1 is over: Gwen passes the First Player marker "
                       "counter-clockwise to Pim")
    assert view["stage_text"] == "Round 2 of 2: Pim (First Player) chooses the new Event."
    assert [s["actions_left"] for s in view["seats"]] == [4, 4, 4, 4]   # a new round
    add(h, ROUND_2)
    assert shared(h)["to_act"] == "pim"


def test_the_cards_last_round_ends_the_game_and_then_only_reveals_remain():
    h = ended()
    view = shared(h)
    assert view["ended"] is True and "the card's last" in line(h)
    assert refused(h, {"kind": "new-event", "type": "hacking", "die": 1}).rule == "game-end"
    assert refused(h, draw("gwen")).rule == "game-end"
    err = refused(h, hit(1))
    assert err.rule == "game-end"
    # the table is offered what the table may send: the typed reveal, not the owner's own
    assert "Record the Identity card shown" in err.detail
    assert "Reveal my Identity" not in err.detail and err.next == ("reveal",)
    moves = TRACKER.moves(h.setup, h.state)
    assert {m["kind"] for m in moves} == {"reveal"} and len(moves) == 4


def test_after_the_verdict_recruit_and_hit_are_refused_and_the_winners_stand():
    """Issue 41: after the final verdict, recruit and hit were accepted and changed the
    winners (kernel after_end; `finished` once every Identity is revealed)."""
    h = ended(starter("pim"), {"kind": "jail", "seat": "gwen", "count": 7},
              {"kind": "jail", "seat": "ivan", "count": 7})
    for who, ident in (("gwen", "guardian"), ("ivan", "guardian"), ("asha", "assassin"),
                       ("pim", "worshipper-of-life")):
        add(h, {"kind": "reveal", "seat": who, "identity": ident})
    assert TRACKER.finished(h.setup, h.state)
    winners = TRACKER.score(h.setup, h.state).result["winners"]
    assert winners == ["Gwen", "Ivan"]
    for late in ({"kind": "recruit", "seat": "asha", "name": "Titan", "influence": 7,
                  "health": 5}, hit(3, "pim"), {"kind": "jail", "seat": "asha", "count": 12}):
        err = refused(h, late)
        assert "The game is over" in err.detail and err.rule == "game-end"
    assert TRACKER.score(h.setup, h.state).result["winners"] == winners
    add(h, {"kind": "note", "text": "good game"})


def test_corrections_still_work_before_the_verdict():
    h = ended({"kind": "jail", "seat": "gwen", "count": 7})
    add(h, {"kind": "jail", "seat": "gwen", "count": 6},
        {"kind": "reveal", "seat": "gwen", "identity": "guardian"})
    assert seat(h, "gwen")["jail"] == 6


def test_hand_set_action_tokens_are_corrections_on_the_turns():
    h = first_turn()
    add(h, {"kind": "actions", "seat": "gwen", "left": 3})
    assert line(h) == "Correction: Gwen has 3 action tokens left this round (was 4)"
    assert shared(h)["to_act"] == "ivan"
    assert refused(play(START), {"kind": "actions", "seat": "gwen", "left": 2}).rule == \
        "action-token"


# ---------------------------------------------------------------- main actions

def test_draw_takes_a_city_card_and_an_agency_card_needs_three_jailed():
    """Draw a Card (vigilante.txt:530-534); Agency cards (:462, :726)."""
    h = play(START, ROUND_1, setup={**SETUP, "starting_cards": 2})
    err = refused(h, {"kind": "draw", "seat": "gwen", "deck": "agency"})
    assert err.rule == "agency-cards" and err.field == "deck"
    add(h, draw("gwen"))
    assert seat(h, "gwen")["hand"] == 3 and line(h).startswith("Gwen draws the top City card")
    add(h, {"kind": "jail", "seat": "ivan", "count": 3},
        {"kind": "draw", "seat": "ivan", "deck": "agency"})
    assert "Agency card" in line(h) and seat(h, "ivan")["hand"] == 3


def test_a_fight_needs_a_hero_and_runs_the_fight_calculator():
    """Fight a Villain (vigilante.txt:558-591): the chart by slot, a Hero defeated by the
    attack adds no Attack, total Attack against Health, jail or escape, as one event."""
    h = play(START, ROUND_1)
    err = refused(h, FIGHT)
    assert err.rule == "action-fight" and "no Hero" in err.detail
    blaze = {**starter("gwen", "Blaze"), "attack": 2}
    h = play(START, blaze, ROUND_1, VEST)
    before = h.state
    add(h, {**FIGHT, "villain_health": 4, "chart": "3"})
    assert seat(h, "gwen")["team"][0]["damage"] == 3 and seat(h, "gwen")["jail"] == 0
    assert "Total Attack 2 against Health 4: Razor escapes" in line(h)
    add(h, {"kind": "undo"})
    assert h.state == before
    add(h, {**FIGHT, "villain_health": 2, "chart": "1"})
    assert seat(h, "gwen")["jail"] == 1 and "Razor is jailed, Gwen's jail 0 -> 1" in line(h)
    assert "Razor" in TRACKER.event_json(h.event_at(h.version), SHARED)["working"]


def test_a_fight_asks_for_an_attack_not_recorded():
    h = play(START, {**starter("gwen"), "attack": None}, ROUND_1)
    err = refused(h, {**FIGHT, "villain_health": 2})
    assert err.field == "attacks" and err.rule == "action-fight"
    add(h, {**FIGHT, "villain_health": 2, "attacks": "2"})
    assert seat(h, "gwen")["jail"] == 1


def test_a_heal_action_removes_one_damage_from_a_damaged_hero():
    """Heal a Hero (vigilante.txt:611-613)."""
    h = play(START, starter("gwen"), ROUND_1, hit(2))
    err = refused(h, {"kind": "heal", "seat": "gwen", "slot": 1, "cubes": 2})
    assert err.rule == "action-heal" and err.field == "cubes"
    add(h, {"kind": "heal", "seat": "gwen", "slot": 1})
    assert seat(h, "gwen")["team"][0]["damage"] == 1
    assert line(h).startswith("Gwen's Starter (slot 1) is healed by a Heal action: damage 2 -> "
                              "1 on Health 3")
    h = play(START, starter("gwen"), ROUND_1)
    err = refused(h, {"kind": "heal", "seat": "gwen", "slot": 1})
    assert err.field == "slot" and err.rule == "action-heal"


def test_a_cards_healing_is_not_an_action():
    h = play(START, starter("gwen"), ROUND_1, hit(2),
             {"kind": "heal", "seat": "gwen", "slot": 1, "cubes": 2, "cause": "card-effect"})
    assert seat(h, "gwen")["team"][0]["damage"] == 0 and seat(h, "gwen")["actions_left"] == 4


def test_inventory_takes_equipment_back_to_hand_and_can_defeat_at_once():
    """Inventory Equipment (vigilante.txt:617-621); damage 'ever' at Health defeats (:589)."""
    h = play(START, starter("gwen"), ROUND_1,
             setup={**SETUP, "starting_cards": 2})
    assert refused(h, {"kind": "inventory", "seat": "gwen"}).rule == "action-inventory"
    add(h, VEST, hit(3), {"kind": "inventory", "seat": "gwen"})
    gwen = seat(h, "gwen")
    assert gwen["team"] == [] and gwen["hand"] == 2      # the Vest back in hand
    words = line(h)
    assert "Kevlar Vest off Starter (slot 1) back to hand" in words
    assert "Health 5 -> 3" in words and "is defeated by losing Kevlar Vest's Health" in words


def test_a_trade_is_one_card_for_one_with_another_player():
    """Trade a Card (vigilante.txt:625-631, :710)."""
    h = play(START, ROUND_1, setup={**SETUP, "starting_cards": 1})
    err = refused(h, {"kind": "trade", "seat": "gwen", "to_seat": "gwen"})
    assert err.rule == "action-trade"
    add(h, {"kind": "hand", "seat": "asha", "count": 0})
    err = refused(h, {"kind": "trade", "seat": "gwen", "to_seat": "asha"})
    assert err.rule == "action-trade" and "Asha has no card" in err.detail
    add(h, {"kind": "trade", "seat": "gwen", "to_seat": "ivan"})
    assert [seat(h, s)["hand"] for s in ("gwen", "ivan")] == [1, 1]
    assert shared(h)["to_act"] == "ivan"


# ---------------------------------------------------------------- free actions and cards

def test_equipment_is_attached_at_the_start_of_its_owners_turn_from_hand():
    """Equipment (vigilante.txt:446-448): start of your turn; the card leaves the hand."""
    h = play(START, starter("gwen"), starter("ivan"), setup={**SETUP, "starting_cards": 1})
    assert refused(h, VEST).rule == "card-equipment"             # before round 1
    add(h, ROUND_1)
    assert refused(h, {**VEST, "seat": "ivan"}).rule == "player-turn"
    add(h, VEST)
    assert seat(h, "gwen")["hand"] == 0 and seat(h, "gwen")["team"][0]["health"] == 5
    err = refused(h, {**VEST, "name": "Grapple Gun", "slot": 1, "extra": True})
    assert err.rule == "card-equipment" and "holds 0 cards" in err.detail


def test_one_equipment_per_hero_unless_a_text_effect_allows_more():
    h = play(START, starter("gwen"), ROUND_1, VEST)
    err = refused(h, {**VEST, "name": "Grapple Gun"})
    assert err.field == "slot" and err.rule == "attached-equipment"
    add(h, {**VEST, "name": "Grapple Gun", "extra": True})
    assert seat(h, "gwen")["team"][0]["health"] == 7


def test_equipment_raises_health_so_a_starter_with_2_more_survives_3_damage():
    """Issue 30: a Health-3 Starter with +2 Health was defeated at 3 damage (vigilante.txt:448,
    :589)."""
    h = play(START, starter("gwen"), ROUND_1, VEST, hit(3))
    hero = seat(h, "gwen")["team"][0]
    assert (hero["health"], hero["printed_health"], hero["damage"]) == (5, 3, 3)
    add(h, hit(2))
    assert seat(h, "gwen")["team"] == [] and seat(h, "gwen")["defeated_count"] == 1


def test_one_time_use_cards_on_your_own_turn_ambush_cards_any_time():
    """One-Time-Use: start of your turn; Ambush: whenever its condition holds, even on
    another player's turn (vigilante.txt:435-443, :730)."""
    h = play(START, ROUND_1, setup={**SETUP, "starting_cards": 1})
    once = {"kind": "play-card", "seat": "ivan", "card": "one-time-use", "name": "Adrenaline"}
    assert refused(h, once).rule == "player-turn"
    add(h, {**once, "seat": "gwen"})
    assert seat(h, "gwen")["hand"] == 0 and seat(h, "gwen")["actions_left"] == 4
    add(h, {"kind": "play-card", "seat": "ivan", "card": "ambush"})
    assert "Ivan plays the Ambush card and discards it (hand 0)" in line(h)
    err = refused(h, {"kind": "play-card", "seat": "ivan", "card": "ambush"})
    assert err.rule == "card-ambush"


# ---------------------------------------------------------------- Heroes and setup

def test_starter_heroes_are_kept_at_setup_one_each_in_slot_1():
    """Starter Heroes (vigilante.txt:251-253)."""
    h = play(START, starter("gwen"))
    assert line(h) == ("Gwen keeps the Starter Hero Starter in slot 1 (Influence 1, Attack 2, "
                       "Health 3)")
    assert refused(h, starter("gwen", "Other")).rule == "setup-starter-heroes"
    add(h, ROUND_1)
    assert refused(h, starter("ivan")).rule == "setup-starter-heroes"


def test_recruits_fill_the_lowest_open_slot_and_stop_at_four():
    """Recruit a Hero (vigilante.txt:542-556, :702, :714)."""
    hero = {"kind": "recruit", "influence": 0, "health": 2, "attack": 1}
    h = play(START, starter("gwen"), ROUND_1)
    for n in range(3):
        add(h, {**hero, "seat": "gwen", "name": f"H{n}"}, draw("ivan"), draw("asha"),
            draw("pim"))
    add(h, {"kind": "defeat", "seat": "gwen", "slot": 1, "cause": "a Villain's text"})
    add(h, {**hero, "seat": "gwen", "name": "New"})
    team = seat(h, "gwen")["team"]
    assert [(x["slot"], x["name"]) for x in team][0] == (1, "New")   # vigilante.txt:556
    add(h, {"kind": "die", "seat": "gwen", "die": QUIET_DIE}, draw("ivan"),
        {"kind": "die", "seat": "ivan", "die": QUIET_DIE}, draw("asha"),
        {"kind": "die", "seat": "asha", "die": QUIET_DIE}, draw("pim"),
        {"kind": "die", "seat": "pim", "die": QUIET_DIE}, {"kind": "trigger"},
        {"kind": "end-round"}, ROUND_2, draw("pim"))
    err = refused(h, {**hero, "seat": "gwen", "name": "Fifth"})
    assert err.field == "seat" and err.rule == "hero-slots"


def test_damage_set_by_hand_is_marked_a_correction():
    h = play(START, starter("gwen"), {"kind": "damage", "seat": "gwen", "slot": 1, "to": 1})
    assert line(h).startswith("Correction: Gwen's Starter (slot 1) now has 1 damage (was 0)")


def test_a_defeat_says_who_by_what_and_what_follows():
    """Issue 30: a defeat read only "3 damage" (Defeated Heroes, vigilante.txt:585-593)."""
    h = play(START, starter("gwen"), ROUND_1, VEST, hit(5))
    words = line(h)
    assert words.startswith("Gwen's Starter (slot 1) takes 5 damage from a Villain's attack "
                            "(Razor): 5 on Health 5.")
    for part in ("Starter (slot 1) is defeated by a Villain's attack (Razor)",
                 "goes to Gwen's Defeated Heroes pile (now 1)", "its Kevlar Vest discarded",
                 "slot 1 is open"):
        assert part in words, part
    assert seat(h, "gwen")["defeated"][0]["defeated_by"] == "a Villain's attack (Razor)"


def test_the_third_defeat_says_the_breaking_point_and_no_die_is_owed():
    h = play(START, starter("gwen"), ROUND_1)
    for n in (1, 2):
        add(h, hit(3), {"kind": "recruit", "seat": "gwen", "name": f"H{n}", "influence": 0,
                        "health": 3, "attack": 1}, draw("ivan"), draw("asha"), draw("pim"))
    assert "breaking point" not in line(h, h.version - 3)
    add(h, hit(3))
    assert "breaking point: Gwen submits no more Event dice" in line(h)   # vigilante.txt:427
    add(h, draw("gwen"), draw("ivan"), draw("asha"), draw("pim"), draw("gwen"))
    assert shared(h)["die_due"] is None and shared(h)["to_act"] == "ivan"
    err = refused(h, {"kind": "die", "seat": "gwen", "die": 2})
    assert err.rule == "breaking-point"
    finish_turns(h)
    add(h, {"kind": "trigger"})
    assert "Gwen none (breaking point)" in line(h)


# ---------------------------------------------------------------- Trigger Events

def test_trigger_events_runs_the_calculator_on_the_submitted_dice_as_one_event():
    h = play(START, ROUND_1, *({"kind": "jail", "seat": s, "count": n}
                               for s, n in (("gwen", 3), ("ivan", 1), ("asha", 0))))
    finish_turns(h, die=1)
    before = h.state
    add(h, {"kind": "trigger"})
    assert [s["jail"] for s in shared(h)["seats"]] == [2, 0, 0, 0]   # Jailbreak, everyone
    words = line(h)
    assert "Jailbreak (1) goes off: a Villain escapes Gwen's jail (3 -> 2" in words
    assert "no more Agency draws" in words                         # vigilante.txt:462
    calculator = trigger_events({
        "track": [{"type": "jailbreak", "die": 1}, {"type": "hacking", "die": 3}],
        "players": [{"name": n, "die": 1, "jail": j, "defeated_heroes": 0}
                    for n, j in (("Gwen", 3), ("Ivan", 1), ("Asha", 0), ("Pim", 0))]})
    shown = TRACKER.event_json(h.event_at(h.version), SHARED)
    assert shown["working"] == "\n".join(s.text for s in calculator.steps)
    add(h, {"kind": "undo"})
    assert h.state == before                                       # one undo takes it back


def test_hacking_and_loot_crate_change_the_counted_hands():
    """Hacking: each discards a card; Loot Crate: each draws one (vigilante.txt:488-494)."""
    h = play({"kind": "new-event", "type": "loot-crate", "die": 4}, ROUND_1,
             setup={**SETUP, "starting_cards": 2})
    finish_turns(h, die=4)
    add(h, {"kind": "trigger"})
    assert [s["hand"] for s in shared(h)["seats"]] == [7, 7, 7, 7]   # 2 + 4 draws + 1
    add(h, {"kind": "end-round"}, {"kind": "new-event", "type": "hacking", "die": 5})
    finish_turns(h, die=5)
    add(h, {"kind": "trigger"})
    assert [s["hand"] for s in shared(h)["seats"]] == [10, 10, 10, 10]   # 7 + 4 - 1


def test_firefight_damages_the_hero_each_player_picks():
    h = play(START, starter("gwen"), starter("ivan"),
             {"kind": "new-event", "type": "firefight", "die": 2})
    add(h, {"kind": "recruit", "seat": "gwen", "name": "Blaze", "influence": 0, "health": 3,
            "attack": 1})
    finish_turns(h, die=2)
    err = refused(h, {"kind": "trigger"})
    assert err.field == "firefight" and "Gwen chooses" in err.detail
    assert err.rule == "event-firefight"
    add(h, {"kind": "trigger", "firefight": "2, 0, 0, 0"})
    seats = shared(h)["seats"]
    assert [x["damage"] for x in seats[0]["team"]] == [0, 1]
    assert seats[1]["team"][0]["damage"] == 1                       # Ivan's only Hero
    assert "Firefight (2) goes off" in line(h) and "Pim has no Hero to take it" in line(h)


@pytest.mark.parametrize("timing", ["after-track", "before-track"])
def test_equipment_with_a_die_goes_off_at_trigger_events_by_the_tables_setting(timing):
    """Attached Equipment (vigilante.txt:456, :474); its timing is the table's setting."""
    h = play(START, starter("gwen"), {"kind": "new-event", "type": "loot-crate", "die": 2},
             {**VEST, "name": "Grapple Gun", "die": 2},
             setup={**SETUP, "equipment_timing": timing})
    finish_turns(h, die=2)
    add(h, {"kind": "trigger"})
    words = line(h)
    gear, loot = words.index("Gwen's Grapple Gun (2) goes off"), words.index("Loot Crate (2)")
    assert (gear > loot) if timing == "after-track" else (gear < loot)


def test_paramedic_heals_the_damaged_hero_each_player_picks():
    h = play(START, starter("gwen"), ROUND_2)
    add(h, {"kind": "recruit", "seat": "gwen", "name": "Blaze", "influence": 0, "health": 3,
            "attack": 1}, hit(1), hit(2, slot=2))
    finish_turns(h, die=2)
    err = refused(h, {"kind": "trigger"})
    assert err.field == "paramedic" and err.rule == "event-paramedic"
    add(h, {"kind": "trigger", "paramedic": "2, 0, 0, 0"})
    assert [x["damage"] for x in seat(h, "gwen")["team"]] == [1, 1]


def test_the_track_holds_at_most_31_tokens():
    """31 Event tokens in the bag (vigilante.txt:50): a 32nd cannot be placed."""
    h = play(*({"kind": "add-event", "type": "hacking", "die": 5} for _ in range(31)),
             setup={"mode": "brought-to-justice", "seats": SETUP["seats"]})
    err = refused(h, {"kind": "add-event", "type": "hacking", "die": 5})
    assert err.rule == "components"


def test_hand_placed_tokens_and_markers_are_corrections():
    h = play({"kind": "add-event", "type": "hacking", "die": 3}, {"kind": "pass-first-player"},
             {"kind": "first-player", "seat": "asha"})
    assert line(h, 1).startswith("Correction: Hacking (3) placed by hand")
    assert line(h, 2).startswith("Correction: the First Player marker passes")
    assert line(h, 3) == "Correction: Asha takes the First Player marker"


# ---------------------------------------------------------------- Brought to Justice

def test_brought_to_justice_without_a_good_player_is_refused_at_setup():
    """Issue 30: 0 Good was accepted and the Assassin then won (vigilante.txt:173)."""
    from assistant.errors import InvalidInput
    with pytest.raises(InvalidInput) as err:
        TRACKER.parse_setup({**SETUP, "good": 0, "neutral": 3})
    assert err.value.field == "good" and err.value.rule == "scenario-brought-to-justice"
    calculator = GAME.calculators["identity-mix"]
    with pytest.raises(InvalidInput):
        calculator.run({"mode": "brought-to-justice", "players": 4, "good": 0, "evil": 1,
                        "neutral": 3})


def test_without_the_cards_counts_the_reveal_still_needs_a_good_player():
    setup = {k: v for k, v in SETUP.items() if k not in ("good", "evil", "neutral")}
    h = ended(setup=setup)
    for who, ident in (("gwen", "assassin"), ("ivan", "addict"), ("asha", "cultist")):
        add(h, {"kind": "reveal", "seat": who, "identity": ident, "jail_level_2_3": 0,
                "med_cards": 0})
    err = refused(h, {"kind": "reveal", "seat": "pim", "identity": "profiteer"})
    assert err.field == "identity" and err.rule == "scenario-brought-to-justice"
    assert TRACKER.moves(h.setup, h.state) == [{"kind": "reveal", "seat": "pim",
                                                "identity": "guardian"}]


# ---------------------------------------------------------------- the score

def _final() -> History:
    return ended({"kind": "jail", "seat": "gwen", "count": 7},
                 {"kind": "jail", "seat": "ivan", "count": 7},
                 {"kind": "identity", "seat": "asha", "identity": "assassin"})


def test_the_score_is_provisional_and_names_no_secret_role_before_the_reveal():
    h = _final()
    add(h, {"kind": "reveal", "seat": "gwen", "identity": "guardian"})
    score = TRACKER.score(h.setup, h.state).to_json()
    assert score["summary"].startswith("Provisional") and score["result"]["final"] is False
    roles = {s["seat"]: s["role"] for s in score["result"]["standings"]}
    assert roles == {"gwen": "Guardian", "ivan": "", "asha": "", "pim": ""}
    assert score["result"]["points"] is False


def test_the_final_score_ranks_winners_first_with_each_missions_reason():
    h = _final()
    for who, ident in (("gwen", "guardian"), ("ivan", "guardian"), ("pim", "profiteer")):
        add(h, {"kind": "reveal", "seat": who, "identity": ident})
    add(h, {"kind": "reveal", "seat": "asha"})
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
    h = _final()
    sealed = History(TRACKER, h.setup)
    for v in range(1, h.version + 1):
        event = h.event_at(v)
        if event.kind != "identity":
            sealed.append(event)
    assert TRACKER.moves(h.setup, h.state) == TRACKER.moves(sealed.setup, sealed.state)
    own = TRACKER.state_json(h.setup, h.state, Viewer("asha"))["seats"][2]
    assert own["identity"] == "assassin"


def test_every_rule_a_refusal_names_is_in_the_rules_reference():
    """Every `rule=` the tracker's modules pass names an entry of the rules reference."""
    here = Path(package.__file__).parent
    named = set()
    for path in [*here.glob("*.py"), here.parent / "mix.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "rule" \
                    and isinstance(node.value, ast.Constant) and node.value.value:
                named.add(node.value.value)
    missing = [rule for rule in named if rule not in GAME.rules]
    assert len(named) > 20 and not missing, missing


def test_no_refusal_words_carry_a_rule_id():
    """Words shown to players name no rule id: the refusal carries it (rule=) instead."""
    here = Path(package.__file__).parent
    for path in here.glob("*.py"):
        assert "(rule " not in path.read_text(encoding="utf-8"), path.name


def test_events_stored_with_their_words_fold_as_stored():
    """Rows stored with the words of their time are applied as stored (History.extend)."""
    rows = [Event("add-event", {"type": "hacking", "die": 3}),
            Event("add-event", {"type": "jailbreak", "die": 1}),
            Event("add-event", {"type": "paramedic", "die": 3}), Event("end-game")]
    h = History(TRACKER, TRACKER.parse_setup(SETUP)).extend(rows)
    assert shared(h)["ended"]
    assert line(h, 1) == "Event Track: Hacking (3)"


def test_every_listed_move_is_accepted_through_a_whole_game():
    h = play()
    for _ in range(200):
        moves = TRACKER.moves(h.setup, h.state)
        if not moves:
            break
        for move in moves:
            h.check(parse_event(TRACKER, move))
        add(h, dict(moves[0]))
    assert TRACKER.finished(h.setup, h.state)


def test_the_page_reads_whose_turn_it_is():
    h = first_turn()
    view = shared(h)
    assert view["stage_text"] == "Round 1 of 2: Gwen's turn (4 actions left)."
    assert view["seats"][0]["to_act"] and not view["seats"][1]["to_act"]
    assert view["seats"][0]["turn_line"] == "Actions left: 4"
