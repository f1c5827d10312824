"""Tomorrow Dies Today: the end of the game, scored for each mode.

Cutthroat ranks the loyal Named Henchmen by VP (Goodman's awards, objectives, the Nefarious
Plan, any other VP held, minus one per active Betrayal Trigger) and breaks ties with the
rulebook's chain; the outcome says whether Goodman, the Betrayer or nobody won. Mayhem adds up
team totals (Team Leader triggers ignored) and shares ties, the rulebook giving no tie-break.
Syndicate has no score: the table wins, must play on (someone has 3+ counted triggers), or loses.

Readings we chose (see also the README of this game):
- `triggers` is the number of active Betrayal Trigger tokens on the sheet (0-5) and
  `team_leader_trigger` says the first one, the Team Leader trigger, is among them. It counts in
  Cutthroat and is left out in Mayhem and Syndicate (Setup, Betrayal Triggers).
- `vp_other` is VP held from anywhere else (mission rewards, the Doomsday affinity +1, exchanges,
  starting VP, less VP spent). The scoring lists name three sources only, but VP is kept in the
  Vault and "the most VP" wins, so all VP held counts: derived.
- The Betrayer is shown in the Cutthroat table but never ranked: the most-VP victory is for
  loyal henchmen when Goodman completes his plan; the Betrayer handed their VP to Goodman on
  betraying and wins only if the clock reaches 0.
- In Cutthroat `plan_completed` means Goodman declared the plan complete during Plotting, which
  ends the game before the World Reacts, so it cannot come with a clock at 0. In Syndicate it
  means the plan's requirements are met; Mayhem has no Doomsday Plan.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step, plural
from assistant.games import Operation
from assistant.inputs import Flag, Integer, ListOf, OneOf, Text
from assistant.ranking import UNRESOLVED, Criterion, Placed, rank

from .book import says
from .modes import (
    BETRAYAL_THRESHOLD,
    CLOCK_MAX,
    GOODMAN,
    MAX_TRIGGERS,
    MAYHEM_TEAMS,
    NAMED_HENCHMEN,
    PlayMode,
    names_goodman,
)

SYNDICATE_BLOCKING_TRIGGERS = BETRAYAL_THRESHOLD
HENCHMEN_PER_MODE = {m.value: span for m, span in NAMED_HENCHMEN.items()}



class Role(StrEnum):
    LOYAL = "loyal"
    """A Cutthroat Named Henchman of Goodman's organization, ranked by VP."""
    BETRAYER = "betrayer"
    """The Cutthroat Betrayer: listed with their VP, never ranked for the most-VP victory."""
    TEAM = "team"
    """A Mayhem team: the sum of its Named Henchmen."""
    HENCHMAN = "henchman"
    """A Syndicate Named Henchman in play: checked for triggers that block the end."""


class OutcomeKind(StrEnum):
    GOODMAN_WINS = "goodman-wins"
    """Cutthroat: Goodman completed his plan; the top loyal henchman is the victor among them."""
    BETRAYER_WINS = "betrayer-wins"
    """Cutthroat: the clock reached 0 with a Betrayer in the game; everyone else loses."""
    ORGANIZATION_LOST = "organization-lost"
    """Cutthroat: the clock reached 0 with no Betrayer; nobody wins."""
    TEAM_WINS = "team-wins"
    """Mayhem: the clock reached 0; the team(s) with the most VP win (shared on a tie)."""
    TABLE_WINS = "table-wins"
    """Syndicate: the plan is complete and nobody in play has 3+ counted triggers."""
    BLOCKED = "blocked"
    """Syndicate: the plan is complete but someone has 3+ counted triggers; play goes on."""
    TABLE_LOSES = "table-loses"
    """Syndicate: the clock reached 0."""
    IN_PROGRESS = "in-progress"
    """No end condition is met yet; any standings shown are provisional."""


@dataclass(frozen=True)
class Henchman:
    """One Named Henchman at the end of the game, as the players count their Vault."""

    name: str
    vp_goodman: int = 0
    vp_objectives: int = 0
    vp_nefarious: int = 0
    vp_other: int = 0
    objectives_completed: int = 0
    """All completed objectives in the Vault, Disloyal Side Jobs included."""
    disloyal_side_jobs: int = 0
    """How many of `objectives_completed` are Disloyal Side Jobs (Cutthroat only)."""
    resources: int = 0
    gadgets: int = 0
    triggers: int = 0
    """Active Betrayal Trigger tokens on the sheet, the Team Leader one included (0-5)."""
    team_leader_trigger: bool = False
    """The first trigger (Team Leader) is one of the active ones."""
    betrayer: bool = False
    team: str | None = None
    hired: bool = False
    """Syndicate: hired this round; still counts for the end check."""


