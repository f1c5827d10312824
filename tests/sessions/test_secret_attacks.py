"""Issue 29's attacks replayed through the API as a dishonest or careless scorekeeper would try
them, holding the table's edit token (tests/games/test_secret_attacks.py replays them against
the core): nothing of a seat's secret reaches anyone but its owner, and history stays honest."""
from __future__ import annotations

import json
import re
import threading
import time
from typing import Any

import pytest

from .conftest import make_app
from .helpers import seat_token

BOUND = 30.0
"""Seconds a wait below may take on a loaded machine before the test fails."""
VIGILANTE = {"mode": "brought-to-justice", "rounds": 2, "starting_events": 1, "good": 2,
             "evil": 1, "neutral": 1,
             "seats": [{"name": "Gwen"}, {"name": "Ben"}, {"name": "Asha"}, {"name": "Pim"}]}


@pytest.fixture()
def app(sqlite_url: str) -> Any:
    made = make_app(sqlite_url)
    yield made
    made.extensions["lairside.sessions"].dispose()


@pytest.fixture()
def client(app: Any) -> Any:
    return app.test_client()


class Table:
    """One table through the API: the scorekeeper's token and each claimed seat's."""

    def __init__(self, client: Any) -> None:
        made = client.post("/api/v1/games/vigilante/sessions", json=VIGILANTE).json
        self.client, self.code, self.edit = client, made["code"], made["edit_token"]
        self.version = 0

    def seat(self, seat: str) -> dict[str, str]:
        return {"X-Seat-Token": seat_token(self.client, self.code, self.edit, seat)}

    def send(self, body: Any, headers: dict[str, str] | None = None, path: str = "events",
             status: int = 201) -> Any:
        answer = self.client.post(f"/api/v1/sessions/{self.code}/{path}", json=body, headers={
            **(headers or {"Authorization": f"Bearer {self.edit}"}),
            "If-Match": f'"v{self.version}"'})
        assert answer.status_code == status, answer.json
        if status == 201:
            self.version = answer.json["version"]
        return answer.json

    def last_round(self) -> None:
        """Play the Events on to the final round, and end it: identities are revealed now."""
        for kind, die in (("hacking", 3), ("jailbreak", 1), ("paramedic", 3)):
            self.send({"kind": "add-event", "type": kind, "die": die})
        self.send({"kind": "end-game"})

    def everyone_else_sees(self) -> str:
        reads = [self.client.get(f"/api/v1/sessions/{self.code}{path}").json
                 for path in ("", "/events", "/export", "/score")]
        return json.dumps(reads)


def test_a_the_scorekeeper_cannot_reveal_an_identity_as_entered(client: Any) -> None:
    t = Table(client)
    t.send({"kind": "identity", "seat": "asha", "identity": "mastermind"}, t.seat("asha"))
    t.last_round()
    t.send({"kind": "reveal", "seat": "asha", "identity": "as-entered"}, status=403)
    t.send({"kind": "reveal", "seat": "asha"}, status=403)  # "as entered" by default
    assert "mastermind" not in t.everyone_else_sees()
    for _ in range(3):  # and no undo makes a trace disappear: there was nothing to take back
        t.client.post(f"/api/v1/sessions/{t.code}/undo",
                      headers={"Authorization": f"Bearer {t.edit}", "If-Match": "*"})
    kinds = [e["event"]["kind"] for e in
             client.get(f"/api/v1/sessions/{t.code}/events").json["events"]]
    assert "reveal" not in kinds and "mastermind" not in t.everyone_else_sees()


def test_a_once_the_owner_reveals_no_undo_takes_it_back(client: Any) -> None:
    t = Table(client)
    asha = t.seat("asha")
    t.send({"kind": "identity", "seat": "asha", "identity": "mastermind"}, asha)
    t.last_round()
    t.send({"kind": "reveal", "seat": "asha"}, asha)  # her own phone shows her card
    shown = t.version
    refused = t.send(None, path="undo", status=422)
    assert f"version {shown}" in refused["detail"] and "public" in refused["detail"]
    t.send({"to_version": shown - 1}, path="revert", status=422)
    assert "mastermind" in t.everyone_else_sees()  # public now, and it stays


