"""Issue 30 for Tomorrow Dies Today: the session follows the round (Round, Stages, and Action
Order), refuses what the rules forbid at that point citing the rule, works out betrayals,
Gadgets, hires and The World Reacts with the game's calculators as one event each, and scores
with each seat's standing and its reasons."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.tracker import SHARED

from .kit import TRACKER, History, final_score, parse_event, parse_setup

CUTTHROAT = {"mode": "cutthroat", "tech": 2, "seats": [
    {"goodman": True, "player": "Gil"}, {"henchman": "Azura Badeau", "player": "Ana"},
    {"henchman": "Jin Feng", "player": "Jo"}, {"henchman": "Boris Myasneek", "player": "Bo"}]}
SYNDICATE = {"mode": "syndicate", "team_leader": "azura-badeau", "seats": [
    {"henchman": "Azura Badeau"}, {"henchman": "Jin Feng"}]}
MAYHEM = {"mode": "mayhem", "team_leader": "azura-badeau", "seats": [
    {"henchman": "Azura Badeau", "team": "Red"}, {"henchman": "Jin Feng", "team": "Red"},
    {"henchman": "Boris Myasneek", "team": "Blue"},
    {"henchman": "Cassandra O'Shea", "team": "Blue"}]}
NEXT = {"kind": "next"}
TO_MONOLOGUING = [NEXT] * 4  # Villainy Phases 1, 2, 3, then Monologuing
DEPLOY = [{"kind": "deploy", "seat": "jin-feng", "squad_1": 1, "from_1": "base"}]


def table(setup: dict[str, Any], *events: dict[str, Any]) -> Any:
    history = History(parse_setup(setup))
    for event in events:
        history.append(parse_event(event))
    return history


def refused(history: Any, event: dict[str, Any]) -> InvalidInput:
    before = (history.version, history.state)
    with pytest.raises(InvalidInput) as caught:
        history.append(parse_event(event))
    assert (history.version, history.state) == before, "a refusal changes nothing"
    assert "What can be done now:" in caught.value.detail
    return caught.value


def line(history: Any, version: int | None = None) -> str:
    names = {s.id: s.name for s in history.setup.seats}
    return TRACKER.describe(history.event_at(version or history.version), names, SHARED)


def view(history: Any) -> dict[str, Any]:
    return TRACKER.state_json(history.setup, history.state, SHARED)


def standing(history: Any, seat: str) -> dict[str, Any]:
    score = final_score(history.setup, history.state).result
    return next(s for s in score["standings"] if s["seat"] == seat)


def test_a_seat_reads_the_same_whatever_was_read_before_it():
    """Seat views are kept between reads (board._seat_json): a caller's change to one answer,
    or another table's reading of the very same seat state, never shows in the next."""
    h = table(CUTTHROAT, {"kind": "vp", "seat": "jin-feng", "amount": 4})
    jin = replace(h.state.seat("jin-feng"), triggers=frozenset({1}))
    cutthroat = replace(h.state, seats=tuple(jin if s.id == jin.id else s
                                             for s in h.state.seats))
    first = next(s for s in TRACKER.state_json(h.setup, cutthroat, SHARED)["seats"]
                 if s["id"] == jin.id)
    assert first["at_end"] == "3 VP at the end: 4 VP held, −1 for Betrayal Trigger 1"
    first["at_end"], first["vp"] = "changed", 99
    again = next(s for s in TRACKER.state_json(h.setup, cutthroat, SHARED)["seats"]
                 if s["id"] == jin.id)
    assert (again["at_end"], again["vp"]) == (
        "3 VP at the end: 4 VP held, −1 for Betrayal Trigger 1", 4)
    mayhem = table(MAYHEM)  # the Team Leader's own trigger counts in Cutthroat only
    seats = tuple(jin if s.id == jin.id else s for s in mayhem.state.seats)
    there = next(s for s in TRACKER.state_json(mayhem.setup, replace(
        mayhem.state, seats=seats), SHARED)["seats"] if s["id"] == jin.id)
    assert there["at_end"] == "4 VP at the end (no Betrayal Trigger counts)"


