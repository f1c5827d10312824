"""A finished table as a logged play (issue 33): the hand-over BG Stats documents (a link to
createPlay.html with the play as URL-encoded JSON), a few lines of text for a group chat, and
one row per seat for a spreadsheet.

Built only from what every game answers: `Tracker.finished` and the score's standings
(standings.py: rank, total, winner, public role). A provisional score is never a play, and a
game's own result keys are never read, so every game logs the same way. Pure: the caller
gives the session's times (api/storage keeps them) already in the zone to show.
"""
from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo
from typing import Any
from urllib.parse import quote
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from assistant.errors import InvalidInput, LairsideError

from .contract import SeatLike, TableSetup, Tracker
from .names import seat_ids
from .standings import one

BGSTATS_WEB = "https://app.bgstatsapp.com/createPlay.html?data="
BGSTATS_APP = "bgstats://app.bgstatsapp.com/createPlay.html?data="
"""BG Stats' documented hand-over, on the web and straight into the app."""
SOURCE = "Lairside"
CSV_HEADER = ("date", "game", "mode", "seat", "name", "score", "rank", "winner", "role")


class NotEnded(LairsideError):
    """The rules have not ended the game (or its score ranks no seats): nothing to log yet."""

    title = "The game has not ended"


@dataclass(frozen=True)
class Start:
    """Who started: a seat id, and whether the game's setup says so (False: the first seat
    listed, standing in because this table did not record who started)."""

    seat: str
    recorded: bool


def start_seat(tracker: Tracker, setup: TableSetup) -> Start:
    """The start player from the game's `start_seat(setup)` (the setup's first player,
    Loser Lad's holder...), else the first seat listed."""
    seat = tracker.start_seat(setup)
    if isinstance(seat, str) and any(s.id == seat for s in setup.seats):
        return Start(seat, True)
    return Start(setup.seats[0].id, False)


@dataclass(frozen=True)
class Play:
    """A finished table's play: BG Stats' fields (`data`) and what the text and rows say."""

    data: dict[str, Any]
    seats: tuple[str, ...]
    """Each player's seat name, in the players' order (the rows' `seat`)."""
    start: Start
    unit: str

    @property
    def link(self) -> str:
        return BGSTATS_WEB + encoded(self.data)

    @property
    def app_link(self) -> str:
        return BGSTATS_APP + encoded(self.data)

    def text(self) -> str:
        """A few lines for a group chat: the game, when, and each seat best first."""
        d = self.data
        head = f"{d['game']['name']} · {d['board']} · {d['playDate'][:16]} " \
               f"({d['durationMin']} min)"
        lines = [head]
        for p in d["players"]:
            role = f" ({p['role']})" if p["role"] else ""
            unit = one(self.unit) if p.get("score") == 1 else self.unit
            score = f" {_number(p['score'])} {unit}" if "score" in p else ""
            win = " · winner" if p["winner"] else ""
            lines.append(f"{p['rank']}. {p['name']}{role}{score}{win}")
        who = next(p["name"] for p in d["players"] if p["startPlayer"])
        lines.append(f"Start player: {who}" + ("" if self.start.recorded
                                                 else " (the first seat listed)"))
        lines.append(d["comments"])
        return "\n".join(lines)

    def rows(self) -> list[list[str]]:
        """CSV_HEADER's row per seat, best first; text cells a spreadsheet would run as a
        formula (=, +, -, @) are kept as text."""
        d = self.data
        out = [list(CSV_HEADER)]
        for seat, p in zip(self.seats, d["players"], strict=True):
            out.append([d["playDate"], _cell(d["game"]["name"]), _cell(d["board"]),
                        _cell(seat), _cell(p["name"]),
                        _number(p["score"]) if "score" in p else "", str(p["rank"]),
                        "yes" if p["winner"] else "no", _cell(p["role"])])
        return out

    def csv_text(self) -> str:
        """The rows as a CSV file."""
        out = io.StringIO()
        csv.writer(out).writerows(self.rows())
        return out.getvalue()


