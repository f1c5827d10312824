"""Issue 33: a finished table as a logged play (assistant/tracker/play.py). The fixture game
shows every rule of it; each of the five games' finished game (test_finished_exports) is
checked the same way once its tracker's score answers with standings (issue 30's shape)."""
from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import unquote

import pytest

from assistant.games import find_game
from assistant.tracker import History, fold, parse_event, sealed_copy
from assistant.tracker.play import BGSTATS_APP, BGSTATS_WEB, NotEnded, Play, build, start_seat
from tests.games.fixture_game import registered
from tests.games.fixture_game.tracker import TRACKER as HEIST
from tests.games.fixture_game.tracker import HeistTracker

from .test_finished_exports import FINISHED

BEGAN = datetime(2026, 11, 26, 19, 30, 5, tzinfo=UTC)
ENDED = BEGAN + timedelta(minutes=95, seconds=20)
HEIST_SETUP = {"mode": "standard", "seats": [{"name": "Ana", "player": "Ann"},
                                             {"name": "Bo"}, {"name": "Cy"}]}
HEIST_GAME = [{"kind": "coins", "seat": "ana", "count": 7},
              {"kind": "stash", "seat": "ana", "coins": 8},  # Ana's secret
              {"kind": "coins", "seat": "bo", "count": 7},
              {"kind": "coins", "seat": "cy", "count": 3},
              {"kind": "round", "to": 4}]
PLAYER_FIELDS = {"name": str, "rank": int, "winner": bool, "startPlayer": bool, "role": str,
                 "sourcePlayerId": str}


def heist(events: list[dict[str, Any]]) -> History:
    return fold(HEIST, HEIST.parse_setup(HEIST_SETUP), [parse_event(HEIST, e) for e in events])


def played(history: History, title: str = "Coin Heist", mode: str = "Standard") -> Play:
    return build(history.tracker, title, mode, history.setup, history.state, "k7m2x9qa",
                 BEGAN, ENDED)


def decoded(link: str) -> dict[str, Any]:
    prefix = BGSTATS_WEB if link.startswith(BGSTATS_WEB) else BGSTATS_APP
    assert link.startswith(prefix)
    data: dict[str, Any] = json.loads(unquote(link[len(prefix):]))
    return data


def sealed(history: History) -> History:
    """The same game with every private entry sealed (its content out), as an import has it."""
    events = [history.event_at(v) for v in range(1, history.version + 1)]
    return fold(history.tracker, history.setup, sealed_copy(history.tracker, events))


def check_shape(data: dict[str, Any], points: bool) -> None:
    """Every field BG Stats documents, with its type."""
    for key, kind in (("playDate", str), ("durationMin", int), ("location", str),
                      ("comments", str), ("board", str), ("game", dict), ("players", list)):
        assert isinstance(data[key], kind), key
    datetime.strptime(data["playDate"], "%Y-%m-%d %H:%M:%S")  # noqa: DTZ007 (a local time)
    game = data["game"]
    assert isinstance(game["name"], str) and game["name"]
    assert game["highestWins"] is True and game["noPoints"] is (not points)
    assert isinstance(game["sourceGameId"], str) and "bggId" not in game  # no cited source
    assert data["players"]
    for player in data["players"]:
        for key, kind in PLAYER_FIELDS.items():
            assert isinstance(player[key], kind), (key, player)
        if points:  # a seat the game scores no points for (TDT's Goodman) logs no score
            assert type(player.get("score", 0)) in (int, float), player
        else:
            assert "score" not in player
    assert not points or any("score" in p for p in data["players"])
    assert sum(p["startPlayer"] for p in data["players"]) == 1


def test_a_game_not_ended_is_no_play() -> None:
    """Issue 33 (3): round 4 of 5 gives a provisional score, never a play."""
    with pytest.raises(NotEnded):
        played(heist(HEIST_GAME))


def test_a_finished_heist_is_one_tap_from_bg_stats() -> None:
    history = heist([*HEIST_GAME, {"kind": "round", "to": 5}])
    play = played(history)
    data = decoded(play.link)
    assert data == play.data == decoded(play.app_link)
    check_shape(data, points=True)
    assert data["playDate"] == "2026-11-26 19:30:05" and data["durationMin"] == 95
    assert data["board"] == "Standard" and data["game"]["name"] == "Coin Heist"
    assert data["game"]["sourceGameId"] == "coin-heist" and data["sourcePlayId"] == "k7m2x9qa"
    # Ana and Bo tie on 7 coins: both rank 1 and both win; Cy is third (1, 1, 3)
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in data["players"]] == [
        ("Ann", 7, 1, True), ("Bo", 7, 1, True), ("Cy", 3, 3, False)]
    # Ann plays the crook Ana: the seat's own name is kept as her role
    assert [p["role"] for p in data["players"]] == ["Ana", "", ""]
    assert [p["sourcePlayerId"] for p in data["players"]] == ["ann", "bo", "cy"]
    # Coin Heist records no start player: the first seat listed stands in, and says so
    assert [p["startPlayer"] for p in data["players"]] == [True, False, False]
    assert not play.start.recorded and "(the first seat listed)" in play.text()


