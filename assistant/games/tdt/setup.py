"""Tomorrow Dies Today setup: the whole checklist for a mode and player count.

`setup_for(...)` returns a frozen `Setup` (plain data the printables and phone pages reuse);
`deal_for(setup, seed)` hands out the named tiles reproducibly; `SETUP` is the Operation the
API serves. Sections cited are from the rulebook's "Setting Up and Goals". The parts:

    setup_data.py      the tables (hand-outs, clock starts, tile counts)
    setup_checks.py    the inputs checked against the rules
    setup_handouts.py  who is dealt what: seats, Resource and Doomsday Mission hand-outs
    setup_steps.py     the checklist, its words in checklist.toml
    setup_deal.py      the seeded deal of named tiles
    setup_model.py     the frozen records they share
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.games import Operation
from assistant.inputs import Flag, Form, Integer, IntList, OneOf, Text

from .modes import MODE_TITLES, PlayMode
from .setup_checks import (
    check_mode,
    check_named_henchmen,
    check_players,
    check_teams,
    default_teams,
)
from .setup_data import (
    CLOCK_START,
    GOODMAN_ASSETS,
    MAX_NAMED_HENCHMEN,
    SYNDICATE_RESOURCE_FIRST_DRAW,
    SYNDICATE_RESOURCE_SECOND_DRAW,
    TILES_ON_WAR_MAP,
)
from .setup_deal import deal_for
from .setup_handouts import doomsday_handout, resource_handout, seats_for
from .setup_model import (
    Deal,
    Handout,
    Pile,
    Seat,
    SeatRole,
    Setup,
    SetupStep,
    TileCount,
)
from .setup_steps import steps_for

__all__ = ["SETUP", "Deal", "Handout", "Pile", "PlayMode", "Seat", "SeatRole", "Setup",
           "SetupStep", "TileCount", "deal_for", "default_teams", "setup_for"]


def setup_for(mode: PlayMode | str, players: int, named_henchmen: int | None = None,
              teams: Sequence[int] | None = None, global_events: bool = False) -> Setup:
    """The full setup for a mode and player count. Raises InvalidInput outside the rules."""
    play = check_mode(mode)
    title = MODE_TITLES[play]
    if teams and play is not PlayMode.MAYHEM:
        raise InvalidInput("teams", f"Teams are set only in Mayhem; {title} has none. Leave "
                           f"teams out.", "only in mode mayhem")
    if named_henchmen is not None and play is PlayMode.CUTTHROAT:
        raise InvalidInput("named_henchmen", "In Cutthroat one player is Goodman and every "
                           "other player runs one Named Henchman, so the number follows from "
                           "the players. Leave named_henchmen out.",
                           "only in mode syndicate or mayhem")
    check_players(play, players)
    defaults: list[str] = []
    team_sizes: tuple[int, ...] = ()
    per_team: int | None = None
    if play is PlayMode.CUTTHROAT:
        named = players - 1
    elif play is PlayMode.SYNDICATE:
        named = players if named_henchmen is None else named_henchmen
        if named_henchmen is None:
            defaults.append(f"Named Henchmen in play not chosen: one per player, "
                            f"N = {named}.")
        check_named_henchmen(play, players, (), named)
    else:
        if teams:
            team_sizes = tuple(teams)
        else:
            team_sizes = default_teams(players)
            defaults.append(f"Teams not chosen: we split {players} players as "
                            f"{list(team_sizes)} (the fewest equal teams where each player "
                            f"runs one Named Henchman; 5 players: 3 + 2).")
        check_teams(players, team_sizes)
        if named_henchmen is None:
            named = max(team_sizes) * len(team_sizes)
            defaults.append(f"Named Henchmen in play not chosen: each team fields "
                            f"{max(team_sizes)}, "
                            f"the fewest that give every player one, so N = {named}.")
        else:
            named = named_henchmen
        check_named_henchmen(play, players, team_sizes, named)
        per_team = named // len(team_sizes)
    events = global_events or play is PlayMode.SYNDICATE
    clock = CLOCK_START[play][named]
    setup = Setup(
        mode=play, players=players, named_henchmen=named, teams=team_sizes,
        henchmen_per_team=per_team, global_events=events, clock_start=clock,
        global_event_at_start=events and clock % 2 == 0,
        goodman=GOODMAN_ASSETS[named] if play is PlayMode.CUTTHROAT else None,
        seats=seats_for(play, players, named, team_sizes),
        resource_missions=resource_handout(play, players, named, team_sizes),
        doomsday_missions=doomsday_handout(play, players, named, team_sizes),
        defaults=tuple(defaults))
    return replace(setup, steps=steps_for(setup))


def setup_json(s: Setup) -> dict[str, Any]:
    """The Operation's `result` for a Setup (without the deal)."""
    goodman = None if s.goodman is None else {
        "resources": s.goodman.resources, "faceless_henchmen": s.goodman.faceless_henchmen,
        "vp": s.goodman.vp}
    return {
        "mode": s.mode.value, "players": s.players, "named_henchmen": s.named_henchmen,
        "teams": list(s.teams) or None, "henchmen_per_team": s.henchmen_per_team,
        "global_events": s.global_events, "clock_start": s.clock_start,
        "global_event_at_start": s.global_event_at_start, "goodman": goodman,
        "seats": [seat.to_json() for seat in s.seats],
        "resource_missions": s.resource_missions.to_json(),
        "doomsday_missions": s.doomsday_missions.to_json(),
        "defaults": list(s.defaults),
        "steps": [step.to_json(i) for i, step in enumerate(s.steps, start=1)],
    }


