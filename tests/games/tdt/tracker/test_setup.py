"""Seats per mode, Mayhem teams, Goodman's seat, and where the tracks start."""
import pytest

from assistant.errors import InvalidInput
from assistant.games.tdt.tracker.forms import NAMED

from .kit import parse_setup

H = ["Azura Badeau", "Jin Feng", "Boris Myasneek", "Cassandra O'Shea", "Ugo", "Axle Robbins",
     "The Node"]


def seats(n, goodman=False, teams=None):
    out = [{"goodman": True}] if goodman else []
    for i in range(n):
        seat = {"henchman": H[i], "player": f"P{i}"}
        if teams:
            seat["team"] = teams[i]
        out.append(seat)
    return out


@pytest.mark.parametrize(("n", "clock"), [(3, 10), (4, 9), (5, 8), (6, 7)])
def test_cutthroat_clock_start(n, clock):
    # Setup › Doomsday Clock start, Cutthroat column (N = Named Henchmen in play).
    setup = parse_setup({"mode": "cutthroat", "seats": seats(n, goodman=True)})
    assert setup.clock == clock
    assert setup.seats[0].goodman and setup.seats[0].id == "goodman"


@pytest.mark.parametrize(("n", "clock"), [(1, 10), (2, 9), (3, 8), (4, 8), (5, 7), (6, 6)])
def test_syndicate_clock_start(n, clock):
    assert parse_setup({"mode": "syndicate", "seats": seats(n)}).clock == clock


def test_mayhem_clock_start_and_teams():
    setup = parse_setup({"mode": "mayhem", "seats": seats(4, teams="RRBB")})
    assert setup.clock == 6
    assert [s.team for s in setup.seats] == ["R", "R", "B", "B"]


@pytest.mark.parametrize(("data", "field"), [
    ({"mode": "cutthroat", "seats": seats(2, goodman=True)}, "seats"),
    ({"mode": "cutthroat", "seats": seats(7, goodman=True)}, "seats"),
    ({"mode": "cutthroat", "seats": seats(4)}, "seats"),
    ({"mode": "syndicate", "seats": seats(2, goodman=True)}, "seats.0.goodman"),
    ({"mode": "syndicate", "seats": seats(7)}, "seats"),
    ({"mode": "syndicate", "seats": []}, "seats"),
    ({"mode": "mayhem", "seats": [{"henchman": "Ugo", "team": "R"},
                                  {"henchman": "Jin Feng"}]}, "seats.1.team"),
    ({"mode": "mayhem", "seats": seats(4, teams="RRRR")}, "seats"),
    ({"mode": "mayhem", "seats": seats(3, teams="RRB")}, "seats"),
    ({"mode": "syndicate", "seats": seats(2, teams="RB")}, "seats.0.team"),
    ({"mode": "syndicate", "seats": [{"henchman": "Ugo"}, {"henchman": "ugo"}]}, "seats.1"),
    ({"mode": "solo", "seats": seats(1)}, "mode"),
    ({"mode": "syndicate", "seats": seats(1), "clock": 11}, "clock"),
    ({"mode": "syndicate", "seats": seats(1), "tech": 0}, "tech"),
    ({"mode": "syndicate", "seats": seats(2), "team_leader": "nobody"}, "team_leader"),
])
def test_refused_setups(data, field):
    with pytest.raises(InvalidInput) as caught:
        parse_setup(data)
    assert caught.value.field == field


def test_setup_round_trips():
    setup = parse_setup({"mode": "cutthroat", "seats": seats(3, goodman=True), "tech": 2,
                         "team_leader": "jin-feng", "clock": 8})
    again = parse_setup({k: v for k, v in setup.to_json().items()
                         if k != "seats"} | {"seats": [
                             {"goodman": True, "player": s.player} if s.goodman else
                             {"henchman": s.name, "player": s.player} for s in setup.seats]})
    assert again == setup
    assert (setup.tech, setup.team_leader, setup.clock) == (2, "jin-feng", 8)


def test_lopsided_mayhem_teams_are_refused_with_the_rule_cited():
    # Setting Up and Goals › Pick Characters, Mayhem: teams pick an equal number (line 221).
    with pytest.raises(InvalidInput) as caught:
        parse_setup({"mode": "mayhem", "seats": seats(5, teams="RRRBB")})
    assert caught.value.field == "seats" and "Pick Characters" in str(caught.value)


