"""A tracked game's fixed part: the game, the mode, the seats, and where the tracks start.

Seats are the Named Henchmen in play (with the player's name and, in Mayhem, the team) plus
General Goodman in Cutthroat. Each seat gets a short id (its name in lower case with hyphens)
that events use to say whose VP, trigger or objective they are about.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.tracker import seat_id, seat_index
from assistant.tracker.fields import check_form
from assistant.tracker.names import same_name

from ..modes import MAYHEM_TEAMS, NAMED_HENCHMEN, PlayMode
from ..setup_data import CLOCK_START
from .forms import GOODMAN_NAME, NAMED, SEAT_FORM, SETUP_FORM, SPELLINGS

GAME = "tdt"
GOODMAN_ID = "goodman"
TEAMS = ("Red", "Blue", "Green")
"""Mayhem teams the setup deals where the table names none."""


@dataclass(frozen=True)
class SessionSeat:
    id: str
    name: str
    """The Named Henchman, or General Goodman."""
    player: str | None = None
    team: str | None = None
    """Mayhem only."""
    goodman: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "player": self.player, "team": self.team,
                "goodman": self.goodman}


@dataclass(frozen=True)
class SessionSetup:
    game: str
    mode: PlayMode
    seats: tuple[SessionSeat, ...]
    clock: int
    """Where the Doomsday Marker starts."""
    tech: int | None
    """Where the Tech Marker starts; None when the table did not say (the rulebook doesn't)."""
    team_leader: str | None = None
    """Seat id holding the Team Leader token at the start, if the table said."""
    global_events: bool = False
    """The table plays Global Events (always in Syndicate; optional otherwise)."""
    rounds: bool = True
    """The session follows the round structure (rounds.py); False: a plain ledger, as every
    session stored before the structure was known folds."""
    play: bool = True
    """The session referees the play layer (issue 41): turns, the Actions of a stage in
    order, Deployments before acting, the components' counts. False for a table stored by the
    earlier referee of the rounds, which folds as it was recorded (stages only)."""

    @property
    def refereed(self) -> bool:
        """The play layer is refereed (a table that follows the rounds, stored since)."""
        return self.rounds and self.play

    def seat(self, seat: str, field: str = "seat") -> SessionSeat:
        return self.seats[seat_index(self.seats, seat, field)]

    @property
    def henchmen(self) -> tuple[SessionSeat, ...]:
        return tuple(s for s in self.seats if not s.goodman)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "mode": self.mode.value,
                "seats": [s.to_json() for s in self.seats], "clock": self.clock,
                "tech": self.tech, "team_leader": self.team_leader,
                "global_events": self.global_events, "rounds": self.rounds,
                "play": self.play}


def parse_setup(data: Mapping[str, Any]) -> SessionSetup:
    """A Setup from a create request (or an export), checked against the rules of the mode."""
    values = check_form(SETUP_FORM, data)
    mode = PlayMode(values["mode"])
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or not raw_seats:
        raise InvalidInput("seats", "List the seats: one per Named Henchman in play, plus "
                           "General Goodman in Cutthroat.", "a non-empty list")
    seats = _seats(mode, deal(mode, raw_seats, values.get("seed")))
    henchmen = [s for s in seats if not s.goodman]
    low, high = NAMED_HENCHMEN[mode]
    if not low <= len(henchmen) <= high:
        raise InvalidInput("seats", f"{mode.title()} is played with {low} to {high} Named "
                           f"Henchmen; you listed {len(henchmen)}.", f"{low}-{high}")
    if mode is PlayMode.MAYHEM:
        _check_teams(henchmen)
    clock = values.get("clock")
    if clock is None:
        clock = CLOCK_START[mode][len(henchmen)]
    tech = values.get("tech")
    leader = values.get("team_leader")
    if leader is not None:  # a seat's id, its name, or its player's as a page's list sends it
        seat = next((s for s in seats if s.id in (leader, seat_id(leader))), None) or next(
            (s for s in seats if s.player and same_name(s.player) == same_name(leader)), None)
        if seat is None or seat.goodman:
            raise InvalidInput("team_leader", f"The Team Leader token goes to a Named Henchman "
                               f"at the table; there is no such seat {leader!r}.",
                               ", ".join(s.id for s in henchmen))
        leader = seat.id
    events = mode is PlayMode.SYNDICATE or bool(values.get("global_events"))
    return SessionSetup(GAME, mode, tuple(seats), clock, tech, leader, events,
                        _rounds(data, values), _play(data, values))