def time_zone(raw: str | None) -> tuple[str, tzinfo]:
    """The `tz` asked for (an IANA name such as Europe/Paris; UTC when left out)."""
    if raw is None or raw == "UTC":
        return "UTC", UTC
    try:
        if len(raw) <= 64:  # IANA names are far shorter: no long path asked of the disk
            return raw, ZoneInfo(raw)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        pass
    raise InvalidInput("tz", f"There is no time zone {raw[:64]!r}.",
                       "an IANA time zone such as Europe/Paris, or UTC")


def build(tracker: Tracker, title: str, mode_title: str, setup: TableSetup, state: Any,
          code: str, began: datetime, ended: datetime) -> Play:
    """The play of the table `code`, played from `began` to `ended` (its own times, in the
    zone to show). NotEnded while the rules have not ended the game."""
    if not tracker.finished(setup, state):
        raise NotEnded("The rules have not ended this game yet, so there is no play to log: "
                       "the score is provisional until they do.")
    answer = tracker.score(setup, state)
    standings: Sequence[Mapping[str, Any]] | None = answer.result.get("standings")
    if not answer.result.get("final") or not standings:
        raise NotEnded("This game's score does not rank the seats yet, so there is no play "
                       "to log.")
    points = bool(answer.result.get("points", True))
    seats = {s.id: s for s in setup.seats}
    start = start_seat(tracker, setup)
    people = [seats[str(s["seat"])] for s in standings]
    ids = seat_ids([p.player or p.name for p in people], list_name="players")
    players = [_player(s, seat, points, start.seat, person)
               for s, seat, person in zip(standings, people, ids, strict=True)]
    data = {"sourceName": SOURCE, "sourcePlayId": code,
            "playDate": began.strftime("%Y-%m-%d %H:%M:%S"),
            "durationMin": max(0, round((ended - began).total_seconds() / 60)),
            "location": "", "comments": f"Kept on {SOURCE}, table {code}. "
                                        f"{answer.result.get('headline') or answer.summary}",
            "board": mode_title,
            "game": {"name": title, "highestWins": True, "noPoints": not points,
                     "sourceGameId": setup.game},
            "players": players}
    return Play(data, tuple(seats[str(s["seat"])].name for s in standings), start,
                str(answer.result.get("unit", "")))


def _player(standing: Mapping[str, Any], seat: SeatLike, points: bool, start: str,
            person_id: str) -> dict[str, Any]:
    """A seat as BG Stats takes a player: the person's name where the seat has one (the seat's
    own name, a Henchman say, then kept as its role), its shared rank and winner, and only the
    public role its standing gives (never a secret: the standings carry none), each role once.
    The source id is made from the person's name in any alphabet (names.seat_id), so BG Stats
    matches the same person from play to play and never merges two players of one play."""
    person = seat.player or seat.name
    roles = [seat.name] if seat.player and seat.player != seat.name else []
    role = str(standing.get("role") or "")
    if role and role.casefold() not in (r.casefold() for r in roles):
        roles.append(role)
    out: dict[str, Any] = {"name": person, "rank": int(standing["rank"]),
                           "winner": bool(standing["winner"]), "startPlayer": seat.id == start,
                           "role": ", ".join(roles), "sourcePlayerId": person_id}
    total = standing.get("total")
    if points and isinstance(total, int | float) and not isinstance(total, bool):
        out["score"] = total
    return out


def encoded(data: Mapping[str, Any]) -> str:
    """The play as the `data` parameter: compact JSON, URL-encoded (UTF-8, nothing left
    unescaped that a link could misread)."""
    return quote(json.dumps(data, ensure_ascii=False, separators=(",", ":")), safe="")


def _number(value: Any) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def _cell(text: str) -> str:
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