# --- the bullet: the −1 of an active Betrayal Trigger is on the table -----------------

def test_the_score_shows_the_trigger_penalty_the_counter_does_not():
    h = table(CUTTHROAT, {"kind": "vp", "seat": "jin-feng", "amount": 4},
              {"kind": "trigger", "seat": "jin-feng", "trigger": 3})
    jin = next(s for s in view(h)["seats"] if s["id"] == "jin-feng")
    assert jin["vp"] == 4  # the counter: VP held
    assert jin["at_end"] == "3 VP at the end: 4 VP held, −1 for Betrayal Trigger 3"
    mine = standing(h, "jin-feng")
    assert mine["total"] == 3 and mine["rank"] == 1
    assert mine["note"] == "4 VP held, −1 for Betrayal Trigger 3"  # beside the total (issue 43)
    assert {"text": "−1 VP: Betrayal Trigger 3 active", "value": -1,
            "rule": "betrayal-triggers", "provenance": "rulebook"} in mine["steps"]
    assert sum(s["value"] for s in mine["steps"]) == 3


def test_the_team_leader_trigger_counts_in_cutthroat_and_not_in_mayhem():
    cut = table(CUTTHROAT, {"kind": "vp", "seat": "jin-feng", "amount": 2},
                {"kind": "trigger", "seat": "jin-feng", "trigger": 1})
    assert standing(cut, "jin-feng")["total"] == 1
    may = table(MAYHEM, {"kind": "vp", "seat": "jin-feng", "amount": 2},
                {"kind": "trigger", "seat": "jin-feng", "trigger": 1})
    mine = standing(may, "jin-feng")
    assert mine["total"] == 2 and mine["role"] == "Team Red"
    assert mine["steps"][1]["text"] == ("0 VP: Betrayal Trigger 1 (Team Leader) active, "
                                        "ignored in Mayhem")


# --- the round ---------------------------------------------------------------------------------

def test_a_round_runs_scheming_three_phases_monologuing_then_the_world_reacts():
    h = table(CUTTHROAT)
    seen = [view(h)["now"]]
    for _ in range(5):
        h.append(parse_event(NEXT))
        seen.append(view(h)["now"])
    assert seen == ["Round 1 · Scheming · Coordination",
                    "Round 1 · Villainy, Phase 1 · Fund Deployment and Deploy",
                    "Round 1 · Villainy, Phase 2 · Fund Deployment and Deploy",
                    "Round 1 · Villainy, Phase 3 · Fund Deployment and Deploy",
                    "Round 1 · Monologuing · Voluntary Recall",
                    "Round 2 · Scheming · Coordination"]
    assert h.state.clock == 9  # 3 Named Henchmen in Cutthroat start on 10
    assert line(h) == "The World Reacts: Doomsday Clock 10 → 9. Round 2: Scheming"
    worked = TRACKER.event_json(h.event_at(h.version), SHARED)["working"]
    assert "The World Reacts: the clock falls by 1. [world-reacts]" in worked


def test_undo_takes_the_world_reacts_back_whole():
    h = table(CUTTHROAT, *TO_MONOLOGUING)
    before = h.state
    h.append(parse_event(NEXT))
    h.append(parse_event({"kind": "undo"}))
    assert h.state == before


def test_syndicate_with_the_plan_revealed_loses_two_a_round_and_touches_an_even_space():
    h = table(SYNDICATE, {"kind": "doomsday-revealed"}, *TO_MONOLOGUING, NEXT)
    assert h.state.clock == 7  # 2 Named Henchmen in Syndicate start on 9
    assert "The World Reacts: Doomsday Clock 9 → 7; reveal a Global Event." in line(h)