def _play(data: Mapping[str, Any], values: Mapping[str, Any]) -> bool:
    """Whether the session referees the play layer. A setup stored before it did (its seats
    carry their saved ids, it names "rounds" and not "play") folds as it was recorded; a new
    table, or one stored since, plays by it."""
    if "play" in data:
        return bool(values.get("play", True))
    seats = data.get("seats")
    saved = isinstance(seats, list) and all(isinstance(s, Mapping) and "id" in s for s in seats)
    return not (saved and "rounds" in data)


def _rounds(data: Mapping[str, Any], values: Mapping[str, Any]) -> bool:
    """Whether the session follows the rounds. A setup stored before it could (its seats all
    carry their saved ids, and it has no "rounds" key) stays the plain ledger it was, so its
    events fold as they were recorded; a new table follows the rounds unless it says not."""
    if "rounds" in data:
        return bool(values.get("rounds", True))
    seats = data.get("seats")
    saved = isinstance(seats, list) and all(isinstance(s, Mapping) and "id" in s for s in seats)
    return not saved


def deal(mode: PlayMode, raw: Sequence[Any], seed: str | None) -> list[Any]:
    """The seat rows with what the table leaves to a dealer dealt by `seed` (by default the
    players' names, so the same form deals the same seats): in Cutthroat, with no seat for
    General Goodman, one of the rows without a Named Henchman plays him; every row still
    without one gets a Named Henchman from the list, in the seed's shuffled order, none taken
    twice; in Mayhem, with no team named, the Named Henchmen form two teams (three for an odd
    count), seats shuffled into them. Rows that name their own are kept as they are."""
    rows = [dict(r) if isinstance(r, Mapping) else r for r in raw]
    plain = [r for r in rows if isinstance(r, dict)]
    key = seed or "|".join([mode.value, *(str(r.get("player") or "") for r in plain)])
    rng = random.Random(f"tdt-seats:{key}")
    order = list(NAMED)
    rng.shuffle(order)
    spin = rng.randrange(1 << 30)
    blanks = [r for r in plain if not (r.get("henchman") or r.get("goodman") or r.get("name"))]
    chosen = {_which(str(r["henchman"])) for r in plain if r.get("henchman")}
    goodman = any(r.get("goodman") or seat_id(str(r.get("henchman") or "")) ==
                  seat_id(GOODMAN_NAME) for r in plain)
    if mode is PlayMode.CUTTHROAT and not goodman and blanks:
        blanks.pop(spin % len(blanks))["goodman"] = True
    pool = [n for n in order if n not in chosen]
    for row in blanks[:len(pool)]:
        row["henchman"] = pool.pop(0)
    if mode is PlayMode.MAYHEM and not any(r.get("team") for r in plain):
        henchmen = [r for r in plain if not r.get("goodman")]
        count = 2 if len(henchmen) % 2 == 0 or len(henchmen) % 3 else 3
        teams = [TEAMS[i % count] for i in range(len(henchmen))]
        rng.shuffle(teams)
        for row, team in zip(henchmen, teams, strict=True):
            row["team"] = team
    return rows


def dealt(setup: SessionSetup) -> dict[str, Any]:
    """The form's values for every seat row, dealt or chosen (a start page shows the deal)."""
    return {"seats": [{"henchman": s.name, "team": s.team} for s in setup.seats]}


def _which(name: str) -> str | None:
    """The list's Named Henchman a typed name picks (None for one not on the list)."""
    try:
        typed = seat_id(SPELLINGS.get(listed(name, "henchman"), name))
    except InvalidInput:
        return None
    return next((full for full in NAMED if seat_id(full) == typed), None) or next(
        (full for full in NAMED if typed in seat_id(full).split("-")), None)


