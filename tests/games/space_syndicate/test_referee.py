"""Issue 30's Syndicate cases: the session follows the round's order, works out what the
rulebook settles with the calculators, and scores with its reasons, provisional until the end.
Numbers are the rulebook's (syndicate.txt lines in each test's docstring)."""
from __future__ import annotations

from typing import Any

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import SHARED, History, parse_event

TRACKER = find_game("space-syndicate").tracker
assert TRACKER is not None
NAMES = {"ana": "Ana", "ben": "Ben", "cy": "Cy"}
THREE = {"mode": "standard", "advanced": True, "seats": [
    {"name": "Ana", "credits": 40, "influence": 20, "crew": 20, "assault": 1,
     "racket_credits": 3, "racket_influence": 0, "racket_crew": 3},
    {"name": "Ben", "credits": 40, "influence": 20, "crew": 20, "assault": 0,
     "racket_credits": 2, "racket_influence": 1, "racket_crew": 0},
    {"name": "Cy", "credits": 40, "influence": 20, "crew": 20,
     "racket_credits": 1, "racket_influence": 1, "racket_crew": 1}]}
DUEL = {"mode": "phantom", "seats": [
    {"name": "Ana", "credits": 40, "influence": 20, "crew": 20,
     "racket_credits": 3, "racket_influence": 0, "racket_crew": 3},
    {"name": "Ben", "credits": 40, "influence": 20, "crew": 20,
     "racket_credits": 3, "racket_influence": 0, "racket_crew": 3}]}


def table(setup: dict[str, Any] | None = None) -> History:
    return History(TRACKER, TRACKER.parse_setup(setup or THREE))


def play(h: History, *events: dict[str, Any]) -> dict[str, Any]:
    for e in events:
        h.append(parse_event(TRACKER, e))
    return TRACKER.state_json(h.setup, h.state, SHARED)


def refused(h: History, event: dict[str, Any], *words: str) -> InvalidInput:
    with pytest.raises(InvalidInput) as err:
        h.append(parse_event(TRACKER, event))
    for w in words:
        assert w in err.value.detail, err.value.detail
    assert "What can be done now:" in err.value.detail or "game is over" in err.value.detail
    return err.value


def seat(state: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in state["seats"] if s["id"] == sid)


def last_line(h: History) -> str:
    return str(TRACKER.describe(h.event_at(h.version), NAMES, SHARED))


def to_sovereign(h: History, star: bool = False, **card: Any) -> None:
    """Every remaining turn ended, the Sovereign card drawn (not yet resolved)."""
    while TRACKER.state_json(h.setup, h.state, SHARED)["phase"] == "turns":
        play(h, {"kind": "end-turn"})
    play(h, {"kind": "sovereign-card", "star": star, **card})


def to_collection(h: History, star: bool = False) -> None:
    """Every remaining turn ended, the Sovereign card drawn and resolved (it touched
    nobody)."""
    to_sovereign(h, star)
    play(h, {"kind": "card-resolved"})


def finish_round(h: History, star: bool = False) -> dict[str, Any]:
    to_collection(h, star)
    for s in h.setup.seats:
        if h.state.seats[[x.id for x in h.setup.seats].index(s.id)].collected_round != \
                h.state.round:
            play(h, {"kind": "collect", "seat": s.id})
    return play(h, {"kind": "end-round"})


# --- the end of the game and the score ------------------------------------------------------

