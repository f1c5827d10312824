"""Final scoring (maniacal.txt:318-331): round-3 salaries and firing, the money-rank Infamy
bonus (values entered by the table), then the most Infamy wins; ties to the most henchmen,
then the table's laugh call, else a shared win.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step, plural
from assistant.games import Operation
from assistant.inputs import Flag, Integer, IntList, ListOf, OneOf, Text
from assistant.ranking import UNRESOLVED, Criterion, rank

from .calculators.cleanup import payroll, payroll_steps
from .calculators.common import find, unique_names
from .facts import MAX_PLAYERS, MIN_PLAYERS, RULES
from .modes import check_players

TIE_PLACES = ("skip", "next")
TIES = RULES.get("winner-and-ties")
"""Its readings (henchmen counted, lower places, no laugh call) mark the steps that use them."""


@dataclass(frozen=True)
class Villain:
    name: str
    infamy: int
    money: int
    henchmen: int
    bonus: int = 0
    money_place: int = 0
    laugh: int = 0

    @property
    def total(self) -> int:
        return self.infamy + self.bonus


def money_places(money: Sequence[int], after_tie: str | None) -> list[int]:
    """Each player's money place (1 = richest); ties share a place."""
    ordered = sorted(set(money), reverse=True)
    if after_tie == "next":
        return [ordered.index(m) + 1 for m in money]
    return [1 + sum(1 for other in money if other > m) for m in money]


CRITERIA: tuple[Criterion[Villain], ...] = (
    Criterion("infamy", "total Infamy", lambda v: v.total, rule="winner-and-ties"),
    Criterion("henchmen", "henchmen", lambda v: v.henchmen, rule="winner-and-ties"),
    Criterion("laugh", "the table's call on the most sinister laugh", lambda v: v.laugh,
              rule="winner-and-ties"),
)


def score(data: Mapping[str, Any]) -> Explained:
    raw = list(data.get("players") or [])
    check_players(len(raw))
    names = unique_names(raw, "players")
    steps: list[Step] = []
    villains: list[Villain] = []
    done = bool(data.get("cleanup_done", False))
    for i, (name, r) in enumerate(zip(names, raw, strict=True)):
        money, kept = int(r.get("money", 0)), int(r.get("henchmen", 0))
        if not done:
            pay = payroll(money, int(r.get("mercenaries", 0)), kept)
            steps += payroll_steps(name, pay)
            money, kept = pay.money_after, pay.paid_henchmen
            if r.get("fire"):
                if kept == 0:
                    raise InvalidInput(f"players.{i}.fire", f"{name} has no henchman left to "
                                       "fire.", "no firing")
                kept -= 1
                steps.append(Step(f"{name} fires one henchman.", kept, "firing"))
        villains.append(Villain(name, int(r.get("infamy", 0)), money, kept))
    if done:
        steps.append(Step("Round-3 salaries and firing already done.", None, "end-of-game"))
    villains = _money_bonus(villains, data, steps)
    laugh = str(data.get("laugh_winner") or "").strip()
    if laugh:
        villains = _laugh(villains, laugh)
    placed = rank(villains, CRITERIA, lambda v: v.name)
    rows = []
    for p in placed:
        v = p.item
        steps.append(Step(f"{v.name}: {v.infamy} Infamy + {v.bonus} money bonus = {v.total}.",
                          v.total, "winner-and-ties"))
    for above, p in zip(placed, placed[1:], strict=False):
        steps.append(_separation(above.item, p.item, p.separated_by, above.rank, p.rank))
    for p in placed:
        v = p.item
        rows.append({"name": v.name, "rank": p.rank, "infamy": v.infamy, "money": v.money,
                     "money_place": v.money_place, "bonus": v.bonus, "total": v.total,
                     "henchmen": v.henchmen, "separated_by": p.separated_by})
    winners = [p.item.name for p in placed if p.rank == 1]
    shared = len(winners) > 1
    if shared:
        outcome = (f"Shared win: {' and '.join(winners)} on {placed[0].item.total} Infamy and "
                   f"{placed[0].item.henchmen} henchmen; the table made no laugh call.")
    else:
        outcome = f"{winners[0]} wins with {placed[0].item.total} Infamy."
    steps.append(Step(outcome, placed[0].item.total, "winner-and-ties"))
    result = {"rows": rows, "winners": winners, "shared": shared,
              "tie_break_chain": [c.slug for c in CRITERIA]}
    lines = [f"{r['rank']}. {r['name']} {r['total']} Infamy" for r in rows]
    return Explained(result, tuple(steps), "Maniacal final score\n" + "\n".join(lines) + "\n"
                     + outcome)


