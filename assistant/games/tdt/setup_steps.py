"""The setup checklist for a Setup: which steps a mode takes, and the numbers in them.

The words live in checklist.toml (one table per step or per mode's version of a step); this
module picks the tables and fills in their {placeholders} from setup_data.py and the Setup.
"""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from assistant.explain import Provenance, plural

from .book import mark
from .modes import MAX_TRIGGERS, MODE_TITLES, PlayMode
from .setup_data import (
    CUTTHROAT_DOOMSDAY_HANDS,
    CUTTHROAT_RESOURCE_HANDS,
    DIRECTIVES_FACE_UP,
    DOOMSDAY_TILES,
    FACELESS_TYPES,
    GADGETS_IN_R_AND_D,
    GOODMAN_DOOMSDAY_VAULT_CAP,
    HIGH_ALERT_ON_INTERPOL,
    MAX_NAMED_HENCHMEN,
    MAYHEM_FACELESS,
    RESOURCE_TILES,
    RESOURCE_TYPES,
    SIDE_JOBS_DRAWN,
    SIDE_JOBS_KEPT,
    SIDE_JOBS_NAMED,
    SYNDICATE_DOOMSDAY_VAULT,
    SYNDICATE_DOOMSDAY_WORLD,
    SYNDICATE_RESOURCE_FIRST_DRAW,
    SYNDICATE_RESOURCE_SECOND_DRAW,
    SYNDICATE_RESOURCE_VAULT,
    SYNDICATE_RESOURCE_WORLD,
    TILES_ON_WAR_MAP,
    GoodmanAssets,
)
from .setup_handouts import mayhem_doomsday_numbers, mayhem_resource_numbers
from .setup_model import (
    COMMUNAL_VAULT,
    GOODMAN_VAULT,
    HOUSE,
    RULEBOOK,
    WORLD,
    Handout,
    Number,
    Setup,
    SetupStep,
)

with (Path(__file__).parent / "checklist.toml").open("rb") as _fh:
    CHECKLIST: Mapping[str, Mapping[str, str]] = tomllib.load(_fh)


def words(ref: str, part: str, **values: Any) -> str:
    """One piece of a step's wording from checklist.toml, its placeholders filled in."""
    return CHECKLIST[ref][part].format(**values)


def step(ref: str, numbers: Mapping[str, Number] | None = None, key: str | None = None,
         reading: str | None = None, marked: tuple[Provenance, str] | None = None,
         **values: Any) -> SetupStep:
    """The checklist step `ref`: its words filled with `values`. Its mark and note are those of
    the reading it applies, from the rules entry it names (`reading`, else the table's own
    `reading`), or `marked` when the caller decides them (a hand-out's own, a table's own
    choice); without any, the rulebook's."""
    table = CHECKLIST[ref]
    reading = reading or table.get("reading")
    provenance, note = (marked if marked is not None else mark(table["rule"], reading)
                        if reading else (RULEBOOK, ""))
    return SetupStep(table["id"], table["title"], table["text"].format(**values), table["rule"],
                     table["section"], dict(numbers or {}), key, provenance, note)


def steps_for(s: Setup) -> tuple[SetupStep, ...]:
    steps: list[SetupStep] = [*_table_steps(s), *_character_steps(s), *_resource_steps(s),
                              *_doomsday_steps(s), _base_step(s)]
    if s.goodman is not None:
        steps.append(_goodman_step(s.named_henchmen, s.goodman))
    steps.extend(_objective_steps(s))
    steps.extend(_track_steps(s))
    return tuple(steps)


def _table_steps(s: Setup) -> list[SetupStep]:
    mayhem = s.mode is PlayMode.MAYHEM
    return [
        step("war-map"),
        step("lair-and-hqs", {"agent_hqs": 2, "goodmans_lair": 0 if mayhem else 1},
             "agent_hqs", lair=words("lair-and-hqs", "lair_mayhem" if mayhem else "lair")),
        step("high-alert", {"high_alert_tokens": HIGH_ALERT_ON_INTERPOL}, "high_alert_tokens"),
        step("r-and-d", {"gadgets": GADGETS_IN_R_AND_D}, "gadgets", gadgets=GADGETS_IN_R_AND_D),
        step("directives", {"directives": DIRECTIVES_FACE_UP}, "directives",
             directives=DIRECTIVES_FACE_UP),
        step("world", {"resource_types": len(RESOURCE_TYPES),
                       "faceless_types": len(FACELESS_TYPES)},
             resource_types=len(RESOURCE_TYPES), resources=", ".join(RESOURCE_TYPES),
             faceless_types=len(FACELESS_TYPES), faceless=", ".join(FACELESS_TYPES)),
        step("first-pick"),
    ]