def summary(s: Setup) -> str:
    title = MODE_TITLES[s.mode]
    who = {PlayMode.CUTTHROAT: f"Goodman + {s.named_henchmen} Named Henchmen",
           PlayMode.SYNDICATE: f"{s.named_henchmen} Named Henchmen",
           PlayMode.MAYHEM: f"teams {'+'.join(map(str, s.teams))}, "
                            f"{s.henchmen_per_team} Named "
                            f"Henchm{'a' if s.henchmen_per_team == 1 else 'e'}n each"}[s.mode]
    parts = [f"TDT {title}, {s.players} players ({who})",
             f"clock starts on {s.clock_start}"
             + (" with a Global Event" if s.global_event_at_start else "")]
    if s.goodman is not None:
        g = s.goodman
        parts.append(f"Goodman starts with {g.resources} Resources, "
                     f"{g.faceless_henchmen} Faceless Henchmen, {g.vp} VP")
    resource = (f"team draws {SYNDICATE_RESOURCE_FIRST_DRAW}, places {TILES_ON_WAR_MAP}, "
                f"then draws {SYNDICATE_RESOURCE_SECOND_DRAW}" if s.mode is PlayMode.SYNDICATE
                else _hands_in_words(s.resource_missions))
    parts.append(f"Resource Missions: {resource}")
    parts.append(f"Doomsday Missions: {_hands_in_words(s.doomsday_missions)}")
    return "; ".join(parts) + "."


def _hands_in_words(h: Handout) -> str:
    """A hand-out in a few words: "3 per Henchman, 6 to Goodman", "9 per team"."""
    if not h.dealt:
        return "dealt at random, none to players"
    words: list[str] = []
    for where, per in (("Henchman", "per Henchman"), ("Team ", "per team")):
        same = {t.tiles for t in h.dealt if t.where.startswith(where)}
        if len(same) == 1:
            words.append(f"{same.pop()} {per}")
    words += [f"{t.tiles} to {t.where}" for t in h.dealt
              if not t.where.startswith(("Henchman", "Team "))]
    if h.extra:
        words.append(f"+1 each for {h.extra} seats you agree on")
    return ", ".join(words)


def _optional_int(data: Mapping[str, Any], name: str) -> int | None:
    value = data.get(name)
    return None if value is None else int(value)


def run(data: Mapping[str, Any]) -> Explained:
    teams = data.get("teams") or None
    s = setup_for(str(data["mode"]), int(data["players"]),
                  named_henchmen=_optional_int(data, "named_henchmen"),
                  teams=None if teams is None else [int(t) for t in teams],
                  global_events=bool(data.get("global_events", False)))
    result = setup_json(s)
    seed = data.get("seed")
    if seed is not None and str(seed) != "":
        result["deal"] = deal_for(s, seed).to_json()
    return Explained(result, tuple(step.explain() for step in s.steps), summary(s))


FORM: Form = (
    OneOf("mode", "Which way to play.", tuple(m.value for m in PlayMode), required=True),
    # No bounds on players or teams here: the core's refusal names the mode's own range.
    Integer("players", "People at the table (Cutthroat 4-7, Syndicate 1-6, Mayhem 2-6).",
            required=True),
    Integer("named_henchmen", "Syndicate and Mayhem: Named Henchmen in play (1-6). Syndicate: "
            "at least one per player, default one each. Mayhem: equal per team, default the "
            "fewest that give every player one.", minimum=1, maximum=MAX_NAMED_HENCHMEN),
    IntList("teams", "Mayhem only: players per team, e.g. 2,2 or 1,1,1 (default: the fewest "
            "equal teams; 5 players: 3,2)."),
    Flag("global_events", "Play with Global Events (always on in Syndicate)."),
    Text("seed", "Optional: deal the named tiles at random; the same seed gives the same "
         "deal.", max_length=80),
)

SETUP = Operation(
    slug="setup",
    title="Setup",
    summary="The full setup checklist for a mode and player count: tile hand-outs, starting "
            "assets, the Doomsday Clock and more, with an optional seeded deal.",
    form=FORM,
    run=run,
    example={"mode": "cutthroat", "players": 5},
    rules=("setup-war-map", "pick-characters", "goodman-role", "syndicate-communal-vault",
           "syndicate-building-the-base", "setup-resource-missions", "setup-doomsday-missions",
           "setup-base-tiles", "setup-goodman-assets", "setup-starting-henchmen",
           "setup-doomsday-plan", "setup-nefarious-plans", "setup-side-jobs", "setup-tracks",
           "doomsday-clock-start", "setup-betrayal-triggers"),
)