def test_the_score_is_provisional_until_the_last_round_is_over():
    """The star card in round 5 makes round 6 the last (syndicate.txt:39, 319, 415; rule
    end-of-game): at the start of round 6, before it is played, the score is provisional."""
    h = table()
    play(h, {"kind": "round", "to": 5})
    finish_round(h, star=True)
    state = play(h, {"kind": "vp", "seat": "ana", "amount": 3, "reason": "an Award"})
    assert state["round"] == 6 and state["last_round"] == 6 and state["phase"] == "turns"
    score = TRACKER.score(h.setup, h.state).to_json()
    assert score["summary"].startswith("Provisional") and score["result"]["final"] is False
    assert not TRACKER.finished(h.setup, h.state) and TRACKER.moves(h.setup, h.state)
    state = finish_round(h)
    assert state["over"] and TRACKER.finished(h.setup, h.state)
    assert TRACKER.moves(h.setup, h.state) == []
    score = TRACKER.score(h.setup, h.state).to_json()
    assert score["result"]["final"] is True and not score["summary"].startswith("Provisional")
    ana = score["result"]["standings"][0]
    # Ana: 40 + 3 + 3 (her mat, twice) ... every seat collected its mat income twice
    assert ana["name"] == "Ana" and ana["rank"] == 1 and ana["winner"]
    assert [s["text"] for s in ana["steps"]] == ["46 credits", "+3 VP from Awards"]
    assert ana["total"] == 49


def test_tied_seats_share_the_place_and_say_why():
    """No tie-break is printed (rule ties): level seats share the place, each told so."""
    h = table()
    score = TRACKER.score(h.setup, h.state).to_json()
    standings = score["result"]["standings"]
    assert [s["rank"] for s in standings] == [1, 1, 1]
    assert "Level with Ben and Cy on 40" in standings[0]["tie"]
    assert "no tie-break" in standings[0]["tie"]


def test_rounds_never_go_past_the_last_round():
    """6 to 8 rounds (syndicate.txt:39, 415); the last follows the star card's round."""
    h = table()
    play(h, {"kind": "round", "to": 5})
    finish_round(h, star=True)
    refused(h, {"kind": "round", "to": 7}, "There is no round 7", "round 6 is the last")
    finish_round(h)
    refused(h, {"kind": "end-round"}, "The game is over")
    refused(h, {"kind": "round", "to": 7}, "Round 6, the last, is over")
    refused(h, {"kind": "end-turn"}, "Round 6, the last, is over")


def test_the_star_card_comes_up_by_round_7():
    """The star card lies 5th to 7th of the Sovereign deck (syndicate.txt:319)."""
    h = table()
    to_collection(h)
    h = table()
    while TRACKER.state_json(h.setup, h.state, SHARED)["phase"] == "turns":
        play(h, {"kind": "end-turn"})
    refused(h, {"kind": "sovereign-card", "star": True}, "not in round 1")
    play(h, {"kind": "round", "to": 7})
    while TRACKER.state_json(h.setup, h.state, SHARED)["phase"] == "turns":
        play(h, {"kind": "end-turn"})
    refused(h, {"kind": "sovereign-card", "star": False}, "round 7's card is the star")
    assert play(h, {"kind": "sovereign-card", "star": True})["last_round"] == 8


# --- the Destroyer ---------------------------------------------------------------------------

def at_max_alert(h: History) -> None:
    play(h, {"kind": "alert", "to": 6}, {"kind": "bases", "seat": "ben", "middle": 1})


def test_only_the_blockaded_base_s_owner_pays_the_destroyer_off():
    """Its owner pays 10 influence, on their turn or in Phase 2 (syndicate.txt:637)."""
    h = table()
    at_max_alert(h)
    play(h, {"kind": "mission", "seat": "ana", "territory": "Goshen", "zone": "middle",
             "owner": "ben", "winning_faces": [6], "roll": 1})
    refused(h, {"kind": "pay-destroyer", "seat": "ana"}, "not Ana's base", "owner")
    refused(h, {"kind": "pay-destroyer", "seat": "ben"}, "on its owner's own turn")
    state = play(h, {"kind": "end-turn"}, {"kind": "pay-destroyer", "seat": "ben"})
    assert state["destroyer"] is None and seat(state, "ben")["influence"] == 10
    assert "Ben pays 10 influence" in last_line(h)


