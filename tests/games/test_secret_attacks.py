"""Issue 29's attacks, replayed against the rules core with the writer check the API makes
(assistant/tracker/README.md, "What the API checks"): the table's edit token writes only
events whose writer is None; a seat's phone only its own. Each attack must show nothing of a
secret to anyone but its owner, and leave the history honest."""
from __future__ import annotations

import json

import pytest

from assistant.errors import InvalidInput
from assistant.games import find_game
from assistant.tracker import (
    History,
    Viewer,
    export_event,
    fold,
    import_event,
    released,
    stored_event,
)

from .table_kit import Forbidden, Table

VIGILANTE = find_game("vigilante").tracker
MASTER_PLAN = find_game("master-plan").tracker
assert VIGILANTE is not None and MASTER_PLAN is not None


# --- (a) Vigilante: the table reveals Asha's identity "as entered" ------------------------------

VIG_SETUP = {"mode": "brought-to-justice", "rounds": 1, "starting_events": 0,
             "seats": [{"name": "Gwen"}, {"name": "Ivan"}, {"name": "Asha"}, {"name": "Pim"}]}


def test_a_the_table_cannot_reveal_an_identity_as_entered():
    t = Table(VIGILANTE, VIG_SETUP)
    t.send({"kind": "identity", "seat": "asha", "identity": "mastermind"}, phone="asha")
    t.send({"kind": "add-event", "type": "hacking", "die": 3})
    t.send({"kind": "end-game"})
    for raw in ({"kind": "reveal", "seat": "asha", "identity": "as-entered"},
                {"kind": "reveal", "seat": "asha"}):
        with pytest.raises(Forbidden):
            t.send(raw)  # the table's token: only Asha's own phone reveals what it holds
    with pytest.raises(InvalidInput) as refused:  # nor says in the body that it is her phone
        t.send({"kind": "reveal", "seat": "asha", "identity": "mastermind", "own_phone": True})
    assert refused.value.field == "own_phone"
    with pytest.raises(Forbidden):
        t.send({"kind": "reveal", "seat": "asha"}, phone="gwen")
    assert "mastermind" not in t.shared_text()
    # what the table may do: record the card Asha shows, typed in; it is what was typed
    answer = t.send({"kind": "reveal", "seat": "asha", "identity": "guardian"})
    assert answer["state"]["seats"][2]["revealed"] == "guardian"
    assert "mastermind" not in json.dumps(answer).casefold()
    assert "mastermind" not in t.shared_text()
    assert t.line(t.history.version) == \
        "The table records Asha's Identity card as shown: Guardian"


def test_a_the_owners_reveal_is_public_history_undo_cannot_hide_it():
    t = Table(VIGILANTE, VIG_SETUP)
    t.send({"kind": "identity", "seat": "asha", "identity": "mastermind"}, phone="asha")
    t.send({"kind": "add-event", "type": "hacking", "die": 3})
    t.send({"kind": "end-game"})
    answer = t.send({"kind": "reveal", "seat": "asha"}, phone="asha")
    revealed = t.history.version
    assert answer["event"] == {"kind": "reveal", "seat": "asha", "identity": "mastermind",
                               "own_phone": True}
    assert t.view()["seats"][2]["revealed"] == "mastermind"
    t.send({"kind": "note", "text": "tea break"})
    t.send({"kind": "undo"})  # the note goes
    for _ in range(3):
        with pytest.raises(InvalidInput) as refused:
            t.send({"kind": "undo"})
        assert f"version {revealed} (Asha reveals from their own phone: Mastermind)" in \
            refused.value.detail
    with pytest.raises(InvalidInput) as refused:
        t.send({"kind": "revert", "to_version": 1})
    assert refused.value.field == "to_version" and "secret public" in refused.value.detail
    assert t.view()["seats"][2]["revealed"] == "mastermind"
    assert "asha reveals from their own phone: mastermind" in t.shared_text()
    assert not t.history.can_undo()


# --- (b) Master Plan: made-up Loot covering Ann's plan -----------------------------------------

MP_SETUP = {"seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}],
            "loser_lad": "Ann"}