@dataclass(frozen=True)
class Outcome:
    kind: OutcomeKind
    text: str
    winners: tuple[str, ...] = ()
    """Who wins the game (General Goodman, a Betrayer, teams, or every Syndicate henchman)."""
    top: tuple[str, ...] = ()
    """Rank-1 entries of the ranking (loyal henchmen or teams); several when tied."""
    unresolved: bool = False
    """Cutthroat: the top is level on the whole tie-break chain (the duel at dawn)."""
    blockers: tuple[str, ...] = ()
    """Syndicate: henchmen whose counted triggers stop the game from ending."""
    rule: str | None = None

    @property
    def final(self) -> bool:
        return self.kind not in (OutcomeKind.IN_PROGRESS, OutcomeKind.BLOCKED)


@dataclass(frozen=True)
class ScoreRow:
    name: str
    role: Role
    rank: int | None
    """Standard competition rank (1, 1, 3); None for the Betrayer and in Syndicate."""
    total: int | None
    """Final VP; None in Syndicate."""
    breakdown: tuple[Step, ...]
    tie_break: str | None = None
    """Criterion slug that placed this row below the one above (see ranking.UNRESOLVED)."""
    tie_break_note: str = ""
    vp_before_penalties: int | None = None
    active_triggers: int = 0
    """Triggers that count in this mode (Team Leader trigger left out in Mayhem/Syndicate)."""
    members: tuple[str, ...] = ()
    blocks_end: bool = False


@dataclass(frozen=True)
class ScoreReport:
    mode: PlayMode
    rows: tuple[ScoreRow, ...]
    outcome: Outcome
    steps: tuple[Step, ...]
    citations: tuple[str, ...]
    tie_break_chain: tuple[str, ...] = ()


# --- VP arithmetic -------------------------------------------------------------------------

def vp_before_penalties(h: Henchman) -> int:
    """VP held before trigger penalties: what "last in VP" is judged on for betrayal."""
    return h.vp_goodman + h.vp_objectives + h.vp_nefarious + h.vp_other


def counted_triggers(h: Henchman, mode: PlayMode) -> int:
    """Active triggers that count: all in Cutthroat, Team Leader's left out elsewhere."""
    if mode is PlayMode.CUTTHROAT:
        return h.triggers
    return h.triggers - int(h.team_leader_trigger)


def final_vp(h: Henchman, mode: PlayMode) -> int:
    return vp_before_penalties(h) - counted_triggers(h, mode)


def objectives_for_ties(h: Henchman) -> int:
    return h.objectives_completed - h.disloyal_side_jobs


def lowest_vp_before_penalties(henchmen: Sequence[Henchman]) -> tuple[str, ...]:
    """Loyal henchmen last or tied for last in VP, penalties not applied (Betrayal Triggers)."""
    loyal = [h for h in henchmen if not h.betrayer]
    if not loyal:
        return ()
    low = min(vp_before_penalties(h) for h in loyal)
    return tuple(sorted((h.name for h in loyal if vp_before_penalties(h) == low), key=str.casefold))


CUTTHROAT_CHAIN: tuple[Criterion[Henchman], ...] = (
    Criterion("vp", "VP", lambda h: final_vp(h, PlayMode.CUTTHROAT), True, "scoring-cutthroat"),
    Criterion("objectives", "completed objectives (Disloyal Side Jobs not counted)",
              objectives_for_ties, True, "tie-breaks-cutthroat"),
    Criterion("resources-gadgets", "Resources plus Gadgets", lambda h: h.resources + h.gadgets,
              True, "tie-breaks-cutthroat"),
    Criterion("triggers", "active Betrayal Triggers", lambda h: h.triggers, False,
              "tie-breaks-cutthroat"),
)


# --- validation ----------------------------------------------------------------------------

COUNT_FIELDS = ("vp_goodman", "vp_objectives", "vp_nefarious", "vp_other",
                "objectives_completed", "disloyal_side_jobs", "resources", "gadgets", "triggers")


