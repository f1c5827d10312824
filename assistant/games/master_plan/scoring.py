"""This Was the Plan All Along: the final ranking after round 3.

Rulebook: all-part-of-the-master-plan.txt:71-73 (and Goal, :15). Most different Loot types;
then most Supers in the KO pile; then the single highest Action Number in the KO pile; a tie
after all three is reported as unresolved (the book stops there; never broken at random).
If someone won instantly, there is no final scoring. What the KO pile holds follows the
`ko_piles` setting; the answer says when the other option would change the ranking.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import IntList, ListOf, Text
from assistant.ranking import UNRESOLVED, Criterion, Placed, rank

from .book import says
from .common import distinct, key, plural, split_list, text_field, unique_names
from .modes import STANDARD, check_players
from .settings import CUMULATIVE, KO_PILES

NO_KO = -1
"""Key for an empty KO pile in the last tie-break (below every real Action Number)."""
MAX_KO = 60


@dataclass(frozen=True)
class Player:
    name: str
    loot: tuple[str, ...]
    ko_round: tuple[int, ...]
    """Action Numbers of the Supers in the KO pile at the end of round 3."""
    ko_earlier: tuple[int, ...]
    """Action Numbers knocked out in rounds 1-2 (counted only with ko_piles = cumulative)."""

    def types(self) -> list[str]:
        return list(self._types)

    @cached_property
    def _types(self) -> tuple[str, ...]:
        """Worked out once per player: the ranking asks for it dozens of times."""
        return tuple(distinct(self.loot))

    def pile(self, setting: str) -> tuple[int, ...]:
        return self.ko_round + (self.ko_earlier if setting == CUMULATIVE else ())


@cache  # one chain per setting value (a handful), built once
def chain(setting: str) -> tuple[Criterion[Player], ...]:
    return (
        Criterion("loot-types", "different Loot types", lambda p: len(p._types),
                  rule="final-scoring"),
        Criterion("ko-count", "Supers in the KO pile", lambda p: len(p.pile(setting)),
                  rule="final-scoring"),
        Criterion("ko-highest", "highest Action Number in the KO pile",
                  lambda p: max(p.pile(setting), default=NO_KO), rule="final-scoring"),
    )


def standings(players: Sequence[Player], setting: str) -> tuple[Placed[Player], ...]:
    return rank(players, chain(setting), lambda p: p.name)


def _row(placed: Placed[Player], setting: str) -> dict[str, Any]:
    p = placed.item
    pile = p.pile(setting)
    types = p.types()
    return {"name": p.name, "rank": placed.rank, "separated_by": placed.separated_by,
            "loot_types": len(types), "types": types, "ko_count": len(pile),
            "ko_highest": max(pile) if pile else None}


def _between(above: Placed[Player], below: Placed[Player], setting: str) -> Step:
    a, b = _row(above, setting), _row(below, setting)
    how = below.separated_by
    if how == "loot-types":
        text = (f"{a['name']} above {b['name']}: {a['loot_types']} Loot types to "
                f"{b['loot_types']}.")
    elif how == "ko-count":
        text = (f"{a['name']} above {b['name']}: level on {a['loot_types']} Loot types; "
                f"{plural(a['ko_count'], 'Super')} in the KO pile to {b['ko_count']}.")
    elif how == "ko-highest":
        text = (f"{a['name']} above {b['name']}: level on Loot types and KO count; highest "
                f"Action Number {a['ko_highest']} to {b['ko_highest']}.")
    else:
        text = (f"{a['name']} and {b['name']} are level on all three (Loot types "
                f"{a['loot_types']}, KO pile {a['ko_count']}, highest "
                f"{a['ko_highest'] if a['ko_highest'] is not None else 'none'}): unresolved.")
    if how == UNRESOLVED:
        return says("final-scoring", "unresolved", text, how)
    return Step(text, how, "final-scoring")


def score(players: Sequence[Player], setting: str, instant_winner: str = "") -> Explained:
    check_players(len(players))
    steps = [KO_PILES.step(setting)]
    if instant_winner:
        match = [p.name for p in players if key(p.name) == key(instant_winner)]
        if not match:
            raise InvalidInput("instant_winner", f"{instant_winner} is not one of the players.",
                               ", ".join(p.name for p in players))
        steps.append(Step(f"{match[0]} completed their Master Plan and won instantly: no final "
                          "scoring.", None, "instant-win"))
        return Explained({"ended_by": "instant-win", "winners": match, "standings": [],
                          "unresolved": False, "other_setting": None}, tuple(steps),
                         f"{match[0]} won instantly with a completed Master Plan.")
    for p in players:
        pile = p.pile(setting)
        steps.append(Step(f"{p.name}: {len(p.types())} different Loot types "
                          f"({', '.join(p.types()) or 'none'}); KO pile {len(pile)}, highest "
                          f"{max(pile) if pile else 'none'}.", len(p.types()), "final-scoring"))
    placed = standings(players, setting)
    for above, below in zip(placed, placed[1:], strict=False):
        steps.append(_between(above, below, setting))
    winners = [pl.item.name for pl in placed if pl.rank == 1]
    unresolved = len(winners) > 1
    alt_setting = KO_PILES.other(setting)
    alt = standings(players, alt_setting)
    alt_winners = [pl.item.name for pl in alt if pl.rank == 1]
    alt_order = [(pl.item.name, pl.rank) for pl in alt]
    changes = alt_order != [(pl.item.name, pl.rank) for pl in placed]
    other = {"setting": KO_PILES.name, "value": alt_setting, "changes": changes,
             "winner_changes": alt_winners != winners, "winners": alt_winners,
             "standings": [_row(pl, alt_setting) for pl in alt]}
    detail = (f"With {alt_setting} KO piles: the ranking would be "
              + ", ".join(f"{n} {r}" for n, r in alt_order)
              + (f" and the winner {' / '.join(alt_winners)}" if other["winner_changes"] else "")
              + "." if changes else f"With {alt_setting} KO piles the ranking is the same.")
    steps.append(says(KO_PILES.rule, "other-option", detail, changes))
    rows = [_row(pl, setting) for pl in placed]
    result = {"ended_by": "round-3", "winners": winners, "unresolved": unresolved,
              "standings": rows, "other_setting": other}
    if unresolved:
        summary = (f"Unresolved tie for first: {', '.join(winners)} (the book breaks it no "
                   "further).")
    else:
        summary = f"{winners[0]} wins: " + "; ".join(
            f"{r['rank']}. {r['name']} ({plural(r['loot_types'], 'type')}, {r['ko_count']} KO)"
            for r in rows) + "."
    if other["winner_changes"]:
        summary += f" With {alt_setting} KO piles: {' / '.join(alt_winners)}."
    return Explained(result, tuple(steps), summary)


def parse_players(raw: Sequence[Mapping[str, Any]]) -> list[Player]:
    names = unique_names(raw, "players")
    return [Player(names[i], split_list(row.get("loot")),
                   tuple(int(x) for x in row.get("ko") or ()),
                   tuple(int(x) for x in row.get("ko_earlier") or ()))
            for i, row in enumerate(raw)]


def run(data: Mapping[str, Any]) -> Explained:
    return score(parse_players(data.get("players") or []), KO_PILES.read(data),
                 text_field(data, "instant_winner"))


PLAYER_FIELDS = (
    Text("name", "Player", max_length=40, required=True),
    Text("loot", "Every Loot they hold, comma-separated (copies are fine; types count once)",
         max_length=400),
    IntList("ko", "Action Numbers of the Supers in their KO pile at the end of round 3",
            minimum=0, maximum=999, max_items=MAX_KO),
    IntList("ko_earlier", "Cumulative setting only: Action Numbers they knocked out in "
            "rounds 1-2", minimum=0, maximum=999, max_items=MAX_KO),
)
FORM = (
    ListOf("players", "Every player", PLAYER_FIELDS, min_items=STANDARD.min_players,
           max_items=STANDARD.max_players, required=True),
    Text("instant_winner", "Optional: who won instantly (then there is no final scoring)",
         max_length=40),
    KO_PILES.field(),
)

SCORING = Operation(
    slug="score",
    title="Final scoring",
    summary="After round 3: most different Loot types, then most Supers in the KO pile, then "
            "the highest Action Number in it; the step that separates each pair; a tie the "
            "book cannot break is reported as unresolved.",
    form=FORM,
    run=run,
    example={"players": [
        {"name": "Ann", "loot": "Gem, Idol, Crown", "ko": [4, 9]},
        {"name": "Ben", "loot": "Gem, Gem, Idol, Crown", "ko": [3, 8]},
        {"name": "Cat", "loot": "Idol, Crown", "ko": [11]},
        {"name": "Dee", "loot": "Gem, Idol", "ko": []}]},
    rules=("final-scoring", "goal", "ko-pile", "setting-ko-piles", "instant-win"),
)
