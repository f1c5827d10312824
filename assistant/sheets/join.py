"""The "join this table" sheet of a tracked game: a table tent with a code to follow it and,
for the editor who asked, a cut-off strip with a code that opens the page ready to record.
Wording comes from the game's tracker."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from urllib.parse import urlencode

from assistant import links
from assistant.games import Game

from . import Fact, Facts, Kind, Layout, Link, Para, Section, Sheet
from .kit import plural

CODE_LABEL = "Share code"
"""The fact the tent prints in big type."""


EDIT_TITLE = "Scorekeeper only: change the record"
SLIP_TITLE = "Claim this seat"
"""The title of each seat's slip (a game with secrets): its claim code and the QR that
claims it, one slip per player, cut apart and handed round."""


def join_sheet(game: Game, code: str, mode: str, seats: Sequence[tuple[str, str | None]],
               urls: Mapping[str, str], slips: Sequence[tuple[str, str, str]] = ()) -> Sheet:
    """`seats`: (name, player) per seat; `urls`: view, api and, for an editor, edit; `slips`:
    (seat name, claim code, claim link) per seat, for the editor of a game with secrets."""
    wording = game.tracker.wording if game.tracker else None
    follows = wording.follows if wording else "the shared record of the game"
    seat_one, seat_many = (wording.seat, wording.seats) if wording else ("seat", "seats")
    mode_title = next((m.title for m in game.modes if m.slug == mode), mode.title())
    follow = Link(page=urls["view"], api=urls["api"], label="Follow")
    sections = [Section("Follow the game", (
        Para(f"Scan to see {follows}, live, on your own phone. This code only reads."),
        Facts((Fact(CODE_LABEL, code.upper()), Fact("Mode", mode_title),
               *(Fact(name, player or "") for name, player in seats)))), link=follow)]
    if "edit" in urls:
        sections.append(Section(EDIT_TITLE, (
            Para("Scan to open the same page ready to record events and undo them. Whoever "
                 "holds this code can change the record: cut this strip off and keep it "
                 "with the scorekeeper."),),
            link=Link(page=urls["edit"], api=urls["api"], label="Edit")))
    for name, claim, link in slips:
        sections.append(Section(SLIP_TITLE, (
            Para(f"For {name}'s own phone only: scan to claim the seat. That phone alone then "
                 "keeps the seat's secrets. No camera? Tap \"This is my seat\" on the table's "
                 "page and type the code."),
            Facts((Fact("Seat", name), Fact("Claim code", claim)))),
            link=Link(page=link, api=urls["api"], label=name)))
    return Sheet(kind=Kind.AID, slug=f"lairside-session-{code}" + ("-edit" if "edit" in urls
                                                                   else ""),
                 title="Join this table", game=game.title, mode=mode_title,
                 players=plural(len(seats), seat_one, seat_many), sections=tuple(sections),
                 link=follow, columns=1, layout=Layout.TENT)


def start_sheet(game: Game, mode: str, params: Mapping[str, object]) -> Sheet:
    """The pack's table tent before a session exists: its code opens the phone page that
    starts one (mode and player count filled in); that page then shows its own share code."""
    mode_title = next((m.title for m in game.modes if m.slug == mode), mode.title())
    query = {k: v for k, v in params.items() if k in ("mode", "players", "seed") and v}
    page = links.session(game.slug, "new") + (f"?{urlencode(query)}" if query else "")
    start = Link(page=page, api=f"/api/v1/games/{game.slug}/sessions", label="Start the table")
    players = params.get("players")
    count = plural(int(str(players)), "player", "players") if players else "any number of players"
    return Sheet(kind=Kind.AID, slug=f"{game.slug}-start-table", title="Start this table",
                 game=game.title, mode=mode_title, players=count, sections=(Section(
                     "Start the table", (Para(
                         "The scorekeeper scans this code to start the shared record of "
                         "tonight's game; the page then shows a code everyone else scans to "
                         "follow it live."),), link=start),),
                 link=start, columns=1, layout=Layout.TENT)