def validate(mode: PlayMode, henchmen: Sequence[Henchman], plan_completed: bool,
             clock: int) -> None:
    """Raise InvalidInput for the first input that breaks a rule of the mode."""
    low, high = HENCHMEN_PER_MODE[mode]
    if not low <= len(henchmen) <= high:
        extra = ""
        if mode is PlayMode.CUTTHROAT:
            extra = " (list the Named Henchmen only, not Goodman)"
        raise InvalidInput("players", f"{mode.title()} is scored for {low} to {high} Named "
                           f"Henchmen{extra}; you listed {len(henchmen)}.", f"{low}-{high}")
    if not _is_count(clock) or clock > CLOCK_MAX:
        raise InvalidInput("clock", f"The Doomsday Clock runs from {CLOCK_MAX} down to 0; "
                           f"you gave {clock!r}.", f"0-{CLOCK_MAX}")
    seen: dict[str, int] = {}
    for i, h in enumerate(henchmen):
        _validate_one(mode, h, f"players.{i}")
        key = h.name.strip().casefold()
        if key in seen:
            raise InvalidInput(f"players.{i}.name", f"{h.name.strip()!r} is listed twice "
                               f"(also as player {seen[key] + 1}).", "each name once")
        seen[key] = i
    betrayers = [i for i, h in enumerate(henchmen) if h.betrayer]
    if len(betrayers) > 1:
        raise InvalidInput(f"players.{betrayers[1]}.betrayer", "Only one Named Henchman can "
                           "betray the organization in a game.", "at most one Betrayer")
    if mode is PlayMode.CUTTHROAT and plan_completed and clock == 0:
        raise InvalidInput("plan_completed", "Goodman declares his plan complete during "
                           "Plotting, which ends the game before the clock moves, so the clock "
                           "cannot also have reached 0.", "plan_completed or clock 0, not both")
    if mode is PlayMode.MAYHEM:
        if plan_completed:
            raise InvalidInput("plan_completed", "Mayhem has no Doomsday Plan; the game ends "
                               "when the clock reaches 0.", "false in Mayhem")
        teams = {(h.team or "").strip().casefold() for h in henchmen}
        if not MAYHEM_TEAMS[0] <= len(teams) <= MAYHEM_TEAMS[1]:
            raise InvalidInput("players", f"Mayhem is played by 2 or 3 teams; you named "
                               f"{len(teams)}.", "2-3 teams")
        sizes = {team.name: len(team.members) for team in teams_of(henchmen)}
        if len(set(sizes.values())) > 1:
            raise InvalidInput("players", "Mayhem teams field equal numbers of Named Henchmen "
                               "(Setup › Pick Characters: teams take turns picking an equal "
                               "number); yours field " + ", ".join(
                                   f"{name} {n}" for name, n in sizes.items()) + ".",
                               "the same number of Named Henchmen on every team")


def _validate_one(mode: PlayMode, h: Henchman, at: str) -> None:
    if not isinstance(h.name, str) or not h.name.strip():
        raise InvalidInput(f"{at}.name", "Each Named Henchman needs a name.", "a non-empty name")
    for name in COUNT_FIELDS:
        value = getattr(h, name)
        if not _is_count(value):
            raise InvalidInput(f"{at}.{name}", f"{name} counts things, so it is a whole number "
                               f"of 0 or more; {h.name} has {value!r}.", "0 or more")
    if h.triggers > MAX_TRIGGERS:
        raise InvalidInput(f"{at}.triggers", f"A Named Henchman has {MAX_TRIGGERS} Betrayal "
                           f"Triggers; {h.name} has {h.triggers} active.", f"0-{MAX_TRIGGERS}")
    if h.team_leader_trigger and h.triggers == 0:
        raise InvalidInput(f"{at}.team_leader_trigger", f"The Team Leader trigger is one of the "
                           f"active triggers, but {h.name} has none active.",
                           "triggers of 1 or more with the Team Leader trigger")
    if h.disloyal_side_jobs > h.objectives_completed:
        raise InvalidInput(f"{at}.disloyal_side_jobs", f"Disloyal Side Jobs are among the "
                           f"completed objectives; {h.name} lists {h.disloyal_side_jobs} of "
                           f"{h.objectives_completed}.", "at most objectives_completed")
    if h.betrayer and mode is not PlayMode.CUTTHROAT:
        raise InvalidInput(f"{at}.betrayer", f"Only Cutthroat has a Betrayer; nobody betrays "
                           f"in {mode.title()}.", "false outside Cutthroat")
    team = h.team.strip() if isinstance(h.team, str) else ""
    if mode is PlayMode.MAYHEM and not team:
        raise InvalidInput(f"{at}.team", f"In Mayhem every Named Henchman plays for a team; "
                           f"{h.name} has none.", "a team name")
    if mode is not PlayMode.MAYHEM and team:
        raise InvalidInput(f"{at}.team", f"Teams exist only in Mayhem; {mode.title()} has none.",
                           "empty outside Mayhem")
    if h.hired and mode is not PlayMode.SYNDICATE:
        raise InvalidInput(f"{at}.hired", "A hired Named Henchman acts as a Faceless Henchman "
                           "of its hirer and is not scored; leave it off the list.",
                           "false outside Syndicate")
    if mode is not PlayMode.CUTTHROAT:
        if h.disloyal_side_jobs:
            raise InvalidInput(f"{at}.disloyal_side_jobs", "Disloyal Side Jobs are played "
                               "in Cutthroat only.", "0 outside Cutthroat")
        if h.vp_goodman:
            raise InvalidInput(f"{at}.vp_goodman", f"Nobody plays Goodman in {mode.title()}, "
                               "so he awards no VP (Team Leader rewards go in vp_other).",
                               "0 outside Cutthroat")


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