def _character_steps(s: Setup) -> list[SetupStep]:
    n, p = s.named_henchmen, s.players
    if s.mode is PlayMode.CUTTHROAT:
        return [step("cutthroat-team-leader"),
                step("cutthroat-characters", {"goodman": 1, "named_henchmen": n},
                     "named_henchmen", n=n)]
    leader = step("team-leader")
    if s.mode is PlayMode.SYNDICATE:
        extra = n - p
        more = words("syndicate-characters", "more", extra=extra) if extra else ""
        roster = MAX_NAMED_HENCHMEN - n
        return [
            leader,
            step("syndicate-characters", {"players": p, "named_henchmen": n},
                 "named_henchmen", more=more,
                 named=plural(n, "Named Henchman", "Named Henchmen"),
                 players=plural(p, "player", "players")),
            step("communal-vault"),
            step("fill-roster" if roster else "fill-roster-full",  # never "chooses 0 more"
                 {"in_play": n, "roster_extra": roster}, "roster_extra",
                 n=n, most=MAX_NAMED_HENCHMEN, extra=roster),
        ]
    k = s.henchmen_per_team or 0
    return [
        leader,
        step("mayhem-characters",
             {"teams": len(s.teams), "players_per_team": s.teams,
              "named_henchmen_per_team": k, "named_henchmen": n},
             "named_henchmen_per_team", None,
             (HOUSE, " ".join(s.defaults)) if s.defaults else None,
             teams=len(s.teams), split=" + ".join(str(t) for t in s.teams), k=k, n=n,
             most=MAX_NAMED_HENCHMEN),
    ]


def _ends_numbers(h: Handout) -> dict[str, Number]:
    out: dict[str, Number] = {"war_map": TILES_ON_WAR_MAP, "world": 0}
    for end in h.ends:
        if end.where == WORLD:
            out["world"] = end.tiles
        elif end.where == GOODMAN_VAULT:
            out["goodman_vault"] = end.tiles
        elif end.where == COMMUNAL_VAULT:
            out["communal_vault"] = end.tiles
    return out


def _resource_steps(s: Setup) -> list[SetupStep]:
    h = s.resource_missions
    agent = step("interpol-agent")
    if s.mode is PlayMode.CUTTHROAT:
        hand = CUTTHROAT_RESOURCE_HANDS[s.players]
        n = s.named_henchmen
        left = RESOURCE_TILES - TILES_ON_WAR_MAP
        return [
            step("cutthroat-resource-deal",
                 {"total": RESOURCE_TILES, "per_henchman": hand.per_henchman,
                  "goodman": hand.goodman}, "per_henchman", hand.reading,
                 total=RESOURCE_TILES, per_henchman=hand.per_henchman, goodman=hand.goodman),
            step("cutthroat-resource-place", {"placed": TILES_ON_WAR_MAP}, "placed",
                 placed=TILES_ON_WAR_MAP),
            step("cutthroat-resource-leftovers", _ends_numbers(h), "goodman_vault",
                 placed=TILES_ON_WAR_MAP, n=n, world=left - n, total=RESOURCE_TILES,
                 left=left),
            agent,
        ]
    if s.mode is PlayMode.SYNDICATE:
        kept_back = SYNDICATE_RESOURCE_FIRST_DRAW - TILES_ON_WAR_MAP
        return [
            step("syndicate-resource-deal",
                 {"total": RESOURCE_TILES, "first_draw": SYNDICATE_RESOURCE_FIRST_DRAW},
                 "first_draw", total=RESOURCE_TILES, first_draw=SYNDICATE_RESOURCE_FIRST_DRAW),
            step("syndicate-resource-place",
                 {"placed": TILES_ON_WAR_MAP, "kept_back": kept_back}, "placed",
                 placed=TILES_ON_WAR_MAP),
            step("syndicate-resource-leftovers",
                 {"second_draw": SYNDICATE_RESOURCE_SECOND_DRAW, **_ends_numbers(h)},
                 "communal_vault", "syndicate",
                 second_draw=SYNDICATE_RESOURCE_SECOND_DRAW, kept_back=kept_back,
                 vault=SYNDICATE_RESOURCE_VAULT, world=SYNDICATE_RESOURCE_WORLD),
            agent,
        ]
    t = len(s.teams)
    share, placed, vault, world = mayhem_resource_numbers(t)
    return [
        step("mayhem-resource-deal", {"total": RESOURCE_TILES, "per_team": share}, "per_team",
             total=RESOURCE_TILES, share=share, teams=t),
        step("mayhem-resource-place", {"placed": TILES_ON_WAR_MAP, "per_team": placed},
             "per_team", placed_total=TILES_ON_WAR_MAP, placed=placed, teams=t),
        step("mayhem-resource-leftovers",
             {"per_team_vault": vault, "per_team_world": world, **_ends_numbers(h)},
             "per_team_vault", unplaced=share - placed, vault=vault,
             world=world),
        agent,
    ]