def test_c_the_tables_undo_keeps_bens_identity(client: Any) -> None:
    t = Table(client)
    ben = t.seat("ben")
    t.send({"kind": "jail", "seat": "gwen", "count": 5})
    t.send({"kind": "identity", "seat": "ben", "identity": "investigator"}, ben)
    t.send({"kind": "investigate", "seat": "ben", "target": "asha", "spot": 1, "seen": "good"},
           ben)
    t.send(None, path="undo")  # the scorekeeper fixes the jail...
    own = client.get(f"/api/v1/sessions/{t.code}", headers=ben).json["state"]
    seat = next(s for s in own["seats"] if s["id"] == "ben")
    assert "investigator" in json.dumps(seat).lower()  # ...and Ben's entries stay
    shared = client.get(f"/api/v1/sessions/{t.code}").json["state"]
    assert next(s for s in shared["seats"] if s["id"] == "gwen")["jail"] == 0
    assert "investigator" not in t.everyone_else_sees()
    t.send(None, {**ben}, path="undo")  # Ben's own phone takes back his own last entry


# --- issue 40: a seat's secret belongs to the phone that entered it --------------------------

def codes(t: Table) -> dict[str, str]:
    """Each seat's claim code now, as the scorekeeper's phone lists them."""
    listed = t.client.get(f"/api/v1/sessions/{t.code}/seats",
                          headers={"Authorization": f"Bearer {t.edit}"}).json
    return {s["id"]: s["claim_code"] for s in listed["seats"]}


def claim_with(t: Table, seat: str, code: str, status: int = 201) -> dict[str, str]:
    answer = t.client.post(f"/api/v1/sessions/{t.code}/seats/{seat}/claim",
                           json={"claim_code": code})
    assert answer.status_code == status, answer.json
    return {"X-Seat-Token": answer.json["seat_token"]} if status == 201 else {}


def release(t: Table, seat: str) -> None:
    answer = t.client.delete(f"/api/v1/sessions/{t.code}/seats/{seat}/claim",
                             headers={"Authorization": f"Bearer {t.edit}"})
    assert answer.status_code == 204, answer.json
    t.version = t.client.get(f"/api/v1/sessions/{t.code}").json["version"]


def everything(t: Table, headers: dict[str, str]) -> str:
    """All one token reads: the state, every event and line, the export, the score."""
    base = f"/api/v1/sessions/{t.code}"
    reads = [t.client.get(base + path, headers=headers) for path in
             ("", "/events", "/export", "/score")]
    return json.dumps([r.json for r in reads]).casefold()


class Stream:
    """A phone's stream, opened at the version it shows and read to its end on a thread of
    its own (as a phone holds it open): what it delivered, and whether it closed."""

    def __init__(self, app: Any, code: str, version: int, headers: dict[str, str]) -> None:
        self.chunks: list[bytes] = []
        self.thread = threading.Thread(target=self._read, args=(app, code, version, headers),
                                       daemon=True)
        self.thread.start()

    def _read(self, app: Any, code: str, version: int, headers: dict[str, str]) -> None:
        answer = app.test_client().get(f"/api/v1/sessions/{code}/stream?after={version}",
                                       headers=headers, buffered=False)
        for chunk in answer.response:
            self.chunks.append(chunk)
        answer.close()

    def closed(self) -> bytes:
        """What it delivered, once it closed (BOUND: it must close without a heartbeat)."""
        self.thread.join(BOUND)
        assert not self.thread.is_alive(), "the stream is still open"
        return b"".join(self.chunks)


def following(app: Any, count: int) -> None:
    """Wait until `count` phones wait for a change."""
    end = time.monotonic() + BOUND
    while app.extensions["lairside.followers"].count < count:
        assert time.monotonic() < end, "the phones never waited"
        time.sleep(0.01)


