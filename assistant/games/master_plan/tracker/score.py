"""The session's score as the table reads it: each seat's standing from the final-scoring
calculator (Loot types, then KO pile size, then its highest Action Number), or the instant
win; and `finished`. Neither ever reads a Master Plan: a seat's role never says what an
undeclared plan asks for.
"""
from __future__ import annotations

from assistant.explain import Explained, Step
from assistant.tracker import Standing, table_score

from ..common import bag, plural
from ..scoring import Player, _between, score, standings
from ..settings import CUMULATIVE, KO_PILES
from .rounds import OVER, stage
from .state import Setup, State


def finished(setup: Setup, state: State) -> bool:
    """An instant win, or Regroup after round 3 (the final scoring)."""
    return stage(setup, state) == OVER


def table(setup: Setup, state: State) -> Explained:
    """The final-scoring calculator's answer fed from the session, with each seat's standing."""
    setting = setup.settings[KO_PILES.name]
    players = [Player(s.name, state.loot[s.id], state.ko[s.id], state.ko_earlier[s.id])
               for s in setup.seats]
    winner = setup.seat(state.winner).name if state.winner else ""
    answer = score(players, setting, winner)
    final = finished(setup, state)
    ids = {s.name: s.id for s in setup.seats}
    holder = state.loser_lad
    rows: list[Standing] = []
    if state.winner:
        plan = ", ".join(state.revealed_plan)
        for s, p in zip(setup.seats, players, strict=True):
            won = s.id == state.winner
            rows.append(Standing(
                s.id, s.name, 1 if won else 2, len(p.types()), won, _steps(p, setting),
                "" if won else f"{winner} won instantly with a completed Master Plan: no final "
                "scoring.",
                f"Instant win: revealed Master Plan ({plan})" if won else _role(s.id, holder)))
        return table_score(answer, rows, final=final, unit="Loot types",
                           headline=f"{winner} wins at once: their Master Plan was completed "
                           f"and revealed ({plan}).")
    placed = standings(players, setting)
    for i, pl in enumerate(placed):
        sid = ids[pl.item.name]
        tie = "" if i == 0 or pl.separated_by == "loot-types" \
            else _between(placed[i - 1], pl, setting).text
        rows.append(Standing(sid, pl.item.name, pl.rank, len(pl.item.types()), pl.rank == 1,
                             _steps(pl.item, setting), tie, _role(sid, holder)))
    shared = sum(1 for r in rows if r.rank == 1) > 1
    return table_score(answer, rows, final=final, unit="Loot types",
                       why="level on Loot types, KO pile and highest Action Number, which the "
                       "rulebook breaks no further" if shared else "")


def _role(seat: str, holder: str | None) -> str:
    return "Holds Loser Lad" if seat == holder else ""


def _steps(p: Player, setting: str) -> tuple[Step, ...]:
    pile = p.pile(setting)
    types = p.types()
    whose = ("every round so far (cumulative KO piles)" if setting == CUMULATIVE
             else "this round (KO piles reset at Regroup)")
    return (Step(f"{plural(len(types), 'different Loot type')}: {', '.join(types) or 'none'} "
                 f"({plural(sum(bag(p.loot).values()), 'Loot', 'Loot')} held)", len(types),
                 "final-scoring"),
            Step(f"KO pile, {whose}: {plural(len(pile), 'Super')}", len(pile), "final-scoring"),
            Step(f"Highest Action Number in the KO pile: "
                 f"{max(pile) if pile else 'none'}", max(pile) if pile else None,
                 "final-scoring"))