def test_a_failed_mission_at_maximum_alert_brings_the_destroyer():
    """At the maximum the alert stays and (advanced rules) the Destroyer lands on the
    mission's territory, flipping the base there (syndicate.txt:507, 629-635)."""
    h = table()
    at_max_alert(h)
    state = play(h, {"kind": "mission", "seat": "ana", "territory": "Goshen",
                     "zone": "middle", "owner": "ben", "winning_faces": [4, 5, 6], "roll": 2})
    assert state["alert"] == 6 and state["destroyer"] == "Goshen"
    line = last_line(h)
    assert "alert +1" not in line and "the alert stays at its maximum 6" in line
    assert "the Sovereign Destroyer lands on Goshen, flipping Ben's MIDDLE base" in line
    refused(h, {"kind": "mission", "seat": "ana", "zone": "exo", "winning_faces": [6],
                "roll": 1}, "Name the territory")
    # the base under it earns nothing at Resource Collection (syndicate.txt:635)
    to_collection(h)
    state = play(h, {"kind": "collect", "seat": "ben"})
    assert seat(state, "ben")["credits"] == 40 + 2 and seat(state, "ben")["crew"] == 20


def test_the_typed_failed_mission_at_maximum_says_what_happened():
    h = table()
    at_max_alert(h)
    play(h, {"kind": "failed-mission", "territory": "Goshen", "zone": "middle",
             "owner": "ben"})
    line = last_line(h)
    assert line.startswith("(correction)") and "alert +1" not in line
    assert "alert 6 → 6 (already at its maximum)" in line and "placed on Goshen" in line
    assert h.state.destroyer_owner == "ben"
    h = table({**THREE, "advanced": False})
    play(h, {"kind": "alert", "to": 6}, {"kind": "failed-mission", "territory": "X"})
    assert "already at its maximum" in last_line(h) and h.state.destroyer is None


# --- the board's room and the Phantom ---------------------------------------------------------

def test_phantom_bases_take_room_on_the_board():
    """18 territories (syndicate.txt:41, 315); the Phantom starts with 5 bases (676)."""
    h = table(DUEL)
    err = refused(h, {"kind": "bases", "seat": "ana", "exo": 6, "middle": 9},
                  "18 territories", "the Phantom's counted")
    assert err.allowed == "13 bases in all at most"
    play(h, {"kind": "bases", "seat": "ana", "exo": 6, "middle": 7})
    refused(h, {"kind": "bases", "seat": "ben", "inner": 1}, "18 territories")
    refused(h, {"kind": "buy-base", "seat": "ana", "zone": "inner"}, "All 18 territories")


def test_a_phantom_assault_is_its_own():
    """The Phantom assaults on its own turn, third in round 1 (syndicate.txt:675, 680-684)."""
    h = table(DUEL)
    play(h, {"kind": "assault", "seat": "phantom"})
    assert last_line(h).startswith("(correction) The Phantom assaulted")
    play(h, {"kind": "bases", "seat": "ana", "exo": 1})
    refused(h, {"kind": "assault", "seat": "phantom", "target": "ana", "zone": "exo",
                "reinforcements": 1, "roll": 6}, "It is Ana's turn")
    state = play(h, {"kind": "end-turn"}, {"kind": "end-turn"})
    assert state["turn"] == "phantom"
    state = play(h, {"kind": "assault", "seat": "phantom", "target": "ana", "zone": "exo",
                     "reinforcements": 1, "roll": 5})
    assert state["phantom_bases"] == 6 and seat(state, "ana")["exo"] == 0
    assert state["alert"] == 3
    assert last_line(h).startswith("The Phantom assaults Ana's EXO base")
    assert "puts no crew on the ship" in last_line(h)


def test_the_phantom_assaults_with_the_alert_colour_s_force():
    """Yellow 1, orange 2, red 3 reinforcements (syndicate.txt:681-683)."""
    h = table({**DUEL, "orange_from": 3, "red_from": 5})
    play(h, {"kind": "bases", "seat": "ana", "exo": 1}, {"kind": "end-turn"},
         {"kind": "end-turn"})
    refused(h, {"kind": "assault", "seat": "phantom", "target": "ana", "zone": "exo",
                "reinforcements": 2, "roll": 5}, "At yellow alert the Phantom assaults with 1")