def _money_bonus(villains: list[Villain], data: Mapping[str, Any],
                 steps: list[Step]) -> list[Villain]:
    bonus = [int(b) for b in data.get("money_bonus") or []]
    if not bonus:
        raise InvalidInput("money_bonus", "The money-rank Infamy bonuses are not printed in "
                           "the text: enter them from your board, 1st place first.",
                           "a list of Infamy values, e.g. the 1st, 2nd, 3rd... place bonus")
    money = [v.money for v in villains]
    tied = len(set(money)) < len(money)
    after_tie = data.get("after_money_tie")
    if tied and after_tie not in TIE_PLACES and money_places(money, "skip") != money_places(
            money, "next"):
        raise InvalidInput("after_money_tie", "Players tie on money and the book does not say "
                           "which place the next player takes. Choose: 'skip' (1, 1, 3) or "
                           "'next' (1, 1, 2).", "skip, next")
    places = money_places(money, after_tie if isinstance(after_tie, str) else None)
    if max(places) > len(bonus):
        raise InvalidInput("money_bonus", f"Money places go down to {max(places)}; you "
                           f"entered {plural(len(bonus), 'bonus value', 'bonus values')}.",
                           f"{max(places)} values (0 where your board pays nothing)")
    out = []
    for v, place in zip(villains, places, strict=True):
        gain = bonus[place - 1]
        share = sum(1 for p in places if p == place) > 1
        steps.append(RULES.get("money-bonus").step(
            "values", f"{v.name}: ${v.money}, money place {place}"
            + (" (shared: full bonus)" if share else "") + f" → +{gain} Infamy.",
            gain))
        out.append(Villain(v.name, v.infamy, v.money, v.henchmen, gain, place))
    return out


def _laugh(villains: list[Villain], laugh: str) -> list[Villain]:
    name = find([v.name for v in villains], laugh, "laugh_winner")
    best = max((v.total, v.henchmen) for v in villains)
    top = [v.name for v in villains if (v.total, v.henchmen) == best]
    if name not in top or len(top) < 2:
        raise InvalidInput("laugh_winner", "The laugh only settles a tie for first that "
                           "Infamy and henchmen leave open.",
                           " or ".join(top) if len(top) > 1 else "no laugh call needed")
    return [Villain(v.name, v.infamy, v.money, v.henchmen, v.bonus, v.money_place,
                    int(v.name == name)) for v in villains]


def _separation(above: Villain, below: Villain, slug: str | None, above_rank: int,
                place: int) -> Step:
    top = above_rank == 1
    if slug == UNRESOLVED:
        return TIES.step("no-laugh-call" if top else "lower-places",
                         f"{below.name} and {above.name} are level on Infamy and henchmen: "
                         f"rank {place} is shared.", place)
    text = {"infamy": f"{below.name} is behind {above.name} on total Infamy "
                      f"({below.total} < {above.total}).",
            "henchmen": f"{below.name} ties {above.name} on {below.total} Infamy but has fewer "
                        f"henchmen ({below.henchmen} < {above.henchmen}).",
            "laugh": f"{above.name} wins the tie with {below.name} on the table's call: the "
                     "most sinister laugh."}[str(slug)]
    if slug == "laugh":
        return Step(text, place, "winner-and-ties", Provenance.HOUSE,
                    "The laugh is the table's judgement.")
    if slug == "henchmen":
        return TIES.step("henchmen-counted" if top else "lower-places", text, place)
    return Step(text, place, "winner-and-ties")


PLAYER = (
    Text("name", "Player.", max_length=40, required=True),
    Integer("infamy", "Infamy on the track before the money bonus.", minimum=0,
            required=True),
    Integer("money", "Money (before round-3 salaries unless already paid).", minimum=0,
            required=True),
    Integer("henchmen", "Henchmen other than Mercenaries (Lackey, Bodyguard included).",
            minimum=0, default=0),
    Integer("mercenaries", "Mercenaries held before round-3 salaries.", minimum=0, default=0),
    Flag("fire", "Fire one henchman in the round-3 Clean-up."),
)

FORM = (
    ListOf("players", "Every player.", PLAYER, min_items=MIN_PLAYERS, max_items=MAX_PLAYERS,
           required=True),
    IntList("money_bonus", "Infamy bonus per money place from your board, 1st first.",
            minimum=0, min_items=1, max_items=MAX_PLAYERS, required=True),
    Flag("cleanup_done", "Round-3 salaries and firing are already done."),
    OneOf("after_money_tie", "After a money tie, the next player's place: skip (1, 1, 3) or "
          "next (1, 1, 2).", TIE_PLACES),
    Text("laugh_winner", "Still tied for first: whom the table named for the most sinister "
         "laugh.", max_length=40),
)

SCORING = Operation(
    slug="score",
    title="Final scoring",
    summary="Round-3 salaries, the money bonus, the most Infamy wins; ties to henchmen, then "
            "the table's laugh call.",
    form=FORM,
    run=score,
    example={"money_bonus": [3, 2, 1], "players": [
        {"name": "Simon", "infamy": 20, "money": 9, "henchmen": 4},
        {"name": "Hassan", "infamy": 21, "money": 5, "henchmen": 5},
        {"name": "Dave", "infamy": 22, "money": 4, "henchmen": 3, "mercenaries": 1}]},
    rules=("end-of-game", "money-bonus", "winner-and-ties", "salaries", "firing"),
)