def test_1_the_covert_scorekeeper_claims_streams_and_releases_and_hears_nothing(
        app: Any, client: Any) -> None:
    """Finding 1 and 2: before the slips are handed out the scorekeeper claims every seat with
    the codes the edit token lists, opens a stream per seat and releases them. The history
    says so, the old slips claim nothing, the streams close at the release, and nothing any
    of the scorekeeper's tokens reads ever holds an identity the players enter."""
    t = Table(client)
    seats = ["gwen", "ben", "asha", "pim"]
    first = codes(t)
    spies = {s: claim_with(t, s, first[s]) for s in seats}
    streams = {s: Stream(app, t.code, t.version, spies[s]) for s in seats}
    following(app, len(seats))
    handed = {}
    for s in seats:
        release(t, s)
        handed[s] = t.version
    lines = [e["text"] for e in client.get(f"/api/v1/sessions/{t.code}/events").json["events"]]
    assert lines == [f"The table handed {s.capitalize()}'s seat to a new phone: the earlier "
                     f"phone's own entries stay hidden, and {s.capitalize()} enters them again "
                     "on the new phone" for s in seats]
    now = codes(t)
    for s in seats:
        assert now[s] != first[s]  # the code changed: the old slip claims nothing
        assert client.post(f"/api/v1/sessions/{t.code}/seats/{s}/claim",
                           json={"claim_code": first[s]}).status_code == 403
    players = {s: claim_with(t, s, now[s]) for s in seats}
    identities = {"gwen": "guardian", "ben": "investigator", "asha": "mastermind",
                  "pim": "profiteer"}
    for s in seats:
        t.send({"kind": "identity", "seat": s, "identity": identities[s]}, players[s])
    t.send({"kind": "investigate", "seat": "ben", "target": "asha", "spot": 1,
            "seen": "evil"}, players["ben"])
    for s in seats:
        said = streams[s].closed().decode()  # closed at its release: nothing after it
        assert all(int(v) < handed[s] for v in re.findall(r"\nid: (\d+)\n", said)), said
        assert not any(f'"{i}"' in said for i in identities.values()), said
        assert client.get(f"/api/v1/sessions/{t.code}", headers=spies[s]).status_code == 403
        assert client.get(f"/api/v1/sessions/{t.code}/wait?after=0",
                          headers=spies[s]).status_code == 403
    seen = everything(t, {"Authorization": f"Bearer {t.edit}"})
    for secret in ('"mastermind"', '"profiteer"', '"investigator"', '"guardian"',
                   "only you see this", '"seen": "evil"'):
        assert secret not in seen, secret
    own = client.get(f"/api/v1/sessions/{t.code}", headers=players["asha"]).json
    assert own["state"]["seats"][2]["identity"] == "mastermind"  # the player's phone has it