def _doomsday_steps(s: Setup) -> list[SetupStep]:
    h = s.doomsday_missions
    agent = step("cia-agent")
    if s.mode is PlayMode.CUTTHROAT:
        hand = CUTTHROAT_DOOMSDAY_HANDS[s.players]
        extra = (words("cutthroat-doomsday-deal", "extra_text", extra=hand.extra)
                 if hand.extra else "")
        left = DOOMSDAY_TILES - TILES_ON_WAR_MAP
        cap = GOODMAN_DOOMSDAY_VAULT_CAP
        return [
            agent,
            step("cutthroat-doomsday-deal",
                 {"total": DOOMSDAY_TILES, "per_henchman": hand.per_henchman,
                  "goodman": hand.goodman, "extra": hand.extra}, "per_henchman",
                 hand.reading, total=DOOMSDAY_TILES,
                 per_henchman=hand.per_henchman, goodman=hand.goodman, extra_text=extra),
            step("cutthroat-doomsday-pile", {"pile": TILES_ON_WAR_MAP}, "pile",
                 pile=TILES_ON_WAR_MAP),
            step("cutthroat-doomsday-leftovers", _ends_numbers(h), "goodman_vault",
                 cap=cap, pile=TILES_ON_WAR_MAP, world=left - cap, total=DOOMSDAY_TILES,
                 left=left),
        ]
    if s.mode is PlayMode.SYNDICATE:
        return [
            agent,
            step("syndicate-doomsday-deal", {"total": DOOMSDAY_TILES, "war_map": TILES_ON_WAR_MAP},
                 "war_map", total=DOOMSDAY_TILES, pile=TILES_ON_WAR_MAP),
            step("syndicate-doomsday-leftovers", _ends_numbers(h), "communal_vault", "syndicate",
                 world=SYNDICATE_DOOMSDAY_WORLD, vault=SYNDICATE_DOOMSDAY_VAULT),
        ]
    t = len(s.teams)
    share, pile, kept, world = mayhem_doomsday_numbers(t)
    return [
        agent,
        step("mayhem-doomsday-deal", {"total": DOOMSDAY_TILES, "per_team": share}, "per_team",
             total=DOOMSDAY_TILES, share=share, teams=t),
        step("mayhem-doomsday-pile", {"pile": TILES_ON_WAR_MAP, "per_team": pile}, "per_team",
             pile=pile, pile_total=TILES_ON_WAR_MAP, teams=t),
        step("mayhem-doomsday-leftovers",
             {"per_team_vault": kept, "per_team_world": world, **_ends_numbers(h)},
             "per_team_vault", kept=kept, remaining=share - pile, world=world),
    ]


def _base_step(s: Setup) -> SetupStep:
    n = s.named_henchmen
    if s.mode is PlayMode.CUTTHROAT:
        rest = MAX_NAMED_HENCHMEN - n
        fill = ("" if rest == 0 else "; fill the last section with a random Base tile"
                if rest == 1 else f"; fill the other {rest} sections with random Base tiles")
        return step("cutthroat-base-tiles", {"chosen": n, "random": rest}, "random", n=n,
                    fill=fill)
    if s.mode is PlayMode.SYNDICATE:
        return step("syndicate-base-tiles", {"in_play": n, "roster": MAX_NAMED_HENCHMEN - n},
                    "in_play", most=MAX_NAMED_HENCHMEN, n=n, roster=MAX_NAMED_HENCHMEN - n)
    k = s.henchmen_per_team or 0
    return step("mayhem-base-tiles", {"per_team": k}, "per_team", k=k)


