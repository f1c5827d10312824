"""The score a Vigilante table reads, and when the rules have ended the game (`finished`):
the end-game judge's answer (the `score` calculator, scoring.py, fed from the session) with
each player's standing.

Vigilante has no points: a player wins by their Mission (vigilante.txt:289, :635-637), so a
standing is won or lost; winners share first place, everyone else shares the place after them.
Nothing here reads a private entry: the verdict is judged from the Identities revealed."""
from __future__ import annotations

from typing import Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step, plural
from assistant.tracker import Standing, table_score

from ..identities import CARDS, Identity
from ..judge import SETTING_OPTIONS
from ..scoring import run as judge_score
from .rounds import rounds_played
from .state import SessionSetup, State


def finished(setup: SessionSetup, state: State) -> bool:
    """The final round is over and every Identity is revealed: the verdict stands."""
    return state.ended and all(s.revealed for s in state.seats)


def players(setup: SessionSetup, state: State) -> list[dict[str, Any]]:
    """The score calculator's players, from the revealed state."""
    out = []
    for s, st in zip(setup.seats, state.seats, strict=True):
        if st.revealed is None:
            raise InvalidInput("identity", f"{s.name} has not revealed.", "reveal every seat")
        out.append({"name": s.name, "identity": st.revealed, "jail": st.jail,
                    "jail_level_2_3": st.jail_level_2_3, "med_cards": st.med_cards,
                    "heroes": [*({"name": h.name, "influence": h.influence,
                                  "damage": h.damage} for h in st.team if h is not None),
                               *({"name": h.name, "influence": h.influence,
                                  "damage": h.damage, "defeated": True}
                                 for h in st.defeated)]})
    return out


def _waiting(setup: SessionSetup, state: State) -> Explained:
    """Before the reveal: no verdict, only the public numbers."""
    played = rounds_played(setup, state)
    waiting = [s.name for s, st in zip(setup.seats, state.seats, strict=True)
               if not st.revealed]
    revealed = [s.name for s, st in zip(setup.seats, state.seats, strict=True) if st.revealed]
    steps = (Step(f"Round {played}" + (f" of {setup.rounds}" if setup.rounds else "")
                  + (": the final round is over." if state.ended else "."), played,
                  "round", Provenance.DERIVED, "Tokens on the track minus starting Events."),
             Step("Jails (public): " + ", ".join(
                 f"{s.name} {st.jail}" for s, st in zip(setup.seats, state.seats,
                                                        strict=True)) + ".",
                  sum(st.jail for st in state.seats), "jail"),
             Step("Missions are judged once every Identity is revealed, at the end of the "
                  "final round.", len(waiting), "game-end"))
    result = {"ended": state.ended, "revealed": revealed, "waiting_for": waiting,
              "jails": {s.name: st.jail for s, st in zip(setup.seats, state.seats,
                                                        strict=True)}}
    reveals = plural(len(waiting), "reveal", "reveals")
    return Explained(result, steps, f"No verdict yet: waiting for {reveals}.")


def _seat_steps(jail: int, defeated: int) -> tuple[Step, ...]:
    return (Step(f"Jail: {jail} Villain{'' if jail == 1 else 's'} (public)", jail, "jail"),
            Step(f"Defeated Heroes: {defeated}", defeated, "defeated-heroes"))


def score(setup: SessionSetup, state: State) -> Explained:
    done = finished(setup, state)
    if not all(st.revealed for st in state.seats):
        standings = [Standing(s.id, s.name, 1, None, False,
                              _seat_steps(st.jail, len(st.defeated)),
                              "" if k == 0 else "No verdict yet: Missions are judged when every "
                              "Identity is revealed at the end of the final round.",
                              CARDS[Identity(st.revealed)].title if st.revealed else "")
                     for k, (s, st) in enumerate(zip(setup.seats, state.seats, strict=True))]
        return table_score(_waiting(setup, state), standings, final=done, points=False,
                           unit="Mission")
    answer = judge_score({"mode": setup.mode.value, "first_game": setup.first_game,
                          "players": players(setup, state),
                          # the Heroes recorded face up in the Hero Market at the end (read
                          # only when the Bounty Hunter's scope takes the Market in)
                          "market": [c.influence for c in state.market
                                     if c is not None and not c.mercenary],
                          **{k: getattr(setup.settings, k) for k in SETTING_OPTIONS}})
    results = {r["name"]: r for r in answer.result["results"]}
    winners = sum(1 for r in results.values() if r["won"])
    ordered = sorted(zip(setup.seats, state.seats, strict=True),
                     key=lambda pair: not results[pair[0].name]["won"])
    standings = []
    for k, (s, st) in enumerate(ordered):
        r = results[s.name]
        won = bool(r["won"])
        rank = 1 if won or winners == 0 else winners + 1
        if k == 0:
            tie = ""
        elif won:
            tie = ("Shares the win: each Mission is judged on its own and several players may "
                   "win together.")
        elif k == winners:
            tie = ("Mission not achieved: below every winner." if winners
                   else "Nobody achieved their Mission: all share the place.")
        else:
            tie = ("Also without their Mission: Vigilante ranks only won or lost, no "
                   "tie-break.")
        steps = (*_seat_steps(st.jail, len(st.defeated)),
                 Step(f"{r['title']}: {r['reason']}", 1 if won else 0, r["rule"],
                      Provenance(r["provenance"]), r["note"]))
        standings.append(Standing(s.id, s.name, rank, None, won, steps, tie, r["title"]))
    return table_score(answer, standings, final=done, points=False, unit="Mission",
                       headline=_headline([results[s.name] for s in setup.seats]))


def _headline(results: list[dict[str, Any]]) -> str:
    """The verdict in one sentence: who wins, as which Identity, and why."""
    won = [r for r in results if r["won"]]
    if not won:
        return "Nobody wins: no player achieved their Mission."
    if len(won) == 1:
        reason = str(won[0]["reason"]).rstrip(".")
        return f"{won[0]['name']} wins as the {won[0]['title']}: " \
               f"{reason[:1].lower() + reason[1:]}."
    who = [f"{r['name']} ({r['title']})" for r in won]
    return f"{', '.join(who[:-1])} and {who[-1]} win: each achieved their own Mission."
