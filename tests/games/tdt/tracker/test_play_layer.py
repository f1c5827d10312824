"""Issue 41 for Tomorrow Dies Today: the play layer. Each test plays a table to a reachable
state and shows the referee refusing what a rule forbids there, naming the rule entry (the
README's coverage map names these tests), and recording what the rules allow: Resources by
kind, Squads, Staging Markers, Spoils, Agents, High Alert, turns from the Team Leader,
exchanges, tithes, Requisition, Plotting, Directives and their Goodman reward."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED

from .kit import TRACKER, History, parse_event, parse_setup

CUTTHROAT = {"mode": "cutthroat", "tech": 2, "team_leader": "azura-badeau", "seats": [
    {"goodman": True, "player": "Gil"}, {"henchman": "Azura Badeau", "player": "Ana"},
    {"henchman": "Jin Feng", "player": "Jo"}, {"henchman": "Boris Myasneek", "player": "Bo"}]}
SYNDICATE = {"mode": "syndicate", "tech": 1, "team_leader": "azura-badeau", "seats": [
    {"henchman": "Azura Badeau"}, {"henchman": "Jin Feng"}]}
MAYHEM = {"mode": "mayhem", "tech": 1, "team_leader": "azura-badeau", "seats": [
    {"henchman": "Azura Badeau", "team": "Red"}, {"henchman": "Jin Feng", "team": "Red"},
    {"henchman": "Boris Myasneek", "team": "Blue"},
    {"henchman": "Cassandra O'Shea", "team": "Blue"}]}
NEXT = {"kind": "next"}
AZURA, JIN, BORIS, GOODMAN = "azura-badeau", "jin-feng", "boris-myasneek", "goodman"
RULES = find_game("tdt").rules


def table(setup: dict[str, Any], *events: dict[str, Any]) -> Any:
    history = History(parse_setup(setup))
    for event in events:
        history.append(parse_event(event))
    return history


def add(history: Any, *events: dict[str, Any]) -> Any:
    for event in events:
        history.append(parse_event(event))
    return history


def refused(history: Any, event: dict[str, Any], rule: str, field: str | None = None
            ) -> InvalidInput:
    """The event is refused here, naming `rule` (an entry of the rules reference), and the
    history is as it was."""
    before = (history.version, history.state)
    with pytest.raises(InvalidInput) as caught:
        history.append(parse_event(event))
    assert (history.version, history.state) == before, "a refusal changes nothing"
    assert caught.value.rule == rule, caught.value.detail
    assert rule in RULES
    assert "rule " not in caught.value.detail.split("What can be done now")[0]
    if field is not None:
        assert caught.value.field == field
    return caught.value


def line(history: Any) -> str:
    names = {s.id: s.name for s in history.setup.seats}
    return TRACKER.describe(history.event_at(history.version), names, SHARED)


def view(history: Any) -> dict[str, Any]:
    return TRACKER.state_json(history.setup, history.state, SHARED)


def passes(*seats: str) -> list[dict[str, Any]]:
    return [{"kind": "pass", "seat": s} for s in seats]


def squads(seat: str, *sizes: int, named_in: int = 1) -> dict[str, Any]:
    return {"kind": "squads", "seat": seat, **{f"size_{n}": s for n, s in
                                               enumerate(sizes, 1)}, "named_in": named_in}


def deploy(seat: str, **squads_: Any) -> dict[str, Any]:
    return {"kind": "deploy", "seat": seat, **(squads_ or {"squad_1": 1, "from_1": "base"})}


def fight(seat: str, target: str, **more: Any) -> dict[str, Any]:
    return {"kind": "conflict", "seat": seat, "target": target, "offence": "stealth",
            "offence_total": 6, "defence": "combat", "defence_total": 0,
            "target_offence": "combat", "target_offence_total": 0,
            "target_defence": "cunning", "target_defence_total": 0, **more}


ARMS = {"kind": "mission", "mission": "resource", "title": "Arms Dealing", "combat": 3,
        "stealth": 1, "cunning": 1, "diplomacy": 1}


# --- the finding: a Conflict or a mission by a seat that funded no Deployment --------

def test_a_conflict_needs_a_deployment_funded_this_phase():
    h = table(CUTTHROAT, NEXT)
    refusal = refused(h, fight(AZURA, JIN), "deploy-squads", "seat")
    assert "funded no Deployment this Phase" in refusal.detail
    add(h, deploy(AZURA), fight(AZURA, JIN))  # once deployed, the attack stands
    assert line(h).startswith("Azura Badeau attacks Jin Feng in a Conflict")
    add(h, NEXT)  # Phase 2: the Deployment was last Phase's
    refused(h, fight(JIN, AZURA), "deploy-squads", "seat")


def test_a_mission_needs_a_deployment_funded_this_phase():
    h = table(CUTTHROAT, NEXT)
    refusal = refused(h, {**ARMS, "seat": JIN}, "deploy-squads", "seat")
    assert "sit Idle" in refusal.detail
    add(h, deploy(JIN), {**ARMS, "seat": JIN})
    assert "arms dealing" in h.state.missions


def test_a_conflict_is_started_once_a_phase():
    h = table(CUTTHROAT, NEXT, deploy(AZURA), fight(AZURA, JIN))
    refused(h, fight(AZURA, BORIS), "conflict-resolution", "seat")


# --- Resources by kind -----------------------------------------------------------------------

def test_a_price_in_one_resource_is_not_paid_with_another():
    h = table(CUTTHROAT, {"kind": "resources", "seat": JIN, "funding": 9},
              *passes(AZURA))
    refusal = refused(h, {"kind": "gadget", "seat": JIN}, "build-gadgets", "seat")
    assert "costs 2 Data Cache" in refusal.detail and "0 Data Cache" in refusal.detail
    add(h, {"kind": "resources", "seat": JIN, "data_cache": 2}, {"kind": "gadget", "seat": JIN})
    jin = h.state.seat(JIN).purse
    assert (jin.funding, jin.data_cache) == (9, 0)
    assert view(h)["seats"][2]["resource_line"] == "9 Funding"


def test_a_count_without_kinds_is_kept_apart_and_pays_any_price():
    """A table that does not sort its Resources by kind is not blocked (an older table's
    count, Goodman's "Any Resources")."""
    h = table(CUTTHROAT, {"kind": "resources", "seat": JIN, "count": 3}, *passes(AZURA),
              {"kind": "gadget", "seat": JIN})
    assert h.state.seat(JIN).purse.unsorted == 1
    assert line(h) == "Jin Feng builds a Gadget: pays 2 Data Cache, Technology Track to 3"
    refused(table(CUTTHROAT), {"kind": "resources", "seat": JIN}, "resources", "funding")


# --- Scheming: Coordination in turns ---------------------------------------------------------

def test_coordination_goes_round_from_the_team_leader_one_action_a_turn():
    h = table(CUTTHROAT, {"kind": "resources", "seat": JIN, "data_cache": 9})
    refusal = refused(h, {"kind": "gadget", "seat": JIN}, "coordination", "seat")
    assert "It is Azura Badeau's turn in Coordination" in refusal.detail
    add(h, squads(AZURA, 1))
    assert view(h)["now"] == "Round 1 · Scheming · Coordination: Jin Feng's turn"
    refused(h, squads(AZURA, 1, 1, named_in=1), "coordination")  # two in a row: no
    add(h, {"kind": "gadget", "seat": JIN}, *passes(BORIS, GOODMAN, AZURA))
    add(h, {"kind": "gadget", "seat": JIN})  # round again: Jin's next action


def test_coordination_is_over_once_everyone_passes_in_a_row():
    h = table(CUTTHROAT, *passes(AZURA, JIN, BORIS, GOODMAN))
    refusal = refused(h, {"kind": "plot", "seat": AZURA}, "coordination")
    assert "everyone has had their turn" in refusal.detail
    add(h, {"kind": "staging", "seat": AZURA})


def test_requisition_is_goodmans_at_one_infamy_each():
    h = table(CUTTHROAT, *passes(AZURA, JIN, BORIS))
    refused(h, {"kind": "requisition", "seat": JIN, "resource": "funding", "count": 1},
            "requisition-resources", "seat")
    add(h, {"kind": "resources", "seat": GOODMAN, "infamy": 3, "count": 3})
    refusal = refused(h, {"kind": "requisition", "seat": GOODMAN, "resource": "funding",
                          "count": 4}, "requisition-resources", "count")
    assert "costs 4 Infamy" in refusal.detail
    add(h, {"kind": "requisition", "seat": GOODMAN, "resource": "espionage", "count": 3})
    goodman = h.state.seat(GOODMAN).purse
    assert (goodman.infamy, goodman.espionage) == (0, 3)
    assert line(h) == "General Goodman requisitions 3 Espionage for 3 Infamy"


def test_requisition_rates_in_syndicate_and_mayhem():
    syn = table(SYNDICATE, {"kind": "resources", "seat": AZURA, "infamy": 6})
    add(syn, {"kind": "requisition", "seat": AZURA, "resource": "funding", "count": 2})
    assert syn.state.seat(AZURA).purse.infamy == 0  # the Team Leader pays 3 a Resource
    refused(syn, {"kind": "requisition", "seat": JIN, "resource": "funding", "count": 1},
            "requisition-resources", "seat")
    may = table(MAYHEM, {"kind": "resources", "seat": AZURA, "infamy": 2},
                {"kind": "resources", "seat": "boris-myasneek", "infamy": 3},
                {"kind": "vp", "seat": "boris-myasneek", "amount": 2})
    add(may, {"kind": "requisition", "seat": AZURA, "resource": "funding", "count": 1})
    assert may.state.seat(AZURA).purse.infamy == 0  # the Team Leader at 2
    add(may, {"kind": "requisition", "seat": BORIS, "resource": "corruption", "count": 1,
              "faceless": 2})
    boris = may.state.seat(BORIS)
    assert (boris.purse.infamy, boris.purse.corruption, boris.vp_other) == (0, 1, 0)
    refused(table(CUTTHROAT, *passes(AZURA, JIN, BORIS)),
            {"kind": "requisition", "seat": GOODMAN, "resource": "funding", "count": 0,
             "faceless": 1}, "requisition-resources", "faceless")


def test_goodman_reassigns_the_team_leader_for_one_infamy():
    h = table(CUTTHROAT, {"kind": "resources", "seat": GOODMAN, "infamy": 0, "count": 0})
    refusal = refused(h, {"kind": "team-leader", "seat": JIN, "reassign": True},
                      "requisition-resources", "reassign")
    assert "costs 1 Infamy" in refusal.detail
    add(h, {"kind": "resources", "seat": GOODMAN, "infamy": 1},
        {"kind": "team-leader", "seat": JIN, "reassign": True})
    assert h.state.team_leader == JIN
    assert line(h) == "General Goodman hands the Team Leader token to Jin Feng for 1 Infamy"


def test_plotting_is_paid_in_espionage():
    h = table(CUTTHROAT, {"kind": "high-alert", "tile": "Arms Dealing", "to": 2})
    refusal = refused(h, {"kind": "plot", "seat": AZURA, "option": "side-jobs"}, "plotting")
    assert "costs 1 Espionage" in refusal.detail
    add(h, {"kind": "resources", "seat": AZURA, "espionage": 5},
        {"kind": "plot", "seat": AZURA, "option": "remove-resource-mission",
         "tile": "Arms Dealing", "occupied": True})
    # 2, +1 Occupied, +2 High Alert tokens on the tile (Plotting costs)
    assert h.state.seat(AZURA).purse.espionage == 0 and h.state.spoils("Arms Dealing") == 0
    add(h, *passes(JIN, BORIS, GOODMAN))
    refused(h, {"kind": "plot", "seat": AZURA, "option": "side-jobs", "occupied": True},
            "plotting-costs", "occupied")


def test_the_first_doomsday_flip_puts_high_alert_on_the_cia_hq():
    h = table(CUTTHROAT, {"kind": "resources", "seat": AZURA, "espionage": 2},
              {"kind": "plot", "seat": AZURA, "option": "reveal-doomsday-mission"})
    assert h.state.alert == (1, 1)
    add(h, *passes(JIN, BORIS, GOODMAN),
        {"kind": "plot", "seat": AZURA, "option": "reveal-doomsday-mission"})
    assert h.state.alert == (1, 1)


def test_a_gadget_needs_one_in_rnd_and_the_named_henchman_at_base():
    h = table(CUTTHROAT, *({"kind": "resources", "seat": s, "data_cache": 20}
                           for s in (AZURA, JIN, BORIS)))
    add(h, {"kind": "gadget", "seat": AZURA}, {"kind": "gadget", "seat": JIN},
        {"kind": "gadget", "seat": BORIS}, *passes(GOODMAN))
    assert h.state.rnd == 0
    refusal = refused(h, {"kind": "gadget", "seat": AZURA}, "build-gadgets", "kind")
    assert "R&D holds no Gadget" in refusal.detail
    h = table(CUTTHROAT, {"kind": "resources", "seat": AZURA, "data_cache": 9}, squads(AZURA, 1),
              *passes(JIN, BORIS, GOODMAN), {"kind": "staging", "seat": AZURA}, NEXT,
              deploy(AZURA, squad_1=1), NEXT, NEXT, NEXT, NEXT)
    # Round 2: Azura's Squad (with her) is still out on the War Map
    refused(h, {"kind": "gadget", "seat": AZURA}, "build-gadgets", "seat")


def test_squads_are_formed_at_base_up_to_six_from_the_henchmen_there():
    h = table(CUTTHROAT, {"kind": "henchmen", "seat": AZURA, "count": 3})
    refusal = refused(h, squads(AZURA, 4, 2), "commit-squads", "size_1")
    assert "3 Faceless Henchmen at the Base" in refusal.detail
    add(h, squads(AZURA, 3, 1))  # 3 = the Named Henchman + 2; 1 more: all 3 Faceless
    assert h.state.seat(AZURA).faceless == 0
    assert view(h)["seats"][1]["squad_line"] == ("Squad 1: 3 with the Named Henchman at "
                                                 "Base; Squad 2: 1 at Base")
    add(h, *passes(JIN, BORIS, GOODMAN), {"kind": "staging", "seat": AZURA},
        {"kind": "resources", "seat": AZURA, "funding": 1}, NEXT,
        deploy(AZURA, squad_1=3, squad_2=1), NEXT, NEXT, NEXT, NEXT)
    # Round 2: Squad 1 is out on a tile: it is not re-formed there
    refused(h, squads(AZURA, 2, 1), "commit-squads", "size_1")
    add(h, squads(AZURA, 2, 1, named_in=1) | {"correction": True})  # a correction may


def test_staging_markers_five_numbered_or_blank_placed_once_a_round():
    h = table(CUTTHROAT)
    refused(h, {"kind": "staging", "seat": AZURA, "blanks": 1}, "place-staging-markers",
            "blanks")
    add(h, {"kind": "staging", "seat": AZURA, "phase_2": False, "tile_1": "Arms Dealing"})
    assert view(h)["seats"][1]["marker_line"] == ("Staging Markers: Phase 1 (Arms Dealing), "
                                                  "Phase 3")
    refused(h, {"kind": "staging", "seat": AZURA}, "place-staging-markers", "seat")
    syn = table(SYNDICATE)
    refused(syn, {"kind": "staging", "seat": JIN, "blanks": 2}, "place-staging-markers")
    add(syn, {"kind": "staging", "seat": JIN})  # three markers: 1, 2 and 3


def test_the_actions_of_a_stage_come_in_order():
    h = table(CUTTHROAT, {"kind": "staging", "seat": JIN})
    refusal = refused(h, squads(AZURA, 1), "commit-squads")
    assert "Coordination, which is over" in refusal.detail


# --- Villainy --------------------------------------------------------------------------------

def test_a_seat_deploys_only_in_a_phase_it_placed_a_marker_for():
    h = table(CUTTHROAT, {"kind": "staging", "seat": JIN, "phase_1": False}, NEXT)
    refused(h, deploy(JIN), "villainy-phases", "seat")
    add(h, {"kind": "pass", "seat": JIN}, NEXT, deploy(JIN))


def test_a_seat_with_a_marker_and_a_squad_must_deploy():
    h = table(CUTTHROAT, squads(AZURA, 1), *passes(JIN, BORIS, GOODMAN),
              {"kind": "staging", "seat": AZURA}, NEXT)
    refusal = refused(h, NEXT, "must-deploy", "kind")
    assert "Azura Badeau has a Staging Marker for Phase 1" in refusal.detail
    refused(h, {"kind": "pass", "seat": AZURA}, "must-deploy", "seat")
    add(h, deploy(AZURA, squad_1=1), NEXT)  # free from Base (the discount)
    assert h.state.phase == 2
    # Phase 2: the Squad is out and Azura has no Funding: the Deployment fails (a pass)
    add(h, {"kind": "pass", "seat": AZURA}, NEXT)


def test_no_deployment_once_missions_are_being_completed():
    h = table(CUTTHROAT, NEXT, deploy(JIN), {**ARMS, "seat": JIN})
    refused(h, deploy(AZURA), "fund-deployment", "kind")


def test_a_deployment_pays_funding_and_moves_the_squads_to_the_marker():
    h = table(CUTTHROAT, {"kind": "henchmen", "seat": JIN, "count": 5},
              *passes(AZURA), squads(JIN, 2, 4), *passes(BORIS, GOODMAN),
              {"kind": "staging", "seat": JIN, "tile_1": "Murder Inc"},
              {"kind": "resources", "seat": JIN, "funding": 2}, NEXT)
    refused(h, deploy(JIN, squad_1=2, squad_2=3), "commit-squads", "squad_2")
    add(h, deploy(JIN, squad_1=2, squad_2=4))  # 1 + 2 − 1 (from Base) = 2
    jin = h.state.seat(JIN)
    assert jin.purse.funding == 0
    assert [s.at for s in jin.squads] == ["Murder Inc", "Murder Inc", "Base"]
    assert line(h) == "Jin Feng deploys 2 Squads (2, 4 henchmen) to Murder Inc: pays 2 Funding"


def test_a_conflict_steals_by_kind_and_a_named_henchman_sent_home_loses_all_of_one():
    h = table(CUTTHROAT, {"kind": "resources", "seat": JIN, "funding": 3, "infamy": 4},
              squads(AZURA, 1), *passes(JIN), NEXT, deploy(AZURA, squad_1=1))
    refused(h, fight(AZURA, JIN, steals=3, claim="infamy"), "conflict-resolution", "steals")
    add(h, fight(AZURA, JIN, steals=2, claim="infamy"))  # 3 successes: 2 thefts + 1 hit
    jin, azura = h.state.seat(JIN).purse, h.state.seat(AZURA).purse
    assert (jin.funding, jin.infamy, azura.funding, azura.infamy) == (1, 0, 2, 4)
    assert line(h) == ("Azura Badeau attacks Jin Feng in a Conflict: Azura Badeau takes 6 "
                       "Resources, Jin Feng takes 0 Resources")
    h2 = table(CUTTHROAT, NEXT, deploy(AZURA))
    refused(h2, fight(AZURA, JIN, offence="combat", defence="stealth", steals=1),
            "conflict-effects", "steals")


def test_spoils_once_a_tile_a_phase_never_the_phase_it_was_completed():
    h = table(CUTTHROAT, NEXT, deploy(JIN), deploy(AZURA), {**ARMS, "seat": JIN})
    add(h, NEXT, deploy(JIN), deploy(AZURA))
    add(h, {"kind": "spoils", "seat": JIN, "tile": "Arms Dealing"})
    refused(h, {"kind": "spoils", "seat": AZURA, "tile": "Arms Dealing"}, "generate-spoils",
            "tile")
    refused(h, {"kind": "spoils", "seat": AZURA, "action": "collect", "tile": "Arms Dealing",
                "count": 2}, "collect-spoils", "count")
    add(h, {"kind": "spoils", "seat": AZURA, "action": "collect", "tile": "Arms Dealing",
            "resource": "funding"})
    assert h.state.spoils("Arms Dealing") == 0 and h.state.seat(AZURA).purse.funding == 1
    refused(h, {"kind": "spoils", "seat": BORIS, "tile": "Arms Dealing", "affinity": False},
            "idle-squads", "seat")
    h = table(CUTTHROAT, NEXT, deploy(JIN), {**ARMS, "seat": JIN},
              {"kind": "resources", "seat": JIN, "count": 0})
    refused(h, {"kind": "spoils", "seat": JIN, "tile": "Arms Dealing"}, "generate-spoils",
            "kind")  # the Phase has moved on to Complete Missions


def test_the_betrayer_collects_spoils_but_does_not_generate_them():
    h = table(CUTTHROAT, {"kind": "vp", "seat": AZURA, "amount": 1}, NEXT, NEXT, NEXT, NEXT,
              {"kind": "betrayal", "seat": JIN}, NEXT, NEXT, deploy(JIN))
    refused(h, {"kind": "spoils", "seat": JIN, "tile": "Arms Dealing"}, "betrayer-powers",
            "seat")


def test_an_agent_on_the_tile_adds_its_hq_requirements_unless_bought_off():
    h = table(CUTTHROAT, NEXT, {"kind": "agent", "agent": "interpol", "tile": "Arms Dealing"},
              deploy(JIN))
    refusal = refused(h, {**ARMS, "seat": JIN}, "complete-missions", "combat")
    assert "short" in refusal.detail  # Interpol adds 1/2/2/1
    refused(h, {"kind": "bribe", "seat": JIN, "agent": "interpol"}, "agent-arrival", "seat")
    add(h, {"kind": "resources", "seat": JIN, "corruption": 2},
        {"kind": "bribe", "seat": JIN, "agent": "interpol"})  # 0 on the tile + 1 on its HQ
    assert h.state.seat(JIN).purse.corruption == 1
    add(h, {**ARMS, "seat": JIN})
    refused(h, {"kind": "bribe", "seat": JIN, "agent": "cia"}, "agent-arrival", "agent")


def test_corrupting_an_agency_and_an_hq_mission():
    h = table(CUTTHROAT, NEXT, deploy(JIN), {"kind": "resources", "seat": JIN, "corruption": 3})
    add(h, {"kind": "corrupt-agency", "seat": JIN, "agent": "interpol",
            "option": "take-doomsday-mission"})  # twice the HQ's 1 token, at least 2
    assert h.state.seat(JIN).purse.corruption == 1 and h.state.seat(JIN).tiles == 1
    refused(h, {"kind": "corrupt-agency", "seat": JIN, "agent": "cia",
                "option": "remove-alert"}, "corrupt-agency", "option")
    add(h, {"kind": "mission", "seat": JIN, "mission": "hq", "title": "Interpol HQ",
            "combat": 1, "stealth": 2, "cunning": 2, "diplomacy": 1, "reward_resources": 1,
            "reward_resource": "infamy"})
    assert h.state.alert == (0, 2)  # the HQ mission adds a High Alert token
    assert h.state.seat(JIN).purse.infamy == 1
    refused(table(CUTTHROAT, NEXT), {"kind": "corrupt-agency", "seat": JIN, "agent": "cia",
                                     "option": "add-alert"}, "deploy-squads", "seat")


def test_damage_comes_off_a_squad_and_an_agent_takes_a_named_henchmans_infamy():
    h = table(CUTTHROAT, {"kind": "henchmen", "seat": AZURA, "count": 2}, squads(AZURA, 3),
              {"kind": "resources", "seat": AZURA, "infamy": 4})
    refused(h, {"kind": "damage", "seat": AZURA, "squad": 2, "faceless": 1}, "damage", "squad")
    refused(h, {"kind": "damage", "seat": AZURA, "squad": 1, "faceless": 3}, "damage",
            "faceless")
    add(h, {"kind": "damage", "seat": AZURA, "squad": 1, "faceless": 1, "named": True,
            "agent": True})
    azura = h.state.seat(AZURA)
    assert azura.squads[0].size == 1 and not azura.squads[0].named and azura.purse.infamy == 0
    assert line(h) == ("Azura Badeau's Squad 1 takes damage by an Agent: 1 Faceless Henchman "
                       "to the World, the Named Henchman home to Base, losing all Infamy")


def test_exchanges_between_players():
    h = table(CUTTHROAT, {"kind": "resources", "seat": JIN, "funding": 2})
    refused(h, {"kind": "exchange", "seat": JIN, "target": AZURA, "item": "funding",
                "count": 3}, "exchanges", "count")
    refused(h, {"kind": "exchange", "seat": JIN, "target": GOODMAN, "item": "funding"},
            "tithe-to-goodman", "target")
    add(h, {"kind": "exchange", "seat": JIN, "target": AZURA, "item": "funding", "count": 2},
        {"kind": "exchange", "seat": GOODMAN, "target": AZURA, "item": "henchman",
         "count": 2})  # Goodman hands out his Faceless Henchmen at his Requisition
    assert h.state.seat(AZURA).purse.funding == 2 and h.state.seat(AZURA).faceless == 2
    assert line(h) == "General Goodman gives Azura Badeau 2 Faceless Henchmen"
    add(h, NEXT)
    refused(h, {"kind": "exchange", "seat": GOODMAN, "target": AZURA, "item": "vp"},
            "requisition-resources", "seat")


# --- Monologuing -----------------------------------------------------------------------------

TO_MONOLOGUING = [NEXT] * 4


def test_the_tithe_goes_round_once_from_the_left_of_the_team_leader():
    h = table(CUTTHROAT, {"kind": "resources", "seat": AZURA, "infamy": 2}, *TO_MONOLOGUING,
              {"kind": "tithe", "seat": BORIS, "item": "infamy", "count": 0})
    refusal = refused(h, {"kind": "tithe", "seat": JIN, "item": "infamy", "count": 0},
                      "tithe-to-goodman", "seat")
    assert "has gone by" in refusal.detail
    add(h, {"kind": "tithe", "seat": AZURA, "item": "infamy", "count": 2})
    assert h.state.seat(GOODMAN).purse.infamy == 2
    refused(table(MAYHEM, *TO_MONOLOGUING), {"kind": "tithe", "seat": JIN},
            "tithe-to-goodman", "kind")
    syn = table(SYNDICATE, {"kind": "resources", "seat": JIN, "funding": 2}, *TO_MONOLOGUING,
                {"kind": "tithe", "seat": JIN, "item": "funding", "count": 2})
    assert syn.state.communal.funding == 2  # into the Communal Vault


def test_a_henchman_tithes_from_the_base():
    h = table(CUTTHROAT, squads(AZURA, 1), *passes(JIN, BORIS, GOODMAN),
              {"kind": "staging", "seat": AZURA}, NEXT, deploy(AZURA, squad_1=1),
              NEXT, {"kind": "pass", "seat": AZURA}, NEXT, {"kind": "pass", "seat": AZURA},
              NEXT)
    refused(h, {"kind": "tithe", "seat": AZURA, "item": "infamy", "count": 0},
            "tithe-to-goodman", "seat")
    add(h, {"kind": "recall", "seat": AZURA},
        {"kind": "tithe", "seat": AZURA, "item": "infamy", "count": 0})


def test_directives_are_claimed_in_turns_once_each_and_goodman_takes_his_reward():
    h = table(CUTTHROAT, *TO_MONOLOGUING)
    directive = {"kind": "objective", "objective": "directive", "vp": 2}
    refused(h, {**directive, "seat": JIN}, "goodman-directives-claiming", "seat")
    add(h, {**directive, "seat": AZURA, "title": "Show of Force", "goodman_reward": 2,
            "goodman_item": "infamy"})
    assert h.state.seat(GOODMAN).purse.infamy == 2 and h.state.directives == 2
    assert line(h) == ("Azura Badeau claims a Goodman Directive 'Show of Force': +2 VP; "
                       "Goodman's reward: 2 Infamy")
    refused(h, {**directive, "seat": AZURA}, "goodman-directives-claiming", "seat")
    refused(h, {**directive, "seat": JIN, "title": "show of force"},
            "goodman-directives-claiming", "title")
    add(h, {**directive, "seat": JIN}, {**directive, "seat": BORIS})
    assert h.state.directives == 0
    refusal = refused(h, {**directive, "seat": AZURA}, "goodman-directive", "objective")
    assert "No Goodman Directive is face up" in refusal.detail
    add(h, *passes(AZURA, JIN, BORIS))
    assert "everyone has had their turn" in view(h)["now"]


def test_side_jobs_are_claimed_round_the_table_from_the_team_leader():
    h = table(CUTTHROAT, *TO_MONOLOGUING)
    job = {"kind": "objective", "objective": "side-job", "vp": 1}
    add(h, {**job, "seat": JIN}, {**job, "seat": JIN})  # Azura let her turn go by
    refused(h, {**job, "seat": AZURA}, "side-jobs-claiming", "seat")
    refused(h, {"kind": "objective", "seat": BORIS, "objective": "directive", "vp": 1},
            "goodman-directives-claiming", "objective")  # Directives came first


def test_goodmans_plotting_options_cost_him_one_each():
    h = table(CUTTHROAT, *TO_MONOLOGUING, {"kind": "resources", "seat": GOODMAN, "infamy": 1,
                                           "count": 1})
    refused(h, {"kind": "goodman-plot", "seat": JIN, "option": "draw-gadgets"},
            "goodman-plotting-cutthroat", "seat")
    add(h, {"kind": "goodman-plot", "seat": GOODMAN, "option": "draw-gadgets"})
    assert h.state.rnd == 5  # up to two into R&D
    refused(h, {"kind": "goodman-plot", "seat": GOODMAN, "option": "draw-side-jobs"},
            "goodman-plotting-cutthroat", "seat")
    refused(h, {"kind": "goodman-plot", "seat": GOODMAN, "option": "draw-gadgets",
                "placed": 3}, "goodman-plotting-cutthroat", "placed")
    syn = table(SYNDICATE, {"kind": "resources", "seat": AZURA, "infamy": 1}, *TO_MONOLOGUING)
    refused(syn, {"kind": "goodman-plot", "seat": JIN, "option": "swap-inactive"},
            "plotting-syndicate-mayhem", "seat")
    add(syn, {"kind": "goodman-plot", "seat": AZURA, "option": "swap-inactive"})
    refused(table(MAYHEM, *TO_MONOLOGUING), {"kind": "goodman-plot", "seat": AZURA},
            "plotting-syndicate-mayhem", "kind")


def test_the_betrayer_flips_a_global_event_for_five_infamy():
    setup = {**CUTTHROAT, "global_events": True}
    h = table(setup, {"kind": "vp", "seat": AZURA, "amount": 1}, *TO_MONOLOGUING,
              {"kind": "betrayal", "seat": JIN, "resource": "infamy"})
    refused(h, {"kind": "global-event", "seat": AZURA}, "betrayer-powers", "seat")
    refused(h, {"kind": "global-event", "seat": JIN}, "betrayer-powers", "seat")
    add(h, {"kind": "resources", "seat": JIN, "infamy": 5}, {"kind": "global-event",
                                                             "seat": JIN})
    assert h.state.global_events == 1 and h.state.seat(JIN).purse.infamy == 0


def test_goodman_awards_vp_from_the_vp_he_holds():
    h = table(CUTTHROAT)  # three Named Henchmen: Goodman starts with 2 VP
    assert h.state.seat(GOODMAN).vp_other == 2
    refused(h, {"kind": "vp", "seat": GOODMAN, "amount": 1, "source": "goodman"},
            "goodman-awards-vp", "seat")
    add(h, {"kind": "vp", "seat": JIN, "amount": 1, "source": "goodman"})
    assert h.state.seat(GOODMAN).vp_other == 1
    add(h, {"kind": "vp", "seat": AZURA, "amount": 3, "source": "goodman"})  # not refused:
    assert h.state.seat(GOODMAN).vp_other == 0  # a reward not recorded may be missing


def test_the_team_leader_takes_from_the_communal_vault():
    h = table(SYNDICATE, {"kind": "resources", "seat": JIN, "funding": 1}, *TO_MONOLOGUING,
              {"kind": "tithe", "seat": JIN, "item": "funding", "count": 1}, NEXT)
    refused(h, {"kind": "withdraw", "seat": AZURA, "resource": "funding", "count": 2},
            "syndicate-communal-vault", "count")
    add(h, {"kind": "withdraw", "seat": AZURA, "resource": "funding", "count": 1})
    assert h.state.seat(AZURA).purse.funding == 1 and h.state.communal.funding == 0
    refused(table(CUTTHROAT), {"kind": "withdraw", "seat": JIN}, "syndicate-communal-vault",
            "kind")


def test_a_pass_outside_a_step_played_in_turns_is_refused():
    h = table(CUTTHROAT, *TO_MONOLOGUING, {"kind": "objective", "seat": JIN,
                                           "objective": "side-job", "vp": 1})
    refused(h, {"kind": "pass", "seat": BORIS}, "turn-order", "kind")


# --- who may act at all ----------------------------------------------------------------------

def test_general_goodman_has_no_miniature_on_the_war_map():
    h = table(CUTTHROAT, {"kind": "staging", "seat": JIN}, NEXT)
    refused(h, deploy(GOODMAN), "goodman-role", "seat")
    refused(h, {"kind": "trigger", "seat": GOODMAN, "trigger": 2}, "betrayal-triggers", "seat")


def test_mayhem_turns_alternate_between_the_teams():
    h = table(MAYHEM, *passes(AZURA))  # Red's Team Leader, then Blue, then Red again
    refused(h, {"kind": "pass", "seat": JIN}, "coordination", "seat")
    add(h, *passes(BORIS, JIN, "cassandra-o-shea"))
    assert [s for s in h.state.turn.order] == [AZURA, BORIS, JIN, "cassandra-o-shea"]


def test_monologuing_goes_recall_tithe_directives_side_jobs_plotting():
    h = table(CUTTHROAT, *TO_MONOLOGUING, {"kind": "tithe", "seat": JIN, "count": 0})
    refused(h, {"kind": "recall", "seat": JIN}, "voluntary-recall", "kind")
    add(h, {"kind": "resources", "seat": GOODMAN, "infamy": 1},
        {"kind": "goodman-plot", "seat": GOODMAN, "option": "draw-gadgets"})
    refused(h, {"kind": "objective", "seat": JIN, "objective": "side-job", "vp": 1},
            "side-jobs-claiming", "objective")


def test_syndicate_and_mayhem_have_no_betrayal_and_no_disloyal_jobs():
    for setup in (SYNDICATE, MAYHEM):
        h = table(setup, {"kind": "vp", "seat": AZURA, "amount": 1}, *TO_MONOLOGUING)
        refused(h, {"kind": "betrayal", "seat": JIN}, "betrayal-eligibility", "kind")
        refused(h, {"kind": "objective", "seat": JIN, "objective": "disloyal-side-job",
                    "vp": 1}, "disloyal-side-jobs", "objective")


def test_directives_are_for_loyal_henchmen_only():
    h = table(CUTTHROAT, {"kind": "vp", "seat": AZURA, "amount": 1}, *TO_MONOLOGUING,
              {"kind": "betrayal", "seat": JIN}, *passes(BORIS))
    refused(h, {"kind": "objective", "seat": JIN, "objective": "directive", "vp": 1},
            "goodman-directive", "objective")


def test_the_betrayer_coordinates_apart_at_goodmans_rate():
    h = table(CUTTHROAT, {"kind": "vp", "seat": AZURA, "amount": 1}, *TO_MONOLOGUING,
              {"kind": "betrayal", "seat": JIN, "resource": "infamy"}, NEXT,
              {"kind": "resources", "seat": JIN, "infamy": 2})
    # Azura (the Team Leader) has the turn, but the Betrayer acts apart from it
    add(h, {"kind": "requisition", "seat": JIN, "resource": "funding", "count": 2})
    assert h.state.seat(JIN).purse.funding == 2  # 1 Infamy each, from the Bolthole
    refused(h, {"kind": "pass", "seat": JIN}, "coordination", "seat")


def test_the_team_leader_takes_goodmans_reward_where_nobody_plays_him():
    directive = {"kind": "objective", "objective": "directive", "vp": 1, "goodman_reward": 2,
                 "goodman_item": "funding"}
    h = table(SYNDICATE, *TO_MONOLOGUING, {**directive, "seat": AZURA})
    assert h.state.seat(AZURA).purse.funding == 2
    unknown = table({**SYNDICATE, "team_leader": None}, *TO_MONOLOGUING)
    problem = refused(unknown, {**directive, "seat": JIN}, "team-leader", "goodman_reward")
    assert "team-leader" in problem.next  # asked for when first needed


def test_a_table_stored_by_the_earlier_referee_folds_as_it_was_recorded():
    """A session stored by the referee of the rounds (issue 30: its setup names "rounds" and
    its seats' ids, not "play") keeps its stages but not the play layer's turns and counts,
    so its history reads back as recorded."""
    stored = parse_setup({**CUTTHROAT, "rounds": True, "seats": [
        {**s, "id": i} for s, i in zip(CUTTHROAT["seats"], (GOODMAN, AZURA, JIN, BORIS),
                                       strict=True)]})
    assert stored.rounds and not stored.play and stored.to_json()["play"] is False
    h = History(stored)
    add(h, {"kind": "resources", "seat": JIN, "count": 9}, {"kind": "gadget", "seat": JIN},
        {"kind": "gadget", "seat": JIN}, NEXT, {**ARMS, "seat": JIN},
        {"kind": "vp", "seat": AZURA, "amount": 5, "source": "goodman"})
    assert h.state.seat(JIN).gadgets == 2 and "arms dealing" in h.state.missions
    refused(h, {"kind": "gadget", "seat": JIN}, "build-gadgets", "kind")  # still its stages
    assert parse_setup(CUTTHROAT).play is True