def test_a_named_henchman_not_on_the_list_is_refused_naming_the_list():
    # The seat's Named Henchman is picked from the game's list (components.NAMED_HENCHMEN).
    with pytest.raises(InvalidInput) as caught:
        parse_setup({"mode": "syndicate", "seats": [{"henchman": "Dr. Null"}]})
    assert caught.value.field == "seats.0.henchman"
    assert "Dr. Null" in caught.value.detail
    assert "Azura Badeau" in caught.value.allowed and "Jin Feng" in caught.value.allowed
    assert "General Goodman" not in caught.value.allowed


@pytest.mark.parametrize("typed", ["Azura Badeau", "azura  badeau", "Azura", "Axle",
                                   'Boris "Myasneek"', "Emerson Barlow", "Emmerson Barlow"])
def test_a_listed_named_henchman_is_taken_as_typed(typed):
    # One word of a name, as the rulebook says "Azura" and "Axle" (tomorrow-dies-today.txt:630);
    # the glossary's "Emerson Barlow" (:1056) is the list's "Emmerson Barlow".
    setup = parse_setup({"mode": "syndicate", "seats": [{"henchman": typed}]})
    assert setup.seats[0].name == typed.strip()


def test_general_goodman_is_a_choice_of_the_list_in_cutthroat_only():
    setup = parse_setup({"mode": "cutthroat", "seats": [
        {"henchman": "General Goodman", "player": "Gil"}, *seats(3)]})
    assert setup.seats[0].goodman and setup.seats[0].id == "goodman"
    assert setup.seats[0].player == "Gil"
    with pytest.raises(InvalidInput) as caught:
        parse_setup({"mode": "syndicate", "seats": [{"henchman": "General Goodman"}]})
    assert caught.value.field == "seats.0.henchman"


def test_the_team_leader_is_one_of_the_seats_by_id_or_name():
    setup = parse_setup({"mode": "syndicate", "seats": seats(2), "team_leader": "Jin Feng"})
    assert setup.team_leader == "jin-feng"
    with pytest.raises(InvalidInput) as caught:
        parse_setup({"mode": "syndicate", "seats": seats(2), "team_leader": "Ugo"})
    assert caught.value.field == "team_leader" and "azura-badeau" in caught.value.allowed


def test_a_saved_seat_keeps_its_name_from_before_the_list():
    # A stored session's setup names each seat by "id" and "name" (SessionSeat.to_json):
    # it folds as it was stored, whatever its name.
    saved = {"mode": "syndicate", "rounds": False,
             "seats": [{"id": "dr-null", "name": "Dr. Null", "goodman": False}]}
    setup = parse_setup(saved)
    assert setup.seats[0].name == "Dr. Null" and parse_setup(setup.to_json()) == setup


NAMES = ["Ана", "Аня", "王芳", "王芬", "🦊", "José", "Jose"]


@pytest.mark.parametrize(("mode", "count"), [("cutthroat", 7), ("cutthroat", 4),
                                             ("syndicate", 6), ("mayhem", 6), ("mayhem", 3)])
def test_names_and_a_mode_deal_the_rest_by_the_seed(mode, count):
    """Issue 43, item 4: a seat without a Named Henchman gets one from the game's list (in
    Cutthroat one of them plays General Goodman; in Mayhem, teams are dealt), by the seed;
    the same names deal the same table, and a stored table keeps its deal."""
    body = {"mode": mode, "seats": [{"player": n} for n in NAMES[:count]]}
    setup = parse_setup(body)
    assert [s.player for s in setup.seats] == NAMES[:count]
    henchmen = [s.name for s in setup.henchmen]
    assert len(set(henchmen)) == len(henchmen) and set(henchmen) <= set(NAMED)
    assert sum(s.goodman for s in setup.seats) == (mode == "cutthroat")
    if mode == "mayhem":
        sizes = {t: sum(s.team == t for s in setup.seats) for t in {s.team for s in setup.seats}}
        assert len(set(sizes.values())) == 1 and 2 <= len(sizes) <= 3
    assert parse_setup(body) == setup
    assert parse_setup(setup.to_json()) == setup
    deals = {tuple(s.name for s in parse_setup({**body, "seed": str(n)}).seats)
             for n in range(12)}
    assert len(deals) > 1


def test_a_seat_that_names_its_henchman_keeps_it_and_the_deal_skips_it():
    setup = parse_setup({"mode": "cutthroat", "seats": [
        {"player": "Ана", "henchman": "Jin Feng"}, {"player": "Аня", "goodman": True},
        {"player": "王芳"}, {"player": "王芬"}]})
    assert setup.seats[0].name == "Jin Feng" and setup.seats[1].goodman
    assert "Jin Feng" not in [s.name for s in setup.seats[2:]]