@pytest.mark.parametrize(("event", "field", "rule"), [
    ({"kind": "objective", "seat": "jin-feng", "objective": "side-job", "vp": 2},
     "objective", "side-jobs-claiming"),
    ({"kind": "objective", "seat": "jin-feng", "objective": "directive", "vp": 2},
     "objective", "goodman-directives-claiming"),
    ({"kind": "objective", "seat": "jin-feng", "objective": "nefarious-plan", "vp": 3},
     "objective", "scoring-cutthroat"),
    ({"kind": "betrayal", "seat": "jin-feng"}, "kind", "betrayal-eligibility"),
    ({"kind": "betrayal", "seat": "jin-feng", "forced": True}, "kind", "force-betrayal"),
    ({"kind": "doomsday-completed"}, "kind", "goodman-plotting-cutthroat"),
])
def test_what_belongs_to_monologuing_or_the_end_is_refused_in_villainy(event, field, rule):
    h = table(CUTTHROAT, NEXT)
    refusal = refused(h, event)
    assert refusal.field == field and refusal.rule == rule
    assert "Round 1 · Villainy, Phase 1" in refusal.detail


def test_a_global_event_is_solved_outside_monologuing_only():
    events = {**CUTTHROAT, "global_events": True}
    h = table(events, NEXT)
    h.append(parse_event({"kind": "objective", "seat": "jin-feng",
                          "objective": "global-event"}))
    assert line(h) == "Jin Feng solves a Global Event: +1 VP"
    h = table(events, *TO_MONOLOGUING)
    refusal = refused(h, {"kind": "objective", "seat": "jin-feng", "objective": "global-event"})
    assert refusal.rule == "global-events-reveal"


def test_each_goodman_directive_is_claimed_once():
    h = table(CUTTHROAT, *TO_MONOLOGUING,
              {"kind": "objective", "seat": "jin-feng", "objective": "directive", "vp": 2,
               "title": "Show of Force"})
    assert line(h) == "Jin Feng claims a Goodman Directive 'Show of Force': +2 VP"
    refusal = refused(h, {"kind": "objective", "seat": "boris-myasneek",
                          "objective": "directive", "vp": 2, "title": "show of force"})
    assert refusal.field == "title" and "Jin Feng already claimed" in refusal.detail


def test_goodmans_declaration_goes_to_endgame_then_the_score_is_final():
    h = table(CUTTHROAT, {"kind": "vp", "seat": "jin-feng", "amount": 2}, *TO_MONOLOGUING,
              {"kind": "doomsday-completed"})
    assert view(h)["now"] == "Endgame and Scoring"
    assert final_score(h.setup, h.state).summary.startswith("Provisional")
    h.append(parse_event({"kind": "objective", "seat": "azura-badeau",
                          "objective": "nefarious-plan", "vp": 3, "title": "Heist"}))
    assert line(h) == "Azura Badeau reveals their Nefarious Plan 'Heist': +3 VP"
    assert TRACKER.moves(h.setup, h.state)[0] == NEXT
    h.append(parse_event(NEXT))
    assert TRACKER.finished(h.setup, h.state) and TRACKER.moves(h.setup, h.state) == []
    score = final_score(h.setup, h.state)
    assert score.result["final"] is True and not score.summary.startswith("Provisional")
    winners = {s["seat"] for s in score.result["standings"] if s["winner"]}
    assert winners == {"goodman", "azura-badeau"}  # 3 VP beats Jin Feng's 2


def test_after_the_end_only_a_note_is_taken():
    h = table(CUTTHROAT, {"kind": "clock", "to": 0})
    assert line(h) == "Doomsday Clock set to 0 by hand (correction)"
    assert TRACKER.finished(h.setup, h.state)
    with pytest.raises(InvalidInput) as caught:
        h.append(parse_event({"kind": "vp", "seat": "jin-feng", "amount": 1}))
    assert "The game is over" in caught.value.detail
    h.append(parse_event({"kind": "note", "text": "gg"}))