# --- Cutthroat -----------------------------------------------------------------------------

def score_cutthroat(henchmen: Sequence[Henchman], *, plan_completed: bool,
                    clock: int) -> ScoreReport:
    mode = PlayMode.CUTTHROAT
    validate(mode, henchmen, plan_completed, clock)
    loyal = [h for h in henchmen if not h.betrayer]
    placed = rank(loyal, CUTTHROAT_CHAIN, lambda h: h.name)
    rows = [_cutthroat_row(p, placed[i - 1].item if i else None) for i, p in enumerate(placed)]
    betrayer = next((h for h in henchmen if h.betrayer), None)
    if betrayer is not None:
        rows.append(ScoreRow(betrayer.name, Role.BETRAYER, None, final_vp(betrayer, mode),
                             _cutthroat_breakdown(betrayer), None,
                             "Betrayer: not ranked for the most-VP victory.",
                             vp_before_penalties(betrayer), betrayer.triggers))
    top = tuple(p.item.name for p in placed if p.rank == 1)
    outcome = _cutthroat_outcome(plan_completed, clock, betrayer, top)
    steps = [*_row_steps(rows), *_tie_steps(rows, mode)]
    if betrayer is not None:
        steps.append(says("betraying-the-organization", "unranked",
                          f"{betrayer.name} betrayed the organization, so is listed without a "
                          "rank.", None))
    steps.append(Step(outcome.text, None, outcome.rule))
    citations = ("scoring-cutthroat", "tie-breaks-cutthroat", "betrayal-triggers",
                 "setup-betrayal-triggers", "goal-cutthroat", "goodman-plotting-cutthroat",
                 "clock-reaches-zero", "betraying-the-organization", "villain-prestige")
    return ScoreReport(mode, tuple(rows), outcome, tuple(steps), citations,
                       tuple(c.slug for c in CUTTHROAT_CHAIN))


def _cutthroat_breakdown(h: Henchman) -> tuple[Step, ...]:
    steps = [
        Step("VP awarded by General Goodman", h.vp_goodman, "scoring-cutthroat"),
        Step("VP from objectives (Side Jobs, Global Events, Goodman Directives)",
             h.vp_objectives, "scoring-cutthroat"),
        Step("VP from the revealed Nefarious Plan", h.vp_nefarious, "scoring-cutthroat"),
        says("villain-prestige", "other-vp",
             "Other VP held (mission rewards, affinity bonus, exchanges)", h.vp_other),
        Step(f"{plural(h.triggers, 'active Betrayal Trigger', 'active Betrayal Triggers')}, "
             "1 VP each"
             + (", Team Leader trigger included" if h.team_leader_trigger else ""),
             -h.triggers, "betrayal-triggers"),
    ]
    return tuple(steps)


def _cutthroat_row(p: Placed[Henchman], above: Henchman | None) -> ScoreRow:
    h = p.item
    note = "" if above is None else _cutthroat_tie_note(p.separated_by, h, above)
    return ScoreRow(h.name, Role.LOYAL, p.rank, final_vp(h, PlayMode.CUTTHROAT),
                    _cutthroat_breakdown(h), p.separated_by, note, vp_before_penalties(h),
                    h.triggers)


def _cutthroat_tie_note(step: str | None, h: Henchman, above: Henchman) -> str:
    vp = final_vp(h, PlayMode.CUTTHROAT)
    if step == "objectives":
        return (f"Level with {above.name} on {vp} VP; behind on completed objectives, "
                f"Disloyal Side Jobs not counted ({objectives_for_ties(h)} to "
                f"{objectives_for_ties(above)}).")
    if step == "resources-gadgets":
        return (f"Level with {above.name} on VP and objectives; behind on Resources plus "
                f"Gadgets ({h.resources + h.gadgets} to {above.resources + above.gadgets}).")
    if step == "triggers":
        return (f"Level with {above.name} on VP, objectives and Resources plus Gadgets; more "
                f"active Betrayal Triggers ({h.triggers} to {above.triggers}).")
    if step == UNRESOLVED:
        return (f"Level with {above.name} on every tie-break: unresolved, the rulebook's duel "
                f"at dawn. Rank shared.")
    return ""