def test_the_play_agrees_with_the_score_answer() -> None:
    history = heist([*HEIST_GAME, {"kind": "round", "to": 5}])
    standings = HEIST.score(history.setup, history.state).result["standings"]
    players = played(history).data["players"]
    assert [(p["rank"], p["winner"], p["score"]) for p in players] == [
        (s["rank"], s["winner"], s["total"]) for s in standings]


def test_no_secret_reaches_the_play() -> None:
    """Ana's stash (8 coins, her own phone's) changes nothing in the play: the same play comes
    from the game with her entry sealed."""
    history = heist([*HEIST_GAME, {"kind": "round", "to": 5}])
    play = played(history)
    again = played(sealed(history))
    assert (play.data, play.text(), play.rows()) == (again.data, again.text(), again.rows())
    assert "8" not in json.dumps(play.data["players"])


def test_text_and_rows_say_the_same_play() -> None:
    with registered():
        play = played(heist([*HEIST_GAME, {"kind": "round", "to": 5}]))
    assert play.text().splitlines()[:4] == [
        "Coin Heist · Standard · 2026-11-26 19:30 (95 min)",
        "1. Ann (Ana) 7 coins · winner", "1. Bo 7 coins · winner", "3. Cy 3 coins"]
    assert play.rows() == [
        ["date", "game", "mode", "seat", "name", "score", "rank", "winner", "role"],
        ["2026-11-26 19:30:05", "Coin Heist", "Standard", "Ana", "Ann", "7", "1", "yes", "Ana"],
        ["2026-11-26 19:30:05", "Coin Heist", "Standard", "Bo", "Bo", "7", "1", "yes", ""],
        ["2026-11-26 19:30:05", "Coin Heist", "Standard", "Cy", "Cy", "3", "3", "no", ""]]


def test_a_name_a_spreadsheet_would_run_stays_text() -> None:
    setup = {"mode": "standard", "seats": [{"name": "=HYPERLINK(1)"}, {"name": "Bo"}]}
    history = fold(HEIST, HEIST.parse_setup(setup),
                   [parse_event(HEIST, {"kind": "round", "to": 5})])
    rows = played(history).rows()
    assert rows[1][3:5] == ["'=HYPERLINK(1)", "'=HYPERLINK(1)"]
    assert played(history).data["players"][0]["name"] == "=HYPERLINK(1)"  # BG Stats: as typed


# --- the five games ---------------------------------------------------------------------------

def finished(slug: str) -> History:
    """The game's finished table, which its tracker must score as final with standings."""
    history = FINISHED[slug]()
    tracker, setup, state = history.tracker, history.setup, history.state
    result = tracker.score(setup, state).result
    assert result["final"] is True and tracker.finished(setup, state)
    assert {"standings", "points"} <= set(result)
    return history


@pytest.mark.parametrize("slug", sorted(FINISHED))
def test_every_game_logs_its_finished_game(slug: str) -> None:
    """Issue 33 (4): every field with its type; ranks, winners and scores as the score answer
    gives them (ties sharing a rank); nothing a private entry holds."""
    history = finished(slug)
    game = find_game(slug)
    mode = next(m.title for m in game.modes if m.slug == str(history.setup.mode))
    score = history.tracker.score(history.setup, history.state).result
    play = played(history, game.title, mode)
    data = decoded(play.link)
    check_shape(data, points=bool(score["points"]))
    assert data["game"]["name"] == game.title and data["board"] == mode
    assert [(p["rank"], p["winner"], p.get("score")) for p in data["players"]] == [
        (s["rank"], s["winner"], s["total"] if score["points"] else None)
        for s in score["standings"]]
    again = played(sealed(history), game.title, mode)
    assert (again.data, again.text(), again.rows()) == (play.data, play.text(), play.rows())


SECRETS: dict[str, Callable[[str], bool]] = {
    "master-plan": lambda text: "Crown" not in text and "Mask" not in text,  # Cat's plan
}