def test_the_clock_reaching_zero_in_cutthroat_with_a_betrayer_gives_them_the_win():
    h = table(CUTTHROAT, {"kind": "vp", "seat": "azura-badeau", "amount": 1},
              *TO_MONOLOGUING, {"kind": "betrayal", "seat": "jin-feng"},
              {"kind": "clock", "to": 1}, NEXT)
    assert TRACKER.finished(h.setup, h.state)
    score = final_score(h.setup, h.state).result
    assert score["outcome"]["kind"] == "betrayer-wins"
    assert standing(h, "jin-feng")["rank"] == 1 and standing(h, "jin-feng")["winner"]
    assert standing(h, "azura-badeau")["rank"] == 2


# --- Syndicate: one team, one end check, the token passes ------------------------------------

def test_syndicate_ends_at_goodmans_plotting_only_without_three_counted_triggers():
    blocked = [{"kind": "trigger", "seat": "jin-feng", "trigger": n} for n in (2, 3, 4)]
    h = table(SYNDICATE, *blocked, {"kind": "doomsday-completed"}, *TO_MONOLOGUING, NEXT)
    assert not TRACKER.finished(h.setup, h.state) and h.state.round == 2  # played on
    h.append(parse_event({"kind": "trigger", "seat": "jin-feng", "trigger": 4,
                          "active": False}))
    for _ in range(4):
        h.append(parse_event(NEXT))
    h.append(parse_event(NEXT))
    assert TRACKER.finished(h.setup, h.state)
    assert "the table wins" in line(h)
    score = final_score(h.setup, h.state).result
    assert score["points"] is False
    assert [(s["rank"], s["winner"]) for s in score["standings"]] == [(1, True), (1, True)]


def test_syndicate_passes_the_team_leader_token_each_round():
    h = table(SYNDICATE, *TO_MONOLOGUING, NEXT)
    assert h.state.team_leader == "jin-feng"
    assert line(h) == ("Team Leader token to Jin Feng. The World Reacts: Doomsday Clock 9 → 8; "
                       "reveal a Global Event. Round 2: Scheming")


def test_mayhem_passes_the_token_to_the_next_team_and_ends_in_scoring():
    h = table(MAYHEM, *TO_MONOLOGUING, NEXT)
    assert h.state.team_leader == "boris-myasneek"  # Red's Azura, then Blue's first
    h.append(parse_event({"kind": "clock", "to": 1}))
    for _ in range(5):
        h.append(parse_event(NEXT))
    assert view(h)["now"] == "Endgame and Scoring" and h.state.clock == 0
    h.append(parse_event({"kind": "objective", "seat": "boris-myasneek",
                          "objective": "nefarious-plan", "vp": 2}))
    refusal = refused(h, {"kind": "objective", "seat": "cassandra-o-shea",
                          "objective": "nefarious-plan", "vp": 2})
    assert refusal.field == "objective"  # one Nefarious Plan per team
    h.append(parse_event(NEXT))
    score = final_score(h.setup, h.state).result
    assert score["final"] is True
    blue = {s["seat"]: (s["rank"], s["winner"], s["role"]) for s in score["standings"]}
    assert blue["cassandra-o-shea"] == (1, True, "Team Blue")
    assert blue["azura-badeau"] == (2, False, "Team Red")


# --- calculated events: one event, all results, the working shown ----------------------------