# --- Resource Collection: the owner's order ----------------------------------------------------

def test_crew_upkeep_is_paid_in_the_order_the_owner_chooses():
    """MIDDLE 3 crew, INNER 6 crew, paid before each base pays out; what cannot be paid is
    flipped (syndicate.txt:481, 579-583). Ben: 0 racketeering crew, 6 crew held."""
    for order, flipped, crew, credits in (("inner, middle", "MIDDLE base 1", 0, 40 + 2 + 9),
                                          ("middle, inner", "INNER base 1", 3, 40 + 2 + 6)):
        h = table()
        play(h, {"kind": "resources", "seat": "ben", "crew": 6},
             {"kind": "bases", "seat": "ben", "middle": 1, "inner": 1})
        to_collection(h)
        state = play(h, {"kind": "collect", "seat": "ben", "order": order})
        line = last_line(h)
        assert f"{flipped} flipped, crew short" in line, line
        ben = seat(state, "ben")
        assert ben["crew"] == crew and ben["credits"] == credits and ben["flipped"] == 1
    # INNER first: 6 - 6 = 0 crew, its 9 credits; 0 < 3: the MIDDLE is flipped
    # MIDDLE first: 6 - 3 = 3 crew, its 6 credits; 3 < 6: the INNER is flipped


def test_collecting_is_once_a_round_after_the_sovereign_card():
    h = table()
    refused(h, {"kind": "end-turn"} | {"kind": "sovereign-card"}, "Phase 2")
    play(h, {"kind": "end-turn"})
    refused(h, {"kind": "collect", "seat": "ana"}, "once the Sovereign card is drawn and "
            "resolved")
    to_sovereign(h)
    refused(h, {"kind": "collect", "seat": "ana"}, "still to be resolved for Ana, Ben, Cy")
    play(h, {"kind": "card-resolved"})
    play(h, {"kind": "collect", "seat": "ana"})
    refused(h, {"kind": "collect", "seat": "ana"}, "collected this round already")
    refused(h, {"kind": "end-round"}, "Still to collect this round: Ben, Cy")


# --- the calculated events -----------------------------------------------------------------------

def test_a_mission_pays_its_reward_and_its_hired_hands():
    """Goshen: 4, 5 or 6 wins; hiring 1 credit, 2 influence and 2 crew adds 3
    (syndicate.txt:501-503)."""
    h = table()
    state = play(h, {"kind": "mission", "seat": "ana", "territory": "Goshen",
                     "winning_faces": [4, 5, 6], "hired_faces": [3], "hire": True,
                     "hire_credits": 1, "hire_influence": 2, "hire_crew": 2,
                     "reward_credits": 5, "reward_influence": 1, "roll": 3})
    ana = seat(state, "ana")
    assert (ana["credits"], ana["influence"], ana["crew"]) == (44, 19, 18)
    assert ana["dice_armed"] == 1 and state["alert"] == 1
    line = last_line(h)
    assert "rolled 3 (wins on 3, 4, 5, 6)" in line and "Ana receives 5 credits, 1 influence" \
        in line and "paid 1 credit, 2 influence, 2 crew for extra hands" in line
    assert "Working:" in line
    play(h, {"kind": "mission", "seat": "ana", "winning_faces": [6], "roll": 6})
    refused(h, {"kind": "mission", "seat": "ana", "winning_faces": [6], "roll": 6},
            "Both action dice are used")
    refused(h, {"kind": "mission", "seat": "ben", "winning_faces": [6], "roll": 6},
            "It is Ana's turn")


