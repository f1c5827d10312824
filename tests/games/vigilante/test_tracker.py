"""The Vigilante session tracker: the round, teams and jails, the reveal and the verdict."""
from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.games.vigilante.identities import CARDS, IDENTITY_OPTIONS
from assistant.tracker import SHARED, History, Viewer, parse_event

GAME = find_game("vigilante")
TRACKER = GAME.tracker
assert TRACKER is not None

SETUP = {"mode": "brought-to-justice", "rounds": 2, "starting_events": 1,
         "good": 2, "evil": 1, "neutral": 1,
         "seats": [{"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}, {"name": "Pim"}]}


def play(*events: dict[str, Any], setup: dict[str, Any] | None = None) -> History:
    history = History(TRACKER, TRACKER.parse_setup(setup or SETUP))
    for event in events:
        history.append(parse_event(TRACKER, event))
    return history


def refused(history: History, event: dict[str, Any]) -> InvalidInput:
    before = history.state
    with pytest.raises(InvalidInput) as err:
        history.append(parse_event(TRACKER, event))
    assert history.state == before and err.value.allowed
    return err.value


def shared(history: History) -> dict[str, Any]:
    return TRACKER.state_json(history.setup, history.state, SHARED)


ROUNDS = ({"kind": "add-event", "type": "hacking", "die": 3},
          {"kind": "add-event", "type": "jailbreak", "die": 1},
          {"kind": "add-event", "type": "paramedic", "die": 3})


def test_the_track_counts_rounds_and_sorts_tokens():
    h = play(*ROUNDS)
    s = shared(h)
    assert s["round"] == 2 and s["rounds_left"] == 0   # 3 tokens - 1 starting Event
    assert [t["type"] for t in s["track"]] == ["jailbreak", "hacking", "paramedic"]
    err = refused(h, {"kind": "add-event", "type": "firefight", "die": 2})
    assert err.field == "kind"   # the card's 2 rounds have their Events


def test_end_game_waits_for_the_last_round():
    h = play(ROUNDS[0], ROUNDS[1])
    assert refused(h, {"kind": "end-game"}).field == "kind"
    h.append(parse_event(TRACKER, ROUNDS[2]))
    h.append(parse_event(TRACKER, {"kind": "end-game"}))
    assert shared(h)["ended"] is True


def test_first_player_passes_counter_clockwise():
    h = play({"kind": "pass-first-player"})
    assert shared(h)["first_player"] == "pim"       # vigilante.txt:504
    assert shared(h)["turn_order"] == ["pim", "gwen", "ivan", "asha"]


def test_damage_reaching_health_defeats_at_once():
    h = play({"kind": "starter", "seat": "asha", "name": "Nox", "influence": 4, "health": 2},
             {"kind": "damage", "seat": "asha", "slot": 1, "to": 2})
    row = shared(h)["seats"][2]
    assert row["team"] == [] and row["defeated_count"] == 1 and not row["breaking_point"]
    assert refused(h, {"kind": "damage", "seat": "asha", "slot": 1, "to": 1}).field == "slot"


def test_reveal_only_after_the_end_and_then_the_verdict():
    h = play({"kind": "starter", "seat": "asha", "name": "Nox", "influence": 4, "health": 1},
             {"kind": "starter", "seat": "pim", "name": "Titan", "influence": 7, "health": 5},
             *ROUNDS, {"kind": "jail", "seat": "gwen", "count": 6},
             {"kind": "jail", "seat": "ivan", "count": 7},
             {"kind": "damage", "seat": "asha", "slot": 1, "to": 1},
             {"kind": "jail", "seat": "pim", "count": 4})
    reveal = {"kind": "reveal", "seat": "gwen", "identity": "guardian"}
    assert refused(h, reveal).field == "kind"
    h.append(parse_event(TRACKER, {"kind": "end-game"}))
    for seat, ident in (("gwen", "guardian"), ("ivan", "investigator"), ("asha", "assassin")):
        h.append(parse_event(TRACKER, {"kind": "reveal", "seat": seat, "identity": ident}))
    provisional = TRACKER.score(h.setup, h.state)
    assert provisional.result["final"] is False and provisional.result["waiting_for"] == ["Pim"]
    h.append(parse_event(TRACKER, {"kind": "reveal", "seat": "pim", "identity": "profiteer"}))
    verdict = TRACKER.score(h.setup, h.state).result
    # the rulebook's 4-player example (vigilante.txt:346-353): 14 for Good, 8 for Ivan (his 7
    # and Asha's defeated Nox, moved to his jail)
    assert verdict["final"] and verdict["good_needed"] == 14 and verdict["good_total"] == 14
    assert verdict["winners"] == ["Gwen", "Ivan", "Pim"]
    assert shared(h)["winners"] == ["Gwen", "Ivan", "Pim"]


def test_the_reveal_must_match_the_card_and_the_box():
    h = play(*ROUNDS, {"kind": "end-game"})
    for seat in ("gwen", "ivan"):
        h.append(parse_event(TRACKER, {"kind": "reveal", "seat": seat, "identity": "guardian"}))
    h.append(parse_event(TRACKER, {"kind": "reveal", "seat": "asha", "identity": "assassin"}))
    err = refused(h, {"kind": "reveal", "seat": "pim", "identity": "assassin"})
    assert err.field == "identity"   # 2 Good, 1 Evil, 1 Neutral on the card
    err = refused(h, {"kind": "reveal", "seat": "pim", "identity": "addict"})
    assert err.field == "jail_level_2_3"


def test_setup_refusals():
    three = [{"name": "A"}, {"name": "B"}, {"name": "C"}]
    for bad, field in (({"mode": "showdown", "seats": three}, "seats"),
                       ({**SETUP, "mode": "showdown"}, "neutral"),
                       ({**SETUP, "evil": 2, "good": 1}, "evil"),
                       ({**SETUP, "first_player": "Zed"}, "first_player"),
                       ({**SETUP, "seats": [{"name": "José"}, {"name": "Jose\u0301 "}]},
                            "seats.1.name")):
        with pytest.raises(InvalidInput) as err:
            TRACKER.parse_setup(bad)
        assert err.value.field == field


# ---------------------------------------------------------------- secrets

SECRET = {"kind": "identity", "seat": "asha", "identity": "mastermind"}
LOOK = {"kind": "investigate", "seat": "gwen", "target": "asha", "spot": 2, "seen": "evil"}


def _all_text(h: History, viewer: Viewer) -> str:
    names = {s.id: s.name for s in h.setup.seats}
    events = [parse_event(TRACKER, e) for e in (SECRET, LOOK)]
    return repr((TRACKER.state_json(h.setup, h.state, viewer),
                 [TRACKER.event_json(e, viewer) for e in events],
                 [TRACKER.describe(e, names, viewer) for e in events],
                 TRACKER.score(h.setup, h.state).to_json()))


def test_an_identity_lives_on_its_owners_phone_until_the_reveal():
    h = play(SECRET, LOOK, {"kind": "jail", "seat": "asha", "count": 9})
    for viewer in (SHARED, Viewer("gwen"), Viewer("ivan"), Viewer("pim")):
        text = _all_text(h, viewer)
        assert "mastermind" not in text.casefold(), viewer
    own = TRACKER.state_json(h.setup, h.state, Viewer("asha"))["seats"][2]
    assert own["identity"] == "mastermind" and own["progress"] == ["Your jail 9 of 10."]
    assert "identity" not in shared(h)["seats"][2] and "progress" not in shared(h)["seats"][2]


def test_tokens_seen_stay_with_the_investigator_and_never_reach_their_owner():
    h = play(LOOK, {**LOOK, "spot": 4})
    mine = TRACKER.state_json(h.setup, h.state, Viewer("gwen"))["seats"][0]
    assert mine["deductions"][0]["settled"] == "evil"       # two Evil spots (vigilante.txt:285)
    for viewer in (SHARED, Viewer("asha"), Viewer("ivan")):
        text = _all_text(h, viewer)
        assert "'seen'" not in text and "'evil'" not in text, viewer
    owner = TRACKER.state_json(h.setup, h.state, Viewer("asha"))["seats"][2]
    assert "deductions" in owner and owner["deductions"] == []   # nothing about her own mat


def test_nobody_records_their_own_tokens():
    h = play()
    assert refused(h, {**LOOK, "target": "gwen"}).field == "target"


def test_private_identities_are_not_checked_against_other_secrets():
    """Two seats privately claiming the one Mastermind are both accepted: refusing the second
    would tell that seat what another seat is."""
    h = play(SECRET, {**SECRET, "seat": "pim"})
    assert TRACKER.state_json(h.setup, h.state, Viewer("pim"))["seats"][3]["identity"] == \
        "mastermind"


def test_public_rules_do_apply_to_a_private_identity():
    h = play(setup={**SETUP, "first_game": True})
    assert refused(h, SECRET).field == "identity"   # vigilante.txt:233


def test_a_reveal_without_an_identity_uses_the_one_on_the_phone():
    h = play(*ROUNDS, SECRET, {"kind": "end-game"},
             {"kind": "reveal", "seat": "asha"})
    assert shared(h)["seats"][2]["revealed"] == "mastermind"


# ---------------------------------------------------------------- the secrecy law

SEATS = ["gwen", "ivan", "asha", "pim"]
secret_events = st.one_of(
    st.builds(lambda s, i: {"kind": "identity", "seat": s, "identity": i},
              st.sampled_from(SEATS), st.sampled_from(IDENTITY_OPTIONS)),
    st.builds(lambda s, t, p, k: {"kind": "investigate", "seat": s, "target": t, "spot": p,
                                  "seen": k},
              st.sampled_from(SEATS), st.sampled_from(SEATS), st.integers(1, 4),
              st.sampled_from(["good", "neutral", "evil"])),
    st.builds(lambda s, n: {"kind": "jail", "seat": s, "count": n},
              st.sampled_from(SEATS), st.integers(0, 12)),
    st.just({"kind": "pass-first-player"}))


@settings(max_examples=120, deadline=None)
@given(st.lists(secret_events, max_size=25), st.sampled_from([None, *SEATS]))
def test_no_secret_in_any_shared_or_other_answer_before_the_reveal(raws, seat):
    history = History(TRACKER, TRACKER.parse_setup({k: v for k, v in SETUP.items()
                                                     if k not in ("good", "evil", "neutral")}))
    accepted = []
    for raw in raws:
        try:
            event = parse_event(TRACKER, raw)
            history.append(event)
        except InvalidInput:
            continue
        accepted.append(event)
    viewer = Viewer(seat)
    names = {s.id: s.name for s in history.setup.seats}
    state = TRACKER.state_json(history.setup, history.state, viewer)
    titles = [c.title.casefold() for c in CARDS.values()]
    for row in state["seats"]:
        if row["id"] != seat:
            assert not {"identity", "deductions", "progress", "mission", "only_this_phone",
                        "your_investigations"} & set(row), row
    for event in accepted:
        mine = event.get("seat") == seat
        if event.kind in ("identity", "investigate") and not mine:
            shown = TRACKER.event_json(event, viewer)
            assert "identity" not in shown and "seen" not in shown
            line = TRACKER.describe(event, names, viewer).casefold()
            assert not any(t in line for t in titles) and event.get("seen", "@") not in line
    score = repr(TRACKER.score(history.setup, history.state).to_json()).casefold()
    assert not any(f"'{i}'" in score for i in IDENTITY_OPTIONS)


def test_an_investigated_token_never_changes():
    """Tokens stay where they lie (vigilante.txt:277, :279): a second look at the same spot
    cannot show another kind; and no mat holds three of a kind (:237)."""
    h = play(LOOK)
    err = refused(h, {**LOOK, "seen": "good"})
    assert err.field == "seen" and err.rule == "allegiance-tokens"
    h = play(LOOK, {**LOOK, "spot": 3}, {**LOOK, "spot": 4, "seen": "good"})
    err = refused(h, {**LOOK, "spot": 1, "seen": "evil"})
    assert err.rule == "setup-allegiance-tokens"


def test_showdown_deals_no_neutral_identity_and_shifting_allegiances_one_good():
    """Showdown: no Neutral (vigilante.txt:185); Shifting Allegiances: a Good Identity
    (:179)."""
    four = [{"name": n} for n in ("Gwen", "Ivan", "Asha", "Pim")]
    h = play(setup={"mode": "showdown", "seats": four})
    err = refused(h, {"kind": "identity", "seat": "gwen", "identity": "addict"})
    assert err.rule == "scenario-showdown"
    with pytest.raises(InvalidInput) as caught:
        TRACKER.parse_setup({"mode": "shifting-allegiances", "seats": four, "good": 0,
                             "evil": 2, "neutral": 2})
    assert caught.value.rule == "scenario-shifting-allegiances"