def test_a_betrayal_hands_over_and_collects_as_the_calculator_says():
    h = table(CUTTHROAT, {"kind": "vp", "seat": "jin-feng", "amount": 2, "source": "goodman"},
              {"kind": "vp", "seat": "jin-feng", "amount": 1},
              {"kind": "resources", "seat": "jin-feng", "count": 5},
              *({"kind": "trigger", "seat": "jin-feng", "trigger": n} for n in (2, 3, 4)),
              *TO_MONOLOGUING, {"kind": "betrayal", "seat": "jin-feng"})
    jin, goodman = h.state.seat("jin-feng"), h.state.seat("goodman")
    # betrayal-transfer: N (3 Named Henchmen) × 3 triggers + 3 VP handed over = 12
    assert (jin.vp_goodman, jin.vp_other, jin.resources) == (0, 0, 12)
    # Goodman started with 2 VP and 12 Resources (3 Named Henchmen), awarded Jin 2
    assert (goodman.vp_other, goodman.resources) == (3, 17)
    assert line(h) == ("Jin Feng betrays the organization: 3 VP and 5 Resources go to General "
                       "Goodman; Jin Feng collects 12 Resources")
    worked = TRACKER.event_json(h.event_at(h.version), SHARED)["working"]
    assert "Jin Feng has 3 of 5 Betrayal Triggers active (needs 3)." in worked
    h.append(parse_event({"kind": "undo"}))
    assert h.state.betrayer is None and h.state.seat("jin-feng").resources == 5


def test_goodman_pays_for_a_forced_betrayal_and_cannot_without_the_infamy():
    disloyal = [{"kind": "objective", "seat": "jin-feng", "objective": "disloyal-side-job",
                 "vp": 1}] * 2
    h = table(CUTTHROAT, *TO_MONOLOGUING, *disloyal,
              {"kind": "resources", "seat": "goodman", "infamy": 7, "count": 7})
    refusal = refused(h, {"kind": "betrayal", "seat": "jin-feng", "forced": True})
    assert "Forcing Jin Feng out costs 8 Infamy" in refusal.detail  # 12 − 2 × 2
    assert refusal.rule == "force-betrayal"
    h.append(parse_event({"kind": "resources", "seat": "goodman", "infamy": 9}))
    h.append(parse_event({"kind": "betrayal", "seat": "jin-feng", "forced": True}))
    assert h.state.seat("goodman").purse.infamy == 1
    assert line(h).startswith("General Goodman forces Jin Feng out as the Betrayer: General "
                              "Goodman pays 8 Infamy")


def test_a_gadget_costs_the_tracks_level_and_raises_it():
    h = table(CUTTHROAT, {"kind": "resources", "seat": "jin-feng", "data_cache": 6,
                          "corruption": 3},
              {"kind": "gadget", "seat": "jin-feng"})
    jin = h.state.seat("jin-feng")
    assert (jin.purse.data_cache, jin.gadgets, h.state.tech) == (4, 1, 3)
    assert line(h) == "Jin Feng builds a Gadget: pays 2 Data Cache, Technology Track to 3"
    for seat in ("boris-myasneek", "goodman", "azura-badeau"):  # the turn comes round again
        h.append(parse_event({"kind": "pass", "seat": seat}))
    # pay 3 Corruption to raise the track to 4 first, then 4 Data Cache; the track goes to 5
    h.append(parse_event({"kind": "gadget", "seat": "jin-feng", "shift": "raise"}))
    assert (h.state.seat("jin-feng").resources, h.state.tech) == (0, 5)


def test_a_syndicate_hire_costs_vp_per_named_henchman_in_play():
    h = table(SYNDICATE, {"kind": "vp", "seat": "jin-feng", "amount": 13},
              {"kind": "pass", "seat": "azura-badeau"},  # the Team Leader's turn first
              {"kind": "hire", "seat": "jin-feng", "title": "Boris Myasneek"})
    assert h.state.seat("jin-feng").vp_other == 9  # 2 in play × 2 VP
    assert line(h) == "Jin Feng hires a Named Henchman (Boris Myasneek) for 4 VP"
    h.append(parse_event({"kind": "doomsday-revealed"}))
    h.append(parse_event({"kind": "pass", "seat": "azura-badeau"}))
    h.append(parse_event({"kind": "hire", "seat": "jin-feng"}))  # 3 in play × 3 VP
    assert h.state.seat("jin-feng").vp_other == 0
    h.append(parse_event(NEXT))
    refusal = refused(h, {"kind": "hire", "seat": "azura-badeau"})
    assert refusal.rule == "hire-named-henchman" and "in Scheming" in refusal.detail