def _cutthroat_outcome(plan_completed: bool, clock: int, betrayer: Henchman | None,
                       top: tuple[str, ...]) -> Outcome:
    unresolved = len(top) > 1
    if plan_completed:
        lead = (f"{' and '.join(top)} are level on every tie-break: unresolved (a duel at dawn)"
                if unresolved else f"{top[0]} is the victor among his henchmen")
        failed = f" {betrayer.name}, the Betrayer, loses." if betrayer else ""
        winners = (GOODMAN,) if unresolved else (GOODMAN, *top)
        return Outcome(OutcomeKind.GOODMAN_WINS, f"General Goodman completed his Doomsday Plan "
                       f"and wins; {lead}.{failed}", winners, top, unresolved,
                       rule="goal-cutthroat")
    if clock == 0 and betrayer is not None:
        return Outcome(OutcomeKind.BETRAYER_WINS, f"The clock reached 0: {betrayer.name}, the "
                       "Betrayer, wins and everyone else loses.", (betrayer.name,), top,
                       unresolved, rule="clock-reaches-zero")
    if clock == 0:
        return Outcome(OutcomeKind.ORGANIZATION_LOST, "The clock reached 0 with no Betrayer: "
                       "the authorities caught Goodman's organization and nobody wins.", (),
                       top, unresolved, rule="clock-reaches-zero")
    return Outcome(OutcomeKind.IN_PROGRESS, f"The game is not over (clock at {clock}, plan not "
                   "declared complete); standings are provisional.", (), top, unresolved,
                   rule="goal-cutthroat")


# --- Mayhem --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Team:
    name: str
    members: tuple[Henchman, ...]

    @property
    def total(self) -> int:
        return sum(final_vp(h, PlayMode.MAYHEM) for h in self.members)


MAYHEM_CHAIN: tuple[Criterion[Team], ...] = (
    Criterion("vp", "VP", lambda t: t.total, True, "scoring-mayhem"),
)


def teams_of(henchmen: Sequence[Henchman]) -> tuple[Team, ...]:
    """Group henchmen by team name (case and spacing ignored), members in name order."""
    groups: dict[str, list[Henchman]] = {}
    for h in henchmen:
        groups.setdefault((h.team or "").strip().casefold(), []).append(h)
    teams = []
    for members in groups.values():
        label = min((h.team or "").strip() for h in members)
        teams.append(Team(label, tuple(sorted(members, key=lambda h: (h.name.casefold(),
                                                                        h.name)))))
    return tuple(teams)


def score_mayhem(henchmen: Sequence[Henchman], *, clock: int,
                 plan_completed: bool = False) -> ScoreReport:
    mode = PlayMode.MAYHEM
    validate(mode, henchmen, plan_completed, clock)
    placed = rank(teams_of(henchmen), MAYHEM_CHAIN, lambda t: t.name)
    rows = []
    for i, p in enumerate(placed):
        team, above = p.item, (placed[i - 1].item if i else None)
        note = ""
        if above is not None and p.separated_by == UNRESOLVED:
            note = (f"Level with {above.name} on {team.total} VP; Mayhem has no tie-break, "
                    "so the rank is shared.")
        members = team.members
        rows.append(ScoreRow(team.name, Role.TEAM, p.rank, team.total,
                             tuple(_mayhem_member_step(h) for h in members), p.separated_by,
                             note, sum(vp_before_penalties(h) for h in members),
                             sum(counted_triggers(h, mode) for h in members),
                             tuple(h.name for h in members)))
    top = tuple(p.item.name for p in placed if p.rank == 1)
    if clock == 0:
        text = (f"The clock reached 0: {' and '.join(top)} share the win on "
                f"{placed[0].item.total} VP." if len(top) > 1 else
                f"The clock reached 0: {top[0]} wins with {placed[0].item.total} VP and joins "
                "Goodman's organization.")
        outcome = Outcome(OutcomeKind.TEAM_WINS, text, top, top, rule="goal-mayhem")
    else:
        outcome = Outcome(OutcomeKind.IN_PROGRESS, f"The game is not over (clock at {clock}); "
                          "standings are provisional.", (), top, rule="goal-mayhem")
    steps = [*_row_steps(rows), *_tie_steps(rows, mode), Step(outcome.text, None, outcome.rule)]
    citations = ("scoring-mayhem", "betrayal-triggers", "setup-betrayal-triggers", "goal-mayhem",
                 "world-reacts", "villain-prestige")
    return ScoreReport(mode, tuple(rows), outcome, tuple(steps), citations, ("vp",))


def _mayhem_member_step(h: Henchman) -> Step:
    counted = counted_triggers(h, PlayMode.MAYHEM)
    ignored = " (Team Leader trigger ignored)" if h.team_leader_trigger else ""
    text = (f"{h.name}: objectives {h.vp_objectives} + Nefarious Plan {h.vp_nefarious} + other "
            f"{h.vp_other} - {plural(counted, 'trigger', 'triggers')}{ignored}")
    value = final_vp(h, PlayMode.MAYHEM)
    if h.vp_nefarious:
        return says("scoring-mayhem", "nefarious", text, value)
    if h.vp_other:
        return says("villain-prestige", "other-vp", text, value)
    return Step(text, value, "scoring-mayhem")