def test_a_cooperative_mission_shares_the_reward():
    """Odd amounts round up for the attempter (syndicate.txt:500)."""
    h = table()
    play(h, {"kind": "bases", "seat": "ben", "exo": 1})
    state = play(h, {"kind": "mission", "seat": "ana", "zone": "exo", "owner": "ben",
                     "cooperative": True, "winning_faces": [6], "reward_credits": 7,
                     "roll": 6})
    assert seat(state, "ana")["credits"] == 44 and seat(state, "ben")["credits"] == 43


def test_buying_and_fortifying_pay_the_zone_table():
    """EXO: 8 credits + 4 influence to buy, 4 credits + 6 crew to fortify; INNER 16 + 8
    (syndicate.txt:244-247, read as in rule zones)."""
    h = table()
    state = play(h, {"kind": "buy-base", "seat": "ana", "zone": "exo"},
                 {"kind": "fortify-base", "seat": "ana", "zone": "exo"})
    ana = seat(state, "ana")
    assert (ana["credits"], ana["influence"], ana["crew"]) == (28, 16, 14)
    assert ana["exo"] == 1 and ana["exo_fortified"] == 1
    refused(h, {"kind": "fortify-base", "seat": "ana", "zone": "exo"}, "no unfortified EXO")
    play(h, {"kind": "buy-base", "seat": "ana", "zone": "inner"})
    refused(h, {"kind": "buy-base", "seat": "ana", "zone": "inner"}, "costs 16 credits, "
            "8 influence; Ana holds 12 credits, 8 influence")


def test_an_assault_spends_crew_takes_the_base_and_raises_the_alert():
    """5 crew alone, 10 with reinforcements; 6 wins unfortified without one; fortified
    needs one (syndicate.txt:517-526)."""
    h = table()
    play(h, {"kind": "bases", "seat": "ben", "exo": 2}, {"kind": "fortified", "seat": "ben",
                                                         "exo": 1})
    refused(h, {"kind": "assault", "seat": "ana", "target": "ben", "zone": "exo",
                "fortified": True, "reinforcements": 0, "roll": 6}, "at least 1 reinforcement")
    refused(h, {"kind": "assault", "seat": "ana", "target": "ben", "zone": "exo",
                "fortified": True, "reinforcements": 2, "roll": 6}, "1 ARMED reinforcement")
    state = play(h, {"kind": "assault", "seat": "ana", "target": "ben", "zone": "exo",
                     "fortified": True, "reinforcements": 1, "roll": 6})
    ana, ben = seat(state, "ana"), seat(state, "ben")
    assert ana["crew"] == 10 and ana["exo"] == 1 and ana["exo_fortified"] == 0
    assert ben["exo"] == 1 and ben["exo_fortified"] == 0 and state["alert"] == 2
    assert "taken, Ana now holds it unfortified" in last_line(h)
    state = play(h, {"kind": "assault", "seat": "ana", "target": "ben", "zone": "exo",
                     "roll": 5})
    assert seat(state, "ben")["exo"] == 1 and seat(state, "ana")["crew"] == 5
    assert "beaten off, Ben keeps it" in last_line(h)
    refused(h, {"kind": "assault", "seat": "ana", "target": "ben", "zone": "exo",
                "roll": 6}, "Both action dice are used")