def test_hand_set_tracks_are_corrections_and_the_lines_use_the_tables_words():
    h = table(CUTTHROAT, {"kind": "tech", "to": 4}, {"kind": "clock", "to": 6},
              {"kind": "vp", "seat": "jin-feng", "amount": 2, "source": "goodman",
               "reason": "a good tithe"})
    assert [line(h, v) for v in (1, 2, 3)] == [
        "Technology Track set to 4 by hand (correction)",
        "Doomsday Clock set to 6 by hand (correction)",
        "General Goodman awards Jin Feng 2 VP (a good tithe)"]


def test_a_mission_is_checked_and_rewarded_by_the_mission_calculator():
    h = table(CUTTHROAT, NEXT, *DEPLOY, *({"kind": "deploy", "seat": s, "squad_1": 1,
                                           "from_1": "base"}
                                          for s in ("azura-badeau", "boris-myasneek")),
              {"kind": "mission", "seat": "jin-feng",
                                          "mission": "resource",
                                "title": "arms dealing", "combat": 3, "stealth": 1,
                                "cunning": 1, "diplomacy": 1, "affinity": True,
                                "reward_vp": 1, "reward_resources": 2})
    jin = h.state.seat("jin-feng")
    assert (jin.vp_other, jin.resources) == (1, 4)  # Resources doubled by the Affinity, VP not
    assert line(h) == "Jin Feng completes the mission Arms Dealing: receives 1 VP and 4 Funding"
    worked = TRACKER.event_json(h.event_at(h.version), SHARED)["working"]
    assert "Funding: doubled to 4. [affinity-bonuses]" in worked
    refusal = refused(h, {"kind": "mission", "seat": "azura-badeau", "mission": "resource",
                          "title": "Arms Dealing", "combat": 9})
    assert refusal.field == "title" and refusal.rule == "complete-missions"
    # a Doomsday Mission: its VP plus the Affinity's +1, outside the Reward
    h.append(parse_event({"kind": "mission", "seat": "azura-badeau", "mission": "doomsday",
                          "title": "Corrupt the U.N.", "stealth": 2, "cunning": 5,
                          "diplomacy": 8, "affinity": True, "reward_vp": 2}))
    assert h.state.seat("azura-badeau").vp_other == 3
    short = refused(h, {"kind": "mission", "seat": "boris-myasneek", "mission": "resource",
                        "title": "Murder Inc", "cunning": 5, "diplomacy": 5})
    assert "short 1 combat, 3 stealth" in short.detail


def test_the_betrayer_completes_no_missions():
    h = table(CUTTHROAT, {"kind": "vp", "seat": "azura-badeau", "amount": 1},
              *TO_MONOLOGUING, {"kind": "betrayal", "seat": "jin-feng"}, NEXT, NEXT,
              {"kind": "deploy", "seat": "jin-feng", "squad_1": 1, "from_1": "base"})
    refusal = refused(h, {"kind": "mission", "seat": "jin-feng", "mission": "resource",
                          "title": "Arms Dealing", "combat": 9, "stealth": 9})
    assert refusal.rule == "betrayer-powers"


def test_a_deployment_is_priced_by_the_calculator_once_a_phase():
    # the rulebook's Base Discount example: squads of 2 and 4, one from Base: 1 + 2 − 1 = 2
    h = table(CUTTHROAT, {"kind": "resources", "seat": "jin-feng", "funding": 5}, NEXT,
              {"kind": "deploy", "seat": "jin-feng", "squad_1": 2, "from_1": "base",
               "squad_2": 4, "from_2": "mission"})
    assert h.state.seat("jin-feng").resources == 3
    assert line(h) == ("Jin Feng deploys 2 Squads (2, 4 henchmen) to the Staging Marker: "
                       "pays 2 Funding")
    refusal = refused(h, {"kind": "deploy", "seat": "jin-feng", "squad_1": 1})
    assert "deploys once a Phase" in refusal.detail and refusal.rule == "place-staging-markers"
    h.append(parse_event(NEXT))  # Phase 2: a new Deployment
    h.append(parse_event({"kind": "deploy", "seat": "jin-feng", "squad_1": 6,
                          "from_1": "mission"}))
    assert h.state.seat("jin-feng").resources == 0
    short = refused(h, {"kind": "deploy", "seat": "boris-myasneek", "squad_1": 2})
    assert short.rule == "must-deploy"