def test_1_a_release_mid_game_hands_the_new_phone_nothing_and_nothing_takes_it_back(
        client: Any) -> None:
    """Finding 1: the scorekeeper releases Asha's seat after she entered her Identity and
    investigated, and claims it with the new code. The new token reads none of it (state,
    events, lines, undo, export, stream), cannot reveal "from her own phone", and no undo or
    revert of the table's or the seat's brings it back. Asha's new phone enters it again from
    the card, and the history shows it was entered again."""
    t = Table(client)
    asha = t.seat("asha")
    t.send({"kind": "jail", "seat": "gwen", "count": 2})
    t.send({"kind": "identity", "seat": "asha", "identity": "mastermind"}, asha)
    t.send({"kind": "investigate", "seat": "asha", "target": "ben", "spot": 2,
            "seen": "good"}, asha)
    t.send({"kind": "jail", "seat": "gwen", "count": 3})
    release(t, "asha")
    assert client.get(f"/api/v1/sessions/{t.code}", headers=asha).status_code == 403
    late = {"kind": "identity", "seat": "asha", "identity": "guardian"}
    t.send(late, asha, status=403)  # the old phone writes nothing
    spy = claim_with(t, "asha", codes(t)["asha"])
    secrets = ("mastermind", '"seen": "good"', "only you see this", '"identity": "')

    def blind() -> None:
        seen = everything(t, spy)
        for secret in secrets:
            assert secret not in seen, secret
        own = client.get(f"/api/v1/sessions/{t.code}", headers=spy).json
        assert own["can_undo_own"] is False
        assert own["state"]["seats"][2]["only_this_phone"].startswith("No Identity entered")

    blind()
    t.send(None, spy, path="undo", status=422)  # nothing of its own to take back
    t.send({"to_version": 1}, spy, path="revert", status=422)  # nor behind the release
    t.send(None, path="undo")  # the table's undo: its jail change, never the release
    t.send({"to_version": 0}, path="revert")
    blind()
    t.last_round()
    refused = t.send({"kind": "reveal", "seat": "asha"}, spy, status=422)
    assert "No Identity was entered on this phone" in refused["detail"]
    t.send({"kind": "identity", "seat": "asha", "identity": "mastermind"}, spy)  # the card
    lines = [e["text"] for e in client.get(f"/api/v1/sessions/{t.code}/events").json["events"]]
    assert lines[-1] == "On the new phone: Asha used their own phone"
    mine = [e["text"] for e in client.get(f"/api/v1/sessions/{t.code}/events",
                                           headers=spy).json["events"]]
    assert mine[-1].startswith("On the new phone: Asha: your Identity is Mastermind")
    assert mine[1] == "Asha used their own phone"  # the earlier phone's, as the table reads it
    t.send({"kind": "reveal", "seat": "asha"}, spy)
    assert "mastermind" in everything(t, {})


def test_1_a_release_of_a_seat_no_phone_holds_changes_nothing(client: Any) -> None:
    t = Table(client)
    before = codes(t)
    release(t, "gwen")
    assert t.version == 0 and codes(t) == before


def test_1_an_old_token_cut_off_mid_write_writes_nothing(app: Any) -> None:
    """A seat's write checks its claim again under the session's lock: a token released
    between its read and its write writes nothing (ClaimEnded, a 403)."""
    from api.storage import ClaimEnded
    from assistant.tracker import parse_event

    client = app.test_client()
    t = Table(client)
    token = t.seat("asha")["X-Seat-Token"]
    store = app.extensions["lairside.sessions"]
    info = store.info(t.code)
    tracker = info.tracker
    release(t, "asha")
    identity = parse_event(tracker, {"kind": "identity", "seat": "asha",
                                     "identity": "mastermind"})
    with pytest.raises(ClaimEnded):
        store.append(store.info(t.code), identity, None, seat="asha", token=token)
    assert store.info(t.code).version == 1


def test_2_a_pending_long_poll_of_a_released_seat_answers_403(app: Any) -> None:
    """Finding 2: the long poll the old phone has open when its seat is handed over answers
    403 at once, never the next phone's view."""
    client = app.test_client()
    t = Table(client)
    old = t.seat("asha")
    answers: list[Any] = []
    waiting = threading.Thread(target=lambda: answers.append(app.test_client().get(
        f"/api/v1/sessions/{t.code}/wait?after=0&timeout=20", headers=old)))
    waiting.start()
    following(app, 1)
    release(t, "asha")
    waiting.join(30)
    assert answers and answers[0].status_code == 403, answers
    assert "new phone" in answers[0].json["detail"]