# --- Syndicate -----------------------------------------------------------------------------

def score_syndicate(henchmen: Sequence[Henchman], *, plan_completed: bool,
                    clock: int) -> ScoreReport:
    mode = PlayMode.SYNDICATE
    validate(mode, henchmen, plan_completed, clock)
    ordered = sorted(henchmen, key=lambda h: (h.name.casefold(), h.name))
    rows = tuple(_syndicate_row(h) for h in ordered)
    blockers = tuple(r.name for r in rows if r.blocks_end)
    if clock == 0:
        outcome = Outcome(OutcomeKind.TABLE_LOSES, "The clock reached 0: the authorities shut "
                          "the operation down and the table loses.", blockers=blockers,
                          rule="clock-reaches-zero")
    elif plan_completed and not blockers:
        outcome = Outcome(OutcomeKind.TABLE_WINS, "The Doomsday Plan is complete and nobody in "
                          "play has 3 or more counted triggers: the table wins.",
                          tuple(r.name for r in rows), rule="ending-syndicate")
    elif plan_completed:
        outcome = Outcome(OutcomeKind.BLOCKED, f"The Doomsday Plan is complete, but "
                          f"{' and '.join(blockers)} {'has' if len(blockers) == 1 else 'have'} "
                          "3 or more counted triggers: the game cannot end yet, play goes on.",
                          blockers=blockers, rule="ending-syndicate")
    else:
        outcome = Outcome(OutcomeKind.IN_PROGRESS, f"The Doomsday Plan is not complete and the "
                          f"clock is at {clock}: play goes on.", blockers=blockers,
                          rule="goal-syndicate")
    steps = [*_row_steps(rows), Step(outcome.text, None, outcome.rule)]
    citations = ("ending-syndicate", "goal-syndicate", "plotting-syndicate-mayhem",
                 "setup-betrayal-triggers", "betrayal-triggers", "in-play",
                 "hire-named-henchman", "clock-reaches-zero")
    return ScoreReport(mode, rows, outcome, tuple(steps), citations)


def _syndicate_row(h: Henchman) -> ScoreRow:
    counted = counted_triggers(h, PlayMode.SYNDICATE)
    blocks = counted >= SYNDICATE_BLOCKING_TRIGGERS
    steps = [Step(plural(h.triggers, "active Betrayal Trigger", "active Betrayal Triggers"),
                  h.triggers, "betrayal-triggers")]
    if h.team_leader_trigger:
        steps.append(Step("Team Leader trigger ignored in Syndicate", -1,
                          "setup-betrayal-triggers"))
    if h.hired:
        steps.append(Step("Hired this round: counts like any henchman in play", None,
                          "ending-syndicate"))
    steps.append(Step(f"{counted} counted: " + ("3 or more, blocks the end" if blocks
                                                 else "fewer than 3, does not block"),
                      blocks, "ending-syndicate"))
    return ScoreRow(h.name, Role.HENCHMAN, None, None, tuple(steps), active_triggers=counted,
                    blocks_end=blocks)


# --- shared helpers ------------------------------------------------------------------------

def _row_steps(rows: Sequence[ScoreRow]) -> list[Step]:
    out = []
    for row in rows:
        for s in row.breakdown:
            text = s.text if row.role is Role.TEAM else f"{row.name}: {s.text}"
            out.append(Step(text, s.value, s.rule, s.provenance, s.note))
        if row.total is not None:
            out.append(Step(f"{row.name}: total", row.total, row.breakdown[0].rule))
    return out


def _tie_steps(rows: Sequence[ScoreRow], mode: PlayMode) -> list[Step]:
    out = []
    for row in rows:
        if not row.tie_break_note:
            continue
        if mode is PlayMode.MAYHEM:
            out.append(says("scoring-mayhem", "no-tie-break", row.tie_break_note, row.rank))
        elif row.role is Role.LOYAL:
            out.append(Step(row.tie_break_note, row.rank, "tie-breaks-cutthroat"))
    return out


def score(mode: PlayMode | str, henchmen: Sequence[Henchman], *, plan_completed: bool = False,
          clock: int) -> ScoreReport:
    """Score any mode (the tracker's entry point)."""
    mode = PlayMode(mode)
    if mode is PlayMode.CUTTHROAT:
        return score_cutthroat(henchmen, plan_completed=plan_completed, clock=clock)
    if mode is PlayMode.MAYHEM:
        return score_mayhem(henchmen, plan_completed=plan_completed, clock=clock)
    return score_syndicate(henchmen, plan_completed=plan_completed, clock=clock)