def _goodman_step(n: int, assets: GoodmanAssets) -> SetupStep:
    return step("goodman-assets",
                {"named_henchmen": n, "resources": assets.resources,
                 "faceless_henchmen": assets.faceless_henchmen, "vp": assets.vp},
                "resources", n=n, resources=assets.resources,
                faceless=assets.faceless_henchmen, vp=assets.vp)


def _objective_steps(s: Setup) -> list[SetupStep]:
    n = s.named_henchmen
    steps: list[SetupStep] = []
    if s.mode is PlayMode.CUTTHROAT:
        steps += [
            step("cutthroat-starting-henchmen", {"faceless_henchmen": 0, "resources": 0}),
            step("cutthroat-doomsday-plan"),
            step("cutthroat-nefarious-plans", {"drawn": n, "per_henchman": 1}, "drawn", n=n),
        ]
    elif s.mode is PlayMode.SYNDICATE:
        faceless = MAX_NAMED_HENCHMEN - n
        steps += [
            step("syndicate-starting-henchmen", {"faceless_henchmen": faceless, "resources": 0},
                 "faceless_henchmen", most=MAX_NAMED_HENCHMEN, n=n, faceless=faceless),
            step("syndicate-doomsday-plan", {"plans": 1}),
        ]
    else:
        k = s.henchmen_per_team or 0
        three = len(s.teams) == 3
        steps += [
            step("mayhem-starting-henchmen",
                 {"named_henchmen_per_team": k, "faceless_henchmen_per_team": MAYHEM_FACELESS[k],
                  "resources_per_team": k}, "faceless_henchmen_per_team",
                 k=k, faceless=MAYHEM_FACELESS[k]),
            step("mayhem-nefarious-plans", {"kept_per_team": 1, "discarded": 1 if three else 0},
                 "kept_per_team", teams=len(s.teams),
                 discard=words("mayhem-nefarious-plans", "discard") if three else ""),
        ]
    cutthroat = s.mode is PlayMode.CUTTHROAT
    steps.append(step(
        "side-jobs",
        {"named": SIDE_JOBS_NAMED, "drawn": SIDE_JOBS_DRAWN, "kept": SIDE_JOBS_KEPT,
         "returned": SIDE_JOBS_NAMED + SIDE_JOBS_DRAWN - SIDE_JOBS_KEPT,
         "kept_in_play": SIDE_JOBS_KEPT * n}, "kept",
        "cutthroat" if cutthroat else CHECKLIST["side-jobs"]["reading_other_modes"],
        drawn=SIDE_JOBS_DRAWN, kept=SIDE_JOBS_KEPT, seen=SIDE_JOBS_NAMED + SIDE_JOBS_DRAWN))
    return steps


def _track_steps(s: Setup) -> list[SetupStep]:
    n, clock = s.named_henchmen, s.clock_start
    title = MODE_TITLES[s.mode]
    syndicate = s.mode is PlayMode.SYNDICATE
    if not s.global_events:
        events = words("global-event", "off")
    else:
        events = words("global-event", "on", clock=clock,
                       why=words("global-event", "why_syndicate" if syndicate else "why_chosen"),
                       parity="even" if clock % 2 == 0 else "odd",
                       outcome=words("global-event", "reveal" if s.global_event_at_start
                                     else "no_reveal"))
    ignored = s.mode is not PlayMode.CUTTHROAT
    return [
        step("tracks", {"tiles": 3}, "tiles",
             CHECKLIST["tracks"]["reading_no_betrayal"] if ignored else None),
        step("clock-start", {"named_henchmen": n, "clock_start": clock}, "clock_start",
             "n-means", mode=title, n=n, clock=clock),
        step("global-event", {"in_use": s.global_events,
                              "active_at_start": s.global_event_at_start},
             "active_at_start",
             CHECKLIST["global-event"]["reading_syndicate"] if syndicate else None,
             events=events),
        step("betrayal-triggers",
             {"triggers": MAX_TRIGGERS, "counted": MAX_TRIGGERS - 1 if ignored else MAX_TRIGGERS,
              "team_leader_trigger_ignored": ignored}, "counted", mode=title,
             first=words("betrayal-triggers", "first") if ignored else "",
             consequence=words("betrayal-triggers", s.mode.value)),
    ]
