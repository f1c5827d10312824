"""Final score: Syndicate Score = credits + victory points (Awards entered by the table, since
their feats and points are on the board). The book prints no tie-break, so equal scores share
the place and the answer says so.

Rulebook: Objective (syndicate.txt:39, 47-48); Game Board J, Awards (syndicate.txt:250);
The Big Picture (syndicate.txt:367).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained
from assistant.games import Operation
from assistant.inputs import Integer, ListOf, Text
from assistant.ranking import UNRESOLVED, Criterion, rank

from .book import says
from .checks import whole
from .tables import MAX_PLAYERS


@dataclass(frozen=True)
class Scored:
    name: str
    credits: int
    award_vp: int
    other_vp: int

    @property
    def vp(self) -> int:
        return self.award_vp + self.other_vp

    @property
    def score(self) -> int:
        return self.credits + self.vp


CHAIN: tuple[Criterion[Scored], ...] = (
    Criterion("score", "Syndicate Score (credits + VP)", lambda s: s.score, True,
              "final-score"),
)
"""Only the score: the book prints no tie-break."""


def players_of(raw: Sequence[Mapping[str, Any]]) -> list[Scored]:
    if not raw:
        raise InvalidInput("players", "List every player with their credits.",
                           f"1 to {MAX_PLAYERS} players")
    out: list[Scored] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        name = (item.get("name") or "").strip()
        if not name:
            raise InvalidInput(f"players.{i}.name", "Give every player a name.", "a short name")
        if name.casefold() in seen:
            raise InvalidInput(f"players.{i}.name", f"Two players are called {name!r}.",
                               "a different name per player")
        if name.casefold() == "phantom":
            raise InvalidInput(f"players.{i}.name", "The Phantom has no mat or resources, so "
                               "it has no Syndicate Score.", "real players only")
        seen.add(name.casefold())
        out.append(Scored(name, whole(item, "credits", None, low=0, high=99999),
                          whole(item, "award_vp", 0, high=999),
                          whole(item, "other_vp", 0, high=999)))
    return out


def score(data: Mapping[str, Any]) -> Explained:
    table = players_of(data.get("players") or ())
    steps = [says("final-score", "awards-only", f"{p.name}: {p.credits} credits + "
                  f"{p.award_vp} VP from Awards" + (f" + {p.other_vp} other VP" if p.other_vp
                                                   else "") + f" = {p.score}.", p.score)
             for p in table]
    if any(p.award_vp for p in table):
        steps.append(says("awards", "points", "Award points as entered: the feats and their VP "
                          "are printed on the board, not in the rulebook."))
    if any(p.other_vp for p in table):
        steps.append(says("final-score", "other-vp", "Other VP as entered: the book names only "
                          "the Awards as a source of victory points; any other source would be "
                          "printed on a card."))
    placed = rank(table, CHAIN, lambda p: p.name)
    rows: list[dict[str, Any]] = []
    shared = False
    for pl in placed:
        tied = pl.separated_by == UNRESOLVED or any(
            q.rank == pl.rank and q is not pl for q in placed)
        shared = shared or tied
        rows.append({"name": pl.item.name, "rank": pl.rank, "credits": pl.item.credits,
                     "vp": pl.item.vp, "score": pl.item.score, "shared": tied})
    winners = [str(r["name"]) for r in rows if r["rank"] == 1]
    if shared:
        steps.append(says("ties", None, "Equal scores share their place: the book prints no "
                          "tie-break."))
    if len(winners) > 1:
        summary = f"Shared win: {' and '.join(winners)} on {rows[0]['score']} (no tie-break)."
    else:
        summary = f"{winners[0]} wins with {rows[0]['score']}."
    return Explained({"ranking": rows, "winners": winners, "tie_shared": shared,
                      "tie_break": None}, tuple(steps), summary)


PLAYER_FIELDS = (
    Text("name", "Player", required=True),
    Integer("credits", "Credits at the end", 0, 99999, required=True),
    Integer("award_vp", "VP from Awards (from the board)", 0, 999, 0),
    Integer("other_vp", "Other VP (from cards, if any)", 0, 999, 0),
)
FORM = (ListOf("players", "Every real player", PLAYER_FIELDS, min_items=1,
               max_items=MAX_PLAYERS, required=True),)

SCORING = Operation(
    slug="score",
    title="Final score",
    summary="Syndicate Score (credits + VP) and the ranking; ties are shared.",
    form=FORM,
    run=score,
    example={"players": [{"name": "Ana", "credits": 84, "award_vp": 10},
                         {"name": "Ben", "credits": 90, "award_vp": 4},
                         {"name": "Cy", "credits": 71}]},
    rules=("final-score", "syndicate-score", "awards", "ties"),
)
