"""Tomorrow Dies Today's pull list: what to take out of the box for one setup.

Counts come from the setup model (each step's numbers and the seats' starting supplies) and
the components overview's key numbers; decks and supplies the game draws from all evening are
"all", with what setup uses now. One colour of markers per Named Henchman in play is our
reading (six colours, at most six Named Henchmen): marked derived.
"""
from __future__ import annotations

from assistant.explain import Provenance
from assistant.games import find_game
from assistant.sheets.pull import ALL, Pull

from .setup import Setup

GAME = find_game("tdt")
DERIVED = Provenance.DERIVED


def _n(s: Setup, step_id: str, key: str) -> int:
    """A whole number a setup step carries (0 when the step or number is absent)."""
    for step in s.steps:
        if step.id == step_id:
            value = step.numbers.get(key, 0)
            return value if isinstance(value, int) and not isinstance(value, bool) else 0
    return 0


def _component(label: str) -> int:
    """A count from the components overview, by its label (those numbers carry no key)."""
    found = [n.value for n in GAME.rules.get("components-overview").numbers
             if n.label == label]
    if len(found) != 1 or not isinstance(found[0], int):
        raise LookupError(f"components-overview has no whole number {label!r}")
    return found[0]


def _handed(count: int) -> str:
    return f"{count} handed out at the start" if count else "none handed out at the start"


def pull_rows(s: Setup) -> list[Pull]:
    named = s.named_henchmen + _n(s, "fill-roster", "roster_extra")
    bases = (_n(s, "base-tiles", "chosen") + _n(s, "base-tiles", "random")
             + _n(s, "base-tiles", "in_play") + _n(s, "base-tiles", "roster")
             + _n(s, "base-tiles", "per_team") * (len(s.teams) if s.teams else 0))
    faceless = sum(seat.faceless_henchmen for seat in s.seats)
    resources = sum(seat.resources for seat in s.seats)
    squads = _component("Squad Markers per colour (numbered 1-3)")
    staging = _component("Staging Markers per colour")
    roster = _n(s, "fill-roster", "roster_extra")
    drawn, per_team = _n(s, "nefarious-plans", "drawn"), _n(s, "nefarious-plans", "kept_per_team")
    plans = f"{drawn} dealt" if drawn else f"{per_team} kept per team" if per_team else ""
    rows = [
        Pull("Named Henchmen (miniature + character sheet)", str(named),
             f"{s.named_henchmen} in play" + (f", {roster} more on the roster" if roster
                                              else "")),
        Pull("Player colours: Squad + Staging Markers", str(s.named_henchmen),
             f"one colour per Named Henchman in play: {squads} Squad and {staging} Staging "
             "Markers each", DERIVED),
        Pull("Base Tiles", str(bases), ""),
        Pull("Resource Mission tiles", str(s.resource_missions.total), ""),
        Pull("Doomsday Mission tiles", str(s.doomsday_missions.total), ""),
        Pull("Agent Headquarters (Interpol, CIA) and their Agents",
             str(_n(s, "lair-and-hqs", "agent_hqs")), "one Agent on each"),
        Pull("Goodman's Lair", str(_n(s, "lair-and-hqs", "goodmans_lair")), ""),
        Pull("Bolthole, Technology Track, Doomsday Clock", str(_n(s, "tracks", "tiles")),
             f"Doomsday Marker on {s.clock_start}, Tech Marker on its track"),
        Pull("Gadget deck", ALL, f"{_n(s, 'r-and-d', 'gadgets')} face up in R&D"),
        Pull("Goodman Directive deck", ALL, f"{_n(s, 'directives', 'directives')} face up"),
        Pull("Side Job deck", ALL, "each Named Henchman draws "
             f"{_n(s, 'side-jobs', 'drawn')} and keeps {_n(s, 'side-jobs', 'kept')}"),
        Pull("Nefarious Plan deck", ALL if plans else "0", plans),
        Pull("Doomsday Plan deck", ALL, "one Plan for the game"),
        Pull("Global Event deck", ALL if s.global_events else "0", "shuffled, beside the clock"),
        Pull("Faceless Henchmen (six kinds)", ALL, _handed(faceless)),
        Pull("Resources (five kinds)", ALL, _handed(resources)),
        Pull("High Alert tokens", ALL,
             f"{_n(s, 'high-alert', 'high_alert_tokens')} on Interpol HQ now"),
        Pull("VP tokens", ALL, f"Goodman starts with {s.goodman.vp}" if s.goodman else ""),
        Pull("Betrayal Trigger tokens", ALL, "to mark active Triggers"),
        Pull("Team Leader token", "1", ""),
    ]
    return rows