# --- printable and shareable forms ---------------------------------------------------------

@dataclass(frozen=True)
class SummaryRow:
    rank: str
    """"1", "2"... ; "-" for the Betrayer; "" in Syndicate."""
    name: str
    total: str
    """"14 VP", or a trigger count in Syndicate."""
    breakdown: tuple[str, ...]
    tie_break_note: str = ""
    tie_break_tag: str = ""
    """A few words for the chat line: "behind on objectives", "shared: duel at dawn"."""


@dataclass(frozen=True)
class ScoreSummary:
    """Everything a printed score sheet shows, as ready-made strings."""

    title: str
    mode: str
    rows: tuple[SummaryRow, ...]
    outcome: str
    citations: tuple[str, ...]
    final: bool

    def share_text(self) -> str:
        """Plain text for a group chat: a title line, one line per row, the outcome."""
        lines = [self.title]
        for row in self.rows:
            lead = f"{row.rank}. " if row.rank.isdigit() else ""
            label = "Betrayer: " if row.rank == "-" else ""
            tag = f" ({row.tie_break_tag})" if row.tie_break_tag else ""
            lines.append(f"{lead}{label}{row.name} {row.total}{tag}".rstrip())
        lines.append(self.outcome)
        return "\n".join(lines)


TIE_TAGS = {"objectives": "behind on objectives",
            "resources-gadgets": "behind on Resources plus Gadgets",
            "triggers": "behind on triggers",
            UNRESOLVED: "tied, rank shared"}


def summarise(report: ScoreReport) -> ScoreSummary:
    mode_title = report.mode.title()
    stage = "final" if report.outcome.final else "provisional"
    title = f"Tomorrow Dies Today - {mode_title} ({stage})"
    rows = []
    for row in report.rows:
        lines = tuple(_line(s) for s in row.breakdown)
        if report.mode is PlayMode.SYNDICATE:
            total = plural(row.active_triggers, "trigger", "triggers") + (
                ", blocks" if row.blocks_end else "")
            rows.append(SummaryRow("", row.name, total, lines))
            continue
        shown = "-" if row.rank is None else str(row.rank)
        members = f" ({', '.join(row.members)})" if row.members else ""
        rows.append(SummaryRow(shown, row.name + members, f"{row.total} VP", lines,
                               row.tie_break_note, TIE_TAGS.get(row.tie_break or "", "")))
    return ScoreSummary(title, report.mode.value, tuple(rows), report.outcome.text,
                        report.citations, report.outcome.final)


def _line(step: Step) -> str:
    if step.value is None:
        return step.text
    if isinstance(step.value, bool):
        return step.text
    return f"{step.text}: {step.value}"


# --- JSON and the Operation ----------------------------------------------------------------

def report_json(report: ScoreReport) -> dict[str, Any]:
    o = report.outcome
    return {
        "mode": report.mode.value,
        "final": o.final,
        "outcome": {"kind": o.kind.value, "text": o.text, "winners": list(o.winners),
                    "top": list(o.top), "unresolved": o.unresolved, "blockers": list(o.blockers),
                    "rule": o.rule},
        "rows": [{"rank": r.rank, "name": r.name, "role": r.role.value, "total": r.total,
                  "vp_before_penalties": r.vp_before_penalties,
                  "active_triggers": r.active_triggers, "members": list(r.members),
                  "blocks_end": r.blocks_end,
                  "breakdown": [s.to_json() for s in r.breakdown],
                  "tie_break": {"step": r.tie_break, "note": r.tie_break_note}}
                 for r in report.rows],
        "tie_break_chain": list(report.tie_break_chain),
        "citations": list(report.citations),
    }


def henchman_from_record(record: Mapping[str, Any]) -> Henchman:
    """A Henchman from one `players` item of the form (missing fields take their default)."""
    counts = {name: record.get(name, 0) for name in COUNT_FIELDS}
    team = record.get("team")
    return Henchman(name=str(record.get("name", "")).strip(), **counts,
                    team_leader_trigger=bool(record.get("team_leader_trigger", False)),
                    betrayer=bool(record.get("betrayer", False)),
                    team=team.strip() if isinstance(team, str) and team.strip() else None,
                    hired=bool(record.get("hired", False)))


def refuse_goodman_rows(mode: PlayMode, henchmen: Sequence[Henchman]) -> None:
    """Goodman is never a row: the ranking is of Named Henchmen (Scoring, Cutthroat)."""
    for i, h in enumerate(henchmen):
        if not names_goodman(h.name):
            continue
        why = ("his own outcome comes from plan_completed and the clock, and the ranking is of "
               "his Named Henchmen only" if mode is PlayMode.CUTTHROAT else
               f"nobody plays him in {mode.title()}")
        raise InvalidInput(f"players.{i}.name", f"{h.name!r} names General Goodman, who is not "
                           f"one of the Named Henchmen scored here: {why}.",
                           "a Named Henchman's name (leave Goodman off the list)")