def test_pardons_and_taxes_in_the_sovereign_phase():
    """Pardon by bases held: 2 bases, 10 influence (syndicate.txt:466-473); a tax not paid
    flips the bases the owner chooses (643-645)."""
    h = table()
    play(h, {"kind": "bases", "seat": "ana", "exo": 1, "middle": 1},
         {"kind": "bases", "seat": "ben", "exo": 1, "middle": 2},
         {"kind": "resources", "seat": "ben", "credits": 3})
    refused(h, {"kind": "pardon", "seat": "ana"}, "after the Sovereign card is drawn")
    to_sovereign(h, card="tax", per_base=2)
    state = play(h, {"kind": "pardon", "seat": "ana"})
    assert seat(state, "ana")["influence"] == 10 and "pays 10 influence" in last_line(h)
    refused(h, {"kind": "tax", "seat": "ana", "per_base": 2}, "bought a pardon")
    refused(h, {"kind": "tax", "seat": "ben", "per_base": 3}, "charges 2 credits")
    refused(h, {"kind": "tax", "seat": "ben", "per_base": 2, "flip_exo": 1},
            "2 go unpaid", "1 chosen")
    state = play(h, {"kind": "tax", "seat": "ben", "per_base": 2, "flip_middle": 2})
    ben = seat(state, "ben")
    assert ben["credits"] == 1 and ben["flipped"] == 2
    assert "flipped (2 MIDDLE)" in last_line(h)
    refused(h, {"kind": "collect", "seat": "ben"}, "still to be resolved for Cy")
    play(h, {"kind": "card-resolved"})  # Cy holds no base: nothing to pay
    state = play(h, {"kind": "collect", "seat": "ben"})  # only the EXO base works: 3/3/3
    assert seat(state, "ben")["credits"] == 1 + 2 + 3


def test_typed_values_stay_possible_as_corrections():
    h = table()
    play(h, {"kind": "resources", "seat": "ana", "credits": 12},
         {"kind": "bases", "seat": "ana", "exo": 1})
    assert last_line(h) == "(correction) Ana's bases set by hand: 1 EXO"
    play(h, {"kind": "vp", "seat": "ana", "amount": 2, "reason": "an Award"})
    assert last_line(h) == "Ana receives 2 VP (an Award)"


def test_the_extended_turn_ends_when_everyone_passes_without_an_action():
    """1 or 2 actions a turn; a pass without an action is out (syndicate.txt:661)."""
    h = table({**THREE, "extended_turn": True})
    play(h, {"kind": "buy-base", "seat": "ana", "zone": "exo"},
         {"kind": "buy-base", "seat": "ana", "zone": "exo"})
    refused(h, {"kind": "buy-base", "seat": "ana", "zone": "exo"}, "1 or 2 actions")
    state = play(h, {"kind": "end-turn"}, {"kind": "end-turn"}, {"kind": "end-turn"})
    assert state["turn"] == "ana"  # Ben and Cy passed without an action: out
    state = play(h, {"kind": "end-turn"})
    assert state["phase"] == "sovereign"
    assert "Everyone has passed without an action" in last_line(h)


def test_history_lines_name_the_phases_in_words():
    h = table()
    play(h, {"kind": "end-turn"})
    assert last_line(h) == "Ana ends their turn; Ben is next."
    to_sovereign(h)
    assert "Round 1's Sovereign card is drawn" in last_line(h)
    play(h, {"kind": "card-resolved"})
    for sid in ("ana", "ben", "cy"):
        play(h, {"kind": "collect", "seat": sid})
    play(h, {"kind": "end-round"})
    assert last_line(h) == ("Round 1 ends; round 2 begins with Ben holding the First Player "
                            "tile.")


def test_a_session_stored_before_the_referee_still_folds():
    """Rows written before these rules fold as recorded; the same events sent now are
    refused."""
    from assistant.tracker import stored_event
    rows = [{"kind": "bases", "seat": "ana", "exo": 6, "middle": 9},
            {"kind": "failed-mission", "territory": "Koss"},
            {"kind": "collect", "seat": "ana"}, {"kind": "collect", "seat": "ana"},
            {"kind": "round", "to": 5}, {"kind": "star-drawn", "round": 5},
            {"kind": "round", "to": 7}]
    h = table(DUEL)
    h.extend([stored_event(TRACKER, r) for r in rows])
    assert h.state.round == 7 and sum(h.state.seats[0].bases) == 15
    fresh = table(DUEL)
    refused(fresh, rows[0], "18 territories")