def test_3_who_sent_an_event_is_never_the_bodys_to_say(client: Any) -> None:
    """Finding 3: a body's own_phone flag is refused, from the table and from the owner: an
    owner's reveal is what the phone entered ("as entered"), and a card typed in is the
    table's, undoable."""
    t = Table(client)
    asha = t.seat("asha")
    t.send({"kind": "identity", "seat": "asha", "identity": "mastermind"}, asha)
    t.last_round()
    forged = {"kind": "reveal", "seat": "asha", "identity": "guardian", "own_phone": True}
    for headers in (None, asha):
        refused = t.send(forged, headers, status=422)
        assert "own_phone" in refused["errors"]
    t.send({"kind": "reveal", "seat": "asha", "identity": "guardian"}, asha, status=401)
    assert "guardian" not in everything(t, {})
    typed = t.send({"kind": "reveal", "seat": "asha", "identity": "guardian"})  # the table's
    assert typed["event"]["text"] == "The table records Asha's Identity card as shown: Guardian"
    t.send(None, path="undo")  # a typed reveal is the table's, and undone like one
    shown = t.send({"kind": "reveal", "seat": "asha"}, asha)
    assert shown["event"]["event"]["identity"] == "mastermind"


def test_3_a_master_plan_declaration_is_the_phones_plan_or_the_tables_typing(
        client: Any) -> None:
    made = client.post("/api/v1/games/master-plan/sessions", json={
        "seats": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cat"}, {"name": "Dee"}],
        "loser_lad": "Ann"}).json
    code, edit = made["code"], {"Authorization": f"Bearer {made['edit_token']}"}
    ann = {"X-Seat-Token": seat_token(client, code, made["edit_token"], "ann")}
    base = f"/api/v1/sessions/{code}"
    plan = client.post(f"{base}/events", json={"kind": "plan", "seat": "ann",
                                               "requirements": "Quasar, Nebula"},
                       headers={**ann, "If-Match": '"v0"'})
    assert plan.status_code == 201
    for headers in (edit, ann):
        forged = client.post(f"{base}/events", headers={**headers, "If-Match": '"v1"'}, json={
            "kind": "declare-win", "seat": "ann", "requirements": "Gem", "own_phone": True})
        assert forged.status_code == 422 and "own_phone" in forged.json["errors"]
    typed = client.post(f"{base}/events", headers={**ann, "If-Match": '"v1"'}, json={
        "kind": "declare-win", "seat": "ann", "requirements": "Gem"})
    assert typed.status_code == 401  # a plan card typed in is the table's, never the phone's
    assert client.get(base).json["version"] == 1


def test_4_an_import_plants_no_secret_and_says_which_it_refused(client: Any) -> None:
    """Finding 4: a crafted export carrying an unsealed Identity and plan: the import keeps
    every version, but each such entry sealed (no token of the new table reads it), and the
    answer names them."""
    export = {"format": "lairside-session", "setup": {"game": "vigilante", **VIGILANTE},
              "events": [
        {"event": {"kind": "jail", "seat": "gwen", "count": 1}},
        {"event": {"kind": "identity", "seat": "asha", "identity": "mastermind"}},
        {"event": {"kind": "investigate", "seat": "ben", "target": "asha", "spot": 1,
                   "seen": "evil"}},
        {"event": {"kind": "release", "seat": "pim"}}]}
    made = client.post("/api/v1/sessions/import", json=export)
    assert made.status_code == 201, made.json
    assert made.json["left_out"]["refused_secrets"] == [2, 3]
    assert "Events 2, 3 carried a seat's secret" in made.json["left_out"]["note"]
    t = Table.__new__(Table)
    t.client, t.code, t.edit, t.version = client, made.json["code"], made.json["edit_token"], 4
    lines = [e["text"] for e in client.get(f"/api/v1/sessions/{t.code}/events").json["events"]]
    assert lines[1] == "Asha used their own phone" and lines[3].startswith("The table handed")
    for seat in ("asha", "ben"):
        seen = everything(t, t.seat(seat))
        assert "mastermind" not in seen and '"seen": "evil"' not in seen
        assert "only you see this" not in seen
    again = client.post(f"/api/v1/sessions/{made.json['code']}/events",
                        json={"kind": "identity", "seat": "asha", "identity": "guardian",
                              "sealed": True},
                        headers={"Authorization": f"Bearer {t.edit}", "If-Match": "*"})
    assert again.status_code in (403, 422)