PLAN = "Quasar, Nebula"


def _made_up_win_for_ann(t: Table) -> None:
    """The edit token's fiction: Throwdowns, reveals, a battle and claims whose Loot covers
    Ann's plan."""
    for loot in ("Quasar", "Nebula", "Gem"):
        t.send({"kind": "throwdown", "loot": loot})
    for seat, n in (("ann", 1), ("ben", 3), ("cat", 3), ("dee", 3),
                    ("ann", 2), ("ben", 3), ("cat", 3), ("dee", 3)):  # two rounds of turns
        t.send({"kind": "deploy", "seat": seat, "throwdown": n})
    hero = {"kind": "reveal", "seat": "ann", "side": "hero", "attack": "force"}
    for n in (1, 2):
        t.send({"kind": "pick", "seat": "ann", "throwdown": n})  # Ann holds Loser Lad
        t.send({**hero, "throwdown": n, "name": f"Fake{n}", "action_number": n})
        t.send({"kind": "battle", "throwdown": n})
        t.send({"kind": "claim", "throwdown": n, "loot": ("Quasar", "Nebula")[n - 1]})


def test_b_made_up_claims_never_tell_the_table_about_a_plan():
    t = Table(MASTER_PLAN, MP_SETUP)
    t.send({"kind": "plan", "seat": "ann", "requirements": PLAN}, phone="ann")
    _made_up_win_for_ann(t)
    state = t.view()
    assert state["winner"] is None and state["revealed_plan"] is None and not state["over"]
    for field in ('"plan":', '"plan_missing"', '"plan_complete"', '"declare_now"', "instant"):
        assert field not in t.shared_text(), field
    for phone in ("ben", "cat"):
        assert "declare_now" not in json.dumps(t.view(Viewer(phone)))
    assert t.view(Viewer("ann"))["seats"][0]["declare_now"] is True  # told to Ann only
    with pytest.raises(Forbidden):
        t.send({"kind": "declare-win", "seat": "ann"})  # no yes/no test of Ann's plan
    with pytest.raises(InvalidInput) as refused:  # who sent it is never the body's to say
        t.send({"kind": "declare-win", "seat": "ann", "own_phone": True,
                "requirements": "Quasar"})
    assert refused.value.field == "own_phone"


def test_b_a_typed_declaration_is_checked_against_what_was_typed_only():
    """The table may type a plan card as shown (a phone gone): the answer depends on the
    typed plan and the public Loot, never on the plan Ann entered."""
    answers = []
    for entered in ("Quasar, Nebula", "Orb"):
        t = Table(MASTER_PLAN, MP_SETUP)
        t.send({"kind": "plan", "seat": "ann", "requirements": entered}, phone="ann")
        _made_up_win_for_ann(t)
        out = []
        for typed in ("Quasar, Orb", "Quasar"):
            try:
                out.append(t.send({"kind": "declare-win", "seat": "ann",
                                   "requirements": typed}))
            except InvalidInput as error:
                out.append({"refused": error.detail})
        answers.append(out)
    assert answers[0] == answers[1]
    assert answers[0][0]["refused"].startswith(
        "The Loot Ann collected does not cover the plan typed here; no instant win. What can "
        "be done now: ")
    assert answers[0][1]["state"]["revealed_plan"] == ["Quasar"]


def test_b_only_the_owner_is_told_the_plan_does_not_cover():
    t = Table(MASTER_PLAN, MP_SETUP)
    t.send({"kind": "plan", "seat": "ann", "requirements": f"{PLAN}, Orb"}, phone="ann")
    _made_up_win_for_ann(t)
    with pytest.raises(InvalidInput) as refused:
        t.send({"kind": "declare-win", "seat": "ann"}, phone="ann")
    assert refused.value.detail.startswith(  # the owner's phone is offered nothing of the table's
        "Your collected Loot does not cover your Master Plan yet; no instant win. Nothing is "
        "this phone's to record now")
    t.send({"kind": "plan", "seat": "ann", "requirements": PLAN}, phone="ann")
    assert t.view()["seats"][0]["plan_after_loot"] is True  # entered while holding Loot
    answer = t.send({"kind": "declare-win", "seat": "ann"}, phone="ann")
    assert answer["state"]["winner"] == "ann"
    assert answer["state"]["revealed_plan"] == ["Quasar", "Nebula"]
    with pytest.raises(InvalidInput):
        t.send({"kind": "undo"})
    assert "ann reveals their master plan (quasar, nebula) and wins" in t.shared_text()


