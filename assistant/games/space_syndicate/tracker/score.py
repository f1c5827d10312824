"""The end of the game and the final score: credits plus victory points (syndicate.txt:39,
47-48, 250, 367), each seat's standing with its steps, places shared where scores are level
(the book prints no tie-break). Provisional until the last round has ended (the round after
the star card's, or the round marked by hand; 6 to 8 rounds, 39, 319, 415)."""
from __future__ import annotations

from assistant.explain import Explained, Provenance, Step
from assistant.tracker.standings import Standing, table_score

from ..scoring import score as score_players
from .state import OVER, PHASE_WORDS, SessionSetup, State


def finished(state: State) -> bool:
    return state.phase == OVER


def final_score(setup: SessionSetup, state: State) -> Explained:
    """The score calculator fed by the state, with each seat's standing: provisional until
    the last round has ended (rule end-of-game)."""
    players = [{"name": s.name, "credits": st.credits, "award_vp": st.award_vp,
                "other_vp": st.other_vp} for s, st in zip(setup.seats, state.seats, strict=True)]
    answer = score_players({"players": players})
    over = finished(state)
    if not over:
        step = Step(f"Provisional: round {state.round}"
                    + (f" of {state.last_round}" if state.last_round else "")
                    + f", {PHASE_WORDS[state.phase]}; the game ends once the last round is "
                    "over.", state.round, "end-of-game", Provenance.DERIVED,
                    "The end comes after the round following the star card.")
        answer = Explained(answer.result, (*answer.steps, step), answer.summary, answer.extra)
    rows = {r["name"]: r for r in answer.result["ranking"]}
    standings = []
    for s, st in zip(setup.seats, state.seats, strict=True):
        row = rows[s.name]
        steps = [Step(f"{st.credits} credits", st.credits, "syndicate-score")]
        if st.award_vp:
            steps.append(Step(f"+{st.award_vp} VP from Awards", st.award_vp, "awards",
                              Provenance.UNKNOWN, "The Awards' feats and VP are on the board."))
        if st.other_vp:
            steps.append(Step(f"+{st.other_vp} other VP", st.other_vp, "final-score",
                              Provenance.UNKNOWN, "Entered by the table."))
        level = [o for o in answer.result["ranking"] if o["score"] == row["score"]
                 and o["name"] != s.name]
        tie = (f"Level with {' and '.join(str(o['name']) for o in level)} on {row['score']}: "
               "the book prints no tie-break, so the place is shared."
               if level else "")
        vp = st.award_vp + st.other_vp
        standings.append(Standing(s.id, s.name, int(row["rank"]), int(row["score"]),
                                  row["rank"] == 1, tuple(steps), tie, s.syndicate or "",
                                  f"{st.credits} credits + {vp} VP" if vp else ""))
    return table_score(answer, standings, final=over, unit="points",
                       why="credits plus VP, the highest Syndicate Score at the table"
                       if over and sum(1 for r in answer.result["ranking"]
                                       if r["rank"] == 1) == 1 else "")
