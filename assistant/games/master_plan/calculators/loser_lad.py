"""Loser Lad at Regroup: who takes him after round 1 or 2.

Rulebook: Phase 5: Regroup (all-part-of-the-master-plan.txt:63-69). The fewest cards in the KO
pile; on a tie the current holder picks among the tied players. After round 3 he does not move
(the game goes to scoring). The `ko_piles` setting decides what the KO pile holds by then.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.games import Operation
from assistant.inputs import Integer, ListOf, Text

from ..book import ROUNDS, says
from ..common import key, text_field, unique_names
from ..modes import STANDARD, check_players
from ..settings import CUMULATIVE, KO_PILES, RESET


@dataclass(frozen=True)
class Pile:
    name: str
    this_round: int
    earlier: int

    def count(self, setting: str) -> int:
        return self.this_round + (self.earlier if setting == CUMULATIVE else 0)


@dataclass(frozen=True)
class Pass:
    fewest: int
    tied: tuple[str, ...]


def fewest(piles: Sequence[Pile], setting: str) -> Pass:
    low = min(p.count(setting) for p in piles)
    return Pass(low, tuple(p.name for p in piles if p.count(setting) == low))


def parse_piles(raw: Sequence[Mapping[str, Any]]) -> list[Pile]:
    names = unique_names(raw, "players")
    check_players(len(raw))
    return [Pile(names[i], int(row.get("ko_this_round") or 0), int(row.get("ko_earlier") or 0))
            for i, row in enumerate(raw)]


def pass_loser_lad(piles: Sequence[Pile], holder: str, round_no: int, setting: str,
                   holder_picks: str = "") -> Explained:
    by_key = {key(p.name): p for p in piles}
    if key(holder) not in by_key:
        raise InvalidInput("holder", f"{holder or 'Nobody'} is not one of the players.",
                           ", ".join(p.name for p in piles))
    holder = by_key[key(holder)].name
    steps = [KO_PILES.step(setting)]
    if round_no >= ROUNDS:
        steps.append(Step(f"Round {round_no} is the last: no Regroup, go to final scoring. "
                          f"Loser Lad stays with {holder}.", round_no, "regroup"))
        return Explained({"round": round_no, "moves": False, "new_holder": holder,
                          "tied": [], "fewest": None, "holder_chooses": False,
                          "ko_counts": {}, "other_setting": None},
                         tuple(steps),
                         f"Round {round_no}: Loser Lad does not move; score the game.")
    counts = {p.name: p.count(setting) for p in piles}
    what = "this round's KO pile" if setting == RESET else "KO piles from every round so far"
    steps.append(says("loser-lad-pass", "count-first", f"Count {what}, before the Supers go "
                      "back: " + ", ".join(f"{n} {c}" for n, c in counts.items()) + "."))
    mine = fewest(piles, setting)
    new_holder: str | None
    if len(mine.tied) == 1:
        new_holder = mine.tied[0]
        if holder_picks and key(holder_picks) != key(new_holder):
            raise InvalidInput("holder_picks", f"No tie: {new_holder} alone has the fewest KOs "
                               f"({mine.fewest}), so Loser Lad goes to {new_holder}; the "
                               "holder chooses only on a tie.", new_holder)
        steps.append(Step(f"Fewest KOs: {new_holder} with {mine.fewest}; Loser Lad goes to "
                          f"{new_holder}.", mine.fewest, "loser-lad-pass"))
    else:
        tied = ", ".join(mine.tied)
        if holder_picks:
            pick = by_key.get(key(holder_picks))
            if pick is None or pick.name not in mine.tied:
                raise InvalidInput("holder_picks", f"{holder} can only give Loser Lad to one "
                                   f"of the players tied on {mine.fewest}.", tied)
            new_holder = pick.name
            steps.append(says("loser-lad-pass", "among-tied", f"{tied} tie on {mine.fewest}; "
                              f"{holder} (the holder) gives Loser Lad to {new_holder}.",
                              mine.fewest))
        else:
            new_holder = None
            steps.append(says("loser-lad-pass", "among-tied", f"{tied} tie on {mine.fewest} "
                              f"KOs; {holder}, the current holder, chooses which of them takes "
                              "Loser Lad.", mine.fewest))
    alt_setting = KO_PILES.other(setting)
    alt = fewest(piles, alt_setting)
    changes = alt.tied != mine.tied
    other = {"setting": KO_PILES.name, "value": alt_setting, "changes": changes,
             "tied": list(alt.tied), "fewest": alt.fewest,
             "detail": (f"With {alt_setting} KO piles the fewest would be "
                        f"{', '.join(alt.tied)} ({alt.fewest})." if changes else
                        f"With {alt_setting} KO piles the same players have the fewest.")}
    steps.append(says(KO_PILES.rule, "other-option", str(other["detail"]), changes))
    steps.append(Step("Then every Super goes back into the deck, shuffle, and start the next "
                      "round with Recruit; the new holder deploys first and picks the "
                      "Throwdown order.", round_no + 1, "regroup"))
    result = {"round": round_no, "moves": True, "new_holder": new_holder,
              "tied": list(mine.tied) if len(mine.tied) > 1 else [],
              "fewest": mine.fewest, "holder_chooses": len(mine.tied) > 1,
              "ko_counts": counts, "other_setting": other}
    who = new_holder or f"{holder} picks one of {', '.join(mine.tied)}"
    summary = f"Loser Lad after round {round_no}: {who} (fewest KOs: {mine.fewest})."
    if changes:
        summary += f" With {alt_setting} KO piles: {', '.join(alt.tied)}."
    return Explained(result, tuple(steps), summary)


def loser_lad(data: Mapping[str, Any]) -> Explained:
    piles = parse_piles(data.get("players") or [])
    round_no = int(data.get("round") or 1)
    if not 1 <= round_no <= ROUNDS:
        raise InvalidInput("round", f"The game has {ROUNDS} rounds.", f"1-{ROUNDS}")
    return pass_loser_lad(piles, text_field(data, "holder"), round_no, KO_PILES.read(data),
                          text_field(data, "holder_picks"))


PLAYER_FIELDS = (
    Text("name", "Player", max_length=40, required=True),
    Integer("ko_this_round", "Cards in their KO pile from this round", minimum=0, maximum=99,
            default=0),
    Integer("ko_earlier", "Cumulative setting only: KOs kept from earlier rounds", minimum=0,
            maximum=99, default=0),
)
FORM = (
    Integer("round", f"The round just played (1-{ROUNDS})", minimum=1, maximum=ROUNDS,
            required=True),
    Text("holder", "Who holds Loser Lad now", max_length=40, required=True),
    ListOf("players", "Every player and their KO pile", PLAYER_FIELDS,
           min_items=STANDARD.min_players, max_items=STANDARD.max_players, required=True),
    Text("holder_picks", "On a tie: whom the holder gives Loser Lad to", max_length=40),
    KO_PILES.field(),
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        slug="loser-lad",
        title="Loser Lad at Regroup",
        summary="Who takes Loser Lad after round 1 or 2: the fewest KOs, the holder settling "
                "a tie; with both readings of what a KO pile holds.",
        form=FORM,
        run=loser_lad,
        example={"round": 1, "holder": "Ann", "players": [
            {"name": "Ann", "ko_this_round": 2}, {"name": "Ben", "ko_this_round": 0},
            {"name": "Cat", "ko_this_round": 1}, {"name": "Dee", "ko_this_round": 0}]},
        rules=("loser-lad-pass", "loser-lad", "regroup", "setting-ko-piles", "ko-pile"),
    ),
)
