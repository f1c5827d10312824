"""What the rules allow next in a Vigilante session (`moves`), when they have ended it
(`finished`), and the score a table reads: the end-game judge's answer (the `score`
calculator, scoring.py, fed from the session) with each player's standing.

Vigilante has no points: a player wins by their Mission (vigilante.txt:289, :635-637), so a
standing is won or lost; winners share first place, everyone else shares the place after
them. Nothing here reads a private entry: moves come from the public state, and the typed
reveals they offer are a deal consistent with the Identities already shown."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant.errors import InvalidInput
from assistant.explain import Explained, Provenance, Step
from assistant.tracker import Standing, table_score

from . import rounds
from .calculators.events import EVENT_TYPES
from .identities import CARDS, Identity
from .judge import SETTING_OPTIONS
from .mix import completion
from .scoring import run as judge_score
from .state import CHOOSE, TRIGGERED, TURNS, State

if TYPE_CHECKING:
    from .tracker import SessionSetup

MAX_DIE = 20


def finished(setup: SessionSetup, state: State) -> bool:
    """The final round is over and every Identity is revealed: the verdict stands."""
    return state.ended and all(s.revealed for s in state.seats)


def _reveals(setup: SessionSetup, state: State) -> list[dict[str, Any]]:
    shown = [Identity(s.revealed) for s in state.seats if s.revealed]
    rest = completion(setup.mode, len(setup.seats), shown, setup.first_game, setup.mix)
    waiting = [s.id for s, st in zip(setup.seats, state.seats, strict=True) if not st.revealed]
    out = []
    for seat, ident in zip(waiting, rest or (), strict=False):
        move: dict[str, Any] = {"kind": "reveal", "seat": seat, "identity": ident.value}
        if ident is Identity.ADDICT:
            move.update(jail_level_2_3=0, med_cards=0)
        out.append(move)
    return out


def _trigger(setup: SessionSetup, state: State) -> dict[str, Any]:
    """A die for every player who submits one; a number that sets off as few track Events as
    there can be (none, or one: 31 tokens on 20 numbers always leave one), so the Heroes
    picked for a Firefight or a Paramedic (each player's first that can take it) stand."""
    on_track = [d for _, d in state.track]
    die = min(range(1, MAX_DIE + 1), key=lambda d: (on_track.count(d), d))
    fire = [next((k + 1 for k, h in enumerate(s.team) if h is not None), 0)
            for s in state.seats]
    heal = [next((k + 1 for k, h in enumerate(s.team) if h is not None and h.damage), 0)
            for s in state.seats]
    return {"kind": "trigger", "dice": _text([0 if s.broken else die for s in state.seats]),
            "firefight": _text(fire), "paramedic": _text(heal)}


def _text(values: list[int]) -> str:
    return ", ".join(map(str, values))


def _actions(setup: SessionSetup, state: State) -> list[dict[str, Any]]:
    """A player's main actions the session works out, each for the first seat that can take
    it: recruit (an open slot), fight (a Hero on the mat), heal (a damaged Hero)."""
    out: list[dict[str, Any]] = []
    seats = list(zip(setup.seats, state.seats, strict=True))
    recruit = next((s.id for s, st in seats if None in st.team), None)
    if recruit is not None:
        out.append({"kind": "recruit", "seat": recruit, "name": "Hero", "influence": 0,
                    "health": 1, "attack": 0})
    if state.stage != TURNS:
        return out
    fighter = next(((s.id, st) for s, st in seats if any(st.team)), None)
    if fighter is not None:
        out.append({"kind": "fight", "seat": fighter[0], "villain_health": 1,
                    "attacks": _text([0 if h is None else h.attack or 0
                                      for h in fighter[1].team])})
    hurt = next(((s.id, k + 1) for s, st in seats for k, h in enumerate(st.team)
                 if h is not None and h.damage), None)
    if hurt is not None:
        out.append({"kind": "heal", "seat": hurt[0], "slot": hurt[1]})
    return out


def moves(setup: SessionSetup, state: State) -> list[dict[str, Any]]:
    """The next step of the round first (so always taking the first ends the game)."""
    if finished(setup, state):
        return []
    if state.ended:
        return _reveals(setup, state)
    out: list[dict[str, Any]] = []
    if state.stage == CHOOSE:
        if not rounds.rounds_done(setup, state):
            out.append({"kind": "new-event", "type": EVENT_TYPES[0], "die": 1})
        if rounds.rounds_done(setup, state) or setup.rounds is None:
            out.append({"kind": "end-game"})
        if rounds.rounds_played(setup, state) == 0:  # Starter Heroes (vigilante.txt:251-253)
            out += _actions(setup, state)[:1]
    elif state.stage == TURNS:
        out += [_trigger(setup, state), *_actions(setup, state)]
    elif state.stage == TRIGGERED:
        out.append({"kind": "end-round"})
        if setup.rounds is None:
            out.append({"kind": "end-game"})
    return out


# ---------------------------------------------------------------- the score

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
    played = rounds.rounds_played(setup, state)
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
    return Explained(result, steps, f"No verdict yet: waiting for {len(waiting)} reveal(s).")


def _seat_steps(jail: int, defeated: int) -> tuple[Step, ...]:
    return (Step(f"Jail: {jail} Villain{'' if jail == 1 else 's'} (public)", jail, "jail"),
            Step(f"Defeated Heroes: {defeated}", defeated, "defeated-heroes"))


def score(setup: SessionSetup, state: State) -> Explained:
    done = finished(setup, state)
    if not all(st.revealed for st in state.seats):
        standings = [Standing(s.id, s.name, 1, None, False,
                              _seat_steps(st.jail, len(st.defeated)),
                              "" if k == 0 else "No verdict yet: Missions are judged when every "
                              "Identity is revealed at the end of the final round (rule "
                              "mission).",
                              CARDS[Identity(st.revealed)].title if st.revealed else "")
                     for k, (s, st) in enumerate(zip(setup.seats, state.seats, strict=True))]
        return table_score(_waiting(setup, state), standings, final=done, points=False,
                           unit="Mission")
    answer = judge_score({"mode": setup.mode.value, "first_game": setup.first_game,
                          "players": players(setup, state),
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
                   "win together (rule game-end).")
        elif k == winners:
            tie = ("Mission not achieved: below every winner (rule game-end)." if winners
                   else "Nobody achieved their Mission: all share the place (rule game-end).")
        else:
            tie = ("Also without their Mission: Vigilante ranks only won or lost, no "
                   "tie-break (rule winning).")
        steps = (*_seat_steps(st.jail, len(st.defeated)),
                 Step(f"{r['title']}: {r['reason']}", 1 if won else 0, r["rule"],
                      Provenance(r["provenance"]), r["note"]))
        standings.append(Standing(s.id, s.name, rank, None, won, steps, tie, r["title"]))
    return table_score(answer, standings, final=done, points=False, unit="Mission")