def _seats(mode: PlayMode, raw: Sequence[Any]) -> list[SessionSeat]:
    seats: list[SessionSeat] = []
    for i, item in enumerate(raw):
        at = f"seats.{i}"
        if not isinstance(item, Mapping):
            raise InvalidInput(at, "Each seat is an object such as {\"henchman\": \"Azura "
                               "Badeau\", \"player\": \"Ana\"}.", "an object")
        values = check_form(SEAT_FORM, item, at)
        chosen = values.get("henchman")
        goodman = bool(values.get("goodman")) or (chosen is not None
                                                  and seat_id(chosen) == seat_id(GOODMAN_NAME))
        if chosen is not None and not goodman:
            chosen = listed(chosen, f"{at}.henchman")
        name = chosen or (item.get("name") if not goodman else None)
        team = values.get("team")
        if goodman:
            if mode is not PlayMode.CUTTHROAT:
                where = f"{at}.goodman" if values.get("goodman") else f"{at}.henchman"
                raise InvalidInput(where, f"Nobody plays General Goodman in {mode.title()}.",
                                   "Cutthroat only")
            if team:
                raise InvalidInput(f"{at}.team", "General Goodman plays for no team.", "none")
            seats.append(SessionSeat(GOODMAN_ID, GOODMAN_NAME, values.get("player"), goodman=True))
            continue
        if not isinstance(name, str) or not name.strip():
            raise InvalidInput(f"{at}.henchman", "Each seat names its Named Henchman.",
                               "a name")
        if mode is PlayMode.MAYHEM and not team:
            raise InvalidInput(f"{at}.team", f"In Mayhem every Named Henchman plays for a "
                               f"team; {name} has none.", "a team name")
        if mode is not PlayMode.MAYHEM and team:
            raise InvalidInput(f"{at}.team", f"Teams exist only in Mayhem, not in "
                               f"{mode.title()}.", "no team")
        seats.append(SessionSeat(seat_id(name), name.strip(), values.get("player"),
                          team.strip() if team else None))
    ids = [s.id for s in seats]
    for i, sid in enumerate(ids):
        if sid in ids[:i]:
            what = "General Goodman" if sid == GOODMAN_ID else repr(seats[i].name)
            raise InvalidInput(f"seats.{i}", f"{what} is seated twice.", "each seat once")
    if mode is PlayMode.CUTTHROAT and GOODMAN_ID not in ids:
        raise InvalidInput("seats", "Cutthroat needs a seat for General Goodman "
                           "({\"goodman\": true}).", "one Goodman seat")
    return seats


def listed(name: str, field: str) -> str:
    """`name` as typed, when it picks a Named Henchman from the list (NAMED): the full name
    in any case, spacing or quoting, or one word of it that names only that one, as the
    rulebook calls them "Azura" or "Axle" (tomorrow-dies-today.txt:630). InvalidInput naming
    the list for anyone else."""
    wanted = seat_id(SPELLINGS.get(name.strip(), name))
    if any(seat_id(full) == wanted for full in NAMED):
        return name.strip()
    words = [full for full in NAMED if wanted in seat_id(full).split("-") and wanted != "the"]
    if len(words) == 1 and "-" not in wanted:
        return name.strip()
    raise InvalidInput(field, f"{name!r} is not a Named Henchman of Tomorrow Dies Today: "
                       "choose one from the list (or General Goodman, Cutthroat's own seat).",
                       ", ".join(NAMED))


def _check_teams(henchmen: Sequence[SessionSeat]) -> None:
    sizes: dict[str, int] = {}
    for seat in henchmen:
        key = (seat.team or "").casefold()
        sizes[key] = sizes.get(key, 0) + 1
    if not MAYHEM_TEAMS[0] <= len(sizes) <= MAYHEM_TEAMS[1]:
        raise InvalidInput("seats", f"Mayhem is played by 2 or 3 teams; you named {len(sizes)}.",
                           "2-3 teams")
    if len(set(sizes.values())) > 1:
        raise InvalidInput("seats", "Mayhem teams pick equal numbers of Named Henchmen "
                           "(Setup › Pick Characters: teams take turns picking an equal "
                           f"number); yours field {sorted(sizes.values())}.",
                           "the same number per team")