def test_exchanges_sales_and_levels_at_the_book_s_rates():
    """2 credits for 1 crew or influence, 3 crew for 1 influence (syndicate.txt:611); a card
    sells for 1 resource (615); the Black Market's 5, then 10 (589-591)."""
    h = table()
    state = play(h, {"kind": "exchange", "seat": "ana", "get": "crew", "amount": 2},
                 {"kind": "exchange", "seat": "ana", "get": "influence", "give": "crew"},
                 {"kind": "sell-card", "seat": "ana", "resource": "credits"})
    ana = seat(state, "ana")
    assert (ana["credits"], ana["influence"], ana["crew"]) == (40 - 4 + 1, 21, 22 - 3)
    assert last_line(h) == "Ana sells an Operation card for 1 credit (3 left in hand)."
    refused(h, {"kind": "exchange", "seat": "ben", "get": "crew"}, "It is Ana's turn")
    play(h, {"kind": "buy-level", "seat": "ana", "track": "assault"},
         {"kind": "buy-level", "seat": "ana", "track": "assault"})
    assert last_line(h).startswith("Ana buys an assault level on the Black Market for 10 "
                                   "credits (box 2): assault level 2 → 3.")


def test_a_round_8_set_by_hand_without_the_star_still_ends():
    h = table()
    play(h, {"kind": "round", "to": 8})
    state = finish_round(h)
    assert state["over"] and TRACKER.moves(h.setup, h.state) == []


def test_a_robbery_takes_the_consequence_dice_in_credits():
    """On a win, credits equal to the consequence dice the card gives for the robbed base,
    fortified or not (syndicate.txt:177, 506); the Phantom is robbed from the bank (690)."""
    h = table()
    play(h, {"kind": "bases", "seat": "ben", "middle": 1},
         {"kind": "fortified", "seat": "ben", "middle": 1})
    robbery = {"kind": "robbery", "seat": "ana", "target": "ben", "zone": "middle",
               "fortified": True, "winning_faces": [5, 6], "dice_unfortified": 3,
               "dice_fortified": 1, "roll": 5}
    refused(h, {**robbery, "consequence": [4, 4]}, "The card gives 1 consequence dice")
    refused(h, {**robbery, "fortified": False, "consequence": [4, 4, 4]},
            "Ben holds no unfortified MIDDLE base")
    state = play(h, {**robbery, "consequence": [4]})
    assert seat(state, "ana")["credits"] == 44 and seat(state, "ben")["credits"] == 36
    assert "consequence dice 4 = 4; Ana takes 4 credits from Ben" in last_line(h)
    state = play(h, {**robbery, "roll": 2})
    assert state["alert"] == 2 and seat(state, "ana")["dice_armed"] == 0


def test_the_phantom_fortifies_on_its_turn_two_draws_at_most():
    """Its own unfortified base drawn: fortified; 2 Base cards a turn (syndicate.txt:677-679)."""
    h = table(DUEL)
    refused(h, {"kind": "phantom-fortify"}, "It is Ana's turn")
    play(h, {"kind": "end-turn"}, {"kind": "end-turn"})
    state = play(h, {"kind": "phantom-fortify"}, {"kind": "phantom-fortify"})
    assert state["phantom_fortified"] == 2
    refused(h, {"kind": "phantom-fortify"}, "2 Base cards a turn")


def test_a_level_bought_at_the_top_of_the_form_s_range_is_still_priced():
    h = table()
    play(h, {"kind": "tech", "seat": "ana", "to": 20},
         {"kind": "buy-level", "seat": "ana", "track": "tech"})
    assert "for 5 credits (box 1)." in last_line(h)


def test_holdings_beyond_the_calculators_range_still_collect():
    h = table()
    play(h, {"kind": "resources", "seat": "ana", "credits": 9999, "crew": 9999},
         {"kind": "mission", "seat": "ana", "winning_faces": [6], "reward_credits": 5,
          "reward_crew": 5, "roll": 6})
    to_collection(h)
    state = play(h, {"kind": "collect", "seat": "ana"})
    assert seat(state, "ana")["credits"] == 9999 + 5 + 3
    assert seat(state, "ana")["crew"] == 9999 + 5 + 3
