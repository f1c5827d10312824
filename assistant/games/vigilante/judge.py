"""The end-game judge: every player's result, with the numbers compared and the rule applied.

A pure function of the revealed state. The order is forced by what each Mission reads
(rules entry `end-game-order`): reveal and check the mix -> the Investigator's move -> jail
counts -> Mastermind -> Good (Guardians, Investigator) -> the Neutrals that stand alone ->
Assassins -> Time Traveler last. Nothing reads a later stage, and no stage reads seat order.

Open points are table settings (`Settings`), each with a default; `sensitivity` reruns the
judge under every other value and reports whose result would change.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Provenance, Step
from assistant.ranking import Criterion, rank

from .identities import (
    ADDICT_MED_CARDS,
    CARDS,
    GUARDIAN_PER_GOOD,
    INVESTIGATOR_JAIL,
    MASTERMIND_JAIL,
    NEUTRAL_JAIL,
    TIME_TRAVELER_MARGIN,
    WORSHIPPER_CLEAN_HEROES,
    Allegiance,
    Identity,
)
from .mix import check_identities
from .modes import Scenario

RULEBOOK, DERIVED, UNKNOWN = Provenance.RULEBOOK, Provenance.DERIVED, Provenance.UNKNOWN


@dataclass(frozen=True)
class Settings:
    """The table's rulings on points the rulebook leaves open (first option = default)."""

    cultist_timing: str = "after-move"
    """Cultist's defeated Heroes counted after the Investigator's move, or before it."""
    cultist_count: str = "at-least"
    """Each other player has at least 1 defeated Hero, or exactly 1."""
    bounty_moved: str = "not-a-hero"
    """A Hero the Investigator moved is no longer a Hero, or still a defeated Hero."""
    bounty_ties: str = "all"
    """A tie for the highest Influence: all tied Heroes must be defeated, or any one."""
    profiteer_team: str = "undefeated"
    """The Profiteer compares undefeated Heroes on the mats, or defeated ones too."""
    bounty_scope: str = "players"
    """The Bounty Hunter compares the other players' Heroes, or the Hero Market's too."""
    market: tuple[int, ...] = ()
    """Not a ruling: the Influence of the Heroes left in the Hero Market at the end, read only
    when bounty_scope is "with-market"."""


SETTING_OPTIONS: Mapping[str, tuple[str, ...]] = {
    "cultist_timing": ("after-move", "before-move"),
    "cultist_count": ("at-least", "exactly"),
    "bounty_moved": ("not-a-hero", "still-defeated"),
    "bounty_ties": ("all", "any"),
    "profiteer_team": ("undefeated", "with-defeated"),
    "bounty_scope": ("players", "with-market"),
}
SETTING_USERS: Mapping[str, Identity] = {
    "cultist_timing": Identity.CULTIST, "cultist_count": Identity.CULTIST,
    "bounty_moved": Identity.BOUNTY_HUNTER, "bounty_ties": Identity.BOUNTY_HUNTER,
    "profiteer_team": Identity.PROFITEER, "bounty_scope": Identity.BOUNTY_HUNTER,
}


@dataclass(frozen=True)
class HeroCard:
    name: str
    influence: int | None
    damage: int = 0
    defeated: bool = False


@dataclass(frozen=True)
class PlayerEnd:
    name: str
    identity: Identity
    jail: int
    """Villains in the player's jail at the end of the last round (before the move)."""
    jail_level_2_3: int | None = None
    """Addict: how many of them are Level 2 or 3."""
    med_cards: int | None = None
    """Addict: First Aid Kits and Med Pacs in hand."""
    heroes: tuple[HeroCard, ...] = ()
    """Team and Defeated pile (defeated=True)."""

    @property
    def allegiance(self) -> Allegiance:
        return CARDS[self.identity].allegiance


@dataclass(frozen=True)
class Result:
    name: str
    identity: Identity
    won: bool
    mission_met: bool
    stage: int
    rule: str
    reason: str
    numbers: Mapping[str, Any] = field(default_factory=dict)
    provenance: Provenance = RULEBOOK
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        card = CARDS[self.identity]
        return {"name": self.name, "identity": self.identity.value, "title": card.title,
                "allegiance": card.allegiance.value, "won": self.won,
                "mission_met": self.mission_met, "stage": self.stage, "rule": self.rule,
                "reason": self.reason, "numbers": dict(self.numbers),
                "provenance": self.provenance.value, "note": self.note}