def run(data: Mapping[str, Any]) -> Explained:
    mode_name = data.get("mode")
    if mode_name not in tuple(PlayMode):
        raise InvalidInput("mode", f"There is no mode {mode_name!r} to score.",
                           ", ".join(PlayMode))
    henchmen = [henchman_from_record(r) for r in data.get("players", ())]
    refuse_goodman_rows(PlayMode(mode_name), henchmen)
    report = score(PlayMode(mode_name), henchmen,
                   plan_completed=bool(data.get("plan_completed", False)),
                   clock=data.get("clock", -1))
    return Explained(report_json(report), report.steps, summarise(report).share_text())


PLAYER_FIELDS = (
    Text("name", "The Named Henchman (or the player's name).", max_length=40, required=True),
    Integer("vp_goodman", "Cutthroat: VP General Goodman awarded.", minimum=0, default=0),
    Integer("vp_objectives", "VP from objectives: Side Jobs, Global Events, Goodman Directives.",
            minimum=0, default=0),
    Integer("vp_nefarious", "VP from the revealed Nefarious Plan.", minimum=0, default=0),
    Integer("vp_other", "Any other VP held: mission rewards, affinity bonus, exchanges.",
            minimum=0, default=0),
    Integer("objectives_completed", "Completed objectives in the Vault, Disloyal Side Jobs "
            "included (Cutthroat tie-break).", minimum=0, default=0),
    Integer("disloyal_side_jobs", "Cutthroat: how many of those are Disloyal Side Jobs.",
            minimum=0, default=0),
    Integer("resources", "Resources held (Cutthroat tie-break).", minimum=0, default=0),
    Integer("gadgets", "Gadgets held (Cutthroat tie-break).", minimum=0, default=0),
    Integer("triggers", "Active Betrayal Trigger tokens, the Team Leader one included.",
            minimum=0, maximum=MAX_TRIGGERS, default=0),
    Flag("team_leader_trigger", "The Team Leader trigger is one of the active ones (counts in "
         "Cutthroat, ignored in Mayhem and Syndicate)."),
    Flag("betrayer", "Cutthroat: this henchman is the Betrayer."),
    Text("team", "Mayhem: the team this henchman plays for.", max_length=40),
    Flag("hired", "Syndicate: hired this round (still counts for the end check)."),
)

FORM = (
    OneOf("mode", "Game mode.", tuple(m.value for m in PlayMode), required=True),
    ListOf("players", "One record per Named Henchman in play (not Goodman).", PLAYER_FIELDS,
           min_items=1, max_items=8, required=True),
    Flag("plan_completed", "Cutthroat: Goodman declared his Doomsday Plan complete. Syndicate: "
         "the plan's requirements are met. Not used in Mayhem."),
    Integer("clock", "Where the Doomsday Clock stands (0 ends the game).", minimum=0,
            maximum=CLOCK_MAX, required=True),
)

EXAMPLE: Mapping[str, Any] = {
    "mode": "cutthroat",
    "plan_completed": True,
    "clock": 2,
    "players": [
        {"name": "Azura Badeau", "vp_goodman": 3, "vp_objectives": 7, "vp_nefarious": 3,
         "vp_other": 2, "objectives_completed": 5, "disloyal_side_jobs": 1, "resources": 4,
         "gadgets": 1, "triggers": 2, "team_leader_trigger": True},
        {"name": "Cassandra O'Shea", "vp_goodman": 4, "vp_objectives": 6, "vp_nefarious": 2,
         "vp_other": 1, "objectives_completed": 5, "resources": 6, "gadgets": 2, "triggers": 0},
        {"name": "Boris Myasneek", "vp_goodman": 1, "vp_objectives": 5, "vp_nefarious": 4,
         "vp_other": 0, "objectives_completed": 4, "resources": 3, "triggers": 1},
        {"name": "Jin Feng", "vp_objectives": 2, "vp_other": 1, "objectives_completed": 2,
         "disloyal_side_jobs": 2, "resources": 5, "gadgets": 1, "triggers": 4,
         "betrayer": True},
    ],
}

SCORING = Operation(
    slug="score",
    title="Final scoring",
    summary="Totals, ranking with the rulebook's tie-breaks, and who won, for any mode.",
    form=FORM,
    run=run,
    example=EXAMPLE,
    rules=("scoring-cutthroat", "tie-breaks-cutthroat", "scoring-mayhem", "ending-syndicate",
           "betrayal-triggers", "setup-betrayal-triggers", "goal-cutthroat", "goal-mayhem",
           "goal-syndicate", "clock-reaches-zero"),
)
