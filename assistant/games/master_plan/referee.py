"""The session as a referee: what the rules allow next (`moves`, the move that carries the
round forward first) and the score as the table reads it (each seat's standing, with the
final-scoring calculator's own tie chain). Neither ever reads a Master Plan: moves come from
the public state only, and a seat's role never says what an undeclared plan asks for."""
from __future__ import annotations

from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Step
from assistant.tracker import Event, Standing, table_score

from .book import ROUNDS
from .calculators.battle import ACTION_MAX, parse_supers, resolve
from .calculators.loser_lad import Pile, pass_loser_lad
from .common import bag, key, plural
from .scoring import Player, _between, score, standings
from .settings import ATTACK_READING, CUMULATIVE, ENDING_ABILITY, KO_PILES
from .state import (
    BATTLE,
    DEAL,
    DEPLOY,
    OVER,
    Setup,
    State,
    Throwdown,
    current,
    next_deployer,
    stage,
)
from .tracker import battle_rows

Move = dict[str, Any]


def finished(setup: Setup, state: State) -> bool:
    return stage(setup, state) == OVER


def moves(setup: Setup, state: State) -> list[Move]:
    where = stage(setup, state)
    if where == OVER:
        return []
    if where == DEAL:
        return [{"kind": "throwdown"}]
    if where == DEPLOY:
        out: list[Move] = []
        n = len(setup.seats)
        if setup.super_deck_size is None and state.plays and not state.plays % n:
            # a full round of turns: the table may turn to the battles (that ends deployment)
            out += _battles(setup, state)
        seat = next_deployer(setup, state)
        assert seat is not None
        free = [t.number for t in state.throwdowns if not t.squads.get(seat.id)]
        out.append({"kind": "deploy", "seat": seat.id, "throwdown": free[0] if free else 1})
        if not free:
            out.append({"kind": "set-aside", "seat": seat.id})
        return out
    if where == BATTLE:
        return _battles(setup, state)
    return [_regroup(setup, state)]


def _battles(setup: Setup, state: State) -> list[Move]:
    c = current(state)
    out: list[Move] = []
    for t in [c] if c is not None else [t for t in state.throwdowns if not t.resolved]:
        if t.battled:
            left = sorted({x for x in t.loot if t.left()[key(x)] > 0}, key=str.casefold)
            out.append({"kind": "claim", "throwdown": t.number, "loot": left[0]})
            continue
        waiting = [s for s in t.squads if t.face_down(s) > 0]
        for seat in waiting:
            out.append(_reveal(t, seat))
        for seat in waiting:
            if t.shown(seat):
                out.append({"kind": "misplaced", "throwdown": t.number, "seat": seat})
        if not waiting:
            fight = _battle(setup, t)
            if fight is not None:
                out.append(fight)
    return out


def _reveal(t: Throwdown, seat: str) -> Move:
    """A face-down Super turned over: a side its Squad can take, a fresh name, an Action
    Number no one else here has, no attack (so no pick is needed)."""
    sides = [r.values["side"] for r in t.revealed if r.values["owner"] == seat]
    names = {key(r.name) for r in t.revealed}
    number = next(i for i in range(1, len(names) + 2) if f"super {i}" not in names)
    used = {int(r.values["action_number"]) for r in t.revealed}
    action = next((a for a in range(ACTION_MAX + 1) if a not in used), 0)
    return {"kind": "reveal", "throwdown": t.number, "seat": seat, "name": f"Super {number}",
            "side": sides[0] if sides else "hero", "action_number": action, "attack": "none"}


def _battle(setup: Setup, t: Throwdown) -> Move | None:
    """The battle with the choices the calculator needs: equal Action Numbers in the order
    entered, and under the one-target reading the first Super each attacker could hit."""
    move: Move = {"kind": "battle", "throwdown": t.number}
    counts: dict[int, int] = {}
    for r in t.revealed:
        counts[int(r.values["action_number"])] = counts.get(int(r.values["action_number"]), 0) + 1
    tied = [r for r in sorted(t.revealed, key=lambda r: (int(r.values["action_number"]),
                                                          int(r.values.get("tie_order") or 0)))
            if counts[int(r.values["action_number"])] > 1]
    if tied:
        move["order"] = ", ".join(r.name for r in tied)
    picks: dict[str, str] = {}
    for _ in range(len(t.revealed) + 1):
        rows = battle_rows(setup, t.revealed, Event("battle", move))
        try:
            resolve(parse_supers(rows), setup.settings[ATTACK_READING.name],
                    setup.settings[ENDING_ABILITY.name], forgive_gone=True)
            return move
        except InvalidInput as err:
            if not err.field.endswith(".target"):
                return None
            attacker = rows[int(err.field.split(".")[1])]["name"]
            picks[attacker] = (err.allowed or "").split(", ")[0]
            move["targets"] = ", ".join(f"{a}: {b}" for a, b in picks.items())
    return None


def _regroup(setup: Setup, state: State) -> Move:
    if state.round >= ROUNDS:
        return {"kind": "regroup"}
    piles = [Pile(s.name, len(state.ko[s.id]), len(state.ko_earlier[s.id])) for s in setup.seats]
    answer = pass_loser_lad(piles, setup.seat(state.loser_lad).name, state.round,
                            setup.settings[KO_PILES.name], "")
    if answer.result["new_holder"] is None:
        return {"kind": "regroup", "holder_picks": answer.result["tied"][0]}
    return {"kind": "regroup"}


# ---------------------------------------------------------------- the score

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
                "scoring (rule instant-win).",
                f"Instant win: revealed Master Plan ({plan})" if won else _role(s.id, holder)))
        return table_score(answer, rows, final=final, unit="Loot types")
    placed = standings(players, setting)
    for i, pl in enumerate(placed):
        sid = ids[pl.item.name]
        tie = "" if i == 0 or pl.separated_by == "loot-types" \
            else _between(placed[i - 1], pl, setting).text
        rows.append(Standing(sid, pl.item.name, pl.rank, len(pl.item.types()), pl.rank == 1,
                             _steps(pl.item, setting), tie, _role(sid, holder)))
    return table_score(answer, rows, final=final, unit="Loot types")


def _role(seat: str, holder: str) -> str:
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