def test_a_conflict_counts_successes_and_moves_what_was_stolen_at_once():
    h = table(CUTTHROAT, {"kind": "resources", "seat": "jin-feng", "funding": 5},
              {"kind": "resources", "seat": "azura-badeau", "funding": 1, "corruption": 1},
              NEXT,
              {"kind": "deploy", "seat": "azura-badeau", "squad_1": 1, "from_1": "base"})
    fight = {"kind": "conflict", "seat": "azura-badeau", "target": "jin-feng",
             "offence": "stealth", "offence_total": 7, "defence": "combat", "defence_total": 3,
             "target_offence": "diplomacy", "target_offence_total": 4,
             "target_defence": "stealth", "target_defence_total": 2}
    # Azura: 3 Stealth successes − Jin's 1 defence = 2; Jin: 2 Diplomacy − Azura's 1 = 1
    too_many = refused(h, {**fight, "steals": 2, "target_steals": 2})
    assert too_many.field == "target_steals" and "1 success after" in too_many.detail
    h.append(parse_event({**fight, "steals": 2, "target_steals": 1}))
    # Stealth steals Funding, Diplomacy Corruption (Conflict effects)
    jin, azura = h.state.seat("jin-feng").purse, h.state.seat("azura-badeau").purse
    assert (jin.funding, jin.corruption, azura.funding, azura.corruption) == (3, 1, 3, 0)
    assert line(h) == ("Azura Badeau attacks Jin Feng in a Conflict: Azura Badeau takes 2 "
                       "Resources, Jin Feng takes 1 Resource")
    again = refused(h, {**fight, "steals": 0, "target_steals": 0})
    assert "once per Phase" in again.detail and again.rule == "conflict-resolution"


def test_a_calculators_refusal_names_this_events_own_field():
    h = table(CUTTHROAT, NEXT, *DEPLOY, {"kind": "deploy", "seat": "azura-badeau",
                                         "squad_1": 1, "from_1": "base"})
    same = refused(h, {"kind": "conflict", "seat": "azura-badeau", "target": "jin-feng",
                       "offence": "stealth", "offence_total": 7, "defence": "stealth",
                       "defence_total": 3, "target_offence": "diplomacy",
                       "target_offence_total": 4, "target_defence": "combat",
                       "target_defence_total": 2})
    assert same.field == "defence" and "must differ" in same.detail
    unknown = refused(h, {"kind": "mission", "seat": "jin-feng", "mission": "resource",
                          "title": "Nowhere", "combat": 3})
    assert unknown.field == "title" and "type the requirements" not in unknown.detail


def test_a_ledger_session_keeps_no_round_and_a_new_one_does():
    ledger = table({**CUTTHROAT, "rounds": False},
                   {"kind": "objective", "seat": "jin-feng", "objective": "side-job", "vp": 2})
    assert "stage" not in view(ledger)
    refusal = refused(ledger, NEXT)
    assert "plain ledger" in refusal.detail
    saved = parse_setup({**CUTTHROAT, "seats": [{**s, "id": f"s{i}"} for i, s in
                                                 enumerate(CUTTHROAT["seats"])]})
    assert saved.rounds is False  # stored before the rounds: folds as it was recorded
    assert parse_setup(CUTTHROAT).rounds is True
    assert parse_setup({**saved.to_json()}).rounds is False