@dataclass(frozen=True)
class Verdict:
    results: tuple[Result, ...]
    jails: Mapping[str, int]
    moved: Mapping[str, int]
    good_total: int
    good_needed: int
    mastermind_won: bool
    steps: tuple[Step, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(sorted((r.name for r in self.results if r.won), key=str.casefold))

    def result(self, name: str) -> Result:
        return next(r for r in self.results if r.name == name)


def _need_influence(players: Sequence[PlayerEnd], who: set[str], why: str) -> None:
    for i, p in enumerate(players):
        if p.name not in who:
            continue
        for j, h in enumerate(p.heroes):
            if h.influence is None:
                raise InvalidInput(f"players.{i}.heroes.{j}.influence", f"The {why} needs the "
                                   f"Influence of {p.name}'s {h.name}.", "0 or more")


def judge(players: Sequence[PlayerEnd], settings: Settings = Settings(),
          scenario: Scenario | None = None, first_game: bool = False) -> Verdict:
    """Validate the reveal, then judge every Mission in the order above."""
    names = [p.name.casefold() for p in players]
    for i, p in enumerate(players):
        if not p.name.strip() or names.count(p.name.casefold()) > 1:
            raise InvalidInput(f"players.{i}.name", "Every player needs a different name.",
                               "distinct names")
        if p.jail < 0:
            raise InvalidInput(f"players.{i}.jail", "A jail cannot hold fewer than 0.",
                               "0 or more")
    for key, value in ((f.name, getattr(settings, f.name)) for f in fields(Settings)):
        if key in SETTING_OPTIONS and value not in SETTING_OPTIONS[key]:
            raise InvalidInput(key, f"Unknown setting {value!r}.",
                               ", ".join(SETTING_OPTIONS[key]))
    steps: list[Step] = []
    if scenario is not None:
        steps += check_identities(scenario, [p.identity for p in players], first_game)
    else:
        steps += check_identities_loose(players)
    present = {p.identity for p in players}
    for i, p in enumerate(players):
        if p.identity is Identity.ADDICT:
            if p.jail_level_2_3 is None or p.med_cards is None:
                raise InvalidInput(f"players.{i}.jail_level_2_3", "The Addict's Mission needs "
                                   "the Level 2-3 Villains jailed and the First Aid Kits / Med "
                                   "Pacs in hand.", "both numbers, 0 or more")
            if p.jail_level_2_3 > p.jail:
                raise InvalidInput(f"players.{i}.jail_level_2_3", f"{p.name} has {p.jail} "
                                   f"jailed, so not {p.jail_level_2_3} of Level 2-3.",
                                   f"0-{p.jail}")
    if Identity.BOUNTY_HUNTER in present:
        _need_influence(players, {p.name for p in players
                                  if p.identity is not Identity.BOUNTY_HUNTER}, "Bounty Hunter")
    if Identity.PROFITEER in present:
        _need_influence(players, {p.name for p in players}, "Profiteer")
    return _evaluate(players, settings, steps)


def check_identities_loose(players: Sequence[PlayerEnd]) -> list[Step]:
    """Without a scenario: copies in the box only."""
    from collections import Counter  # noqa: PLC0415

    count = Counter(p.identity for p in players)
    for identity, n in count.items():
        if n > CARDS[identity].copies:
            at = [i for i, p in enumerate(players) if p.identity is identity][-1]
            card = CARDS[identity]
            raise InvalidInput(f"players.{at}.identity", f"There are {card.copies} "
                               f"{card.title} card{'s' * (card.copies != 1)} in the box; {n} "
                               "players claim one.", f"at most {card.copies}")
    return [Step("Identities revealed; copies checked against the box.", len(players),
                 "identity-card")]


def _evaluate(seated: Sequence[PlayerEnd], s: Settings, steps: list[Step]) -> Verdict:
    results: dict[str, Result] = {}
    players = sorted(seated, key=lambda p: (p.name.casefold(), p.name))  # seat order never counts
    # Stage 2: the Investigator's move.
    investigator = next((p for p in players if p.identity is Identity.INVESTIGATOR), None)
    moved: dict[str, int] = {}
    if investigator is not None:
        for p in players:
            if p.allegiance is Allegiance.EVIL:
                moved[p.name] = sum(1 for h in p.heroes if h.defeated)
        steps.append(Step(f"{investigator.name} (Investigator) moves the Evil players' defeated "
                          "Heroes into their jail: " + (", ".join(
                              f"{n} from {k}" for k, n in sorted(moved.items())) or "none")
                          + f" = {sum(moved.values())}.", sum(moved.values()),
                          "identity-investigator", RULEBOOK,
                          "'Any' defeated Heroes read as all of them (derived): moving more "
                          "never hurts the Investigator or the Good total."))
    # Stage 3: jail counts.
    jails = {p.name: p.jail for p in players}
    if investigator is not None:
        jails[investigator.name] += sum(moved.values())
    good = [p for p in players if p.allegiance is Allegiance.GOOD]
    good_total = sum(jails[p.name] for p in good)
    good_needed = GUARDIAN_PER_GOOD * len(good)
    steps.append(Step("Jails: " + ", ".join(f"{p.name} {jails[p.name]}" for p in players)
                      + f". Good players' jails together: {good_total}.", good_total, "jail"))
    # Stage 4: Mastermind.
    mm_won = False
    for p in players:
        if p.identity is Identity.MASTERMIND:
            mm_won = jails[p.name] >= MASTERMIND_JAIL
            results[p.name] = Result(p.name, p.identity, mm_won, mm_won, 4,
                                     "identity-mastermind",
                                     f"{jails[p.name]} in own jail against {MASTERMIND_JAIL}"
                                     + (": won, so every Good player loses." if mm_won else
                                        ": short."),
                                     {"jail": jails[p.name], "needed": MASTERMIND_JAIL})
    # Stage 5: Good.
    for p in good:
        if p.identity is Identity.GUARDIAN:
            met = good_total >= good_needed
            nums: dict[str, Any] = {"good_total": good_total, "good_players": len(good),
                                    "needed": good_needed}
            reason = (f"Good jails {good_total} against {GUARDIAN_PER_GOOD} x {len(good)} = "
                      f"{good_needed}: {'met' if met else 'short'}")
            rule = "identity-guardian"
        else:
            met = jails[p.name] >= INVESTIGATOR_JAIL
            nums = {"jail": jails[p.name], "moved_in": sum(moved.values()),
                    "needed": INVESTIGATOR_JAIL}
            reason = (f"{p.jail} + {sum(moved.values())} moved = {jails[p.name]} in own jail "
                      f"against {INVESTIGATOR_JAIL}: {'met' if met else 'short'}")
            rule = "identity-investigator"
        won = met and not mm_won
        if met and mm_won:
            reason += ", but the Mastermind won, so every Good player loses"
            rule = "identity-mastermind"
        results[p.name] = Result(p.name, p.identity, won, met, 5, rule, reason + ".", nums)
    # Stage 6: the Neutrals that stand alone.
    for p in players:
        if p.allegiance is Allegiance.NEUTRAL and p.identity is not Identity.TIME_TRAVELER:
            results[p.name] = _neutral(p, players, jails, moved, s, investigator is not None)
    # Stage 7: Assassins.
    good_won = [p.name for p in good if results[p.name].won]
    for p in players:
        if p.identity is Identity.ASSASSIN:
            won = not good_won
            if not good:
                reason = "No Good player is in the game, so none can win."
                prov, note = DERIVED, "'Every Good player loses' holds when there are none."
            elif won:
                reason = "Every Good player lost" + (" (the Mastermind won)." if mm_won else ".")
                prov, note = RULEBOOK, ""
            else:
                reason = f"{', '.join(good_won)} won for Good."
                prov, note = RULEBOOK, ""
            results[p.name] = Result(p.name, p.identity, won, won, 7, "identity-assassin",
                                     reason, {"good_winners": len(good_won)}, prov, note)
    # Stage 8: Time Traveler, last.
    for p in players:
        if p.identity is Identity.TIME_TRAVELER:
            winners = sorted((q for q in players if q.name != p.name and results[q.name].won),
                             key=lambda q: jails[q.name])
            beaten = sorted((q.name for q in winners
                             if jails[p.name] >= jails[q.name] + TIME_TRAVELER_MARGIN),
                            key=str.casefold)
            won = bool(beaten)
            if not winners:
                reason = "No other player won, so there is nobody to be ahead of."
            elif won:
                q = min(beaten, key=lambda n: (jails[n], n.casefold()))
                reason = (f"{jails[p.name]} jailed is at least {TIME_TRAVELER_MARGIN} more than "
                          f"{q}'s {jails[q]} ({q} won).")
            else:
                reason = (f"{jails[p.name]} jailed is not {TIME_TRAVELER_MARGIN} more than any "
                          "winner's (" + ", ".join(f"{q.name} {jails[q.name]}" for q in winners)
                          + ").")
            results[p.name] = Result(p.name, p.identity, won, won, 8, "identity-time-traveler",
                                     reason, {"jail": jails[p.name],
                                              "winners_beaten": beaten,
                                              "other_winners": sorted(
                                                  (q.name for q in winners), key=str.casefold)},
                                     DERIVED if len(winners) > 1 else RULEBOOK,
                                     "One winner with a smaller jail is enough." if
                                     len(winners) > 1 else "")
    ordered = tuple(results[p.name] for p in seated)
    for r in sorted(ordered, key=lambda r: (r.stage, r.name.casefold())):
        steps.append(Step(f"{r.name} ({CARDS[r.identity].title}): {r.reason} "
                          f"{'Wins' if r.won else 'Loses'}.", r.won, r.rule, r.provenance,
                          r.note))
    return Verdict(ordered, jails, moved, good_total, good_needed, mm_won, tuple(steps))


def _defeated_count(p: PlayerEnd, moved_out: bool) -> int:
    return 0 if moved_out else sum(1 for h in p.heroes if h.defeated)


def _neutral(p: PlayerEnd, players: Sequence[PlayerEnd], jails: Mapping[str, int],
             moved: Mapping[str, int], s: Settings, investigator: bool) -> Result:
    jail = jails[p.name]
    enough = jail >= NEUTRAL_JAIL
    jail_text = f"{jail} jailed against {NEUTRAL_JAIL} ({'met' if enough else 'short'})"
    others = [q for q in players if q.name != p.name]

    def gone(q: PlayerEnd) -> bool:
        """True when q's defeated Heroes went to the Investigator's jail."""
        return investigator and q.name in moved

    if p.identity is Identity.ADDICT:
        high, med = p.jail_level_2_3 or 0, p.med_cards or 0
        met = high >= NEUTRAL_JAIL and med >= ADDICT_MED_CARDS
        return Result(p.name, p.identity, met, met, 6, "identity-addict",
                      f"{high} Level 2-3 Villains jailed against {NEUTRAL_JAIL}; {med} First "
                      f"Aid Kits / Med Pacs against {ADDICT_MED_CARDS}.",
                      {"jail_level_2_3": high, "med_cards": med, "needed": NEUTRAL_JAIL},
                      DERIVED, "'Have 4' read as at least 4.")
    if p.identity is Identity.WORSHIPPER_OF_LIFE:
        clean = sum(1 for h in p.heroes if not h.defeated and h.damage == 0)
        met = enough and clean >= WORSHIPPER_CLEAN_HEROES
        return Result(p.name, p.identity, met, met, 6, "identity-worshipper-of-life",
                      f"{jail_text}; {clean} undefeated Heroes without damage against "
                      f"{WORSHIPPER_CLEAN_HEROES}.", {"jail": jail, "clean_heroes": clean},
                      DERIVED, "'Have 4' read as at least 4.")
    if p.identity is Identity.CULTIST:
        after = s.cultist_timing == "after-move"
        counts = {q.name: _defeated_count(q, after and gone(q)) for q in others}
        ok = {n: (c >= 1 if s.cultist_count == "at-least" else c == 1)
              for n, c in counts.items()}
        met = enough and all(ok.values())
        missing = [n for n, good in ok.items() if not good]
        return Result(p.name, p.identity, met, met, 6, "identity-cultist",
                      f"{jail_text}; defeated Heroes of the others ({s.cultist_timing}, "
                      f"{s.cultist_count} 1): " + ", ".join(f"{n} {c}" for n, c in
                                                            counts.items())
                      + (f"; not met for {', '.join(missing)}." if missing else "."),
                      {"jail": jail, "defeated_heroes": counts}, UNKNOWN,
                      "Timing and 'exactly/at least' are table settings.")
    if p.identity is Identity.BOUNTY_HUNTER:
        pool: list[tuple[str, HeroCard]] = []
        for q in others:
            for h in q.heroes:
                if h.defeated and gone(q) and s.bounty_moved == "not-a-hero":
                    continue
                pool.append((q.name, h))
        if s.bounty_scope == "with-market":  # Market Heroes can never be defeated
            pool += [("the Hero Market", HeroCard(f"Market Hero {i + 1}", v))
                     for i, v in enumerate(s.market)]
        if not pool:
            return Result(p.name, p.identity, False, False, 6, "identity-bounty-hunter",
                          f"{jail_text}; no other player's Hero is left to compare.",
                          {"jail": jail, "top_influence": None}, UNKNOWN,
                          "With no Hero to compare, the Mission cannot be shown met.")
        top = max(h.influence or 0 for _, h in pool)
        tied = [(n, h) for n, h in pool if (h.influence or 0) == top]
        down = [h.defeated for _, h in tied]
        hit = all(down) if s.bounty_ties == "all" else any(down)
        met = enough and hit
        listing = ", ".join(f"{n}'s {h.name} ({'defeated' if h.defeated else 'standing'})"
                            for n, h in tied)
        return Result(p.name, p.identity, met, met, 6, "identity-bounty-hunter",
                      f"{jail_text}; highest Influence among the others' Heroes is {top}: "
                      f"{listing}.", {"jail": jail, "top_influence": top,
                                      "top_heroes": [h.name for _, h in tied],
                                      "top_defeated": hit},
                      DERIVED if len(tied) == 1 else UNKNOWN,
                      "Compared: other players' Heroes on mats and in Defeated piles"
                      + (", and the Hero Market's (table setting)." if
                         s.bounty_scope == "with-market" else ".")
                      + (" A tie for the top: your table's setting decides." if len(tied) > 1
                         else ""))
    # Profiteer
    def team(q: PlayerEnd) -> int:
        return sum(h.influence or 0 for h in q.heroes
                   if not h.defeated or (s.profiteer_team == "with-defeated" and not gone(q)))

    totals = {q.name: team(q) for q in players}
    placed = rank(list(players), [Criterion("team", "team Influence", lambda q: totals[q.name],
                                            rule="identity-profiteer")], lambda q: q.name)
    mine = totals[p.name]
    best_other = max((totals[q.name] for q in others), default=0)
    richest = mine > best_other
    met = enough and richest
    return Result(p.name, p.identity, met, met, 6, "identity-profiteer",
                  f"{jail_text}; team Influence {mine} against the best other team's "
                  f"{best_other} ({'strictly more' if richest else 'not more'}).",
                  {"jail": jail, "team_influence": mine, "best_other": best_other,
                   "ranking": [{"name": x.item.name, "rank": x.rank,
                                "team_influence": totals[x.item.name]} for x in placed]},
                  RULEBOOK, "'More' than every other team is printed: a tie for the top is not "
                  "enough (vigilante.txt:338, 353). Team = "
                  + ("undefeated Heroes" if s.profiteer_team == "undefeated"
                     else "all Heroes incl. defeated") + ", Hero Influence only.")


def sensitivity(players: Sequence[PlayerEnd], settings: Settings,
                verdict: Verdict) -> list[dict[str, Any]]:
    """Every other setting value that would change someone's result.

    A setting is read by one Neutral Mission alone (SETTING_USERS), and among later stages
    only the Time Traveler reads other results: so under another value only those players'
    results are worked out again, from the verdict's jails and moves, not the whole judge."""
    present = {p.identity for p in players}
    out: list[dict[str, Any]] = []
    ordered = sorted(players, key=lambda p: (p.name.casefold(), p.name))  # as _evaluate
    investigator = Identity.INVESTIGATOR in present
    for key, options in SETTING_OPTIONS.items():
        if SETTING_USERS[key] not in present:
            continue
        for value in options:
            if value == getattr(settings, key):
                continue
            other: dict[str, Any] = {key: value}
            won = _won_under(ordered, replace(settings, **other), SETTING_USERS[key],
                             verdict, investigator)
            for r in verdict.results:
                if won[r.name] != r.won:
                    out.append({"setting": key, "value": value, "player": r.name,
                                "won_now": r.won, "won_then": won[r.name]})
    return out


def _won_under(players: Sequence[PlayerEnd], s: Settings, user: Identity, verdict: Verdict,
               investigator: bool) -> dict[str, bool]:
    """Who wins under settings `s` that differ from the verdict's only in what `user` reads
    (`players` in _evaluate's order): stages 6 and 8 of _evaluate again for those it
    touches, every other result as it stands."""
    won = {r.name: r.won for r in verdict.results}
    changed = False
    for p in players:
        if p.identity is user and p.allegiance is Allegiance.NEUTRAL \
                and p.identity is not Identity.TIME_TRAVELER:
            now = _neutral(p, players, verdict.jails, verdict.moved, s, investigator).won
            changed = changed or now != won[p.name]
            won[p.name] = now
    if not changed:
        return won
    jails = verdict.jails
    for p in players:
        if p.identity is Identity.TIME_TRAVELER:  # as stage 8: beats a winner by the margin
            won[p.name] = any(jails[p.name] >= jails[q.name] + TIME_TRAVELER_MARGIN
                              for q in players if q.name != p.name and won[q.name])
    return won
