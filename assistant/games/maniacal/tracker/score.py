"""The end of a Maniacal game and its score: the game ends with round 3's Clean-up
(maniacal.txt:322); the final score is the scoring calculator's answer (money bonus, most
Infamy, most henchmen, the sinister laugh: maniacal.txt:328-331) with each seat's standing,
provisional until the table has entered what the rulebook does not print."""
from __future__ import annotations

from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.tracker import Standing, table_score

from .. import scoring
from ..calculators.common import plural
from .state import OVER, SessionSetup, State

SCORE_NOTE = ("The money-rank bonus values are not printed in the rulebook; until the table "
              "enters them (Board values) the standings leave the bonus out.")


def score_data(setup: SessionSetup, state: State, laugh: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": [{"name": s.name, "infamy": v.infamy, "money": v.money,
                     "henchmen": v.henchmen, "mercenaries": v.mercenaries}
                    for s, v in zip(setup.seats, state.villains, strict=True)],
        "cleanup_done": True, "money_bonus": list(state.value("money_bonus") or [])}
    if state.value("after_money_tie"):
        data["after_money_tie"] = state.value("after_money_tie")
    if laugh and state.laugh:
        data["laugh_winner"] = next(s.name for s in setup.seats if s.id == state.laugh)
    return data


def score_gap(setup: SessionSetup, state: State) -> dict[str, Any] | None:
    """A value the final score still waits for, as a table-values event; None if none."""
    try:
        scoring.score(score_data(setup, state, laugh=False))
    except InvalidInput as missing:
        if missing.field == "after_money_tie":
            return {"kind": "table-values", "after_money_tie": "skip"}
        return {"kind": "table-values", "money_bonus": ", ".join("0" for _ in setup.seats)}
    return None


def tied_first(setup: SessionSetup, state: State) -> list[str]:
    """The seats level for first on Infamy and henchmen (one seat: no tie)."""
    winners = scoring.score(score_data(setup, state, laugh=False)).result["winners"]
    return [s.id for s in setup.seats if s.name in winners]


def laugh_open(setup: SessionSetup, state: State) -> bool:
    """The game has ended with a tie for first that Infamy and henchmen leave open."""
    if state.phase != OVER or score_gap(setup, state) is not None:
        return False
    return len(tied_first(setup, state)) > 1


def finished(setup: SessionSetup, state: State) -> bool:
    """Round 3's Clean-up is done and the score has what it needs: the money bonus from the
    board and, for a tie for first, the table's laugh call."""
    if state.phase != OVER or score_gap(setup, state) is not None:
        return False
    return not laugh_open(setup, state) or _laugh_settles(setup, state)


def _laugh_settles(setup: SessionSetup, state: State) -> bool:
    if not state.laugh:
        return False
    try:
        return not scoring.score(score_data(setup, state, laugh=True)).result["shared"]
    except InvalidInput:
        return False


def final_score(setup: SessionSetup, state: State) -> Explained:
    """The score calculator's answer on the session's numbers, with each seat's standing;
    provisional until the game has ended (`finished`)."""
    final = finished(setup, state)
    stage = "final" if final else f"provisional (round {state.round}, {state.phase})"
    data = score_data(setup, state, laugh=state.phase == OVER)
    extra: list[Step] = []
    try:
        try:
            answer = scoring.score(data)
        except InvalidInput as refused:
            if refused.field != "laugh_winner":
                raise
            del data["laugh_winner"]
            extra.append(Step("The recorded laugh call does not apply: it settles only a tie "
                              "for first left by Infamy and henchmen.", None,
                              "winner-and-ties"))
            answer = scoring.score(data)
    except InvalidInput as missing:
        return _without_bonus(setup, state, stage, missing.detail)
    steps = (Step(f"Standings are {stage}.", state.round, "end-of-game"), *extra,
             *answer.steps)
    rows = answer.result["rows"]
    separations = answer.steps[-len(rows):-1]  # the calculator's tie steps, one per place
    ids = {s.name: s.id for s in setup.seats}
    standings = [Standing(
        ids[r["name"]], r["name"], int(r["rank"]), int(r["total"]),
        r["name"] in answer.result["winners"],
        (*(st for st in answer.steps if st.text.startswith(f"{r['name']}: ")),
         Step(f"{plural(r['henchmen'], 'henchman', 'henchmen')}, the first tie-break.",
              r["henchmen"], "winner-and-ties")),
        separations[j - 1].text if j else "", role=_role(setup, ids[r["name"]]),
        note=(f"{r['infamy']} Infamy on the track + {r['bonus']} money bonus"
              if r["bonus"] else ""))
        for j, r in enumerate(rows)]
    explained = Explained(answer.result, steps,
                          answer.summary.replace("final score", f"score, {stage}"))
    return table_score(explained, standings, final=final, unit="Infamy")


def _role(setup: SessionSetup, seat: str) -> str:
    player = next(s.player for s in setup.seats if s.id == seat)
    return f"played by {player}" if player else ""


def _without_bonus(setup: SessionSetup, state: State, stage: str, why: str) -> Explained:
    rows = sorted(((v.infamy, v.henchmen, s.name, s.id) for s, v in
                   zip(setup.seats, state.villains, strict=True)),
                  key=lambda r: (-r[0], -r[1], r[2]))
    steps = [Step(f"Standings are {stage}, without the money bonus: {why}", None,
                  "money-bonus", Provenance.UNKNOWN, SCORE_NOTE)]
    steps += [Step(f"{name}: {infamy} Infamy, {hench} henchmen.", infamy, "winner-and-ties")
              for infamy, hench, name, _ in rows]
    summary = "Maniacal standings (no money bonus yet)\n" + "\n".join(
        f"{name} {infamy} Infamy" for infamy, _, name, _ in rows)
    standings = []
    for j, (infamy, hench, name, sid) in enumerate(rows):
        rank = 1 + sum(1 for r in rows if (r[0], r[1]) > (infamy, hench))
        above = rows[j - 1] if j else None
        tie = "" if above is None else (
            f"{name} is behind {above[2]} on Infamy ({infamy} < {above[0]})." if infamy < above[0]
            else f"{name} ties {above[2]} on {infamy} Infamy with fewer henchmen ({hench} < "
                 f"{above[1]})." if hench < above[1]
            else f"{name} and {above[2]} are level on Infamy and henchmen.")
        standings.append(Standing(sid, name, rank, infamy, rank == 1, (
            Step(f"{infamy} Infamy on the track; the money bonus is still to come.", infamy,
                 "infamy"),
            Step(f"{plural(hench, 'henchman', 'henchmen')}, the first tie-break.", hench,
                 "winner-and-ties")),
            tie, _role(setup, sid)))
    answer = Explained({"rows": [{"name": n, "infamy": i, "henchmen": h}
                                 for i, h, n, _ in rows],
                        "bonus_missing": True}, tuple(steps), summary)
    return table_score(answer, standings, final=False, unit="Infamy")