# --- (c) the table's undo deletes a seat's secret ----------------------------------------------

def test_c_the_tables_undo_keeps_bens_identity_and_investigation():
    setup = {**VIG_SETUP, "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}]}
    t = Table(VIGILANTE, setup)
    t.send({"kind": "jail", "seat": "ann", "count": 2})
    t.send({"kind": "jail", "seat": "ann", "count": 5})  # a mistake
    t.send({"kind": "identity", "seat": "ben", "identity": "assassin"}, phone="ben")
    t.send({"kind": "investigate", "seat": "ben", "target": "cat", "spot": 2, "seen": "good"},
           phone="ben")
    answer = t.send({"kind": "undo"})  # the table fixes the jail
    assert answer["state"]["seats"][0]["jail"] == 2
    ben = t.view(Viewer("ben"))["seats"][1]
    assert ben["identity"] == "assassin" and "No Identity entered" not in ben["only_this_phone"]
    assert ben["deductions"][0]["seen"] == {"2": "good"}
    t.send({"kind": "revert", "to_version": 0})  # even all the way back
    ben = t.view(Viewer("ben"))["seats"][1]
    assert ben["identity"] == "assassin" and ben["deductions"]
    assert t.view()["seats"][0]["jail"] == 0
    # Ben's own phone takes back his own entries, newest first; the table's are untouched
    t.send({"kind": "undo", "seat": "ben"}, phone="ben")
    ben = t.view(Viewer("ben"))["seats"][1]
    assert ben["identity"] == "assassin" and ben["deductions"] == []
    with pytest.raises(Forbidden):
        t.send({"kind": "undo", "seat": "ben"})  # not the table's to send
    assert t.line(t.history.version) == "Ben's own phone: undo their last own entry"


def test_c_the_tables_undo_keeps_a_private_plan():
    t = Table(MASTER_PLAN, MP_SETUP)
    t.send({"kind": "throwdown", "loot": "Gem"})
    t.send({"kind": "plan", "seat": "ben", "requirements": "Gem"}, phone="ben")
    t.send({"kind": "undo"})  # the Throwdown goes, Ben's plan stays
    assert t.view()["throwdowns"] == []
    assert t.view(Viewer("ben"))["seats"][1]["plan"] == ["Gem"]
    assert t.view()["seats"][1]["plan_entered"] is True


# --- (d) a finished Vigilante game exports whole: see test_finished_exports.py ------------------


def test_d_a_reveal_stored_before_owner_only_reveals_folds_as_it_was_stored():
    """A session stored before this change may hold an "as-entered" reveal the table sent: it
    folds as stored (the Identity read from the entry), says nothing of who sent it, and is
    still a disclosure no undo takes back. Its export carries it as stored, so an import,
    which has no entry to read, refuses it, naming the event."""
    rows = [{"kind": "identity", "seat": "asha", "identity": "mastermind"},
            {"kind": "add-event", "type": "hacking", "die": 3}, {"kind": "end-game"},
            {"kind": "reveal", "seat": "asha", "identity": "as-entered"}]
    setup = VIGILANTE.parse_setup(VIG_SETUP)
    history = fold(VIGILANTE, setup, [stored_event(VIGILANTE, r) for r in rows])
    assert history.event_at(4).to_json()["identity"] == "as-entered"
    assert history.discloses(4) and not history.can_undo()
    names = {s.id: s.name for s in setup.seats}
    assert VIGILANTE.describe(history.event_at(4), names, Viewer()) == \
        "Asha reveals (as entered on their phone)"
    exported = [export_event(VIGILANTE, history.event_at(v)) for v in range(1, 5)]
    copy = History(VIGILANTE, setup)
    for event in exported[:3]:
        copy.append(import_event(VIGILANTE, event))
    with pytest.raises(InvalidInput) as refused:
        copy.append(import_event(VIGILANTE, exported[3]))
    assert refused.value.field == "identity"


# --- issue 40: a release hands a seat to a new phone, never its secret --------------------------

def test_40_a_release_forgets_the_earlier_phones_plan_for_good():
    """Ben's phone enters his plan and the table hands his seat to a new phone: the new phone
    reads nothing of it (state, lines, events as History.reader gives them), the public line
    says the plan is not entered, nothing takes the release back (the table's undo and
    revert, the seat's own undo and revert), and the new phone's plan is marked as entered
    again on the new phone."""
    t = Table(MASTER_PLAN, MP_SETUP)
    t.send({"kind": "throwdown", "loot": "Gem"})
    t.send({"kind": "plan", "seat": "ben", "requirements": "Gem, Orb"}, phone="ben")
    t.history.append(released("ben"))  # as the API's release records it
    handed = t.history.version
    ben = Viewer("ben")
    names = {s.id: s.name for s in t.history.setup.seats}

    def blind() -> None:
        seat = t.view(ben)["seats"][1]
        assert "plan" not in seat and seat["plan_text"] == "Master Plan: not entered"
        for v in range(1, t.history.version + 1):
            event = t.history.event_at(v)
            assert "orb" not in t.history.line(v, ben).casefold()
            if hasattr(event, "data"):
                shown = MASTER_PLAN.event_json(event, t.history.reader(v, ben))
                assert "Orb" not in json.dumps(shown)

    blind()
    assert t.history.line(handed) == (
        "The table handed Ben's seat to a new phone: the earlier phone's own entries stay "
        "hidden, and Ben enters them again on the new phone")
    assert not t.history.can_undo(seat="ben")
    with pytest.raises(InvalidInput):
        t.send({"kind": "undo", "seat": "ben"}, phone="ben")
    with pytest.raises(InvalidInput) as refused:
        t.send({"kind": "revert", "seat": "ben", "to_version": handed - 1}, phone="ben")
    assert "handed to a new phone at version 3" in refused.value.detail
    t.send({"kind": "undo"})  # the table's: its Throwdown, never the release
    t.send({"kind": "revert", "to_version": 0})
    blind()
    t.send({"kind": "plan", "seat": "ben", "requirements": "Gem, Idol"}, phone="ben")
    assert t.view(ben)["seats"][1]["plan"] == ["Gem", "Idol"]
    assert t.history.line(t.history.version) == \
        "On the new phone: Ben entered their Master Plan (kept on their phone)"
    assert t.history.line(t.history.version, ben) == \
        "On the new phone: Your Master Plan: Gem, Idol"
    assert MASTER_PLAN.describe(t.history.event_at(2), names, t.history.reader(2, ben)) == \
        "Ben entered their Master Plan (kept on their phone)"
    t.send({"kind": "undo", "seat": "ben"}, phone="ben")  # the new phone's own undo: its own
    blind()


def test_40_an_owners_reveal_is_what_that_phone_entered():
    """Finding 3 against the core: an own-phone reveal carries no Identity of the body's; a
    body saying own_phone is refused; after a release the new phone reveals only what it
    entered itself."""
    t = Table(VIGILANTE, VIG_SETUP)
    t.send({"kind": "identity", "seat": "asha", "identity": "mastermind"}, phone="asha")
    t.send({"kind": "add-event", "type": "hacking", "die": 3})
    t.send({"kind": "end-game"})
    t.history.append(released("asha"))
    with pytest.raises(InvalidInput) as refused:
        t.send({"kind": "reveal", "seat": "asha"}, phone="asha")
    assert refused.value.detail.startswith("No Identity was entered on this phone")
    t.send({"kind": "identity", "seat": "asha", "identity": "assassin"}, phone="asha")
    answer = t.send({"kind": "reveal", "seat": "asha"}, phone="asha")
    assert answer["event"]["identity"] == "assassin" and answer["event"]["own_phone"] is True
    assert "mastermind" not in t.shared_text()
