"""The moves a phone offers (assistant/tracker/offers.py): what the table enters itself is the
value the rules leave open (a drawn Event token, a Villain's Health, a number printed on a
board), never a stand-in shown as real; what the rules fix is shown filled in; a seat's own
phone gets its own moves marked; nothing said depends on a secret."""
from __future__ import annotations

from typing import Any

from assistant.games import find_game
from assistant.tracker import SHARED, Viewer, parse_event
from assistant.tracker.offers import offers


def _at(slug: str, setup_data: dict[str, Any], events: list[dict[str, Any]]
        ) -> tuple[Any, Any, Any, dict[str, str]]:
    tracker = find_game(slug).tracker
    setup = tracker.parse_setup(setup_data)
    state = tracker.initial(setup)
    for version, raw in enumerate(events, 1):
        event = tracker.resolve(setup, state, parse_event(tracker, raw))
        state = tracker.apply(setup, state, event, version)
    return tracker, setup, state, {s.id: s.name for s in setup.seats}


VIGILANTE = {"mode": "brought-to-justice",
             "seats": [{"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}]}
STARTER = {"kind": "starter", "seat": "gwen", "name": "Nightjar", "influence": 1, "attack": 2,
           "health": 3}


def test_a_drawn_token_and_a_villains_health_are_entered_by_the_table() -> None:
    tracker, setup, state, names = _at("vigilante", VIGILANTE, [STARTER])
    new_event = offers(tracker, setup, state, SHARED, names)[0]
    assert new_event["body"]["kind"] == "new-event"
    assert new_event["enter"] == ["type", "die"]
    assert new_event["label"] == "Choose new Event"  # never "Jailbreak (1)", a stand-in
    tracker, setup, state, names = _at("vigilante", VIGILANTE, [
        STARTER, {"kind": "new-event", "type": "hacking", "die": 3}])
    moves = {m["body"]["kind"]: m for m in offers(tracker, setup, state, SHARED, names)}
    assert "villain_health" in moves["fight"]["enter"]
    assert moves["draw"]["enter"] == [] and moves["draw"]["label"] == "Gwen draws a City card"


def test_what_the_rules_fix_is_shown_filled_in() -> None:
    tracker = find_game("master-plan").tracker
    tracker, setup, state, names = _at("master-plan", dict(tracker.example_setup),
                                       list(tracker.example_events)[:-2])
    battle = offers(tracker, setup, state, SHARED, names)[0]
    assert battle["body"] == {"kind": "battle", "throwdown": 1}
    assert battle["enter"] == [] and "throwdown" in battle["asks"]


def test_a_seats_own_phone_gets_its_own_moves_and_the_shared_view_never_a_secret() -> None:
    tracker, setup, state, names = _at("vigilante", VIGILANTE, [])
    shared = offers(tracker, setup, state, SHARED, names)
    assert all("own" not in m for m in shared)
    assert offers(tracker, setup, state, Viewer("gwen"), names) == shared  # no own move yet
    told = []
    for identity in ("guardian", "addict"):  # the same table, a different secret
        tracker, setup, state, names = _at("vigilante", VIGILANTE, [
            {"kind": "identity", "seat": "gwen", "identity": identity},
            {"kind": "new-event", "type": "hacking", "die": 3}])
        told.append(offers(tracker, setup, state, SHARED, names))
    assert told[0] == told[1]


def test_a_finished_game_offers_nothing() -> None:
    tracker, setup, state, names = _at("maniacal", {"mode": "standard", "seats": [
        {"name": "Ann"}, {"name": "Ben"}]}, [])
    for version in range(1, 200):
        found = offers(tracker, setup, state, SHARED, names)
        if not found:
            break
        event = tracker.resolve(setup, state, parse_event(tracker, found[0]["body"]))
        state = tracker.apply(setup, state, event, version)
    assert tracker.finished(setup, state) and not offers(tracker, setup, state, SHARED, names)