@pytest.mark.parametrize("slug", sorted(SECRETS))
def test_an_unrevealed_plan_is_nowhere_in_the_play(slug: str) -> None:
    history = finished(slug)
    play = played(history, find_game(slug).title, "Standard")
    assert SECRETS[slug](json.dumps(play.data) + play.text() + json.dumps(play.rows()))


def test_the_start_player_is_the_one_each_game_records() -> None:
    """Vigilante's First Player, Master Plan's Loser Lad, TDT's Team Leader (where entered);
    Maniacal and Space Syndicate list seats from the first player on."""
    def start(slug: str, **extra: Any) -> tuple[str, bool]:
        tracker = find_game(slug).tracker
        assert tracker is not None
        found = start_seat(tracker, tracker.parse_setup({**tracker.example_setup, **extra}))
        return found.seat, found.recorded

    from .test_finished_exports import VIG_SETUP
    assert start("vigilante", **VIG_SETUP, first_player="Asha") == ("asha", True)
    assert start("vigilante", **VIG_SETUP) == ("gwen", True)  # the marker's default holder
    master = find_game("master-plan").tracker
    assert master is not None
    loser = str(master.example_setup["loser_lad"])
    assert start("master-plan") == (master.parse_setup(master.example_setup).seat(loser).id,
                                    True)
    tdt = find_game("tdt").tracker
    assert tdt is not None
    seats = tdt.parse_setup(tdt.example_setup).seats
    assert start("tdt") == (seats[0].id, False)  # no Team Leader entered
    assert start("tdt", team_leader=seats[-1].id) == (seats[-1].id, True)
    for slug in ("maniacal", "space-syndicate"):
        tracker = find_game(slug).tracker
        assert tracker is not None
        assert start(slug) == (tracker.parse_setup(tracker.example_setup).seats[0].id, True)


class Verdict(HeistTracker):
    """Coin Heist judged without points (a verdict, as a game that names its winners
    otherwise would), each crook on a public team, and Bo recorded as the start player."""

    def score(self, setup: Any, state: Any) -> Any:
        answer = super().score(setup, state)
        standings = [{**s, "total": None, "role": "Team " + s["name"][0]}
                     for s in answer.result["standings"]]
        return type(answer)({**answer.result, "points": False, "standings": standings},
                            answer.steps, answer.summary)

    def start_seat(self, setup: Any) -> str:
        return "bo"


def test_a_game_without_points_still_ranks_and_keeps_public_roles() -> None:
    verdict = Verdict()
    history = fold(verdict, verdict.parse_setup(HEIST_SETUP),
                   [parse_event(verdict, e) for e in [*HEIST_GAME, {"kind": "round", "to": 5}]])
    play = played(history)
    data = decoded(play.link)
    check_shape(data, points=False)
    assert [(p["name"], p["rank"], p["winner"], p["role"], p["startPlayer"])
            for p in data["players"]] == [("Ann", 1, True, "Ana, Team A", False),
                                          ("Bo", 1, True, "Team B", True),
                                          ("Cy", 3, False, "Team C", False)]
    assert play.start.recorded and "Start player: Bo\n" in play.text()
    assert play.text().splitlines()[1] == "1. Ann (Ana, Team A) · winner"
    assert [row[5] for row in play.rows()[1:]] == ["", "", ""]


def test_each_player_is_one_player_in_any_alphabet_and_each_role_said_once() -> None:
    """Issue 43: four Cyrillic names once all became `sourcePlayerId: "seat"` (BG Stats
    merged them into one person), and General Goodman's seat said its role twice."""
    tdt = find_game("tdt").tracker
    assert tdt is not None
    setup = tdt.parse_setup({"mode": "cutthroat", "seats": [
        {"goodman": True, "player": "Ана"}, {"henchman": "Jin Feng", "player": "Аня"},
        {"henchman": "The Node", "player": "王芳"}, {"henchman": "Axle Robbins", "player": "🦊"},
        {"henchman": "Azura Badeau", "player": "José"}, {"henchman": "Ugo Dottore",
                                                         "player": "Jose"}]})
    history = History(tdt, setup)
    while moves := tdt.moves(history.setup, history.state):
        history.append(parse_event(tdt, dict(moves[0])))
    data = decoded(played(history, "Tomorrow Dies Today", "Cutthroat").link)
    ids = [p["sourcePlayerId"] for p in data["players"]]
    assert len(set(ids)) == 6 and "seat" not in ids
    assert {p["name"]: p["role"] for p in data["players"]}["Ана"] == "General Goodman"
